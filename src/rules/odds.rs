//! The old path of the odds, for code outside `rules` written against it:
//! close combat's are in `close_combat::odds` (CC-7 … CC-13), kill-team
//! shooting's in `killteam::odds` (KT-12, KT-13, KT-16), the odds of one
//! attack in `core::odds`. Code in `rules` names those.

pub use super::close_combat::odds::*;
pub use super::core::odds::Odds;
pub use super::killteam::odds::*;
