//! Whether two folders hold one campaign (`same`): the same journal and
//! the same events held aside, no version left to merge, each FACT held;
//! and `muster check` passing a folder's campaign.

use std::path::Path;
use std::process::Command as Proc;

use super::{campaign, campaign_file, held_aside, made_on, open, rules};
use muster::rules::campaign::house;
use muster::rules::campaign::replay;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::campaign::{DebriefEdit, ReinforcementEdit};
use muster::store::journaled::entry_key;

/// What `same` and the scenario check of one folder: its campaign, the
/// keys of the events it holds aside, and no version left to merge.
fn settled(dir: &Path) -> Result<(Campaign, Vec<String>), String> {
    let app = open(dir, "checker")?;
    if !app.model.library.versions.is_empty() {
        return Err(format!("{}: versions left to merge", dir.display()));
    }
    let mut aside: Vec<String> = held_aside(&app)
        .iter()
        .map(|a| entry_key(&a.entry))
        .collect();
    aside.sort();
    Ok((campaign(&app)?, aside))
}

pub(crate) fn same(a: &Path, b: &Path, facts: &[String]) -> Result<String, String> {
    let ((ca, aside_a), (cb, aside_b)) = (settled(a)?, settled(b)?);
    if ca.journal != cb.journal {
        return Err("the two folders hold different journals".into());
    }
    if aside_a != aside_b {
        return Err(format!(
            "the two folders hold different events aside: {aside_a:?} and {aside_b:?}"
        ));
    }
    let r = rules();
    let problems = replay::validate(&ca, &r);
    if !problems.is_empty() {
        return Err(format!("the merged campaign breaks rules: {problems:?}"));
    }
    for fact in facts {
        holds(&ca, &cb, fact)?;
    }
    Ok(format!(
        "same campaign: {} events, {} missions played, {:?}, {} held aside",
        ca.journal.len(),
        ca.missions_played,
        ca.phase,
        aside_a.len()
    ))
}

/// One FACT of `same` about the campaign `ca` of one folder and `cb` of
/// the other.
fn holds(ca: &Campaign, cb: &Campaign, fact: &str) -> Result<(), String> {
    let has = |pred: &dyn Fn(&E) -> bool| ca.journal.iter().any(|e| pred(&e.event));
    match fact {
        "drawn" if !has(&|e| matches!(e, E::Debrief(DebriefEdit::NextMission { .. }))) => {
            Err("the mission drawn is lost".into())
        }
        "spent"
            if !has(&|e| matches!(e, E::Reinforcements(ReinforcementEdit::Recruit { .. })))
                || !has(&|e| matches!(e, E::Reinforcements(ReinforcementEdit::Spend { .. }))) =>
        {
            Err("the reinforcement points spent are lost".into())
        }
        "spent" if !ca.characters.iter().any(|c| c.member.name() == "Sorel") => {
            Err("the recruit is not in the escort".into())
        }
        "drawn" | "spent" => Ok(()),
        "state" => same_state(ca, cb),
        other => {
            let (what, n) = other
                .rsplit_once('=')
                .ok_or_else(|| format!("same: unknown fact {other:?}"))?;
            if muster::rules::house_rules::split_place(what).is_some() {
                return rule_in_force(ca, what, n);
            }
            let n: usize = n.parse().map_err(|e| format!("same: {other}: {e}"))?;
            let found = made_on(ca, what);
            if found != n {
                return Err(format!(
                    "the campaign holds {found} events made on {what}, not {n}"
                ));
            }
            Ok(())
        }
    }
}

/// The two folders' campaigns, each as its machine replayed it under its
/// own folder's rules files, are the same in every field; else the fields
/// that differ.
fn same_state(ca: &Campaign, cb: &Campaign) -> Result<(), String> {
    if ca == cb {
        return Ok(());
    }
    let fields = |c: &Campaign| match serde_json::to_value(c) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    let (fa, fb) = (fields(ca), fields(cb));
    let differ: Vec<&String> = fa
        .keys()
        .chain(fb.keys())
        .filter(|k| fa.get(*k) != fb.get(*k))
        .collect();
    Err(format!("the two folders' campaigns differ in {differ:?}"))
}

/// The campaign's recorded rules hold `value` (JSON) at `place`: the
/// group's value, or the built-in one where the group changed none.
fn rule_in_force(c: &Campaign, place: &str, value: &str) -> Result<(), String> {
    let want: serde_json::Value =
        serde_json::from_str(value).map_err(|e| format!("same: {place}={value}: {e}"))?;
    let house = c
        .house_rules
        .as_deref()
        .ok_or("the campaign recorded no rules: each machine plays it under its own")?;
    let now = house
        .get(place)
        .cloned()
        .or_else(|| muster::rules::house_rules::built_in_value(place));
    if now.as_ref() != Some(&want) {
        return Err(format!(
            "the campaign's rules hold {now:?} at {place}, not {want}"
        ));
    }
    house::rules_in_force(c, &rules())
        .map(|_| ())
        .map_err(|p| format!("the campaign's rules cannot be played: {p:?}"))
}

/// `muster check` passes the campaign of the folder `dir`.
pub(crate) fn passes_check(dir: &Path) {
    let out = Proc::new(env!("CARGO_BIN_EXE_muster"))
        .arg("check")
        .arg(campaign_file(dir))
        .output()
        .expect("muster check");
    assert!(
        out.status.success(),
        "muster check {}: {}{}",
        dir.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
