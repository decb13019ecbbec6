//! Two folders with their own rules files playing one campaign live under
//! the rules it recorded (`rules`, `house-player`, `house-gm`): a house
//! rule changed on one shows on the other, with the machine it was made on.

use std::path::Path;
use std::time::{Duration, Instant};

use super::live_table::{
    LIVE_WAIT, Side, Step, arrivals_told, frames_for, frames_until, live_plan, live_window, make,
    press, take_in_all,
};
use super::one_campaign::passes_check;
use super::{Harness, campaign, done, key, machine_with, open, sync};
use egui::accesskit::Role;
use muster::app::Command;
use muster::i18n::Lang;
use muster::rules::RulesData;
use muster::rules::campaign::house;
use muster::rules::campaign::{Campaign, Member};
use muster::store::journaled::entry_key;

/// A Guardsman's actions an activation (2 built in): each data folder's
/// rules files give their own.
const PER_ACTIVATION: &str = "killteam.json/soldier_kinds/0/actions/per_activation";
/// Whether Muster enforces the two sides' turns at the table.
const ALTERNATION: &str = "killteam.json/turn/alternation_enforced";
/// The house rule changed mid-campaign: whether a prone soldier stands up
/// before he moves.
const PRONE: &str = "killteam.json/turn/prone_must_stand";
/// What the player types in the House rules tab's "Find" to reach it.
const PRONE_FIND: &str = "prone_must_stand";
/// Its catalogue entry's id.
const PRONE_ID: &str = "killteam.turn.prone_must_stand";
/// The reading the player picks, which sets it to `false`.
const PRONE_READING: &str = "Move while prone";
/// The edits each side makes in `house-gm` and `house-player`.
const HOUSE_EDITS: usize = 2;
/// The pause between two edits of one side there.
const HOUSE_SPACING: Duration = Duration::from_millis(1000);
/// How long the two Musters of the scenario may play, in all, before the
/// test kills them.
const HOUSE_LIMIT: Duration = Duration::from_secs(300);
/// How often the test, as the sync tool, carries each journal across.
const SYNC_EVERY: Duration = Duration::from_millis(150);

/// This data folder's own rules files, each `PLACE=VALUE` (the value as
/// JSON) set as the library's House rules screen sets it.
pub(crate) fn folder_rules(dir: &Path, sets: &[String]) -> Result<String, String> {
    let mut app = open(dir, "this folder's library")?;
    for set in sets {
        let (place, value) = set
            .split_once('=')
            .ok_or_else(|| format!("rules: {set:?}: PLACE=VALUE"))?;
        let value: serde_json::Value =
            serde_json::from_str(value).map_err(|e| format!("rules: {set}: {e}"))?;
        app.apply(Command::SetLibraryRule(
            place.to_owned(),
            Some(value.clone()),
        ));
        app.flush_saves();
        if app.model.rules.house.get(place) != Some(&value) {
            let said: Vec<String> = app
                .model
                .feedback
                .messages
                .iter()
                .map(|m| Lang::En.msg(&m.text))
                .collect();
            return Err(format!("rules: {set} not in force: {}", said.join("; ")));
        }
    }
    Ok(format!(
        "{}: its rules files set {}",
        dir.display(),
        sets.join(", ")
    ))
}

/// The reading "Move while prone" as the House rules tab names it, with
/// its radio mark: picked or not.
fn prone_reading(picked: bool) -> String {
    use egui_material_icons::icons::{ICON_RADIO_BUTTON_CHECKED, ICON_RADIO_BUTTON_UNCHECKED};
    let mark = if picked {
        ICON_RADIO_BUTTON_CHECKED
    } else {
        ICON_RADIO_BUTTON_UNCHECKED
    };
    format!("{} {PRONE_READING}", mark.codepoint)
}

/// The text a widget is named by (a label's is its value).
fn words_of<'t>(node: &impl egui_kittest::kittest::NodeT<'t>) -> String {
    let n = node.accesskit_node();
    let words = if n.role() == Role::Label {
        n.value()
    } else {
        n.label()
    };
    words.unwrap_or_default()
}

/// Types `words` in the House rules tab's "Find" field, as a player does.
fn find_rule(h: &mut Harness, words: &str) -> Result<(), String> {
    use egui_kittest::kittest::Queryable as _;
    let field = h
        .query_by_role_and_label(Role::TextInput, "Find")
        .ok_or("no \"Find\" field in the House rules tab")?;
    field.focus();
    field.type_text(words);
    h.run_ok();
    Ok(())
}

/// The actions an activation of the campaign's soldier `name` by `rules`.
fn actions_of(c: &Campaign, name: &str, rules: &RulesData) -> Result<u32, String> {
    let x = c
        .characters
        .iter()
        .find(|x| x.name() == name)
        .ok_or_else(|| format!("no {name} in the campaign"))?;
    let Member::Soldier(s) = &x.member else {
        return Err(format!("{name} is no kill-team soldier"));
    };
    rules
        .killteam
        .kind(&s.kind)
        .map(|k| k.actions.per_activation)
        .ok_or_else(|| format!("{name}: no soldier kind {}", s.kind))
}

/// `name`'s card shows `total` actions as pips, the first `spent` spent,
/// and "Actions: LEFT of TOTAL left".
fn card_shows(h: &Harness, name: &str, total: u32, spent: u32) -> Result<(), String> {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let pips = h
        .query_all_by_label_contains(&format!(" spent: {name}"))
        .count();
    if pips != total as usize {
        return Err(format!("{name}'s card shows {pips} actions, not {total}"));
    }
    for k in 1..=total {
        let label = format!("Action {k} of {total} spent: {name}");
        let pip = h
            .query_by_label(&label)
            .ok_or_else(|| format!("{name}'s card has no \"{label}\""))?;
        let on = pip.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True);
        if on != (k <= spent) {
            return Err(format!("\"{label}\" is {on}, {spent} being spent"));
        }
    }
    let left = format!("Actions: {} of {total} left", total - spent);
    if h.query_all_by_label(&left).next().is_none() {
        return Err(format!("no card says \"{left}\""));
    }
    Ok(())
}

/// Every event `made` on this machine is still in the campaign.
fn still_mine(h: &Harness, machine: &str, made: &[String]) -> Result<(), String> {
    let c = campaign(&h.state().app)?;
    let standing: std::collections::HashSet<String> =
        c.journal.iter().map(|e| entry_key(e)).collect();
    match made.iter().find(|k| !standing.contains(*k)) {
        Some(lost) => Err(format!(
            "{machine}: its own event {lost} is no longer in the campaign"
        )),
        None => Ok(()),
    }
}

/// The player's side of a table played live on a folder whose rules files
/// say otherwise than the campaign's: NAME's card shows the campaign's N
/// actions; he moves; the player picks "Move while prone" in the House
/// rules tab; then the frames run until OTHER's edits are in.
pub(crate) fn house_player(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    let [other, name, n] = args else {
        return Err("house-player: OTHER NAME N".into());
    };
    let n: u32 = n.parse().map_err(|e| format!("house-player: {n}: {e}"))?;
    let mut h = live_window(open(dir, machine)?);
    let (here, theirs) = {
        let app = &h.state().app;
        let c = campaign(app)?;
        let theirs = house::rules_in_force(&c, &app.model.rules)
            .map_err(|p| format!("{machine}: the campaign's rules: {p:?}"))?;
        let problems = app.model.problems_of(&key());
        if !problems.is_empty() {
            return Err(format!("{machine}: the campaign shows {problems:?}"));
        }
        (
            actions_of(&c, name, &app.model.rules)?,
            actions_of(&c, name, &theirs)?,
        )
    };
    if here == n || theirs != n {
        return Err(format!(
            "{machine}: {name} has {here} actions by this folder's rules, \
             {theirs} by the campaign's: no test of {n}"
        ));
    }
    card_shows(&h, name, n, 0).map_err(|e| format!("{machine}: {e}"))?;
    let mut made = Vec::new();
    let moves = Step {
        what: format!("{name}: Move"),
        clicks: vec![
            (Role::Button, format!("Act: {name}")),
            (Role::Button, format!("Move: {name}")),
        ],
    };
    make(&mut h, (dir, machine), &moves, &mut made)?;
    card_shows(&h, name, n, 1).map_err(|e| format!("{machine}: after his move, {e}"))?;
    frames_for(&mut h, HOUSE_SPACING);
    pick_prone_reading(&mut h, (dir, machine), n, &mut made)?;
    take_in_all(&mut h, machine, (other, HOUSE_EDITS))?;
    still_mine(&h, machine, &made)?;
    Ok(format!(
        "{machine}: {name} had the campaign's {n} actions (its folder says {here}), \
         moved; \"{PRONE_READING}\" picked; {other}'s {HOUSE_EDITS} edits came in"
    ))
}

/// In the campaign's House rules tab, the player sees the Guardsmen's `n`
/// actions among the campaign's changes, finds the prone rule and picks
/// "Move while prone": one event of this machine, saved.
fn pick_prone_reading(
    h: &mut Harness,
    (dir, machine): (&Path, &str),
    n: u32,
    made: &mut Vec<String>,
) -> Result<(), String> {
    use egui_kittest::kittest::Queryable as _;
    press(h, Role::Tab, "House rules").map_err(|e| format!("{machine}: {e}"))?;
    find_rule(h, PRONE_FIND)?;
    let shown = format!("= {n}");
    if h.query_by_label(PER_ACTIVATION).is_none() || h.query_by_label(&shown).is_none() {
        return Err(format!(
            "{machine}: the House rules tab does not show {PER_ACTIVATION} {shown}"
        ));
    }
    let pick = Step {
        what: format!("picks \"{PRONE_READING}\""),
        clicks: vec![(Role::Button, prone_reading(false))],
    };
    make(h, (dir, machine), &pick, made)?;
    let c = campaign(&h.state().app)?;
    let now = c.house_rules.as_deref().and_then(|r| r.get(PRONE));
    if now != Some(&serde_json::Value::Bool(false)) {
        return Err(format!("{machine}: after the pick, {PRONE} is {now:?}"));
    }
    if h.query_by_role_and_label(Role::Button, &prone_reading(true))
        .is_none()
    {
        return Err(format!(
            "{machine}: \"{PRONE_READING}\" is not shown picked"
        ));
    }
    Ok(())
}

/// The game master's side of that table: an enemy marked activated and
/// his wound ticked from the window; then the House rules tab kept open
/// until OTHER's change shows in it, and the journal tab says who made it.
pub(crate) fn house_gm(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    use egui_kittest::kittest::Queryable as _;
    let [other] = args else {
        return Err("house-gm: OTHER".into());
    };
    let mut h = live_window(open(dir, machine)?);
    let plan = {
        let app = &h.state().app;
        let c = campaign(app)?;
        let r = house::rules_in_force(&c, &app.model.rules)
            .map_err(|p| format!("{machine}: the campaign's rules: {p:?}"))?;
        live_plan(Side::GameMaster, &c, &r)?
    };
    let mut made = Vec::new();
    for (k, step) in plan.iter().take(HOUSE_EDITS).enumerate() {
        if k > 0 {
            frames_for(&mut h, HOUSE_SPACING);
        }
        make(&mut h, (dir, machine), step, &mut made)?;
    }
    press(&mut h, Role::Tab, "House rules").map_err(|e| format!("{machine}: {e}"))?;
    find_rule(&mut h, PRONE_FIND)?;
    let picked = prone_reading(true);
    if !frames_until(&mut h, |h| {
        h.query_by_role_and_label(Role::Button, &picked).is_some()
    }) {
        return Err(format!(
            "{machine}: after {} s, the House rules tab does not show {other}'s \
             \"{PRONE_READING}\"",
            LIVE_WAIT.as_secs()
        ));
    }
    let reset = format!("Put {PRONE_ID} back to the built-in value");
    if h.query_by_role_and_label(Role::Button, &reset).is_none() {
        return Err(format!(
            "{machine}: no \"{reset}\": not a change of the group's"
        ));
    }
    // Beside the entry, who changed it.
    let by = format!("Last change made on {other}");
    if h.query_all_by_label_contains(&by).next().is_none() {
        return Err(format!("{machine}: the entry does not say \"{by}\""));
    }
    take_in_all(&mut h, machine, (other, HOUSE_EDITS))?;
    still_mine(&h, machine, &made)?;
    let (said, _) = arrivals_told(&h.state().app, other);
    if said != HOUSE_EDITS {
        return Err(format!(
            "{machine}: the log told {said} new events of {other}, not {HOUSE_EDITS}"
        ));
    }
    press(&mut h, Role::Tab, "Journal").map_err(|e| format!("{machine}: {e}"))?;
    journal_names(&h, other).map_err(|e| format!("{machine}: {e}"))?;
    Ok(format!(
        "{machine}: {} edits made; {other}'s \"{PRONE_READING}\" shown in the House rules \
         tab and in the journal, made on {other}",
        made.len()
    ))
}

/// The journal tab shows the house rule's change, what it changed, and
/// beside its heading, the machine it was made on.
fn journal_names(h: &Harness, by: &str) -> Result<(), String> {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    // The entry by its rule and id, each value by its reading's name.
    let line = format!("House rule KT-9 {PRONE_ID}: {PRONE_READING} (it was Stand up first).");
    if h.query_by_label(&line).is_none() {
        return Err(format!("the journal does not say \"{line}\""));
    }
    let made = format!("made on {by}");
    let beside_heading = h.query_all_by_label_contains(&made).any(|stamp| {
        let Some(row) = stamp.parent() else {
            return false;
        };
        let row: Vec<_> = row.children().collect();
        let Some(at) = row
            .iter()
            .position(|n| n.accesskit_node().id() == stamp.accesskit_node().id())
        else {
            return false;
        };
        // Back to the entry's number: its heading is between.
        row[..at]
            .iter()
            .rev()
            .map(words_of)
            .take_while(|w| !w.starts_with('#'))
            .any(|w| w == "Change a house rule")
    });
    if !beside_heading {
        return Err(format!(
            "the journal shows no \"Change a house rule\" \"{made}\""
        ));
    }
    Ok(())
}

/// Waits for both Musters to end while carrying, as a sync tool does,
/// each folder's journal to the other every [`SYNC_EVERY`]; one that fails,
/// or both still playing after [`HOUSE_LIMIT`], and the others are killed
/// and the test fails saying which.
fn play_while_syncing((a, b): (&Path, &Path), mut playing: Vec<(std::process::Child, &str)>) {
    let until = Instant::now() + HOUSE_LIMIT;
    let mut failed: Option<String> = None;
    while !playing.is_empty() && failed.is_none() {
        sync(a, b);
        sync(b, a);
        playing.retain_mut(|(child, what)| match child.try_wait() {
            Ok(None) => true,
            Ok(Some(status)) => {
                if !status.success() {
                    failed = Some(format!("{what}: {status}"));
                }
                false
            }
            Err(e) => {
                failed = Some(format!("{what}: {e}"));
                false
            }
        });
        if Instant::now() > until && failed.is_none() {
            let names: Vec<&str> = playing.iter().map(|(_, w)| *w).collect();
            failed = Some(format!(
                "still playing after {} s: {names:?}",
                HOUSE_LIMIT.as_secs()
            ));
        }
        std::thread::sleep(SYNC_EVERY);
    }
    for (child, _) in &mut playing {
        let _ = child.kill();
        let _ = child.wait();
    }
    if let Some(why) = failed {
        panic!("{why}");
    }
}

/// Two laptops whose data folders hold different rules files play one
/// campaign at once: Camille's (the game master's) gives a Guardsman 3
/// actions and leaves the turns to the players, Bruno's gives him 1. The
/// campaign begun on Camille's records her rules; the test, as the sync
/// tool, carries each journal to the other folder while both play.
pub(crate) fn two_folders_with_their_own_rules_play_one_campaign_live_under_its_rules() {
    let camille = tempfile::tempdir().expect("Camille's folder");
    let bruno = tempfile::tempdir().expect("Bruno's folder");
    let (a, b) = (camille.path(), bruno.path());
    let locks = tempfile::tempdir().expect("the locks folder");
    let locks = locks.path();
    let (gm, player) = ("Camille's laptop", "Bruno's laptop");
    let (three, turns, one) = (
        format!("{PER_ACTIVATION}=3"),
        format!("{ALTERNATION}=false"),
        format!("{PER_ACTIVATION}=1"),
    );
    done(
        machine_with(locks, &[a], "rules", &[&three, &turns]),
        "Camille's rules files",
    );
    done(
        machine_with(locks, &[b], "rules", &[&one]),
        "Bruno's rules files",
    );
    let file = |dir: &Path| std::fs::read(dir.join("rules").join("killteam.json")).ok();
    assert!(
        file(a).is_some() && file(b).is_some(),
        "each folder has its own rules file"
    );
    assert_ne!(file(a), file(b), "the two folders' rules differ");
    done(
        machine_with(locks, &[a], "table", &["--enemy", "--folder-rules"]),
        "Camille begins the campaign under her folder's rules",
    );
    sync(a, b);
    let master = machine_with(locks, &[a], "house-gm", &[gm, player]);
    let bruno_plays = machine_with(
        locks,
        &[b],
        "house-player",
        &[player, gm, "Trooper Dace", "3"],
    );
    play_while_syncing(
        (a, b),
        vec![
            (master, "Camille plays and sees Bruno's house rule come in"),
            (
                bruno_plays,
                "Bruno plays under the campaign's rules and changes one",
            ),
        ],
    );
    sync(a, b);
    sync(b, a);
    let facts = [
        "state".to_owned(),
        format!("{gm}={HOUSE_EDITS}"),
        format!("{player}={HOUSE_EDITS}"),
        three,
        turns,
        format!("{PRONE}=false"),
    ];
    let facts: Vec<&str> = facts.iter().map(String::as_str).collect();
    done(
        machine_with(locks, &[a, b], "same", &facts),
        "both folders hold one campaign, under its rules",
    );
    for dir in [a, b] {
        passes_check(dir);
    }
}
