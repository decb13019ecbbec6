//! Versions to merge (issue 24): a sync tool's conflict copies, each shown
//! as another version of its document, with "Merge…"; and the merge window:
//! what the merge keeps, what it sets aside beside its rival with the
//! reason, and the players' choice of which of two rivals to keep.

use std::collections::BTreeSet;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::app::merging::{MergeAct, MergePreview, MergeView};
use crate::rules::Campaign;
use crate::rules::campaign::merge::{Conflict, Merged, Side};
use crate::rules::campaign::{CampaignEdit, Entry};
use crate::store::Version;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{PALETTE, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button, stamp_time};

/// The file's name of a version.
fn file_name(v: &Version) -> String {
    v.path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// The badge on a document's row: how many versions there are to merge.
pub(super) fn versions_badge(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &crate::rules::DocKey) {
    let count = cx.model.versions.iter().filter(|v| v.key == *key).count();
    if count > 0 {
        let text = cx.f("merge.badge", &[("count", &(count + 1).to_string())]);
        badge(ui, Tone::Warning, &text);
    }
}

/// The card of the versions to merge, one line each with "Merge…".
pub(super) fn versions_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    if cx.model.versions.is_empty() {
        return;
    }
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_MERGE, cx.t("merge.title"));
        ui.label(RichText::new(cx.t("merge.hint")).color(PALETTE.text_subdued));
        for v in &cx.model.versions {
            let name = cx
                .model
                .doc(&v.key)
                .map_or_else(|| v.key.id.clone(), |d| d.name().to_owned());
            ui.horizontal_wrapped(|ui| {
                let line = cx.f(
                    "merge.version",
                    &[
                        ("name", &name),
                        ("tool", cx.t(v.tool.key())),
                        ("file", &file_name(v)),
                    ],
                );
                ui.label(RichText::new(&line).strong());
                if cx.model.doc(&v.key).is_none() {
                    alert(ui, Tone::Warning, cx.t("merge.no_document"));
                    return;
                }
                let word = cx.t("merge.open");
                let named = cx.f("merge.open_named", &[("name", &name)]);
                if icon_button(ui, icons::ICON_MERGE, word, &named, !cx.model.read_only).clicked() {
                    cx.send(Command::Merge(MergeAct::Preview(
                        v.key.clone(),
                        v.path.clone(),
                        BTreeSet::new(),
                    )));
                }
            });
        }
    });
}

/// The height of the merge window's contents.
const MERGE_HEIGHT: f32 = 340.0;

/// The merge window, while a merge is looked at.
pub(super) fn merge_window_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let Some(view) = &cx.model.merge else {
        return;
    };
    let name = cx
        .model
        .doc(&view.key)
        .map_or_else(|| view.key.id.clone(), |d| d.name().to_owned());
    let id = egui::Id::unique("merge-window");
    let area =
        egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 96.0));
    egui::Modal::new(id).area(area).show(ui.ctx(), |ui| {
        ui.set_width(640.0);
        card_title(
            ui,
            icons::ICON_MERGE,
            &cx.f("merge.window", &[("name", &name)]),
        );
        ui.add_space(space::S);
        // One height whatever it shows: the window's buttons stay under the
        // mouse when a choice changes the merge.
        let size = egui::vec2(ui.available_width(), MERGE_HEIGHT);
        ui.allocate_ui(size, |ui| {
            ui.set_min_size(size);
            egui::ScrollArea::vertical()
                .max_height(MERGE_HEIGHT)
                .auto_shrink([false, false])
                .show(ui, |ui| match &view.result {
                    Err(why) => {
                        alert(ui, Tone::Error, &cx.msg(why));
                    }
                    Ok(MergePreview::Campaign(m)) => campaign_ui(ui, cx, view, m),
                    Ok(MergePreview::Fields(fields)) => fields_ui(ui, cx, fields),
                });
        });
        ui.add_space(space::M);
        buttons_ui(ui, cx, view);
    });
}

/// A campaign's merge: what it keeps, and each event set aside.
fn campaign_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, view: &MergeView, m: &Merged) {
    let counts = cx.f(
        "merge.counts",
        &[
            ("shared", &m.shared.to_string()),
            ("ours", &m.added.0.to_string()),
            ("theirs", &m.added.1.to_string()),
        ],
    );
    ui.label(RichText::new(&counts).size(16.0));
    for (e, key, side) in &m.left_out {
        ui.add_space(space::S);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            let line = cx.f(
                "merge.left_out",
                &[
                    ("event", &event_words(cx, &m.campaign, e)),
                    ("from", &from_words(cx, *side, e)),
                ],
            );
            ui.label(RichText::new(&line).strong())
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &line));
            let word = cx.t("merge.keep_again");
            if icon_button(ui, icons::ICON_UNDO, word, word, true).clicked() {
                let mut dropped = view.dropped.clone();
                dropped.remove(key);
                cx.send(Command::Merge(MergeAct::Preview(
                    view.key.clone(),
                    view.path.clone(),
                    dropped,
                )));
            }
        });
    }
    if m.conflicts.is_empty() {
        let key = if m.left_out.is_empty() {
            "merge.all_apply"
        } else {
            "merge.rest_apply"
        };
        alert(ui, Tone::Good, cx.t(key));
        return;
    }
    alert(
        ui,
        Tone::Warning,
        &cx.f(
            "merge.set_aside",
            &[("count", &m.conflicts.len().to_string())],
        ),
    );
    for (k, c) in m.conflicts.iter().enumerate() {
        ui.add_space(space::S);
        card(ui, |ui| conflict_ui(ui, cx, view, m, (k, c)));
    }
}

/// One event set aside beside its rival, and "Keep this one instead".
fn conflict_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    view: &MergeView,
    m: &Merged,
    (k, c): (usize, &Conflict),
) {
    ui.set_min_width(ui.available_width());
    let set_aside = cx.f(
        "merge.conflict.set_aside",
        &[
            ("event", &event_words(cx, &m.campaign, &c.entry)),
            ("from", &from_words(cx, c.side, &c.entry)),
        ],
    );
    ui.label(RichText::new(&set_aside).strong())
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &set_aside));
    ui.label(RichText::new(cx.lang.problem_line(&c.why)).color(PALETTE.warning));
    if let Some(rival) = c.rival.and_then(|i| m.campaign.journal.get(i)) {
        let other = match c.side {
            Side::Ours => Side::Theirs,
            Side::Theirs => Side::Ours,
        };
        let kept = cx.f(
            "merge.conflict.kept",
            &[
                ("event", &event_words(cx, &m.campaign, rival)),
                ("from", &from_words(cx, other, rival)),
            ],
        );
        ui.label(&kept);
        if let Some(rival_key) = &c.rival_key {
            let word = cx.t("merge.keep_instead");
            let named = cx.f("merge.keep_instead_named", &[("n", &(k + 1).to_string())]);
            if icon_button(ui, icons::ICON_SWAP_HORIZ, word, &named, true).clicked() {
                let mut dropped = view.dropped.clone();
                dropped.insert(rival_key.clone());
                cx.send(Command::Merge(MergeAct::Preview(
                    view.key.clone(),
                    view.path.clone(),
                    dropped,
                )));
            }
        }
    }
}

/// An event in words: what it is, and whom it is about.
fn event_words(cx: &ViewCtx<'_>, c: &Campaign, e: &Entry) -> String {
    let what = cx.t(e.event.label()).to_owned();
    let who = match &e.event {
        CampaignEdit::CranTest { character, .. }
        | CampaignEdit::FateReroll { character, .. }
        | CampaignEdit::AcceptDeath { character }
        | CampaignEdit::SetWounds { character, .. }
        | CampaignEdit::AddWounds { character, .. }
        | CampaignEdit::SetOutOfAction { character, .. }
        | CampaignEdit::Advance { character, .. }
        | CampaignEdit::Gear { character, .. } => {
            c.character(*character).map(|x| x.name().to_owned())
        }
        _ => None,
    };
    let words = match who {
        Some(who) => cx.f("merge.event_of", &[("event", &what), ("who", &who)]),
        None => what,
    };
    // The dice it holds, for the players to compare two rivals.
    match &e.event {
        CampaignEdit::CranTest { roll: Some(r), .. }
        | CampaignEdit::FateReroll { roll: Some(r), .. } => {
            format!("{words} ({r})")
        }
        _ => words,
    }
}

/// Where and when an event was made: "the other version, on Bruno's
/// laptop at 2026-11-25 17:36".
fn from_words(cx: &ViewCtx<'_>, side: Side, e: &Entry) -> String {
    let version = cx.t(match side {
        Side::Ours => "merge.side.ours",
        Side::Theirs => "merge.side.theirs",
    });
    match e.stamp.as_ref() {
        Some(s) => {
            let at = s.at.as_deref().map_or_else(String::new, stamp_time);
            cx.f(
                "merge.made",
                &[
                    ("version", version),
                    ("by", s.by.as_deref().unwrap_or("?")),
                    ("at", &at),
                ],
            )
        }
        None => version.to_owned(),
    }
}

/// A roster's or a kill team's fields that differ, each side's value.
fn fields_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, fields: &[(String, String, String)]) {
    if fields.is_empty() {
        alert(ui, Tone::Good, cx.t("merge.same"));
        return;
    }
    alert(
        ui,
        Tone::Warning,
        &cx.f("merge.fields", &[("count", &fields.len().to_string())]),
    );
    egui::Grid::new("merge-fields")
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new(cx.t("merge.field")).strong());
            ui.label(RichText::new(cx.t("merge.side.ours")).strong());
            ui.label(RichText::new(cx.t("merge.side.theirs")).strong());
            ui.end_row();
            for (at, ours, theirs) in fields {
                ui.monospace(at);
                ui.label(ours);
                ui.label(theirs);
                ui.end_row();
            }
        });
}

/// Merge (or keep one version), and Cancel.
fn buttons_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, view: &MergeView) {
    ui.horizontal_wrapped(|ui| {
        match &view.result {
            Ok(MergePreview::Campaign(_)) => {
                let word = cx.t("merge.apply");
                if icon_button(ui, icons::ICON_MERGE, word, word, true).clicked() {
                    cx.send(Command::Merge(MergeAct::Apply));
                }
            }
            Ok(MergePreview::Fields(f)) if f.is_empty() => {
                let word = cx.t("merge.remove_copy");
                if icon_button(ui, icons::ICON_DELETE, word, word, true).clicked() {
                    cx.send(Command::Merge(MergeAct::KeepOurs));
                }
            }
            Ok(MergePreview::Fields(_)) => {
                let word = cx.t("merge.keep_ours");
                if icon_button(ui, icons::ICON_CHECK, word, word, true).clicked() {
                    cx.send(Command::Merge(MergeAct::KeepOurs));
                }
                let word = cx.t("merge.take_theirs");
                if icon_button(ui, icons::ICON_SWAP_HORIZ, word, word, true).clicked() {
                    cx.send(Command::Merge(MergeAct::TakeTheirs));
                }
            }
            Err(_) => {}
        }
        let word = cx.t("merge.cancel");
        if icon_button(ui, icons::ICON_CLOSE, word, word, true).clicked() {
            cx.send(Command::Merge(MergeAct::Cancel));
        }
    });
}
