//! Small widgets shared by the views: labelled fields, cards, status badges
//! (icon + word + colour, never colour alone) and alerts for refusals and
//! errors. Colours come from the theme's palette. Long lists drawn by what
//! is on screen are in `rows.rs`, hints beside their widget in `hints.rs`,
//! a campaign event's stamp in words in `stamps.rs`.

mod hints;
mod rows;
mod stamps;

pub use hints::{HintBeside, HintPlace, hover_beside, hover_text_beside};
pub use rows::{card_grid, card_rows, virtual_rows};
pub use stamps::{stamp_time, stamp_who, stamp_words};

use egui::{Color32, CornerRadius, Margin, RichText, Stroke};
use egui_material_icons::MaterialIcon;
use egui_material_icons::icons;

use crate::app::{Command, Screen};
use crate::rules::Problem;
use crate::ui::context::ViewCtx;
use crate::ui::theme;
use crate::ui::theme::{corner, palette, space};

/// A text field with a visible label that also names it for screen readers
/// (and for the UI tests). Returns the field's response.
pub fn labelled_text(ui: &mut egui::Ui, label: &str, text: &mut String) -> egui::Response {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.text_edit_singleline(text).labelled_by(l.id)
    })
    .inner
}

/// Whether the edit of a text field is finished: it lost focus (Enter, Tab,
/// a click elsewhere), or the window is closing while it has the focus, so
/// that what was typed is not lost.
///
/// While a field has been typed into and not yet left, the status line
/// says so ([`typing`]): what is typed is saved when the field is left.
pub fn text_committed(ui: &egui::Ui, r: &egui::Response) -> bool {
    let done = r.lost_focus() || (r.has_focus() && ui.input(|i| i.viewport().close_requested()));
    let typing_in = typing_id();
    if done {
        ui.data_mut(|d| d.remove::<egui::Id>(typing_in));
    } else if r.changed() && r.has_focus() {
        ui.data_mut(|d| d.insert_temp(typing_in, r.id));
    }
    done
}

/// Whether a text field that saves when it is left has been typed into
/// and still has the focus: what it holds is not saved yet.
pub fn typing(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<egui::Id>(typing_id()))
        .is_some_and(|field| ctx.memory(|m| m.has_focus(field)))
}

/// Where [`text_committed`] keeps the field being typed into.
fn typing_id() -> egui::Id {
    egui::Id::unique("muster-typing-in")
}

/// What a badge or an alert says about its subject.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Fit, within the rules, done.
    Good,
    /// Informative.
    Info,
    /// To look at: a broken rule in a draft.
    Warning,
    /// Failed or refused.
    Error,
    /// Lightly wounded.
    Wounded,
    /// Seriously wounded.
    SeriouslyWounded,
    /// Dead.
    Dead,
    /// Missing.
    Missing,
}

impl Tone {
    /// The colour of the tone.
    pub fn color(self) -> Color32 {
        let p = palette();
        match self {
            Self::Good => p.state.fit,
            Self::Info => p.ink.accent,
            Self::Warning => p.state.warning,
            Self::Error => p.state.error,
            Self::Wounded => p.state.wounded,
            Self::SeriouslyWounded => p.state.seriously_wounded,
            Self::Dead => p.state.dead,
            Self::Missing => p.state.missing,
        }
    }

    /// The icon of the tone.
    pub fn icon(self) -> MaterialIcon {
        match self {
            Self::Good => icons::ICON_CHECK_CIRCLE,
            Self::Info => icons::ICON_INFO,
            Self::Warning => icons::ICON_WARNING,
            Self::Error => icons::ICON_ERROR,
            Self::Wounded => icons::ICON_HEALING,
            Self::SeriouslyWounded => icons::ICON_HEART_BROKEN,
            Self::Dead => icons::ICON_SKULL,
            Self::Missing => icons::ICON_HELP,
        }
    }
}

/// The fill behind a badge of colour `c` on background `bg`: the colour at a
/// low strength, so that the word in full colour still reads on it.
pub fn badge_fill(c: Color32, bg: Color32) -> Color32 {
    let mix = |a: u8, b: u8| {
        let v = f32::from(a) * 0.16 + f32::from(b) * 0.84;
        v.round().clamp(0.0, 255.0) as u8
    };
    Color32::from_rgb(mix(c.r(), bg.r()), mix(c.g(), bg.g()), mix(c.b(), bg.b()))
}

/// How wide a [`badge`] of `text` is.
pub fn badge_width(ui: &egui::Ui, tone: Tone, text: &str) -> f32 {
    let job = icon_and_text(ui, tone.icon(), text, tone.color(), true);
    text_width(ui, job) + 2.0 * space::S + 2.0
}

/// A status badge: icon, word and colour, in a pill. Screen readers hear the
/// word (its label).
pub fn badge(ui: &mut egui::Ui, tone: Tone, text: &str) -> egui::Response {
    let color = tone.color();
    // In a wrapping row, a badge that no longer fits starts the next line
    // whole, rather than squeezing its words into what is left.
    if ui.layout().main_wrap && ui.layout().is_horizontal() {
        keep_whole(ui, badge_width(ui, tone, text));
    }
    egui::Frame::new()
        .fill(badge_fill(color, palette().surface.card))
        .stroke(Stroke::new(1.0, color.gamma_multiply(0.7)))
        .corner_radius(CornerRadius::same(corner::LARGE))
        .inner_margin(Margin::symmetric(space::S as i8, 2))
        .show(ui, |ui| {
            // One label, the icon first whatever the direction of the row.
            let r = ui.label(icon_and_text(ui, tone.icon(), text, color, true));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
        })
        .response
}

/// In a wrapping row, starts the next line if a piece `width` wide no longer
/// fits in what is left of this one. egui wraps a piece only once it knows
/// its size, so a card or a pill would otherwise be squeezed or run out of
/// the window.
pub fn keep_whole(ui: &mut egui::Ui, width: f32) {
    if ui.layout().main_wrap && ui.layout().is_horizontal() {
        let started = ui.cursor().min.x > ui.max_rect().min.x + 1.0;
        if started && ui.available_size_before_wrap().x < width {
            ui.end_row();
        }
    }
}

/// The width of a text on one line.
pub fn text_width(ui: &egui::Ui, text: impl Into<egui::WidgetText>) -> f32 {
    text.into()
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::FontSelection::Default,
        )
        .size()
        .x
}

/// An icon and a text as one piece of text (so it keeps its order and size
/// in any layout).
pub fn icon_and_text(
    ui: &egui::Ui,
    icon: MaterialIcon,
    text: &str,
    color: Color32,
    strong: bool,
) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    let style = ui.style();
    icon.rich_text().color(color).append_to(
        &mut job,
        style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    let mut word = RichText::new(format!(" {text}")).color(color);
    if strong {
        word = word.strong();
    }
    word.append_to(
        &mut job,
        style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    job
}

/// A badge saying whether something is within the rules, or how many
/// problems it has.
pub fn problems_badge(ui: &mut egui::Ui, cx: &ViewCtx<'_>, count: usize) -> egui::Response {
    if count == 0 {
        badge(ui, Tone::Good, cx.t("problems.none"))
    } else {
        badge(
            ui,
            Tone::Warning,
            &cx.f("problems.count", &[("count", &count.to_string())]),
        )
    }
}

/// An alert: a framed icon and a message that wraps, for refusals and errors
/// (never a small grey label).
pub fn alert(ui: &mut egui::Ui, tone: Tone, text: &str) -> egui::Response {
    let color = tone.color();
    egui::Frame::new()
        .fill(badge_fill(color, palette().surface.panel))
        .stroke(Stroke::new(1.0, color))
        .corner_radius(CornerRadius::same(corner::SMALL))
        .inner_margin(Margin::symmetric(space::S as i8, space::XS as i8))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(tone.icon().rich_text().color(color).size(18.0));
                ui.add(egui::Label::new(RichText::new(text).color(palette().ink.text)).wrap());
            });
        })
        .response
}

/// A card: the content in a framed, rounded panel with a soft shadow.
pub fn card<R>(
    ui: &mut egui::Ui,
    add_contents: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::InnerResponse<R> {
    theme::card_frame().show(ui, add_contents)
}

/// A card's title: an icon and a heading.
pub fn card_title(ui: &mut egui::Ui, icon: MaterialIcon, title: &str) {
    ui.horizontal(|ui| {
        ui.label(icon.rich_text().size(20.0).color(palette().ink.accent));
        ui.label(RichText::new(title).heading().color(palette().ink.text));
    });
    ui.add_space(space::XS);
}

/// A button with an icon and a word, named for screen readers by `name`
/// (the word, or a longer name such as "Delete: Night Raiders").
pub fn icon_button(
    ui: &mut egui::Ui,
    icon: MaterialIcon,
    word: &str,
    name: &str,
    enabled: bool,
) -> egui::Response {
    icon_button_hinted(ui, icon, word, name, enabled).on_disabled_hover_text(name)
}

/// [`icon_button`] without its name on hover when greyed: for a button
/// whose hint (why it is greyed) is shown beside it, one tooltip only.
pub fn icon_button_hinted(
    ui: &mut egui::Ui,
    icon: MaterialIcon,
    word: &str,
    name: &str,
    enabled: bool,
) -> egui::Response {
    let text = format!("{} {word}", icon.codepoint);
    let r = ui.add_enabled(enabled, egui::Button::new(text));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, name));
    r
}

/// A problem as a line that opens its rule in the reference when clicked.
pub fn problem_link_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, p: &Problem) {
    let text = cx.lang.problem_line(p);
    let r = egui::Frame::new()
        .fill(badge_fill(palette().state.warning, palette().surface.panel))
        .stroke(egui::Stroke::new(1.0, palette().state.warning))
        .corner_radius(egui::CornerRadius::same(corner::SMALL))
        .inner_margin(egui::Margin::symmetric(space::S as i8, space::XS as i8))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    Tone::Warning
                        .icon()
                        .rich_text()
                        .color(palette().state.warning)
                        .size(18.0),
                );
                ui.add(
                    egui::Label::new(RichText::new(&text).color(palette().ink.text))
                        .wrap()
                        .sense(egui::Sense::click()),
                )
            })
            .inner
        })
        .inner
        .on_hover_text(cx.t("reference.open_hint"));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Link, true, &text));
    if r.clicked() {
        cx.send(Command::Show(Screen::Reference(Some(p.rule.to_string()))));
    }
}

/// Shows a list of problems, each with its rule id and a click away from
/// the rule's text, or a badge saying that all is within the rules.
pub fn problems_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, problems: &[Problem]) {
    problems_badge(ui, cx, problems.len());
    if problems.is_empty() {
        return;
    }
    ui.add_space(space::XS);
    for p in problems {
        problem_link_ui(ui, cx, p);
    }
}

/// The width a described option's text wraps to, so a long effect reads on
/// a few lines instead of widening the list off the window.
const OPTION_TEXT_WIDTH: f32 = 300.0;

/// An option of a picker's list that says what it offers before it is
/// chosen: its name, and under it, smaller and subdued, `detail` (a
/// weapon's profile, an item's effect), wrapped. A refused option
/// (`enabled` false) is greyed. Screen readers hear the name, and the
/// detail as its description. Returns its response (clicked when chosen).
pub fn described_option(
    ui: &mut egui::Ui,
    name: &str,
    detail: &str,
    selected: bool,
    enabled: bool,
) -> egui::Response {
    ui.add_enabled_ui(enabled, |ui| {
        let pad = ui.spacing().button_padding;
        let wrap = OPTION_TEXT_WIDTH.max(ui.available_width() - 2.0 * pad.x);
        let wrapped = Some(egui::TextWrapMode::Wrap);
        let name_g =
            egui::WidgetText::from(name).into_galley(ui, wrapped, wrap, egui::TextStyle::Button);
        let detail_g = (!detail.is_empty()).then(|| {
            // Smaller than the name, yet readable at the table.
            let size = 0.86 * egui::TextStyle::Body.resolve(ui.style()).size;
            egui::WidgetText::from(RichText::new(detail).size(size)).into_galley(
                ui,
                wrapped,
                wrap,
                egui::TextStyle::Small,
            )
        });
        let detail_h = detail_g.as_ref().map_or(0.0, |g| g.size().y + 2.0);
        let size = egui::vec2(wrap + 2.0 * pad.x, name_g.size().y + detail_h + 2.0 * pad.y);
        let (rect, r) = ui.allocate_exact_size(size, egui::Sense::click());
        r.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Button, ui.is_enabled(), selected, name)
        });
        if !detail.is_empty() {
            ui.ctx()
                .accesskit_node_builder(r.id, |n| n.set_description(detail.to_owned()));
        }
        if ui.is_rect_visible(rect) {
            let v = ui.style().interact_selectable(&r, selected);
            if selected || r.hovered() || r.has_focus() {
                ui.painter().rect(
                    rect.expand(v.expansion),
                    v.corner_radius,
                    v.weak_bg_fill,
                    v.bg_stroke,
                    egui::StrokeKind::Inside,
                );
            }
            let top = rect.min + pad;
            let below = top + egui::vec2(0.0, name_g.size().y + 2.0);
            ui.painter().galley(top, name_g, v.text_color());
            if let Some(g) = detail_g {
                ui.painter().galley(below, g, palette().ink.subdued);
            }
        }
        r
    })
    .inner
}

/// Lays out `add` left to right as one piece. In a wrapping line a nested
/// row cannot be wrapped by egui, which gives it what is left of the line
/// whatever its size: so when what is left is narrower than the piece was
/// last frame, it starts the next row rather than running past the edge
/// (over the card beside it).
pub fn together(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let id = ui.next_auto_id().with("together");
    let last: Option<f32> = ui.data(|d| d.get_temp(id));
    let at_row_start = ui.cursor().min.x <= ui.max_rect().min.x + 0.5;
    if let Some(w) = last
        && !at_row_start
        && ui.available_size_before_wrap().x < w
    {
        ui.end_row();
    }
    let r = ui.horizontal(add).response;
    ui.data_mut(|d| d.insert_temp(id, r.rect.width()));
}

/// A chart that holds still: its size and axes' names given, no zoom, drag
/// or scroll (a chart read at the table, not explored).
pub fn still_plot<'a>(
    id: impl egui::AsIdSalt,
    (width, height): (f32, f32),
    (x_axis, y_axis): (String, String),
) -> egui_plot::Plot<'a> {
    egui_plot::Plot::new(id)
        .width(width)
        .height(height)
        .x_axis_label(x_axis)
        .y_axis_label(y_axis)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .allow_axis_zoom_drag(false)
}
