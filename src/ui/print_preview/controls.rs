//! The choices and actions above the pages (paper, the sheet's language,
//! the appendix, "Export PDF…", "Copy as text"), and what the typesetting
//! said.

use egui::{Align, Layout, RichText};
use egui_material_icons::icons;

use crate::app::{Command, PrintPrefs, Screen};
use crate::i18n::Lang;
use crate::print::pdf::PageMap;
use crate::print::{CardSize, Paper, Printout, pdf};
use crate::rules::{DocKey, Msg};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// The choices and the actions above the pages.
pub(super) fn controls_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey, name: &str) {
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        header_ui(ui, cx, key, name);
        ui.add_space(space::S);
        let campaign =
            (cx.model.doc(key)).is_some_and(|d| matches!(d, crate::rules::Doc::Campaign(_)));
        ui.horizontal_wrapped(|ui| what_ui(ui, cx, campaign));
        // What the choice prints, said under it rather than in a tooltip
        // that would cover the paper's row.
        let hint = match cx.model.prefs.print.what {
            Printout::Cards(_) => Some("print.cards_hint"),
            Printout::Book if campaign => Some("print.book_hint"),
            _ => None,
        };
        if let Some(hint) = hint {
            ui.label(RichText::new(cx.t(hint)).color(palette().ink.subdued));
        }
        ui.add_space(space::XS);
        ui.horizontal_wrapped(|ui| {
            paper_ui(ui, cx);
            ui.add_space(space::L);
            language_ui(ui, cx);
            ui.add_space(space::L);
            let print = cx.model.prefs.print;
            let mut appendix = print.appendix;
            // Cards have no room for it: each says his items' rules.
            let sheet = !matches!(print.what, Printout::Cards(_));
            let hint = if !sheet {
                "print.appendix_not_on_cards"
            } else {
                "print.appendix_hint"
            };
            if ui
                .add_enabled(
                    sheet,
                    egui::Checkbox::new(&mut appendix, cx.t("print.appendix")),
                )
                .on_hover_text(cx.t(hint))
                .on_disabled_hover_text(cx.t(hint))
                .changed()
            {
                cx.send(Command::SetPrint(PrintPrefs { appendix, ..print }));
            }
        });
        ui.add_space(space::S);
        ui.horizontal_wrapped(|ui| actions_ui(ui, cx, key));
        ui.add_space(space::XS);
        let note = match cx.model.prefs.print.what {
            Printout::Cards(_) => "print.note_cards",
            _ => "print.note",
        };
        ui.label(RichText::new(cx.t(note)).color(palette().ink.subdued));
    });
}

/// The title, and the way back to the document's screen.
fn header_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey, name: &str) {
    ui.horizontal(|ui| {
        card_title(
            ui,
            icons::ICON_PRINT,
            &cx.f("print.heading", &[("name", name)]),
        );
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            if let Some(back) = cx.model.doc(key).map(Screen::of) {
                let word = cx.t("print.back");
                if icon_button(ui, icons::ICON_ARROW_BACK, word, word, true).clicked() {
                    cx.send(Command::Show(back));
                }
            }
        });
    });
}

/// What to print: the document's sheet, cards for the table of either
/// size, or a campaign's book, one radio button each.
fn what_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, campaign: bool) {
    let print = cx.model.prefs.print;
    ui.label(RichText::new(cx.t("print.what")).strong());
    let book = campaign.then_some((Printout::Book, cx.t("print.what_book")));
    let choices = std::iter::once((Printout::Sheet, cx.t("print.what_sheet")))
        .chain(CardSize::ALL.map(|c| (Printout::Cards(c), cx.t(c.key()))))
        .chain(book);
    // A campaign's book chosen for another document prints its sheet.
    let shown = match print.what {
        Printout::Book if !campaign => Printout::Sheet,
        what => what,
    };
    for (what, word) in choices {
        let named = cx.f("print.what_named", &[("what", word)]);
        let chosen = shown == what;
        let r = ui.selectable_label(chosen, word);
        r.widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, chosen, &named));
        if r.clicked() && !chosen {
            cx.send(Command::SetPrint(PrintPrefs { what, ..print }));
        }
    }
}

/// The paper to print on, one radio button each.
fn paper_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let print = cx.model.prefs.print;
    ui.label(RichText::new(cx.t("print.paper")).strong());
    for paper in Paper::ALL {
        let word = cx.t(paper.key());
        let named = cx.f("print.paper_named", &[("paper", word)]);
        let r = ui.selectable_label(print.paper == paper, word);
        r.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::RadioButton, true, print.paper == paper, &named)
        });
        if r.clicked() && print.paper != paper {
            cx.send(Command::SetPrint(PrintPrefs { paper, ..print }));
        }
    }
}

/// The sheet's language, one radio button each.
fn language_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let print = cx.model.prefs.print;
    ui.label(RichText::new(cx.t("print.language")).strong());
    let sheet_lang = print.sheet_lang(cx.lang);
    for l in Lang::ALL {
        let named = cx.f("print.language_named", &[("language", l.native_name())]);
        let r = ui.selectable_label(sheet_lang == l, l.native_name());
        r.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::RadioButton, true, sheet_lang == l, &named)
        });
        if r.clicked() && print.lang != Some(l) {
            cx.send(Command::SetPrint(PrintPrefs {
                lang: Some(l),
                ..print
            }));
        }
    }
}

/// "Export PDF…", "Copy as text", and the PDF being written or written
/// last, to open.
fn actions_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey) {
    let model = cx.model;
    let busy = model.jobs.printing.is_some();
    let word = cx.t("print.export_pdf");
    if icon_button(ui, icons::ICON_PICTURE_AS_PDF, word, word, !busy).clicked() {
        cx.send(Command::ExportPdfDialog(key.clone()));
    }
    let word = cx.t("print.export_to_documents");
    if icon_button(ui, icons::ICON_PICTURE_AS_PDF, word, word, !busy)
        .on_hover_text(cx.t("print.export_to_documents_hint"))
        .clicked()
    {
        cx.send(Command::ExportPdfToDocuments(key.clone()));
    }
    let word = cx.t("print.copy_text");
    if icon_button(ui, icons::ICON_CONTENT_COPY, word, word, true)
        .on_hover_text(cx.t("print.copy_text_hint"))
        .clicked()
    {
        cx.send(Command::CopySheetText(key.clone()));
    }
    if let Some(path) = &model.jobs.printing {
        ui.add(egui::Spinner::new());
        let writing = cx.f("print.writing", &[("path", &path.display().to_string())]);
        ui.label(RichText::new(writing).color(palette().ink.text));
    } else if let Some(path) = &model.jobs.last_pdf {
        let shown = path.display().to_string();
        badge(ui, Tone::Good, &cx.f("print.written", &[("path", &shown)]));
        let word = cx.t("print.open");
        let named = cx.f("print.open_named", &[("path", &shown)]);
        if icon_button(ui, icons::ICON_OPEN_IN_NEW, word, &named, true).clicked() {
            cx.send(Command::OpenFile(path.clone()));
        }
        if let Some(folder) = path.parent() {
            let word = cx.t("print.open_folder");
            let named = cx.f(
                "print.open_folder_named",
                &[("path", &folder.display().to_string())],
            );
            if icon_button(ui, icons::ICON_FOLDER_OPEN, word, &named, true).clicked() {
                cx.send(Command::OpenFolder(folder.to_path_buf()));
            }
        }
    }
}

/// The PDF's page count as typst lays it out, the characters its fonts
/// lack, or why it could not be typeset.
pub(super) fn typeset_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, done: Option<&Result<PageMap, Msg>>) {
    match done {
        None => {
            // No spinner: it would repaint every frame; the thread wakes
            // the window when it is done.
            badge(ui, Tone::Info, cx.t("print.paginating"));
        }
        Some(Ok(map)) => {
            badge(
                ui,
                Tone::Info,
                &cx.f("print.pdf_pages", &[("n", &map.pages.to_string())]),
            );
            if let Some(w) = pdf::glyph_warning(&map.missing_glyphs) {
                ui.add_space(space::S);
                alert(ui, Tone::Warning, &cx.msg(&w));
            }
        }
        Some(Err(e)) => {
            alert(ui, Tone::Error, &cx.msg(e));
        }
    }
    ui.add_space(space::L);
}
