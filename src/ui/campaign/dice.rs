//! Dice typed in from real dice, for every campaign roll: a
//! labelled field per roll; left empty, Muster rolls. What is typed is
//! checked by the engine's own rule (`check_dice`) before it is sent, and
//! its refusal shown by the field, so that the player reads why at once and
//! nothing is recorded.

use std::collections::BTreeMap;

use egui::RichText;
use egui_material_icons::icons;

use crate::i18n::Lang;
use crate::rules::campaign::data::{MissionData, MissionId};
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, EnemySide, MissionChoice, MissionType, check_dice};
use crate::rules::core::dice::Roll;
use crate::rules::core::names::name_in;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets;
use crate::ui::widgets::{Tone, icon_button};

/// The text typed in each dice field, by the field's key.
#[derive(Default)]
pub struct DiceTexts(BTreeMap<String, String>);

impl DiceTexts {
    /// The text of field `key`.
    pub fn text(&mut self, key: &str) -> &mut String {
        self.0.entry(key.to_owned()).or_default()
    }

    /// Empties field `key` once its dice are sent.
    pub fn clear(&mut self, key: &str) {
        self.0.remove(key);
    }
}

/// What a dice field holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Nothing: Muster rolls.
    Muster,
    /// The rolls typed, each of the dice asked for.
    Dice(Vec<Roll>),
    /// Dice that do not fit: the engine's refusal, as shown.
    Bad(String),
}

impl Typed {
    /// The dice may be sent.
    pub fn ok(&self) -> bool {
        !matches!(self, Self::Bad(_))
    }

    /// The first roll typed, if any (a roll of one throw).
    pub fn first(&self) -> Option<Roll> {
        match self {
            Self::Dice(rolls) => rolls.first().cloned(),
            _ => None,
        }
    }

    /// Every roll typed (none: Muster rolls them all).
    pub fn rolls(&self) -> Vec<Roll> {
        match self {
            Self::Dice(rolls) => rolls.clone(),
            _ => Vec::new(),
        }
    }
}

/// The dice a rule asks for: `count` dice of `sides` faces to a roll,
/// checked by the engine's `rule`; `many`: several rolls may be typed at
/// once (an enemy escort drawn in one go), else one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceAsk {
    /// Dice to a roll.
    count: u32,
    /// Faces of each die.
    sides: u32,
    /// The rule that asks for them (`CMP-5`).
    rule: &'static str,
    /// Several rolls may be typed.
    many: bool,
}

impl DiceAsk {
    /// One roll of `count` dice of `sides` faces, for `rule`.
    pub fn new(count: u32, sides: u32, rule: &'static str) -> Self {
        Self {
            count,
            sides,
            rule,
            many: false,
        }
    }

    /// The same dice, several rolls at once.
    #[must_use]
    pub fn many(self) -> Self {
        Self { many: true, ..self }
    }

    /// `3D6`, or `D12` for one die.
    pub fn name(&self) -> String {
        dice_name(self.count, self.sides)
    }
}

/// `3D6`, or `D12` for one die.
pub fn dice_name(count: u32, sides: u32) -> String {
    if count == 1 {
        format!("D{sides}")
    } else {
        format!("{count}D{sides}")
    }
}

/// The faces typed (numbers apart by spaces, commas or dots), as many rolls
/// of the dice asked as `ask` allows; each roll checked by the engine's
/// rule.
pub fn parse_typed(lang: Lang, text: &str, ask: DiceAsk) -> Typed {
    let DiceAsk {
        count,
        sides,
        rule,
        many,
    } = ask;
    let text = text.trim();
    if text.is_empty() {
        return Typed::Muster;
    }
    let refusal = |roll: &Roll| {
        check_dice(roll, count, sides, rule)
            .err()
            .map(|p| lang.problem_line(&p))
    };
    let faces: Option<Vec<u32>> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '·' | '/' | '+'))
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().ok())
        .collect();
    let Some(faces) = faces.filter(|f| !f.is_empty()) else {
        let none = Roll::from_faces(sides, Vec::new(), 0);
        return Typed::Bad(refusal(&none).unwrap_or_default());
    };
    let size = count.max(1) as usize;
    let rolls: Vec<Roll> = if many {
        faces
            .chunks(size)
            .map(|c| Roll::from_faces(sides, c.to_vec(), 0))
            .collect()
    } else {
        vec![Roll::from_faces(sides, faces, 0)]
    };
    match rolls.iter().find_map(refusal) {
        Some(why) => Typed::Bad(why),
        None => Typed::Dice(rolls),
    }
}

/// A labelled field for dice typed in, "your roll" written in it while
/// empty; the engine's refusal under it when they do not fit. `label` is
/// its accessible name too.
pub fn dice_field(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    text: &mut String,
    ask: DiceAsk,
) -> Typed {
    let typed = parse_typed(cx.lang, text, ask);
    let DiceAsk { count, many, .. } = ask;
    ui.horizontal_wrapped(|ui| {
        ui.label(icons::ICON_CASINO.rich_text().color(palette().ink.accent));
        let l = ui.label(label);
        // Wide enough for its hint ("your roll") whole, even for one die.
        let width = if many || count > 1 { 120.0 } else { 104.0 };
        dice_input(ui, cx, label, text, width, &typed).labelled_by(l.id);
    });
    typed
}

/// The text field of dice typed in, and the engine's refusal beside it.
fn dice_input(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    text: &mut String,
    width: f32,
    typed: &Typed,
) -> egui::Response {
    let hint = cx.t("campaign.ui.initiative_muster");
    // Never narrower than its hint, in either language (the frame's
    // margins on each side).
    let font = egui::TextStyle::Body.resolve(ui.style());
    let hint_width = ui.fonts_mut(|f| {
        f.layout_no_wrap(hint.to_owned(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    let r = ui.add(
        egui::TextEdit::singleline(text)
            .desired_width(width.max(hint_width + 12.0))
            .hint_text(hint),
    );
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, label));
    if let Typed::Bad(why) = typed {
        ui.label(
            RichText::new(format!("{} {why}", icons::ICON_ERROR.codepoint))
                .color(palette().state.error),
        )
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, why));
    }
    r
}

/// The same field in a table's cell, where the column's heading says what
/// it is: the field alone (named `label` for screen readers and on hover),
/// never wrapped into a column one word wide. `typed` is what
/// [`parse_typed`] read of `text`.
pub fn dice_cell(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    text: &mut String,
    typed: &Typed,
) {
    ui.horizontal(|ui| {
        dice_input(ui, cx, label, text, 90.0, typed).on_hover_text(label);
    });
}

/// A die typed in: one face on a die of `sides`, or none if it is not one.
pub fn typed_die(text: &str, sides: u32) -> Option<Roll> {
    let face: u32 = text.trim().parse().ok()?;
    (1..=sides)
        .contains(&face)
        .then(|| Roll::from_faces(sides, vec![face], 0))
}

/// A die field and its two buttons: roll with Muster's dice, or use the
/// die typed. Returns `Some(None)` to roll, `Some(Some(die))` for the die.
pub fn dice_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    who: &str,
    sides: u32,
    text: &mut String,
    enabled: bool,
) -> Option<Option<Roll>> {
    let words = ("campaign.ui.roll", "campaign.ui.roll_for");
    dice_ui_worded(ui, cx, who, sides, text, enabled, words)
}

/// [`dice_ui`] with its own words for the roll button: its text and its
/// name for `who` (a fate point's reroll says what it spends).
pub fn dice_ui_worded(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    who: &str,
    sides: u32,
    text: &mut String,
    enabled: bool,
    (word, named): (&str, &str),
) -> Option<Option<Roll>> {
    let mut asked = None;
    let roll = cx.t(word);
    let name = cx.f(named, &[("character", who)]);
    if icon_button(ui, icons::ICON_CASINO, roll, &name, enabled).clicked() {
        asked = Some(None);
    }
    let label = cx.f("campaign.ui.typed_die", &[("sides", &sides.to_string())]);
    let l = ui.label(&label);
    let r = ui
        .add_enabled(
            enabled,
            egui::TextEdit::singleline(text).desired_width(36.0),
        )
        .labelled_by(l.id);
    r.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::TextInput, enabled, format!("{label} — {who}"))
    });
    let die = typed_die(text, sides);
    let use_it = cx.t("campaign.ui.use_die");
    let name = cx.f("campaign.ui.use_die_for", &[("character", who)]);
    let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let valid = die.is_some();
    if (icon_button(
        ui,
        icons::ICON_CHECK_CIRCLE,
        use_it,
        &name,
        enabled && valid,
    )
    .clicked()
        || enter)
        && valid
    {
        asked = Some(die);
        text.clear();
    }
    if !text.trim().is_empty() && !valid {
        ui.label(
            RichText::new(cx.f("campaign.ui.not_a_face", &[("sides", &sides.to_string())]))
                .color(palette().state.error),
        );
    }
    asked
}

/// What is typed for a mission's draw (CMP-2, CMP-3, CMP-4): a mission
/// picked from the list instead of drawn, and why; or the dice of the draw
/// and of the secondary faction.
#[derive(Default)]
pub struct MissionDraw {
    /// The mission picked (none: drawn).
    pick: Option<MissionId>,
    /// Why it was picked, or its type forced.
    reason: String,
    /// The mission's die typed in.
    draw: String,
    /// The secondary faction's die typed in.
    faction: String,
}

impl MissionDraw {
    /// Forgets what was typed, once the mission is drawn.
    pub fn reset(&mut self) {
        *self = Self::default();
    }

    /// The pick, the reason and the dice for a mission of type `t`; `forced`
    /// when its type is forced (the reason is asked then too). Returns the
    /// choice to send, or `None` while typed dice do not fit.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        t: MissionType,
        forced: bool,
    ) -> Option<MissionChoice> {
        use crate::rules::campaign::MissionChoice;
        let list: Vec<_> = cx.rules.campaign.missions_of(t).collect();
        // A pick of another type (the type forced changed) is dropped.
        if self
            .pick
            .as_ref()
            .is_some_and(|p| !list.iter().any(|m| m.id == *p))
        {
            self.pick = None;
        }
        let picked = self
            .pick
            .as_ref()
            .and_then(|p| list.iter().find(|m| m.id == *p));
        ui.horizontal_wrapped(|ui| self.pick_row_ui(ui, cx, &list, picked, forced));
        if self.pick.is_some() {
            widgets::badge(ui, Tone::Warning, cx.t("campaign.ui.pick_logged"));
        }
        // The hint only above a die to type: a mission picked by hand
        // from the main enemy's has none.
        if self.pick.is_none() || faction_die_sides(c, picked.copied()).is_some() {
            ui.label(RichText::new(cx.t("campaign.ui.dice_hint")).color(palette().ink.subdued));
        }
        let mut ok = true;
        let mut draw = None;
        if self.pick.is_none() {
            // CMP-3: the die reads the list the campaign started with.
            let sides =
                u32::try_from(queries::mission_ids(c, &cx.rules.campaign, t).len()).unwrap_or(0);
            let ask = DiceAsk::new(1, sides, "CMP-3");
            let label = cx.f("campaign.ui.dice.mission", &[("dice", &ask.name())]);
            let typed = dice_field(ui, cx, &label, &mut self.draw, ask);
            ok &= typed.ok();
            draw = typed.first();
        }
        let mut faction_draw = None;
        if let Some(typed) = self.faction_die_ui(ui, cx, c, picked.copied()) {
            ok &= typed.ok();
            faction_draw = typed.first();
        }
        ok.then(|| MissionChoice {
            reason: if self.pick.is_some() || forced {
                self.reason.trim().to_owned()
            } else {
                String::new()
            },
            pick: self.pick.clone(),
            draw,
            faction_draw,
            ..MissionChoice::default()
        })
    }

    /// The mission picked from the list (or drawn) and, when picked or its
    /// type forced, why.
    fn pick_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        list: &[&MissionData],
        picked: Option<&&MissionData>,
        forced: bool,
    ) {
        let l = ui.label(cx.t("campaign.ui.pick_mission"));
        let shown = picked.map_or(cx.t("campaign.ui.draw_at_random"), |m| {
            name_in(&m.names, cx.lang.code(), m.id.as_str())
        });
        egui::ComboBox::from_id_salt("cmp-pick-mission")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.pick, None, cx.t("campaign.ui.draw_at_random"));
                for m in list {
                    ui.selectable_value(
                        &mut self.pick,
                        Some(m.id.clone()),
                        name_in(&m.names, cx.lang.code(), m.id.as_str()),
                    );
                }
            })
            .response
            .labelled_by(l.id);
        if self.pick.is_some() || forced {
            widgets::labelled_text(ui, cx.t("campaign.ui.reason"), &mut self.reason);
        }
    }

    /// The secondary faction's die (CMP-4), when the enemy comes from the
    /// secondary factions; none when it is not asked.
    fn faction_die_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        picked: Option<&MissionData>,
    ) -> Option<Typed> {
        let sides = faction_die_sides(c, picked)?;
        let key = if picked.is_some() {
            "campaign.ui.dice.faction_picked"
        } else {
            "campaign.ui.dice.faction"
        };
        let ask = DiceAsk::new(1, sides, "CMP-4");
        let label = cx.f(key, &[("dice", &ask.name())]);
        let typed = dice_field(ui, cx, &label, &mut self.faction, ask);
        Some(typed)
    }
}

/// The faces of the secondary faction's die (CMP-4) when it is asked: the
/// campaign has secondary factions and the mission is drawn or picked from
/// theirs.
fn faction_die_sides(c: &Campaign, picked: Option<&MissionData>) -> Option<u32> {
    let sides = u32::try_from(c.settings.secondary.len()).unwrap_or(0);
    (sides > 0 && !picked.is_some_and(|m| m.enemy != EnemySide::Secondary)).then_some(sides)
}
