//! The ribbons that act during a game: the Deminer removes an enemy mine
//! (RIB-5), Agility gives a free move after each shot (RIB-10), the
//! Unkillable has a free extra action at the end of each turn on his last
//! wound (RIB-11). Every number is read from `killteam.json`.

use crate::common::rules;
use muster::i18n::Lang;
use muster::print::{Block, SheetOptions, killteam_sheet};
use muster::rules::RulesData;
use muster::rules::battle::roll;
use muster::rules::battle::scenario::Scenario;
use muster::rules::core::dice::seeded;
use muster::rules::core::msg::{Arg, Msg};
use muster::rules::killteam::data::Grant;
use muster::rules::killteam::ribbons::{
    ReminderKind, mine_removal, move_after_shot, reminders, soldier_actions,
};
use muster::rules::killteam::{KillTeam, RibbonId, Soldier};

fn soldier(kind: &str, ribbon: Option<&str>) -> Soldier {
    Soldier {
        id: 1,
        name: "Trooper Vask".to_owned(),
        kind: kind.into(),
        weapon: "lasgun".into(),
        items: Vec::new(),
        ribbon: ribbon.map(Into::into),
    }
}

fn int(m: &Msg, name: &str) -> Option<i64> {
    match m.get(name) {
        Some(Arg::Int(n)) => Some(*n),
        _ => None,
    }
}

/// Changes one of a ribbon's grants in the rules data, as an override file
/// would.
fn with_grant(rules: &mut RulesData, ribbon: &str, grant: Grant) {
    let r = rules
        .killteam
        .ribbons
        .iter_mut()
        .find(|r| r.id == ribbon)
        .expect("ribbon");
    r.grants = vec![grant];
    rules.killteam.check().expect("still valid");
}

// ------------------------------------------------------------------ RIB-11

#[test]
fn rib_11_unkillable_on_his_last_wound_has_a_free_action_at_the_end_of_the_turn() {
    let r = rules();
    let data = &r.killteam;
    let unkillable = soldier("guardsman", Some("unkillable"));
    // On 1 wound: his two actions per activation, and one free at the end.
    let a = soldier_actions(data, &unkillable, 1).expect("actions");
    assert_eq!(a.per_activation, 2);
    assert_eq!(a.end_of_turn, 1);
    assert_eq!(a.total(), 3);
    let (rule, names) = a.end_of_turn_from.clone().expect("from the ribbon");
    assert_eq!(rule, "RIB-11");
    assert_eq!(names.get("en").map(String::as_str), Some("Unkillable"));
    assert_eq!(
        Lang::En.msg(&a.msgs()[1]),
        "+1 free action at the end of the turn (Unkillable, RIB-11)"
    );
    assert_eq!(
        Lang::Fr.msg(&a.msgs()[1]),
        "+1 action gratuite à la fin du tour (Increvable, RIB-11)"
    );
    // On 2 wounds, or 3, or none left: nothing more.
    for left in [0, 2, 3] {
        let a = soldier_actions(data, &unkillable, left).expect("actions");
        assert_eq!(a.end_of_turn, 0, "{left} wounds left");
        assert_eq!(a.total(), 2);
        assert!(a.end_of_turn_from.is_none());
        assert_eq!(a.msgs().len(), 1);
    }
    // Without the ribbon, on 1 wound or 2: his kind's actions only.
    for ribbon in [None, Some("endurance"), Some("marksman")] {
        let plain = soldier("guardsman", ribbon);
        for left in [1, 2] {
            let a = soldier_actions(data, &plain, left).expect("actions");
            assert_eq!((a.per_activation, a.end_of_turn), (2, 0), "{ribbon:?}");
        }
    }
    // A scion's three actions (KT-18) gain the free one too.
    let scion = soldier("tempestus_scion", Some("unkillable"));
    assert_eq!(
        soldier_actions(data, &scion, 1).expect("actions").total(),
        4
    );
    // An unknown kind is refused with a message, not a panic.
    let p =
        soldier_actions(data, &soldier("ogryn", Some("unkillable")), 1).expect_err("unknown kind");
    assert_eq!(p.rule, "KT-4");
}

#[test]
fn rib_11_the_free_actions_and_the_wounds_that_give_them_are_data() {
    let mut r = rules().clone();
    with_grant(
        &mut r,
        "unkillable",
        Grant::ExtraActionOnWounds {
            actions: 2,
            wounds_left: 2,
        },
    );
    let s = soldier("guardsman", Some("unkillable"));
    assert_eq!(
        soldier_actions(&r.killteam, &s, 2).expect("a").end_of_turn,
        2
    );
    assert_eq!(
        soldier_actions(&r.killteam, &s, 1).expect("a").end_of_turn,
        0
    );
    // The table's reminder says it is due, or what it waits for.
    let due = reminders(&r.killteam, &s, 2);
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].kind, ReminderKind::LastWoundDue);
    assert_eq!(
        (int(&due[0].msg, "count"), int(&due[0].msg, "wounds")),
        (Some(2), Some(2))
    );
    let waiting = reminders(&r.killteam, &s, 3);
    assert_eq!(waiting[0].kind, ReminderKind::LastWoundWaiting);
    assert_eq!(
        Lang::En.msg(&waiting[0].msg),
        "Unkillable (RIB-11): +2 free actions at the end of each turn once down to 2 wounds"
    );
}

// ------------------------------------------------------------------ RIB-10

/// A lasgun shot at 10", its shooter's ribbon named.
fn shot(ribbon: Option<&str>) -> Scenario {
    let ribbon = ribbon.map_or(String::new(), |r| format!(r#", "shooter_ribbon": "{r}""#));
    Scenario::parse(&format!(
        r#"{{"kind": "killteam_shooting", "range": 10,
 "weapon": {{"class": "normal", "shots": 2, "s": 3, "ap": 0, "damage": 1}},
 "target": {{"t": 3, "save": 5, "cover": false}}{ribbon}}}"#
    ))
    .expect("scenario")
}

#[test]
fn rib_10_a_rolled_shot_reminds_an_agile_shooter_of_his_free_move() {
    let r = rules();
    let rolled = roll(r, &shot(Some("agility")), &mut seeded(5)).expect("rolled");
    assert_eq!(rolled.reminders.len(), 1);
    let m = &rolled.reminders[0];
    assert_eq!(m.key, "kt.move_after_shot");
    assert_eq!(int(m, "inches"), Some(3), "3\" from the data");
    // The log line carries it after the dice.
    let line = rolled.msg();
    assert_eq!(line.key, "battle.rolled_then");
    let text = Lang::En.msg(&line);
    assert!(
        text.ends_with("Then: Agility (RIB-10): a free 3\" move after the shot."),
        "{text}"
    );
    assert!(
        Lang::Fr
            .msg(&line)
            .contains("un mouvement gratuit de 3\" après le tir")
    );
    // The dice are the same as without the ribbon: only the reminder differs.
    let plain = roll(r, &shot(None), &mut seeded(5)).expect("rolled");
    assert_eq!(plain.rolls, rolled.rolls);
    assert!(plain.reminders.is_empty());
    assert_eq!(plain.msg().key, "battle.rolled");
    // Any other ribbon, or one the data does not know: no reminder.
    for other in ["marksman", "unkillable", "deminer", "no_such_ribbon"] {
        let rolled = roll(r, &shot(Some(other)), &mut seeded(5)).expect("rolled");
        assert!(rolled.reminders.is_empty(), "{other}");
    }
}

#[test]
fn the_agility_moves_distance_is_read_from_the_data() {
    let mut r = rules().clone();
    with_grant(&mut r, "agility", Grant::MoveAfterShot { inches: 4 });
    let rolled = roll(&r, &shot(Some("agility")), &mut seeded(1)).expect("rolled");
    assert_eq!(int(&rolled.reminders[0], "inches"), Some(4));
    assert_eq!(
        move_after_shot(&r.killteam, Some(&RibbonId::from("agility"))).map(|m| int(&m, "inches")),
        Some(Some(4))
    );
    assert!(move_after_shot(&r.killteam, None).is_none());
}

// ------------------------------------------------------------------- RIB-5

#[test]
fn rib_5_only_a_deminer_may_remove_an_enemy_mine_within_its_range() {
    let r = rules();
    let data = &r.killteam;
    let deminer = soldier("guardsman", Some("deminer"));
    let m = mine_removal(data, &deminer).expect("a deminer removes mines");
    assert_eq!((m.rule.as_str(), m.range_inches), ("RIB-5", 3));
    assert_eq!(
        Lang::En.msg(&m.msg()),
        "Remove a mine: an enemy mine within 3\" of him, no action needed (Deminer, RIB-5)"
    );
    assert_eq!(
        Lang::Fr.msg(&m.msg()),
        "Retirer une mine : une mine ennemie à 3\" ou moins de lui, sans dépenser d'action (Démineur, RIB-5)"
    );
    // The table's reminders hold it.
    assert!(
        reminders(data, &deminer, 3)
            .iter()
            .any(|x| x.kind == ReminderKind::RemoveMine)
    );
    // Nobody else: no ribbon, another ribbon, the Explosives expert who
    // lays mines.
    for ribbon in [
        None,
        Some("explosives_expert"),
        Some("agility"),
        Some("thief"),
    ] {
        let s = soldier("guardsman", ribbon);
        assert!(mine_removal(data, &s).is_none(), "{ribbon:?}");
        assert!(
            reminders(data, &s, 3)
                .iter()
                .all(|x| x.kind != ReminderKind::RemoveMine),
            "{ribbon:?}"
        );
    }
    // The range is data.
    let mut r = rules().clone();
    with_grant(&mut r, "deminer", Grant::RemoveMine { range_inches: 6 });
    assert_eq!(
        mine_removal(&r.killteam, &deminer).map(|m| m.range_inches),
        Some(6)
    );
}

#[test]
fn rib_5_the_kill_team_sheet_says_in_words_that_the_deminer_removes_a_mine() {
    let r = rules();
    let mut team = KillTeam::new("t", "Sappers");
    let mut deminer = soldier("guardsman", Some("deminer"));
    deminer.name = "Trooper Kell".to_owned();
    let mut other = soldier("guardsman", Some("sprinter"));
    other.id = 2;
    other.name = "Trooper Arn".to_owned();
    team.soldiers = vec![deminer, other];
    for (lang, label, words) in [
        (Lang::En, "Remove a mine", "an enemy mine within 3\" of him"),
        (
            Lang::Fr,
            "Retirer une mine",
            "une mine ennemie à 3\" ou moins de lui",
        ),
    ] {
        let sheet = killteam_sheet(
            &team,
            r,
            SheetOptions {
                lang,
                appendix: false,
                what: muster::print::Printout::Sheet,
            },
        );
        // The team breaks the composition rules (a draft): its soldiers'
        // cards are found wherever the sheet puts them.
        let cards = sheet
            .sections
            .iter()
            .flat_map(|s| &s.blocks)
            .find_map(|b| match b {
                Block::Cards { cards } => Some(cards),
                _ => None,
            })
            .expect("soldier cards");
        let kell = cards
            .iter()
            .find(|c| c.title == "Trooper Kell")
            .expect("Kell");
        assert!(
            kell.lines
                .iter()
                .any(|l| l.label == label && l.value.contains(words) && l.value.contains("RIB-5")),
            "{lang:?}: {:?}",
            kell.lines
        );
        let arn = cards
            .iter()
            .find(|c| c.title == "Trooper Arn")
            .expect("Arn");
        assert!(arn.lines.iter().all(|l| l.label != label), "{lang:?}");
    }
}
