//! The narrative campaign ("Au Nom de l'Empereur", CMP-1 … CMP-17): one
//! document that owns its escorts' characters, their states and the journal
//! of every event that changed them.
//!
//! The journal is the truth: each accepted edit is stored in it with every
//! die filled in, so replaying it from an empty campaign gives the campaign
//! back ([`Campaign::replay`]); the state kept beside it is what the views
//! read at once, and `validate` checks that the two agree. Characters and
//! journal entries are shared (`Arc`), so the undo history holds small
//! copies of a large campaign.

pub mod acts;
pub mod chronicle;
pub mod compare;
pub mod data;
pub mod debrief;
mod document;
pub mod drawing;
mod edit;
pub mod enemy;
pub mod entries;
pub mod house;
mod ids;
pub mod item_use;
mod journal;
pub mod journals;
pub mod loot;
mod members;
pub mod merge;
pub mod mission_end;
pub mod named;
mod names;
mod play;
mod playing;
pub mod queries;
mod ready;
mod record;
pub mod recruit;
pub mod replay;
mod results;
mod rival;
mod rooms;
mod setup;
pub mod stamp;
mod table;
pub mod victory;
mod words;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use acts::{
    Activations, AtTable, REROLL, SECOND_SOLDIER, TurnActs, reroll_cost, second_soldier_cost,
};
pub use data::{
    Budget, CampaignData, EnemySide, Faction, FactionId, Injuries, MissionData, MissionId,
    MissionType, Mode, PoolMode, Rates, Settings,
};
pub use data::{EnemyFighter, EnemyType, EnemyWeapon, NamedModel};
pub use edit::{
    Bought, CampaignEdit, DebriefEdit, ItemEdit, MissionChoice, NewEscort, PreparationEdit,
    Purchase, ReinforcementEdit, SetupEdit, Sides, TableEdit, TurnEdit,
};
pub use enemy::{Behaviour, ENEMY_IDS, Fighter, NAMED_IDS};
pub use entries::{Entry, HeldEvent, Maker, Stamp, who_made};
pub use house::{InForce, RulesEdit};
pub use ids::{CharId, EscortId, MachineId};
pub use item_use::{RECHARGE, item_targets};
pub use journal::Journal;
pub use members::{CampaignCharacter, Escort, EscortKind, Member, State};
pub use queries::{Debriefing, Mustering, Recruiting, Sequel, Wounding};
pub use record::check_dice;
pub use recruit::{RecruitKind, with_free_gear};
pub use results::{
    Carried, CarriedCharacter, CarriedEscort, CarryOver, Debrief, End, MissionResult, Rolled,
    TestKind,
};
pub use stamp::{StampId, StampTime, is_utc_time};
pub use table::{
    EnemyDraw, Initiative, InitiativeRoll, ItemResult, LaidIn, LootPick, Looted, Mission, Phase,
    Table, UsedOn,
};

use super::characters::roster::Roster;
use super::core::msg::Msg;
use super::core::problem::Problem;
use super::data::RulesData;
use super::doc::{CharRef, Document};
use super::killteam::{ItemId, KillTeam};

/// The character a line of the log names (its `{character}`), if any.
fn named(m: &Msg) -> Option<&str> {
    m.args.iter().find_map(|(n, a)| match a {
        super::core::msg::Arg::Text(t) if *n == "character" => Some(t.as_str()),
        _ => None,
    })
}

/// An escort exported for the next game.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportedEscort {
    /// A Rogue Trader band.
    Roster(Roster),
    /// A kill team.
    KillTeam(KillTeam),
}

/// A campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// Stable id: also the file name.
    pub id: String,
    /// Shown in the library.
    pub name: String,
    /// Free notes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Settings.
    pub settings: Settings,
    /// The players' escorts.
    #[serde(default)]
    pub escorts: Vec<Escort>,
    /// Every character, dead ones included. Shared between the states of
    /// the campaign: an event that changes no character (a tick at the
    /// table) copies none of them, nor the list.
    #[serde(default)]
    pub characters: Arc<Vec<Arc<CampaignCharacter>>>,
    /// Where the campaign is.
    #[serde(default)]
    pub phase: Phase,
    /// Victory points held (CMP-6).
    #[serde(default)]
    pub vp: u32,
    /// The common reinforcement pool (CMP-16).
    #[serde(default)]
    pub pool: u32,
    /// Missions played.
    #[serde(default)]
    pub missions_played: u32,
    /// The current or next mission.
    #[serde(default)]
    pub mission: Option<Mission>,
    /// The table of the mission being played.
    #[serde(default)]
    pub table: Option<Table>,
    /// What is left to do after the last mission.
    #[serde(default)]
    pub debrief: Option<Debrief>,
    /// A recon's bad fortune forces a Survival next (CMP-14).
    #[serde(default)]
    pub forced_survival: bool,
    /// A guide leads characters in the next mission (CMP-14).
    #[serde(default)]
    pub guide: bool,
    /// The characters he leads (CMP-14).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guided: Vec<CharId>,
    /// Characters of any Imperium faction may be recruited (CMP-14).
    #[serde(default)]
    pub allies: bool,
    /// How it ended (CMP-17).
    #[serde(default)]
    pub end: Option<End>,
    /// The ended campaign its escort was carried from (CMP-17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<Carried>,
    /// The next character id.
    #[serde(default)]
    pub next_id: CharId,
    /// The numbers recorded when the campaign started (none before, and in
    /// campaigns started before Muster recorded them: the data's then).
    /// Shared: every version of the campaign (each event played, each undo
    /// step) holds the same numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rates: Option<Arc<Rates>>,
    /// The group's house rules: what the campaign's rules change of the
    /// built-in data, recorded in the journal when it begins and changed
    /// by its events, so that every machine plays it alike. None in a
    /// campaign begun before Muster kept them: it plays under the rules
    /// data of the machine that opens it, as it always did, until the
    /// players record them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_rules: Option<Arc<crate::rules::house_rules::HouseRules>>,
    /// Every event, in order.
    #[serde(default)]
    pub journal: Journal,
    /// The events of a shared campaign that could not stand where they
    /// were made (two machines' events that clash), kept with it so that
    /// none is ever lost: waiting for the players, or set aside by their
    /// choice. A campaign written back as one file from its machines'
    /// journals holds them here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<HeldEvent>,
}

impl Campaign {
    /// A new campaign in setup, with the data's default settings.
    pub fn new(id: impl Into<String>, name: impl Into<String>, data: &CampaignData) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            notes: String::new(),
            settings: Settings::defaults(data),
            escorts: Vec::new(),
            characters: Arc::default(),
            phase: Phase::Setup,
            vp: 0,
            pool: 0,
            missions_played: 0,
            mission: None,
            table: None,
            debrief: None,
            forced_survival: false,
            guide: false,
            guided: Vec::new(),
            allies: false,
            end: None,
            carried: None,
            next_id: CharId(1),
            rates: None,
            house_rules: None,
            journal: Journal::new(),
            held: Vec::new(),
        }
    }
}
