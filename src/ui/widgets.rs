//! Small widgets shared by the views: labelled fields, cards, status badges
//! (icon + word + colour, never colour alone) and alerts for refusals and
//! errors. Colours come from the theme's palette.

use egui::{Color32, CornerRadius, Margin, RichText, Stroke};
use egui_material_icons::MaterialIcon;
use egui_material_icons::icons;

use crate::app::{Command, Screen};
use crate::i18n::Lang;
use crate::rules::Problem;
use crate::rules::campaign::Stamp;
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

/// Rows of one height, of which only those on screen are drawn: the space
/// of the others is allocated, so the scroll bar is right. A frame then
/// costs what is visible, not what is in the list.
pub fn virtual_rows(
    ui: &mut egui::Ui,
    row_height: f32,
    count: usize,
    mut row: impl FnMut(&mut egui::Ui, usize),
) {
    if count == 0 {
        return;
    }
    let gap = ui.spacing().item_spacing.y;
    let stride = row_height + gap;
    let top = ui.cursor().top();
    let clip = ui.clip_rect();
    let index = |y: f32| {
        let i = ((y - top) / stride).floor();
        if i.is_finite() && i > 0.0 {
            (i as usize).min(count)
        } else {
            0
        }
    };
    let first = index(clip.top());
    // A list that starts below what is in view draws no row at all.
    let last = if clip.bottom() < top {
        first
    } else {
        (index(clip.bottom()) + 1).min(count).max(first)
    };
    let width = ui.available_width();
    if first > 0 {
        ui.allocate_space(egui::vec2(width, first as f32 * stride - gap));
    }
    for i in first..last {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(width, row_height), egui::Sense::hover());
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .id_salt(("row", i))
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        child.set_clip_rect(rect.intersect(ui.clip_rect()));
        row(&mut child, i);
    }
    if last < count {
        ui.allocate_space(egui::vec2(width, (count - last) as f32 * stride - gap));
    }
}

/// Cards of one inner width and any height, in as many rows as the space
/// needs: egui's wrapping layout cannot know a card's width before it is
/// drawn, so a row of many cards would run off the edge; here the cards a
/// row holds are counted first.
///
/// A row scrolled out of view, once drawn, keeps only its place: its
/// height from the last frame it was drawn in is taken, and its cards are
/// not laid out again (a table of twenty cards costs the few in view).
/// `id_salt` names the list among the others of the window.
pub fn card_rows<T>(
    ui: &mut egui::Ui,
    (id_salt, inner_width): (impl std::hash::Hash + std::fmt::Debug, f32),
    items: impl IntoIterator<Item = T>,
    mut cell: impl FnMut(&mut egui::Ui, T),
) {
    let gap = ui.spacing().item_spacing.x;
    let outer = inner_width + theme::card_frame().total_margin().sum().x;
    let columns = (((ui.available_width() + gap) / (outer + gap)).floor() as usize).max(1);
    // Named by the caller: another list before it never lends its heights.
    let rows_id = egui::Id::unique(("card_rows", id_salt, columns));
    let mut items = items.into_iter().peekable();
    let mut row = 0usize;
    while items.peek().is_some() {
        let id = rows_id.with(row);
        let known: Option<f32> = ui.data(|d| d.get_temp(id));
        let top = ui.cursor().top();
        let clip = ui.clip_rect();
        let out_of_view = known.is_some_and(|h| {
            top > clip.bottom() + CULL_MARGIN || top + h < clip.top() - CULL_MARGIN
        });
        if let (true, Some(height)) = (out_of_view, known) {
            items.by_ref().take(columns).for_each(drop);
            ui.allocate_space(egui::vec2(ui.available_width(), height));
        } else {
            let r = ui.horizontal_top(|ui| {
                for item in items.by_ref().take(columns) {
                    cell(ui, item);
                }
            });
            let height = r.response.rect.height();
            ui.data_mut(|d| d.insert_temp(id, height));
        }
        row += 1;
    }
}

/// How far beyond the visible part a row of cards is still drawn, so that
/// a card coming into view as one scrolls is already laid out.
const CULL_MARGIN: f32 = 200.0;

/// Cards of one size in rows that fill the width, only the rows in view
/// drawn (a long escort costs what is on screen).
pub fn card_grid(
    ui: &mut egui::Ui,
    count: usize,
    card: egui::Vec2,
    mut cell: impl FnMut(&mut egui::Ui, usize),
) {
    let gap = ui.spacing().item_spacing.x;
    let columns = (((ui.available_width() + gap) / (card.x + gap)).floor() as usize).max(1);
    let rows = count.div_ceil(columns);
    virtual_rows(ui, card.y, rows, |ui, row| {
        ui.with_layout(egui::Layout::left_to_right(egui::Align::TOP), |ui| {
            for i in row * columns..((row + 1) * columns).min(count) {
                ui.allocate_ui_with_layout(card, egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.set_min_size(card);
                    cell(ui, i);
                });
            }
        });
    });
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

/// The widest a card button's hint is: a card's width (`card_rows`).
const CARD_TIP_WIDTH: f32 = 240.0;

/// A widget's hint shown where it covers no other control (egui puts a
/// tooltip below its widget, where on a card it covers the next row's
/// buttons).
pub trait HintBeside {
    /// Shows `text` beside the widget when hovered, enabled or not, on a
    /// side where it covers no other control.
    fn hint_beside(self, text: &str) -> Self;
}

impl HintBeside for egui::Response {
    fn hint_beside(self, text: &str) -> Self {
        // Worked out only for the widget pointed at (a greyed one is
        // never "hovered").
        if !self.contains_pointer() {
            return self;
        }
        let tip = if self.enabled() {
            egui::Tooltip::for_enabled(&self)
        } else {
            egui::Tooltip::for_disabled(&self)
        };
        // As narrow as a card, so as to stay over its own.
        let width = CARD_TIP_WIDTH.min(self.ctx.global_style().spacing.tooltip_width);
        let mut tip = tip.width(width);
        // Exactly there: egui's alternatives know nothing of the controls.
        tip.popup = tip
            .popup
            .align(clear_side(&self, text, width))
            .align_alternatives(&[]);
        tip.show(|ui| {
            ui.label(text);
        });
        self
    }
}

/// The side of `r` where a hint of `text`, `width` wide at most, stays in
/// the window, covers none of the next controls (below it, in its column:
/// the rest of a card or a list) and the fewest others of the last frame:
/// above it or beside it.
fn clear_side(r: &egui::Response, text: &str, width: f32) -> egui::RectAlign {
    use egui::RectAlign as A;
    const SIDES: [A; 7] = [
        A::TOP,
        A::TOP_END,
        A::TOP_START,
        A::RIGHT_START,
        A::LEFT_START,
        A::RIGHT_END,
        A::LEFT_END,
    ];
    // The tooltip's gap to the widget.
    const GAP: f32 = 4.0;
    let style = r.ctx.global_style();
    let around = egui::Frame::popup(&style).total_margin().sum() + egui::Vec2::splat(2.0);
    let font = egui::TextStyle::Body.resolve(&style);
    let galley = r.ctx.fonts_mut(|f| {
        f.layout(
            text.to_owned(),
            font,
            egui::Color32::WHITE,
            width - around.x,
        )
    });
    let size = galley.size() + around;
    let window = r.ctx.content_rect();
    let others: Vec<egui::Rect> = r.ctx.viewport(|vp| {
        vp.prev_pass
            .widgets
            .get_layer(r.layer_id)
            .filter(|w| w.id != r.id && w.visible)
            // Controls: a label that selects its text clicks, but takes no
            // focus.
            .filter(|w| w.sense.senses_click() && w.sense.is_focusable())
            .map(|w| w.interact_rect)
            .filter(|o| !o.intersects(r.rect))
            .collect()
    });
    // The next controls: below it, in its column.
    let next: Vec<&egui::Rect> = others
        .iter()
        .filter(|o| o.min.y >= r.rect.max.y && o.x_range().intersects(r.rect.x_range()))
        .collect();
    SIDES
        .into_iter()
        .filter(|side| {
            let at = side.align_rect(&r.rect, size, GAP);
            window.contains_rect(at) && !next.iter().any(|o| o.intersects(at))
        })
        .min_by_key(|side| {
            let at = side.align_rect(&r.rect, size, GAP);
            others.iter().filter(|o| o.intersects(at)).count()
        })
        .unwrap_or(A::TOP)
}

/// Shows `add` as `r`'s tooltip (when hovered, enabled or not) beside it:
/// on the side of the window with more room, as narrow as that room asks,
/// and only when there is none above or below. egui puts a tooltip below
/// its widget, where in a list it covers the next option.
pub fn hover_beside(r: egui::Response, add: impl FnOnce(&mut egui::Ui)) -> egui::Response {
    const ELSE: [egui::RectAlign; 4] = [
        egui::RectAlign::RIGHT_START,
        egui::RectAlign::LEFT_START,
        egui::RectAlign::TOP_START,
        egui::RectAlign::BOTTOM_START,
    ];
    // The tooltip's frame and its gap to the widget.
    const AROUND: f32 = 24.0;
    let window = r.ctx.content_rect();
    let (right, left) = (
        window.right() - r.rect.right(),
        r.rect.left() - window.left(),
    );
    let side = if right >= left {
        egui::RectAlign::RIGHT_START
    } else {
        egui::RectAlign::LEFT_START
    };
    let widest = r.ctx.global_style().spacing.tooltip_width;
    let width = (right.max(left) - AROUND).clamp(OPTION_TEXT_WIDTH.min(widest), widest);
    let tip = if r.enabled() {
        egui::Tooltip::for_enabled(&r)
    } else {
        egui::Tooltip::for_disabled(&r)
    };
    let mut tip = tip.width(width);
    tip.popup = tip.popup.align(side).align_alternatives(&ELSE);
    tip.show(add);
    r
}

/// `text` as `r`'s tooltip beside it ([`hover_beside`]).
pub fn hover_text_beside(r: egui::Response, text: &str) -> egui::Response {
    hover_beside(r, |ui| {
        ui.label(text);
    })
}

/// When a campaign event was made, as a player reads it: `2026-11-25
/// 17:36 UTC` from the stamp's `2026-11-25T17:36:36Z`, with `seconds`
/// `17:36:36` (anything else as it is written).
pub fn stamp_time(at: &str, seconds: bool) -> String {
    let shown = if seconds { 8 } else { 5 };
    match at.strip_suffix('Z').and_then(|t| t.split_once('T')) {
        Some((day, time)) => format!("{day} {} UTC", time.get(..shown).unwrap_or(time)),
        None => at.to_owned(),
    }
}

/// Who made a campaign event, as words ("Camille on the laptop", or the
/// machine's name alone), and whether a player is named (the sentence
/// then says "by" rather than "on").
pub fn stamp_who(lang: Lang, stamp: &Stamp) -> Option<(String, bool)> {
    let who = stamp.who()?;
    Some((lang.msg(&who), stamp.player.is_some()))
}

/// Who made a campaign event, where and when ("made by Camille on the
/// laptop, 2026-11-25 17:36 UTC"), if its stamp says.
pub fn stamp_words(lang: Lang, stamp: &Stamp) -> Option<String> {
    let at = stamp.at.as_deref().map(|at| stamp_time(at, false));
    match (stamp_who(lang, stamp), at) {
        (Some((who, player)), Some(at)) => Some(lang.f(
            if player {
                "campaign.ui.made_by_at"
            } else {
                "campaign.ui.made_on_at"
            },
            &[("who", &who), ("by", &who), ("at", &at)],
        )),
        (Some((who, player)), None) => Some(lang.f(
            if player {
                "campaign.ui.made_by"
            } else {
                "campaign.ui.made_on"
            },
            &[("who", &who), ("by", &who)],
        )),
        (None, Some(at)) => Some(lang.f("campaign.ui.made_at", &[("at", &at)])),
        (None, None) => None,
    }
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
