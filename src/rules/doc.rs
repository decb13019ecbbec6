//! Documents: what every kind of document (roster, kill team, campaign …)
//! has in common, and its pure update.
//!
//! A kind is a type implementing [`DocKind`]: its data, its edits, and
//! `apply`, which returns the changed document and what happened, or the
//! reason with the document unchanged. The store and the app handle every
//! kind alike through [`AnyDoc`].

use std::any::Any;
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
pub trait DocKind:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The kind's name in files (`"muster": "roster"`) and the key of its
    /// payload in the envelope.
    const KIND: &'static str;
    /// The folder of the data directory its files live in (`rosters`).
    const FOLDER: &'static str;
    /// The locale key naming the kind (`kind.roster`).
    const LABEL: &'static str;
    /// The locale key of a new document's name (`roster.default_name`).
    const DEFAULT_NAME: &'static str;
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

/// A document of any kind, as the store and the app hold it.
pub trait AnyDoc: Any + Debug + Send + Sync {
    /// The kind (`roster`).
    fn kind(&self) -> &'static str;
    /// The locale key naming the kind.
    fn kind_label(&self) -> &'static str;
    /// The document's id.
    fn id(&self) -> &str;
    /// The document's name.
    fn name(&self) -> &str;
    /// What is in it.
    fn summary(&self) -> Msg;
    /// Every rule it breaks.
    fn validate(&self, rules: &RulesData) -> Vec<Problem>;
    /// Every rule it breaks, made by one edit of `before` (whose problems
    /// were `before_problems`): see [`DocKind::validate_after`].
    fn validate_after(
        &self,
        before: &dyn AnyDoc,
        before_problems: &[Problem],
        rules: &RulesData,
    ) -> Vec<Problem>;
    /// A copy with another id and name.
    fn renamed(&self, id: Option<String>, name: Option<String>) -> Doc;
    /// Equality with a document of any kind.
    fn same(&self, other: &dyn AnyDoc) -> bool;
    /// The payload as JSON.
    fn to_value(&self) -> Result<Value, String>;
    /// For downcasting to the kind's type.
    fn as_any(&self) -> &dyn Any;
}

impl<K: DocKind> AnyDoc for K {
    fn kind(&self) -> &'static str {
        K::KIND
    }
    fn kind_label(&self) -> &'static str {
        K::LABEL
    }
    fn id(&self) -> &str {
        DocKind::id(self)
    }
    fn name(&self) -> &str {
        DocKind::name(self)
    }
    fn summary(&self) -> Msg {
        DocKind::summary(self)
    }
    fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        DocKind::validate(self, rules)
    }
    fn validate_after(
        &self,
        before: &dyn AnyDoc,
        before_problems: &[Problem],
        rules: &RulesData,
    ) -> Vec<Problem> {
        match before.as_any().downcast_ref::<K>() {
            Some(b) => DocKind::validate_after(self, b, before_problems, rules),
            None => DocKind::validate(self, rules),
        }
    }
    fn renamed(&self, id: Option<String>, name: Option<String>) -> Doc {
        let mut copy = self.clone();
        if let Some(id) = id {
            copy.set_id(id);
        }
        if let Some(name) = name {
            copy.set_name(name);
        }
        Doc::new(copy)
    }
    fn same(&self, other: &dyn AnyDoc) -> bool {
        other.as_any().downcast_ref::<K>() == Some(self)
    }
    fn to_value(&self) -> Result<Value, String> {
        serde_json::to_value(self).map_err(|e| e.to_string())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A shared, immutable document of any kind.
#[derive(Clone, Debug)]
pub struct Doc(pub Arc<dyn AnyDoc>);

impl Doc {
    /// Wraps a document.
    pub fn new<K: DocKind>(doc: K) -> Self {
        Self(Arc::new(doc))
    }

    /// The document as its kind's type, if it is of that kind.
    pub fn get<K: DocKind>(&self) -> Option<&K> {
        self.0.as_any().downcast_ref::<K>()
    }

    /// Where the document lives: its kind and id.
    pub fn key(&self) -> DocKey {
        DocKey::new(self.0.kind(), self.0.id())
    }
}

impl std::ops::Deref for Doc {
    type Target = dyn AnyDoc;
    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl PartialEq for Doc {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.same(&*other.0)
    }
}

/// Names a document: its kind and its id.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DocKey {
    /// The kind (`roster`).
    pub kind: &'static str,
    /// The id (the file name).
    pub id: String,
}

impl DocKey {
    /// A key.
    pub fn new(kind: &'static str, id: impl Into<String>) -> Self {
        Self {
            kind,
            id: id.into(),
        }
    }

    /// The key of a document of kind `K`.
    pub fn of<K: DocKind>(id: impl Into<String>) -> Self {
        Self::new(K::KIND, id)
    }
}

/// An edit of any kind of document, as commands carry it.
pub trait AnyEdit: Any + Debug + Send + Sync {
    /// Equality with an edit of any kind.
    fn same(&self, other: &dyn AnyEdit) -> bool;
    /// For downcasting to the kind's edit type.
    fn as_any(&self) -> &dyn Any;
}

impl<E: Clone + Debug + PartialEq + Send + Sync + 'static> AnyEdit for E {
    fn same(&self, other: &dyn AnyEdit) -> bool {
        other.as_any().downcast_ref::<E>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A shared edit of any kind.
#[derive(Clone, Debug)]
pub struct Edit(pub Arc<dyn AnyEdit>);

impl Edit {
    /// Wraps an edit.
    pub fn new<E: Clone + Debug + PartialEq + Send + Sync + 'static>(edit: E) -> Self {
        Self(Arc::new(edit))
    }

    /// The edit as the type `E`, if it is one.
    pub fn get<E: 'static>(&self) -> Option<&E> {
        self.0.as_any().downcast_ref::<E>()
    }
}

impl PartialEq for Edit {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

/// What an edit of any kind did: the new document, the outcome, the edit's
/// label, and whether it merges with a run of the same edit.
#[derive(Debug)]
pub struct AppliedAny {
    /// The document after the edit.
    pub doc: Doc,
    /// What happened.
    pub outcome: Outcome,
    /// The edit's label key.
    pub label: &'static str,
    /// It merges with a previous step of the same edit.
    pub merges: bool,
}

/// Applies an edit of any kind to a document of kind `K`: the link the
/// registry makes between the app's commands and the kind's `apply`.
pub fn apply_erased<K: DocKind, R: Rng + ?Sized>(
    doc: &Doc,
    edit: &Edit,
    rules: &RulesData,
    rng: &mut R,
) -> Result<AppliedAny, Problem> {
    let (Some(doc), Some(edit)) = (doc.get::<K>(), edit.get::<K::Edit>()) else {
        return Err(Problem::new("APP", "problem.edit_of_other_kind").arg("kind", K::KIND));
    };
    let label = K::edit_label(edit);
    let merges = K::merges(edit);
    let (after, outcome) = doc.apply(edit.clone(), rules, rng)?;
    Ok(AppliedAny {
        doc: Doc::new(after),
        outcome,
        label,
        merges,
    })
}
