//! The undo history as it is kept on disk, beside the preferences (never in
//! the documents folder a group syncs): one file per documents folder,
//! named after its path. Each document state the history holds is written
//! once, as its file's JSON, or as the few values that differ from a state
//! written before it (most changes touch a wound or a line of a journal),
//! so that 500 steps of a long campaign take little more room than the
//! campaign itself.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::core::names::Names;
use crate::rules::{DocKey, DocKind};
use crate::store::{StoreError, io_err};

/// The file's first field, naming what it is.
const MUSTER: &str = "undo_history";

/// The version of the file's shape this Muster writes and reads; a file of
/// another version is no history (the undo history starts empty).
pub const KEPT_HISTORY_VERSION: u32 = 1;

/// Where the history of the documents folder `data_dir` is kept, in the
/// folder `dir` (the preferences' `history`).
pub fn kept_history_path(dir: &Path, data_dir: &Path) -> PathBuf {
    let canonical = std::fs::canonicalize(data_dir).unwrap_or_else(|_| data_dir.to_path_buf());
    dir.join(format!(
        "{:016x}.json",
        crate::store::lock::fnv1a64(canonical.as_os_str().as_encoded_bytes())
    ))
}

/// The undo history of one documents folder, as kept.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KeptHistory {
    /// What the file is.
    pub muster: String,
    /// Its shape's version.
    pub version: u32,
    /// Every document state the changes name, each once.
    pub states: Vec<KeptState>,
    /// The changes that can be undone, oldest first.
    pub undo: Vec<KeptChange>,
    /// The changes that can be redone, most recently undone last.
    pub redo: Vec<KeptChange>,
}

/// One document state: its file's JSON whole, or what differs from an
/// earlier state of the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeptState {
    /// The whole of it.
    Whole(Value),
    /// The state at that place in the list, with these values changed.
    From(usize, Patch),
}

/// One undoable change, its states by their place in the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptChange {
    /// The message key naming the edit.
    pub label: String,
    /// Who it was about, as the document named him.
    #[serde(default)]
    pub subject: Option<Names>,
    /// Each document touched.
    pub docs: Vec<KeptDoc>,
}

/// A document a change touched: its state before and after (`None`: it
/// did not exist).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptDoc {
    /// Its kind, by its name in files (`roster`, `killteam`, `campaign`).
    pub kind: DocKind,
    /// Its id.
    pub id: String,
    /// The state before, by its place in the list.
    pub before: Option<usize>,
    /// The state after.
    pub after: Option<usize>,
}

impl KeptDoc {
    /// The document's key.
    pub fn key(&self) -> DocKey {
        DocKey::new(self.kind, self.id.clone())
    }
}

/// What differs between two JSON values: the new value whole, an object's
/// fields changed (`None`: removed), or an array's length and the items
/// changed by their place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Patch {
    /// The new value.
    Set(Value),
    /// An object with these fields changed or removed.
    Fields(BTreeMap<String, Option<Patch>>),
    /// An array of this length, with these items changed (every item past
    /// the old length is among them).
    Items(usize, Vec<(usize, Patch)>),
}

/// What turns `a` into `b`; `None` when they are equal.
pub fn diff(a: &Value, b: &Value) -> Option<Patch> {
    if a == b {
        return None;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut fields = BTreeMap::new();
            for (k, v) in y {
                match x.get(k) {
                    Some(old) => {
                        if let Some(p) = diff(old, v) {
                            fields.insert(k.clone(), Some(p));
                        }
                    }
                    None => {
                        fields.insert(k.clone(), Some(Patch::Set(v.clone())));
                    }
                }
            }
            for k in x.keys().filter(|k| !y.contains_key(*k)) {
                fields.insert(k.clone(), None);
            }
            Some(Patch::Fields(fields))
        }
        (Value::Array(x), Value::Array(y)) => {
            let items = y
                .iter()
                .enumerate()
                .filter_map(|(i, v)| match x.get(i) {
                    Some(old) => diff(old, v).map(|p| (i, p)),
                    None => Some((i, Patch::Set(v.clone()))),
                })
                .collect();
            Some(Patch::Items(y.len(), items))
        }
        _ => Some(Patch::Set(b.clone())),
    }
}

/// `value` with `patch` applied; `None` when the patch does not fit it (a
/// file damaged or of another Muster).
pub fn patched(value: &Value, patch: &Patch) -> Option<Value> {
    match (value, patch) {
        (_, Patch::Set(v)) => Some(v.clone()),
        (Value::Object(x), Patch::Fields(fields)) => {
            let mut out = x.clone();
            for (k, p) in fields {
                match p {
                    None => {
                        out.remove(k);
                    }
                    Some(p) => {
                        let new = match x.get(k) {
                            Some(old) => patched(old, p)?,
                            None => patched(&Value::Null, p)?,
                        };
                        out.insert(k.clone(), new);
                    }
                }
            }
            Some(Value::Object(out))
        }
        (Value::Array(x), Patch::Items(len, items)) => {
            let mut out: Vec<Option<Value>> = (0..*len).map(|i| x.get(i).cloned()).collect();
            for (i, p) in items {
                let slot = out.get_mut(*i)?;
                let new = patched(slot.as_ref().unwrap_or(&Value::Null), p)?;
                *slot = Some(new);
            }
            out.into_iter()
                .collect::<Option<Vec<Value>>>()
                .map(Value::Array)
        }
        _ => None,
    }
}

impl KeptHistory {
    /// An empty history of this version.
    pub fn new() -> Self {
        Self {
            muster: MUSTER.to_owned(),
            version: KEPT_HISTORY_VERSION,
            ..Self::default()
        }
    }

    /// Every state as its whole JSON, in the list's order; `None` for a
    /// state that cannot be made (a patch that does not fit, a state
    /// patched from a later one).
    pub fn whole_states(&self) -> Vec<Option<Value>> {
        let mut out: Vec<Option<Value>> = Vec::with_capacity(self.states.len());
        for (i, s) in self.states.iter().enumerate() {
            let whole = match s {
                KeptState::Whole(v) => Some(v.clone()),
                KeptState::From(from, patch) if *from < i => out
                    .get(*from)
                    .and_then(Option::as_ref)
                    .and_then(|base| patched(base, patch)),
                KeptState::From(..) => None,
            };
            out.push(whole);
        }
        out
    }
}

/// Writes the history at `path`, atomically (a crash leaves the one before
/// or this one, never half of it).
pub fn write_kept_history(path: &Path, history: &KeptHistory) -> Result<(), StoreError> {
    use std::io::Write as _;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io_err("io.create", dir))?;
    }
    crate::store::write_atomic(path, |f| {
        let text = serde_json::to_vec(history).map_err(std::io::Error::other)?;
        f.write_all(&text)
    })
}

/// Reads the history kept at `path`: `None` when there is none, or it is
/// not one this Muster reads (damaged, another version): the history then
/// starts empty, as it always did.
pub fn read_kept_history(path: &Path) -> Option<KeptHistory> {
    let text = std::fs::read(path).ok()?;
    let h: KeptHistory = serde_json::from_slice(&text).ok()?;
    (h.muster == MUSTER && h.version == KEPT_HISTORY_VERSION).then_some(h)
}
