//! The vocabulary every chapter of the rules speaks: characteristics and
//! profiles, dice and rolls, exact distributions of dice, the odds of one
//! attack, names in every language, messages, problems and the ranges rules
//! data must keep.
//!
//! `rules::core` imports nothing else of `rules` (only std and outside
//! crates), so any chapter may use it without joining a cycle (enforced by
//! `tests/it/architecture.rs`).

pub mod characteristic;
pub mod dice;
pub mod dist;
pub mod house;
pub mod interned;
pub mod msg;
pub mod names;
pub mod odds;
pub mod problem;
pub mod range;
pub mod text_id;
