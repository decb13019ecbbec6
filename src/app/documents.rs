//! The library's documents as the app holds them: each document, what it
//! breaks, the files that could not be read, the sync tools' versions,
//! the events held aside and the changes made on disk by another program.

use super::*;

/// The documents of the library and what the app knows of them.
pub struct Documents {
    /// The documents of the library, of every kind, sorted by name.
    pub docs: Vec<Doc>,
    /// What each document breaks, computed when it changes (never per
    /// frame).
    pub problems: HashMap<DocKey, Vec<Problem>>,
    /// The problems of the versions validated lately (undo and redo find
    /// theirs here), newest last.
    pub(super) validated: std::collections::VecDeque<(Doc, Vec<Problem>)>,
    /// Library files that could not be read.
    pub unreadable: Vec<Unreadable>,
    /// Sync tools' conflict copies: versions of a document to merge.
    pub versions: Vec<crate::store::Version>,
    /// The merge of a version being looked at.
    pub merge: Option<merging::MergeView>,
    /// The events of a shared campaign held aside: another machine's
    /// event that clashes came first (each with the one kept in its place).
    pub held: BTreeMap<DocKey, Vec<crate::rules::campaign::journals::SetAside>>,
    /// What each choice about an event held aside would change, by the
    /// held event's key: worked out when the held events are read.
    pub outlooks: BTreeMap<DocKey, Vec<super::choices::Outlook>>,
    /// What other machines' events just changed in a shared campaign, by
    /// the model they changed: shown on its card or line for a moment.
    pub arrived: BTreeMap<DocKey, Vec<Arrival>>,
    /// Documents another program changed on disk, offered for reload.
    pub disk_changes: Vec<DocKey>,
    /// Those of them whose file on disk cannot be read now, and why: no
    /// version to take, Muster's own to keep.
    pub broken_on_disk: BTreeMap<DocKey, Msg>,
    /// The kinds of document.
    pub kinds: Kinds,
}

/// A model of a shared campaign changed by another machine's event just
/// taken in.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrival {
    /// The character, soldier or enemy (by his table id) it changed.
    pub who: crate::rules::campaign::CharId,
    /// Who made the event and where, as its stamp gives it.
    pub stamp: Option<crate::rules::campaign::Stamp>,
    /// What the event did, in words.
    pub what: Msg,
    /// When it came in.
    pub at: std::time::Instant,
}

/// How long a model changed by another machine is marked as such.
pub const ARRIVAL_SHOWN: std::time::Duration = std::time::Duration::from_secs(12);

impl Documents {
    /// How many events of the campaign `key` are held aside waiting for
    /// the players (not those set aside by their choice, settled).
    pub fn waiting(&self, key: &DocKey) -> usize {
        self.held
            .get(key)
            .map_or(0, |h| h.iter().filter(|a| !a.chosen).count())
    }

    /// The latest change another machine made to `who` in the campaign
    /// `key`, while it is still news.
    pub fn arrival(&self, key: &DocKey, who: crate::rules::campaign::CharId) -> Option<&Arrival> {
        self.arrived
            .get(key)?
            .iter()
            .rev()
            .find(|a| a.who == who && a.at.elapsed() < ARRIVAL_SHOWN)
    }
}

/// How many validated versions `Model::revalidate_from` keeps.
const VALIDATED_KEPT: usize = 64;

impl Documents {
    /// The files of the sync tools' conflict copies held, in order.
    pub fn version_paths(&self) -> Vec<std::path::PathBuf> {
        self.versions.iter().map(|v| v.path.clone()).collect()
    }

    /// No document yet, of `kinds`.
    pub(super) fn new(kinds: Kinds) -> Self {
        Self {
            docs: Vec::new(),
            problems: HashMap::new(),
            validated: std::collections::VecDeque::new(),
            unreadable: Vec::new(),
            versions: Vec::new(),
            merge: None,
            held: BTreeMap::new(),
            outlooks: BTreeMap::new(),
            arrived: BTreeMap::new(),
            disk_changes: Vec::new(),
            broken_on_disk: BTreeMap::new(),
            kinds,
        }
    }

    /// A document by key.
    pub fn doc(&self, key: &DocKey) -> Option<&Doc> {
        self.docs
            .iter()
            .find(|d| d.kind() == key.kind && d.id() == key.id)
    }

    /// A document of kind `K` by id.
    pub fn get<K: DocVariant>(&self, id: &str) -> Option<&K> {
        self.doc(&DocKey::of::<K>(id)).and_then(Doc::get::<K>)
    }

    /// What a document breaks (as of its last change).
    pub fn problems_of(&self, key: &DocKey) -> &[Problem] {
        self.problems.get(key).map_or(&[], Vec::as_slice)
    }

    /// Other machines' journals of the campaign `id` that cannot be read
    /// whole (the campaign holds their events up to the line that cannot).
    pub fn unreadable_journals_of<'a>(
        &'a self,
        id: &'a str,
    ) -> impl Iterator<Item = &'a Unreadable> {
        self.unreadable.iter().filter(move |u| {
            u.path
                .extension()
                .is_some_and(|x| x == crate::store::journaled::JOURNAL_EXT)
                && u.path
                    .parent()
                    .and_then(|d| d.file_name())
                    .is_some_and(|d| d.to_string_lossy() == id)
        })
    }

    /// Validates the document `key` again, made from `before` by one edit
    /// when given: a version seen lately (undo, redo) keeps its problems,
    /// and one edit of a version whose problems are known lets the kind
    /// check only what the edit can have changed (a long campaign's journal
    /// is not played again at every tick).
    pub fn revalidate_from(&mut self, key: &DocKey, before: Option<&Doc>, rules: &RulesData) {
        let Some(doc) = self.doc(key).cloned() else {
            self.problems.remove(key);
            return;
        };
        let known = |d: &Doc| {
            self.validated
                .iter()
                .find(|(v, _)| v.same_version(d))
                .map(|(_, p)| p.clone())
        };
        let problems = match (known(&doc), before.and_then(|b| Some((b, known(b)?)))) {
            (Some(p), _) => p,
            (None, Some((b, was))) => doc.validate_after(b, &was, rules),
            (None, None) => doc.validate(rules),
        };
        self.validated.push_back((doc, problems.clone()));
        if self.validated.len() > VALIDATED_KEPT {
            self.validated.pop_front();
        }
        self.problems.insert(key.clone(), problems);
    }
}
