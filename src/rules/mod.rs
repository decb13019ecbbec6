//! The functional core: profiles, dice, rules data, validation, and the pure
//! update of every kind of document.
//!
//! Nothing here draws on egui, files, the clock or a thread RNG; randomness
//! arrives as `&mut impl Rng` (enforced by `tests/it/architecture.rs`).

pub mod battle;
pub mod campaign;
pub mod characters;
pub mod close_combat;
pub mod core;
pub mod data;
pub mod doc;
pub mod docs;
pub mod flyers;
pub mod house_rules;
pub mod killteam;
pub mod psychic;
pub mod reference;
pub mod robots;
pub mod shooting;

pub use self::core::characteristic::{Characteristic, Modifiers, Profile};
pub use self::core::dice::Roll;
pub use self::core::msg::{Arg, Msg};
pub use self::core::problem::{Problem, ProblemKind};
pub use campaign::{Campaign, CampaignEdit};
pub use characters::equipment::{Gear, GearEdit, GearKind, PowerCard, PowerTarget};
pub use characters::roster::{PointsScheme, Roster};
pub use characters::roster_edit::{CharacterEdit, NewCharacter, RosterEdit};
pub use characters::{Character, CharacterId, PlacementStep, RandomPlacement};
pub use data::RulesData;
pub use doc::{CharRef, DocKey, DocKind, Document, LineKind, Outcome};
pub use docs::{Doc, DocVariant, Edit};
pub use killteam::{KillTeam, KillTeamEdit};
