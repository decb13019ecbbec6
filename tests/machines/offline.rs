//! One mission played offline on two machines: the debrief's actions
//! (`seed`, `draw`, `recruit`, `cran`, `held`, `keep`, `merge`), and the
//! scenario where two processes' journals, exchanged, make one campaign.

use std::path::Path;

use super::one_campaign::passes_check;
use super::{
    ID, LASGUN_POINTS, campaign, char_id, click, contents, done, edit, held_aside, key, machine,
    machine_id, machine_with, open, rules, sync, told, told_aside, window,
};
use muster::app::Command;
use muster::app::merging::{MergeAct, MergePreview};
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, Entry, EscortId, Member, MissionChoice, MissionResult, NewEscort,
    Phase,
};
use muster::rules::campaign::{
    DebriefEdit, PreparationEdit, ReinforcementEdit, SetupEdit, TableEdit,
};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::{Character, Doc, Document, ProblemKind};
use muster::store::Store;
use muster::store::journaled::entry_key;

/// A campaign of one escort after its first mission, won: in the debrief,
/// with reinforcement points to spend. `out`: the character taken out of
/// action in the mission, whose Cran test is owed.
pub(crate) fn seed(dir: &Path, out: Option<&str>) -> Result<String, String> {
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

pub(crate) fn draw(dir: &Path, machine: &str) -> Result<String, String> {
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

pub(crate) fn recruit(dir: &Path, machine: &str) -> Result<String, String> {
    let mut app = open(dir, machine)?;
    let r = rules();
    let member = Member::Character(Character::new(0, "Sorel", "human"));
    let cost = queries::recruiting(&campaign(&app)?)
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

/// `name`'s Cran test after the mission, the die typed in as it fell.
pub(crate) fn cran(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
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
    let x = queries::character(&c, character).ok_or("the character is gone")?;
    Ok(format!(
        "{machine}: {name} rolled {face} on his Cran test (Cran {}): {:?}",
        x.cran, x.state
    ))
}

/// The window on `dir` shows `n` events held aside, each on its card
/// beside the event kept in its place: `clash`, held because another
/// machine's event came first; `choice`, because the players kept the
/// other. `by`: each was made on that machine.
pub(crate) fn held(dir: &Path, machine: &str, args: &[String]) -> Result<String, String> {
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
        if (a.why.kind == ProblemKind::HeldByChoice) != by_choice {
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
pub(crate) fn keep(dir: &Path, machine: &str) -> Result<String, String> {
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
    if entry_key(&now.entry) != entry_key(rival) || now.why.kind != ProblemKind::HeldByChoice {
        return Err(format!(
            "{machine}: after the choice: {}",
            told_aside(&c, now)
        ));
    }
    Ok(format!("{machine}: kept {chosen} instead of {over}"))
}

/// Merges every version of the campaign the sync tool left in `dir`.
pub(crate) fn merge_versions(dir: &Path, machine: &str) -> Result<String, String> {
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

pub(crate) fn two_processes_play_one_mission_offline_and_merge_to_one_campaign() {
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
