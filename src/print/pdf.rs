//! The PDF of a sheet, typeset by typst from the template in
//! `assets/sheets/sheet.typ` (or the user's copy), with only the fonts
//! embedded from `assets/fonts`: the same sheet gives the same PDF on every
//! machine.

use std::sync::OnceLock;

use typst::foundations::{Dict, IntoValue};
use typst_as_lib::{TypstEngine, TypstTemplateMainFile};
use typst_layout::PagedDocument;

use crate::rules::Msg;

use super::columns::{TablePlan, sheet_plan};
use super::model::Sheet;

/// The built-in template.
pub const TEMPLATE: &str = include_str!("../../assets/sheets/sheet.typ");

pub use super::layout::PageMap;
pub use super::paper::{FONTS, Paper};

/// Why no PDF came out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdfError {
    /// The template does not compile (a user's restyled copy, most likely).
    #[error("the sheet template has an error: {0}")]
    Template(String),
    /// typst could not write the PDF.
    #[error("the PDF could not be written: {0}")]
    Export(String),
    /// The sheet model could not be handed to the template.
    #[error("the sheet could not be prepared: {0}")]
    Model(String),
}

impl PdfError {
    /// The message to show.
    pub fn msg(&self) -> Msg {
        match self {
            Self::Template(d) => Msg::new("sheet.error.template").text("detail", d.as_str()),
            Self::Export(d) => Msg::new("sheet.error.export").text("detail", d.as_str()),
            Self::Model(d) => Msg::new("sheet.error.model").text("detail", d.as_str()),
        }
    }
}

/// typst memoises its work between compiles; entries unused for this many
/// compiles are dropped, so that printing a sheet again after a change
/// reuses the layout of every card that did not change, while the cache
/// stays bounded (typst-as-lib's default, 0, drops everything each time).
const CACHE_COMPILES: usize = 4;

fn engine(template: &str) -> TypstEngine<TypstTemplateMainFile> {
    TypstEngine::builder()
        .main_file(template.to_owned())
        .fonts(FONTS)
        .comemo_evict_max_age(Some(CACHE_COMPILES))
        .build()
}

fn built_in() -> &'static TypstEngine<TypstTemplateMainFile> {
    static ENGINE: OnceLock<TypstEngine<TypstTemplateMainFile>> = OnceLock::new();
    ENGINE.get_or_init(|| engine(TEMPLATE))
}

fn diagnostics(e: &typst_as_lib::TypstAsLibError) -> String {
    match e {
        typst_as_lib::TypstAsLibError::TypstSource(diags) => diags
            .iter()
            .map(|d| d.message.to_string())
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}

/// What the template is given: the sheet model, each table with its plan
/// (`plan`: the columns' widths and the type's size, in points) and each
/// card with whether its profile sits beside its weapons (`side`), as
/// `columns::sheet_plan` lays them out on `paper`, the plan the on-screen
/// preview draws too.
pub fn template_data(sheet: &Sheet, paper: Paper) -> Result<serde_json::Value, PdfError> {
    use serde_json::{Value, json};
    let mut data = serde_json::to_value(sheet).map_err(|e| PdfError::Model(e.to_string()))?;
    // Cards have their fixed size: the type fits each card in the
    // template, no column plan.
    if let Some(size) = sheet.card_size {
        data["layout"] =
            serde_json::to_value(size.layout(paper)).map_err(|e| PdfError::Model(e.to_string()))?;
        return Ok(data);
    }
    let plan = sheet_plan(sheet, paper);
    let plan_of = |p: &TablePlan| json!({ "widths": p.widths, "size": p.size });
    let Some(sections) = data.get_mut("sections").and_then(Value::as_array_mut) else {
        return Ok(data);
    };
    for (s, section) in sections.iter_mut().enumerate() {
        let Some(blocks) = section.get_mut("blocks").and_then(Value::as_array_mut) else {
            continue;
        };
        for (b, block) in blocks.iter_mut().enumerate() {
            if let Some(p) = plan.table(s, b) {
                block["plan"] = plan_of(p);
            }
            let Some(cards) = block.get_mut("cards").and_then(Value::as_array_mut) else {
                continue;
            };
            for (c, card) in cards.iter_mut().enumerate() {
                let Some(p) = plan.card(s, b, c) else {
                    continue;
                };
                card["side"] = Value::Bool(p.side);
                if let Some(tables) = card.get_mut("tables").and_then(Value::as_array_mut) {
                    for (t, table) in tables.iter_mut().zip(&p.tables) {
                        t["plan"] = plan_of(table);
                    }
                }
            }
        }
    }
    Ok(data)
}

/// The typeset pages of a sheet, with the built-in template or `template`
/// (the text of a user's copy).
pub fn typeset(
    sheet: &Sheet,
    paper: Paper,
    template: Option<&str>,
) -> Result<PagedDocument, PdfError> {
    let data = template_data(sheet, paper)?;
    let json = serde_json::to_string(&data).map_err(|e| PdfError::Model(e.to_string()))?;
    let mut inputs = Dict::new();
    inputs.insert("data".into(), json.as_str().into_value());
    inputs.insert("paper".into(), paper.typst_name().into_value());
    let own;
    let engine = match template {
        Some(t) => {
            own = engine(t);
            &own
        }
        None => built_in(),
    };
    engine
        .compile_with_input(inputs)
        .output
        .map_err(|e| PdfError::Template(diagnostics(&e)))
}

/// The PDF of a sheet, for printing: without the accessibility tags, which
/// make a long band's PDF ten times larger (545 KB against 49 KB for 50
/// characters); its text can still be searched and copied.
pub fn render_pdf(
    sheet: &Sheet,
    paper: Paper,
    template: Option<&str>,
) -> Result<Vec<u8>, PdfError> {
    render_pdf_with(sheet, paper, template, false)
}

/// The PDF of a sheet; `tagged`: with the structure screen readers use
/// (larger: every table cell is tagged).
pub fn render_pdf_with(
    sheet: &Sheet,
    paper: Paper,
    template: Option<&str>,
    tagged: bool,
) -> Result<Vec<u8>, PdfError> {
    export(&typeset(sheet, paper, template)?, tagged)
}

fn export(doc: &PagedDocument, tagged: bool) -> Result<Vec<u8>, PdfError> {
    let options = typst_pdf::PdfOptions {
        tagged,
        creator: typst::foundations::Smart::Custom(Some(format!(
            "Muster {}",
            env!("CARGO_PKG_VERSION")
        ))),
        ..typst_pdf::PdfOptions::default()
    };
    typst_pdf::pdf(doc, &options).map_err(|diags| {
        PdfError::Export(
            diags
                .iter()
                .map(|d| d.message.to_string())
                .collect::<Vec<_>>()
                .join("; "),
        )
    })
}

/// A PDF and what the reader should know about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    /// The PDF.
    pub pdf: Vec<u8>,
    /// How many pages it has.
    pub pages: usize,
    /// The characters of the sheet that the template's fonts cannot draw
    /// (printed as empty boxes), each once, in order of first use.
    pub missing_glyphs: Vec<char>,
}

impl Printed {
    /// The warning to show when some characters could not be printed.
    pub fn warning(&self) -> Option<Msg> {
        glyph_warning(&self.missing_glyphs)
    }
}

/// The warning that some characters cannot be printed with the fonts,
/// each named with its code point; none when all can.
pub fn glyph_warning(missing: &[char]) -> Option<Msg> {
    if missing.is_empty() {
        return None;
    }
    let shown: Vec<String> = missing
        .iter()
        .map(|c| format!("{c} (U+{:04X})", u32::from(*c)))
        .collect();
    Some(Msg::new("sheet.missing_glyphs").text("chars", shown.join(", ")))
}

/// The characters of a sheet the embedded fonts cannot draw, each once, in
/// order of first use: those of its texts no font has (typst drops some,
/// such as Chinese, without a trace in the PDF), then those typst drew as
/// a box (a template's own text).
pub fn missing_glyphs(sheet: &Sheet, doc: &PagedDocument) -> Vec<char> {
    use std::sync::OnceLock;
    static FACES: OnceLock<Vec<typst::text::Font>> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        FONTS
            .iter()
            .filter_map(|f| typst::text::Font::new(typst::foundations::Bytes::new(*f), 0))
            .collect()
    });
    let mut out: Vec<char> = Vec::new();
    for text in sheet.texts() {
        for c in text.chars() {
            if !c.is_whitespace()
                && !c.is_control()
                && !out.contains(&c)
                && faces
                    .iter()
                    .all(|f| !f.info().coverage.contains(u32::from(c)))
            {
                out.push(c);
            }
        }
    }
    for c in drawn_as_boxes(doc) {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The characters typst drew with no glyph (the fonts lack them), each
/// once: it does not warn of them itself.
fn drawn_as_boxes(doc: &PagedDocument) -> Vec<char> {
    fn walk(frame: &typst::layout::Frame, out: &mut Vec<char>) {
        use typst::layout::FrameItem;
        for (_, item) in frame.items() {
            match item {
                FrameItem::Group(g) => walk(&g.frame, out),
                FrameItem::Text(t) => {
                    // Each run of text is drawn with one font: a character
                    // that font has no glyph for is drawn as a box.
                    let face = t.font.ttf();
                    let lacks = |c: &char| {
                        !c.is_whitespace() && !c.is_control() && face.glyph_index(*c).is_none()
                    };
                    for c in t.text.chars().filter(lacks) {
                        if !out.contains(&c) {
                            out.push(c);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for page in doc.pages() {
        walk(&page.frame, &mut out);
    }
    out
}

/// The PDF of a sheet with its page count and the characters its fonts
/// lack; `tagged`: with the structure screen readers use.
pub fn print(
    sheet: &Sheet,
    paper: Paper,
    template: Option<&str>,
    tagged: bool,
) -> Result<Printed, PdfError> {
    let doc = typeset(sheet, paper, template)?;
    let pdf = export(&doc, tagged)?;
    Ok(Printed {
        pdf,
        pages: doc.pages().len(),
        missing_glyphs: missing_glyphs(sheet, &doc),
    })
}

/// The label of the template's markers.
const PIECE_LABEL: &str = "muster-piece";

fn piece_pages(doc: &PagedDocument) -> std::collections::HashMap<String, usize> {
    use typst::foundations::{Label, Selector, Value};
    use typst::introspection::{Introspector, MetadataElem};
    let Some(label) = Label::new(typst::utils::PicoStr::intern(PIECE_LABEL)) else {
        return Default::default();
    };
    let introspector = doc.introspector();
    let mut out = std::collections::HashMap::new();
    for found in introspector.query(&Selector::Label(label)) {
        let (Some(meta), Some(location)) = (found.to_packed::<MetadataElem>(), found.location())
        else {
            continue;
        };
        if let (Value::Str(key), Some(page)) = (&meta.value, introspector.page(location)) {
            out.entry(key.to_string()).or_insert(page.get());
        }
    }
    out
}

/// Typesets a sheet as for its PDF and says where its pieces land.
pub fn page_map(sheet: &Sheet, paper: Paper, template: Option<&str>) -> Result<PageMap, PdfError> {
    let doc = typeset(sheet, paper, template)?;
    Ok(PageMap {
        pages: doc.pages().len(),
        pieces: piece_pages(&doc),
        missing_glyphs: missing_glyphs(sheet, &doc),
    })
}

/// How many pages a sheet takes.
pub fn page_count(sheet: &Sheet, paper: Paper, template: Option<&str>) -> Result<usize, PdfError> {
    Ok(typeset(sheet, paper, template)?.pages().len())
}
