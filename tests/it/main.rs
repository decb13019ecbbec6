//! Every integration test, in one binary: its folders mirror the
//! code's (`rules/` by chapter, `store/`, `app/`, `ui/` by screen), each file
//! a module (one link of egui instead of one per file keeps `cargo test` fast).

mod common;

mod app;
mod architecture;
mod architecture_cycles;
mod cli;
mod i18n;
mod i18n_battle_log;
mod packaging;
mod print;
mod print_book;
mod print_campaign;
mod print_cards;
mod print_pdf;
mod print_tables;
mod rules;
mod store;
mod ui;
