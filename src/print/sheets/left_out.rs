//! What a sheet of a shared campaign leaves out, said on the sheet itself:
//! each event held aside for the players to choose (what, who made it and
//! when, why, and the event kept in its place), each journal that cannot
//! be read whole. A printed status never looks whole when it is not.

use crate::i18n::Lang;
use crate::print::model::{Block, Section, Sheet};
use crate::rules::Campaign;
use crate::rules::campaign::journals::SetAside;
use crate::rules::campaign::{Entry, StampTime};

/// One event held aside, in words: "Held aside: …, made on Bruno's
/// desktop, 2026-11-25T17:36:05Z: why. Kept in its place: …"; the
/// machine's id after the time when given (the command line names the
/// journal's file by it).
pub fn held_line(c: &Campaign, aside: &SetAside, lang: Lang, with_id: bool) -> String {
    let made = |e: &Entry| match &e.stamp {
        Some(s) => lang.f(
            "held.made",
            &[
                ("by", s.by.as_deref().unwrap_or("?")),
                ("at", s.at.as_ref().map_or("?", StampTime::as_str)),
            ],
        ),
        None => lang.t("held.made_unknown").to_owned(),
    };
    let mut line = lang.f(
        "held.event",
        &[
            ("event", &lang.msg(&aside.entry.event.words(c))),
            ("made", &made(&aside.entry)),
        ],
    );
    let why = if aside.why.rule.is_empty() {
        lang.problem(&aside.why)
    } else {
        lang.problem_line(&aside.why)
    };
    if with_id {
        line.push_str(&format!(" ({})", aside.machine));
    }
    line.push_str(&lang.f("held.why", &[("why", &why)]));
    if let Some(rival) = &aside.rival {
        let kept = lang.f(
            "held.kept",
            &[
                ("event", &lang.msg(&rival.event.words(c))),
                ("made", &made(rival)),
            ],
        );
        line.push_str(&format!(". {kept}"));
    }
    line
}

/// `sheet` with a section naming what it leaves out, right after the
/// first section (the status); as it is when `lines` is empty.
pub fn with_left_out(mut sheet: Sheet, lines: &[String], lang: Lang) -> Sheet {
    if lines.is_empty() {
        return sheet;
    }
    let section = Section {
        id: "left_out".to_owned(),
        title: lang.t("sheet.left_out").to_owned(),
        blocks: lines
            .iter()
            .map(|l| Block::Text {
                text: format!("• {l}"),
            })
            .collect(),
    };
    let at = sheet.sections.len().min(1);
    sheet.sections.insert(at, section);
    sheet
}
