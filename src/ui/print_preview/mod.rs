//! The print preview: the document's sheet model (the one the PDF and the
//! Markdown are made from) drawn as paper pages, in the PDF's typeface and
//! proportions, with the paper, the sheet's language and the rules appendix
//! to choose, "Export PDF…" and "Copy as text".

use egui::text::LayoutJob;
use egui::{Align, Color32, CornerRadius, FontFamily, FontId, Layout, Margin, RichText, Stroke};
use egui_material_icons::icons;

use crate::app::{Command, Model, PreviewRequest, PrintPrefs, Screen};
use crate::i18n::Lang;
use crate::print::layout::{Piece, pages_from_map, paginate, pieces};
use crate::print::model::{Block, Card, Fact, Sheet, Table, Tag, Track};
use crate::print::pdf::PageMap;
use crate::print::{Paper, SheetOptions, sheet_of};
use crate::rules::Msg;
use crate::rules::{Doc, DocKey};
use crate::ui::theme::{PALETTE, PAPER, SHEET_FONT, SHEET_FONT_BOLD, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// Screen points per printed point: the page is drawn 1.5 times its printed
/// size, every size of the template in proportion, so that it reads on a
/// screen and breaks into pages much as the PDF does.
const SCALE: f32 = 1.5;
/// Printed points in a millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;

/// The template's sizes, in printed points (`assets/sheets/sheet.typ`).
mod size {
    pub const BODY: f32 = 7.6;
    pub const TITLE: f32 = 16.0;
    pub const SUBTITLE: f32 = 9.0;
    pub const HEADING: f32 = 10.0;
    pub const CARD_TITLE: f32 = 10.0;
    pub const TAG: f32 = 6.8;
    pub const FOOTER: f32 = 7.0;
    pub const BOX_NUMBER: f32 = 6.0;
    /// Page margins: sides and top, bottom (with the footer).
    pub const MARGIN: f32 = 31.2;
    pub const MARGIN_BOTTOM: f32 = 36.9;
    /// Gaps.
    pub const GAP: f32 = 5.0;
    pub const CELL_X: f32 = 3.0;
    pub const CELL_Y: f32 = 2.0;
}

/// Screen points from printed points.
fn px(pt: f32) -> f32 {
    pt * SCALE
}

fn font(pt: f32, bold: bool) -> FontId {
    let name = if bold { SHEET_FONT_BOLD } else { SHEET_FONT };
    FontId::new(px(pt), FontFamily::Name(name.into()))
}

fn text(t: &str, pt: f32, bold: bool, color: Color32) -> RichText {
    RichText::new(t).font(font(pt, bold)).color(color)
}

/// What the preview was drawn from, to build the sheet again only when it
/// changes.
struct Built {
    doc: Doc,
    options: SheetOptions,
    sheet: Sheet,
    pieces: Vec<Piece>,
}

/// State of the print preview.
#[derive(Default)]
pub struct PrintPreviewView {
    built: Option<Built>,
    /// The measured height of each piece, on the paper below.
    heights: Vec<f32>,
    measured_on: Option<Paper>,
}

impl PrintPreviewView {
    /// Shows the preview of document `key`.
    pub fn ui(&mut self, ui: &mut egui::Ui, model: &Model, key: &DocKey, out: &mut Vec<Command>) {
        let lang = model.lang;
        let Some(doc) = model.doc(key) else {
            alert(ui, Tone::Info, lang.t("print.missing"));
            return;
        };
        let options = model.print.sheet_options(lang);
        let fresh = self
            .built
            .as_ref()
            .is_none_or(|b| b.options != options || b.doc != *doc);
        if fresh {
            self.heights.clear();
            self.built = sheet_of(doc, &model.rules, options).map(|sheet| Built {
                doc: doc.clone(),
                options,
                pieces: pieces(&sheet),
                sheet,
            });
        }
        controls_ui(ui, model, key, doc.name(), out);
        ui.add_space(space::L);
        let Some(built) = &self.built else {
            alert(
                ui,
                Tone::Info,
                &lang.f("print.no_sheet_here", &[("name", doc.name())]),
            );
            return;
        };
        let paper = model.print.paper;
        if self.measured_on != Some(paper) {
            self.measured_on = Some(paper);
            self.heights.clear();
        }
        self.heights.resize(built.pieces.len(), 0.0);
        // The PDF's pages for the sheet shown, typeset on the app's thread.
        let preview = model
            .preview
            .as_ref()
            .filter(|p| p.request.paper == paper && p.request.sheet == built.sheet);
        if preview.is_none() {
            out.push(Command::TypesetPreview(PreviewRequest {
                sheet: built.sheet.clone(),
                paper,
            }));
        }
        let done = preview.and_then(|p| p.result.as_ref());
        typeset_ui(ui, lang, done);
        let map = done.and_then(|d| d.as_ref().ok());
        let before = self.heights.clone();
        pages_ui(ui, built, paper, &mut self.heights, map);
        if before != self.heights {
            // The first frame measures; the next lays the pages out.
            ui.ctx().request_repaint();
        }
    }
}

/// The choices and the actions above the pages.
fn controls_ui(ui: &mut egui::Ui, model: &Model, key: &DocKey, name: &str, out: &mut Vec<Command>) {
    let lang = model.lang;
    let print = model.print;
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            card_title(
                ui,
                icons::ICON_PRINT,
                &lang.f("print.heading", &[("name", name)]),
            );
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if let Some(back) = Screen::of_doc(key) {
                    let word = lang.t("print.back");
                    if icon_button(ui, icons::ICON_ARROW_BACK, word, word, true).clicked() {
                        out.push(Command::Show(back));
                    }
                }
            });
        });
        ui.add_space(space::S);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(lang.t("print.paper")).strong());
            for paper in Paper::ALL {
                let word = lang.t(paper.key());
                let named = lang.f("print.paper_named", &[("paper", word)]);
                let r = ui.selectable_label(print.paper == paper, word);
                r.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::RadioButton,
                        true,
                        print.paper == paper,
                        &named,
                    )
                });
                if r.clicked() && print.paper != paper {
                    out.push(Command::SetPrint(PrintPrefs { paper, ..print }));
                }
            }
            ui.add_space(space::L);
            ui.label(RichText::new(lang.t("print.language")).strong());
            let sheet_lang = print.sheet_lang(lang);
            for l in Lang::ALL {
                let named = lang.f("print.language_named", &[("language", l.native_name())]);
                let r = ui.selectable_label(sheet_lang == l, l.native_name());
                r.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::RadioButton,
                        true,
                        sheet_lang == l,
                        &named,
                    )
                });
                if r.clicked() && print.lang != Some(l) {
                    out.push(Command::SetPrint(PrintPrefs {
                        lang: Some(l),
                        ..print
                    }));
                }
            }
            ui.add_space(space::L);
            let mut appendix = print.appendix;
            if ui
                .checkbox(&mut appendix, lang.t("print.appendix"))
                .on_hover_text(lang.t("print.appendix_hint"))
                .changed()
            {
                out.push(Command::SetPrint(PrintPrefs { appendix, ..print }));
            }
        });
        ui.add_space(space::S);
        ui.horizontal_wrapped(|ui| {
            let busy = model.printing.is_some();
            let word = lang.t("print.export_pdf");
            if icon_button(ui, icons::ICON_PICTURE_AS_PDF, word, word, !busy).clicked() {
                out.push(Command::ExportPdfDialog(key.clone()));
            }
            let word = lang.t("print.copy_text");
            if icon_button(ui, icons::ICON_CONTENT_COPY, word, word, true)
                .on_hover_text(lang.t("print.copy_text_hint"))
                .clicked()
            {
                out.push(Command::CopySheetText(key.clone()));
            }
            if let Some(path) = &model.printing {
                ui.add(egui::Spinner::new());
                let writing = lang.f("print.writing", &[("path", &path.display().to_string())]);
                ui.label(RichText::new(writing).color(PALETTE.text));
            } else if let Some(path) = &model.last_pdf {
                let shown = path.display().to_string();
                badge(
                    ui,
                    Tone::Good,
                    &lang.f("print.written", &[("path", &shown)]),
                );
                let word = lang.t("print.open");
                let named = lang.f("print.open_named", &[("path", &shown)]);
                if icon_button(ui, icons::ICON_OPEN_IN_NEW, word, &named, true).clicked() {
                    out.push(Command::OpenFile(path.clone()));
                }
            }
        });
        ui.add_space(space::XS);
        ui.label(RichText::new(lang.t("print.note")).color(PALETTE.text_subdued));
    });
}

/// The PDF's page count as typst lays it out, the characters its fonts
/// lack, or why it could not be typeset.
fn typeset_ui(ui: &mut egui::Ui, lang: Lang, done: Option<&Result<PageMap, Msg>>) {
    match done {
        None => {
            // No spinner: it would repaint every frame; the thread wakes
            // the window when it is done.
            badge(ui, Tone::Info, lang.t("print.paginating"));
        }
        Some(Ok(map)) => {
            badge(
                ui,
                Tone::Info,
                &lang.f("print.pdf_pages", &[("n", &map.pages.to_string())]),
            );
            if let Some(w) = crate::print::pdf::glyph_warning(&map.missing_glyphs) {
                ui.add_space(space::S);
                alert(ui, Tone::Warning, &lang.msg(&w));
            }
        }
        Some(Err(e)) => {
            alert(ui, Tone::Error, &lang.msg(e));
        }
    }
    ui.add_space(space::L);
}

/// The pages, one under the other, centred: broken where the PDF's are
/// when typst has said where, else by the heights measured here.
fn pages_ui(
    ui: &mut egui::Ui,
    built: &Built,
    paper: Paper,
    heights: &mut [f32],
    map: Option<&PageMap>,
) {
    let (w_mm, h_mm) = paper.size_mm();
    let page = egui::vec2(px(w_mm * PT_PER_MM), px(h_mm * PT_PER_MM));
    let margin = px(size::MARGIN);
    let bottom = px(size::MARGIN_BOTTOM);
    let inner = egui::vec2(page.x - 2.0 * margin, page.y - margin - bottom);
    let pages = map
        .and_then(|m| pages_from_map(&built.pieces, m))
        .unwrap_or_else(|| paginate(&built.pieces, heights, inner.y));
    let count = pages.len();
    let sheet = &built.sheet;
    ui.vertical_centered(|ui| {
        for (n, on_page) in pages.iter().enumerate() {
            let frame = egui::Frame::new()
                .fill(PAPER.paper)
                .inner_margin(Margin {
                    left: margin as i8,
                    right: margin as i8,
                    top: margin as i8,
                    bottom: (bottom * 0.35) as i8,
                })
                .shadow(egui::Shadow {
                    offset: [0, 3],
                    blur: 12,
                    spread: 0,
                    color: Color32::from_black_alpha(120),
                });
            frame.show(ui, |ui| {
                ui.set_width(inner.x);
                page_style(ui);
                ui.with_layout(Layout::top_down(Align::Min), |ui| {
                    let top = ui.cursor().top();
                    for &i in on_page {
                        let drawn = ui.scope(|ui| piece_ui(ui, sheet, &built.pieces[i], inner.x));
                        heights[i] = drawn.response.rect.height() + ui.spacing().item_spacing.y;
                    }
                    // The footer at the foot of the page.
                    let used = ui.cursor().top() - top;
                    ui.add_space((inner.y - used).max(0.0) + bottom * 0.3);
                    footer_ui(ui, sheet, n + 1, count);
                });
            });
            ui.add_space(space::XL);
        }
    });
}

/// Ink on paper, the template's spacing.
fn page_style(ui: &mut egui::Ui) {
    let style = ui.style_mut();
    style.visuals.override_text_color = Some(PAPER.ink);
    style.spacing.item_spacing = egui::vec2(px(2.0), px(1.0));
    style
        .text_styles
        .insert(egui::TextStyle::Body, font(size::BODY, false));
}

fn footer_ui(ui: &mut egui::Ui, sheet: &Sheet, n: usize, count: usize) {
    let left = format!("{} — {}", sheet.title, sheet.labels.footer);
    let right = format!("{} {n} {} {count}", sheet.labels.page, sheet.labels.of);
    ui.horizontal(|ui| {
        ui.label(text(&left, size::FOOTER, false, PAPER.subdued));
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            ui.label(text(&right, size::FOOTER, false, PAPER.subdued));
        });
    });
}

fn piece_ui(ui: &mut egui::Ui, sheet: &Sheet, piece: &Piece, width: f32) {
    ui.set_width(width);
    match piece {
        Piece::Title => {
            ui.horizontal(|ui| {
                ui.label(text(&sheet.title, size::TITLE, true, PAPER.ink));
                ui.with_layout(Layout::right_to_left(Align::BOTTOM), |ui| {
                    ui.add(
                        egui::Label::new(text(
                            &sheet.subtitle,
                            size::SUBTITLE,
                            false,
                            PAPER.subdued,
                        ))
                        .wrap(),
                    );
                });
            });
        }
        Piece::Heading(s) => heading(ui, &sheet.sections[*s].title, width),
        Piece::AppendixHeading => heading(ui, &sheet.labels.appendix, width),
        Piece::Block(s, b) => block_ui(ui, &sheet.sections[*s].blocks[*b], width),
        Piece::Side(sections) => {
            let gap = px(10.0);
            let shares: f32 = sections.iter().map(|(_, w)| w).sum();
            let room = width - gap * (sections.len().saturating_sub(1)) as f32;
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = gap;
                for (column, share) in sections {
                    let w = room * share / shares;
                    ui.allocate_ui_with_layout(
                        egui::vec2(w, 0.0),
                        Layout::top_down(Align::Min),
                        |ui| {
                            ui.set_width(w);
                            for s in column {
                                whole_section_ui(ui, &sheet.sections[*s], w);
                            }
                        },
                    );
                }
            });
        }
        Piece::Cards(s, b, c, beside) => {
            let c = *c;
            if let Block::Cards { cards } = &sheet.sections[*s].blocks[*b] {
                let gap = px(size::GAP);
                let half = (width - gap) / 2.0;
                ui.horizontal_top(|ui| {
                    ui.spacing_mut().item_spacing.x = gap;
                    for card in cards.iter().skip(c).take(2) {
                        ui.allocate_ui_with_layout(
                            egui::vec2(half, 0.0),
                            Layout::top_down(Align::Min),
                            |ui| card_ui(ui, card, half),
                        );
                    }
                    if let Some(n) = beside {
                        ui.allocate_ui_with_layout(
                            egui::vec2(half, 0.0),
                            Layout::top_down(Align::Min),
                            |ui| {
                                ui.set_width(half);
                                whole_section_ui(ui, &sheet.sections[*n], half);
                            },
                        );
                    }
                });
            }
        }
        Piece::Rule(i) => {
            let r = &sheet.appendix[*i];
            let mut job = LayoutJob::default();
            append(
                &mut job,
                &format!("{} — {}. ", r.id, r.title),
                size::BODY,
                true,
                PAPER.ink,
            );
            append(&mut job, &r.text, size::BODY, false, PAPER.ink);
            job.wrap.max_width = width;
            ui.add(egui::Label::new(job).wrap());
        }
    }
}

/// A section whole, heading and blocks, in a column `width` wide.
fn whole_section_ui(ui: &mut egui::Ui, section: &crate::print::model::Section, width: f32) {
    heading(ui, &section.title, width);
    for b in &section.blocks {
        match b {
            // The VP table in two halves side by side.
            Block::Table(t) if section.id == "vp" && t.rows.len() > 4 => halves_ui(ui, t, width),
            _ => block_ui(ui, b, width),
        }
    }
}

/// A long table in two halves side by side, each with its header.
fn halves_ui(ui: &mut egui::Ui, t: &Table, width: f32) {
    let half = t.rows.len().div_ceil(2);
    let gap = px(4.0);
    let w = (width - gap) / 2.0;
    ui.horizontal_top(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for rows in [&t.rows[..half], &t.rows[half..]] {
            let part = Table {
                rows: rows.to_vec(),
                marked: Vec::new(),
                ..t.clone()
            };
            ui.allocate_ui_with_layout(egui::vec2(w, 0.0), Layout::top_down(Align::Min), |ui| {
                table_ui(ui, &part, w);
            });
        }
    });
}

fn append(job: &mut LayoutJob, t: &str, pt: f32, bold: bool, color: Color32) {
    job.append(
        t,
        0.0,
        egui::TextFormat {
            font_id: font(pt, bold),
            color,
            ..Default::default()
        },
    );
}

fn heading(ui: &mut egui::Ui, title: &str, width: f32) {
    ui.add_space(px(6.0));
    ui.label(text(title, size::HEADING, true, PAPER.accent));
    let y = ui.cursor().top();
    let x = ui.cursor().left();
    ui.painter().line_segment(
        [egui::pos2(x, y), egui::pos2(x + width, y)],
        Stroke::new(px(1.0), PAPER.accent),
    );
    ui.add_space(px(3.0));
}

fn block_ui(ui: &mut egui::Ui, block: &Block, width: f32) {
    match block {
        Block::Facts { facts } => facts_ui(ui, facts, width),
        Block::Table(t) => table_ui(ui, t, width),
        Block::Text { text: t } => {
            ui.add(egui::Label::new(text(t, size::BODY, false, PAPER.ink)).wrap());
        }
        Block::Track(t) => track_ui(ui, t),
        // Cards come as pieces of their own (two side by side).
        Block::Cards { cards } => {
            for c in cards {
                card_ui(ui, c, width);
            }
        }
    }
}

fn facts_ui(ui: &mut egui::Ui, facts: &[Fact], width: f32) {
    let label_width = facts
        .iter()
        .map(|f| measure(ui, &f.label, size::BODY, true))
        .fold(0.0, f32::max)
        .min(width * 0.45);
    let gap = px(6.0);
    for f in facts {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            ui.allocate_ui_with_layout(
                egui::vec2(label_width, 0.0),
                Layout::top_down(Align::Min),
                |ui| {
                    ui.set_width(label_width);
                    ui.add(egui::Label::new(text(&f.label, size::BODY, true, PAPER.ink)).wrap());
                },
            );
            ui.add(egui::Label::new(text(&f.value, size::BODY, false, PAPER.ink)).wrap());
        });
    }
}

/// The width of a text on one line.
fn measure(ui: &egui::Ui, t: &str, pt: f32, bold: bool) -> f32 {
    crate::ui::widgets::text_width(ui, text(t, pt, bold, PAPER.ink))
}

/// The width of a text's longest word.
fn longest_word(ui: &egui::Ui, t: &str, pt: f32, bold: bool) -> f32 {
    t.split_whitespace()
        .map(|w| measure(ui, w, pt, bold))
        .fold(0.0, f32::max)
}

/// The narrowest a table can be without breaking a word.
fn table_floor(ui: &egui::Ui, t: &Table) -> f32 {
    let pad = 2.0 * px(size::CELL_X) + 1.0;
    (0..t.columns.len())
        .map(|c| {
            std::iter::once((t.columns[c].as_str(), true))
                .chain(
                    t.rows
                        .iter()
                        .filter_map(|r| r.get(c))
                        .map(|v| (v.as_str(), false)),
                )
                .map(|(v, b)| longest_word(ui, v, size::BODY, b))
                .fold(0.0, f32::max)
                + pad
        })
        .sum()
}

/// The widths of a table's columns in `width`: short columns as wide as
/// their longest value, wrapping columns sharing the rest; when the values
/// do not fit on one line, each column keeps at least its longest word and
/// the rest is shared by what the columns lack.
fn column_widths(ui: &egui::Ui, t: &Table, width: f32) -> Vec<f32> {
    let pad = 2.0 * px(size::CELL_X) + 1.0;
    let cells = |c: usize| {
        std::iter::once((t.columns[c].as_str(), true)).chain(
            t.rows
                .iter()
                .filter_map(move |r| r.get(c))
                .map(|v| (v.as_str(), false)),
        )
    };
    let n = t.columns.len();
    let natural: Vec<f32> = (0..n)
        .map(|c| {
            cells(c)
                .map(|(v, b)| measure(ui, v, size::BODY, b))
                .fold(0.0, f32::max)
                + pad
        })
        .collect();
    let least: Vec<f32> = (0..n)
        .map(|c| {
            cells(c)
                .map(|(v, b)| longest_word(ui, v, size::BODY, b))
                .fold(0.0, f32::max)
                + pad
        })
        .collect();
    let wide: Vec<usize> = t.wide.iter().copied().filter(|&c| c < n).collect();
    let fixed: f32 = (0..n)
        .filter(|c| !wide.contains(c))
        .map(|c| natural[c])
        .sum();
    if !wide.is_empty() && fixed < width * 0.8 {
        let share = (width - fixed) / wide.len() as f32;
        return (0..n)
            .map(|c| if wide.contains(&c) { share } else { natural[c] })
            .collect();
    }
    let total: f32 = natural.iter().sum();
    if total <= width {
        return natural;
    }
    let floor: f32 = least.iter().sum();
    if floor >= width {
        return least.iter().map(|w| w * width / floor).collect();
    }
    let lacking = total - floor;
    let room = width - floor;
    (0..n)
        .map(|c| least[c] + (natural[c] - least[c]) * room / lacking)
        .collect()
}

fn table_ui(ui: &mut egui::Ui, t: &Table, width: f32) {
    if t.columns.is_empty() {
        return;
    }
    let widths = column_widths(ui, t, width);
    let total: f32 = widths.iter().sum();
    let top = ui.cursor().top();
    let left = ui.cursor().left();
    let rule = Stroke::new(px(0.4), PAPER.rule);
    let mut row_lines = Vec::new();
    ui.spacing_mut().item_spacing.y = 0.0;
    let header: Vec<&str> = t.columns.iter().map(String::as_str).collect();
    let rows = std::iter::once((None, header)).chain(
        t.rows
            .iter()
            .enumerate()
            .map(|(r, row)| (Some(r), row.iter().map(String::as_str).collect())),
    );
    for (r, cells) in rows {
        let background = ui.painter().add(egui::Shape::Noop);
        let row = ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            for (c, (w, value)) in widths.iter().zip(&cells).enumerate() {
                let wide = t.wide.contains(&c);
                let marked = r.is_some_and(|r| t.marked.contains(&(r, c)));
                let align = if wide { Align::Min } else { Align::Center };
                ui.allocate_ui_with_layout(egui::vec2(*w, 0.0), Layout::top_down(align), |ui| {
                    ui.set_width(*w);
                    egui::Frame::new()
                        .inner_margin(Margin::symmetric(
                            px(size::CELL_X) as i8,
                            px(size::CELL_Y) as i8,
                        ))
                        .show(ui, |ui| {
                            let bold = r.is_none() || marked;
                            let color = if marked { PAPER.accent } else { PAPER.ink };
                            ui.add(egui::Label::new(text(value, size::BODY, bold, color)).wrap());
                        });
                });
            }
        });
        let rect = egui::Rect::from_min_size(
            egui::pos2(left, row.response.rect.top()),
            egui::vec2(total, row.response.rect.height()),
        );
        let fill = match r {
            None => Some(PAPER.header),
            Some(r) if r % 2 == 0 => Some(PAPER.stripe),
            Some(_) => None,
        };
        if let Some(fill) = fill {
            ui.painter()
                .set(background, egui::Shape::rect_filled(rect, 0.0, fill));
        }
        row_lines.push(rect.bottom());
    }
    let bottom = row_lines.last().copied().unwrap_or(top);
    let p = ui.painter();
    for y in row_lines {
        p.line_segment([egui::pos2(left, y), egui::pos2(left + total, y)], rule);
    }
    let mut x = left;
    p.line_segment([egui::pos2(x, top), egui::pos2(x, bottom)], rule);
    for w in &widths {
        x += w;
        p.line_segment([egui::pos2(x, top), egui::pos2(x, bottom)], rule);
    }
    p.line_segment([egui::pos2(left, top), egui::pos2(left + total, top)], rule);
    ui.add_space(px(3.0));
}

/// The size of one box of a track.
fn box_size(t: &Track) -> egui::Vec2 {
    if t.numbered_from.is_some() {
        egui::vec2(px(11.0), px(8.0))
    } else {
        egui::vec2(px(8.0), px(8.0))
    }
}

/// The width a track takes on one line.
fn track_width(ui: &egui::Ui, t: &Track) -> f32 {
    let gap = px(2.0);
    measure(ui, &format!("{}:", t.label), size::BODY, true)
        + gap
        + px(1.0)
        + t.boxes as f32 * (box_size(t).x + gap)
}

/// A row of boxes: plain ones to tick (ticked ones filled and crossed, so
/// that they do not rely on the shade), or numbered ones.
fn track_ui(ui: &mut egui::Ui, t: &Track) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = px(2.0);
        let label = ui.label(text(&format!("{}:", t.label), size::BODY, true, PAPER.ink));
        let described = match t.numbered_from {
            Some(from) => format!("{} {from}–{}", t.label, from + t.boxes.saturating_sub(1)),
            None => format!("{} {}/{}", t.label, t.ticked, t.boxes),
        };
        label.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &described));
        ui.add_space(px(1.0));
        let size = box_size(t);
        for i in 0..t.boxes {
            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            let p = ui.painter();
            let ticked = t.numbered_from.is_none() && i < t.ticked;
            if ticked {
                p.rect_filled(rect, 0.0, PAPER.ticked);
                let cross = Stroke::new(px(0.8), PAPER.paper);
                let r = rect.shrink(px(1.5));
                p.line_segment([r.left_top(), r.right_bottom()], cross);
                p.line_segment([r.right_top(), r.left_bottom()], cross);
            }
            p.rect_stroke(
                rect,
                0.0,
                Stroke::new(px(0.6), PAPER.ink),
                egui::StrokeKind::Inside,
            );
            if let Some(from) = t.numbered_from {
                p.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    (from + i).to_string(),
                    font(size::BOX_NUMBER, false),
                    PAPER.ink,
                );
            }
        }
    });
}

/// A tag: its word in its tone, framed. The sheet model's word carries its
/// own sign (`✓ fit`, `† dead`), so the state never rests on colour alone.
fn tag_ui(ui: &mut egui::Ui, tag: &Tag) {
    let color = match tag.tone {
        "good" => PAPER.good,
        "warn" => PAPER.warn,
        "bad" => PAPER.bad,
        _ => PAPER.info,
    };
    egui::Frame::new()
        .stroke(Stroke::new(px(0.5), color))
        .corner_radius(CornerRadius::same(px(2.0) as u8))
        .inner_margin(Margin::symmetric(px(3.0) as i8, px(1.0) as i8))
        .show(ui, |ui| {
            ui.label(text(&tag.text, size::TAG, true, color));
        });
}

fn card_ui(ui: &mut egui::Ui, c: &Card, width: f32) {
    let inset = px(5.0);
    egui::Frame::new()
        .stroke(Stroke::new(px(0.7), PAPER.rule))
        .corner_radius(CornerRadius::same(px(3.0) as u8))
        .inner_margin(Margin::same(inset as i8))
        .show(ui, |ui| {
            let inner = width - 2.0 * inset - 2.0;
            ui.set_width(inner);
            // The name and what he is, wrapping; the wound boxes on the right.
            let track = c
                .track
                .as_ref()
                .map_or(0.0, |t| track_width(ui, t) + ui.spacing().item_spacing.x);
            ui.horizontal_top(|ui| {
                let left = (inner - track).max(inner * 0.5);
                ui.allocate_ui_with_layout(
                    egui::vec2(left, 0.0),
                    Layout::top_down(Align::Min),
                    |ui| {
                        ui.set_width(left);
                        let mut job = LayoutJob::default();
                        append(&mut job, &c.title, size::CARD_TITLE, true, PAPER.ink);
                        append(&mut job, "  ", size::BODY, false, PAPER.ink);
                        append(&mut job, &c.subtitle, size::BODY, false, PAPER.subdued);
                        ui.add(egui::Label::new(job).wrap());
                    },
                );
                if let Some(t) = &c.track {
                    track_ui(ui, t);
                }
            });
            if !c.tags.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = px(3.0);
                    for t in &c.tags {
                        tag_ui(ui, t);
                    }
                });
            }
            ui.add_space(px(2.0));
            // A narrow profile beside the weapons; a wide one above them.
            let side_by_side = c.tables.len() == 2 && c.tables[0].columns.len() <= 8;
            if side_by_side {
                let first = column_widths(ui, &c.tables[0], inner).iter().sum::<f32>();
                let gap = px(4.0);
                if first + gap + table_floor(ui, &c.tables[1]) <= inner {
                    ui.horizontal_top(|ui| {
                        ui.spacing_mut().item_spacing.x = gap;
                        ui.allocate_ui_with_layout(
                            egui::vec2(first, 0.0),
                            Layout::top_down(Align::Min),
                            |ui| table_ui(ui, &c.tables[0], first),
                        );
                        let rest = inner - first - gap;
                        ui.allocate_ui_with_layout(
                            egui::vec2(rest, 0.0),
                            Layout::top_down(Align::Min),
                            |ui| table_ui(ui, &c.tables[1], rest),
                        );
                    });
                } else {
                    for t in &c.tables {
                        table_ui(ui, t, inner);
                    }
                }
            } else {
                for t in &c.tables {
                    table_ui(ui, t, inner);
                }
            }
            for l in &c.lines {
                let mut job = LayoutJob::default();
                append(
                    &mut job,
                    &format!("{}: ", l.label),
                    size::BODY,
                    true,
                    PAPER.ink,
                );
                append(&mut job, &l.value, size::BODY, false, PAPER.ink);
                job.wrap.max_width = inner;
                ui.add(egui::Label::new(job).wrap());
            }
        });
}
