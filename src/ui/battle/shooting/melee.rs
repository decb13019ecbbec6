//! The kill-team mode's close combat (KT-6, KT-9, EQ-7, EQ-8, EQ-10,
//! EQ-13, EQ-19): the charger and the soldier he charges, each with his
//! close-combat score (4+, a Brute 3+), the weapon he strikes with (a
//! close-combat weapon he carries, or bare hands), his T, save and wounds
//! left; the charge's reach and a bayonet's wound; the charger's blows and
//! then the target's free response, each with its exact odds and its roll,
//! the wounds going to the one struck.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::battle::Fight;
use crate::rules::battle::from_table::{CampaignSoldier, target_profile};
use crate::rules::battle::scenario::ScenarioKind;
use crate::rules::battle::scenario::{
    Count, KtCloseCombatScenario, KtTarget, Scenario, close_combat_modifiers,
};
use crate::rules::battle::summary::Combatant;
use crate::rules::campaign::{Campaign, CharId};
use crate::rules::core::names::{Names, name_in};
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::data::{KillTeamData, WeaponId};
use crate::rules::killteam::melee::{Blow, blows, fell_to_charge};
use crate::rules::killteam::{Derived, derive};
use crate::rules::{CharRef, KillTeam};
use crate::ui::battle::parts;
use crate::ui::battle::parts::{Sides, number, odds_ui, optional, side_title};
use crate::ui::battle::shooting::campaign::campaign_soldiers;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// What a way of striking is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlowName {
    /// A weapon of the kill-team data, by id.
    Weapon(WeaponId),
    /// Bare hands.
    Unarmed,
    /// A drawn enemy's weapon, named by the campaign's data.
    Named(Names),
}

/// One way a fighter may strike, as picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlowChoice {
    /// Its name.
    pub(crate) name: BlowName,
    /// Attacks.
    pub(crate) attacks: Count,
    /// Strength, his own counted.
    pub(crate) s: i64,
    /// Armour penetration.
    pub(crate) ap: i64,
    /// Damage.
    pub(crate) damage: Count,
}

impl BlowChoice {
    /// Attacks.
    pub fn attacks(&self) -> &Count {
        &self.attacks
    }

    /// Strength, his own counted.
    pub fn s(&self) -> i64 {
        self.s
    }

    /// A way of striking of the rules, for the pick.
    pub fn of(b: &Blow) -> Self {
        Self {
            name: b.weapon.clone().map_or(BlowName::Unarmed, BlowName::Weapon),
            attacks: Count::from(&b.attacks),
            s: i64::from(b.strength),
            ap: i64::from(b.ap),
            damage: Count::from(&b.damage),
        }
    }

    fn label(&self, data: &KillTeamData, lang: Lang) -> String {
        match &self.name {
            BlowName::Weapon(id) => data.weapon(id).map_or(id.to_string(), |w| {
                name_in(&w.names, lang.code(), id.as_str()).to_owned()
            }),
            BlowName::Unarmed => {
                name_in(&data.close_combat.unarmed.names, lang.code(), "").to_owned()
            }
            BlowName::Named(names) => name_in(names, lang.code(), "").to_owned(),
        }
    }
}

/// One fighter of a kill-team close combat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeFighter {
    /// His name.
    pub(crate) name: String,
    /// A character for the battle summary (CHR-15).
    pub(crate) character: bool,
    /// Where his wounds go, when he comes from a campaign.
    pub(crate) from: Option<CharRef>,
    /// The score he hits on (KT-6: 4+, a Brute 3+).
    pub(crate) score: i64,
    /// The ways he may strike (his close-combat weapons, bare hands).
    pub(crate) blows: Vec<BlowChoice>,
    /// How he strikes now.
    pub(crate) blow: BlowChoice,
    /// His T.
    pub(crate) t: i64,
    /// His save, if any.
    pub(crate) save: Option<i64>,
    /// The dice of his save (a Terminator's 2D6, KT-19).
    pub(crate) save_dice: i64,
    /// His wounds left.
    pub(crate) wounds: Option<i64>,
    /// He used a smoke grenade: blows at him are worse (EQ-7).
    pub(crate) smoke: bool,
    /// He was hit by a flash grenade: his blows are worse (EQ-10).
    pub(crate) flashed: bool,
    /// He wears a gas mask: smoke and flash do not count for him (EQ-19).
    pub(crate) gas_mask: bool,
}

impl Default for MeleeFighter {
    fn default() -> Self {
        let fists = BlowChoice {
            name: BlowName::Unarmed,
            attacks: Count::Fixed(1),
            s: 3,
            ap: 0,
            damage: Count::Fixed(1),
        };
        Self {
            name: String::new(),
            character: true,
            from: None,
            score: 4,
            blows: vec![fists.clone()],
            blow: fists,
            t: 3,
            save: Some(5),
            save_dice: 1,
            wounds: Some(3),
            smoke: false,
            flashed: false,
            gas_mask: false,
        }
    }
}

impl MeleeFighter {
    /// His name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where his wounds go, when he comes from a campaign.
    pub fn from(&self) -> Option<&CharRef> {
        self.from.as_ref()
    }

    /// The score he hits on (KT-6: 4+, a Brute 3+).
    pub fn score(&self) -> i64 {
        self.score
    }

    /// How he strikes now.
    pub fn blow(&self) -> &BlowChoice {
        &self.blow
    }

    /// His T.
    pub fn t(&self) -> i64 {
        self.t
    }

    /// His save, if any.
    pub fn save(&self) -> Option<i64> {
        self.save
    }

    /// He used a smoke grenade: blows at him are worse (EQ-7).
    pub fn smoke(&self) -> bool {
        self.smoke
    }

    /// Sets how he strikes now: his attacks, his S and his damage.
    pub fn set_blow(&mut self, attacks: Count, s: i64, damage: Count) {
        (self.blow.attacks, self.blow.s, self.blow.damage) = (attacks, s, damage);
    }

    /// Sets the score he hits on.
    pub fn set_score(&mut self, score: i64) {
        self.score = score;
    }

    /// Sets his save (`None`: none).
    pub fn set_save(&mut self, save: Option<i64>) {
        self.save = save;
    }

    /// A kill-team soldier: his derived profile, his ways of striking, his
    /// gas mask and wounds left.
    pub fn soldier(data: &KillTeamData, name: &str, d: &Derived, wounds_left: u32) -> Self {
        let blows: Vec<BlowChoice> = blows(data, d).iter().map(BlowChoice::of).collect();
        let (t, save, save_dice) = target_profile(&d.profile);
        Self {
            name: name.to_owned(),
            character: true,
            from: None,
            score: i64::from(d.profile.close_combat),
            blow: blows[0].clone(),
            blows,
            t,
            save,
            save_dice,
            wounds: Some(i64::from(wounds_left.max(1))),
            smoke: false,
            flashed: false,
            gas_mask: d.item_counts.iter().any(|(i, _)| i == "gas_mask"),
        }
    }

    /// A campaign's soldier, his wounds going back to the campaign.
    pub fn campaign_soldier(data: &KillTeamData, s: &CampaignSoldier) -> Self {
        Self {
            from: Some(CharRef::new(s.campaign.clone(), s.id)),
            ..Self::soldier(data, &s.name, &s.derived, s.wounds_left)
        }
    }

    /// His blows at `target` (KT-6): the target's smoke, his own flash and
    /// gas mask counted.
    pub fn blows_at(&self, target: &Self) -> KtCloseCombatScenario {
        let modifiers = close_combat_modifiers(target.smoke, self.flashed, self.gas_mask);
        KtCloseCombatScenario {
            kind: ScenarioKind::KillteamCloseCombat,
            close_combat: self.score,
            attacks: self.blow.attacks.clone(),
            s: self.blow.s,
            ap: self.blow.ap,
            damage: self.blow.damage.clone(),
            target: KtTarget {
                t: target.t,
                save: target.save,
                cover: false,
                save_dice: target.save_dice,
                wounds: target.wounds,
            },
            modifiers,
        }
    }
}

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
        charge: impl FnOnce(&mut egui::Ui, &str, Vec<Combatant>),
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
        let charger = side_title(cx.lang, "battle.kt.charger", &self.charger.name);
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
        }
    }

    /// Whether the charged fell to the charge (KT-9), by the campaign's
    /// table and the newest roll, when it is this charge.
    fn charged_fell(&self, cx: &ViewCtx<'_>) -> bool {
        let out_at_table = self.target.from.as_ref().is_some_and(|r| {
            cx.model
                .get::<Campaign>(&r.doc)
                .is_some_and(|c| c.wounding().out_of_action(CharId(r.id)))
        });
        // The newest roll is this charge when its first two fighters are
        // the charger and the charged (by their campaign's models when they
        // have one, by name otherwise), and it is not a replay.
        let is = |c: &Combatant, f: &MeleeFighter| match (&c.campaign, &f.from) {
            (Some(a), Some(b)) => a == b,
            _ => c.name == f.name,
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
                (a.flashed && !a.gas_mask, "battle.kt.cc.flash_on"),
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
                    if icon_button(ui, icons::ICON_CASINO, word, &named, true).clicked() {
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
    let who = if f.name.trim().is_empty() {
        cx.t(side_key).to_owned()
    } else {
        f.name.trim().to_owned()
    };
    let named = |key| cx.f(key, &[("name", &who)]);
    ui.checkbox(&mut f.smoke, named("battle.kt.cc.used_smoke"));
    ui.checkbox(&mut f.flashed, named("battle.kt.cc.flashed"));
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
