//! The close-combat mode's creature attacker (CC-19): a Catachan Devil of
//! the rules data, with several attack types each with its count and
//! damage (dice for some), its extra claws known or rolled; the exact
//! distribution of the wounds it causes the defender, and its roll with
//! every die kept.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::battle::scenario::Scenario;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::close_combat::odds::CcModifier;
use crate::rules::close_combat::roll::{Claws, DevilAttack, MeleeRoll, kind_key};
use crate::rules::close_combat::{AttackKind, AttackType, Damage, Size};
use crate::rules::{Msg, RulesData, close_combat};
use crate::ui::battle::parts::{Situation, bars, dice_text, percent};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// The creature as set up.
pub struct CreatureView {
    /// The attacker is the creature.
    on: bool,
    /// Its size.
    size: Size,
    /// Its extra claws (a large one only).
    claws: Claws,
    /// The defender is living (the tail's dice).
    living: bool,
}

impl Default for CreatureView {
    fn default() -> Self {
        Self {
            on: false,
            size: Size::default(),
            claws: Claws::None,
            living: true,
        }
    }
}

/// The damage of one unsaved hit, in words.
fn damage_text(lang: Lang, d: Damage) -> String {
    match d {
        Damage::Fixed(n) => n.to_string(),
        Damage::Dice(d) => dice_text(d),
        Damage::VsLiving { living, other } => lang.f(
            "battle.cc.damage.vs_living",
            &[("dice", &dice_text(living)), ("other", &other.to_string())],
        ),
    }
}

/// Where an attack kind reaches (CC-6), as a locale key.
fn arc_key(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Stomp | AttackKind::Tentacle => "battle.cc.arc.any",
        AttackKind::Bite | AttackKind::Gore | AttackKind::Weapon => "battle.cc.arc.front",
        AttackKind::Claw => "battle.cc.arc.front_sides",
        AttackKind::Tail => "battle.cc.arc.rear_sides",
    }
}

fn attack_line(ui: &mut egui::Ui, cx: &ViewCtx<'_>, t: &AttackType) {
    ui.label(cx.f(
        "battle.cc.creature.attack",
        &[
            ("kind", cx.t(kind_key(t.kind))),
            ("count", &t.count.to_string()),
            ("damage", &damage_text(cx.lang, t.damage)),
            ("arc", cx.t(arc_key(t.kind))),
        ],
    ));
}

impl CreatureView {
    /// The creature's attack, from the close-combat mode's fighters: its WS,
    /// S, T, W and I are its size's profile in the data (CC-19), its
    /// situation the attacker's (natural attacks: no weapon, not improvised,
    /// not two weapons), against the defender's WS (1 when helpless), T and
    /// save.
    pub fn attack(&self, rules: &RulesData, s: &Situation<'_>) -> DevilAttack {
        let mut by = s.round.first.clone();
        by.weapon_s = None;
        by.weapon_save_modifier = None;
        by.modifiers.retain(|m| {
            !matches!(
                m,
                CcModifier::Improvised | CcModifier::TwoWeapons | CcModifier::WrongHand
            )
        });
        // An unknown size keeps the card's values: its attacks say why.
        if let Ok(devil) = close_combat::devil_fighter(rules, self.size, &by) {
            by = devil;
        }
        let mut on = s.round.second.clone();
        if let Scenario::CloseCombat(cc) = &s.scenario
            && cc.helpless
        {
            on.ws = 1;
        }
        DevilAttack {
            size: self.size,
            claws: self.claws,
            by,
            on,
            living: self.living,
        }
    }

    /// The creature card.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &Situation<'_>) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_PETS, cx.t("battle.cc.creature.title"));
            ui.checkbox(&mut self.on, cx.t("battle.cc.creature.on"));
            if !self.on {
                return;
            }
            self.form_ui(ui, cx);
            let attack = self.attack(&cx.rules, s);
            if !attacks_ui(ui, cx, &attack) {
                return;
            }
            roll_ui(ui, cx, attack, s);
        });
    }

    /// The creature's size, its claws (a large one's) and whether it lives.
    fn form_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let devil = &cx.rules.close_combat.catachan_devil;
        if !devil.sizes.iter().any(|z| z.size == self.size)
            && let Some(first) = devil.sizes.first()
        {
            self.size = first.size;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(cx.t("battle.cc.creature.size"));
            for z in &devil.sizes {
                let word = cx.t(&z.size.key()).to_owned();
                ui.radio_value(&mut self.size, z.size, word);
            }
        });
        let large = self.size == Size::Large;
        if large {
            ui.horizontal_wrapped(|ui| {
                ui.label(cx.t("battle.cc.creature.claws"));
                ui.radio_value(
                    &mut self.claws,
                    Claws::None,
                    cx.t("battle.cc.devil.no_claws"),
                );
                ui.radio_value(&mut self.claws, Claws::Claws, cx.t("battle.cc.devil.claws"));
                ui.radio_value(
                    &mut self.claws,
                    Claws::Fiddler,
                    cx.t("battle.cc.devil.fiddler"),
                );
                let unknown = cx.f(
                    "battle.cc.devil.unknown",
                    &[
                        ("claws", &devil.extra_claws_percent.to_string()),
                        ("fiddler", &devil.fiddler_percent_of_clawed.to_string()),
                    ],
                );
                ui.radio_value(&mut self.claws, Claws::Unknown, unknown);
            });
        } else {
            self.claws = Claws::None;
        }
        ui.checkbox(&mut self.living, cx.t("battle.cc.creature.living"));
    }
}

/// Its attack types, each with its count, damage and arc (CC-6), and the
/// values the attack uses; false when its size is unknown to the data.
fn attacks_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, attack: &DevilAttack) -> bool {
    let lang = cx.lang;
    let devil = &cx.rules.close_combat.catachan_devil;
    // Its attack types, each with its count, damage and arc (CC-6).
    ui.label(RichText::new(cx.t("battle.cc.creature.attacks")).strong());
    let known = attack.claws.known().unwrap_or(None);
    match close_combat::devil_attacks(&cx.rules, attack.size, known) {
        Ok(list) => {
            for t in &list {
                attack_line(ui, cx, t);
            }
            if attack.claws == Claws::Unknown {
                attack_line(ui, cx, &devil.extra_claws);
                ui.label(
                    RichText::new(cx.f(
                        "battle.cc.devil.unknown",
                        &[
                            ("claws", &devil.extra_claws_percent.to_string()),
                            ("fiddler", &devil.fiddler_percent_of_clawed.to_string()),
                        ],
                    ))
                    .color(palette().ink.subdued),
                );
            }
        }
        Err(p) => {
            alert(ui, Tone::Error, &lang.problem_line(&p));
            return false;
        }
    }
    if let Some(z) = devil.sizes.iter().find(|z| z.size == attack.size) {
        let profile: Vec<String> = z
            .profile
            .iter()
            .map(|(c, v)| format!("{} {v}", cx.t(c.abbr_key())))
            .collect();
        ui.label(cx.f(
            "battle.cc.creature.profile",
            &[("profile", &profile.join(", "))],
        ));
    }
    ui.label(
        RichText::new(cx.f(
            "battle.cc.creature.uses",
            &[
                ("ws", &attack.by.ws.to_string()),
                ("s", &attack.by.s.to_string()),
                ("dws", &attack.on.ws.to_string()),
                ("t", &attack.on.t.to_string()),
            ],
        ))
        .color(palette().ink.subdued),
    );
    true
}

/// The chance of any wound, the wounds' chart, and the creature's roll.
fn roll_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, attack: DevilAttack, s: &Situation<'_>) {
    let lang = cx.lang;
    match attack.wounds(&cx.rules) {
        Ok(dist) => {
            let none = dist.first().copied().unwrap_or(1.0);
            badge(
                ui,
                Tone::Warning,
                &cx.f("battle.cc.creature.any", &[("p", &percent(1.0 - none))]),
            );
            bars(
                ui,
                cx,
                cx.t("battle.cc.creature.chart"),
                "battle.wounds_bar",
                &dist,
            );
            let word = cx.t("battle.cc.creature.roll");
            if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
                let size = attack.size.key();
                let title = Msg::new("battle.against")
                    .msg(
                        "attacker",
                        Msg::new("battle.cc.creature.name").key("size", size),
                    )
                    .msg("defender", s.labels.1.clone());
                cx.send(Command::RollTable(
                    title,
                    TableRoll::Melee(MeleeRoll::Devil(attack)),
                ));
            }
        }
        Err(p) => {
            alert(ui, Tone::Error, &lang.problem_line(&p));
        }
    }
}
