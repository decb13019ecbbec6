//! The kill-team mode's close combat (KT-6, KT-9, EQ-7, EQ-8, EQ-10,
//! EQ-13, EQ-19): the charger and the soldier he charges, each with his
//! close-combat score (4+, a Brute 3+), the weapon he strikes with (a
//! close-combat weapon he carries, or bare hands), his T, save and wounds
//! left; the charge's reach and a bayonet's wound; the charger's blows and
//! then the target's free response, each with its exact odds and its roll,
//! the wounds going to the one struck.

mod fighter;

pub use fighter::{BlowChoice, BlowName, MeleeFighter};

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::battle::Fight;
use crate::rules::battle::scenario::Scenario;
use crate::rules::battle::summary::Combatant;
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CharId};
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::data::KillTeamData;
use crate::rules::killteam::derive;
use crate::rules::killteam::melee::fell_to_charge;
use crate::rules::{KillTeam, Msg};
use crate::ui::battle::parts;
use crate::ui::battle::parts::{Sides, number, odds_ui, optional, side_title};
use crate::ui::battle::shooting::campaign::campaign_soldiers;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// The close combat being set up: the charger and the soldier charged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MeleeView {
    /// The one who charges and strikes first.
    pub(crate) charger: MeleeFighter,
    /// The one charged, who answers at once for free (KT-9).
    pub(crate) target: MeleeFighter,
}

/// Who strikes in a card: the charger's blows, or the target's answer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Striker {
    Charger,
    Response,
}

impl MeleeView {
    /// The one who charges and strikes first.
    pub fn charger(&self) -> &MeleeFighter {
        &self.charger
    }

    /// The one charged, who answers at once for free (KT-9).
    pub fn target(&self) -> &MeleeFighter {
        &self.target
    }

    /// The one who charges, to set up.
    pub fn charger_mut(&mut self) -> &mut MeleeFighter {
        &mut self.charger
    }

    /// The one charged, to set up.
    pub fn target_mut(&mut self) -> &mut MeleeFighter {
        &mut self.target
    }

    /// Both fighters, the charger first, to set up.
    pub fn fighters_mut(&mut self) -> [&mut MeleeFighter; 2] {
        [&mut self.charger, &mut self.target]
    }

    /// Shows both fighters, then the charger's blows and the target's free
    /// response; `charge` is shown between them (the reach, the bayonet).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        we_attack: bool,
        charge: impl FnOnce(&mut egui::Ui, &Msg, Vec<Combatant>),
    ) {
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                fighter_ui(ui, cx, &mut self.charger, Side::Charger);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                fighter_ui(ui, cx, &mut self.target, Side::Charged);
            });
        });
        ui.add_space(space::M);
        // As the log says him, in the language it is shown in.
        let charger = if self.charger.name.trim().is_empty() {
            Msg::new("battle.kt.charger")
        } else {
            Msg::new("battle.side_named")
                .key("side", "battle.kt.charger")
                .msg("name", Msg::name(&self.charger.label()))
        };
        // The charge roll is the charger's: his team pays for a reroll
        // (KT-11); the fight that follows is his action (KT-9).
        let wounds = (
            parts::wounds_of(self.charger.wounds.unwrap_or(1)),
            parts::wounds_of(self.target.wounds.unwrap_or(1)),
        );
        let by = self.charger_sides().combatants(cx.lang, we_attack, wounds);
        charge(ui, &charger, by);
        self.blows_ui(ui, cx, we_attack, Striker::Charger);
        ui.add_space(space::M);
        self.blows_ui(ui, cx, we_attack, Striker::Response);
    }

    /// The charger and the charged as a roll's sides.
    pub fn charger_sides(&self) -> Sides {
        self.sides(Striker::Charger)
    }

    /// The two fighters as a roll's sides: the striker first.
    fn sides(&self, who: Striker) -> Sides {
        let (a, d) = match who {
            Striker::Charger => (&self.charger, &self.target),
            Striker::Response => (&self.target, &self.charger),
        };
        Sides {
            attacker: a.name.clone(),
            defender: d.name.clone(),
            attacker_character: a.character,
            defender_character: d.character,
            attacker_from: a.from.clone(),
            defender_from: d.from.clone(),
            attacker_names: a.names.clone(),
            defender_names: d.names.clone(),
        }
    }

    /// Whether the charged fell to the charge (KT-9), by the campaign's
    /// table and the newest roll, when it is this charge.
    fn charged_fell(&self, cx: &ViewCtx<'_>) -> bool {
        let out_at_table = self.target.from.as_ref().is_some_and(|r| {
            cx.model
                .get::<Campaign>(&r.doc)
                .is_some_and(|c| queries::wounding(c).out_of_action(CharId(r.id)))
        });
        // The newest roll is this charge when its first two fighters are
        // the charger and the charged (by their campaign's models when they
        // have one, by name otherwise), and it is not a replay.
        let is = |c: &Combatant, f: &MeleeFighter| match (&c.campaign, &f.from) {
            (Some(a), Some(b)) => a == b,
            _ => c.name == f.label(),
        };
        let charge_took = cx
            .model
            .battle
            .log
            .last()
            .filter(|last| last.replay_of.is_none())
            .filter(|last| {
                last.combatants
                    .first()
                    .is_some_and(|c| is(c, &self.charger))
            })
            .filter(|last| last.combatants.get(1).is_some_and(|c| is(c, &self.target)))
            .and_then(|last| last.taken.get(1).copied());
        fell_to_charge(out_at_table, charge_took, self.target.wounds.unwrap_or(1))
    }

    /// Why the charged may not answer again: he made his free answer to
    /// this charge at the campaign's table already (KT-9).
    fn answered(&self, cx: &ViewCtx<'_>) -> Option<crate::rules::Problem> {
        let (Some(charger), Some(target)) = (&self.charger.from, &self.target.from) else {
            return None;
        };
        cx.model.answer_refusal(charger, target)
    }

    /// One striker's card: his blows' odds and the roll.
    fn blows_ui(&self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, we_attack: bool, who: Striker) {
        let (a, d) = match who {
            Striker::Charger => (&self.charger, &self.target),
            Striker::Response => (&self.target, &self.charger),
        };
        let sides = self.sides(who);
        let name = sides.attacker_or(cx.t("battle.attacker")).to_owned();
        let scenario = Scenario::KillteamCloseCombat(a.blows_at(d));
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            let (icon, title) = match who {
                Striker::Charger => (
                    icons::ICON_SWORDS,
                    cx.f("battle.kt.cc.blows_of", &[("name", &name)]),
                ),
                Striker::Response => (
                    icons::ICON_SHIELD,
                    cx.f("battle.kt.cc.response_of", &[("name", &name)]),
                ),
            };
            card_title(ui, icon, &title);
            if who == Striker::Response {
                ui.add(
                    egui::Label::new(
                        RichText::new(cx.t("battle.kt.cc.response_rule"))
                            .color(palette().ink.subdued),
                    )
                    .wrap(),
                );
            }
            let mods = [
                (d.smoke && !a.gas_mask, "battle.kt.cc.smoke_on"),
                (a.dazzled && !a.gas_mask, "battle.kt.cc.dazzled_on"),
            ];
            if mods.iter().any(|(on, _)| *on) {
                ui.horizontal_wrapped(|ui| {
                    for (_, key) in mods.iter().filter(|(on, _)| *on) {
                        badge(ui, Tone::Warning, cx.t(key));
                    }
                });
            }
            // KT-9: the answer is his « if he still stands ».
            if who == Striker::Response && self.charged_fell(cx) {
                alert(ui, Tone::Info, cx.t("battle.kt.cc.response_fell"));
                return;
            }
            match scenario.odds(&cx.rules) {
                Ok(odds) => {
                    odds_ui(ui, cx, &odds);
                    ui.add_space(space::S);
                    let word = cx.t("battle.roll");
                    let named = format!("{word} — {title}");
                    // KT-9: at his campaign's table, the charge is one of
                    // the charger's actions.
                    // KT-9: the charged answers a charge once.
                    let refused = match who {
                        Striker::Charger => sides
                            .attacker_from()
                            .and_then(|from| cx.model.spends_act(from, Act::CloseCombat).err()),
                        Striker::Response => self.answered(cx),
                    };
                    let r = icon_button(ui, icons::ICON_CASINO, word, &named, refused.is_none());
                    if let Some(p) = &refused {
                        badge(ui, Tone::Warning, &cx.lang.problem_line(p));
                    }
                    if r.clicked() {
                        let wounds = (
                            parts::wounds_of(a.wounds.unwrap_or(1)),
                            parts::wounds_of(d.wounds.unwrap_or(1)),
                        );
                        let we = (who == Striker::Charger) == we_attack;
                        let mut combatants = sides.combatants(cx.lang, we, wounds);
                        // KT-9: the charge is one of the charger's actions;
                        // the response costs the charged none.
                        if who == Striker::Charger {
                            combatants[0].spends = Some(Act::CloseCombat);
                        }
                        cx.send(Command::RollFight(
                            sides.title(),
                            Fight::Attack(scenario.clone()),
                            combatants,
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

/// The two sides of a charge.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Side {
    /// The one who charges.
    Charger,
    /// The one charged.
    Charged,
}

impl Side {
    /// The message key of who he is in a sentence, before he is named.
    fn unnamed_key(self) -> &'static str {
        match self {
            Self::Charger => "battle.kt.charger_unnamed",
            Self::Charged => "battle.kt.charged_unnamed",
        }
    }

    /// The message key of its name.
    fn key(self) -> &'static str {
        match self {
            Self::Charger => "battle.kt.charger",
            Self::Charged => "battle.kt.charged",
        }
    }

    /// The message key of "take him from a kill team or a campaign".
    fn take_key(self) -> &'static str {
        match self {
            Self::Charger => "battle.kt.cc.take_charger",
            Self::Charged => "battle.kt.cc.take_charged",
        }
    }

    /// The icon of its card.
    fn icon(self) -> egui_material_icons::MaterialIcon {
        match self {
            Self::Charger => icons::ICON_SWORDS,
            Self::Charged => icons::ICON_SHIELD,
        }
    }
}

/// One fighter's card: his name, where he comes from, his score, weapon,
/// T, save, wounds left and the grenades that bear on the fight.
fn fighter_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, f: &mut MeleeFighter, side: Side) {
    let data = &cx.rules.killteam;
    let side_key = side.key();
    card_title(ui, side.icon(), &side_title(cx.lang, side_key, &f.name));
    if let Some(picked) = pick_fighter(ui, cx, side) {
        *f = picked;
    }
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(cx.t("battle.kt.cc.name"));
        ui.add(egui::TextEdit::singleline(&mut f.name).desired_width(160.0))
            .labelled_by(l.id);
    });
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(cx.t("battle.kt.cc.score"));
        ui.add(egui::DragValue::new(&mut f.score).range(2..=6).suffix("+"))
            .labelled_by(l.id);
    });
    blow_ui(ui, cx, data, f, side_key);
    let now = f
        .from
        .as_ref()
        .and_then(|r| parts::TableNow::of(cx, r, &f.name));
    parts::follow_table(now.as_ref(), &mut f.at_table, &mut f.wounds);
    ui.horizontal_wrapped(|ui| {
        number(ui, cx.t("battle.t"), &mut f.t, 1..=10);
        let dice = f.save_dice.clamp(1, 3);
        optional(ui, cx, cx.t("battle.save"), &mut f.save, 2..=6 * dice, 5);
        number(ui, cx.t("battle.save_dice"), &mut f.save_dice, 1..=2);
        optional(
            ui,
            cx,
            cx.t("battle.target_wounds"),
            &mut f.wounds,
            1..=20,
            1,
        );
    });
    if let Some(now) = &now {
        now.ui(ui, cx);
    }
    // Unnamed, he is "the charger" or "the soldier charged" in a sentence.
    let who = if f.name.trim().is_empty() {
        cx.t(side.unnamed_key()).to_owned()
    } else {
        f.name.trim().to_owned()
    };
    let named = |key| cx.f(key, &[("name", &who)]);
    ui.checkbox(&mut f.smoke, named("battle.kt.cc.used_smoke"));
    ui.checkbox(&mut f.dazzled, named("battle.kt.cc.dazzled"));
    ui.checkbox(&mut f.gas_mask, named("battle.kt.cc.gas_mask"));
}

/// How the fighter strikes: a pick of his ways, then its attacks, S, AP
/// and damage, which the player may change.
fn blow_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    f: &mut MeleeFighter,
    salt: &str,
) {
    let label = cx.t("battle.kt.cc.weapon");
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(label);
        let mut chosen = None;
        egui::ComboBox::from_id_salt(("kt-cc-weapon", salt))
            .selected_text(f.blow.label(data, cx.lang))
            .show_ui(ui, |ui| {
                for b in &f.blows {
                    let text = format!(
                        "{} — A {}, S {}, AP {}, D {}",
                        b.label(data, cx.lang),
                        b.attacks,
                        b.s,
                        b.ap,
                        b.damage
                    );
                    if ui.selectable_label(*b == f.blow, text).clicked() {
                        chosen = Some(b.clone());
                    }
                }
            })
            .response
            .labelled_by(l.id);
        if let Some(b) = chosen {
            f.blow = b;
        }
    });
    ui.horizontal_wrapped(|ui| {
        super::count_ui(
            ui,
            cx,
            cx.t("battle.kt.cc.attacks"),
            &mut f.blow.attacks,
            0..=10,
        );
        number(ui, cx.t("battle.s"), &mut f.blow.s, 1..=10);
        number(ui, cx.t("battle.ap"), &mut f.blow.ap, -6..=0);
        super::count_ui(ui, cx, cx.t("battle.damage"), &mut f.blow.damage, 1..=6);
    });
}

/// A combo of every kill team's soldiers and every campaign's: picking one
/// fills the fighter in. One who cannot fight is greyed out with the
/// reason.
fn pick_fighter(ui: &mut egui::Ui, cx: &ViewCtx<'_>, side: Side) -> Option<MeleeFighter> {
    let data = &cx.rules.killteam;
    let mut chosen = None;
    let l = ui.label(cx.t(side.take_key()));
    egui::ComboBox::from_id_salt(("kt-cc-take", side.key()))
        .selected_text(cx.t("kt.choose"))
        .show_ui(ui, |ui| {
            for doc in &cx.model.library.docs {
                let Some(team) = doc.get::<KillTeam>() else {
                    continue;
                };
                for s in &team.soldiers {
                    let Ok(d) = derive(data, s) else {
                        continue;
                    };
                    let text = format!("{} — {}", s.name, team.name);
                    if ui.selectable_label(false, text).clicked() {
                        let w = u32::try_from(d.profile.wounds.max(1)).unwrap_or(1);
                        chosen = Some(MeleeFighter::soldier(data, &s.name, &d, w));
                    }
                }
            }
            for s in campaign_soldiers(cx) {
                let text = match s.unable {
                    Some(why) => format!("{} — {}", s.label, cx.t(why)),
                    None => format!(
                        "{} — {}",
                        s.label,
                        cx.f(
                            "battle.wounds_left",
                            &[("count", &s.wounds_left.to_string())]
                        )
                    ),
                };
                if ui
                    .add_enabled(s.unable.is_none(), egui::Button::selectable(false, text))
                    .clicked()
                {
                    chosen = Some(MeleeFighter::campaign_soldier(data, &s));
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}
