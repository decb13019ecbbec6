//! Pieces the battle screen's modes share: named number fields, chances as
//! words and bars, roll buttons, fighters taken from a roster or a
//! campaign's escorts, the units of the unit mode, and what the
//! close-combat mode tells its after-the-round view; the two fighters of the
//! close-combat and shooting modes (`Sides`), their number fields and their
//! odds. The modes import these from here, never from the screen's
//! `mod.rs`, so they import each other one way. Chances as words and bars
//! are in `charts.rs`, fighters picked from a roster or an escort in
//! `pickers.rs`, the two fighters and the roll buttons in `sides.rs`, the
//! unit mode's units in `units.rs`; a campaign's model as the table has
//! him now here.

mod charts;
mod pickers;
mod sides;
mod units;

pub use charts::{bar, bars, odds_ui, pass_fail_ui, percent};
pub use pickers::{Picked, character_tick_ui, pick_campaign_fighter, pick_character, side_title};
pub use sides::{Sides, name_msg, named, roll_button, roll_button_by};
pub use units::{Group, Unit};

use crate::rules::battle::from_table;
use crate::rules::battle::scenario::{RoundScenario, Scenario};
use crate::rules::campaign::{Campaign, CharId, queries};
use crate::rules::core::dice::DiceSpec;
use crate::rules::{CharRef, Msg};
use crate::ui::context::ViewCtx;
use crate::ui::widgets::{Tone, badge, together};

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

/// What the view needs of the close-combat mode.
pub struct Situation<'a> {
    /// The attacker's and the defender's names, as shown.
    pub(super) names: (&'a str, &'a str),
    /// The same names as the log says them, in the language it is shown
    /// in (a drawn enemy's follows it).
    pub(super) labels: (Msg, Msg),
    /// The round, both fighters as set up (WS, S, weapon, A, T, W, I,
    /// save): the attacker first.
    pub(super) round: RoundScenario,
    /// The attack as set up.
    pub(super) scenario: Scenario,
    /// The defender strikes back: the round is both sides' blows.
    pub(super) strike_back: bool,
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

/// A campaign's model as the table has him now: his name there, whether
/// he is out of action (an applied roll took his last wound), his wounds
/// left.
pub struct TableNow {
    name: String,
    out: bool,
    left: u32,
}

impl TableNow {
    /// The campaign's model `r`, shown on a card under the name `shown`;
    /// `None` when the card shows another name, or the campaign is not
    /// open.
    pub fn of(cx: &ViewCtx<'_>, r: &CharRef, shown: &str) -> Option<Self> {
        let c = cx.model.get::<Campaign>(&r.doc)?;
        let side = from_table::table_side(c, &cx.rules, r, cx.lang.code())?;
        (side.name() == shown.trim()).then(|| Self {
            name: side.name().to_owned(),
            out: queries::wounding(c).out_of_action(CharId(r.id)),
            left: side.as_target().wounds_left,
        })
    }

    /// His wounds left, while he stands.
    pub fn left(&self) -> Option<u32> {
        (!self.out).then_some(self.left)
    }

    /// Said on his card: out of action, or his wounds left there.
    pub fn ui(&self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let name = self.name.as_str();
        if self.out {
            badge(
                ui,
                Tone::Dead,
                &cx.f("battle.kt.table_target_out", &[("name", name)]),
            );
        } else {
            badge(
                ui,
                Tone::Info,
                &cx.f(
                    "battle.kt.table_target_left",
                    &[("name", name), ("count", &self.left.to_string())],
                ),
            );
        }
    }
}

/// A card's wounds field `wounds` follows the table: when the wounds left
/// there change (a roll's wounds applied), the field takes them; what the
/// player typed stays until then. `seen` keeps what the table had.
pub fn follow_table(now: Option<&TableNow>, seen: &mut Option<u32>, wounds: &mut Option<i64>) {
    if let Some(left) = now.and_then(TableNow::left)
        && *seen != Some(left)
    {
        *seen = Some(left);
        *wounds = Some(i64::from(left.max(1)));
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
