//! The registry of document kinds, built from [`DocKind`]: each kind gets
//! the whole store path (load, save, backups, import, export, `muster
//! check`) and the app's undo history.

use crate::rules::{Campaign, Doc, DocKind, DocVariant, KillTeam, Roster, RulesData};

use super::document::{self, DocError, KeptTexts};
use super::error::{StoreError, io_err};
use super::paths::stem_of;

/// What the store and the app know of one kind of document.
#[derive(Clone, Copy)]
pub struct Kind {
    /// The kind.
    pub kind: DocKind,
    /// Its folder in the data directory (`rosters`).
    pub folder: &'static str,
    parse: fn(&str, &str) -> Result<Doc, DocError>,
    parse_fast: fn(&str) -> Option<Doc>,
    to_json: fn(&Doc) -> Result<String, DocError>,
    to_json_kept: fn(&Doc, &mut KeptTexts) -> Result<String, DocError>,
    create: fn(String, String, &RulesData) -> Doc,
    is_bare_v1: fn(&serde_json::Map<String, serde_json::Value>) -> bool,
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kind").field("kind", &self.kind).finish()
    }
}

fn parse_kind<K: DocVariant>(text: &str, fallback_id: &str) -> Result<Doc, DocError> {
    let mut doc = document::parse::<K>(text, fallback_id)?;
    doc.repair();
    Ok(doc.wrap())
}

fn parse_fast_kind<K: DocVariant>(text: &str) -> Option<Doc> {
    let mut doc = document::parse_fast::<K>(text)?;
    doc.repair();
    Some(doc.wrap())
}

fn typed<K: DocVariant>(doc: &Doc) -> Result<&K, DocError> {
    doc.get::<K>().ok_or_else(|| DocError::WrongKind {
        found: doc.kind().to_string(),
        expected: K::KIND.as_str(),
    })
}

fn to_json_kind<K: DocVariant>(doc: &Doc) -> Result<String, DocError> {
    document::to_json(typed::<K>(doc)?)
}

fn to_json_kept_kind<K: DocVariant>(doc: &Doc, kept: &mut KeptTexts) -> Result<String, DocError> {
    document::to_json_kept(typed::<K>(doc)?, kept)
}

fn create_kind<K: DocVariant>(id: String, name: String, rules: &RulesData) -> Doc {
    K::create(id, name, rules).wrap()
}

impl Kind {
    /// The entry of kind `K`.
    pub fn of<K: DocVariant>() -> Self {
        Self {
            kind: K::KIND,
            folder: K::KIND.folder(),
            parse: parse_kind::<K>,
            parse_fast: parse_fast_kind::<K>,
            to_json: to_json_kind::<K>,
            to_json_kept: to_json_kept_kind::<K>,
            create: create_kind::<K>,
            is_bare_v1: K::is_bare_v1,
        }
    }

    /// A new, empty document of this kind, its defaults from `rules` (the
    /// rules data in use, the user's overrides included).
    pub fn create(&self, id: String, name: String, rules: &RulesData) -> Doc {
        (self.create)(id, name, rules)
    }

    /// The text of the document's file.
    pub fn to_json(&self, doc: &Doc) -> Result<String, DocError> {
        (self.to_json)(doc)
    }

    /// The same text, made faster with the item texts `kept` from the last
    /// save of the same file (see [`document::to_json_kept`]).
    pub fn to_json_kept(&self, doc: &Doc, kept: &mut KeptTexts) -> Result<String, DocError> {
        (self.to_json_kept)(doc, kept)
    }
}

/// Every kind of document this Muster reads and writes.
#[derive(Clone, Debug)]
pub struct Kinds {
    roster: Kind,
    killteam: Kind,
    campaign: Kind,
}

impl Default for Kinds {
    /// Every kind Muster keeps.
    fn default() -> Self {
        Self {
            roster: Kind::of::<Roster>(),
            killteam: Kind::of::<KillTeam>(),
            campaign: Kind::of::<Campaign>(),
        }
    }
}

impl Kinds {
    /// Reads and parses one file of any of these kinds.
    pub fn read_file(&self, path: &std::path::Path) -> Result<Doc, StoreError> {
        let text = std::fs::read_to_string(path).map_err(io_err("io.read", path))?;
        self.parse(&text, &stem_of(path))
            .map_err(|reason| StoreError::Document {
                reason,
                path: path.to_path_buf(),
            })
    }

    /// Every kind, rosters first (as `DocKind::ALL`).
    pub fn iter(&self) -> impl Iterator<Item = &Kind> {
        DocKind::ALL.into_iter().map(|k| self.get(k))
    }

    /// The entry of `kind`.
    pub fn get(&self, kind: DocKind) -> &Kind {
        match kind {
            DocKind::Roster => &self.roster,
            DocKind::KillTeam => &self.killteam,
            DocKind::Campaign => &self.campaign,
        }
    }

    /// The kind a file names (`"muster": "roster"`), if Muster knows it.
    pub fn named(&self, name: &str) -> Option<&Kind> {
        DocKind::named(name).map(|k| self.get(k))
    }

    /// Reads a document of any registered kind from a file's text.
    pub fn parse(&self, text: &str, fallback_id: &str) -> Result<Doc, DocError> {
        // A file as Muster writes it is read in one pass by its kind; a
        // file of another kind gives up at its first value.
        let doc = self.parse_any(text, fallback_id)?;
        match doc.refusal() {
            Some(why) => Err(DocError::Refused(why)),
            None => Ok(doc),
        }
    }

    /// A document of any registered kind from its file's text.
    fn parse_any(&self, text: &str, fallback_id: &str) -> Result<Doc, DocError> {
        if let Some(doc) = self.iter().find_map(|k| (k.parse_fast)(text)) {
            return Ok(doc);
        }
        let (value, head) = document::peek(text)?;
        let kind = match head {
            Some((kind, _)) => self.named(&kind).ok_or(DocError::UnknownKind(kind))?,
            None => value
                .as_object()
                .and_then(|o| self.iter().find(|k| (k.is_bare_v1)(o)))
                .ok_or(DocError::NoEnvelope)?,
        };
        (kind.parse)(text, fallback_id)
    }

    /// The text of a document's file.
    pub fn to_json(&self, doc: &Doc) -> Result<String, DocError> {
        self.get(doc.kind()).to_json(doc)
    }

    /// A document as the JSON value of its file (what a field merge
    /// compares); `None` if it cannot be made.
    pub fn to_value(&self, doc: &Doc) -> Option<serde_json::Value> {
        let text = self.to_json(doc).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// The text of a document's file, made with the item texts `kept` from
    /// its last save, which are updated.
    pub fn to_json_kept(&self, doc: &Doc, kept: &mut KeptTexts) -> Result<String, DocError> {
        self.get(doc.kind()).to_json_kept(doc, kept)
    }
}
