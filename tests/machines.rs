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
use muster::rules::campaign::{
    DebriefEdit, PreparationEdit, ReinforcementEdit, SetupEdit, TableEdit,
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
    c = ok(c, E::Setup(SetupEdit::SetSettings { settings }))?;
    let members = ["Vael", "Brask", "Orsk"]
        .iter()
        .map(|n| Member::Character(Character::new(0, *n, "human")))
        .collect();
    c = ok(
        c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Bruno".into(),
                source: "Band".into(),
                kind: muster::rules::campaign::EscortKind::Band,
                members,
                doc: None,
            },
        }),
    )?;
    c = ok(
        c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
    )?;
    c = ok(c, E::Preparation(PreparationEdit::BeginMission))?;
    if let Some(name) = out {
        let character = char_id(&c, name)?;
        c = ok(
            c,
            E::Table(TableEdit::SetOutOfAction {
                character,
                out: true,
            }),
        )?;
    }
    c = ok(
        c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
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
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
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
        .recruiting()
        .cost(&member, &r)
        .map_err(|p| format!("{p:?}"))?;
    edit(
        &mut app,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member,
            cost,
            from: None,
        }),
    )?;
    edit(
        &mut app,
        E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: LASGUN_POINTS,
            what: "Lasgun".into(),
            bought: None,
        }),
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
        E::Debrief(DebriefEdit::CranTest {
            character,
            roll: Some(roll),
        }),
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
    c.rules_in_force(&rules())
        .map(|_| ())
        .map_err(|p| format!("the campaign's rules cannot be played: {p:?}"))
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
/// enemy's escort before the mission began. `--folder-rules`: the campaign
/// begun as the window begins one, under this folder's rules files, which
/// it records as its first event.
fn table(dir: &Path, opts: &[String]) -> Result<String, String> {
    let (mut enemy, mut own) = (false, false);
    for o in opts {
        match o.as_str() {
            "--enemy" => enemy = true,
            "--folder-rules" => own = true,
            _ => return Err(format!("table: {opts:?}: only --enemy and --folder-rules")),
        }
    }
    let store = Store::open(dir)
        .map_err(|e| format!("table: {e:?}"))?
        .with_machine(machine_id(dir));
    let r = if own {
        muster::store::load_rules(Some(&store.rules_dir()))
            .map(|(r, _)| r)
            .map_err(|p| format!("table: the folder's rules: {p:?}"))?
    } else {
        rules()
    };
    let ok = |c: Campaign, e: E| -> Result<Campaign, String> {
        c.apply(e.clone(), &r, &mut seeded(7))
            .map(|(c, _)| c)
            .map_err(|p| format!("table: {e:?} refused: {p:?}"))
    };
    let mut c = if own {
        let c = <Campaign as Document>::create(ID.into(), "Shared by the group".into(), &r);
        if c.house_rules.is_none() {
            return Err("table: the folder's rules are not recorded".into());
        }
        c
    } else {
        Campaign::new(ID, "Shared by the group", &r.campaign)
    };
    if enemy && !own {
        // The game master and Anne play at once, each on his machine: the
        // group keeps the turns itself (KT-8's other reading).
        let turns = muster::rules::house_rules::RuleChange {
            place: "killteam.json/turn/alternation_enforced".into(),
            value: false.into(),
        };
        let changes = muster::rules::house_rules::HouseRules::of([turns]);
        c = ok(
            c,
            E::HouseRules(muster::rules::campaign::RulesEdit::record(changes)),
        )?;
    }
    let mut settings = c.settings.clone();
    settings.nemesis = "renegade_marines".into();
    settings.secondary = vec!["cultists".into(), "mutants".into()];
    c = ok(c, E::Setup(SetupEdit::SetSettings { settings }))?;
    let draw = E::Preparation(PreparationEdit::DrawEnemy {
        all: true,
        rolls: vec![],
        drawn: vec![],
    });
    let events = [
        Some(E::Setup(SetupEdit::AddEscort {
            escort: example_escort()?,
        })),
        Some(E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        })),
        enemy.then_some(draw),
        Some(E::Preparation(PreparationEdit::BeginMission)),
    ];
    for e in events.into_iter().flatten() {
        c = ok(c, e)?;
    }
    store
        .save(&Doc::new(c.clone()))
        .map_err(|e| format!("table: {e:?}"))?;
    let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    Ok(format!(
        "at the table: {} events, {enemies} enemies drawn",
        c.journal.len()
    ))
}

/// The example kill team, as Anne's escort.
fn example_escort() -> Result<NewEscort, String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/killteam.json"
    ))
    .map_err(|e| format!("the example kill team: {e}"))?;
    let team = muster::store::parse::<muster::rules::KillTeam>(&text, "raiders")
        .map_err(|e| format!("the example kill team: {e:?}"))?;
    Ok(NewEscort {
        player: "Anne".into(),
        source: team.name.clone(),
        kind: muster::rules::campaign::EscortKind::KillTeam,
        members: team.soldiers.into_iter().map(Member::Soldier).collect(),
        doc: None,
    })
}

/// This data folder's own rules files, each `PLACE=VALUE` (the value as
/// JSON) set as the library's House rules screen sets it.
fn folder_rules(dir: &Path, sets: &[String]) -> Result<String, String> {
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
        // A shot taken from the menu is one rolled with the table's dice.
        let entry = if ["Shoot", "Close combat", "Grenade"].contains(&a.as_str()) {
            format!("{a}, rolled with your own dice")
        } else {
            a.clone()
        };
        click(&mut h, &format!("Act: {name}"))?;
        click(&mut h, &format!("{entry}: {name}"))?;
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
                act("Trooper Dace", "Shoot, rolled with your own dice"),
                act("Trooper Dace", &format!("Third action ({cost} CP)")),
                act("Trooper Dace", "Move"),
                act("Trooper Rusk", "Move"),
                act("Trooper Rusk", "Shoot, rolled with your own dice"),
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

/// Whether the window shows one widget of this role and accessible name,
/// not greyed.
fn clickable(h: &Harness, role: Role, label: &str) -> bool {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let found: Vec<_> = h.query_all_by_role_and_label(role, label).collect();
    matches!(found.as_slice(), [node] if !node.accesskit_node().is_disabled())
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
fn take_in_all(
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

/// The window of a Muster at the table, as `live_window` makes it.
type Harness = egui_kittest::Harness<'static, muster::ui::Gui>;

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

/// Runs the window's frames until `seen` ([`LIVE_WAIT`] at most); whether
/// it was.
fn frames_until(h: &mut Harness, seen: impl Fn(&Harness) -> bool) -> bool {
    let until = Instant::now() + LIVE_WAIT;
    while !seen(h) {
        if Instant::now() > until {
            return false;
        }
        frames_for(h, Duration::from_millis(50));
    }
    true
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
fn house_player(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    let [other, name, n] = args else {
        return Err("house-player: OTHER NAME N".into());
    };
    let n: u32 = n.parse().map_err(|e| format!("house-player: {n}: {e}"))?;
    let mut h = live_window(open(dir, machine)?);
    let (here, theirs) = {
        let app = &h.state().app;
        let c = campaign(app)?;
        let theirs = c
            .rules_in_force(&app.model.rules)
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
fn house_gm(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    use egui_kittest::kittest::Queryable as _;
    let [other] = args else {
        return Err("house-gm: OTHER".into());
    };
    let mut h = live_window(open(dir, machine)?);
    let plan = {
        let app = &h.state().app;
        let c = campaign(app)?;
        let r = c
            .rules_in_force(&app.model.rules)
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
fn two_folders_with_their_own_rules_play_one_campaign_live_under_its_rules() {
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
