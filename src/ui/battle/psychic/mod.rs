//! The battle screen's psychic mode: a power set up by its parameters (the
//! cards are not in the sources), its exact odds, a seeded roll, and the
//! powers in play kept with the battle log until they end (PSY-1 … PSY-12).
//! The power's parameters are in `fields.rs`, its odds in `odds.rs`, the
//! powers in play in `in_play.rs`.

mod fields;
mod in_play;
mod odds;

pub use in_play::powers_ui;

use egui_material_icons::icons;

use crate::app::{Command, HandPsychic};
use crate::i18n::Lang;
use crate::rules::Characteristic as C;
use crate::rules::battle::Fight;
use crate::rules::battle::summary::Combatant;
use crate::rules::campaign::CharId;
use crate::rules::campaign::queries;
use crate::rules::characters::equipment;
use crate::rules::characters::equipment::PowerCard;
use crate::rules::core::names::{Name, Names, name_in};
use crate::rules::psychic::attack::PsychicAttack;
use crate::rules::psychic::play::{Scope, Target, lawful_target};
use crate::rules::{CharRef, Msg};
use crate::ui::battle::parts;
use crate::ui::battle::parts::{num, optional, pick_campaign_fighter};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, card, card_title, icon_button, labelled_text};
use fields::{damage_ui, kind_ui, test_ui, vehicle_ui};
use odds::odds_ui;

/// The psychic attack being set up.
#[derive(Default)]
pub struct PsychicView {
    /// The attack.
    pub attack: PsychicAttack,
    /// The target's name, for the log.
    pub(super) target: String,
    /// The campaign character the psyker is, when picked from a campaign's
    /// escort: (campaign, character).
    pub(super) psyker_from: Option<CharRef>,
    /// The campaign character the target is: where his wounds go ("Apply
    /// to campaign"). None for a target from a roster or typed in.
    pub(super) target_from: Option<CharRef>,
    /// The target is a character (CHR-15).
    pub(super) target_character: bool,
    /// The psyker's name in every language, when the rules data gives it
    /// (a drawn enemy): it names him while his field shows one of them.
    pub(super) psyker_names: Option<Names>,
    /// The target's name in every language, when the rules data gives it.
    pub(super) target_names: Option<Names>,
    /// The psyker is on our side (set by the battle screen, CHR-15).
    pub(super) we_attack: bool,
}

impl PsychicView {
    /// The target's name, for the log.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The campaign character the target is: where his wounds go. None for
    /// a target from a roster or typed in.
    pub fn target_from(&self) -> Option<&CharRef> {
        self.target_from.as_ref()
    }

    /// The psyker's name, in every language while his field shows one the
    /// rules data gave him.
    fn psyker_name(&self) -> Name {
        Name::of(&self.attack.power.psyker, self.psyker_names.as_ref())
    }

    /// The target's name, as [`PsychicView::psyker_name`] says.
    fn target_name(&self) -> Name {
        Name::of(&self.target, self.target_names.as_ref())
    }

    /// Shows a name the rules data gave in `lang` in its field.
    pub(super) fn follow_lang(&mut self, lang: Lang) {
        for (text, names) in [
            (&mut self.attack.power.psyker, &self.psyker_names),
            (&mut self.target, &self.target_names),
        ] {
            if let Some(n) = Name::of(text, names.as_ref()).names() {
                let shown = name_in(n, lang.code(), "");
                if !shown.is_empty() && shown != text.trim() {
                    *text = shown.to_owned();
                }
            }
        }
    }

    /// The psyker and his target, for the battle summary (CHR-15): the
    /// psyker is a character; a target of one model is followed by his
    /// wounds.
    pub fn combatants(&self, lang: Lang) -> Vec<Combatant> {
        use crate::rules::battle::summary::{BattleSide, Combatant};
        let (a, d) = BattleSide::of_attacker(self.we_attack);
        let psyker = self.attack.power.psyker.trim();
        let mut out = vec![Combatant {
            name: if psyker.is_empty() {
                Name::from(lang.t("battle.psy.psyker_word"))
            } else {
                self.psyker_name()
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
                    Name::from(lang.t("battle.target"))
                } else {
                    self.target_name()
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
                    use crate::ui::battle::parts::name_msg;
                    let psyker = self.psyker_name();
                    let title = Msg::new("battle.against")
                        .msg("attacker", name_msg(&psyker, "battle.psy.psyker_word"))
                        .msg("defender", name_msg(&self.target_name(), "battle.target"));
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

/// The power cards a campaign's character holds (PSY-1): none for a
/// soldier, an enemy, or one no longer there.
fn psyker_cards(cx: &ViewCtx<'_>, r: &CharRef) -> Vec<PowerCard> {
    use crate::rules::campaign::{Campaign, Member};
    cx.model
        .get::<Campaign>(&r.doc)
        .and_then(|c| queries::character(c, CharId(r.id)))
        .and_then(|x| match &x.member {
            Member::Character(ch) => Some(ch.powers.clone()),
            Member::Soldier(_) => None,
        })
        .unwrap_or_default()
}

impl PsychicView {
    /// The attack as set up, to keep.
    pub(super) fn kept(&self) -> HandPsychic {
        HandPsychic {
            attack: self.attack.clone(),
            target: self.target.clone(),
            target_character: self.target_character,
            psyker_from: self.psyker_from.clone(),
            target_from: self.target_from.clone(),
            psyker_names: self.psyker_names.clone(),
            target_names: self.target_names.clone(),
        }
    }

    /// The attack as kept.
    pub(super) fn of_kept(kept: &HandPsychic) -> Self {
        Self {
            attack: kept.attack.clone(),
            target: kept.target.clone(),
            target_character: kept.target_character,
            psyker_from: kept.psyker_from.clone(),
            target_from: kept.target_from.clone(),
            psyker_names: kept.psyker_names.clone(),
            target_names: kept.target_names.clone(),
            ..Self::default()
        }
    }
}
