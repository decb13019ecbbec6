//! The three-machine soak (`scripts/soak`): each machine's Muster plays
//! seeded random legal actions at the table and in the debrief while real
//! Syncthing daemons carry the journals; one is killed and started again,
//! one link paused and resumed. Then the verdict: every event any machine
//! made is in the campaign exactly once, or held aside by name.
//!
//! - `soak DIR MACHINE gm|player SEED UNTIL LOG`: one machine's Muster
//!   playing until the Unix time UNTIL (a Muster started again after a
//!   kill plays on to the same end). LOG gets a line per event it made,
//!   once saved (`made KEY MS`), and per event of another machine it took
//!   in (`seen KEY MS`), MS the Unix time in milliseconds.
//! - `soak-verdict DIR LOG…`: the campaign of DIR's folder accounts for
//!   every event the logs say was made; prints the figures.

use std::collections::{HashMap, HashSet};
use std::io::Write as _;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rand::Rng as _;
use rand::seq::SliceRandom as _;

use muster::rules::campaign::enemy;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, CharId, ENEMY_IDS, EscortId, MissionChoice, MissionResult, Phase,
};
use muster::rules::killteam::activation::Act;

use super::{App, Command, Edit, Lang, campaign, entry_key, key, open, rules, seeded};
use muster::app::MessageKind;
use muster::rules::campaign::{
    DebriefEdit, PreparationEdit, ReinforcementEdit, TableEdit, TurnEdit,
};

/// Milliseconds since 1970.
fn now_ms() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis())
}

/// One machine's Muster playing until `UNTIL`.
pub(super) fn soak(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    let [role, seed, until, log] = args else {
        return Err("soak: gm|player SEED UNTIL LOG".into());
    };
    let gm = match role.as_str() {
        "gm" => true,
        "player" => false,
        other => return Err(format!("soak: {other:?}: gm or player")),
    };
    let seed: u64 = seed.parse().map_err(|e| format!("soak: {seed}: {e}"))?;
    let until: u128 = until
        .parse::<u128>()
        .map_err(|e| format!("soak: {until}: {e}"))?
        * 1000;
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .map_err(|e| format!("soak: {log}: {e}"))?;
    let r = rules();
    let mut app = open(dir, machine)?;
    let start = campaign(&app)?;
    let mut known: HashSet<String> = start.journal.iter().map(|e| entry_key(e)).collect();
    // Reproducible from the seed: the machine and how far the campaign
    // has gone when it (re)starts pick the dice.
    let made_before = made_by(&start, machine);
    let salt = machine
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31) ^ u64::from(b));
    let mut rng = seeded(seed ^ salt ^ (made_before as u64).wrapping_mul(0x9e37_79b9));
    let mut made = 0usize;
    while now_ms() < until {
        let said = app.model.feedback.messages.len();
        app.apply(Command::CheckDisk);
        no_error_since(&app, said)?;
        let c = campaign(&app)?;
        let at = now_ms();
        for e in &c.journal {
            let k = entry_key(e);
            if known.insert(k.clone()) {
                writeln!(log, "seen {k} {at}").map_err(|e| e.to_string())?;
            }
        }
        let mut options = if gm {
            gm_options(&c, &r, &mut rng)
        } else {
            player_options(&c, &mut rng)
        };
        options.shuffle(&mut rng);
        for e in options {
            if let Some(k) = try_edit(&mut app, e)? {
                known.insert(k.clone());
                writeln!(log, "made {k} {}", now_ms()).map_err(|e| e.to_string())?;
                made += 1;
                break;
            }
        }
        let pause = rng.random_range(150..600);
        std::thread::sleep(Duration::from_millis(pause));
    }
    Ok(format!("{machine}: made {made} events this run"))
}

/// The events `machine` made in the campaign.
fn made_by(c: &Campaign, machine: &str) -> usize {
    c.journal
        .iter()
        .filter(|e| e.stamp.as_ref().and_then(|s| s.by.as_deref()) == Some(machine))
        .count()
}

/// Applies one edit as the window does and saves it: its event's key if
/// it went into the journal (saved), none if the rules refused it.
fn try_edit(app: &mut App, e: E) -> Result<Option<String>, String> {
    let before: HashSet<String> = campaign(app)?
        .journal
        .iter()
        .map(|e| entry_key(e))
        .collect();
    let said = app.model.feedback.messages.len();
    app.apply(Command::Edit(key(), Edit::Campaign(e)));
    app.flush_saves();
    // A save that failed ends the run: the event would be only in this
    // Muster's memory.
    no_error_since(app, said)?;
    let after = campaign(app)?;
    Ok(after
        .journal
        .iter()
        .rev()
        .map(|e| entry_key(e))
        .find(|k| !before.contains(k)))
}

/// Whether the log said something went wrong since its line `said`.
fn no_error_since(app: &App, said: usize) -> Result<(), String> {
    let failed: Vec<String> = app.model.feedback.messages
        [said.min(app.model.feedback.messages.len())..]
        .iter()
        .filter(|m| m.kind == MessageKind::Error)
        .map(|m| Lang::En.msg(&m.text))
        .collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("soak: {failed:?}"))
    }
}

/// What the game master may do now: the enemies' wounds and the turn at
/// the table, now and then the mission's end; between missions, the next
/// mission drawn, its enemy drawn and the mission begun.
fn gm_options(c: &Campaign, r: &muster::rules::RulesData, rng: &mut impl rand::Rng) -> Vec<E> {
    match c.phase {
        Phase::Playing => {
            let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
            let mut out: Vec<E> = (0..enemies)
                .map(|i| {
                    E::Table(TableEdit::SetWounds {
                        character: CharId(ENEMY_IDS.0 + i as u64),
                        wounds: rng.random_range(0..=enemy::wounds(c, i, r)),
                    })
                })
                .collect();
            out.push(E::Table(TableEdit::NewTurn { gain: None }));
            if rng.random_range(0..12) == 0 {
                // Only the mission's end, this time.
                return vec![E::Debrief(DebriefEdit::EndMission {
                    result: MissionResult {
                        success: rng.random_range(0..2) == 0,
                        vp: rng.random_range(0..3),
                    },
                    played: vec![],
                })];
            }
            out
        }
        Phase::Debrief => vec![E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        })],
        Phase::Ready => {
            let drawn = c.mission.as_ref().is_some_and(|m| !m.enemy.is_empty());
            if drawn {
                vec![E::Preparation(PreparationEdit::BeginMission)]
            } else {
                vec![E::Preparation(PreparationEdit::DrawEnemy {
                    all: true,
                    rolls: vec![],
                    drawn: vec![],
                })]
            }
        }
        Phase::Setup | Phase::Over => Vec::new(),
    }
}

/// What a player may do now: his soldiers' actions and wounds at the
/// table; after a mission, a lasgun bought with the reinforcement points.
fn player_options(c: &Campaign, rng: &mut impl rand::Rng) -> Vec<E> {
    let soldiers: Vec<CharId> = c
        .characters
        .iter()
        .filter(|x| x.escort == EscortId(1) && x.state.alive())
        .map(|x| x.id)
        .collect();
    match c.phase {
        Phase::Playing => soldiers
            .iter()
            .flat_map(|&character| {
                [
                    E::Turn(TurnEdit::Act {
                        character,
                        act: if rng.random_range(0..2) == 0 {
                            Act::Move
                        } else {
                            Act::Shoot
                        },
                    }),
                    E::Table(TableEdit::SetWounds {
                        character,
                        wounds: rng.random_range(0..=1),
                    }),
                ]
            })
            .collect(),
        Phase::Debrief => vec![E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: 1,
            what: "Lasgun".into(),
            bought: None,
        })],
        _ => Vec::new(),
    }
}

/// The verdict on a folder: every event the logs say was made is in the
/// campaign exactly once or held aside; the figures printed.
pub(super) fn verdict(dir: &Path, logs: &[String]) -> Result<String, String> {
    let r = rules();
    let folder = super::campaign_file(dir);
    let reading =
        muster::store::journaled::read_folder(&muster::store::Kinds::default(), &folder, &r)
            .map_err(|e| format!("verdict: the folder does not read: {e:?}"))?;
    let c = reading
        .doc
        .get::<Campaign>()
        .cloned()
        .ok_or("verdict: not a campaign")?;
    let mut in_campaign: HashMap<String, usize> = HashMap::new();
    for e in &c.journal {
        *in_campaign.entry(entry_key(e)).or_default() += 1;
    }
    if let Some((k, n)) = in_campaign.iter().find(|(_, n)| **n > 1) {
        return Err(format!("verdict: event {k} is in the campaign {n} times"));
    }
    let held: HashSet<String> = reading.held.iter().map(|h| entry_key(&h.entry)).collect();
    let mut made: HashMap<String, u128> = HashMap::new();
    let mut seen: Vec<(String, u128)> = Vec::new();
    for log in logs {
        let text = std::fs::read_to_string(log).map_err(|e| format!("verdict: {log}: {e}"))?;
        for line in text.lines() {
            let mut words = line.split(' ');
            let (Some(what), Some(k), Some(ms)) = (words.next(), words.next(), words.next()) else {
                continue;
            };
            let Ok(ms) = ms.parse::<u128>() else {
                continue;
            };
            match what {
                "made" => {
                    made.insert(k.to_owned(), ms);
                }
                "seen" => seen.push((k.to_owned(), ms)),
                _ => {}
            }
        }
    }
    let lost: Vec<&String> = made
        .keys()
        .filter(|k| !in_campaign.contains_key(*k) && !held.contains(*k))
        .collect();
    if !lost.is_empty() {
        return Err(format!(
            "verdict: {} events made and saved are neither in the campaign nor held aside: {lost:?}",
            lost.len()
        ));
    }
    let mut delays: Vec<u128> = seen
        .iter()
        .filter_map(|(k, at)| made.get(k).map(|m| at.saturating_sub(*m)))
        .collect();
    delays.sort_unstable();
    let pick = |q: f64| {
        if delays.is_empty() {
            0
        } else {
            let i = ((delays.len() - 1) as f64 * q).round() as usize;
            delays[i]
        }
    };
    let applied = made.keys().filter(|k| in_campaign.contains_key(*k)).count();
    Ok(format!(
        "soak: {} events made and saved, {applied} in the campaign, {} held aside \
         ({} in the folder: {} in the campaign, {} held aside, {} taken back); \
         arrival delay across machines p50 {} ms, p99 {} ms over {} arrivals",
        made.len(),
        made.len() - applied,
        reading.events,
        reading.applied(),
        reading.held.len(),
        reading.taken_back,
        pick(0.5),
        pick(0.99),
        delays.len()
    ))
}
