//! Printed sheets: the sheet model (pure: what a sheet says), the sheets
//! built from documents, their Markdown text, and the PDF typeset by typst
//! from the templates in `assets/sheets`.

pub mod columns;
pub mod layout;
pub mod markdown;
pub mod model;
pub mod paper;
pub mod pdf;
pub mod sheets;

pub use model::{Block, Card, Fact, Section, Sheet, SheetKind, Table, Track};
pub use paper::{CardLayout, CardSize};
pub use pdf::{Paper, PdfError, render_pdf};
pub use sheets::{
    Printout, SheetOptions, band_sheet, campaign_sheet, killteam_sheet, sheet_of, table_cards,
};
