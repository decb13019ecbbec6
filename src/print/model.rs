//! The sheet model: what a printed sheet says, in sections, tables, cards,
//! texts and tally boxes, already in the reader's language, and nothing of
//! how it is drawn. The PDF templates (`assets/sheets/*.typ`), the Markdown
//! export and the on-screen preview all draw this one model, so a test can
//! read a sheet's content without rendering it.

use serde::Serialize;

/// Which sheet: the templates lay out each kind in its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SheetKind {
    /// A kill team: one page for the table.
    KillTeam,
    /// A Rogue Trader band.
    Band,
    /// A campaign's status.
    Campaign,
    /// Cards for the table, one per model, cut from the page.
    Cards,
    /// A campaign's book: its story, a page a mission.
    Book,
}

/// A whole sheet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sheet {
    /// Which sheet.
    pub kind: SheetKind,
    /// The language it is written in (`en`, `fr`): the typesetter
    /// hyphenates by it.
    pub lang: String,
    /// The document's name.
    pub title: String,
    /// What it is (`Kill team · 7 of 7 soldier equivalents`).
    pub subtitle: String,
    /// Words the templates print around the content (`page`, `of` …),
    /// translated.
    pub labels: Labels,
    /// The content, in order.
    pub sections: Vec<Section>,
    /// The text of every rule the sheet names, when asked for.
    pub appendix: Vec<RuleEntry>,
    /// For cards: their size (and the footer each card prints is the
    /// subtitle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_size: Option<super::paper::CardSize>,
}

/// The words the templates need that are not content.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Labels {
    /// "Page".
    pub page: String,
    /// "of" (page 1 of 2).
    pub of: String,
    /// The footer: "Printed with Muster".
    pub footer: String,
    /// The appendix's title.
    pub appendix: String,
}

/// A titled part of a sheet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Section {
    /// Stable id the templates may style by (`soldiers`, `stratagems`).
    pub id: String,
    /// Its heading.
    pub title: String,
    /// What it holds.
    pub blocks: Vec<Block>,
}

/// One piece of content.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Block {
    /// Label and value pairs (`VP: 7`).
    Facts {
        /// The pairs.
        facts: Vec<Fact>,
    },
    /// A table with a header row, repeated on every page it spans.
    Table(Table),
    /// One card per character or soldier.
    Cards {
        /// The cards.
        cards: Vec<Card>,
    },
    /// A paragraph.
    Text {
        /// The text.
        text: String,
    },
    /// A row of boxes to tick or mark (command points, wounds).
    Track(Track),
    /// A chart, drawn as vector graphics, with its words.
    Chart(Chart),
}

/// A chart over places (the missions, or the characters): series drawn
/// as bars, side by side or stacked, one as a line, and a threshold
/// across; with the same in words, for a reader who cannot see it (and
/// for the PDF's text).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Chart {
    /// What it shows.
    pub title: String,
    /// What the horizontal axis counts ("Mission").
    pub x_label: String,
    /// What the vertical axis counts ("VP").
    pub y_label: String,
    /// The label under each place ("1", "2" …, or names).
    pub ticks: Vec<String>,
    /// The series drawn as bars, each one value a place.
    pub bars: Vec<Series>,
    /// The bars' series stacked on each other at a place, rather than side
    /// by side.
    pub stacked: bool,
    /// The series drawn as a line, one point a place.
    pub line: Option<Series>,
    /// A line across at a value (the Final's threshold).
    pub threshold: Option<Threshold>,
    /// The chart in words.
    pub summary: String,
}

/// A named series of a chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Series {
    /// Its name, in the legend.
    pub name: String,
    /// Its values, one a place.
    pub values: Vec<f64>,
    /// Its ink.
    pub shade: Shade,
}

/// The ink of a chart's series: the sheet's tones, grey the plain one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shade {
    /// Grey.
    #[default]
    Plain,
    /// The sheet's accent.
    Accent,
    /// Good news (green).
    Good,
    /// To watch (amber).
    Warn,
    /// Bad news (red).
    Bad,
    /// Neither (blue).
    Info,
}

/// A line across a chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Threshold {
    /// Its name, beside it.
    pub name: String,
    /// Where it is.
    pub value: f64,
}

impl Chart {
    /// The highest value drawn, the threshold's included (a stack's whole
    /// height where the bars are stacked).
    pub fn top(&self) -> f64 {
        let places = self.ticks.len();
        let bars = (0..places).map(|i| {
            let at = self
                .bars
                .iter()
                .map(|s| s.values.get(i).copied().unwrap_or(0.0));
            if self.stacked {
                at.sum()
            } else {
                at.fold(0.0, f64::max)
            }
        });
        let line = self.line.iter().flat_map(|s| s.values.iter().copied());
        bars.chain(line)
            .chain(self.threshold.iter().map(|t| t.value))
            .fold(0.0, f64::max)
    }
}

/// A label and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fact {
    /// What it is.
    pub label: String,
    /// Its value.
    pub value: String,
}

impl Fact {
    /// A fact.
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            value: value.into(),
        }
    }
}

/// A table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The header row.
    pub columns: Vec<String>,
    /// The rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
    /// The columns holding text to wrap (the others are short values,
    /// centred).
    pub wide: Vec<usize>,
    /// Cells drawn as changed from the base value (`(row, column)`), each
    /// also marked with `*` in its text so that the mark does not rely on
    /// colour.
    pub marked: Vec<(usize, usize)>,
}

impl Table {
    /// A table of short values.
    pub fn new(columns: Vec<String>) -> Self {
        Self {
            columns,
            rows: Vec::new(),
            wide: Vec::new(),
            marked: Vec::new(),
        }
    }

    /// The text of a cell, if there is one.
    pub fn cell(&self, row: usize, column: usize) -> Option<&str> {
        self.rows.get(row)?.get(column).map(String::as_str)
    }
}

/// A tag on a card: a state or a quality, given as a word (and an icon
/// character), with a tone the templates colour by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tag {
    /// The word.
    pub text: String,
    /// `good`, `warn`, `bad` or `info`.
    pub tone: &'static str,
}

/// A character's or soldier's card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Card {
    /// The name.
    pub title: String,
    /// What he is (`Sergeant · 2 VP`).
    pub subtitle: String,
    /// States and qualities.
    pub tags: Vec<Tag>,
    /// Profiles: one table, or more (base and current; weapons).
    pub tables: Vec<Table>,
    /// Equipment, ribbons, notes: label, text.
    pub lines: Vec<Fact>,
    /// Wound boxes.
    pub track: Option<Track>,
}

/// A row of boxes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Track {
    /// What it counts.
    pub label: String,
    /// How many boxes.
    pub boxes: u32,
    /// How many are already ticked (wounds taken).
    pub ticked: u32,
    /// Numbers printed in the boxes, from this one up (command points);
    /// none for plain boxes.
    pub numbered_from: Option<u32>,
}

/// A rule's text, for the appendix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleEntry {
    /// Its id (`KT-11`).
    pub id: String,
    /// Its title.
    pub title: String,
    /// What it says.
    pub text: String,
}

impl Sheet {
    /// Every piece of text the sheet holds, in reading order: what a reader
    /// of the printed page should find (tests look for names and values in
    /// it; the Markdown export is built the same way).
    pub fn texts(&self) -> Vec<&str> {
        let mut out = vec![self.title.as_str(), self.subtitle.as_str()];
        for s in &self.sections {
            out.push(&s.title);
            for b in &s.blocks {
                block_texts(b, &mut out);
            }
        }
        for r in &self.appendix {
            out.extend([r.id.as_str(), r.title.as_str(), r.text.as_str()]);
        }
        out
    }

    /// The rule ids the sheet names (`(KT-11)` in a title, `EQ-3` in a
    /// line), in order of first mention.
    pub fn rule_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for t in self.texts() {
            for id in find_rule_ids(t) {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
        ids
    }
}

fn table_texts<'a>(t: &'a Table, out: &mut Vec<&'a str>) {
    out.extend(t.columns.iter().map(String::as_str));
    for row in &t.rows {
        out.extend(row.iter().map(String::as_str));
    }
}

fn block_texts<'a>(b: &'a Block, out: &mut Vec<&'a str>) {
    match b {
        Block::Facts { facts } => {
            for f in facts {
                out.extend([f.label.as_str(), f.value.as_str()]);
            }
        }
        Block::Table(t) => table_texts(t, out),
        Block::Cards { cards } => {
            for c in cards {
                out.extend([c.title.as_str(), c.subtitle.as_str()]);
                out.extend(c.tags.iter().map(|t| t.text.as_str()));
                for t in &c.tables {
                    table_texts(t, out);
                }
                for f in &c.lines {
                    out.extend([f.label.as_str(), f.value.as_str()]);
                }
                if let Some(t) = &c.track {
                    out.push(&t.label);
                }
            }
        }
        Block::Text { text } => out.push(text),
        Block::Track(t) => out.push(&t.label),
        Block::Chart(c) => {
            out.extend([c.title.as_str(), c.summary.as_str()]);
            out.extend([c.x_label.as_str(), c.y_label.as_str()]);
            out.extend(c.threshold.iter().map(|t| t.name.as_str()));
            out.extend(c.bars.iter().chain(&c.line).map(|s| s.name.as_str()));
            out.extend(c.ticks.iter().map(String::as_str));
        }
    }
}

/// The rule ids in a text: letters, a dash, digits (`KT-11`, `EQ-3`).
pub fn find_rule_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_uppercase() {
            i += 1;
        }
        let letters = i - start;
        let before_ok = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
        if (2..=4).contains(&letters) && before_ok && i < bytes.len() && bytes[i] == b'-' {
            let digits_start = i + 1;
            let mut j = digits_start;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j > digits_start && (j == bytes.len() || !bytes[j].is_ascii_alphanumeric()) {
                out.push(text[start..j].to_owned());
                i = j;
                continue;
            }
        }
        i = if i == start { i + 1 } else { i };
    }
    out
}
