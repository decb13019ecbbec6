//! Muster: roster editor, campaign journal and battle resolver for
//! old-school Warhammer 40,000 (Rogue Trader).

pub mod app;
pub mod cli;
pub mod i18n;
pub mod print;
pub mod rules;
pub mod shell;
pub mod store;
pub mod ui;
