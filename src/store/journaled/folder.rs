//! A journaled campaign's folder as the command line reads it: the
//! campaign, the events held aside, the journals cut short, every event
//! accounted for.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use super::file::entry_key;
use super::known::load_known;
use super::replay::replay;
use super::{JOURNAL_EXT, START_FILE};
use crate::rules::campaign::MachineId;
use crate::rules::campaign::journals::SetAside;
use crate::rules::{Campaign, Doc, RulesData};
use crate::store::StoreError;

/// A journal whose last line is cut short (a sync tool's copy under way,
/// or a machine that crashed mid-write): what follows it is not read yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutJournal {
    /// The machine's id (the file's name).
    pub machine: MachineId,
    /// The machine's name, as its journal's header gives it (may be empty).
    pub name: String,
    /// The file.
    pub path: PathBuf,
    /// The number of the line cut short.
    pub line: usize,
}

/// A journaled campaign's folder as read by the command line: the
/// campaign, and every event of the folder accounted for.
#[derive(Clone, Debug)]
pub struct FolderReading {
    /// The campaign the folder's events give.
    pub doc: Doc,
    /// The events held aside: refused where the order put them, or set
    /// aside by the players' choice; each with its reason and its rival.
    pub held: Vec<SetAside>,
    /// The journals whose last line is cut short.
    pub cut: Vec<CutJournal>,
    /// Each machine's name by its id, as its journal's header gives it.
    pub names: HashMap<MachineId, String>,
    /// How many events the folder holds (the start's and every journal's,
    /// each once).
    pub events: usize,
    /// How many of them the machine that made them took back (an undo).
    pub taken_back: usize,
}

impl FolderReading {
    /// How many of the folder's events are in the campaign.
    pub fn applied(&self) -> usize {
        self.doc.get::<Campaign>().map_or(0, |c| c.journal.len())
    }

    /// Whether something waits: an event held aside by a rule (for the
    /// players to choose), a journal cut short, or an event the reading
    /// could not place. Events the players chose to set aside are settled.
    pub fn waiting(&self) -> bool {
        self.held.iter().any(|h| !h.chosen) || !self.cut.is_empty() || self.unaccounted() > 0
    }

    /// The events neither in the campaign, nor held aside, nor taken back
    /// (none, unless the reading itself went wrong).
    pub fn unaccounted(&self) -> usize {
        self.events
            .saturating_sub(self.applied() + self.held.len() + self.taken_back)
    }

    /// The name of the machine of id `machine` (its id when its journal
    /// gives none).
    pub fn machine_name<'a>(&'a self, machine: &'a MachineId) -> &'a str {
        self.names
            .get(machine)
            .map(String::as_str)
            .filter(|n| !n.is_empty())
            .unwrap_or(machine.as_str())
    }
}

/// Reads a journaled campaign's folder (`muster check`, `print`,
/// `export`), replayed by `rules`: the campaign, what its replay held
/// aside, and the journals cut short.
pub fn read_folder(
    kinds: &crate::store::Kinds,
    dir: &Path,
    rules: &RulesData,
) -> Result<FolderReading, StoreError> {
    let mut known = load_known(kinds, dir)?;
    let id = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let doc = replay(kinds, &mut known, &id, Some(rules), None)?;
    let mut all: HashSet<String> = known.start_keys.clone();
    // The events the start holds aside (written back as one file, then
    // opened again) are the folder's too.
    if let Ok(start) = known.start(kinds) {
        all.extend(start.held.iter().map(|h| h.entry.key()));
    }
    let mut standing: HashSet<String> = all.clone();
    let mut names = HashMap::new();
    let mut cut = Vec::new();
    let mut machines: Vec<&MachineId> = known.files.keys().collect();
    machines.sort();
    for machine in machines {
        let (_, file) = &known.files[machine];
        names.insert(machine.clone(), file.name.clone());
        for (e, stands) in &file.events {
            let key = entry_key(e);
            if *stands {
                standing.insert(key.clone());
            }
            all.insert(key);
        }
        if file.torn {
            let path = dir.join(format!("{machine}.{JOURNAL_EXT}"));
            let whole = usize::try_from(file.good_len).unwrap_or(usize::MAX);
            let line = fs::read(&path)
                .map(|b| b.iter().take(whole).filter(|c| **c == b'\n').count() + 1)
                .unwrap_or(0);
            cut.push(CutJournal {
                machine: machine.clone(),
                name: file.name.clone(),
                path,
                line,
            });
        }
    }
    Ok(FolderReading {
        doc,
        held: known.set_aside,
        cut,
        names,
        events: all.len(),
        taken_back: all.len() - standing.len(),
    })
}

/// A campaign written as one file that holds events aside: what a reading
/// of its folder said of them, said again. `None`: not a campaign, or it
/// holds none aside.
pub fn file_reading(doc: &Doc, rules: &RulesData) -> Option<FolderReading> {
    let c = doc.get::<Campaign>().filter(|c| !c.held.is_empty())?;
    let held = crate::rules::campaign::journals::held_of(c, rules);
    let names = (held.iter())
        .filter_map(|a| {
            let by = a.entry.stamp.as_ref()?.by.clone()?;
            Some((a.machine.clone(), by))
        })
        .collect();
    Some(FolderReading {
        doc: doc.clone(),
        events: c.journal.len() + held.len(),
        held,
        cut: Vec::new(),
        names,
        taken_back: 0,
    })
}

/// Whether `path` is a journaled campaign's folder.
pub fn is_folder(path: &Path) -> bool {
    path.join(START_FILE).is_file()
}
