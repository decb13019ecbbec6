//! Documents: what every kind of document (roster, kill team, campaign …)
//! has in common, and its pure update.
//!
//! A kind is a type implementing [`Document`]: its data, its edits, and
//! `apply`, which returns the changed document and what happened, or the
//! reason with the document unchanged. The kinds Muster ships are a closed
//! set, `docs::Doc`, which the app matches exhaustively.

use std::fmt::Debug;
use std::sync::Arc;

use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::core::msg::Msg;
use super::core::problem::Problem;
use super::data::RulesData;

/// What kind of line an outcome adds to the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// Something done.
    Info,
    /// Dice rolled.
    Dice,
}

pub use super::core::dice::{RollFor, dice_msgs};

/// What an accepted edit did, besides changing the document.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Lines for the log.
    pub lines: Vec<(LineKind, Msg)>,
    /// Every die rolled, in order, with what it was for.
    pub rolls: Vec<RollFor>,
    /// The id of an element the edit created and the player will want to
    /// see next (a new character), so that the app can show it.
    pub created: Option<u64>,
}

impl Outcome {
    /// An outcome with one line.
    pub fn line(kind: LineKind, msg: Msg) -> Self {
        Self {
            lines: vec![(kind, msg)],
            ..Self::default()
        }
    }
}

/// The result of an edit: the changed document and its outcome, or the
/// rule that refused it (the document is then unchanged).
pub type Applied<D> = Result<(D, Outcome), Problem>;

/// A kind of document. Implement it, register the kind once with the store's
/// registry, and it gets saving, loading, backups, import, export and undo.
pub trait Document:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Its kind: its name in files, its folder, its labels.
    const KIND: DocKind;
    /// An edit of this kind of document.
    type Edit: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// A new, empty document, its defaults taken from the rules data in
    /// use (the user's overrides included).
    fn create(id: String, name: String, rules: &RulesData) -> Self;
    /// Stable id: also the file name.
    fn id(&self) -> &str;
    /// Sets the id (a document read from a file takes the file's name).
    fn set_id(&mut self, id: String);
    /// The name shown in the library.
    fn name(&self) -> &str;
    /// Renames the document.
    fn set_name(&mut self, name: String);
    /// One line saying what is in it (`3 characters`).
    fn summary(&self) -> Msg;
    /// Every rule the document breaks (a draft can always be saved).
    fn validate(&self, rules: &RulesData) -> Vec<Problem>;
    /// What `validate` gives for the document made by applying one edit to
    /// `before`, whose problems were `before_problems`: a kind may check
    /// only what the edit can have changed. The default checks it all.
    fn validate_after(
        &self,
        before: &Self,
        before_problems: &[Problem],
        rules: &RulesData,
    ) -> Vec<Problem> {
        let _ = (before, before_problems);
        self.validate(rules)
    }
    /// Repairs what a hand-edited file may hold and the rules cannot use
    /// (two elements sharing an id); returns true if it changed anything.
    fn repair(&mut self) -> bool {
        false
    }
    /// The locale key naming an edit, for the Edit menu and the log.
    fn edit_label(edit: &Self::Edit) -> &'static str;
    /// Who an edit is about, as the document names him before it (a
    /// character, a soldier, an enemy at the table): for the words of the
    /// history ("Undone: advance point, Ilya (The Tertius Heresy)").
    fn edit_subject(&self, _edit: &Self::Edit) -> Option<super::core::names::Names> {
        None
    }
    /// Whether a run of this edit makes one step of the history (a number
    /// dragged from 3 to 9 is one change, not six).
    fn merges(_edit: &Self::Edit) -> bool {
        false
    }
    /// Applies an edit: the changed document and what happened, or the
    /// reason it is refused.
    fn apply<R: Rng + ?Sized>(
        &self,
        edit: Self::Edit,
        rules: &RulesData,
        rng: &mut R,
    ) -> Applied<Self>;
    /// Upgrades the payload of a file of an older schema version (`from`) to
    /// the current one; `fallback_id` is the file's name. The default knows
    /// no older version.
    fn migrate(from: u64, payload: Value, fallback_id: &str) -> Result<Value, Msg> {
        let _ = (payload, fallback_id);
        Err(Msg::new("doc.no_upgrade").int("from", from))
    }
    /// Whether a JSON object without envelope is a file of this kind from
    /// before envelopes (schema version 1).
    fn is_bare_v1(_object: &serde_json::Map<String, Value>) -> bool {
        false
    }
    /// For saving: a copy with its long lists of shared items left empty,
    /// and those lists, so that a save makes the text of the items that
    /// changed since the last one only. The default has none.
    fn shared_lists(&self) -> Option<(Self, Vec<SharedList>)> {
        None
    }
}

/// A value whose saved text can be made on its own: an item of a
/// [`SharedList`].
pub trait SavedItem: Send + Sync {
    /// Its JSON text, pretty-printed as if it stood alone.
    fn to_pretty_json(&self) -> Result<String, serde_json::Error>;
}

impl<T: Serialize + Send + Sync> SavedItem for T {
    fn to_pretty_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }
}

/// A long list field of a document whose items are shared between the
/// document's versions (`Arc`): an item a save finds unchanged keeps the
/// text it was saved with.
pub struct SharedList {
    /// The field holding it, among the document's own.
    pub field: &'static str,
    /// Its items, in order.
    pub items: Vec<Arc<dyn SavedItem>>,
}

/// A character of a document: the document's id and the character's id in
/// it (the roster a campaign's character was copied from; the campaign
/// character a fighter of the battle screen was picked as).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharRef {
    /// The document's id.
    pub doc: String,
    /// The character's id in it.
    pub id: u64,
}

impl CharRef {
    /// The character `id` of the document `doc` (a roster's or kill
    /// team's number, or a campaign's [`CharId`](super::campaign::CharId)).
    pub fn new(doc: impl Into<String>, id: impl Into<u64>) -> Self {
        Self {
            doc: doc.into(),
            id: id.into(),
        }
    }
}

/// The kinds of document Muster keeps: a closed set, each with its name in
/// files (`"muster": "roster"`, also the key of its payload in the
/// envelope), its folder and its labels. Ordered as their names.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
pub enum DocKind {
    /// A narrative campaign.
    #[serde(rename = "campaign")]
    Campaign,
    /// An Imperial Guard kill team.
    #[serde(rename = "killteam")]
    KillTeam,
    /// A Rogue Trader roster.
    #[serde(rename = "roster")]
    Roster,
}

impl DocKind {
    /// Every kind, rosters first, as the library offers them.
    pub const ALL: [Self; 3] = [Self::Roster, Self::KillTeam, Self::Campaign];

    /// Its name in files (`roster`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Campaign => "campaign",
            Self::KillTeam => "killteam",
            Self::Roster => "roster",
        }
    }

    /// The kind a file names, if Muster knows it.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The folder of the data directory its files live in (`rosters`).
    pub fn folder(self) -> &'static str {
        match self {
            Self::Campaign => "campaigns",
            Self::KillTeam => "killteams",
            Self::Roster => "rosters",
        }
    }

    /// The locale key naming the kind (`kind.roster`).
    pub fn label(self) -> &'static str {
        match self {
            Self::Campaign => "kind.campaign",
            Self::KillTeam => "kind.killteam",
            Self::Roster => "kind.roster",
        }
    }

    /// The locale key of a new document's name (`roster.default_name`).
    pub fn default_name(self) -> &'static str {
        match self {
            Self::Campaign => "campaign.default_name",
            Self::KillTeam => "kt.default_name",
            Self::Roster => "roster.default_name",
        }
    }
}

impl std::fmt::Display for DocKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Names a document: its kind and its id.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DocKey {
    /// The kind.
    pub kind: DocKind,
    /// The id (the file name).
    pub id: String,
}

impl DocKey {
    /// A key.
    pub fn new(kind: DocKind, id: impl Into<String>) -> Self {
        Self {
            kind,
            id: id.into(),
        }
    }

    /// The key of a document of kind `K`.
    pub fn of<K: Document>(id: impl Into<String>) -> Self {
        Self::new(K::KIND, id)
    }
}
