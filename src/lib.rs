//! Muster: roster editor, campaign journal and battle resolver for
//! old-school Warhammer 40,000 (Rogue Trader).

// A function of the program fits on a screen (CODE_STYLE.md; the limit is
// in clippy.toml). Tests and benchmarks, long scenarios, are not held to it.
#![warn(clippy::too_many_lines)]

pub mod app;
pub mod cli;
pub mod i18n;
pub mod print;
pub mod rules;
pub mod shell;
pub mod store;
pub mod ui;
