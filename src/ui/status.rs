//! What the interface says about itself: saved or not, read-only, files
//! another program changed, and the log.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::merging::MergeAct;
use crate::app::{Command, LogPrefs, Message, MessageKind, SaveState};
use crate::rules::{DocKey, DocKind, Msg};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{Tone, alert, badge};

/// Saved, unsaved or failed, and read-only: a badge each.
pub fn save_state_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    if model.folder.read_only {
        let r = ui.label(
            RichText::new(format!(
                "{} {}",
                icons::ICON_LOCK.codepoint,
                cx.t("status.read_only")
            ))
            .color(palette().state.warning),
        );
        r.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Label, true, cx.t("status.read_only"))
        });
    }
    let (tone, text) = match &model.feedback.save_state {
        // A read-only library has nothing saved to speak of: "Read-only" says it.
        SaveState::Saved if model.folder.read_only => return,
        // Typed, not yet left: not saved, and the file still holds the old.
        SaveState::Saved if widgets::typing(ui.ctx()) => {
            (Tone::Warning, cx.t("status.typing").to_owned())
        }
        SaveState::Saved => (Tone::Good, cx.t("status.saved").to_owned()),
        SaveState::Saving => (Tone::Info, cx.t("status.saving").to_owned()),
        SaveState::Unsaved => {
            let why = if model.folder.read_only {
                cx.t("status.unsaved_read_only")
            } else {
                cx.t("status.unsaved")
            };
            (Tone::Warning, why.to_owned())
        }
        SaveState::Failed(reason) => (
            Tone::Error,
            cx.msg(&Msg::new("status.failed").msg("reason", reason.clone())),
        ),
    };
    badge(ui, tone, &text);
}

/// The banner of a read-only library, with a way to reload.
pub fn read_only_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    if !model.folder.read_only {
        return;
    }
    ui.horizontal(|ui| {
        alert(ui, Tone::Warning, cx.t("status.read_only_banner"));
        if ui.button(cx.t("action.reload")).clicked() {
            cx.send(Command::Reload);
        }
    });
    ui.add_space(space::S);
}

/// Documents another program changed: take its version, or keep ours.
/// Folded (`folded` holds how many there were when the player folded them),
/// one line says how many wait, until another file changes.
pub fn disk_changes_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, folded: &mut usize) {
    let model = cx.model;
    let n = model.library.disk_changes.len();
    if n == 0 {
        *folded = 0;
        return;
    }
    if *folded >= n {
        ui.horizontal_wrapped(|ui| {
            badge(
                ui,
                Tone::Warning,
                &cx.f("disk.folded", &[("count", &n.to_string())]),
            );
            if ui.button(cx.t("disk.unfold")).clicked() {
                *folded = 0;
            }
        });
        ui.add_space(space::S);
        return;
    }
    *folded = 0;
    for key in &model.library.disk_changes {
        let name = model
            .doc(key)
            .map_or_else(|| key.id.clone(), |d| d.name().to_owned());
        ui.horizontal_wrapped(|ui| {
            // A file that cannot be read: why, and no version to take.
            if let Some(reason) = model.library.broken_on_disk.get(key) {
                let words = match model.doc(key) {
                    Some(_) => "disk.broken",
                    None => "disk.broken_new",
                };
                let text = Msg::new(words)
                    .text("name", &name)
                    .msg("reason", reason.clone());
                alert(ui, Tone::Error, &cx.msg(&text));
                if model.doc(key).is_some() {
                    keep_mine_ui(ui, cx, key, &name);
                } else {
                    // A file Muster never had: nothing of its own to keep;
                    // it is listed in the library with the others it
                    // cannot read, and its banner goes.
                    let word = cx.t("disk.leave_it");
                    let named = cx.f("disk.leave_it_named", &[("name", &name)]);
                    if widgets::icon_button(ui, icons::ICON_CHECK, word, &named, true).clicked() {
                        cx.send(Command::TakeDiskVersion(key.clone()));
                    }
                }
                return;
            }
            alert(
                ui,
                Tone::Warning,
                &cx.msg(&Msg::new("disk.changed").text("name", &name)),
            );
            // The merge of both, with what each brings; a campaign is
            // offered nothing else: taking either whole would drop the
            // other's events unseen.
            let word = cx.t("disk.merge");
            let named = cx.f("disk.merge_named", &[("name", &name)]);
            let enabled = model.doc(key).is_some() && !model.folder.read_only;
            if widgets::icon_button(ui, icons::ICON_MERGE, word, &named, enabled).clicked() {
                cx.send(Command::Merge(MergeAct::PreviewDisk(key.clone())));
            }
            if key.kind == DocKind::Campaign {
                return;
            }
            let take = ui.button(cx.t("disk.take_theirs"));
            let take_label = format!("{}: {name}", cx.t("disk.take_theirs"));
            take.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &take_label));
            if take.clicked() {
                cx.send(Command::TakeDiskVersion(key.clone()));
            }
            keep_mine_ui(ui, cx, key, &name);
        });
    }
    let word = cx.t("disk.fold");
    if widgets::icon_button(ui, icons::ICON_EXPAND_LESS, word, word, true).clicked() {
        *folded = n;
    }
    ui.add_space(space::S);
}

/// "Keep mine": Muster's version written over the file on disk.
fn keep_mine_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey, name: &str) {
    let model = cx.model;
    if model.doc(key).is_some() && !model.folder.read_only {
        let keep = ui.button(cx.t("disk.keep_mine"));
        let keep_label = format!("{}: {name}", cx.t("disk.keep_mine"));
        keep.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &keep_label));
        if keep.clicked() {
            cx.send(Command::KeepMine(key.clone()));
        }
    }
}

/// The log's header: its title, how many messages, and the button that
/// collapses it to one line or opens it again (Ctrl+L).
fn log_header_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    ui.horizontal(|ui| {
        ui.label(icons::ICON_HISTORY.rich_text().color(palette().ink.accent));
        ui.strong(cx.t("log.title"));
        ui.label(
            RichText::new(cx.f(
                "log.count",
                &[("count", &model.feedback.messages.len().to_string())],
            ))
            .color(palette().ink.subdued),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let (icon, key) = if model.prefs.log.open {
                (icons::ICON_EXPAND_MORE, "log.collapse")
            } else {
                (icons::ICON_EXPAND_LESS, "log.expand")
            };
            let word = cx.t(key);
            if widgets::icon_button(ui, icon, word, word, true).clicked() {
                cx.send(Command::SetLog(LogPrefs {
                    open: !model.prefs.log.open,
                    ..model.prefs.log
                }));
            }
        });
    });
}

/// The log collapsed: its header and its last message, on one line each.
pub fn log_bar_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    log_header_ui(ui, cx);
    if let Some((i, m)) = cx.model.feedback.messages.iter().enumerate().next_back() {
        message_row_ui(ui, cx, i, m);
    }
}

/// The log: every message of the session, the newest at the foot.
pub fn log_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    log_header_ui(ui, cx);
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink(false)
        .show(ui, |ui| {
            for (i, m) in cx.model.feedback.messages.iter().enumerate() {
                message_row_ui(ui, cx, i, m);
            }
        });
}

/// One message: dismiss, its kind by icon and word, a file to open, the
/// text.
fn message_row_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, i: usize, m: &Message) {
    ui.horizontal(|ui| {
        let (icon, word, color) = match m.kind {
            MessageKind::Info => (icons::ICON_INFO, "log.info", palette().ink.text),
            MessageKind::Dice => (icons::ICON_CASINO, "log.dice", palette().ink.text),
            MessageKind::Refused => (icons::ICON_BLOCK, "log.refused", palette().state.warning),
            MessageKind::Warning => (icons::ICON_WARNING, "log.warning", palette().state.warning),
            MessageKind::Error => (icons::ICON_ERROR, "log.error", palette().state.error),
        };
        // The dismiss button first: a long line wraps and would
        // push it out of sight.
        let dismiss = ui
            .small_button(icons::ICON_CLOSE.rich_text())
            .on_hover_text(cx.t("log.dismiss"));
        dismiss.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, cx.t("log.dismiss"))
        });
        if dismiss.clicked() {
            cx.send(Command::DismissMessage(i));
        }
        let kind = ui
            .label(icon.rich_text().color(color))
            .on_hover_text(cx.t(word));
        kind.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, cx.t(word)));
        if let Some(path) = &m.open {
            let word = cx.t("print.open");
            let name = cx.f("print.open_named", &[("path", &path.display().to_string())]);
            let open = widgets::icon_button(ui, icons::ICON_OPEN_IN_NEW, word, &name, true);
            if open.clicked() {
                cx.send(Command::OpenFile(path.clone()));
            }
        }
        let text = cx.msg(&m.text);
        ui.add(egui::Label::new(RichText::new(text).color(color)).wrap());
    });
}

/// A refusal shown beside the widget whose click sent the refused command
/// (as well as in the log): just below it, above everything, until the
/// next click, a new screen, or a click on it.
pub fn refusal_ui(ctx: &egui::Context, cx: &ViewCtx<'_>) {
    let Some(r) = &cx.model.feedback.refusal else {
        return;
    };
    let Some(widget) = ctx.read_response(r.origin) else {
        return;
    };
    let text = cx.msg(&r.text);
    let screen = ctx.content_rect();
    let width = 380.0_f32.min(screen.width() - 16.0);
    let x = widget
        .rect
        .left()
        .min(screen.right() - width - 8.0)
        .max(8.0);
    egui::Area::new(egui::Id::unique("refusal-beside"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(x, widget.rect.bottom() + 4.0))
        .show(ctx, |ui| {
            ui.set_max_width(width);
            let shown = widgets::alert(ui, Tone::Error, &text).interact(egui::Sense::click());
            shown.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Alert, true, text.clone()));
            if shown
                .on_hover_text(cx.t("status.refusal_dismiss"))
                .clicked()
            {
                cx.send(Command::DismissRefusal);
            }
        });
}
