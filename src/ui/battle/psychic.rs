//! The battle screen's psychic mode: a power set up by its parameters (the
//! cards are not in the sources), its exact odds, a seeded roll, and the
//! powers in play kept with the battle log until they end (PSY-1 … PSY-12).

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, PowerAct};
use crate::i18n::Lang;
use crate::rules::Characteristic as C;
use crate::rules::battle::Fight;
use crate::rules::battle::summary::Combatant;
use crate::rules::campaign::CharId;
use crate::rules::characters::equipment;
use crate::rules::characters::equipment::PowerCard;
use crate::rules::close_combat::Damage;
use crate::rules::core::dice::DiceSpec;
use crate::rules::psychic::attack::{AttackOdds, PowerTest, PsychicAttack, VehicleTarget};
use crate::rules::psychic::play::{
    AttackKind, InPlay, Scope, Target, VehicleHits, lawful_target, rolls_hit_location,
};
use crate::rules::{CharRef, Msg, psychic};
use crate::ui::battle::parts;
use crate::ui::battle::parts::{bars, num, optional, percent, pick_campaign_fighter};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button, labelled_text};

/// The psychic attack being set up.
#[derive(Default)]
pub struct PsychicView {
    /// The attack.
    pub attack: PsychicAttack,
    /// The target's name, for the log.
    pub target: String,
    /// The campaign character the psyker is, when picked from a campaign's
    /// escort: (campaign, character).
    pub psyker_from: Option<CharRef>,
    /// The campaign character the target is: where his wounds go ("Apply
    /// to campaign"). None for a target from a roster or typed in.
    pub target_from: Option<CharRef>,
    /// The target is a character (CHR-15).
    pub target_character: bool,
    /// The psyker is on our side (set by the battle screen, CHR-15).
    pub we_attack: bool,
}

impl PsychicView {
    /// The psyker and his target, for the battle summary (CHR-15): the
    /// psyker is a character; a target of one model is followed by his
    /// wounds.
    pub fn combatants(&self, lang: Lang) -> Vec<Combatant> {
        use crate::rules::battle::summary::{BattleSide, Combatant};
        let (a, d) = BattleSide::of_attacker(self.we_attack);
        let psyker = self.attack.power.psyker.trim();
        let mut out = vec![Combatant {
            name: if psyker.is_empty() {
                lang.t("battle.psy.psyker_word").to_owned()
            } else {
                psyker.to_owned()
            },
            side: a,
            character: !psyker.is_empty(),
            first: true,
            model: 0,
            wounds: u32::MAX,
            campaign: self.psyker_from.clone(),
            spends: None,
        }];
        if self.attack.target.models <= 1 {
            out.push(Combatant {
                name: if self.target.trim().is_empty() {
                    lang.t("battle.target").to_owned()
                } else {
                    self.target.trim().to_owned()
                },
                side: d,
                character: self.target_character,
                first: false,
                model: 0,
                wounds: self.attack.target.w.max(1),
                campaign: self.target_from.clone(),
                spends: None,
            });
        }
        out
    }

    /// Shows the psychic mode: the power, the target, the odds and Roll.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.power_ui(ui, cx);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.target_ui(ui, cx);
            });
        });
        ui.add_space(space::M);
        self.odds_card(ui, cx);
    }

    fn power_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let a = &mut self.attack;
        card_title(ui, icons::ICON_PSYCHOLOGY, cx.t("battle.psy.power"));
        labelled_text(ui, cx.t("battle.psy.power_name"), &mut a.power.power);
        // A campaign's psyker: the cards he holds, one click each.
        let cards = self
            .psyker_from
            .as_ref()
            .map(|r| psyker_cards(cx, r))
            .unwrap_or_default();
        if a.power.power.trim().is_empty()
            && let Some(first) = cards.first()
        {
            a.power.power.clone_from(&first.name);
        }
        if !cards.is_empty() {
            ui.horizontal_wrapped(|ui| {
                let who = a.power.psyker.trim();
                ui.label(cx.f("battle.psy.cards_of", &[("name", who)]));
                for card in &cards {
                    let on = a.power.power.trim() == card.name.trim();
                    let r = ui.selectable_label(on, &card.name);
                    let r = if card.note.trim().is_empty() {
                        r
                    } else {
                        r.on_hover_text(&card.note)
                    };
                    if r.clicked() {
                        a.power.power.clone_from(&card.name);
                    }
                }
            });
        }
        labelled_text(ui, cx.t("battle.psy.psyker"), &mut a.power.psyker);
        if let Some(picked) = pick_campaign_fighter(
            ui,
            cx,
            cx.t("battle.psy.take_psyker"),
            self.psyker_from.as_ref(),
        ) {
            a.power.psyker = picked.name;
            self.psyker_from = picked.from;
            a.power.power.clear();
        }
        kind_ui(ui, cx, a);
        ui.add_space(space::S);
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.psy.hits"),
                cx.t("battle.psy.hits"),
                &mut a.hits,
                0..=100,
            );
            optional(
                ui,
                cx,
                cx.t("battle.psy.strength"),
                &mut a.strength,
                1..=10,
                4,
            );
        });
        damage_ui(ui, cx, &mut a.damage);
        ui.checkbox(&mut a.double, cx.t("battle.psy.double"));
        test_ui(ui, cx, a);
    }

    fn target_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(
            ui,
            icons::ICON_SHIELD,
            &parts::side_title(cx.lang, "battle.target", &self.target),
        );
        parts::character_tick_ui(
            ui,
            cx,
            &mut self.target_character,
            cx.t("battle.side.target_character"),
            &self.target,
        );
        let picked = parts::pick_character(ui, cx, cx.t("battle.psy.take_target")).or_else(|| {
            pick_campaign_fighter(
                ui,
                cx,
                cx.t("battle.psy.take_target_campaign"),
                self.target_from.as_ref(),
            )
        });
        let a = &mut self.attack;
        if let Some(picked) = picked {
            let p = picked.profile;
            self.target = picked.name;
            self.target_character = true;
            // Where his wounds go: none for one taken from a roster.
            self.target_from = picked.from;
            a.target.t = p.get(C::T);
            a.target.w = u32::try_from(p.get(C::W).max(1)).unwrap_or(1);
            // His armour's save, worsened by the power's S (PSY-3).
            if let Some(save) = equipment::armour_save(&picked.equipment) {
                a.target.save = Some(save);
            }
        }
        let t = &mut a.target;
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.t"),
                cx.t("battle.psy.target_t"),
                &mut t.t,
                1..=10,
            );
            num(
                ui,
                cx.t("battle.psy.w"),
                cx.t("battle.psy.target_w"),
                &mut t.w,
                1..=20,
            );
            if a.scope == Scope::Squad {
                num(
                    ui,
                    cx.t("battle.psy.models"),
                    cx.t("battle.psy.models"),
                    &mut t.models,
                    1..=100,
                );
            }
        });
        ui.horizontal_wrapped(|ui| {
            optional(ui, cx, cx.t("battle.save"), &mut t.save, 2..=6, 5);
            optional(
                ui,
                cx,
                cx.t("battle.psy.force_field"),
                &mut t.force_field,
                2..=6,
                4,
            );
        });
        ui.add_space(space::S);
        vehicle_ui(ui, cx, a);
    }

    fn odds_card(&self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let model = cx.model;
        let a = &self.attack;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_CASINO, cx.t("battle.odds"));
            let target = if a.vehicle.is_some() {
                Target::Vehicle
            } else if a.scope == Scope::Squad {
                Target::Unit
            } else {
                Target::Lone { near_unit: false }
            };
            if let Err(p) = lawful_target(a.scope, target) {
                alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                return;
            }
            match a.odds(&cx.rules) {
                Ok(o) => {
                    odds_ui(ui, cx, a, &o);
                    ui.add_space(space::S);
                    use crate::ui::battle::parts::named;
                    let title = Msg::new("battle.against")
                        .msg("attacker", named(&a.power.psyker, "battle.psy.psyker_word"))
                        .msg("defender", named(&self.target, "battle.target"));
                    let title = if a.power.power.trim().is_empty() {
                        title
                    } else {
                        Msg::new("battle.title.power")
                            .msg("fight", title)
                            .text("power", a.power.power.trim())
                    };
                    let blocked = model
                        .battle
                        .powers
                        .can_play(&a.power)
                        .err()
                        .filter(|_| !a.power.power.trim().is_empty());
                    if let Some(p) = &blocked {
                        alert(ui, Tone::Warning, &cx.lang.problem_line(p));
                    }
                    if icon_button(
                        ui,
                        icons::ICON_CASINO,
                        cx.t("battle.roll"),
                        cx.t("battle.roll"),
                        blocked.is_none(),
                    )
                    .clicked()
                    {
                        cx.send(Command::RollFight(
                            title,
                            Fight::Psychic(Box::new(a.clone())),
                            self.combatants(cx.lang),
                        ));
                    }
                }
                Err(p) => {
                    alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                }
            }
        });
    }
}

/// The odds of the attack in words and bars.
fn odds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &PsychicAttack, o: &AttackOdds) {
    ui.horizontal_wrapped(|ui| chances_ui(ui, cx, a, o));
    ui.add_space(space::XS);
    if let Some(v) = &o.vehicle {
        if v.affected && v.penetration.is_some() {
            bars(
                ui,
                cx,
                cx.t("battle.chart.penetrations"),
                "battle.psy.penetrations_bar",
                &v.penetrations,
            );
            ui.label(RichText::new(cx.t("battle.psy.damage_table")).color(palette().ink.subdued));
        }
        return;
    }
    if a.strength.is_some() {
        bars(
            ui,
            cx,
            cx.t("battle.chart.wounds"),
            "battle.wounds_bar",
            &o.wounds,
        );
    }
    if let Some(c) = &o.casualties {
        if a.scope == Scope::Squad && a.target.models > 1 {
            casualties_ui(ui, cx, a, c);
        } else if let Some(&dead) = c.get(1) {
            badge(
                ui,
                Tone::Dead,
                &cx.f("battle.psy.killed", &[("p", &percent(dead))]),
            );
        }
    } else if a.scope == Scope::Squad {
        ui.label(RichText::new(cx.t("battle.psy.casualties_unknown")).color(palette().ink.subdued));
    }
}

/// The attack's chances in words: affected, to wound, save, unsaved; or,
/// on a vehicle, its bonus die and penetration.
fn chances_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &PsychicAttack, o: &AttackOdds) {
    if a.test.is_some() {
        ui.label(cx.f("battle.psy.affected", &[("p", &percent(o.affected))]));
    }
    if let Some(v) = &o.vehicle {
        if !v.affected {
            badge(ui, Tone::Info, cx.t("battle.psy.no_effect_vehicle"));
            return;
        }
        let bonus = v.bonus_die.map_or_else(
            || cx.t("battle.psy.no_bonus_die").to_owned(),
            |s| format!("D{s}"),
        );
        ui.label(cx.f("battle.psy.bonus_die", &[("die", &bonus)]));
        match v.penetration {
            Some(p) => {
                ui.label(
                    RichText::new(cx.f("battle.psy.penetration", &[("p", &percent(p))])).strong(),
                );
            }
            None => {
                ui.label(cx.t("battle.psy.card_effect"));
            }
        }
        if let VehicleHits::AlongLine { crossed } = v.hits {
            ui.label(cx.f("battle.psy.line_hits", &[("count", &crossed.to_string())]));
        }
        return;
    }
    if a.strength.is_none() {
        ui.label(cx.t("battle.psy.no_strength"));
        return;
    }
    let score = o
        .score_to_wound
        .map_or_else(|| cx.t("battle.impossible").to_owned(), |s| format!("{s}+"));
    ui.label(cx.f(
        "battle.psy.to_wound",
        &[("score", &score), ("p", &percent(o.wound))],
    ));
    let save = o
        .score_to_save
        .map_or_else(|| cx.t("battle.no_save").to_owned(), |s| format!("{s}+"));
    ui.label(cx.f("battle.save_score", &[("score", &save)]));
    ui.label(RichText::new(cx.f("battle.psy.unsaved", &[("p", &percent(o.unsaved))])).strong());
}

/// A squad's casualties: their chart and the morale test they force
/// (PSY-6, PSY-9).
fn casualties_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &PsychicAttack, c: &[f64]) {
    ui.label(RichText::new(cx.t("battle.psy.casualties")).strong());
    bars(
        ui,
        cx,
        cx.t("battle.psy.casualties"),
        "battle.psy.casualties_bar",
        c,
    );
    // PSY-6, PSY-9: these casualties alone force the morale test
    // (in close combat too), at the share of the rules data.
    let forced: f64 = c
        .iter()
        .enumerate()
        .filter(|&(k, _)| {
            psychic::casualty_test(
                &cx.rules,
                a.target.models,
                u32::try_from(k).unwrap_or(u32::MAX),
            )
        })
        .map(|(_, p)| p)
        .sum();
    badge(
        ui,
        Tone::Warning,
        &cx.f("battle.psy.morale_forced", &[("p", &percent(forced))]),
    );
}

/// The powers in play (PSY-8), shown with the battle log until they end:
/// each with End and Cancel, the psyker's death, and the next phase.
pub fn powers_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    let powers = &model.battle.powers;
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(cx.f(
                "battle.psy.in_play",
                &[("phase", &powers.phase.to_string())],
            ))
            .strong(),
        );
        let next = cx.t("battle.psy.next_phase_button");
        if icon_button(ui, icons::ICON_SKIP_NEXT, next, next, true).clicked() {
            cx.send(Command::Powers(PowerAct::NextPhase));
        }
    });
    if powers.in_play.is_empty() {
        ui.label(RichText::new(cx.t("battle.psy.none_in_play")).color(palette().ink.subdued));
    }
    for p in &powers.in_play {
        ui.horizontal_wrapped(|ui| power_row_ui(ui, cx, p));
    }
}

/// One power in play (PSY-8): how long it lasts, its line, and its end,
/// cancel and psyker-died buttons.
fn power_row_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, p: &InPlay) {
    let powers = &cx.model.battle.powers;
    let (tone, word) = if p.lasting {
        (Tone::Info, cx.t("battle.psy.lasting_badge"))
    } else {
        (Tone::Good, cx.t("battle.psy.until_next_badge"))
    };
    badge(ui, tone, word);
    ui.label(
        RichText::new(cx.f(
            "battle.psy.power_line",
            &[
                ("power", &p.power),
                ("psyker", &p.psyker),
                ("phase", &p.phase.to_string()),
            ],
        ))
        .strong(),
    );
    if p.lasting {
        let end = cx.f("battle.psy.end", &[("power", &p.power)]);
        let why = powers.can_end(&p.power, &p.psyker).err();
        let r = icon_button(
            ui,
            icons::ICON_STOP_CIRCLE,
            cx.t("battle.psy.end_word"),
            &end,
            why.is_none(),
        );
        let r = match &why {
            Some(w) => r.on_disabled_hover_text(cx.lang.problem_line(w)),
            None => r,
        };
        if r.clicked() {
            cx.send(Command::Powers(PowerAct::End(
                p.power.clone(),
                p.psyker.clone(),
            )));
        }
    }
    let cancel = cx.f("battle.psy.cancel", &[("power", &p.power)]);
    if icon_button(
        ui,
        icons::ICON_CANCEL,
        cx.t("battle.psy.cancel_word"),
        &cancel,
        true,
    )
    .clicked()
    {
        cx.send(Command::Powers(PowerAct::Cancel(p.power.clone())));
    }
    let died = cx.f("battle.psy.died", &[("psyker", &p.psyker)]);
    if icon_button(
        ui,
        icons::ICON_SKULL,
        cx.t("battle.psy.died_word"),
        &died,
        true,
    )
    .clicked()
    {
        cx.send(Command::Powers(PowerAct::PsykerDied(p.psyker.clone())));
    }
}

/// The attack's kind (PSY-2) with its hint, and its scope.
fn kind_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &mut PsychicAttack) {
    ui.add_space(space::S);
    ui.label(RichText::new(cx.t("battle.psy.kind")).strong());
    ui.horizontal_wrapped(|ui| {
        for k in AttackKind::ALL {
            ui.selectable_value(&mut a.kind, k, cx.t(k.key()));
        }
    });
    let r = a.kind.rules();
    ui.label(
        RichText::new(cx.t(match (r.needs_line_of_sight, a.kind) {
            (true, _) => "battle.psy.kind.first_in_path_hint",
            (false, AttackKind::Line) => "battle.psy.kind.line_hint",
            _ => "battle.psy.kind.template_hint",
        }))
        .color(palette().ink.subdued),
    );
    ui.add_space(space::S);
    ui.label(RichText::new(cx.t("battle.psy.scope")).strong());
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(
            &mut a.scope,
            Scope::Individual,
            cx.t("battle.psy.individual"),
        );
        ui.selectable_value(&mut a.scope, Scope::Squad, cx.t("battle.psy.squad"));
    });
}

/// The damage: a number of wounds, or dice (D3 …).
fn damage_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, damage: &mut Damage) {
    // Damage: a number of wounds, or dice (D3 …).
    ui.label(cx.t("battle.psy.damage"));
    ui.horizontal(|ui| {
        let mut dice = matches!(*damage, Damage::Dice(_) | Damage::VsLiving { .. });
        if ui
            .checkbox(&mut dice, cx.t("battle.psy.damage_dice"))
            .changed()
        {
            *damage = if dice {
                Damage::Dice(DiceSpec { count: 1, sides: 3 })
            } else {
                Damage::Fixed(1)
            };
        }
        match damage {
            Damage::Fixed(n) => {
                num(ui, "", cx.t("battle.psy.damage_fixed"), n, 0..=20);
            }
            Damage::Dice(d) | Damage::VsLiving { living: d, .. } => {
                num(
                    ui,
                    "",
                    cx.t("battle.psy.damage_count"),
                    &mut d.count,
                    1..=10,
                );
                ui.label("D");
                num(
                    ui,
                    "",
                    cx.t("battle.psy.damage_sides"),
                    &mut d.sides,
                    2..=20,
                );
            }
        }
    });
}

/// The test that resists the power (PSY-5), and whether it lasts.
fn test_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &mut PsychicAttack) {
    // PSY-5: a test resists it.
    let mut tested = a.test.is_some();
    if ui.checkbox(&mut tested, cx.t("battle.psy.test")).changed() {
        a.test = tested.then_some(a.test.unwrap_or(PowerTest {
            characteristic: 3,
            dice: 1,
            or_equal: false,
        }));
    }
    if let Some(t) = &mut a.test {
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.psy.test_value"),
                cx.t("battle.psy.test_value"),
                &mut t.characteristic,
                0..=20,
            );
            num(
                ui,
                cx.t("battle.psy.test_dice"),
                cx.t("battle.psy.test_dice"),
                &mut t.dice,
                1..=6,
            );
            ui.checkbox(&mut t.or_equal, cx.t("battle.psy.or_equal"));
        });
    }
    ui.add_space(space::S);
    ui.checkbox(&mut a.power.lasting, cx.t("battle.psy.lasting"));
    if a.power.lasting {
        ui.checkbox(
            &mut a.power.ends_with_psyker,
            cx.t("battle.psy.ends_with_psyker"),
        );
    }
}

/// A vehicle as the target (PSY-3): its armour, the models a line crosses,
/// the card, and how its hit location is found.
fn vehicle_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &mut PsychicAttack) {
    let mut vehicle = a.vehicle.is_some();
    if ui
        .checkbox(&mut vehicle, cx.t("battle.psy.vehicle"))
        .changed()
    {
        a.vehicle = vehicle.then_some(a.vehicle.unwrap_or(VehicleTarget {
            armour: 14,
            crossed: 1,
            card_covers: false,
        }));
    }
    if let Some(v) = &mut a.vehicle {
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.psy.armour"),
                cx.t("battle.psy.armour"),
                &mut v.armour,
                1..=40,
            );
            if a.kind == AttackKind::Line {
                num(
                    ui,
                    cx.t("battle.psy.crossed"),
                    cx.t("battle.psy.crossed"),
                    &mut v.crossed,
                    1..=10,
                );
            }
        });
        ui.checkbox(&mut v.card_covers, cx.t("battle.psy.card_covers"));
        let how = if rolls_hit_location(a.kind) {
            "battle.psy.location.rolled"
        } else if a.kind == AttackKind::Line {
            "battle.psy.location.line"
        } else {
            "battle.psy.location.template"
        };
        ui.label(RichText::new(cx.t(how)).color(palette().ink.subdued));
    }
}

/// The power cards a campaign's character holds (PSY-1): none for a
/// soldier, an enemy, or one no longer there.
fn psyker_cards(cx: &ViewCtx<'_>, r: &CharRef) -> Vec<PowerCard> {
    use crate::rules::campaign::{Campaign, Member};
    cx.model
        .get::<Campaign>(&r.doc)
        .and_then(|c| c.character(CharId(r.id)))
        .and_then(|x| match &x.member {
            Member::Character(ch) => Some(ch.powers.clone()),
            Member::Soldier(_) => None,
        })
        .unwrap_or_default()
}
