//! The battle screen, by mode and by what it does at the table.

mod close_combat;
mod fighters;
mod flyers;
mod kept;
mod kt_gear;
mod kt_melee;
mod kt_odds;
mod kt_ribbons;
mod robots;
mod robots_flyers;
mod table;
mod turn;
mod units;
mod wounds;
