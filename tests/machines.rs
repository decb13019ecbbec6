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
//!   the lasgun bought), `MACHINE=N` (N events made on MACHINE);
//! - `table DIR [--enemy]`: a kill team's campaign at the table of its
//!   first mission; with `--enemy`, the enemy's escort drawn before it
//!   began;
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
//! - `soak …` and `soak-verdict …`: the three-machine soak's players and
//!   its verdict (`soak/play.rs`, run by `scripts/soak`).
//!
//! A second scenario kills a Muster in the middle of a turn at the table
//! (after two actions of one soldier and one of another) and opens the
//! folder again: the same pips, the same "This turn", the same refusals.
//! A third has two machines each play one soldier's action offline, then
//! exchange their journals: both actions are at the table, and `muster
//! check` passes.

use std::path::{Path, PathBuf};
use std::process::{Command as Proc, ExitCode};
use std::time::{Duration, Instant};

use egui::accesskit::Role;

#[path = "soak/play.rs"]
mod soak;

use muster::app::merging::{MergeAct, MergePreview};
use muster::app::{App, Command, Prefs, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::campaign::journals::SetAside;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, CharId, Entry, EscortId, Member, MissionChoice, MissionResult,
    NewEscort, Phase,
};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::core::names::name_in;
use muster::rules::killteam::activation::third_action_cost;
use muster::rules::{Character, Doc, DocKey, Document, Edit, RulesData};
use muster::store::Store;
use muster::store::journaled::entry_key;
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
    let scenarios: [(&str, fn()); 4] = [
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
        Some("table") => table(&arg(1)?, rest(2)),
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
        return MachineId::this_installation();
    }
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
/// with reinforcement points to spend. `out`: the character taken out of
/// action in the mission, whose Cran test is owed.
fn seed(dir: &Path, out: Option<&str>) -> Result<String, String> {
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
                kind: muster::rules::campaign::EscortKind::Band,
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
    if let Some(name) = out {
        let character = char_id(&c, name)?;
        c = ok(
            c,
            E::SetOutOfAction {
                character,
                out: true,
            },
        )?;
    }
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
            escort: EscortId(1),
            member,
            cost,
            from: None,
        },
    )?;
    edit(
        &mut app,
        E::Spend {
            escort: EscortId(1),
            points: LASGUN_POINTS,
            what: "Lasgun".into(),
            bought: None,
        },
    )?;
    Ok(format!(
        "{machine}: recruited Sorel for {cost} and bought a lasgun for {LASGUN_POINTS}"
    ))
}

/// The id of the campaign's character `name`.
fn char_id(c: &Campaign, name: &str) -> Result<CharId, String> {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .map(|x| x.id)
        .ok_or_else(|| format!("no {name} in the campaign"))
}

/// `name`'s Cran test after the mission, the die typed in as it fell.
fn cran(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    let [name, face] = args else {
        return Err("cran: NAME FACE".into());
    };
    let face: u32 = face.parse().map_err(|e| format!("cran: {face}: {e}"))?;
    let mut app = open(dir, machine)?;
    let c = campaign(&app)?;
    let character = char_id(&c, name)?;
    let roll = Roll::from_faces(c.settings.cran_die, vec![face], 0);
    edit(
        &mut app,
        E::CranTest {
            character,
            roll: Some(roll),
        },
    )?;
    let c = campaign(&app)?;
    let x = c.character(character).ok_or("the character is gone")?;
    Ok(format!(
        "{machine}: {name} rolled {face} on his Cran test (Cran {}): {:?}",
        x.cran, x.state
    ))
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

/// The window on `dir` shows `n` events held aside, each on its card
/// beside the event kept in its place: `clash`, held because another
/// machine's event came first; `choice`, because the players kept the
/// other. `by`: each was made on that machine.
fn held(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    use egui_kittest::kittest::Queryable as _;
    let (n, why, by) = match args {
        [n, why] => (n, why, None),
        [n, why, by] => (n, why, Some(by.as_str())),
        _ => return Err("held: N clash|choice [MACHINE]".into()),
    };
    let n: usize = n.parse().map_err(|e| format!("held: {n}: {e}"))?;
    let by_choice = match why.as_str() {
        "clash" => false,
        "choice" => true,
        other => return Err(format!("held: {other:?}: clash or choice")),
    };
    let h = window(open(dir, machine)?);
    let app = &h.state().app;
    let c = campaign(app)?;
    let aside = held_aside(app);
    let all: Vec<String> = aside.iter().map(|a| told_aside(&c, a)).collect();
    if aside.len() != n {
        return Err(format!(
            "{machine}: {} events held aside, not {n}: {all:?}",
            aside.len()
        ));
    }
    for a in &aside {
        if a.rival.is_none() {
            return Err(format!("{machine}: no event kept beside {all:?}"));
        }
        if (a.why.key == "held.by_choice") != by_choice {
            return Err(format!("{machine}: not held by {why}: {all:?}"));
        }
        let made = a.entry.stamp.as_ref().and_then(|s| s.by.as_deref());
        if by.is_some_and(|by| made != Some(by)) {
            return Err(format!("{machine}: not made on {by:?}: {all:?}"));
        }
    }
    // Settled by the players' choice, the cards are said calmly.
    let title = match (by_choice, n == 1) {
        (false, one) => format!("{n} event{} held aside", if one { "" } else { "s" }),
        (true, one) => format!(
            "{n} event{} set aside by the players’ choice",
            if one { "" } else { "s" }
        ),
    };
    let cards = h.query_all_by_label_contains("Held aside: ").count();
    let kept = h.query_all_by_label_contains("Kept in its place: ").count();
    if n > 0 && h.query_by_label_contains(&title).is_none() {
        return Err(format!("{machine}: the window does not say \"{title}\""));
    }
    if cards != n || kept != n {
        return Err(format!(
            "{machine}: the window shows {cards} cards held aside and {kept} kept, not {n}"
        ));
    }
    Ok(format!("{machine}: {title}: {}", all.join("; ")))
}

/// The players keep the one event held aside instead of the one kept in
/// its place: its card's button, in the window. The other is then held
/// aside by their choice, and the choice is a line of this machine's
/// journal.
fn keep(dir: &Path, machine: &str) -> Result<String, String> {
    let mut h = window(open(dir, machine)?);
    let before = held_aside(&h.state().app);
    let [aside] = before.as_slice() else {
        return Err(format!(
            "{machine}: {} events held aside, not one",
            before.len()
        ));
    };
    let rival = aside
        .rival
        .as_ref()
        .ok_or_else(|| format!("{machine}: no event kept beside the one held aside"))?;
    let c = campaign(&h.state().app)?;
    let (chosen, over) = (told(&c, &aside.entry), told(&c, rival));
    click(&mut h, "Keep the event held aside instead (1)")?;
    h.state_mut().app.flush_saves();
    let app = &h.state().app;
    let c = campaign(app)?;
    let holds = |e: &Entry| c.journal.iter().any(|x| entry_key(x) == entry_key(e));
    if !holds(&aside.entry) || holds(rival) {
        return Err(format!("{machine}: {chosen} is not kept instead of {over}"));
    }
    let after = held_aside(app);
    let [now] = after.as_slice() else {
        return Err(format!(
            "{machine}: {} events held aside after the choice, not one",
            after.len()
        ));
    };
    if entry_key(&now.entry) != entry_key(rival) || now.why.key != "held.by_choice" {
        return Err(format!(
            "{machine}: after the choice: {}",
            told_aside(&c, now)
        ));
    }
    Ok(format!("{machine}: kept {chosen} instead of {over}"))
}

/// Merges every version of the campaign the sync tool left in `dir`.
fn merge_versions(dir: &Path, machine: &str) -> Result<String, String> {
    let mut app = open(dir, machine)?;
    let paths = app.model.library.version_paths();
    for path in &paths {
        app.apply(Command::Merge(MergeAct::Preview(
            key(),
            path.clone(),
            Default::default(),
        )));
        let view = app.model.library.merge.as_ref().ok_or("no merge shown")?;
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

/// How many events of `c` were made on `machine`.
fn made_on(c: &Campaign, machine: &str) -> usize {
    c.journal
        .iter()
        .filter(|e| e.stamp.as_ref().and_then(|s| s.by.as_deref()) == Some(machine))
        .count()
}

fn same(a: &Path, b: &Path, facts: &[String]) -> Result<String, String> {
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
    let problems = ca.validate(&r);
    if !problems.is_empty() {
        return Err(format!("the merged campaign breaks rules: {problems:?}"));
    }
    let has = |pred: &dyn Fn(&E) -> bool| ca.journal.iter().any(|e| pred(&e.event));
    for fact in facts {
        match fact.as_str() {
            "drawn" if !has(&|e| matches!(e, E::NextMission { .. })) => {
                return Err("the mission drawn is lost".into());
            }
            "spent"
                if !has(&|e| matches!(e, E::Recruit { .. }))
                    || !has(&|e| matches!(e, E::Spend { .. })) =>
            {
                return Err("the reinforcement points spent are lost".into());
            }
            "spent" if !ca.characters.iter().any(|c| c.member.name() == "Sorel") => {
                return Err("the recruit is not in the escort".into());
            }
            "drawn" | "spent" => {}
            other => {
                let (machine, n) = other
                    .rsplit_once('=')
                    .ok_or_else(|| format!("same: unknown fact {other:?}"))?;
                let n: usize = n.parse().map_err(|e| format!("same: {other}: {e}"))?;
                let found = made_on(&ca, machine);
                if found != n {
                    return Err(format!(
                        "the campaign holds {found} events made on {machine}, not {n}"
                    ));
                }
            }
        }
    }
    Ok(format!(
        "same campaign: {} events, {} missions played, {:?}, {} held aside",
        ca.journal.len(),
        ca.missions_played,
        ca.phase,
        aside_a.len()
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
        machine_with(locks, &[a, b], "same", &["drawn", "spent"]),
        "both see one campaign",
    );
    // And the command line agrees: both files pass `muster check`.
    for dir in [a, b] {
        passes_check(dir);
    }
}

/// Two installations of Muster on one documents folder, as a NAS or a
/// network share gives (`$MUSTER_DATA_DIR` naming it for both), each with
/// its own configuration folder (its preferences, its machine id) and its
/// own lock: they play one table at once, each writes only its own
/// journal, and each takes in every event of the other as it comes.
fn two_installations_on_one_folder_play_live_each_event_arriving() {
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

/// The example kill team as Anne's escort, its first mission drawn and
/// begun: the table of a turn. `--enemy`: the game master drew the
/// enemy's escort before the mission began.
fn table(dir: &Path, opts: &[String]) -> Result<String, String> {
    let enemy = match opts {
        [] => false,
        [o] if o == "--enemy" => true,
        _ => return Err(format!("table: {opts:?}: only --enemy")),
    };
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
    if enemy {
        // The game master and Anne play at once, each on his machine: the
        // group keeps the turns itself (KT-8's other reading).
        let turns = muster::rules::house_rules::RuleChange {
            place: "killteam.json/turn/alternation_enforced".into(),
            value: false.into(),
        };
        let changes = muster::rules::house_rules::HouseRules::of([turns]);
        c = ok(
            c,
            E::HouseRules(muster::rules::campaign::RulesEdit::Record { changes }),
        )?;
    }
    let mut settings = c.settings.clone();
    settings.nemesis = "renegade_marines".into();
    settings.secondary = vec!["cultists".into(), "mutants".into()];
    c = ok(c, E::SetSettings { settings })?;
    let escort = NewEscort {
        player: "Anne".into(),
        source: team.name.clone(),
        kind: muster::rules::campaign::EscortKind::KillTeam,
        members: team.soldiers.into_iter().map(Member::Soldier).collect(),
        doc: None,
    };
    let draw = E::DrawEnemy {
        all: true,
        rolls: vec![],
        drawn: vec![],
    };
    let events = [
        Some(E::AddEscort { escort }),
        Some(E::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        enemy.then_some(draw),
        Some(E::BeginMission),
    ];
    for e in events.into_iter().flatten() {
        c = ok(c, e)?;
    }
    let store = Store::open(dir)
        .map_err(|e| format!("table: {e:?}"))?
        .with_machine(machine_id(dir));
    store
        .save(&Doc::new(c.clone()))
        .map_err(|e| format!("table: {e:?}"))?;
    let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    Ok(format!(
        "at the table: {} events, {enemies} enemies drawn",
        c.journal.len()
    ))
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

/// The pause between two edits of one machine in the live scenario.
const LIVE_SPACING: Duration = Duration::from_millis(2000);
/// How long a live Muster waits, at most, for the other machine's edits
/// once it made its own.
const LIVE_WAIT: Duration = Duration::from_secs(90);
/// How many edits each side makes in the live scenario.
const LIVE_EDITS: usize = 6;

/// The two sides of a table played on two machines at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
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
struct Step {
    what: String,
    clicks: Vec<(Role, String)>,
}

/// What `side` does at the table of `table DIR --enemy`: the game master
/// marks three enemies activated, ticking a wound on each (what the
/// player's shots did); the player moves and shoots with Trooper Dace,
/// buys him a third action with the team's command points and moves
/// again, then moves and shoots with Trooper Rusk. No edit of one side
/// stands in the way of the other's, in whatever order they meet.
fn live_plan(side: Side, c: &Campaign, r: &RulesData) -> Result<Vec<Step>, String> {
    let steps: Vec<Step> = match side {
        Side::GameMaster => {
            let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
            (0..enemies.min(LIVE_EDITS / 2))
                .flat_map(|i| {
                    let names = c.enemy_names(i);
                    let name = name_in(&names, "en", "").to_owned();
                    let max = c.enemy_wounds(i, r);
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
                act("Trooper Dace", "Shoot"),
                act("Trooper Dace", &format!("Third action ({cost} CP)")),
                act("Trooper Dace", "Move"),
                act("Trooper Rusk", "Move"),
                act("Trooper Rusk", "Shoot"),
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
fn live_window(app: App) -> egui_kittest::Harness<'static, muster::ui::Gui> {
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

/// Clicks the one widget of this role and accessible name, and lets the
/// window settle.
fn press(
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
fn frames_for(h: &mut egui_kittest::Harness<'static, muster::ui::Gui>, how_long: Duration) {
    let until = Instant::now() + how_long;
    while Instant::now() < until {
        h.step();
        std::thread::sleep(Duration::from_millis(15));
    }
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
fn arrivals_told(app: &App, machine: &str) -> (usize, usize) {
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
fn live(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
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
    take_in_all(&mut h, machine, other)?;
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
fn make(
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
        // last click): close what opened, and click again, once.
        h.key_press(egui::Key::Escape);
        h.run_ok();
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
/// edits, all of them, as the sync tool brings them ([`LIVE_WAIT`] at
/// most), with nothing held aside.
fn take_in_all(
    h: &mut egui_kittest::Harness<'static, muster::ui::Gui>,
    machine: &str,
    other: &str,
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
        if arrived > LIVE_EDITS {
            return Err(format!(
                "{machine}: {arrived} edits of {other}, more than its {LIVE_EDITS}"
            ));
        }
        if arrived == LIVE_EDITS {
            return Ok(());
        }
        if Instant::now() > until {
            return Err(format!(
                "{machine}: after {} s, {arrived} of {other}'s {LIVE_EDITS} edits came in",
                LIVE_WAIT.as_secs()
            ));
        }
        frames_for(h, Duration::from_millis(50));
    }
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
