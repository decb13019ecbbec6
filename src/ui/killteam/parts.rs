//! The pieces the kill-team screen's files share: the edit command, the
//! picker that says what each option offers and why one is refused, a
//! value of the profile.

use egui::RichText;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::core::dice::Amount;
use crate::rules::core::names::name_in;
use crate::rules::killteam::KillTeam;
use crate::rules::killteam::data::{SoldierKind, Strength, Weapon};
use crate::rules::{DocKey, Edit, KillTeamEdit, Problem};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{described_option, hover_beside, together};

/// The command that applies edit `e` to kill team `id`.
pub fn edit(id: &str, e: KillTeamEdit) -> Command {
    Command::Edit(DocKey::of::<KillTeam>(id), Edit::new(e))
}

/// The least width of a value of the profile with its name (`Sv 5+`,
/// `M 9"*`): six fit a table card's line.
const STAT_WIDTH: f32 = 36.0;

/// A value of the derived profile: marked when a ribbon or an item changed
/// it (a star and the accent colour), with the rules on hover.
pub fn stat_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label_key: &str,
    value: String,
    changed_by: &[&str],
) {
    // Its name and value on one line: the cell starts the next row rather
    // than leaving its value under it.
    together(ui, |ui| {
        // A cell as wide on every card: the values after a changed one
        // (marked) stay in their columns.
        ui.set_min_width(STAT_WIDTH);
        ui.spacing_mut().item_spacing.x = 3.0;
        ui.label(
            RichText::new(cx.t(label_key))
                .small()
                .color(palette().ink.subdued),
        );
        if changed_by.is_empty() {
            ui.label(RichText::new(value).strong());
        } else {
            ui.label(
                RichText::new(format!("{value}*"))
                    .strong()
                    .color(palette().ink.accent),
            )
            .on_hover_text(cx.f("kt.changed_by", &[("rules", &changed_by.join(", "))]));
        }
    });
}

/// An amount (shots, damage) as written.
pub fn amount(a: &Amount) -> String {
    a.to_string()
}

/// A refusal in a few words, for a list (`sergeant only`); the whole
/// message where no short one is written.
fn short_reason(lang: Lang, p: &Problem) -> String {
    let short = p.key.replace("kt.problem.", "kt.short.");
    if lang.t(&short) == short {
        lang.problem(p)
    } else {
        lang.problem_as(&short, p)
    }
}

/// One option of a picker: its id, its name, what it is (a weapon's
/// profile, an item's effect) and why it is refused, if it is.
pub struct Choice {
    /// The id the edit takes.
    pub(crate) id: String,
    /// Its name, in the views' language.
    pub(crate) name: String,
    /// What it offers, in a line or a short sentence.
    pub(crate) detail: String,
    /// Why the rules refuse it to this soldier.
    pub(crate) refusal: Option<Problem>,
}

/// The names of `options`, as a picker's button shows the one chosen.
pub fn choice_names(options: &[Choice]) -> Vec<&str> {
    options.iter().map(|c| c.name.as_str()).collect()
}

/// A picker that lists every option, each with what it offers under its
/// name; the illegal ones are disabled and say why (the rule and its
/// message, whole on hover). `name` is its accessible name (`Weapon: Trooper
/// Vell`); `selected`, what its button shows and every text it may show:
/// as wide as the widest, it keeps its width whichever is chosen, so the
/// pickers after it on the line stay in their columns. Returns the option
/// chosen.
pub fn picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (label, name): (&str, &str),
    (selected, shown): (&str, &[&str]),
    hint: Option<&str>,
    options: &[Choice],
) -> Option<String> {
    let mut chosen = None;
    let width = picker_width(ui, selected, shown);
    let mut r = None;
    // The label and its picker together: a wrapping line never parts them.
    together(ui, |ui| {
        ui.label(label);
        r = Some(picker_list_ui(
            ui,
            cx,
            (name, selected, width),
            hint,
            options,
            &mut chosen,
        ));
    });
    if let Some(r) = r {
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name));
    }
    chosen
}

/// The picker's button, `width` wide, and its list; the option clicked
/// goes to `chosen`.
fn picker_list_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (name, selected, width): (&str, &str, f32),
    hint: Option<&str>,
    options: &[Choice],
    chosen: &mut Option<String>,
) -> egui::Response {
    egui::ComboBox::from_id_salt(name)
        .selected_text(selected)
        .width(width)
        .height(400.0)
        .show_ui(ui, |ui| {
            if let Some(hint) = hint {
                ui.label(RichText::new(hint).color(palette().state.warning));
                ui.separator();
            }
            for c in options {
                // The reason in the list itself, short; whole on hover.
                let text = match &c.refusal {
                    None => c.name.clone(),
                    Some(p) => cx.lang.typeset(format!(
                        "{} — {}: {}",
                        c.name,
                        p.rule,
                        short_reason(cx.lang, p)
                    )),
                };
                let is_selected = c.name == selected;
                let r = described_option(ui, &text, &c.detail, is_selected, c.refusal.is_none());
                // What it offers is written under it: a refusal's hover
                // says the rest, beside it, never over the next option.
                let r = match &c.refusal {
                    Some(p) => hover_beside(r, |ui| refusal_hover_ui(ui, cx, p)),
                    None => r,
                };
                if r.clicked() {
                    *chosen = Some(c.id.clone());
                    // Chosen: the list closes (however it was clicked).
                    ui.close();
                }
            }
        })
        .response
}

/// A picker's width: the widest text its button may show (`shown`, or the
/// one it shows, if wider) with the button's padding and arrow.
fn picker_width(ui: &egui::Ui, selected: &str, shown: &[&str]) -> f32 {
    let text_width = |text: &str| {
        egui::WidgetText::from(text)
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Button,
            )
            .size()
            .x
    };
    let widest = shown
        .iter()
        .map(|t| text_width(t))
        .fold(text_width(selected), f32::max);
    let s = ui.spacing();
    widest + 2.0 * s.button_padding.x + s.icon_width + s.icon_spacing
}

/// The hover of a refused option: the refusal, then the rule itself from
/// the reference (what the option offers is under its name already).
fn refusal_hover_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, p: &Problem) {
    ui.label(RichText::new(cx.lang.problem_line(p)).strong());
    if let Some(rule) = cx.rules.reference.rule(&p.rule) {
        ui.add_space(space::XS);
        ui.label(
            RichText::new(format!(
                "{} — {}",
                rule.id,
                name_in(&rule.title, cx.lang.code(), &rule.id)
            ))
            .color(palette().ink.accent),
        );
        ui.label(name_in(&rule.text, cx.lang.code(), ""));
    }
}

/// A weapon's profile in one line for a picker (`S4 · AP-1 · 24" · Rapid
/// Fire 1 · D1`), in `lang`.
pub fn weapon_detail(lang: Lang, w: &Weapon) -> String {
    let range = if w.range_inches == 0 {
        lang.t("kt.melee_range").to_owned()
    } else {
        format!("{}\"", w.range_inches)
    };
    let strength = match w.strength {
        Strength::Fixed(n) => lang.f("kt.option.s_fixed", &[("n", &n.to_string())]),
        Strength::User { user: 0 } => lang.t("kt.option.user_s").to_owned(),
        Strength::User { user } => lang.f("kt.option.user_s_plus", &[("n", &user.to_string())]),
    };
    let mut text = lang.f(
        "kt.option.weapon",
        &[
            ("s", &strength),
            ("ap", &w.ap.to_string()),
            ("range", &range),
            ("type", &lang.weapon_type(w.weapon_type, &w.shots)),
            ("d", &amount(&w.damage)),
        ],
    );
    for (on, key) in [
        (w.sniper, "kt.flag.sniper"),
        (w.flame, "kt.flag.flame"),
        (w.indirect, "kt.flag.indirect"),
    ] {
        if on {
            text.push_str(&format!(" · {}", lang.t(key)));
        }
    }
    text
}

/// A soldier kind's profile in one line for a picker (`M 6" · W 3 · S 3 ·
/// T 3 · Sv 5+ · CC 4+ · 1 eq. · 1 VP`), in `lang`.
pub fn kind_detail(lang: Lang, k: &SoldierKind) -> String {
    let p = &k.profile;
    let save = if p.save_dice > 1 {
        format!("{}+ ({}D6)", p.save, p.save_dice)
    } else {
        format!("{}+", p.save)
    };
    let stats = [
        ("kt.stat.move", format!("{}\"", p.move_inches)),
        ("kt.stat.wounds", p.wounds.to_string()),
        ("kt.stat.strength", p.strength.to_string()),
        ("kt.stat.toughness", p.toughness.to_string()),
        ("kt.stat.save", save),
        ("kt.stat.close_combat", format!("{}+", p.close_combat)),
    ];
    let mut parts: Vec<String> = stats
        .iter()
        .map(|(key, v)| format!("{} {v}", lang.t(key)))
        .collect();
    parts.push(crate::print::sheets::equivalents_vp(lang, k));
    parts.join(" · ")
}
