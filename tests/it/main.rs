//! Every integration test, in one binary: each file of this folder is a
//! module (one link of egui instead of one per file keeps `cargo test` fast).

mod common;

mod app;
mod architecture;
mod campaign;
mod campaign_allies;
mod campaign_carry;
mod campaign_coop;
mod campaign_gear;
mod campaign_turns;
mod characters;
mod cli_exit;
mod close_combat;
mod crash;
mod doc_model;
mod equipment;
mod flyers;
mod fuzz;
mod killteam;
mod killteam_ribbons;
mod killteam_turn;
mod kt_odds;
mod odds;
mod packaging;
mod print;
mod psychic;
mod robots;
mod rules_merge;
mod simulate;
mod store_disk;
mod store_faults;
mod ui;
mod ui_battle;
mod ui_battle_machines;
mod ui_battle_table;
mod ui_campaign;
mod ui_campaign_carry;
mod ui_campaign_coop;
mod ui_campaign_dice;
mod ui_campaign_gaps;
mod ui_gear;
mod ui_killteam;
mod ui_kt_odds;
mod ui_kt_ribbons;
mod ui_print;
