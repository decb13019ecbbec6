//! The events of a shared campaign held aside: two machines did things
//! that cannot both stand (the same Cran test rolled twice, one pool spent
//! twice), and the one that came second in the order waits here, beside the
//! one kept in its place, for the players to choose. The choice is a line
//! of this machine's journal, which every machine reads.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{ARRIVAL_SHOWN, Command, Foresight};
use crate::rules::campaign::journals::SetAside;
use crate::rules::campaign::{CharId, Entry};
use crate::rules::{Campaign, DocKey};
use crate::store::ReadError;
use crate::store::document::DocError;
use crate::store::journaled::entry_key;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, icon_button, stamp_time, stamp_who};

/// The events held aside, each on its card, and the other machines'
/// journals that cannot be read whole; nothing when there are none.
pub fn held_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    // The strip above the screen asked to be brought here.
    if ui
        .ctx()
        .data_mut(|d| d.remove_temp::<bool>(show_held_id()).is_some())
    {
        ui.scroll_to_cursor(Some(egui::Align::TOP));
    }
    unreadable_ui(ui, cx, c);
    let key = DocKey::of::<Campaign>(&c.id);
    let Some(held) = cx.model.library.held.get(&key).filter(|h| !h.is_empty()) else {
        return;
    };
    let waiting = cx.model.library.waiting(&key);
    if waiting > 0 {
        let title = cx.f("held.title", &[("count", &waiting.to_string())]);
        alert(ui, Tone::Warning, &title);
    } else {
        let title = cx.f("held.settled_title", &[("count", &held.len().to_string())]);
        alert(ui, Tone::Info, &title);
    }
    for (n, aside) in held.iter().enumerate() {
        card(ui, |ui| aside_ui(ui, cx, c, &key, (n, aside)));
        ui.add_space(space::XS);
    }
    ui.add_space(space::S);
}

/// Where the strip's "Show them" asks the campaign's cards to be shown.
fn show_held_id() -> egui::Id {
    egui::Id::unique("campaign-show-held")
}

/// A strip above the campaign's screen, whatever is scrolled into view
/// (the table, the debrief): how many events are held aside, and a way to
/// their cards at the top.
pub fn held_strip_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, id: &str) {
    let key = DocKey::of::<Campaign>(id);
    let count = cx.model.library.waiting(&key);
    if count == 0 {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let text = cx.f("held.strip", &[("count", &count.to_string())]);
        badge(ui, Tone::Warning, &text);
        let word = cx.t("held.show");
        if icon_button(ui, icons::ICON_ARROW_UPWARD, word, word, true).clicked() {
            ui.ctx().data_mut(|d| d.insert_temp(show_held_id(), true));
        }
    });
    ui.add_space(space::XS);
}

/// One event held aside, the reason, the one kept in its place and "Keep
/// the one held aside instead".
fn aside_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    key: &DocKey,
    (n, aside): (usize, &SetAside),
) {
    ui.set_min_width(ui.available_width());
    let held = cx.f(
        "held.event",
        &[
            ("event", &cx.lang.msg(&aside.entry.event.words(c))),
            ("made", &made(cx, &aside.entry)),
        ],
    );
    ui.label(RichText::new(&held).strong())
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &held));
    // The same roll made on two machines is said as such; a rule's
    // refusal names the rule; the players' choice names none.
    let rolled_twice = aside
        .rival
        .as_ref()
        .is_some_and(|r| aside.entry.event.same_roll_as(&r.event));
    let why = if rolled_twice && !aside.why.rule.is_empty() {
        cx.t("held.rolled_twice").to_owned()
    } else if aside.why.rule.is_empty() {
        cx.lang.problem(&aside.why)
    } else {
        cx.lang.problem_line(&aside.why)
    };
    // Settled by the players: said calmly; a rule's refusal waits.
    let tone = if aside.chosen {
        Tone::Info.color()
    } else {
        palette().state.warning
    };
    ui.label(RichText::new(why).color(tone));
    let key_of_held = entry_key(&aside.entry);
    let outlook =
        (cx.model.library.outlooks.get(key)).and_then(|o| o.iter().find(|o| o.held == key_of_held));
    let writable = !cx.model.folder.read_only;
    match &aside.rival {
        Some(rival) => {
            let kept = cx.f(
                "held.kept",
                &[
                    ("event", &cx.lang.msg(&rival.event.words(c))),
                    ("made", &made(cx, rival)),
                ],
            );
            ui.label(&kept);
            if let Some(f) = outlook.and_then(|o| o.keep.as_ref()) {
                let title = if aside.chosen {
                    "held.if_chosen_again"
                } else {
                    "held.if_kept"
                };
                foresight_ui(ui, cx, c, cx.t(title), f);
            }
            // Not worked out (beyond the first few): offered as it is.
            let offered = outlook.is_none_or(|o| o.keep.is_some());
            let word = cx.t("held.keep");
            let named = cx.f("held.keep_named", &[("n", &(n + 1).to_string())]);
            if offered && icon_button(ui, icons::ICON_SWAP_HORIZ, word, &named, writable).clicked()
            {
                cx.send(Command::KeepInstead(
                    key.clone(),
                    key_of_held.clone(),
                    entry_key(rival),
                ));
            }
            // Or the players agree the one in its place stands: the held
            // one is settled by their choice, nothing else changes.
            if !aside.chosen {
                let word = cx.t("held.settle");
                let named = cx.f("held.settle_named", &[("n", &(n + 1).to_string())]);
                if icon_button(ui, icons::ICON_CHECK, word, &named, writable).clicked() {
                    cx.send(Command::KeepInstead(
                        key.clone(),
                        entry_key(rival),
                        key_of_held.clone(),
                    ));
                }
            }
        }
        None if !aside.chosen => {
            ui.label(cx.t("held.no_rival"));
        }
        None => {}
    }
    if let Some(f) = outlook.and_then(|o| o.again.as_ref()) {
        foresight_ui(ui, cx, c, cx.t("held.if_again"), f);
        let word = cx.t("held.again");
        let named = cx.f("held.again_named", &[("n", &(n + 1).to_string())]);
        if icon_button(ui, icons::ICON_REPLAY, word, &named, writable).clicked() {
            cx.send(Command::MakeAgain(key.clone(), key_of_held));
        }
    }
}

/// How many changes a card lists before "… and N more".
const CHANGES_SHOWN: usize = 6;

/// What a choice would change: a title, then the changes on the players'
/// sheets, the events it would hold aside (with why) or bring back.
fn foresight_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, title: &str, f: &Foresight) {
    ui.indent(title, |ui| {
        ui.label(RichText::new(title).strong());
        let mut lines: Vec<(String, bool)> = f
            .changes
            .iter()
            .take(CHANGES_SHOWN)
            .map(|m| (format!("• {}", cx.lang.msg(m)), false))
            .collect();
        if f.changes.len() > CHANGES_SHOWN {
            let more = (f.changes.len() - CHANGES_SHOWN).to_string();
            lines.push((cx.f("held.more", &[("count", &more)]), false));
        }
        for a in &f.then_aside {
            let why = cx.lang.problem(&a.why);
            let event = cx.lang.msg(&a.entry.event.words(c));
            let line = cx.f("held.then_aside", &[("event", &event), ("why", &why)]);
            // Said in words; the colour only repeats it.
            lines.push((format!("• {line}"), true));
        }
        for e in &f.back_in {
            let event = cx.lang.msg(&e.event.words(c));
            lines.push((
                format!("• {}", cx.f("held.back_in", &[("event", &event)])),
                false,
            ));
        }
        if lines.is_empty() {
            lines.push((cx.t("held.no_change").to_owned(), false));
        }
        for (line, warning) in lines {
            if warning {
                ui.label(RichText::new(line).color(palette().state.warning));
            } else {
                ui.label(line);
            }
        }
    });
}

/// Where and when an event was made: "on Bruno's desktop, 2026-11-25 17:36".
fn made(cx: &ViewCtx<'_>, e: &Entry) -> String {
    let Some(s) = &e.stamp else {
        return cx.t("held.made_unknown").to_owned();
    };
    // To the second: two machines' events a minute apart or less are the
    // usual clash, and the earlier stands.
    let at =
        s.at.as_ref()
            .map_or_else(String::new, |at| stamp_time(at, true));
    let (who, player) = stamp_who(cx.lang, s).unwrap_or_else(|| ("?".to_owned(), false));
    cx.f(
        if player { "held.made_by" } else { "held.made" },
        &[("by", &who), ("who", &who), ("at", &at)],
    )
}

/// Other machines' journals of this campaign that cannot be read whole:
/// the campaign holds their events up to the line that cannot be read.
/// Each is named by its machine's name and file, the reason in the
/// player's language.
fn unreadable_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    for u in cx.model.library.unreadable_journals_of(&c.id) {
        let file = u
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let reason = journal_reason(cx, &u.reason);
        let text = if u.machine.is_empty() {
            cx.f(
                "held.unreadable_unnamed",
                &[("file", &file), ("reason", &reason)],
            )
        } else {
            cx.f(
                "held.unreadable",
                &[
                    ("machine", &u.machine),
                    ("file", &file),
                    ("reason", &reason),
                ],
            )
        };
        alert(ui, Tone::Error, &text);
        ui.add_space(space::XS);
    }
}

/// Why a journal's line cannot be read, in the player's language: a line
/// of JSON that is no event this Muster knows is said as such, never in
/// the JSON reader's own (English) words.
fn journal_reason(cx: &ViewCtx<'_>, reason: &ReadError) -> String {
    match reason {
        ReadError::Document(DocError::Syntax {
            message,
            line,
            column,
            ..
        }) if ["invalid", "missing", "unknown variant"]
            .iter()
            .any(|w| message.starts_with(w)) =>
        {
            cx.f(
                "held.line_not_an_event",
                &[("line", &line.to_string()), ("column", &column.to_string())],
            )
        }
        other => cx.lang.read_error(other),
    }
}

/// On a model's line of the compact list: a mark that another machine
/// just changed him, with who and what on hover and for screen readers.
pub(super) fn arrival_mark_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, who: CharId) {
    let Some(text) = arrival_text(ui, cx, c, who) else {
        return;
    };
    let r = ui.label(RichText::new(icons::ICON_SYNC.codepoint).color(Tone::Info.color()));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
    r.on_hover_text(&text);
}

/// "Changed on Bruno's desktop: …" while another machine's change to
/// `who` is news; the window is woken when it no longer is.
fn arrival_text(ui: &egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, who: CharId) -> Option<String> {
    let key = DocKey::of::<Campaign>(&c.id);
    let a = cx.model.library.arrival(&key, who)?;
    ui.ctx()
        .request_repaint_after(ARRIVAL_SHOWN.saturating_sub(a.at.elapsed()));
    let (who, player) = a
        .stamp
        .as_ref()
        .and_then(|s| stamp_who(cx.lang, s))
        .unwrap_or_else(|| ("?".to_owned(), false));
    Some(cx.f(
        if player {
            "sync.changed_here_by"
        } else {
            "sync.changed_here"
        },
        &[("by", &who), ("who", &who), ("what", &cx.lang.msg(&a.what))],
    ))
}

/// On a model's card: another machine just changed him, said with who
/// and what ("Changed on Bruno's desktop: Trooper Dace: wounds at the
/// table set to 1"), for a moment after it came in.
pub(super) fn arrival_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, who: CharId) {
    let Some(text) = arrival_text(ui, cx, c, who) else {
        return;
    };
    let r = ui.add(
        egui::Label::new(
            RichText::new(format!("{} {text}", icons::ICON_SYNC.codepoint))
                .color(Tone::Info.color())
                .small(),
        )
        .wrap(),
    );
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
}
