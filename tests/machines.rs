//! One campaign on two machines, as separate processes (issue 24).
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
//! scenario and by `scripts/syncthing-e2e`, which plays the same mission
//! through two real Syncthing daemons:
//! - `seed DIR`: a campaign after its first mission, in the debrief;
//! - `draw DIR MACHINE`: the game master draws the next mission;
//! - `recruit DIR MACHINE`: a player recruits a trooper and buys a lasgun
//!   with the escort's reinforcement points;
//! - `merge DIR MACHINE`: Muster merges every version the sync tool left,
//!   if any (exit 1 if an event had to be set aside);
//! - `same DIR DIR`: both folders hold one campaign, no version left to
//!   merge, the same journal with both players' events;
//! - `table DIR`: a kill team's campaign at the table of its first mission;
//! - `act DIR MACHINE NAME ACTION…`: NAME's actions taken from his card's
//!   "Act…" menu in the window; once saved, the process waits to be killed
//!   when `--hang` ends the list;
//! - `turn DIR NAME LINE LEFT`: the window shows NAME's card with "This
//!   turn: LINE" and LEFT actions left; with none left, "Move" greyed.
//!
//! A second scenario kills a Muster in the middle of a turn at the table
//! (after two actions of one soldier and one of another) and opens the
//! folder again: the same pips, the same "This turn", the same refusals.
//! A third has two machines each play one soldier's action offline, then
//! exchange their journals: both actions are at the table, and `muster
//! check` passes.

use std::path::{Path, PathBuf};
use std::process::{Command as Proc, ExitCode};

use muster::app::merging::{MergeAct, MergePreview};
use muster::app::{App, Command, Prefs, ScriptedDesktop};
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, Member, MissionChoice, MissionResult, NewEscort, Phase,
};
use muster::rules::core::dice::seeded;
use muster::rules::{Character, Doc, DocKey, DocKind, Edit, RulesData};
use muster::store::Store;
use muster::store::machine::MachineId;

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
    let scenarios: [(&str, fn()); 3] = [
        (
            "two_processes_play_one_mission_offline_and_merge_to_one_campaign",
            two_processes_play_one_mission_offline_and_merge_to_one_campaign,
        ),
        (
            "kt_9_a_muster_killed_mid_turn_opens_on_the_same_turn_at_the_table",
            kt_9_a_muster_killed_mid_turn_opens_on_the_same_turn_at_the_table,
        ),
        (
            "kt_9_two_machines_act_at_one_table_offline_and_the_merge_keeps_both",
            kt_9_two_machines_act_at_one_table_offline_and_the_merge_keeps_both,
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
    match args.first().map(String::as_str) {
        Some("seed") => seed(&arg(1)?),
        Some("draw") => draw(&arg(1)?, &machine()),
        Some("recruit") => recruit(&arg(1)?, &machine()),
        Some("merge") => merge_versions(&arg(1)?, &machine()),
        Some("same") => same(&arg(1)?, &arg(2)?),
        Some("table") => table(&arg(1)?),
        Some("act") => act(&arg(1)?, &machine(), &args[3..]),
        Some("turn") => turn(&arg(1)?, &args[2..]),
        other => Err(format!("unknown action {other:?}")),
    }
}

fn rules() -> RulesData {
    RulesData::built_in().expect("the built-in rules")
}

fn key() -> DocKey {
    DocKey::new("campaign", ID)
}

/// The campaign's folder of journals in a data folder.
fn campaign_file(dir: &Path) -> PathBuf {
    dir.join("campaigns").join(ID)
}

/// The machine a data folder stands for: its id kept in the folder's
/// `prefs/`, which a group leaves out of the sync.
fn machine_id(dir: &Path) -> MachineId {
    MachineId::of_installation(&dir.join("prefs"))
}

/// What a sync tool does to the campaign: every file of `from`'s campaign
/// folder that `to` lacks or holds older (each journal has one writer, so
/// this never meets a change of `to`'s own).
fn sync(from: &Path, to: &Path) {
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
        if name != own {
            std::fs::copy(&path, dst.join(&name)).expect("synced");
        }
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

/// A campaign of one escort after its first mission, won: in the debrief,
/// with reinforcement points to spend.
fn seed(dir: &Path) -> Result<String, String> {
    let r = rules();
    let ok = |c: Campaign, e: E| -> Result<Campaign, String> {
        c.apply(e.clone(), &r, &mut seeded(7))
            .map(|(c, _)| c)
            .map_err(|p| format!("seed: {e:?} refused: {p:?}"))
    };
    let mut c = Campaign::new(ID, "Shared by the group", &r.campaign);
    let mut settings = c.settings.clone();
    settings.nemesis = "renegade_marines".into();
    settings.secondary = vec!["cultists".into(), "mutants".into()];
    c = ok(c, E::SetSettings { settings })?;
    let members = ["Vael", "Brask", "Orsk"]
        .iter()
        .map(|n| Member::Character(Character::new(0, *n, "human")))
        .collect();
    c = ok(
        c,
        E::AddEscort {
            escort: NewEscort {
                player: "Bruno".into(),
                source: "Band".into(),
                kind: "roster".into(),
                members,
                doc: None,
            },
        },
    )?;
    c = ok(
        c,
        E::Start {
            rates: None,
            choice: MissionChoice::default(),
        },
    )?;
    c = ok(c, E::BeginMission)?;
    c = ok(
        c,
        E::EndMission {
            result: MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        },
    )?;
    if c.phase != Phase::Debrief {
        return Err(format!("seed: the campaign is in {:?}", c.phase));
    }
    let store = Store::open(dir)
        .map_err(|e| format!("seed: {e:?}"))?
        .with_machine(machine_id(dir));
    store
        .save(&Doc::new(c.clone()))
        .map_err(|e| format!("seed: {e:?}"))?;
    Ok(format!("seeded {} events", c.journal.len()))
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
    if app.model.read_only {
        return Err(format!(
            "{machine}: the data folder is held by another Muster"
        ));
    }
    Ok(app)
}

fn campaign(app: &App) -> Result<Campaign, String> {
    app.model
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
            .messages
            .iter()
            .map(|m| format!("{:?}", m.text))
            .collect();
        Err(format!("{e:?} was refused: {}", said.join("; ")))
    }
}

fn draw(dir: &Path, machine: &str) -> Result<String, String> {
    let mut app = open(dir, machine)?;
    edit(
        &mut app,
        E::NextMission {
            choice: MissionChoice::default(),
        },
    )?;
    let c = campaign(&app)?;
    let drawn = c.mission.as_ref().map_or("none", |m| m.mission.as_str());
    Ok(format!("{machine}: drew the next mission ({drawn})"))
}

fn recruit(dir: &Path, machine: &str) -> Result<String, String> {
    let mut app = open(dir, machine)?;
    let r = rules();
    let member = Member::Character(Character::new(0, "Sorel", "human"));
    let cost = campaign(&app)?
        .recruit_cost(&member, &r)
        .map_err(|p| format!("{p:?}"))?;
    edit(
        &mut app,
        E::Recruit {
            escort: 1,
            member,
            cost,
            from: None,
        },
    )?;
    edit(
        &mut app,
        E::Spend {
            escort: 1,
            points: LASGUN_POINTS,
            what: "Lasgun".into(),
            bought: None,
        },
    )?;
    Ok(format!(
        "{machine}: recruited Sorel for {cost} and bought a lasgun for {LASGUN_POINTS}"
    ))
}

/// Merges every version of the campaign the sync tool left in `dir`.
fn merge_versions(dir: &Path, machine: &str) -> Result<String, String> {
    let mut app = open(dir, machine)?;
    let paths: Vec<PathBuf> = app.model.versions.iter().map(|v| v.path.clone()).collect();
    for path in &paths {
        app.apply(Command::Merge(MergeAct::Preview(
            key(),
            path.clone(),
            Default::default(),
        )));
        let view = app.model.merge.as_ref().ok_or("no merge shown")?;
        match &view.result {
            Ok(MergePreview::Campaign(m)) if m.conflicts.is_empty() => {}
            other => return Err(format!("{machine}: {}: {other:?}", path.display())),
        }
        app.apply(Command::Merge(MergeAct::Apply));
        app.flush_saves();
        if path.exists() {
            return Err(format!("{}: still there after the merge", path.display()));
        }
    }
    let c = campaign(&app)?;
    Ok(format!(
        "{machine}: merged {} version(s), {} events",
        paths.len(),
        c.journal.len()
    ))
}

/// What `same` and the scenario check of one folder: its campaign, and no
/// version left to merge.
fn settled(dir: &Path) -> Result<Campaign, String> {
    let app = open(dir, "checker")?;
    if !app.model.versions.is_empty() {
        return Err(format!("{}: versions left to merge", dir.display()));
    }
    campaign(&app)
}

fn same(a: &Path, b: &Path) -> Result<String, String> {
    let (ca, cb) = (settled(a)?, settled(b)?);
    if ca.journal != cb.journal {
        return Err("the two folders hold different journals".into());
    }
    let r = rules();
    let problems = ca.validate(&r);
    if !problems.is_empty() {
        return Err(format!("the merged campaign breaks rules: {problems:?}"));
    }
    let has = |pred: &dyn Fn(&E) -> bool| ca.journal.iter().any(|e| pred(&e.event));
    if !has(&|e| matches!(e, E::NextMission { .. })) {
        return Err("the mission drawn is lost".into());
    }
    if !has(&|e| matches!(e, E::Recruit { .. })) || !has(&|e| matches!(e, E::Spend { .. })) {
        return Err("the reinforcement points spent are lost".into());
    }
    if !ca.characters.iter().any(|c| c.member.name() == "Sorel") {
        return Err("the recruit is not in the escort".into());
    }
    Ok(format!(
        "same campaign: {} events, {} missions played, {:?}",
        ca.journal.len(),
        ca.missions_played,
        ca.phase
    ))
}

/// `muster check` passes the campaign of the folder `dir`.
fn passes_check(dir: &Path) {
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

fn two_processes_play_one_mission_offline_and_merge_to_one_campaign() {
    let camille = tempfile::tempdir().expect("Camille's folder");
    let bruno = tempfile::tempdir().expect("Bruno's folder");
    let (a, b) = (camille.path(), bruno.path());
    let locks = tempfile::tempdir().expect("the locks folder");
    let locks = locks.path();
    done(machine(locks, &[a], "seed", None), "seed");
    sync(a, b);
    let base = contents(a);
    // Offline: both at once, each a process with its own folder and lock.
    let draw = machine(locks, &[a], "draw", Some("Camille's laptop"));
    let spend = machine(locks, &[b], "recruit", Some("Bruno's desktop"));
    done(draw, "Camille draws the next mission");
    done(spend, "Bruno spends his reinforcement points");
    assert_ne!(contents(a), base);
    assert_ne!(contents(b), base);
    // The sync tool: each side's journal reaches the other, as it is.
    sync(a, b);
    sync(b, a);
    for dir in [a, b] {
        let copies = std::fs::read_dir(dir.join("campaigns"))
            .expect("campaigns")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().contains("conflict"))
            })
            .count();
        assert_eq!(copies, 0, "never a conflict copy");
    }
    done(
        machine(locks, &[a, b], "same", None),
        "both see one campaign",
    );
    // And the command line agrees: both files pass `muster check`.
    for dir in [a, b] {
        passes_check(dir);
    }
}

/// The example kill team as Anne's escort, its first mission drawn and
/// begun: the table of a turn.
fn table(dir: &Path) -> Result<String, String> {
    let r = rules();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/killteam.json"
    ))
    .map_err(|e| format!("the example kill team: {e}"))?;
    let team = muster::store::parse::<muster::rules::KillTeam>(&text, "raiders")
        .map_err(|e| format!("the example kill team: {e:?}"))?;
    let ok = |c: Campaign, e: E| -> Result<Campaign, String> {
        c.apply(e.clone(), &r, &mut seeded(7))
            .map(|(c, _)| c)
            .map_err(|p| format!("table: {e:?} refused: {p:?}"))
    };
    let mut c = Campaign::new(ID, "Shared by the group", &r.campaign);
    let mut settings = c.settings.clone();
    settings.nemesis = "renegade_marines".into();
    settings.secondary = vec!["cultists".into(), "mutants".into()];
    c = ok(c, E::SetSettings { settings })?;
    let escort = NewEscort {
        player: "Anne".into(),
        source: team.name.clone(),
        kind: "killteam".into(),
        members: team.soldiers.into_iter().map(Member::Soldier).collect(),
        doc: None,
    };
    for e in [
        E::AddEscort { escort },
        E::Start {
            rates: None,
            choice: MissionChoice::default(),
        },
        E::BeginMission,
    ] {
        c = ok(c, e)?;
    }
    let store = Store::open(dir)
        .map_err(|e| format!("table: {e:?}"))?
        .with_machine(machine_id(dir));
    store
        .save(&Doc::new(c.clone()))
        .map_err(|e| format!("table: {e:?}"))?;
    Ok(format!("at the table: {} events", c.journal.len()))
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

/// `name`'s actions taken from his card's "Act…" menu, in the window; each
/// saved before the next. `--hang` last: then wait to be killed.
fn act(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    let (name, acts) = args.split_first().ok_or("act: whose actions?")?;
    let hang = acts.last().map(String::as_str) == Some("--hang");
    let acts = &acts[..acts.len() - usize::from(hang)];
    let mut h = window(open(dir, machine)?);
    for a in acts {
        click(&mut h, &format!("Act: {name}"))?;
        click(&mut h, &format!("{a}: {name}"))?;
    }
    h.state_mut().app.flush_saves();
    let line = format!("{machine}: {name} took {}", acts.join(", "));
    if hang {
        // Saved: the parent may kill us now, mid-turn.
        println!("{line}");
        loop {
            std::thread::sleep(std::time::Duration::from_secs(60));
        }
    }
    Ok(line)
}

/// The window on `dir` shows `name`'s card with "This turn: LINE" and
/// LEFT actions left; with none left, his "Move" is greyed with the rule.
fn turn(dir: &Path, args: &[String]) -> Result<String, String> {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let [name, line, left] = args else {
        return Err("turn: NAME LINE LEFT".into());
    };
    let mut h = window(open(dir, "checker")?);
    let this_turn = format!("This turn: {line}");
    if h.query_by_label(&this_turn).is_none() {
        return Err(format!("{name}: no \"{this_turn}\""));
    }
    let pips = format!("Actions: {left} of 2 left");
    let spent = 2 - left.parse::<u32>().map_err(|e| format!("{left}: {e}"))?;
    for k in 1..=2 {
        let label = format!("Action {k} of 2 spent: {name}");
        let on = h.get_by_label(&label).accesskit_node().toggled()
            == Some(egui::accesskit::Toggled::True);
        if on != (k <= spent) {
            return Err(format!("{name}: pip {k} is {on}, not \"{pips}\""));
        }
    }
    click(&mut h, &format!("Act: {name}"))?;
    let greyed = h
        .get_by_role_and_label(egui::accesskit::Role::Button, &format!("Move: {name}"))
        .accesskit_node()
        .is_disabled();
    if greyed != (spent == 2) {
        return Err(format!("{name}: Move greyed is {greyed} with {left} left"));
    }
    if spent == 2
        && h.query_all_by_label_contains("KT-9: he has taken his 2 actions")
            .next()
            .is_none()
    {
        return Err(format!("{name}: the menu does not say why"));
    }
    Ok(format!("{name}: {this_turn}, {left} left"))
}

/// Waits for the child's first line on its standard output, two minutes at
/// most: a child that never says it saved is killed and the test fails.
fn first_line(child: &mut std::process::Child) -> String {
    use std::io::BufRead as _;
    let out = child.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(out).read_line(&mut line);
        let _ = tx.send(line);
    });
    match rx.recv_timeout(std::time::Duration::from_secs(120)) {
        Ok(line) => line,
        Err(_) => {
            let _ = child.kill();
            panic!("the Muster process said nothing in two minutes");
        }
    }
}

fn kt_9_a_muster_killed_mid_turn_opens_on_the_same_turn_at_the_table() {
    let dir = tempfile::tempdir().expect("the folder");
    let a = dir.path();
    let locks = tempfile::tempdir().expect("the locks folder");
    let locks = locks.path();
    done(machine(locks, &[a], "table", None), "table");
    done(
        machine_with(
            locks,
            &[a],
            "act",
            &["Anne's laptop", "Trooper Dace", "Move", "Shoot"],
        ),
        "Dace moves and shoots",
    );
    let mut rusk = Proc::new(std::env::current_exe().expect("this program"));
    rusk.arg("--play")
        .arg("act")
        .arg(a)
        .args(["Anne's laptop", "Trooper Rusk", "Shoot", "--hang"])
        .env("MUSTER_LOCK_DIR", locks)
        .stdout(std::process::Stdio::piped());
    let mut rusk = rusk.spawn().expect("a Muster process");
    let said = first_line(&mut rusk);
    assert!(said.contains("Trooper Rusk took Shoot"), "{said}");
    // Killed mid-turn, as a crash or a pulled plug.
    rusk.kill().expect("killed");
    let _ = rusk.wait();
    done(
        machine_with(locks, &[a], "turn", &["Trooper Dace", "Move · Shoot", "0"]),
        "Dace's turn after the kill",
    );
    done(
        machine_with(locks, &[a], "turn", &["Trooper Rusk", "Shoot", "1"]),
        "Rusk's turn after the kill",
    );
}

fn kt_9_two_machines_act_at_one_table_offline_and_the_merge_keeps_both() {
    let camille = tempfile::tempdir().expect("Camille's folder");
    let bruno = tempfile::tempdir().expect("Bruno's folder");
    let (a, b) = (camille.path(), bruno.path());
    let locks = tempfile::tempdir().expect("the locks folder");
    let locks = locks.path();
    done(machine(locks, &[a], "table", None), "table");
    sync(a, b);
    let dace = machine_with(
        locks,
        &[a],
        "act",
        &["Camille's laptop", "Trooper Dace", "Move"],
    );
    let rusk = machine_with(
        locks,
        &[b],
        "act",
        &["Bruno's desktop", "Trooper Rusk", "Shoot"],
    );
    done(dace, "Camille moves Dace");
    done(rusk, "Bruno shoots with Rusk");
    // Each machine's journal reaches the other: nothing to merge.
    sync(a, b);
    sync(b, a);
    for dir in [a, b] {
        done(
            machine_with(locks, &[dir], "turn", &["Trooper Dace", "Move", "1"]),
            "Dace's move is there",
        );
        done(
            machine_with(locks, &[dir], "turn", &["Trooper Rusk", "Shoot", "1"]),
            "Rusk's shot is there",
        );
        passes_check(dir);
    }
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
