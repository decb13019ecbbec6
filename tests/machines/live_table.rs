//! One table played live on two machines at once (`live`): each side's
//! edits made in the window and saved, the other's taken in as they
//! arrive; and two installations playing so on one shared folder.

use std::path::Path;
use std::process::Command as Proc;
use std::time::{Duration, Instant};

use super::one_campaign::passes_check;
use super::{
    Harness, ID, campaign, campaign_file, done, held_aside, machine_id, made_on, open, rules,
    told_aside,
};
use egui::accesskit::Role;
use muster::app::{App, Command};
use muster::i18n::Lang;
use muster::rules::RulesData;
use muster::rules::campaign::Campaign;
use muster::rules::campaign::enemy;
use muster::rules::core::names::name_in;
use muster::rules::killteam::activation::third_action_cost;
use muster::store::journaled::entry_key;

/// The pause between two edits of one machine in the live scenario.
const LIVE_SPACING: Duration = Duration::from_millis(2000);
/// How long a live Muster waits, at most, for the other machine's edits
/// once it made its own.
pub(crate) const LIVE_WAIT: Duration = Duration::from_secs(90);
/// How many edits each side makes in the live scenario.
const LIVE_EDITS: usize = 6;

/// The two sides of a table played on two machines at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// The game master, who plays the enemy.
    GameMaster,
    /// The player whose kill team is at the table.
    Player,
}

impl Side {
    fn parse(word: &str) -> Result<Self, String> {
        match word {
            "gm" => Ok(Self::GameMaster),
            "player" => Ok(Self::Player),
            other => Err(format!("live: {other:?}: gm or player")),
        }
    }
}

/// One edit at the table as the window makes it: what it stands for, and
/// the clicks it takes (a menu, then its entry; a button; a wound box),
/// each by its role and accessible name.
pub(crate) struct Step {
    pub(crate) what: String,
    pub(crate) clicks: Vec<(Role, String)>,
}

/// What `side` does at the table of `table DIR --enemy`: the game master
/// marks three enemies activated, ticking a wound on each (what the
/// player's shots did); the player moves and shoots with Trooper Dace,
/// buys him a third action with the team's command points and moves
/// again, then moves and shoots with Trooper Rusk. No edit of one side
/// stands in the way of the other's, in whatever order they meet.
pub(crate) fn live_plan(side: Side, c: &Campaign, r: &RulesData) -> Result<Vec<Step>, String> {
    let steps: Vec<Step> = match side {
        Side::GameMaster => {
            let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
            (0..enemies.min(LIVE_EDITS / 2))
                .flat_map(|i| {
                    let names = enemy::names(c, i);
                    let name = name_in(&names, "en", "").to_owned();
                    let max = enemy::wounds(c, i, r);
                    [
                        Step {
                            what: format!("marks {name} activated"),
                            clicks: vec![(
                                Role::Button,
                                format!("Mark {name} activated this turn"),
                            )],
                        },
                        Step {
                            what: format!("ticks a wound of {name}"),
                            clicks: vec![(Role::CheckBox, format!("Wound 1 of {max}: {name}"))],
                        },
                    ]
                })
                .collect()
        }
        Side::Player => {
            let cost = third_action_cost(&r.killteam);
            let act = |name: &str, entry: &str| Step {
                what: format!("{name}: {entry}"),
                clicks: vec![
                    (Role::Button, format!("Act: {name}")),
                    (Role::Button, format!("{entry}: {name}")),
                ],
            };
            vec![
                act("Trooper Dace", "Move"),
                act(
                    "Trooper Dace",
                    "Shoot with the table's own dice (Attack… rolls it in Muster)",
                ),
                act("Trooper Dace", &format!("Third action ({cost} CP)")),
                act("Trooper Dace", "Move"),
                act("Trooper Rusk", "Move"),
                act(
                    "Trooper Rusk",
                    "Shoot with the table's own dice (Attack… rolls it in Muster)",
                ),
            ]
        }
    };
    if steps.len() == LIVE_EDITS {
        Ok(steps)
    } else {
        Err(format!(
            "live: {} edits for {side:?}, not {LIVE_EDITS} (too few enemies drawn?)",
            steps.len()
        ))
    }
}

/// The window of the app on the campaign's table, as `window` makes it,
/// allowed the frames that other machines' events take to settle.
pub(crate) fn live_window(app: App) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1400.0, 4000.0))
        .with_max_steps(64)
        .build_ui_state(
            |ui, gui: &mut muster::ui::Gui| gui.frame_ui(ui),
            muster::ui::Gui::new(app),
        );
    h.run_ok();
    h.state_mut()
        .app
        .apply(Command::Show(muster::app::Screen::Campaign(ID.to_owned())));
    h.run_ok();
    h
}

/// Whether the window shows one widget of this role and accessible name,
/// not greyed.
fn clickable(h: &Harness, role: Role, label: &str) -> bool {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let found: Vec<_> = h.query_all_by_role_and_label(role, label).collect();
    matches!(found.as_slice(), [node] if !node.accesskit_node().is_disabled())
}

/// Clicks the one widget of this role and accessible name, and lets the
/// window settle.
pub(crate) fn press(
    h: &mut egui_kittest::Harness<'static, muster::ui::Gui>,
    role: Role,
    label: &str,
) -> Result<(), String> {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let found: Vec<_> = h.query_all_by_role_and_label(role, label).collect();
    let [node] = found.as_slice() else {
        return Err(format!("{} widgets \"{label}\", not one", found.len()));
    };
    if node.accesskit_node().is_disabled() {
        return Err(format!("\"{label}\" is greyed"));
    }
    node.click();
    h.run_ok();
    Ok(())
}

/// The window's frames for `how_long`, as the event loop runs them: each
/// takes in what the watcher saw arrive.
pub(crate) fn frames_for(
    h: &mut egui_kittest::Harness<'static, muster::ui::Gui>,
    how_long: Duration,
) {
    let until = Instant::now() + how_long;
    while Instant::now() < until {
        h.step();
        std::thread::sleep(Duration::from_millis(15));
    }
}

/// Runs the window's frames until `seen` ([`LIVE_WAIT`] at most); whether
/// it was.
pub(crate) fn frames_until(h: &mut Harness, seen: impl Fn(&Harness) -> bool) -> bool {
    let until = Instant::now() + LIVE_WAIT;
    while !seen(h) {
        if Instant::now() > until {
            return false;
        }
        frames_for(h, Duration::from_millis(50));
    }
    true
}

/// The keys of the campaign's events made on `machine`.
fn keys_made_on(c: &Campaign, machine: &str) -> Vec<String> {
    c.journal
        .iter()
        .filter(|e| e.stamp.as_ref().and_then(|s| s.by.as_deref()) == Some(machine))
        .map(|e| entry_key(e))
        .collect()
}

/// How many of `machine`'s events the log said arrived ("Anne's desktop:
/// 2 new events"), and in how many lines.
pub(crate) fn arrivals_told(app: &App, machine: &str) -> (usize, usize) {
    let prefix = format!("{machine}: ");
    app.model
        .feedback
        .messages
        .iter()
        .filter_map(|m| {
            let line = Lang::En.msg(&m.text);
            let rest = line.strip_prefix(&prefix)?;
            let (n, words) = rest.split_once(' ')?;
            words
                .starts_with("new event")
                .then(|| n.parse::<usize>().ok())?
        })
        .fold((0, 0), |(events, lines), n| (events + n, lines + 1))
}

/// One side of the table played on two machines at once: its edits made
/// in the window and saved, spaced out, the frames running all along;
/// then the frames run until the other machine's edits are all in.
pub(crate) fn live(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    let [side, other] = args else {
        return Err("live: gm|player OTHER".into());
    };
    let side = Side::parse(side)?;
    let r = rules();
    let mut h = live_window(open(dir, machine)?);
    let start = campaign(&h.state().app)?;
    let mine = live_plan(side, &start, &r)?;
    let mut made: Vec<String> = Vec::new();
    let mut while_playing = 0;
    for (k, step) in mine.iter().enumerate() {
        if k > 0 {
            frames_for(&mut h, LIVE_SPACING);
        }
        make(&mut h, (dir, machine), step, &mut made)?;
        while_playing = made_on(&campaign(&h.state().app)?, other);
        println!(
            "{machine}: {} (saved; {while_playing} of {other}'s edits in)",
            step.what
        );
    }
    take_in_all(&mut h, machine, (other, LIVE_EDITS))?;
    let app = &h.state().app;
    let c = campaign(app)?;
    let standing: std::collections::HashSet<String> =
        c.journal.iter().map(|e| entry_key(e)).collect();
    if let Some(lost) = made.iter().find(|k| !standing.contains(*k)) {
        return Err(format!(
            "{machine}: its own event {lost} is no longer in the campaign"
        ));
    }
    if while_playing == 0 {
        return Err(format!(
            "{machine}: none of {other}'s edits came in while it played"
        ));
    }
    let (said, lines) = arrivals_told(app, other);
    if said != LIVE_EDITS {
        return Err(format!(
            "{machine}: the log told {said} new events of {other}, not {LIVE_EDITS}"
        ));
    }
    Ok(format!(
        "{machine}: its {} edits saved and kept; {other}'s {LIVE_EDITS} came in live \
         ({while_playing} while it played, {lines} lines in the log)",
        made.len()
    ))
}

/// One edit made in the window and saved: the campaign then holds one
/// more event of this machine (`made`, their keys, every earlier one still
/// there), and this machine's journal, the file the sync tool carries,
/// holds them all.
pub(crate) fn make(
    h: &mut egui_kittest::Harness<'static, muster::ui::Gui>,
    (dir, machine): (&Path, &str),
    step: &Step,
    made: &mut Vec<String>,
) -> Result<(), String> {
    let clicks = |h: &mut egui_kittest::Harness<'static, muster::ui::Gui>| {
        step.clicks
            .iter()
            .try_for_each(|(role, label)| press(h, *role, label))
    };
    if let Err(first) = clicks(h) {
        // The other machine's edit came in between finding a widget and
        // clicking it, and the click missed (no event is made before the
        // last click); or the rules wait for the other machine's events
        // (an enemy activates once the player's soldier has: KT-8), which
        // a loaded machine brings late. Close what opened, let the first
        // widget be there and not greyed ([`LIVE_WAIT`] at most), and
        // click again, once.
        h.key_press(egui::Key::Escape);
        h.run_ok();
        if let Some((role, label)) = step.clicks.first() {
            frames_until(h, |h| clickable(h, *role, label));
        }
        clicks(h).map_err(|e| format!("{machine}: {}: {e} (the first try: {first})", step.what))?;
    }
    h.state_mut().app.flush_saves();
    let app = &h.state().app;
    let now = keys_made_on(&campaign(app)?, machine);
    if now.len() != made.len() + 1 || made.iter().any(|k| !now.contains(k)) {
        let said: Vec<String> = app
            .model
            .feedback
            .messages
            .iter()
            .map(|m| Lang::En.msg(&m.text))
            .collect();
        return Err(format!(
            "{machine}: {} made {} events of its own here, not {}: {}",
            step.what,
            now.len(),
            made.len() + 1,
            said.join("; ")
        ));
    }
    *made = now;
    let journal = campaign_file(dir).join(format!("{}.jsonl", machine_id(dir).as_str()));
    let text = std::fs::read_to_string(&journal).unwrap_or_default();
    if made.iter().any(|k| !text.contains(&format!("\"{k}\""))) {
        return Err(format!(
            "{machine}: {} is not in {}",
            step.what,
            journal.display()
        ));
    }
    Ok(())
}

/// Runs the window's frames until the campaign holds the other machine's
/// edits, all `n` of them, as the sync tool brings them ([`LIVE_WAIT`] at
/// most), with nothing held aside.
pub(crate) fn take_in_all(
    h: &mut egui_kittest::Harness<'static, muster::ui::Gui>,
    machine: &str,
    (other, n): (&str, usize),
) -> Result<(), String> {
    let until = Instant::now() + LIVE_WAIT;
    loop {
        let app = &h.state().app;
        let c = campaign(app)?;
        let (arrived, aside) = (made_on(&c, other), held_aside(app));
        if !aside.is_empty() {
            let all: Vec<String> = aside.iter().map(|a| told_aside(&c, a)).collect();
            return Err(format!("{machine}: events held aside: {all:?}"));
        }
        if arrived > n {
            return Err(format!(
                "{machine}: {arrived} edits of {other}, more than its {n}"
            ));
        }
        if arrived == n {
            return Ok(());
        }
        if Instant::now() > until {
            return Err(format!(
                "{machine}: after {} s, {arrived} of {other}'s {n} edits came in",
                LIVE_WAIT.as_secs()
            ));
        }
        frames_for(h, Duration::from_millis(50));
    }
}

/// Two installations of Muster on one documents folder, as a NAS or a
/// network share gives (`$MUSTER_DATA_DIR` naming it for both), each with
/// its own configuration folder (its preferences, its machine id) and its
/// own lock: they play one table at once, each writes only its own
/// journal, and each takes in every event of the other as it comes.
pub(crate) fn two_installations_on_one_folder_play_live_each_event_arriving() {
    let shared = tempfile::tempdir().expect("the shared folder");
    let shared = shared.path();
    let homes = [
        tempfile::tempdir().expect("the game master's installation"),
        tempfile::tempdir().expect("Anne's installation"),
    ];
    let installation = |home: &Path, action: &str, more: &[&str]| {
        let mut cmd = Proc::new(std::env::current_exe().expect("this program"));
        cmd.arg("--play").arg(action).arg(shared).args(more);
        cmd.env(muster::store::DATA_DIR_ENV, shared)
            .env(muster::store::CONFIG_DIR_ENV, home.join("config"))
            .env("MUSTER_LOCK_DIR", home.join("locks"));
        cmd.spawn().expect("a Muster process")
    };
    let (gm, anne) = ("Game master's laptop", "Anne's laptop");
    done(
        installation(homes[0].path(), "table", &["--enemy"]),
        "the table",
    );
    let player = installation(homes[1].path(), "live", &[anne, "player", gm]);
    let master = installation(homes[0].path(), "live", &[gm, "gm", anne]);
    done(
        master,
        "the game master plays and sees Anne's actions come in",
    );
    done(
        player,
        "Anne plays and sees the game master's edits come in",
    );
    // Two journals, one per installation, and nothing else beside the start.
    let mut files: Vec<String> = std::fs::read_dir(campaign_file(shared))
        .expect("the campaign's folder")
        .map(|e| {
            e.expect("a file")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    let journals = files.iter().filter(|f| f.ends_with(".jsonl")).count();
    assert_eq!(journals, 2, "one journal per installation: {files:?}");
    assert_eq!(files.len(), 3, "the start and two journals: {files:?}");
    for home in &homes {
        let config = home.path().join("config");
        assert!(
            config.join("machine-id").is_file(),
            "each installation keeps its id in its own folder"
        );
    }
    assert!(
        !shared.join("prefs").join("machine-id").exists(),
        "no id in the shared folder"
    );
    passes_check(shared);
}
