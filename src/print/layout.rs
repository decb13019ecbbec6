//! The sheet cut into the pieces the template never splits across pages
//! (a heading, a block, a row of two cards, the side-by-side sections), in
//! the order it sets them, and the pages they fall on: from the PDF's
//! markers when typst has said where, else from measured heights. Pure: the
//! on-screen preview draws each piece; the PDF marks them
//! (`pdf::PageMap`).

use super::model::{Block, Sheet, SheetKind};

/// Where the pieces of a typeset sheet land, for the on-screen preview to
/// break its pages where the PDF does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageMap {
    /// How many pages the PDF has.
    pub pages: usize,
    /// The page (from 1) of each piece the template marks (`h:2` a
    /// section's heading, `c:0:0:4` a card, `b:3:0` a block, `r:5` a rule
    /// of the appendix): none from a template without the markers.
    pub pieces: std::collections::HashMap<String, usize>,
    /// The characters the fonts lack.
    pub missing_glyphs: Vec<char>,
}

/// A piece of the sheet that is never split across pages.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// The title and subtitle.
    Title,
    /// A section's heading (kept with what follows it).
    Heading(usize),
    /// A block of a section, whole.
    Block(usize, usize),
    /// A row of (up to) two cards of a section's block, from the card given;
    /// a last card alone may have a whole section beside it (the kill team's
    /// notes, as the template sets them).
    Cards(usize, usize, usize, Option<usize>),
    /// Columns side by side, each of whole sections one under the other,
    /// with its share of the width, as the template lays them out (command
    /// points beside the VP table and the notes).
    Side(Vec<(Vec<usize>, f32)>),
    /// The appendix's heading.
    AppendixHeading,
    /// A rule of the appendix.
    Rule(usize),
}

impl Piece {
    /// True for a heading, kept on the page of what follows it.
    pub fn keeps_with_next(&self) -> bool {
        matches!(self, Self::Heading(_) | Self::AppendixHeading)
    }
}

/// The index of the section of this id.
fn section_of(sheet: &Sheet, id: &str) -> Option<usize> {
    sheet.sections.iter().position(|s| s.id == id)
}

/// The kill team's notes section when it sits beside the last soldier's
/// card: with an odd number of soldiers, as the template sets it.
fn notes_beside(sheet: &Sheet) -> Option<usize> {
    if sheet.kind != SheetKind::KillTeam {
        return None;
    }
    let soldiers = section_of(sheet, "soldiers")?;
    let cards: usize = sheet.sections[soldiers]
        .blocks
        .iter()
        .map(|b| match b {
            Block::Cards { cards } => cards.len(),
            _ => 0,
        })
        .sum();
    section_of(sheet, "notes").filter(|_| cards % 2 == 1)
}

/// The sections the template sets side by side, in columns with their
/// shares of the width (`assets/sheets/sheet.typ`).
fn side_by_side(sheet: &Sheet) -> Vec<(Vec<usize>, f32)> {
    let of = |ids: &[&str]| ids.iter().filter_map(|id| section_of(sheet, id)).collect();
    let columns: Vec<(Vec<usize>, f32)> = match sheet.kind {
        SheetKind::KillTeam => {
            // The notes under the VP table, unless beside the last card.
            let vp: Vec<usize> = of(&["vp"]);
            let mut second = vp.clone();
            if !vp.is_empty() && notes_beside(sheet).is_none() {
                second.extend(section_of(sheet, "notes"));
            }
            vec![(of(&["command"]), 1.4), (second, 1.0)]
        }
        SheetKind::Campaign => vec![
            (of(&["status"]), 1.0),
            (of(&["settings"]), 1.0),
            (of(&["next"]), 1.0),
        ],
        SheetKind::Band | SheetKind::Cards | SheetKind::Book => Vec::new(),
    };
    columns.into_iter().filter(|(c, _)| !c.is_empty()).collect()
}

/// The pieces of section `s`: its heading, then its blocks (cards two by
/// two).
fn section_pieces(sheet: &Sheet, s: usize, out: &mut Vec<Piece>) {
    out.push(Piece::Heading(s));
    let beside = notes_beside(sheet).filter(|_| sheet.sections[s].id == "soldiers");
    for (b, block) in sheet.sections[s].blocks.iter().enumerate() {
        match block {
            Block::Cards { cards } => {
                out.extend((0..cards.len()).step_by(2).map(|c| {
                    let alone = c + 1 == cards.len();
                    Piece::Cards(s, b, c, beside.filter(|_| alone))
                }));
            }
            _ => out.push(Piece::Block(s, b)),
        }
    }
}

/// The sheet cut into pieces, in the order the template sets them.
pub fn pieces(sheet: &Sheet) -> Vec<Piece> {
    let mut out = vec![Piece::Title];
    let side = side_by_side(sheet);
    let in_side = |s: usize| side.iter().any(|(c, _)| c.contains(&s));
    // The kill team's soldiers come first, the ranges and notes after the
    // side-by-side row; the campaign's row comes first.
    let first = side
        .iter()
        .flat_map(|(c, _)| c.iter().copied())
        .min()
        .unwrap_or(usize::MAX);
    let before = |s: usize| match sheet.kind {
        SheetKind::KillTeam => !matches!(sheet.sections[s].id.as_str(), "ranges" | "notes"),
        _ => s < first,
    };
    let beside = notes_beside(sheet);
    let mut placed = false;
    for s in 0..sheet.sections.len() {
        if in_side(s) || beside == Some(s) {
            continue;
        }
        if !placed && !before(s) && !side.is_empty() {
            out.push(Piece::Side(side.clone()));
            placed = true;
        }
        section_pieces(sheet, s, &mut out);
    }
    if !placed && !side.is_empty() {
        out.push(Piece::Side(side));
    }
    if !sheet.appendix.is_empty() {
        out.push(Piece::AppendixHeading);
        out.extend((0..sheet.appendix.len()).map(Piece::Rule));
    }
    out
}

/// The pieces on each page, from their heights (0 for one not measured
/// yet): a page takes pieces while they fit; a heading goes with the piece
/// after it; a piece taller than a page has one to itself.
pub fn paginate(pieces: &[Piece], heights: &[f32], room: f32) -> Vec<Vec<usize>> {
    let height = |i: usize| heights.get(i).copied().unwrap_or(0.0);
    let mut pages: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0.0;
    for (i, piece) in pieces.iter().enumerate() {
        let mut need = height(i);
        if piece.keeps_with_next() && i + 1 < pieces.len() {
            need += height(i + 1);
        }
        let page = pages.len() - 1;
        if used + need > room && !pages[page].is_empty() {
            pages.push(Vec::new());
            used = 0.0;
        }
        used += height(i);
        let last = pages.len() - 1;
        pages[last].push(i);
    }
    pages
}

/// The page (from 1) of each piece where the PDF puts it, from the
/// template's markers; none when the template has none (a restyled copy).
/// A piece not marked goes with the one before it.
pub fn pages_from_map(pieces: &[Piece], map: &PageMap) -> Option<Vec<Vec<usize>>> {
    if map.pieces.is_empty() || map.pages == 0 {
        return None;
    }
    let key = |p: &Piece| match p {
        Piece::Title => Some("title".to_owned()),
        Piece::Heading(s) => Some(format!("h:{s}")),
        Piece::Block(s, b) => Some(format!("b:{s}:{b}")),
        Piece::Cards(s, b, c, _) => Some(format!("c:{s}:{b}:{c}")),
        Piece::Side(list) => list
            .first()
            .and_then(|(c, _)| c.first())
            .map(|s| format!("h:{s}")),
        Piece::AppendixHeading => Some("appendix".to_owned()),
        Piece::Rule(i) => Some(format!("r:{i}")),
    };
    let mut pages: Vec<Vec<usize>> = vec![Vec::new(); map.pages];
    let mut page = 1;
    for (i, p) in pieces.iter().enumerate() {
        if let Some(&n) = key(p).and_then(|k| map.pieces.get(&k)) {
            // Never back: the pieces are in the PDF's order.
            page = n.clamp(page, map.pages);
        }
        pages[page - 1].push(i);
    }
    Some(pages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::model::Card;

    /// A sheet of `kind` with these sections, titled "T".
    fn sheet_of_kind(kind: SheetKind, sections: Vec<crate::print::model::Section>) -> Sheet {
        Sheet {
            kind,
            lang: "en".to_owned(),
            title: "T".to_owned(),
            subtitle: String::new(),
            labels: crate::print::model::Labels {
                page: "Page".to_owned(),
                of: "of".to_owned(),
                footer: "Printed with Muster".to_owned(),
                appendix: "Rules".to_owned(),
            },
            sections,
            appendix: Vec::new(),
            card_size: None,
        }
    }

    #[test]
    fn the_kill_team_sheet_sets_command_points_beside_the_vp_as_the_template_does() {
        let section = |id: &str| crate::print::model::Section {
            id: id.to_owned(),
            title: id.to_owned(),
            blocks: vec![Block::Text {
                text: id.to_owned(),
            }],
        };
        let sheet = sheet_of_kind(
            SheetKind::KillTeam,
            ["soldiers", "command", "vp", "ranges", "notes"]
                .into_iter()
                .map(section)
                .collect(),
        );
        assert_eq!(
            pieces(&sheet),
            vec![
                Piece::Title,
                Piece::Heading(0),
                Piece::Block(0, 0),
                // The notes under the VP table, as the template sets them.
                Piece::Side(vec![(vec![1], 1.4), (vec![2, 4], 1.0)]),
                Piece::Heading(3),
                Piece::Block(3, 0),
            ]
        );
        // Three soldiers: the notes fill the place beside the third.
        let card = |name: &str| Card {
            title: name.to_owned(),
            subtitle: String::new(),
            tags: Vec::new(),
            tables: Vec::new(),
            lines: Vec::new(),
            track: None,
        };
        let mut odd = sheet.clone();
        odd.sections[0].blocks = vec![Block::Cards {
            cards: vec![card("A"), card("B"), card("C")],
        }];
        assert_eq!(
            pieces(&odd),
            vec![
                Piece::Title,
                Piece::Heading(0),
                Piece::Cards(0, 0, 0, None),
                Piece::Cards(0, 0, 2, Some(4)),
                Piece::Side(vec![(vec![1], 1.4), (vec![2], 1.0)]),
                Piece::Heading(3),
                Piece::Block(3, 0),
            ]
        );
    }

    #[test]
    fn a_heading_goes_to_the_next_page_with_what_follows_it() {
        let pieces = [
            Piece::Title,
            Piece::Block(0, 0),
            Piece::Heading(1),
            Piece::Block(1, 0),
        ];
        let pages = paginate(&pieces, &[10.0, 50.0, 10.0, 50.0], 100.0);
        assert_eq!(pages, vec![vec![0, 1], vec![2, 3]]);
        // A piece taller than a page has one to itself; nothing is dropped.
        let pages = paginate(&pieces, &[10.0, 500.0, 10.0, 50.0], 100.0);
        assert_eq!(pages, vec![vec![0], vec![1], vec![2, 3]]);
        // Not measured yet: one page.
        let pages = paginate(&pieces, &[], 100.0);
        assert_eq!(pages, vec![vec![0, 1, 2, 3]]);
    }
}
