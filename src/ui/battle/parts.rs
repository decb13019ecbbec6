//! Pieces the battle screen's modes share: named number fields, chances as
//! words and bars, roll buttons, fighters taken from a roster or a
//! campaign's escorts, the units of the unit mode, and what the
//! close-combat mode tells its after-the-round view; the two fighters of the
//! close-combat and shooting modes (`Sides`), their number fields and their
//! odds. The modes import these from here, never from the screen's
//! `mod.rs`, so they import each other one way.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::battle::from_table::{CampaignFighter, fighters_in};
use crate::rules::battle::scenario::{RoundScenario, Scenario};
use crate::rules::battle::summary::Combatant;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::campaign::Campaign;
use crate::rules::characters::equipment;
use crate::rules::close_combat::odds::{CcModifier, Fighter};
use crate::rules::core::dice::DiceSpec;
use crate::rules::core::odds::Odds;
use crate::rules::{CharRef, Characteristic, Doc, Gear, Msg, Profile};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{Tone, badge, icon_button, together};

/// A number field named `name` for screen readers, with a visible label.
pub fn num<N: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    name: &str,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
) -> egui::Response {
    if !label.is_empty() {
        ui.label(label);
    }
    let r = ui.add(egui::DragValue::new(value).range(range));
    let name = name.to_owned();
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &name));
    r
}

/// A chance as a percentage: never below nought, a rounding's "-0.0 %"
/// included.
pub fn percent(p: f64) -> String {
    // Adding nought turns a negative zero into zero.
    format!("{:.1} %", p.clamp(0.0, 1.0) * 100.0 + 0.0)
}

/// A distribution as a bar chart (`egui_plot`), its numbers listed beside
/// it in words for screen readers (and for reading at a glance): `title`
/// names the chart, `key` is a plural key taking `count` and `p`, and
/// `{key}_axis` names what its bars count (the x axis). Counts whose chance
/// rounds to nothing are left out of the list, not the chart.
pub fn bars(ui: &mut egui::Ui, cx: &ViewCtx<'_>, title: &str, key: &str, dist: &[f64]) {
    let text = |k: usize, p: f64| cx.f(key, &[("count", &k.to_string()), ("p", &percent(p))]);
    let shown: Vec<(usize, f64)> = dist
        .iter()
        .copied()
        .enumerate()
        .filter(|&(k, p)| k == 0 || p >= 5e-7)
        .collect();
    let max = dist.iter().copied().fold(0.0_f64, f64::max).max(1e-9);
    ui.horizontal_top(|ui| {
        // The numbers, in words: each line also named for screen readers.
        ui.vertical(|ui| {
            ui.set_min_width(170.0);
            for &(k, p) in &shown {
                ui.label(RichText::new(text(k, p)).monospace());
            }
        });
        let chart: Vec<egui_plot::Bar> = dist
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                egui_plot::Bar::new(k as f64, p * 100.0)
                    .width(0.7)
                    .name(text(k, p))
            })
            .collect();
        let last = dist.len().saturating_sub(1) as f64;
        let height = (shown.len() as f32 * 20.0).clamp(120.0, 220.0);
        let width = (ui.available_width() - space::S).clamp(160.0, 520.0);
        // The axes named: what is counted, and its chance.
        let x_axis = cx.t(&format!("{key}_axis")).to_owned();
        let name = cx.f("battle.chart", &[("what", title), ("axis", &x_axis)]);
        let axes = (x_axis, cx.t("battle.chart.chance_axis").to_owned());
        let r = crate::ui::widgets::still_plot(("odds-chart", key, title), (width, height), axes)
            .show_x(false)
            .show_y(false)
            .sense(egui::Sense::hover())
            .include_x(-0.5)
            .include_x(last + 0.5)
            .include_y(0.0)
            .include_y(max * 100.0)
            .x_axis_formatter(|m, _| {
                if m.value >= 0.0 && m.value.fract() == 0.0 {
                    format!("{}", m.value)
                } else {
                    String::new()
                }
            })
            .y_axis_formatter(|m, _| format!("{} %", m.value))
            .show(ui, |plot| {
                plot.bar_chart(
                    egui_plot::BarChart::new(title.to_owned(), chart).color(palette().ink.accent),
                );
            })
            .response;
        r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
    });
}

/// A Rogue Trader character picked as a fighter: his name, his profile,
/// and the equipment he brings (his weapon in hand, CC-4, and his armour).
pub struct Picked {
    /// His name.
    pub name: String,
    /// His profile (W: wounds left, for a campaign's character).
    pub profile: Profile,
    /// His equipment, as his roster lists it.
    pub equipment: Vec<Gear>,
    /// Where his wounds go, when he comes from a campaign: (campaign,
    /// character).
    pub from: Option<CharRef>,
}

/// Every Rogue Trader character of every campaign's escorts (kill-team
/// soldiers have no Rogue Trader profile): the campaign's own copies, with
/// the wounds taken at the table of the mission being played.
pub fn campaign_fighters(cx: &ViewCtx<'_>) -> Vec<CampaignFighter> {
    cx.model
        .library
        .docs
        .iter()
        .filter_map(Doc::get::<Campaign>)
        .flat_map(|c| fighters_in(c, &cx.rules, None))
        .collect()
}

/// A combo of the campaigns' characters: one who cannot fight is shown
/// greyed out with the reason; picking one gives his name and profile.
pub fn pick_campaign_fighter(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    current: Option<&CharRef>,
) -> Option<Picked> {
    let mut chosen = None;
    {
        let l = ui.label(label);
        // The fighter taken shows in the combo, not "Choose…".
        let shown = current.and_then(|r| {
            campaign_fighters(cx)
                .into_iter()
                .find(|f| &f.from == r)
                .map(|f| f.label)
        });
        egui::ComboBox::from_id_salt(label)
            .selected_text(shown.unwrap_or_else(|| cx.t("kt.choose").to_owned()))
            .show_ui(ui, |ui| {
                let all = campaign_fighters(cx);
                if all.is_empty() {
                    ui.label(
                        RichText::new(cx.t("battle.no_campaign_fighters"))
                            .color(palette().ink.subdued),
                    );
                }
                for f in all {
                    let text = match f.unable {
                        Some(why) => format!("{} — {}", f.label, cx.t(why)),
                        None => format!(
                            "{} — {}",
                            f.label,
                            cx.f(
                                "battle.wounds_left",
                                &[("count", &f.profile.get(Characteristic::W).to_string())]
                            )
                        ),
                    };
                    if ui
                        .add_enabled(f.unable.is_none(), egui::Button::selectable(false, text))
                        .clicked()
                    {
                        chosen = Some(Picked {
                            name: f.name,
                            profile: f.profile,
                            equipment: f.equipment,
                            from: Some(f.from),
                        });
                    }
                }
            })
            .response
            .labelled_by(l.id);
    }
    chosen
}

/// A test's two outcomes side by side, by word and colour: passing, then
/// failing.
pub fn pass_fail_ui(ui: &mut egui::Ui, passes: &str, fails: &str) {
    use crate::ui::widgets::{Tone, badge};
    ui.horizontal_wrapped(|ui| {
        badge(ui, Tone::Good, passes);
        badge(ui, Tone::Error, fails);
    });
}

/// The "is a character" tick of a fighter (CHR-15). The summary follows a
/// fighter from roll to roll by his side and name: a character left
/// unnamed is asked for a name, lest two unnamed ones count as one.
pub fn character_tick_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    ticked: &mut bool,
    label: &str,
    name: &str,
) {
    ui.checkbox(ticked, label);
    if *ticked && name.trim().is_empty() {
        widgets::alert(ui, Tone::Info, cx.t("battle.side.name_him"));
    }
}

/// A combo of every character of every roster; picking one gives his name
/// and current profile.
pub fn pick_character(ui: &mut egui::Ui, cx: &ViewCtx<'_>, label: &str) -> Option<Picked> {
    let model = cx.model;
    let mut chosen = None;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(cx.t("kt.choose"))
        .show_ui(ui, |ui| {
            for roster in model.rosters() {
                for c in &roster.characters {
                    if ui
                        .selectable_label(false, format!("{} — {}", c.name, roster.name))
                        .clicked()
                        && let Ok(profile) = c.profile(&cx.rules)
                    {
                        chosen = Some(Picked {
                            name: c.name.clone(),
                            profile,
                            equipment: c.equipment.clone(),
                            from: None,
                        });
                    }
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// Models of one profile in a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Their name.
    pub name: String,
    /// How many.
    pub count: u32,
    /// Their profile (`weapon_s`, `save`: 0 for none in the fields).
    pub ws: i32,
    /// S.
    pub s: i32,
    /// Weapon S, 0 for none.
    pub weapon_s: i32,
    /// The weapon's own save modifier (CC-12); none: by the blow's S.
    pub weapon_save_modifier: Option<i32>,
    /// A.
    pub a: u32,
    /// T.
    pub t: i32,
    /// W left.
    pub w: u32,
    /// I.
    pub i: i32,
    /// Save, 0 for none.
    pub save: i32,
    /// A character (CHR-14, CHR-15): he may take command, and his death
    /// counts in the battle summary.
    pub character: bool,
    /// His Ld, as a character (CHR-14).
    pub ld: i32,
    /// His Cl, as a character (CHR-14).
    pub cl: i32,
    /// The campaign character he is, when taken from a campaign's escort:
    /// (campaign, character).
    pub from: Option<CharRef>,
}

impl Group {
    pub(super) fn trooper(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            count: 5,
            ws: 3,
            s: 3,
            weapon_s: 0,
            weapon_save_modifier: None,
            a: 1,
            t: 3,
            w: 1,
            i: 3,
            save: 0,
            character: false,
            ld: 7,
            cl: 7,
            from: None,
        }
    }

    /// One character, with his weapon's S and own save modifier when he
    /// fights with a C-type weapon (CC-4, CC-11, CC-12) and his armour's
    /// save, as his roster lists them.
    pub(super) fn of(picked: Picked) -> Self {
        let p = &picked.profile;
        let hand = equipment::in_hand(&picked.equipment).filter(|h| h.weapon.c_type());
        let weapon_s = hand.as_ref().and_then(|h| h.weapon_s).unwrap_or(0);
        let weapon_save_modifier = hand.and_then(|h| h.save_modifier);
        let save = equipment::armour_save(&picked.equipment).unwrap_or(0);
        Self {
            name: picked.name,
            count: 1,
            ws: p.get(Characteristic::WS),
            s: p.get(Characteristic::S),
            weapon_s,
            weapon_save_modifier,
            a: u32::try_from(p.get(Characteristic::A).max(0)).unwrap_or(1),
            t: p.get(Characteristic::T),
            w: u32::try_from(p.get(Characteristic::W).max(1)).unwrap_or(1),
            i: p.get(Characteristic::I),
            save,
            character: true,
            ld: p.get(Characteristic::Ld),
            cl: p.get(Characteristic::Cl),
            from: picked.from.clone(),
        }
    }
}

/// One unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its name.
    pub name: String,
    /// Its models, front first.
    pub groups: Vec<Group>,
    /// It charged this turn (CC-7, CC-9).
    pub charged: bool,
    /// Its own leader's Ld, for rout tests (CC-20); 0 for none (robots).
    pub ld: i32,
    /// Its own leader's Cl, for psychology tests (CHR-14).
    pub cl: i32,
    /// Who commands it (CHR-14).
    pub command: CommandState,
}

impl Unit {
    /// Every model, front first.
    pub fn models(&self) -> Vec<Fighter> {
        let mut out = Vec::new();
        for g in &self.groups {
            for _ in 0..g.count {
                out.push(Fighter {
                    ws: g.ws,
                    s: g.s,
                    weapon_s: (g.weapon_s > 0).then_some(g.weapon_s),
                    weapon_save_modifier: g.weapon_save_modifier,
                    a: g.a,
                    t: g.t,
                    w: g.w,
                    i: g.i,
                    save: (g.save > 0).then_some(g.save),
                    modifiers: if self.charged {
                        vec![CcModifier::Charging]
                    } else {
                        Vec::new()
                    },
                });
            }
        }
        out
    }

    /// Every model's name, front first (a group without a name: "model").
    pub fn model_names(&self, lang: Lang) -> Vec<String> {
        let mut out = Vec::new();
        for g in &self.groups {
            let name = if g.name.trim().is_empty() {
                lang.t("battle.units.model").to_owned()
            } else {
                g.name.trim().to_owned()
            };
            out.extend((0..g.count).map(|_| name.clone()));
        }
        out
    }

    /// The group of the `k`th model.
    pub(super) fn group_of(&self, k: usize) -> Option<&Group> {
        let mut n = 0usize;
        self.groups.iter().find(|g| {
            n += g.count as usize;
            k < n
        })
    }
}

/// Who commands a unit, beside its own leader.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommandState {
    /// The unit's own leader is dead.
    pub leader_dead: bool,
    /// The group (a character) in command, if one took it.
    pub commander: Option<usize>,
    /// A character in base contact with the leader, taking command at the
    /// end of a turn.
    pub pending: Option<usize>,
    /// The commander failed a psychology test (he cannot give up command).
    pub affected: bool,
}

impl CommandState {
    /// A group was removed: indices after it move down, its own go.
    pub fn removed(&mut self, k: usize) {
        let shift = |slot: &mut Option<usize>| {
            *slot = match *slot {
                Some(j) if j == k => None,
                Some(j) if j > k => Some(j - 1),
                other => other,
            };
        };
        shift(&mut self.commander);
        shift(&mut self.pending);
        if self.commander.is_none() {
            self.affected = false;
        }
    }
}

/// What the view needs of the close-combat mode.
pub struct Situation<'a> {
    /// The attacker's and the defender's names, as shown.
    pub names: (&'a str, &'a str),
    /// The round, both fighters as set up (WS, S, weapon, A, T, W, I,
    /// save): the attacker first.
    pub round: RoundScenario,
    /// The attack as set up.
    pub scenario: Scenario,
    /// The defender strikes back: the round is both sides' blows.
    pub strike_back: bool,
}

/// `2D6` as the data gives the dice.
pub fn dice_text(d: DiceSpec) -> String {
    format!("{}D{}", d.count, d.sides)
}

/// A whole number with a visible label that names it.
pub fn field(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut i64,
    range: std::ops::RangeInclusive<i64>,
) {
    // The label and its field together: a wrapping line never parts them.
    together(ui, |ui| {
        let l = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range))
            .labelled_by(l.id);
    });
}

/// One bar of a distribution, its words beside it for screen readers.
pub fn bar(ui: &mut egui::Ui, text: &str, p: f64, max: f64) {
    ui.horizontal(|ui| {
        ui.add_sized(
            [220.0, 18.0],
            egui::Label::new(RichText::new(text).monospace()),
        );
        let width = (ui.available_width() - 40.0).max(80.0);
        let (rect, r) = ui.allocate_exact_size(
            egui::vec2(width * (p / max.max(1e-9)) as f32 + 2.0, 14.0),
            egui::Sense::hover(),
        );
        ui.painter()
            .rect_filled(rect, egui::CornerRadius::same(3), palette().ink.accent);
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, text));
    });
}

/// A roll button that sends `what` to the battle log under `title`.
pub fn roll_button(ui: &mut egui::Ui, word: &str, title: Msg, what: TableRoll, cx: &ViewCtx<'_>) {
    roll_button_by(ui, word, title, what, Vec::new(), cx);
}

/// A "Roll" button for a table roll that is `by`'s (a grenade, a jump, a
/// charge, the initiative): at a campaign's table, a soldier's action it
/// spends (KT-14: his grenade of the turn) and the team that pays for
/// rolling it again (KT-11).
pub fn roll_button_by(
    ui: &mut egui::Ui,
    word: &str,
    title: Msg,
    what: TableRoll,
    by: Vec<Combatant>,
    cx: &ViewCtx<'_>,
) {
    if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
        if by.is_empty() {
            cx.send(Command::RollTable(title, what));
        } else {
            cx.send(Command::RollFight(
                title,
                crate::rules::battle::Fight::Table(what),
                by,
            ));
        }
    }
}

/// One mode's two fighters, as the log names them and the battle summary
/// follows them. Each mode keeps its own: a fighter picked in one never
/// fights, nor is counted, in a roll of another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// The attacker's (shooter's) name, for the log.
    pub attacker: String,
    /// The defender's (target's) name, for the log.
    pub defender: String,
    /// The attacker (shooter) is a character (CHR-15).
    pub attacker_character: bool,
    /// The defender (target) is a character (CHR-15).
    pub defender_character: bool,
    /// The campaign character the attacker is, when picked from a
    /// campaign's escort: (campaign, character).
    pub attacker_from: Option<CharRef>,
    /// The campaign character the defender is: where his wounds go.
    pub defender_from: Option<CharRef>,
}

impl Sides {
    /// The attacker's name, or `word` when none was given.
    pub fn attacker_or<'a>(&'a self, word: &'a str) -> &'a str {
        if self.attacker.trim().is_empty() {
            word
        } else {
            self.attacker.trim()
        }
    }

    /// The defender's name, or `word` when none was given.
    pub fn defender_or<'a>(&'a self, word: &'a str) -> &'a str {
        if self.defender.trim().is_empty() {
            word
        } else {
            self.defender.trim()
        }
    }
}

impl Sides {
    /// The roll's title: "attacker against defender".
    pub fn title(&self) -> Msg {
        Msg::new("battle.against")
            .msg("attacker", named(&self.attacker, "battle.attacker"))
            .msg("defender", named(&self.defender, "battle.defender"))
    }

    /// The attacker alone, for a table roll that is his own (a jump, the
    /// initiative): with `wounds` left, and taking the roll's wounds (a
    /// fall's) when `hurt`.
    pub fn roller(&self, lang: Lang, we_attack: bool, wounds: u32, hurt: bool) -> Vec<Combatant> {
        let mut me = self.combatants(lang, we_attack, (wounds, 1));
        me.truncate(1);
        if let Some(c) = me.first_mut() {
            c.first = !hurt;
        }
        me
    }

    /// The two fighters, for the battle summary (CHR-15): each with his
    /// side and his wounds (`wounds`: the attacker's, the defender's).
    pub fn combatants(&self, lang: Lang, we_attack: bool, wounds: (u32, u32)) -> Vec<Combatant> {
        use crate::rules::battle::summary::{BattleSide, Combatant};
        let (a, d) = BattleSide::of_attacker(we_attack);
        vec![
            Combatant {
                name: self.attacker_or(lang.t("battle.attacker")).to_owned(),
                side: a,
                character: self.attacker_character,
                first: true,
                model: 0,
                wounds: wounds.0,
                campaign: self.attacker_from.clone(),
                spends: None,
            },
            Combatant {
                name: self.defender_or(lang.t("battle.defender")).to_owned(),
                side: d,
                character: self.defender_character,
                first: false,
                model: 0,
                wounds: wounds.1,
                campaign: self.defender_from.clone(),
                spends: None,
            },
        ]
    }
}

/// A name for the log: the one typed, or when none `key`'s word, in the
/// language the log is shown in.
pub fn named(name: &str, key: &'static str) -> Msg {
    if name.trim().is_empty() {
        Msg::new(key)
    } else {
        Msg::verbatim(name.trim())
    }
}

/// A wounds count for the summary: at least 1.
pub fn wounds_of(v: i64) -> u32 {
    u32::try_from(v.max(1)).unwrap_or(1)
}

/// A number field with a visible label that names it.
pub fn number(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut i64,
    range: std::ops::RangeInclusive<i64>,
) {
    // The label and its field together: a wrapping line never parts them.
    together(ui, |ui| {
        let l = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range))
            .labelled_by(l.id);
    });
}

/// A number that may be absent (a save, a weapon's S): a checkbox, then
/// the field when ticked, kept together on a wrapping line.
pub fn optional<N: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    value: &mut Option<N>,
    range: std::ops::RangeInclusive<N>,
    default: N,
) {
    together(ui, |ui| {
        let mut on = value.is_some();
        if ui.checkbox(&mut on, label).changed() {
            *value = on.then_some(value.unwrap_or(default));
        }
        if let Some(v) = value {
            let r = ui.add(egui::DragValue::new(v).range(range));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::SpinButton,
                    true,
                    format!("{label}: {}", cx.t("battle.value")),
                )
            });
        }
    });
}

/// The odds: the three chances in words, and the distribution of wounds as
/// a bar chart with its numbers beside it (for screen readers too).
pub fn odds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, odds: &Odds) {
    ui.horizontal_wrapped(|ui| {
        let score = |s: Option<i32>| {
            s.map_or_else(|| cx.t("battle.impossible").to_owned(), |s| format!("{s}+"))
        };
        // Any face hits: said so, not "1+".
        let to_hit = match odds.score_to_hit {
            Some(s) if s <= 1 => cx.t("battle.automatic").to_owned(),
            s => score(s),
        };
        ui.label(cx.f(
            "battle.to_hit",
            &[("score", &to_hit), ("p", &percent(odds.hit))],
        ));
        ui.label(cx.f(
            "battle.to_wound",
            &[
                ("score", &score(odds.score_to_wound)),
                ("p", &percent(odds.wound)),
            ],
        ));
        let save = odds.score_to_save.map_or_else(
            || cx.t("battle.no_save").to_owned(),
            |s| {
                if odds.save_dice > 1 {
                    format!("{s}+ ({}D6)", odds.save_dice)
                } else {
                    format!("{s}+")
                }
            },
        );
        ui.label(cx.f("battle.save_score", &[("score", &save)]));
        ui.label(RichText::new(cx.f("battle.unsaved", &[("p", &percent(odds.unsaved))])).strong());
    });
    if odds.needs_consent {
        badge(ui, Tone::Warning, cx.t("battle.needs_consent"));
    }
    ui.add_space(space::XS);
    bars(
        ui,
        cx,
        cx.t("battle.chart.wounds"),
        "battle.wounds_bar",
        &odds.wounds,
    );
}

/// A fighter card's title: its side ("Attacker"), and his name once he
/// has one ("Attacker: Inquisitor Vael").
pub fn side_title(lang: Lang, side_key: &str, name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        lang.t(side_key).to_owned()
    } else {
        lang.f(
            "battle.side_named",
            &[("side", lang.t(side_key)), ("name", name)],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn a_chance_is_never_shown_below_nought() {
        assert_eq!(percent(-1e-17), "0.0 %");
        assert_eq!(percent(-0.0), "0.0 %");
        assert_eq!(percent(0.5), "50.0 %");
        assert_eq!(percent(1.0 + 1e-12), "100.0 %");
    }
}
