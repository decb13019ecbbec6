//! One campaign on two machines, as separate processes.
//!
//! `cargo test` runs the scenario: two Musters, each a process of its own on
//! its own data folder (its own lock, its own machine id), play the same
//! campaign "offline": Camille, the game master, draws the next mission
//! while Bruno spends his escort's reinforcement points. Each writes only
//! its own journal in the campaign's folder; the journals are then
//! exchanged as a sync tool does (never a conflict copy: no file has two
//! writers), and both folders hold the same campaign, every event of both
//! sides in it, with nothing to merge, and `muster check` passes.
//!
//! `machines --play ACTION …` is one Muster doing one thing, used by the
//! scenarios and by `scripts/syncthing-e2e`, which plays through two real
//! Syncthing daemons a table on both machines at once, then the same
//! mission offline with one Cran test rolled on both:
//! - `seed DIR [NAME]`: a campaign after its first mission, in the
//!   debrief; with NAME, he was taken out of action and owes his Cran test;
//! - `draw DIR MACHINE`: the game master draws the next mission;
//! - `recruit DIR MACHINE`: a player recruits a trooper and buys a lasgun
//!   with the escort's reinforcement points;
//! - `cran DIR MACHINE NAME FACE`: NAME's Cran test, the die typed in as
//!   it fell at the table;
//! - `held DIR MACHINE N clash|choice [BY]`: the window shows N events
//!   held aside (each made on BY), each on its card beside the event kept
//!   in its place, held because two machines clashed or because the
//!   players chose the other;
//! - `keep DIR MACHINE`: the players keep the one event held aside instead,
//!   with its card's button; the other is then held aside by their choice;
//! - `merge DIR MACHINE`: Muster merges every version the sync tool left,
//!   if any (exit 1 if an event had to be set aside);
//! - `same DIR DIR [FACT…]`: both folders hold one campaign, no version
//!   left to merge, the same journal and the same events held aside, and
//!   each FACT: `drawn` (the next mission drawn), `spent` (the recruit and
//!   the lasgun bought), `MACHINE=N` (N events made on MACHINE), `state`
//!   (the whole campaign each machine replayed is the same), `PLACE=VALUE`
//!   (the campaign's recorded rules hold VALUE at PLACE, as
//!   `killteam.json/turn/prone_must_stand=false`);
//! - `rules DIR PLACE=VALUE…`: the data folder's own rules files, each
//!   value (JSON) set as the library's House rules screen sets it, in the
//!   folder's `rules/` copy of the built-in file: what a campaign begun
//!   there records;
//! - `table DIR [--enemy] [--folder-rules]`: a kill team's campaign at the
//!   table of its first mission; with `--enemy`, the enemy's escort drawn
//!   before it began; with `--folder-rules`, begun as the window begins
//!   one, under the folder's rules files, recorded as its first event;
//! - `live DIR MACHINE gm|player OTHER`: one side of a table played on two
//!   machines at once (from `table DIR --enemy`): the game master marks
//!   the enemies activated and ticks their wounds, the player's soldiers
//!   act from their cards; each edit made in the window and saved, a pause
//!   between two, the window's frames running all along. It ends once the
//!   campaign it holds has OTHER's edits, taken in as they arrived, some
//!   while it played, its own all still there and nothing held aside;
//! - `act DIR MACHINE NAME ACTION…`: NAME's actions taken from his card's
//!   "Act…" menu in the window; once saved, the process waits to be killed
//!   when `--hang` ends the list;
//! - `turn DIR NAME LINE LEFT`: the window shows NAME's card with "This
//!   turn: LINE" and LEFT actions left; with none left, "Move" greyed;
//! - `house-player DIR MACHINE OTHER NAME N`: the player's side of a table
//!   played live (from `table DIR --enemy --folder-rules`) on a folder
//!   whose own rules files say otherwise: NAME's card shows the N actions
//!   of the campaign's rules, not the folder's; NAME moves from his card;
//!   then, in the campaign's House rules tab, the player finds
//!   `prone_must_stand` and picks "Move while prone". Each edit made in
//!   the window and saved, the frames running all along; it ends once
//!   OTHER's edits came in, its own still there and nothing held aside;
//! - `house-gm DIR MACHINE OTHER`: the game master's side of that table:
//!   she marks an enemy activated and ticks his wound from the window,
//!   then keeps the House rules tab open until OTHER's change shows in it
//!   ("Move while prone" picked), and her journal tab shows that change
//!   made on OTHER;
//! - `soak …` and `soak-verdict …`: the three-machine soak's players and
//!   its verdict (`soak/play.rs`, run by `scripts/soak`).
//!
//! A second scenario kills a Muster in the middle of a turn at the table
//! (after two actions of one soldier and one of another) and opens the
//! folder again: the same pips, the same "This turn", the same refusals.
//! A third has two machines each play one soldier's action offline, then
//! exchange their journals: both actions are at the table, and `muster
//! check` passes.
//!
//! A fourth has two machines whose data folders hold different rules files
//! (Camille's gives a Guardsman 3 actions, Bruno's 1) play one campaign
//! live, begun on Camille's under hers, while the test carries each
//! journal to the other folder as a sync tool does: Bruno's window shows
//! his soldiers with the campaign's 3 actions; the house rule he changes
//! shows in Camille's House rules tab, and her journal says it was made
//! on his laptop; both folders then hold the same campaign, under the
//! same rules, and `muster check` passes both.

use std::path::{Path, PathBuf};
use std::process::{Command as Proc, ExitCode};

#[path = "machines/at_the_table.rs"]
mod at_the_table;
#[path = "machines/house_rules.rs"]
mod house_rules;
#[path = "machines/live_table.rs"]
mod live_table;
#[path = "machines/offline.rs"]
mod offline;
#[path = "machines/one_campaign.rs"]
mod one_campaign;
#[path = "soak/play.rs"]
mod soak;

use muster::app::{App, Command, Prefs, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::campaign::journals::SetAside;
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId, Entry};
use muster::rules::core::dice::seeded;
use muster::rules::{Doc, DocKey, Edit, RulesData};
use muster::store::journaled::entry_key;
use muster::store::machine::MachineId;

use at_the_table::{
    act, kt_9_a_muster_killed_mid_turn_opens_on_the_same_turn_at_the_table,
    kt_9_two_machines_act_at_one_table_offline_and_the_merge_keeps_both, table, turn,
};
use house_rules::{
    folder_rules, house_gm, house_player,
    two_folders_with_their_own_rules_play_one_campaign_live_under_its_rules,
};
use live_table::{live, two_installations_on_one_folder_play_live_each_event_arriving};
use offline::{
    cran, draw, held, keep, merge_versions, recruit, seed,
    two_processes_play_one_mission_offline_and_merge_to_one_campaign,
};
use one_campaign::same;

/// The campaign's id, and so its file name.
const ID: &str = "shared";
/// What the recruit and the lasgun cost are looked up in the rules; the
/// lasgun is bought for this many points.
const LASGUN_POINTS: u32 = 2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--play") {
        return match play(&args[1..]) {
            Ok(line) => {
                println!("{line}");
                ExitCode::SUCCESS
            }
            Err(why) => {
                eprintln!("machines: {why}");
                ExitCode::from(1)
            }
        };
    }
    // `cargo test FILTER`: the scenario runs when the filter names it.
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let scenarios: [(&str, fn()); 5] = [
        (
            "two_processes_play_one_mission_offline_and_merge_to_one_campaign",
            two_processes_play_one_mission_offline_and_merge_to_one_campaign,
        ),
        (
            "two_installations_on_one_folder_play_live_each_event_arriving",
            two_installations_on_one_folder_play_live_each_event_arriving,
        ),
        (
            "kt_9_a_muster_killed_mid_turn_opens_on_the_same_turn_at_the_table",
            kt_9_a_muster_killed_mid_turn_opens_on_the_same_turn_at_the_table,
        ),
        (
            "kt_9_two_machines_act_at_one_table_offline_and_the_merge_keeps_both",
            kt_9_two_machines_act_at_one_table_offline_and_the_merge_keeps_both,
        ),
        (
            "two_folders_with_their_own_rules_play_one_campaign_live_under_its_rules",
            two_folders_with_their_own_rules_play_one_campaign_live_under_its_rules,
        ),
    ];
    if args.iter().any(|a| a == "--list") {
        for (name, _) in scenarios {
            println!("{name}: test");
        }
        return ExitCode::SUCCESS;
    }
    for (name, run) in scenarios {
        if filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())) {
            run();
            println!("test {name} ... ok");
        }
    }
    ExitCode::SUCCESS
}

/// One Muster doing one thing; the line it prints on success.
fn play(args: &[String]) -> Result<String, String> {
    let arg = |i: usize| {
        args.get(i)
            .map(PathBuf::from)
            .ok_or_else(|| format!("{}: missing argument {i}", args.join(" ")))
    };
    let machine = || args.get(2).cloned().unwrap_or_default();
    let rest = |from: usize| args.get(from..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("seed") => seed(&arg(1)?, args.get(2).map(String::as_str)),
        Some("draw") => draw(&arg(1)?, &machine()),
        Some("recruit") => recruit(&arg(1)?, &machine()),
        Some("cran") => cran(&arg(1)?, &machine(), rest(3)),
        Some("held") => held(&arg(1)?, &machine(), rest(3)),
        Some("keep") => keep(&arg(1)?, &machine()),
        Some("merge") => merge_versions(&arg(1)?, &machine()),
        Some("same") => same(&arg(1)?, &arg(2)?, rest(3)),
        Some("rules") => folder_rules(&arg(1)?, rest(2)),
        Some("table") => table(&arg(1)?, rest(2)),
        Some("house-player") => house_player(&arg(1)?, &machine(), rest(3)),
        Some("house-gm") => house_gm(&arg(1)?, &machine(), rest(3)),
        Some("live") => live(&arg(1)?, &machine(), rest(3)),
        Some("act") => act(&arg(1)?, &machine(), rest(3)),
        Some("turn") => turn(&arg(1)?, rest(2)),
        Some("soak") => soak::soak(&arg(1)?, &machine(), rest(3)),
        Some("soak-verdict") => soak::verdict(&arg(1)?, rest(2)),
        other => Err(format!("unknown action {other:?}")),
    }
}

fn rules() -> RulesData {
    RulesData::built_in().expect("the built-in rules")
}

fn key() -> DocKey {
    DocKey::new(muster::rules::DocKind::Campaign, ID)
}

/// The campaign's folder of journals in a data folder.
fn campaign_file(dir: &Path) -> PathBuf {
    dir.join("campaigns").join(ID)
}

/// The machine a data folder stands for: its id kept in the folder's
/// `prefs/`, which a group leaves out of the sync. A Muster started on a
/// folder named by `$MUSTER_DATA_DIR` (two installations sharing one
/// folder) is its installation, its id kept where the installation keeps
/// it (`$MUSTER_CONFIG_DIR`), never in the shared folder.
fn machine_id(dir: &Path) -> MachineId {
    if std::env::var_os(muster::store::DATA_DIR_ENV).is_some() {
        return muster::store::machine::this_installation();
    }
    muster::store::machine::of_installation(&dir.join("prefs"))
}

/// What a sync tool does to the campaign: every file of `from`'s campaign
/// folder that `to` lacks or holds otherwise (each journal has one writer,
/// so this never meets a change of `to`'s own). Each is written whole
/// beside the folders, then moved in at once, as a sync tool does: a
/// Muster watching `to` never reads half a copy.
fn sync(from: &Path, to: &Path) {
    use std::io::Write as _;
    let (src, dst) = (campaign_file(from), campaign_file(to));
    std::fs::create_dir_all(&dst).expect("the campaign's folder");
    let own = format!("{}.jsonl", machine_id(to).as_str());
    for entry in std::fs::read_dir(&src).expect("the campaign's files") {
        let path = entry.expect("a file").path();
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            // Gone since listed (a save's temporary file): nothing to carry.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => panic!("{}: {e}", path.display()),
        };
        let there = dst.join(&name);
        if name == own || std::fs::read(&there).is_ok_and(|b| b == bytes) {
            continue;
        }
        let mut copy = tempfile::NamedTempFile::new().expect("a file beside the folders");
        copy.write_all(&bytes).expect("copied");
        copy.persist(&there).expect("synced");
    }
}

/// The whole of a campaign's folder, to tell whether it changed.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(campaign_file(dir))
        .expect("the campaign's files")
        .map(|e| {
            let path = e.expect("a file").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read(&path).expect("readable"))
        })
        .collect();
    out.sort();
    out
}

/// Muster opened on `dir` as `machine`, as the window opens it.
fn open(dir: &Path, machine: &str) -> Result<App, String> {
    let prefs = Prefs {
        machine: machine.to_owned(),
        ..Prefs::default()
    };
    let seed = u64::from(machine.bytes().map(u32::from).sum::<u32>());
    let desktop = ScriptedDesktop {
        machine: Some(machine_id(dir)),
        ..ScriptedDesktop::default()
    };
    let app = App::new(Some(dir), &prefs, Box::new(desktop), seed)
        .map_err(|e| format!("{machine}: Muster did not open: {e:?}"))?;
    if app.model.folder.read_only {
        return Err(format!(
            "{machine}: the data folder is held by another Muster"
        ));
    }
    Ok(app)
}

fn campaign(app: &App) -> Result<Campaign, String> {
    app.model
        .library
        .docs
        .iter()
        .find_map(Doc::get::<Campaign>)
        .cloned()
        .ok_or_else(|| "no campaign in the library".to_owned())
}

/// Applies one campaign edit as the window does, and says whether it went
/// into the journal (the refusal, if not).
fn edit(app: &mut App, e: E) -> Result<(), String> {
    let before = campaign(app)?.journal.len();
    app.apply(Command::Edit(key(), Edit::Campaign(e.clone())));
    app.flush_saves();
    if campaign(app)?.journal.len() == before + 1 {
        Ok(())
    } else {
        let said: Vec<String> = app
            .model
            .feedback
            .messages
            .iter()
            .map(|m| format!("{:?}", m.text))
            .collect();
        Err(format!("{e:?} was refused: {}", said.join("; ")))
    }
}

/// The id of the campaign's character `name`.
fn char_id(c: &Campaign, name: &str) -> Result<CharId, String> {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .map(|x| x.id)
        .ok_or_else(|| format!("no {name} in the campaign"))
}

/// The events the app holds aside in the campaign.
fn held_aside(app: &App) -> Vec<SetAside> {
    app.model
        .library
        .held
        .get(&key())
        .cloned()
        .unwrap_or_default()
}

/// An event in words, and where it was made: "Orsk: Cran test (D10: 9)
/// on Bruno's desktop".
fn told(c: &Campaign, e: &Entry) -> String {
    let by = e
        .stamp
        .as_ref()
        .and_then(|s| s.by.as_deref())
        .unwrap_or("?");
    format!("{} on {by}", Lang::En.msg(&e.event.words(c)))
}

/// One event held aside, beside the one kept in its place, and why.
fn told_aside(c: &Campaign, a: &SetAside) -> String {
    let rival = a
        .rival
        .as_ref()
        .map_or("nothing".to_owned(), |r| told(c, r));
    format!(
        "{} held aside ({}), {rival} kept",
        told(c, &a.entry),
        Lang::En.problem_line(&a.why)
    )
}

/// How many events of `c` were made on `machine`.
fn made_on(c: &Campaign, machine: &str) -> usize {
    c.journal
        .iter()
        .filter(|e| e.stamp.as_ref().and_then(|s| s.by.as_deref()) == Some(machine))
        .count()
}

/// Runs this program as another process: one Muster doing one thing.
fn machine(
    locks: &Path,
    args: &[&Path],
    action: &str,
    machine: Option<&str>,
) -> std::process::Child {
    machine_with(locks, args, action, machine.as_slice())
}

fn done(mut child: std::process::Child, what: &str) {
    let status = child.wait().expect("the process ends");
    assert!(status.success(), "{what}: {status}");
}

/// The window of the app, on the campaign's table, tall enough to show
/// every card.
fn window(app: App) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1400.0, 4000.0))
        .with_max_steps(16)
        .build_ui_state(
            |ui, gui: &mut muster::ui::Gui| gui.frame_ui(ui),
            muster::ui::Gui::new(app),
        );
    h.run();
    h.state_mut()
        .app
        .apply(Command::Show(muster::app::Screen::Campaign(ID.to_owned())));
    h.run();
    h
}

/// Clicks the button of this accessible name, if there is one.
fn click(
    h: &mut egui_kittest::Harness<'static, muster::ui::Gui>,
    label: &str,
) -> Result<(), String> {
    use egui_kittest::kittest::Queryable as _;
    let node = h
        .query_by_role_and_label(egui::accesskit::Role::Button, label)
        .ok_or_else(|| format!("no button \"{label}\""))?;
    node.click();
    h.run();
    Ok(())
}

/// Runs this program as another process with more arguments after the
/// folders (the machine's name first, when it takes one).
fn machine_with(locks: &Path, dirs: &[&Path], action: &str, more: &[&str]) -> std::process::Child {
    let mut cmd = Proc::new(std::env::current_exe().expect("this program"));
    cmd.arg("--play").arg(action).args(dirs).args(more);
    // The locks in the scenario's own folder, not the machine's cache.
    cmd.env("MUSTER_LOCK_DIR", locks);
    cmd.spawn().expect("a Muster process")
}

/// The window of a Muster at the table, as `live_window` makes it.
type Harness = egui_kittest::Harness<'static, muster::ui::Gui>;
