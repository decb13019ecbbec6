//! The column plan of a sheet's tables: each column's width from the texts
//! it holds, measured with the fonts the PDF embeds, so that no word runs
//! into the next cell; a card's profile beside its weapons only when both
//! fit. One computation, in printed points: the template is given it
//! (`pdf::typeset`) and the on-screen preview draws it, so the two lay a
//! sheet out alike. Pure: the fonts are the embedded ones.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::layout::{Piece, pieces};
use super::model::{Block, Card, Sheet, SheetKind, Table};
use super::paper::{FONTS, Paper};

/// The template's geometry, in printed points (`assets/sheets/sheet.typ`).
pub mod geometry {
    /// The body text's size.
    pub const BODY: f32 = 7.6;
    /// The page's side margins (1.1 cm).
    pub const MARGIN: f32 = 1.1 / 2.54 * 72.0;
    /// Between two cards of a row.
    pub const CARD_GAP: f32 = 5.0;
    /// A card's inset.
    pub const CARD_INSET: f32 = 5.0;
    /// A card's frame (the preview's takes room; the PDF's does not).
    pub const CARD_STROKE: f32 = 0.7;
    /// Between a card's profile and its weapons.
    pub const TABLES_GAP: f32 = 4.0;
    /// Between sections side by side.
    pub const SIDE_GAP: f32 = 10.0;
    /// Between the two halves of the VP table.
    pub const HALVES_GAP: f32 = 4.0;
    /// A cell's inset, left and right.
    pub const CELL_X: f32 = 3.0;
    /// The smallest type a table is set in when its words do not fit.
    pub const SMALLEST: f32 = 5.5;
    /// The smallest type of a card's weapons beside its profile: smaller,
    /// they go under it.
    pub const SIDE_SMALLEST: f32 = 6.4;
}

use geometry::*;

/// A little more than a cell's insets: the text's measure is of the
/// glyphs' advances, without kerning, and the rules are drawn over it.
const PAD: f32 = 2.0 * CELL_X + 0.6;

/// The embedded faces, regular and bold.
fn faces() -> &'static [typst::text::FontInstance] {
    use typst::text::{Font, FontVariations};
    static FACES: OnceLock<Vec<typst::text::FontInstance>> = OnceLock::new();
    FACES.get_or_init(|| {
        FONTS
            .iter()
            .filter_map(|f| Font::new(typst::foundations::Bytes::new(*f), 0))
            .map(|f| {
                let variant = f.info().variant;
                let size = typst::layout::Abs::pt(f64::from(BODY));
                f.instantiate(variant, size, &FontVariations::default())
            })
            .collect()
    })
}

/// The width of a text on one line, in points, at `size` points, in the
/// sheet's font (a character it lacks counted as a box of 0.6 em).
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let faces = faces();
    let Some(font) = faces.get(usize::from(bold)).or(faces.first()) else {
        return text.chars().count() as f32 * size * 0.6;
    };
    let face = font.ttf();
    let em = f32::from(face.units_per_em().max(1));
    let units: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(em * 0.6, f32::from)
        })
        .sum();
    units * size / em
}

/// The widest word of a text (where a line may break), in points.
fn longest_word(text: &str, size: f32, bold: bool) -> f32 {
    text.split_whitespace()
        .map(|w| text_width(w, size, bold))
        .fold(0.0, f32::max)
}

/// How a table is set: its columns' widths and its type's size, in points.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePlan {
    /// Each column's width, insets included.
    pub widths: Vec<f32>,
    /// The size of its text: the body's, smaller only when its longest
    /// words cannot fit side by side otherwise.
    pub size: f32,
}

impl TablePlan {
    /// The table's whole width.
    pub fn width(&self) -> f32 {
        self.widths.iter().sum()
    }
}

/// Each column's widest text on one line and its widest word, at `size`,
/// without the insets (the header and the marked cells bold).
fn measures(t: &Table, size: f32) -> (Vec<f32>, Vec<f32>) {
    let n = t.columns.len();
    let mut natural = vec![0.0f32; n];
    let mut least = vec![0.0f32; n];
    let header = t.columns.iter().enumerate().map(|(c, v)| (c, v, true));
    let cells = t.rows.iter().enumerate().flat_map(|(r, row)| {
        row.iter()
            .enumerate()
            .take(n)
            .map(move |(c, v)| (c, v, t.marked.contains(&(r, c))))
    });
    for (c, v, bold) in header.chain(cells) {
        natural[c] = natural[c].max(text_width(v, size, bold));
        least[c] = least[c].max(longest_word(v, size, bold));
    }
    (natural, least)
}

/// `base` plus `extra` shared among the columns in proportion to `want`
/// (evenly when none wants any).
fn share(base: &[f32], want: &[f32], extra: f32) -> Vec<f32> {
    let total: f32 = want.iter().sum();
    base.iter()
        .zip(want)
        .map(|(b, w)| {
            if total > 0.0 {
                b + extra * w / total
            } else {
                b + extra / base.len() as f32
            }
        })
        .collect()
}

/// The text columns' widths once the short ones have theirs (`widths`):
/// a text short enough for its fair share of what is left is set on one
/// line, the longer ones share the rest in proportion to what they lack.
fn fill_wide(
    mut widths: Vec<f32>,
    natural: &[f32],
    least: &[f32],
    wide: &[bool],
    room: f32,
) -> Vec<f32> {
    let mut open: Vec<usize> = (0..widths.len()).filter(|&c| wide[c]).collect();
    let mut left = room
        - (0..widths.len())
            .filter(|&c| !wide[c])
            .map(|c| widths[c])
            .sum::<f32>();
    loop {
        let fair = left / open.len().max(1) as f32;
        let (short, long): (Vec<usize>, Vec<usize>) =
            open.iter().partition(|&&c| natural[c] <= fair);
        if short.is_empty() || long.is_empty() {
            let base: Vec<f32> = open.iter().map(|&c| least[c]).collect();
            let want: Vec<f32> = open.iter().map(|&c| natural[c] - least[c]).collect();
            let extra = left - base.iter().sum::<f32>();
            for (c, w) in open.iter().zip(share(&base, &want, extra)) {
                widths[*c] = w;
            }
            return widths;
        }
        for c in short {
            widths[c] = natural[c];
            left -= natural[c];
        }
        open = long;
    }
}

/// The plan of a table in `room` points: every column at least as wide as
/// its widest word, so that no word runs out of its cell. When the texts
/// fit on one line, each column is as wide as its longest text and the
/// columns of text to wrap share what is left; when they do not, the
/// columns of text wrap first, then the others; when even the widest words
/// do not fit side by side, the type is made smaller (down to 5.5 pt).
pub fn table_plan(t: &Table, room: f32) -> TablePlan {
    let n = t.columns.len();
    if n == 0 {
        return TablePlan {
            widths: Vec::new(),
            size: BODY,
        };
    }
    let (natural, least) = measures(t, BODY);
    let pad = |v: &[f32]| v.iter().map(|w| w + PAD).collect::<Vec<f32>>();
    let (natural, least) = (pad(&natural), pad(&least));
    let wide: Vec<bool> = (0..n).map(|c| t.wide.contains(&c)).collect();
    let sum = |v: &[f32]| v.iter().sum::<f32>();
    let plan = |widths| TablePlan { widths, size: BODY };
    if sum(&natural) <= room {
        if !wide.iter().any(|w| *w) {
            return plan(natural);
        }
        let wants: Vec<f32> = wide.iter().map(|w| f32::from(u8::from(*w))).collect();
        return plan(share(&natural, &wants, room - sum(&natural)));
    }
    // Short values on one line, the text columns wrapping.
    let base: Vec<f32> = (0..n)
        .map(|c| if wide[c] { least[c] } else { natural[c] })
        .collect();
    if wide.iter().any(|w| *w) && sum(&base) <= room {
        return plan(fill_wide(base, &natural, &least, &wide, room));
    }
    if sum(&least) <= room {
        let want: Vec<f32> = (0..n).map(|c| natural[c] - least[c]).collect();
        return plan(share(&least, &want, room - sum(&least)));
    }
    // Smaller type: the words scale with it, the insets do not.
    let words = sum(&least) - n as f32 * PAD;
    let size = (BODY * (room - n as f32 * PAD) / words.max(1.0)).clamp(SMALLEST, BODY);
    let (_, least) = measures(t, size);
    TablePlan {
        widths: pad(&least),
        size,
    }
}

/// The narrowest a table can be set in type of `size` points.
fn table_floor(t: &Table, size: f32) -> f32 {
    let (_, least) = measures(t, size);
    least.iter().map(|w| w + PAD).sum()
}

/// How a card's tables are set.
#[derive(Clone, Debug, PartialEq)]
pub struct CardPlan {
    /// The profile beside the weapons (two tables, both fitting).
    pub side: bool,
    /// Each table's plan.
    pub tables: Vec<TablePlan>,
}

/// The width inside a card `width` wide.
pub fn card_inner(width: f32) -> f32 {
    width - 2.0 * (CARD_INSET + CARD_STROKE)
}

/// The plan of a card `width` wide: a narrow profile (8 columns or fewer)
/// beside the weapons when the weapons keep room for their widest words
/// (in type down to 6.4 pt, so that the kill team stays on one page), else
/// one table under the other.
pub fn card_plan(c: &Card, width: f32) -> CardPlan {
    let inner = card_inner(width);
    if c.tables.len() == 2 && c.tables[0].columns.len() <= 8 {
        let first = table_plan(&c.tables[0], inner);
        let rest = inner - first.width() - TABLES_GAP;
        if first.size == BODY && table_floor(&c.tables[1], SIDE_SMALLEST) <= rest {
            let second = table_plan(&c.tables[1], rest);
            return CardPlan {
                side: true,
                tables: vec![first, second],
            };
        }
    }
    CardPlan {
        side: false,
        tables: c.tables.iter().map(|t| table_plan(t, inner)).collect(),
    }
}

/// Where a table is in a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableAt {
    /// Block `1` of section `0`.
    Block(usize, usize),
    /// Table `3` of card `2` of block `1` of section `0`.
    Card(usize, usize, usize, usize),
}

/// The plan of every table of a sheet and of every card, as the template
/// sets them on `paper`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SheetPlan {
    /// The tables of the sections, and the VP table's halves (both halves
    /// set alike).
    pub tables: HashMap<TableAt, TablePlan>,
    /// The cards, by section, block and card.
    pub cards: HashMap<(usize, usize, usize), CardPlan>,
}

impl SheetPlan {
    /// The plan of a section's table.
    pub fn table(&self, s: usize, b: usize) -> Option<&TablePlan> {
        self.tables.get(&TableAt::Block(s, b))
    }

    /// The plan of a card.
    pub fn card(&self, s: usize, b: usize, c: usize) -> Option<&CardPlan> {
        self.cards.get(&(s, b, c))
    }
}

/// The width of the page's text on `paper`.
pub fn content_width(paper: Paper) -> f32 {
    paper.size_mm().0 / 25.4 * 72.0 - 2.0 * MARGIN
}

/// The width of each card of a row of two on a text `width` wide.
pub fn card_width(width: f32) -> f32 {
    (width - CARD_GAP) / 2.0
}

/// The width of each of the columns of sections side by side.
pub fn side_widths(columns: &[(Vec<usize>, f32)], width: f32) -> Vec<f32> {
    let shares: f32 = columns.iter().map(|(_, w)| w).sum();
    let room = width - SIDE_GAP * columns.len().saturating_sub(1) as f32;
    columns.iter().map(|(_, w)| room * w / shares).collect()
}

/// True when a section's table is set in two halves side by side (the
/// kill team's VP table).
pub fn in_halves(sheet: &Sheet, s: usize, t: &Table) -> bool {
    sheet.kind == SheetKind::KillTeam && sheet.sections[s].id == "vp" && t.rows.len() > 4
}

impl SheetPlan {
    /// Plans section `s`'s blocks in a column `width` wide.
    fn section(&mut self, sheet: &Sheet, s: usize, width: f32) {
        for (b, block) in sheet.sections[s].blocks.iter().enumerate() {
            match block {
                Block::Table(t) => {
                    let room = if in_halves(sheet, s, t) {
                        (width - HALVES_GAP) / 2.0
                    } else {
                        width
                    };
                    self.tables
                        .insert(TableAt::Block(s, b), table_plan(t, room));
                }
                Block::Cards { cards } => {
                    for (c, card) in cards.iter().enumerate() {
                        let plan = card_plan(card, card_width(width));
                        for (i, t) in plan.tables.iter().enumerate() {
                            self.tables.insert(TableAt::Card(s, b, c, i), t.clone());
                        }
                        self.cards.insert((s, b, c), plan);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The plan of a sheet's tables on `paper`.
pub fn sheet_plan(sheet: &Sheet, paper: Paper) -> SheetPlan {
    let width = content_width(paper);
    let mut plan = SheetPlan::default();
    for piece in pieces(sheet) {
        match piece {
            Piece::Heading(s) => plan.section(sheet, s, width),
            Piece::Side(columns) => {
                for ((sections, _), w) in columns.iter().zip(side_widths(&columns, width)) {
                    for &s in sections {
                        plan.section(sheet, s, w);
                    }
                }
            }
            // The section beside the last card: half the width.
            Piece::Cards(_, _, _, Some(n)) => plan.section(sheet, n, card_width(width)),
            _ => {}
        }
    }
    plan
}
