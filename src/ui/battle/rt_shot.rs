//! The Rogue Trader shooting mode: a shooter (picked from a roster or a
//! campaign, or typed in) with one of his weapons, a target, the range and
//! the situation; the shot's exact odds as anything changes, and its roll.
//! Every number of the rules comes from `shooting.json` (Assumed).

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, HandRtShot};
use crate::rules::Characteristic as C;
use crate::rules::battle::Fight;
use crate::rules::battle::from_table::{TableSide, rt_weapon};
use crate::rules::battle::scenario::ScenarioKind;
use crate::rules::battle::scenario::{
    Count, RtShooter, RtShootingScenario, RtTarget, RtWeapon, Scenario,
};
use crate::rules::characters::data::Armoury;
use crate::rules::characters::equipment;
use crate::rules::characters::equipment::SAVE_MODIFIERS;
use crate::rules::shooting::{Band, Situation, band};
use crate::rules::{CharRef, Profile, RulesData};
use crate::ui::battle::parts::{self, Picked, Sides, number, odds_ui, optional, wounds_of};
use crate::ui::battle::shooting;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// State of the Rogue Trader shooting mode: the shot being set up.
pub struct RtShotView {
    /// Who shoots and whom, for the log and where wounds go.
    pub sides: Sides,
    /// The shot.
    pub shot: RtShootingScenario,
    /// The shooter's weapons that shoot, named, when he was picked.
    weapons: Vec<(String, RtWeapon)>,
    /// The one of them in hand.
    weapon: Option<usize>,
}

impl Default for RtShotView {
    fn default() -> Self {
        Self {
            sides: Sides::default(),
            shot: RtShootingScenario {
                kind: ScenarioKind::RtShooting,
                shooter: RtShooter { bs: 3, s: 3 },
                weapon: RtWeapon {
                    s: Some(3),
                    range: [12, 24],
                    to_hit: [1, 0],
                    save_modifier: Some(-1),
                    shots: Count::Fixed(1),
                    damage: Count::Fixed(1),
                    sustained: 0,
                    template: false,
                    slow: false,
                },
                range: 12,
                target: RtTarget {
                    t: 3,
                    save: None,
                    wounds: Some(1),
                },
                modifiers: Vec::new(),
            },
            weapons: Vec::new(),
            weapon: None,
        }
    }
}

impl RtShotView {
    /// Shows the mode: shooter and target side by side, the range and the
    /// situation, the odds and the roll.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, we_attack: bool) {
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.shooter_ui(ui, cx);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.target_ui(ui, cx);
            });
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            self.range_ui(ui, cx);
        });
        ui.add_space(space::M);
        self.odds_card_ui(ui, cx, we_attack);
    }

    fn shooter_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(
            ui,
            icons::ICON_TARGET,
            &parts::side_title(cx.lang, "battle.rt.shooter", &self.sides.attacker),
        );
        parts::character_tick_ui(
            ui,
            cx,
            &mut self.sides.attacker_character,
            cx.t("battle.side.attacker_character"),
            &self.sides.attacker,
        );
        if let Some(picked) =
            parts::pick_character(ui, cx, cx.t("battle.rt.take_shooter")).or_else(|| {
                parts::pick_campaign_fighter(
                    ui,
                    cx,
                    cx.t("battle.rt.take_shooter_campaign"),
                    self.sides.attacker_from.as_ref(),
                )
            })
        {
            self.take_shooter(picked, &cx.rules.armoury);
        }
        let s = &mut self.shot.shooter;
        ui.horizontal_wrapped(|ui| {
            number(ui, cx.t("battle.bs"), &mut s.bs, 1..=10);
            number(ui, cx.t("battle.rt.own_s"), &mut s.s, 1..=10);
        });
        self.weapon_pick_ui(ui, cx);
        weapon_ui(ui, cx, &mut self.shot.weapon);
    }

    /// The shooter's weapons that shoot, when he has any: picking one sets
    /// the weapon's values.
    fn weapon_pick_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        if self.weapons.is_empty() {
            if !self.sides.attacker.trim().is_empty() {
                ui.label(RichText::new(cx.t("battle.rt.no_weapon")).color(palette().ink.subdued));
            }
            return;
        }
        let shown = self
            .weapon
            .and_then(|k| self.weapons.get(k))
            .map_or_else(|| cx.t("kt.choose").to_owned(), |(n, _)| n.clone());
        let mut picked = None;
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(cx.t("battle.rt.weapon"));
            egui::ComboBox::from_id_salt("rt-weapon")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (k, (name, _)) in self.weapons.iter().enumerate() {
                        if ui.selectable_label(self.weapon == Some(k), name).clicked() {
                            picked = Some(k);
                        }
                    }
                })
                .response
                .labelled_by(l.id);
        });
        if let Some(k) = picked {
            self.pick_weapon(k);
        }
    }

    /// Takes his `k`-th weapon in hand; a target beyond its reach is
    /// brought to its short range.
    fn pick_weapon(&mut self, k: usize) {
        if let Some((_, w)) = self.weapons.get(k) {
            self.weapon = Some(k);
            self.shot.weapon = w.clone();
            if self.shot.range > w.range[1] {
                self.shot.range = w.range[0];
            }
        }
    }

    fn target_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(
            ui,
            icons::ICON_SHIELD,
            &parts::side_title(cx.lang, "battle.rt.target", &self.sides.defender),
        );
        parts::character_tick_ui(
            ui,
            cx,
            &mut self.sides.defender_character,
            cx.t("battle.side.defender_character"),
            &self.sides.defender,
        );
        if let Some(picked) =
            parts::pick_character(ui, cx, cx.t("battle.rt.take_target")).or_else(|| {
                parts::pick_campaign_fighter(
                    ui,
                    cx,
                    cx.t("battle.rt.take_target_campaign"),
                    self.sides.defender_from.as_ref(),
                )
            })
        {
            self.take_target(picked);
        }
        let t = &mut self.shot.target;
        ui.horizontal_wrapped(|ui| {
            number(ui, cx.t("battle.t"), &mut t.t, 1..=10);
            optional(ui, cx, cx.t("battle.save"), &mut t.save, 2..=6, 5);
            let mut w = t.wounds.unwrap_or(1);
            number(ui, cx.t("battle.rt.wounds_left"), &mut w, 1..=20);
            t.wounds = Some(w);
        });
    }

    /// The range, the band it falls in with the weapon's modifier there,
    /// and the situation.
    fn range_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(ui, icons::ICON_STRAIGHTEN, cx.t("battle.rt.range_title"));
        let w = &self.shot.weapon;
        ui.horizontal_wrapped(|ui| {
            number(ui, cx.t("battle.rt.range"), &mut self.shot.range, 0..=200);
            let inches = |v: i64| u32::try_from(v.max(0)).unwrap_or(0);
            let ranges = [inches(w.range[0]), inches(w.range[1])];
            let (tone, text) = match band(inches(self.shot.range), ranges) {
                Some(Band::Short) => (
                    Tone::Good,
                    cx.f(
                        "battle.rt.band_short",
                        &[
                            ("short", &w.range[0].to_string()),
                            ("m", &signed(w.to_hit[0])),
                        ],
                    ),
                ),
                Some(Band::Long) => (
                    Tone::Info,
                    cx.f(
                        "battle.rt.band_long",
                        &[
                            ("long", &w.range[1].to_string()),
                            ("m", &signed(w.to_hit[1])),
                        ],
                    ),
                ),
                None => (
                    Tone::Warning,
                    cx.f(
                        "battle.rt.out_of_range",
                        &[("long", &w.range[1].to_string())],
                    ),
                ),
            };
            badge(ui, tone, &text);
        });
        ui.label(RichText::new(cx.t("battle.situation")).strong());
        ui.horizontal_wrapped(|ui| {
            let rules = &cx.rules;
            for x in Situation::ALL {
                let list = &mut self.shot.modifiers;
                let mut on = list.contains(&x);
                let text = format!("{} ({})", cx.t(x.key()), signed(i64::from(x.value(rules))));
                if ui.checkbox(&mut on, text).changed() {
                    list.retain(|m| *m != x);
                    if on {
                        list.push(x);
                    }
                }
            }
        });
    }

    /// The odds card: the shot's odds and the roll.
    fn odds_card_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, we_attack: bool) {
        let scenario = Scenario::RtShooting(self.shot.clone());
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_CASINO, cx.t("battle.odds"));
            // The sources give no shooting chapter: said, not passed off
            // as the rules'.
            ui.add(
                egui::Label::new(
                    RichText::new(cx.t("battle.rt.assumed"))
                        .small()
                        .color(palette().ink.subdued),
                )
                .wrap(),
            );
            match scenario.odds(&cx.rules) {
                Ok(odds) => {
                    odds_ui(ui, cx, &odds);
                    ui.add_space(space::S);
                    let roll = cx.t("battle.roll");
                    if icon_button(ui, icons::ICON_CASINO, roll, roll, true).clicked() {
                        let wounds = wounds_of(self.shot.target.wounds.unwrap_or(1));
                        cx.send(Command::RollFight(
                            self.sides.title(),
                            Fight::Attack(scenario.clone()),
                            self.sides.combatants(cx.lang, we_attack, (1, wounds)),
                        ));
                    }
                }
                Err(p) => {
                    alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                }
            }
        });
    }

    /// Takes the shooter picked from a roster or a campaign: his name, BS
    /// and S, and the weapons of his equipment that shoot, the first in
    /// hand.
    pub(in crate::ui::battle) fn take_shooter(&mut self, picked: Picked, armoury: &Armoury) {
        let weapons = picked
            .equipment
            .iter()
            .filter_map(|g| rt_weapon(g, armoury).map(|w| (g.name.clone(), w)))
            .collect();
        self.set_shooter(&picked.name, &picked.profile, picked.from, weapons);
    }

    fn set_shooter(
        &mut self,
        name: &str,
        p: &Profile,
        from: Option<CharRef>,
        weapons: Vec<(String, RtWeapon)>,
    ) {
        self.sides.attacker = name.to_owned();
        self.sides.attacker_names = None;
        self.sides.attacker_character = true;
        self.sides.attacker_from = from;
        self.shot.shooter.bs = i64::from(p.get(C::BS));
        self.shot.shooter.s = i64::from(p.get(C::S));
        self.weapons = weapons;
        self.weapon = None;
        if !self.weapons.is_empty() {
            self.pick_weapon(0);
        }
    }

    /// Takes the target picked from a roster or a campaign: his name, T,
    /// armour save and wounds left.
    pub(in crate::ui::battle) fn take_target(&mut self, picked: Picked) {
        let t = &mut self.shot.target;
        t.t = i64::from(picked.profile.get(C::T));
        t.save = equipment::armour_save(&picked.equipment).map(i64::from);
        t.wounds = Some(i64::from(picked.profile.get(C::W).max(1)));
        self.sides.set_defender(picked.name);
        self.sides.defender_character = true;
        self.sides.defender_from = picked.from;
    }

    /// A shot picked on a campaign's table: the shooter with his weapon
    /// `k` (among those he shoots with) and the target as the campaign
    /// holds them now; the situation of the shot before is cleared.
    pub(in crate::ui::battle) fn take_table_shot(
        &mut self,
        (a, t): (&TableSide, &TableSide),
        k: usize,
        (rules, lang): (&RulesData, &str),
    ) {
        let weapons: Vec<(String, RtWeapon)> = a
            .ranged(rules, lang)
            .into_iter()
            .filter_map(|r| r.rt.map(|w| (r.name, w)))
            .collect();
        let profile = match a {
            TableSide::Character(f) => f.profile,
            TableSide::Enemy(e) => e.profile,
            TableSide::Soldier(_) => return,
        };
        self.set_shooter(a.name(), &profile, Some(a.from()), weapons);
        self.sides.attacker_names = a.label().names().cloned();
        if k < self.weapons.len() {
            self.pick_weapon(k);
        }
        let target = t.as_target();
        let s = &mut self.shot;
        s.target.t = target.t;
        s.target.save = target.save;
        s.target.wounds = Some(i64::from(target.wounds_left.max(1)));
        s.modifiers.clear();
        self.sides.defender = t.name().to_owned();
        self.sides.defender_names = t.label().names().cloned();
        self.sides.defender_from = Some(t.from());
        (self.sides.attacker_character, self.sides.defender_character) =
            (a.character(), t.character());
    }
}

/// A modifier with its sign (`+1`, `0`, `-2`).
fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// The weapon's values: its own S (none: the shooter's), short and long
/// range, to-hit modifiers there, save modifier (none: by S), damage,
/// sustained-fire dice and whether it is a template.
fn weapon_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, w: &mut RtWeapon) {
    ui.horizontal_wrapped(|ui| {
        optional(ui, cx, cx.t("battle.weapon_s"), &mut w.s, 1..=10, 4);
        number(ui, cx.t("battle.rt.short"), &mut w.range[0], 0..=200);
        number(ui, cx.t("battle.rt.long"), &mut w.range[1], 0..=200);
        w.range[1] = w.range[1].max(w.range[0]);
    });
    ui.horizontal_wrapped(|ui| {
        number(ui, cx.t("battle.rt.to_hit_short"), &mut w.to_hit[0], -6..=6);
        number(ui, cx.t("battle.rt.to_hit_long"), &mut w.to_hit[1], -6..=6);
        let (lo, hi) = (SAVE_MODIFIERS.start(), SAVE_MODIFIERS.end());
        optional(
            ui,
            cx,
            cx.t("battle.weapon_save_modifier"),
            &mut w.save_modifier,
            i64::from(*lo)..=i64::from(*hi),
            -1,
        );
    });
    ui.horizontal_wrapped(|ui| {
        shooting::count_ui(ui, cx, cx.t("battle.damage"), &mut w.damage, 1..=6);
        number(ui, cx.t("battle.rt.sustained"), &mut w.sustained, 0..=4);
        if w.sustained > 0 {
            // Sustained fire gives the shots: one each otherwise.
            w.shots = Count::Fixed(1);
        }
        ui.checkbox(&mut w.template, cx.t("battle.rt.template"));
        ui.checkbox(&mut w.slow, cx.t("battle.rt.slow"));
    });
}

impl RtShotView {
    /// The shot as set up, to keep.
    pub(super) fn kept(&self) -> HandRtShot {
        HandRtShot {
            sides: self.sides.kept(),
            shot: self.shot.clone(),
            weapons: self.weapons.clone(),
            weapon: self.weapon,
        }
    }

    /// The shot as kept: its shooter's values and weapons as they were
    /// taken, whether or not his roster still holds him.
    pub(super) fn of_kept(kept: &HandRtShot) -> Self {
        Self {
            sides: Sides::of_kept(&kept.sides),
            shot: kept.shot.clone(),
            weapons: kept.weapons.clone(),
            weapon: kept.weapon.filter(|&k| k < kept.weapons.len()),
        }
    }
}
