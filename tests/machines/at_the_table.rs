//! A kill team's campaign at the table (`table`, `act`, `turn`): a Muster
//! killed mid-turn opens on the same turn, and two machines' actions taken
//! offline are both at the table once their journals are exchanged.

use std::path::Path;
use std::process::Command as Proc;

use super::one_campaign::passes_check;
use super::{ID, click, done, machine, machine_id, machine_with, open, rules, sync, window};
use muster::rules::campaign::{Campaign, CampaignEdit as E, Member, MissionChoice, NewEscort};
use muster::rules::campaign::{PreparationEdit, SetupEdit};
use muster::rules::core::dice::seeded;
use muster::rules::{Doc, Document};
use muster::store::Store;

/// The example kill team as Anne's escort, its first mission drawn and
/// begun: the table of a turn. `--enemy`: the game master drew the
/// enemy's escort before the mission began. `--folder-rules`: the campaign
/// begun as the window begins one, under this folder's rules files, which
/// it records as its first event.
pub(crate) fn table(dir: &Path, opts: &[String]) -> Result<String, String> {
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

/// `name`'s actions taken from his card's "Act…" menu, in the window; each
/// saved before the next. `--hang` last: then wait to be killed.
pub(crate) fn act(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
    let (name, acts) = args.split_first().ok_or("act: whose actions?")?;
    let hang = acts.last().map(String::as_str) == Some("--hang");
    let acts = &acts[..acts.len() - usize::from(hang)];
    let mut h = window(open(dir, machine)?);
    for a in acts {
        // A shot taken from the menu is one rolled with the table's dice.
        let entry = if ["Shoot", "Close combat", "Grenade"].contains(&a.as_str()) {
            format!("{a} with the table's own dice (Attack… rolls it in Muster)")
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
pub(crate) fn turn(dir: &Path, args: &[String]) -> Result<String, String> {
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

pub(crate) fn kt_9_a_muster_killed_mid_turn_opens_on_the_same_turn_at_the_table() {
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

pub(crate) fn kt_9_two_machines_act_at_one_table_offline_and_the_merge_keeps_both() {
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
