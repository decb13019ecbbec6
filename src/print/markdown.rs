//! A sheet as Markdown, to paste on a forum or in a chat: the same content
//! as the printed sheet, in headings, lists and tables.

use std::fmt::Write;

use super::model::{Block, Card, Sheet, Table, Track};

/// Escapes what Markdown would read as table or emphasis marks.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace('*', "\\*")
        .replace('\n', " ")
}

fn inline(text: &str) -> String {
    text.replace('\\', "\\\\").replace('*', "\\*")
}

fn table(out: &mut String, t: &Table) {
    if t.columns.is_empty() {
        return;
    }
    let header: Vec<String> = t
        .columns
        .iter()
        .map(|c| {
            if c.is_empty() {
                " ".to_owned()
            } else {
                cell(c)
            }
        })
        .collect();
    let _ = writeln!(out, "| {} |", header.join(" | "));
    let rule: Vec<&str> = (0..t.columns.len())
        .map(|i| if t.wide.contains(&i) { "---" } else { ":-:" })
        .collect();
    let _ = writeln!(out, "|{}|", rule.join("|"));
    for row in &t.rows {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

fn track(out: &mut String, t: &Track) {
    let boxes: Vec<String> = (0..t.boxes)
        .map(|i| match t.numbered_from {
            Some(n) => format!("[{}]", n + i),
            None if i < t.ticked => "☒".to_owned(),
            None => "☐".to_owned(),
        })
        .collect();
    let _ = writeln!(out, "{}: {}\n", inline(&t.label), boxes.join(" "));
}

fn card(out: &mut String, c: &Card) {
    let _ = write!(out, "### {}", inline(&c.title));
    if !c.subtitle.is_empty() {
        let _ = write!(out, " — {}", inline(&c.subtitle));
    }
    out.push_str("\n\n");
    if !c.tags.is_empty() {
        let tags: Vec<String> = c.tags.iter().map(|t| inline(&t.text)).collect();
        let _ = writeln!(out, "{}\n", tags.join(" · "));
    }
    for t in &c.tables {
        table(out, t);
    }
    for f in &c.lines {
        let _ = writeln!(out, "- **{}**: {}", inline(&f.label), inline(&f.value));
    }
    if !c.lines.is_empty() {
        out.push('\n');
    }
    if let Some(t) = &c.track {
        track(out, t);
    }
}

/// The whole sheet as Markdown.
pub fn to_markdown(sheet: &Sheet) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", inline(&sheet.title));
    if !sheet.subtitle.is_empty() {
        let _ = writeln!(out, "*{}*\n", inline(&sheet.subtitle));
    }
    for s in &sheet.sections {
        let _ = writeln!(out, "## {}\n", inline(&s.title));
        for b in &s.blocks {
            match b {
                Block::Facts { facts } => {
                    for f in facts {
                        let _ = writeln!(out, "- **{}**: {}", inline(&f.label), inline(&f.value));
                    }
                    out.push('\n');
                }
                Block::Table(t) => table(&mut out, t),
                Block::Cards { cards } => {
                    for c in cards {
                        card(&mut out, c);
                    }
                }
                Block::Text { text } => {
                    let _ = writeln!(out, "{}\n", inline(text));
                }
                Block::Track(t) => track(&mut out, t),
                Block::Chart(c) => {
                    let _ = writeln!(out, "**{}**: {}\n", inline(&c.title), inline(&c.summary));
                }
            }
        }
    }
    if !sheet.appendix.is_empty() {
        let _ = writeln!(out, "## {}\n", inline(&sheet.labels.appendix));
        for r in &sheet.appendix {
            let _ = writeln!(
                out,
                "- **{} {}**: {}",
                r.id,
                inline(&r.title),
                inline(&r.text)
            );
        }
        out.push('\n');
    }
    let _ = writeln!(out, "---\n{}", inline(&sheet.labels.footer));
    out
}
