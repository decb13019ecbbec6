//! Versions to merge: a sync tool's conflict copies, each shown
//! as another version of its document, with "Merge…"; and the merge window:
//! what the merge keeps, what it sets aside beside its rival with the
//! reason, and the players' choice of which of two rivals to keep; for a
//! roster or a kill team, the fields merged from their common version and
//! each field both changed, to keep ours or take theirs.

use std::collections::BTreeSet;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::app::merging::{BaseMade, FieldsPreview, MergeAct, MergePreview, MergeView};
use crate::rules::campaign::Entry;
use crate::rules::campaign::merge::{Conflict, Merged, Side};
use crate::rules::{Campaign, DocKey, Document};
use crate::store::Version;
use crate::store::fields::{Changed, FieldConflict};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{
    Tone, alert, badge, card, card_title, icon_button, stamp_time, stamp_who,
};

/// The file's name of a version.
fn file_name(v: &Version) -> String {
    v.path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// The badge on a document's row: how many versions there are to merge.
pub(super) fn versions_badge(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey) {
    let count = cx
        .model
        .library
        .versions
        .iter()
        .filter(|v| v.key == *key)
        .count();
    if count > 0 {
        let text = cx.f("merge.badge", &[("count", &(count + 1).to_string())]);
        badge(ui, Tone::Warning, &text);
    }
}

/// The badges of a shared campaign's row: its events held aside (two
/// machines clashed), and another machine's journal that cannot be read
/// whole. What they are is shown inside the campaign.
pub(super) fn shared_badges(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey) {
    let held = cx.model.library.waiting(key);
    if held > 0 {
        let text = cx.f("library.held_badge", &[("count", &held.to_string())]);
        badge(ui, Tone::Warning, &text);
    }
    let unreadable = cx
        .model
        .library
        .unreadable_journals_of(&key.id)
        .next()
        .is_some();
    if unreadable && key.kind == <Campaign as Document>::KIND {
        badge(ui, Tone::Error, cx.t("library.unreadable_journal_badge"));
    }
}

/// The card of the versions to merge, one line each with "Merge…".
pub(super) fn versions_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    if cx.model.library.versions.is_empty() {
        return;
    }
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_MERGE, cx.t("merge.title"));
        ui.label(RichText::new(cx.t("merge.hint")).color(palette().ink.subdued));
        for v in &cx.model.library.versions {
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
                merge_button_ui(ui, cx, &name, &v.key, v);
            });
        }
    });
}

/// The height of the merge window's contents.
const MERGE_HEIGHT: f32 = 340.0;

/// The merge window, while a merge is looked at.
pub(crate) fn merge_window_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let Some(view) = &cx.model.library.merge else {
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
                    Ok(MergePreview::Fields(f)) => fields_ui(ui, cx, view, f),
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
    arriving_ui(ui, cx, m);
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

/// The most events of the other version listed one by one.
const ARRIVING_SHOWN: usize = 40;

/// What comes in cleanly from the other version: each event in words,
/// where and when it was made.
fn arriving_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, m: &Merged) {
    let arriving: Vec<&Entry> = m
        .campaign
        .journal
        .range(m.shared.min(m.campaign.journal.len())..)
        .zip(&m.sides)
        .filter(|(_, s)| **s == Side::Theirs)
        .map(|(e, _)| e.as_ref())
        .collect();
    if arriving.is_empty() {
        return;
    }
    let title = cx.f("merge.arriving", &[("count", &arriving.len().to_string())]);
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt("merge-arriving")
        .default_open(arriving.len() <= 8)
        .show(ui, |ui| {
            for e in arriving.iter().take(ARRIVING_SHOWN) {
                let line = cx.f(
                    "merge.arriving_line",
                    &[
                        ("event", &event_words(cx, &m.campaign, e)),
                        ("from", &from_words(cx, Side::Theirs, e)),
                    ],
                );
                ui.label(line);
            }
            if arriving.len() > ARRIVING_SHOWN {
                let more = (arriving.len() - ARRIVING_SHOWN).to_string();
                ui.label(
                    RichText::new(cx.f("merge.arriving_more", &[("count", &more)]))
                        .color(palette().ink.subdued),
                );
            }
        });
}

/// The campaign's own banner while another version of it waits to be
/// merged: the campaign takes no surprise edits unawares, and "Merge…" is
/// at hand.
pub(crate) fn pending_banner_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey) {
    let Some(v) = cx.model.library.versions.iter().find(|v| v.key == *key) else {
        return;
    };
    let count = cx
        .model
        .library
        .versions
        .iter()
        .filter(|v| v.key == *key)
        .count();
    ui.horizontal_wrapped(|ui| {
        let text = cx.f(
            "merge.pending",
            &[
                ("count", &count.to_string()),
                ("tool", cx.t(v.tool.key())),
                ("file", &file_name(v)),
            ],
        );
        alert(ui, Tone::Warning, &text);
        let name = cx
            .model
            .doc(key)
            .map_or_else(|| key.id.clone(), |d| d.name().to_owned());
        merge_button_ui(ui, cx, &name, key, v);
    });
    ui.add_space(space::S);
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
    ui.label(RichText::new(cx.lang.problem_line(&c.why)).color(palette().state.warning));
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

/// An event in words: whom it is about and what it did, with its dice.
fn event_words(cx: &ViewCtx<'_>, c: &Campaign, e: &Entry) -> String {
    cx.lang.msg(&e.event.words(c))
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
            let at =
                s.at.as_ref()
                    .map_or_else(String::new, |at| stamp_time(at, false));
            let (who, player) = stamp_who(cx.lang, s).unwrap_or_else(|| ("?".to_owned(), false));
            cx.f(
                if player {
                    "merge.made_by"
                } else {
                    "merge.made"
                },
                &[
                    ("version", version),
                    ("by", &who),
                    ("who", &who),
                    ("at", &at),
                ],
            )
        }
        None => version.to_owned(),
    }
}

/// A roster's or a kill team's merge: what it took from each side, from
/// which common version, and each conflict with the player's choice.
fn fields_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, view: &MergeView, f: &FieldsPreview) {
    if f.same() {
        alert(ui, Tone::Good, cx.t("merge.same"));
        return;
    }
    let m = &f.merge;
    let head = match &f.base {
        Some(at) => cx.f(
            "merge.fields.base",
            &[
                (
                    "at",
                    &match at {
                        BaseMade::At(at) => stamp_time(at, false),
                        BaseMade::File(name) => name.clone(),
                    },
                ),
                ("ours", &m.from_ours.to_string()),
                ("theirs", &m.from_theirs.to_string()),
            ],
        ),
        None => cx.t("merge.fields.no_base").to_owned(),
    };
    ui.label(RichText::new(&head).size(16.0));
    if m.conflicts.is_empty() {
        alert(ui, Tone::Good, cx.t("merge.fields.all_apply"));
    } else {
        let count = m.conflicts.len().to_string();
        let key = if f.base.is_some() {
            "merge.fields.conflicts"
        } else {
            "merge.fields.differ"
        };
        alert(ui, Tone::Warning, &cx.f(key, &[("count", &count)]));
    }
    if let Err(why) = &f.doc {
        alert(ui, Tone::Error, &cx.msg(why));
    }
    let cards = |ui: &mut egui::Ui, listed: &[FieldConflict]| {
        for c in listed {
            ui.add_space(space::S);
            let theirs = c.changed.takes_theirs() != view.switched.contains(&c.place);
            card(ui, |ui| {
                field_conflict_ui(ui, cx, c, theirs, f.base.is_some())
            });
        }
    };
    cards(ui, &m.conflicts);
    // What one side changed alone is taken, and listed all the same: the
    // common version is the backups' best guess, so nothing goes in unseen.
    if !m.changes.is_empty() {
        ui.add_space(space::M);
        let count = m.changes.len().to_string();
        ui.label(RichText::new(cx.f("merge.fields.changes", &[("count", &count)])).strong());
        cards(ui, &m.changes);
    }
}

/// One field both sides changed: where, each side's value (and the common
/// version's), and "Keep ours | Take theirs".
fn field_conflict_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &FieldConflict,
    theirs: bool,
    with_base: bool,
) {
    ui.set_min_width(ui.available_width());
    let place = place_words(c);
    ui.label(RichText::new(&place).strong())
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &place));
    let by = match c.changed {
        Changed::Both => None,
        Changed::Ours => Some("merge.fields.changed_ours"),
        Changed::Theirs => Some("merge.fields.changed_theirs"),
    };
    if let Some(key) = by {
        ui.label(RichText::new(cx.t(key)).color(palette().ink.subdued));
    }
    let row = |ui: &mut egui::Ui, key: &str, v: Option<&serde_json::Value>, kept: bool| {
        ui.horizontal_wrapped(|ui| {
            let (icon, tone) = if kept {
                (icons::ICON_CHECK_CIRCLE, palette().ink.accent)
            } else {
                (icons::ICON_RADIO_BUTTON_UNCHECKED, palette().ink.subdued)
            };
            ui.label(RichText::new(icon.codepoint).color(tone));
            let mut line = cx
                .lang
                .typeset(format!("{}: {}", cx.t(key), value_words(cx, v)));
            if kept {
                line = cx.f("merge.fields.kept", &[("value", &line)]);
            }
            let text = RichText::new(&line);
            ui.label(if kept { text.strong() } else { text });
        });
    };
    row(ui, "merge.fields.ours", c.ours.as_ref(), !theirs);
    row(ui, "merge.fields.theirs", c.theirs.as_ref(), theirs);
    if with_base {
        let common = cx.lang.typeset(format!(
            "{}: {}",
            cx.t("merge.fields.common"),
            value_words(cx, c.base.as_ref())
        ));
        ui.label(RichText::new(common).color(palette().ink.subdued));
    }
    ui.horizontal(|ui| {
        for (side, key, named) in [
            (false, "merge.fields.keep_ours", "merge.fields.keep_ours_at"),
            (
                true,
                "merge.fields.take_theirs",
                "merge.fields.take_theirs_at",
            ),
        ] {
            let on = theirs == side;
            let name = cx.f(named, &[("place", &place)]);
            let r = ui.radio(on, cx.t(key));
            r.widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, on, &name));
            if r.clicked() && !on {
                cx.send(Command::Merge(MergeAct::Choose(c.place.clone(), side)));
            }
        }
    });
}

/// Where a field is, in words: `characters › Sergeant Hark › WS` (the
/// document's own level left out).
fn place_words(c: &FieldConflict) -> String {
    let words = if c.words.len() > 1 {
        &c.words[1..]
    } else {
        &c.words[..]
    };
    words.join(" › ")
}

/// A field's value as shown: a text as it is, anything else as JSON, cut
/// short when long; an absent one in words.
fn value_words(cx: &ViewCtx<'_>, v: Option<&serde_json::Value>) -> String {
    const LONG: usize = 160;
    let text = match v {
        None => return cx.t("merge.fields.absent").to_owned(),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    };
    if text.chars().count() > LONG {
        let cut: String = text.chars().take(LONG).collect();
        format!("{cut}…")
    } else {
        text
    }
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
            Ok(MergePreview::Fields(f)) if f.same() => {
                let word = cx.t("merge.remove_copy");
                if icon_button(ui, icons::ICON_DELETE, word, word, true).clicked() {
                    cx.send(Command::Merge(MergeAct::KeepOurs));
                }
            }
            Ok(MergePreview::Fields(f)) => {
                let word = cx.t("merge.apply");
                if icon_button(ui, icons::ICON_MERGE, word, word, f.doc.is_ok()).clicked() {
                    cx.send(Command::Merge(MergeAct::Apply));
                }
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

/// "Merge…" for the version `v` of the document `key`, named `name`: opens
/// the Merge window on it.
fn merge_button_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, name: &str, key: &DocKey, v: &Version) {
    let named = cx.f("merge.open_named", &[("name", name)]);
    let word = cx.t("merge.open");
    if icon_button(
        ui,
        icons::ICON_MERGE,
        word,
        &named,
        !cx.model.folder.read_only,
    )
    .clicked()
    {
        cx.send(Command::Merge(MergeAct::Preview(
            key.clone(),
            v.path.clone(),
            BTreeSet::new(),
        )));
    }
}
