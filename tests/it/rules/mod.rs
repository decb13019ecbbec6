//! The rules, by rulebook chapter, and what sits above the chapters (the
//! rules data, the battle log and summary, `muster odds`).

mod battle;
pub(crate) mod campaign;
mod catalogue;
mod characters;
mod close_combat;
mod data;
mod flyer_drops_and_crashes;
mod flyers;
mod killteam;
mod odds;
mod odds_command;
mod odds_rounds;
mod psychic;
mod psychic_targets;
mod robot_damage;
mod robots;
mod shooting;
