//! The shooter's and the target's cards: each picked from a kill team or a
//! campaign's escort, or typed in; the shooter's weapon (a combi-weapon's
//! other barrel, a heavy weapon's once a turn), the range and its bands
//! (KT-12), the situation; the target's T, save, cover and wounds.

use egui::RichText;
use egui_material_icons::icons;

use super::{ShootingView, campaign, count_ui};
use crate::rules::battle::from_table;
use crate::rules::battle::scenario::KtWeapon;
use crate::rules::core::names::name_in;
use crate::rules::killteam::odds::ShotClass;
use crate::rules::killteam::{Soldier, derive, ribbons};
use crate::rules::{CharRef, KillTeam};
use crate::ui::battle::parts::{self, number, optional};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, badge, card_title, icon_button};

impl ShootingView {
    /// The combi-weapon's tick (EQ-4): both barrels, the other as snap fire.
    fn combi_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let Some((id, _)) = &self.combi else {
            return;
        };
        if self.shooter_soldier.is_none() {
            return;
        }
        let data = &cx.rules.killteam;
        let name = data.weapon(id).map_or(id.as_str(), |w| {
            name_in(&w.names, cx.lang.code(), w.id.as_str())
        });
        let text = cx.f("battle.kt.combi.both", &[("weapon", name)]);
        ui.checkbox(&mut self.fire_both, text);
    }

    pub(super) fn shooter_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(
            ui,
            icons::ICON_TARGET,
            &parts::side_title(cx.lang, "battle.shooter", &self.shot_sides.attacker),
        );
        parts::character_tick_ui(
            ui,
            cx,
            &mut self.shot_sides.attacker_character,
            cx.t("battle.side.shooter_character"),
            &self.shot_sides.attacker,
        );
        if let Some(picked) = pick_soldier_weapon(ui, cx).or_else(|| {
            campaign::pick_campaign_shooter(ui, cx, self.shot_sides.attacker_from.as_ref())
        }) {
            self.take_shooter(&cx.rules.killteam, picked);
        }
        Self::soldier_line(ui, cx, &self.shot_sides.attacker, &mut self.shooter_soldier);
        if let Some(m) =
            ribbons::move_after_shot(&cx.rules.killteam, self.shot.shooter_ribbon.as_ref())
        {
            ui.horizontal_wrapped(|ui| {
                badge(ui, Tone::Info, &cx.msg(&m));
            });
        }
        self.range_ui(ui, cx);
        self.weapon_ui(ui, cx);
        self.combi_ui(ui, cx);
        ui.add_space(space::S);
        let name = |n: &str, key| {
            if n.is_empty() {
                cx.t(key).to_owned()
            } else {
                n.to_owned()
            }
        };
        let (shooter, target) = (
            name(&self.shot_sides.attacker, "battle.shooter"),
            name(&self.shot_sides.defender, "battle.target"),
        );
        super::gear::situation_ui(
            ui,
            cx,
            &cx.rules.killteam,
            &super::gear::SideOf {
                soldier: self.shooter_soldier.as_ref(),
                name: &shooter,
            },
            &super::gear::SideOf {
                soldier: self.target_soldier.as_ref(),
                name: &target,
            },
            &mut self.shot.modifiers,
        );
    }

    /// Fires `weapon`, the shot opening at a range it reaches: a pistol's
    /// 12" or a flamer's 8", not the 18" left from another shot.
    pub(in crate::ui::battle) fn take_weapon(&mut self, weapon: KtWeapon) {
        self.shot.weapon = weapon;
        if let Some(most) = self.shot.weapon.max_range
            && self.shot.range > most
        {
            self.shot.range = most;
        }
    }

    /// Takes the shooter picked from a team or a campaign: his name, his
    /// weapon, his equipment and ribbon.
    pub(in crate::ui::battle) fn take_shooter(
        &mut self,
        data: &crate::rules::killteam::data::KillTeamData,
        picked: campaign::PickedShooter,
    ) {
        self.shot_sides.attacker.clone_from(&picked.name);
        self.shot_sides.attacker_character = true;
        self.shot_sides.attacker_from.clone_from(&picked.from);
        self.take_weapon(picked.weapon);
        // EQ-4: a combi-weapon's other barrel, not fired until ticked.
        self.combi = picked.combi;
        self.fire_both = false;
        // KT-15: a new shooter has not fired yet.
        self.once_a_turn = picked.once_a_turn;
        self.fired_this_turn = false;
        // His equipment and ribbon give their modifiers on their own.
        self.shooter_soldier = Some(picked.soldier.clone());
        // RIB-10: the roll reminds of his free move after the shot.
        self.shot.shooter_ribbon.clone_from(&picked.soldier.ribbon);
        // KT-14, KT-17: his grenade and his jump as he is.
        self.kt_actions
            .take_soldier(data, &picked.soldier, (picked.strength, picked.wounds_left));
        // RIB-11: the turn card counts his actions with his wounds.
        self.kt_turn
            .set_soldier(picked.name, picked.soldier, picked.wounds_left);
    }

    /// Takes a campaign's soldier as the target: his T, save and its dice,
    /// his wounds left, and where "Apply to campaign" sends the damage.
    pub(in crate::ui::battle) fn take_campaign_target(
        &mut self,
        (t, save, dice): campaign::TargetProfile,
        target: campaign::CampaignTarget,
    ) {
        self.shot_sides.defender.clone_from(&target.name);
        self.shot_sides.defender_character = true;
        self.target_soldier = Some(target.soldier.clone());
        self.shot.target.t = t;
        self.shot.target.save = save;
        self.shot.target.save_dice = dice;
        self.shot.target.wounds = Some(i64::from(target.wounds_left.max(1)));
        // "Apply to campaign" sends the damage to him.
        self.shot_sides.defender_from = Some(CharRef::new(target.campaign.clone(), target.id.0));
        self.kt_target = Some(target);
    }

    /// The range, on a slider that shows the band (KT-12).
    fn range_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        // The range, on a slider that shows the band.
        let mut range = self.shot.range;
        let l = ui.label(cx.t("battle.range"));
        ui.spacing_mut().slider_width = (ui.available_width() - 80.0).max(120.0);
        ui.add(egui::Slider::new(&mut range, 0..=72).suffix("\""))
            .labelled_by(l.id);
        self.shot.range = range;
        bands_ui(ui, cx, self.shot.weapon.class, range);
        if self.shot.weapon.beyond(range) {
            let max = self.shot.weapon.max_range.unwrap_or(0).to_string();
            badge(
                ui,
                Tone::Error,
                &cx.f("battle.kt.beyond_weapon", &[("range", &max)]),
            );
        }
    }

    /// The weapon: its class, shots, S, AP, damage, flame, and a heavy
    /// weapon's once a turn (KT-15).
    fn weapon_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let w = &mut self.shot.weapon;
        ui.horizontal_wrapped(|ui| {
            for (class, key) in [
                (ShotClass::Normal, "battle.class.normal"),
                (ShotClass::Sniper, "battle.class.sniper"),
                (ShotClass::Indirect, "battle.class.indirect"),
            ] {
                ui.radio_value(&mut w.class, class, cx.t(key));
            }
        });
        ui.horizontal_wrapped(|ui| {
            count_ui(ui, cx, cx.t("battle.shots"), &mut w.shots, 0..=20);
            number(ui, cx.t("battle.s"), &mut w.s, 1..=10);
            number(ui, cx.t("battle.ap"), &mut w.ap, -6..=0);
            count_ui(ui, cx, cx.t("battle.damage"), &mut w.damage, 1..=6);
        });
        ui.horizontal_wrapped(|ui| {
            optional(
                ui,
                cx,
                cx.t("battle.kt.weapon_range"),
                &mut w.max_range,
                1..=120,
                24,
            );
        });
        ui.checkbox(&mut w.flame, cx.t("battle.kt.flame"));
        // KT-15: a heavy weapon fires once a turn.
        if ui
            .checkbox(&mut self.once_a_turn, cx.t("battle.kt.once_a_turn"))
            .changed()
        {
            self.fired_this_turn = false;
        }
        if self.once_a_turn {
            ui.horizontal_wrapped(|ui| {
                if self.fired_this_turn {
                    badge(ui, Tone::Error, cx.t("battle.kt.fired_this_turn"));
                    if icon_button(
                        ui,
                        icons::ICON_SKIP_NEXT,
                        cx.t("battle.kt.next_turn"),
                        cx.t("battle.kt.next_turn"),
                        true,
                    )
                    .clicked()
                    {
                        self.fired_this_turn = false;
                    }
                } else {
                    badge(ui, Tone::Warning, cx.t("battle.kt.heavy_once"));
                }
            });
        }
    }

    /// Whose equipment counts on a side, with a button back to typing the
    /// side by hand (every tick free).
    fn soldier_line(
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        name: &str,
        soldier: &mut Option<Soldier>,
    ) {
        if soldier.is_none() {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            badge(
                ui,
                Tone::Info,
                &cx.f("battle.kt.gear_of", &[("name", name)]),
            );
            if ui.button(cx.t("battle.kt.by_hand")).clicked() {
                *soldier = None;
            }
        });
    }

    pub(super) fn target_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(
            ui,
            icons::ICON_SHIELD,
            &parts::side_title(cx.lang, "battle.target", &self.shot_sides.defender),
        );
        parts::character_tick_ui(
            ui,
            cx,
            &mut self.shot_sides.defender_character,
            cx.t("battle.side.target_character"),
            &self.shot_sides.defender,
        );
        if let Some((name, (t, save, dice), wounds, soldier)) = pick_soldier_target(ui, cx) {
            self.shot_sides.defender = name;
            self.shot_sides.defender_character = true;
            self.shot_sides.defender_from = None;
            self.target_soldier = Some(soldier);
            self.shot.target.t = t;
            self.shot.target.save = save;
            self.shot.target.save_dice = dice;
            self.shot.target.wounds = Some(wounds);
            self.kt_target = None;
        }
        if let Some((profile, target)) =
            campaign::pick_campaign_target(ui, cx, self.shot_sides.defender_from.as_ref())
        {
            self.take_campaign_target(profile, target);
        }
        Self::soldier_line(ui, cx, &self.shot_sides.defender, &mut self.target_soldier);
        let now = self.kt_target_now(cx);
        let t = &mut self.shot.target;
        parts::follow_table(now.as_ref(), &mut self.target_at_table, &mut t.wounds);
        ui.horizontal_wrapped(|ui| {
            number(ui, cx.t("battle.t"), &mut t.t, 1..=10);
            let dice = t.save_dice.clamp(1, 3);
            optional(ui, cx, cx.t("battle.save"), &mut t.save, 2..=6 * dice, 5);
            number(ui, cx.t("battle.save_dice"), &mut t.save_dice, 1..=2);
            ui.checkbox(&mut t.cover, cx.t("battle.cover"));
        });
        if t.save_dice > 1 {
            // KT-19: a Terminator's save on 2D6.
            badge(
                ui,
                Tone::Info,
                &cx.f(
                    "battle.kt.save_on_dice",
                    &[("dice", &format!("{}D6", t.save_dice))],
                ),
            );
        }
        ui.horizontal_wrapped(|ui| {
            optional(
                ui,
                cx,
                cx.t("battle.target_wounds"),
                &mut t.wounds,
                1..=20,
                1,
            );
        });
        if let Some(now) = &now {
            now.ui(ui, cx);
        }
        if self.shot.weapon.flame && t.cover {
            // KT-15: the flame ignores cover.
            badge(ui, Tone::Warning, cx.t("battle.kt.flame_ignores_cover"));
        }
    }
}

impl ShootingView {
    /// The target of the shot picked at a campaign's table, as the table
    /// has him now; nothing once the card shows another target.
    fn kt_target_now(&self, cx: &ViewCtx<'_>) -> Option<parts::TableNow> {
        let kept = cx.model.battle.table_fight.as_ref()?;
        parts::TableNow::of(cx, &kept.setup.target, &self.shot_sides.defender)
    }
}

/// The range bands of the class (KT-12), the one the range falls in
/// marked, each with its score.
fn bands_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, class: ShotClass, range: i64) {
    let shooting = &cx.rules.killteam.shooting;
    let bands = match class {
        ShotClass::Normal => &shooting.bands.normal,
        ShotClass::Sniper => &shooting.bands.sniper,
        ShotClass::Indirect => &shooting.bands.indirect,
    };
    let range = u32::try_from(range.max(0)).unwrap_or(0);
    // The band the odds use, a range on a bound where the group's rules
    // put it (KT-12).
    let current = crate::rules::killteam::odds::band_index(shooting, bands, range);
    ui.horizontal_wrapped(|ui| {
        let mut from = 0;
        for (i, b) in bands.iter().enumerate() {
            let span = match b.up_to {
                Some(up) => format!("{from}–{up}\""),
                None => format!("> {from}\""),
            };
            let score = match b.score {
                None => cx.t("battle.impossible").to_owned(),
                Some(s) if s <= 1 => cx.t("battle.automatic").to_owned(),
                Some(s) => format!("{s}+"),
            };
            let text = cx.lang.typeset(format!("{span}: {score}"));
            if Some(i) == current {
                badge(ui, Tone::Info, &text);
            } else {
                ui.label(RichText::new(text).color(palette().ink.subdued));
            }
            from = b.up_to.unwrap_or(from);
        }
        if current.is_none() {
            badge(ui, Tone::Error, cx.t("battle.out_of_range"));
        }
    });
}

/// A combo of every kill team's soldiers in the library, labelled `label`:
/// `row` draws a soldier's lines and gives what a click on one chose.
fn soldier_combo<T>(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    mut row: impl FnMut(&mut egui::Ui, &KillTeam, &Soldier) -> Option<T>,
) -> Option<T> {
    let mut chosen = None;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(cx.lang.t("kt.choose"))
        .show_ui(ui, |ui| {
            let teams = cx
                .model
                .library
                .docs
                .iter()
                .filter_map(|d| d.get::<KillTeam>());
            for team in teams {
                for s in &team.soldiers {
                    if let Some(picked) = row(ui, team, s) {
                        chosen = Some(picked);
                    }
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// Every kill team's soldiers, with their weapons as they fire.
fn pick_soldier_weapon(ui: &mut egui::Ui, cx: &ViewCtx<'_>) -> Option<campaign::PickedShooter> {
    let data = &cx.rules.killteam;
    soldier_combo(ui, cx, cx.t("battle.take_shooter"), |ui, team, s| {
        let d = derive(data, s).ok()?;
        let mut chosen = None;
        for w in d.weapons.iter().filter(|w| w.range_inches > 0) {
            let name = data.weapon(&w.id).map_or(w.id.as_str(), |x| {
                name_in(&x.names, cx.lang.code(), x.id.as_str())
            });
            if ui
                .selectable_label(false, format!("{} ({name}) — {}", s.name, team.name))
                .clicked()
            {
                chosen = Some(campaign::PickedShooter {
                    name: s.name.clone(),
                    weapon: campaign::shot_weapon(w),
                    soldier: s.clone(),
                    wounds_left: u32::try_from(d.profile.wounds.max(0)).unwrap_or(0),
                    strength: d.profile.strength,
                    once_a_turn: data.weapon(&w.id).is_some_and(|x| x.fires_once_a_turn()),
                    from: None,
                    combi: campaign::combi_of(data, s, w),
                });
            }
        }
        chosen
    })
}

/// Every kill team's soldiers as targets: name, T, save and its dice
/// (KT-19), wounds, and the soldier (his equipment counts, EQ-16).
fn pick_soldier_target(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
) -> Option<(String, campaign::TargetProfile, i64, Soldier)> {
    let data = &cx.rules.killteam;
    soldier_combo(ui, cx, cx.lang.t("battle.take_target"), |ui, team, s| {
        let clicked = ui
            .selectable_label(false, format!("{} — {}", s.name, team.name))
            .clicked();
        if !clicked {
            return None;
        }
        let d = derive(data, s).ok()?;
        Some((
            s.name.clone(),
            from_table::target_profile(&d.profile),
            i64::from(d.profile.wounds.max(1)),
            s.clone(),
        ))
    })
}
