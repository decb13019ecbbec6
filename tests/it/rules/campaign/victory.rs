//! Victory points as fighters fall at a campaign's table (KT-21): each
//! side scores the other's fallen by their worth, with the double-kill
//! bonus by the campaign's reading; and the table's card that shows it.

use crate::common::rules;
use muster::rules::RulesData;
use muster::rules::campaign::victory;
use muster::rules::campaign::{Campaign, CampaignEdit as E, Fighter};
use muster::rules::campaign::{SetupEdit, TableEdit};
use muster::rules::killteam::victory::{DoubleKillBonus, Kill, tally};

#[test]
fn kt_21_two_kills_in_a_turn_score_one_more_by_either_reading() {
    let k = |turn, vp| Kill { turn, vp };
    // Two guardsmen in turn 1 score 3; a sergeant alone in turn 2 scores 2.
    let kills = [k(1, 1), k(1, 1), k(2, 2)];
    let t = tally(DoubleKillBonus::PerTurn, &kills);
    assert_eq!((t.kills(), t.bonus(), t.total()), (3, 1, 5));
    // Four kills in one turn: +1 for the turn, or +2 for two pairs.
    let four = [k(3, 1), k(3, 1), k(3, 1), k(3, 1)];
    assert_eq!(tally(DoubleKillBonus::PerTurn, &four).total(), 5);
    assert_eq!(tally(DoubleKillBonus::PerPair, &four).total(), 6);
    // Three kills: one pair either way.
    assert_eq!(tally(DoubleKillBonus::PerPair, &four[..3]).total(), 4);
    assert_eq!(tally(DoubleKillBonus::PerTurn, &[]).total(), 0);
}

fn ok(c: &Campaign, e: E, rules: &RulesData) -> Campaign {
    crate::common::ok(c, e, rules)
}

/// Anne's example kill team at the table; two enemies fall in turn 1,
/// Sergeant Hark (2 VP) and an enemy in turn 2.
pub(crate) fn battle(rules: &RulesData) -> Campaign {
    let c = crate::common::example_team_at_the_table(rules);
    let out = |c: &Campaign, id| {
        ok(
            c,
            E::Table(TableEdit::SetOutOfAction {
                character: id,
                out: true,
            }),
            rules,
        )
    };
    let c = out(&c, Fighter::Enemy(0).id());
    let c = out(&c, Fighter::Enemy(1).id());
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), rules);
    let hark = crate::common::char_id(&c, "Sergeant Hark");
    let c = out(&c, hark);
    out(&c, Fighter::Enemy(2).id())
}

#[test]
fn kt_21_each_side_scores_the_others_fallen_turn_by_turn() {
    let rules = rules();
    let c = battle(rules);
    let vp = victory::battle_vp(&c, rules).expect("a table");
    assert_eq!(vp.bonus, DoubleKillBonus::PerTurn, "the data's reading");
    // The players: 1 + 1 + 1 in turn 1 (two), +1 for the double kill.
    assert_eq!(
        vp.enemies_fallen.iter().map(|f| f.turn).collect::<Vec<_>>(),
        [1, 1, 2]
    );
    assert_eq!(vp.players.total(), 4);
    // The enemy: the sergeant's 2.
    assert_eq!(vp.enemy.total(), 2);
    assert_eq!(vp.players_fallen[0].vp, 2);
    // Back in action, he no longer counts; the journal replays the same.
    let hark = crate::common::char_id(&c, "Sergeant Hark");
    let back = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: hark,
            out: false,
        }),
        rules,
    );
    assert_eq!(
        victory::battle_vp(&back, rules)
            .expect("table")
            .enemy
            .total(),
        0
    );
    let (replayed, _) = c.replay(rules).expect("replays");
    assert_eq!(replayed.table, c.table);
    // The other reading is a setting that may change at the table.
    let mut s = c.settings.clone();
    s.double_kill = Some(muster::rules::campaign::data::DoubleKill::PerPair);
    let pairs = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), rules);
    assert_eq!(
        victory::battle_vp(&pairs, rules).expect("table").bonus,
        DoubleKillBonus::PerPair
    );
}

/// The battle's VP offered as the mission's (KT-21 into CMP-6, a Decision
/// in `campaign.json`): the players' total once the objective is met, at
/// most a mission's most and the campaign's VP threshold; none with the
/// objective not met (CMP-6), at a table where no kill team plays, or
/// when the data says they do not carry over.
#[test]
fn kt_21_cmp_6_the_players_battle_vp_are_offered_as_the_mission_s_once_its_objective_is_met() {
    let rules = rules();
    assert!(rules.campaign.battle_vp.offered_as_mission_vp);
    assert!(
        !rules.campaign.battle_vp.note.is_empty(),
        "the Decision written"
    );
    let c = battle(rules);
    let players = victory::battle_vp(&c, rules)
        .expect("a table")
        .players
        .total();
    assert!(
        players > 0 && players <= c.settings.vp_threshold,
        "{players}"
    );
    assert_eq!(
        victory::mission_vp_from_battle(&c, rules, true),
        Some(players)
    );
    assert_eq!(
        victory::mission_vp_from_battle(&c, rules, false),
        None,
        "CMP-6: an objective not met earns none"
    );
    let mut low = rules.clone();
    low.campaign.limits.mission_vp_max = 1;
    assert_eq!(
        victory::mission_vp_from_battle(&c, &low, true),
        Some(1),
        "capped"
    );
    // Never more than brings the Final, whatever a mission's most.
    let mut near = c.clone();
    near.settings.vp_threshold = 1;
    assert_eq!(victory::mission_vp_from_battle(&near, rules, true), Some(1));
    let mut off = rules.clone();
    off.campaign.battle_vp.offered_as_mission_vp = false;
    assert_eq!(victory::mission_vp_from_battle(&c, &off, true), None);
    // A Rogue Trader band's table: the kill-team battle VP are not its.
    let band = crate::common::band_at_the_table(rules);
    assert_eq!(victory::mission_vp_from_battle(&band, rules, true), None);
}
