//! The battle screen's session kept beside the preferences: the fights
//! rolled, who won, the powers in play, the fight picked last on a
//! campaign's table and the fights set up by hand, so that a roll not yet applied to a campaign, or a
//! fight being set up, survives a restart or a crash. Written whenever a command
//! changed it, read back when a documents folder opens (one file per
//! folder, as the undo history); never in the synced folder, as another
//! machine's battle screen is its own. A file that cannot be read is set
//! aside beside it, said in the log, never written over.

use std::io::Write as _;

use super::*;
use crate::rules::battle::summary::Winner;
use crate::rules::psychic::play::Powers;

/// What the file is.
const MUSTER: &str = "battle_session";

/// The version of the file's shape this Muster writes; a file of a
/// version it does not read is set aside (the battle screen starts empty).
/// 1: the log, who won, the powers in play, the fight picked on a table;
/// 2: the fights set up by hand, and the mode shown;
/// 3: a fighter's name in every language when the rules data gives it (a
/// drawn enemy's), where it was text alone.
const VERSION: u32 = 3;

/// The oldest version of the file this Muster reads (each version only
/// adds what the one before lacks).
const OLDEST_READ: u32 = 1;

/// The session as written.
#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    muster: String,
    version: u32,
    log: Vec<BattleEntry>,
    outcome: Option<Winner>,
    powers: Powers,
    /// Absent from a file of an older Muster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    table_fight: Option<TableFight>,
    /// Absent from a file of version 1: every fight as new.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hand: Option<HandFights>,
}

/// Where the session of one folder is kept, its text as last written, and
/// what changes when the session does (looked at after every command: a
/// tick at the table writes nothing here, and makes no text either).
pub(super) struct BattleKeeper {
    path: PathBuf,
    written: String,
    seen: Option<Seen>,
}

/// What changes when the session does: a roll logged or rolled again, who
/// won, the powers in play, the fight picked on a table.
#[derive(Clone, PartialEq)]
struct Seen {
    rolls: usize,
    rerolled: usize,
    outcome: Option<Winner>,
    powers: Powers,
    table_fight: Option<TableFight>,
    hand_changes: u64,
}

impl Seen {
    fn of(battle: &BattleSession) -> Self {
        Self {
            rolls: battle.log.len(),
            rerolled: battle.log.iter().filter(|e| e.rerolled).count(),
            outcome: battle.outcome,
            powers: battle.powers.clone(),
            table_fight: battle.table_fight.clone(),
            hand_changes: battle.hand_changes(),
        }
    }
}

/// Where the battle session of the documents folder `data_dir` is kept,
/// in the folder `dir` (the preferences' `history`).
fn kept_battle_path(dir: &Path, data_dir: &Path) -> PathBuf {
    crate::store::kept_history::kept_history_path(dir, data_dir).with_extension("battle.json")
}

impl App {
    /// Starts keeping the battle session of the folder open, and takes in
    /// the one kept from last time (the session as it is otherwise).
    pub(super) fn start_keeping_battle(&mut self) {
        self.battle_keeper = None;
        let (Some(dir), Some(store)) = (self.desktop.history_dir(), &self.store) else {
            return;
        };
        let path = kept_battle_path(&dir, store.dir());
        let mut written = String::new();
        match std::fs::read_to_string(&path) {
            Ok(text) => match serde_json::from_str::<Kept>(&text) {
                Ok(kept)
                    if kept.muster == MUSTER && (OLDEST_READ..=VERSION).contains(&kept.version) =>
                {
                    // The fight picked last fills the battle screen in
                    // again while its mission is played.
                    let picked = (kept.table_fight).filter(|f| self.model.still_at_its_mission(f));
                    self.new_fight = picked.as_ref().map(|f| f.setup.clone());
                    let rules = &self.model.rules;
                    let log = kept.log.into_iter();
                    let log = log.map(|e| e.with_table_result(rules)).collect();
                    let battle = &mut self.model.battle;
                    battle.log = log;
                    battle.outcome = kept.outcome;
                    battle.powers = kept.powers;
                    battle.table_fight = picked;
                    let hand = kept.hand.unwrap_or_default();
                    // What was set up on top of a table's fight goes with it.
                    let hand = if battle.table_fight.is_some() {
                        hand
                    } else {
                        hand.without_table_fight()
                    };
                    battle.restore_hand(hand);
                    written = text;
                }
                Ok(kept) => self.set_aside_battle(&path, &format!("version {}", kept.version)),
                Err(e) => self.set_aside_battle(&path, &e.to_string()),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // A folder of its own: its battle screen as new.
                self.model.battle.restore_hand(HandFights::default());
            }
            Err(e) => self.set_aside_battle(&path, &e.to_string()),
        }
        let seen = Some(Seen::of(&self.model.battle));
        self.battle_keeper = Some(BattleKeeper {
            path,
            written,
            seen,
        });
    }

    /// A kept session that cannot be read: renamed beside it, and said.
    fn set_aside_battle(&mut self, path: &Path, reason: &str) {
        self.model.battle.restore_hand(HandFights::default());
        let aside = path.with_extension("unreadable.json");
        if let Err(e) = std::fs::rename(path, &aside) {
            log::warn!("could not set aside {}: {e}", path.display());
        }
        let text = Msg::new("battle.kept_unreadable")
            .text("reason", reason)
            .text("path", aside.display().to_string());
        self.message(MessageKind::Warning, text);
    }

    /// Writes the battle session if it changed since last written.
    pub(super) fn keep_battle(&mut self) {
        let Some(keeper) = &mut self.battle_keeper else {
            return;
        };
        let battle = &self.model.battle;
        let seen = Seen::of(battle);
        if keeper.seen.as_ref() == Some(&seen) {
            return;
        }
        keeper.seen = Some(seen);
        let kept = Kept {
            muster: MUSTER.to_owned(),
            version: VERSION,
            log: battle.log.clone(),
            outcome: battle.outcome,
            powers: battle.powers.clone(),
            table_fight: battle.table_fight.clone(),
            hand: Some(battle.hand.clone()),
        };
        let Ok(text) = serde_json::to_string(&kept) else {
            return;
        };
        if text == keeper.written {
            return;
        }
        let written = keeper.path.parent().map_or(Ok(()), |dir| {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())
        });
        let written = written.and_then(|()| {
            crate::store::write_atomic(&keeper.path, |f| f.write_all(text.as_bytes()))
                .map_err(|e| e.to_string())
        });
        match written {
            Ok(()) => keeper.written = text,
            Err(e) => {
                // Tried again at the next command.
                keeper.seen = None;
                log::warn!("the battle screen's session was not kept: {e}");
            }
        }
    }
}
