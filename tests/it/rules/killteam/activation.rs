//! A soldier's actions in a turn at the table (KT-9, KT-11, KT-14, KT-18,
//! KT-19, EQ-31, RIB-10, RIB-11): what he may take next, and why not.

use muster::i18n::Lang;
use muster::rules::killteam::KillTeamData;
use muster::rules::killteam::activation::{Act, Allowance, SoldierTurn, allowance, give_insignia};
use muster::rules::killteam::data::SameWithin;

use super::{carried, rules, soldier};

fn data() -> KillTeamData {
    rules().killteam.clone()
}

fn of(data: &KillTeamData, kind: &str) -> Allowance {
    allowance(data, &soldier(1, kind, "lasgun"), 3).expect("a known kind")
}

/// Takes every act in turn, panicking on a refusal.
fn taking(data: &KillTeamData, a: &Allowance, acts: &[Act]) -> SoldierTurn {
    acts.iter().fold(SoldierTurn::default(), |t, act| {
        a.take(data, &t, *act)
            .unwrap_or_else(|p| panic!("{act:?} refused: {}", Lang::En.problem(&p)))
            .0
    })
}

fn refused(data: &KillTeamData, a: &Allowance, t: &SoldierTurn, act: Act) -> (String, String) {
    let p = a.check(data, t, act).expect_err("refused");
    (p.rule.to_string(), Lang::En.problem(&p))
}

#[test]
fn kt_9_two_actions_in_any_mix_then_none() {
    let data = data();
    let g = of(&data, "guardsman");
    let t = taking(&data, &g, &[Act::Move, Act::Shoot]);
    assert_eq!(t.spent(), 2);
    assert_eq!(g.left(&data, &t), 0);
    let (rule, why) = refused(&data, &g, &t, Act::Move);
    assert_eq!(rule, "KT-9");
    assert!(why.contains("taken his 2 actions"), "{why}");
    // Two shots are allowed: any combination.
    let t = taking(&data, &g, &[Act::Shoot, Act::Shoot]);
    assert_eq!(t.activations.len(), 1);
}

#[test]
fn kt_9_after_a_retreat_no_charge_and_only_snap_fire() {
    let data = data();
    let g = of(&data, "guardsman");
    let t = taking(&data, &g, &[Act::Retreat]);
    let (rule, why) = refused(&data, &g, &t, Act::CloseCombat);
    assert_eq!(rule, "KT-9");
    assert!(why.contains("no charge after a retreat"), "{why}");
    let note = g.check(&data, &t, Act::Shoot).expect("he may shoot");
    let note = Lang::En.msg(&note.expect("with a note"));
    assert!(note.contains("snap fire only"), "{note}");
    // Without a retreat, a shot has no condition.
    assert_eq!(
        g.check(&data, &SoldierTurn::default(), Act::Shoot),
        Ok(None)
    );
}

#[test]
fn kt_9_going_prone_is_free_and_standing_up_costs_an_action() {
    let data = data();
    let g = of(&data, "guardsman");
    let t = taking(&data, &g, &[Act::Shoot, Act::GoProne]);
    assert!(t.prone());
    assert_eq!(g.left(&data, &t), 1, "going prone cost nothing");
    // Decision: prone, he stands up before he moves.
    let (_, why) = refused(&data, &g, &t, Act::Move);
    assert!(why.contains("stands up first"), "{why}");
    // He may still shoot prone.
    assert!(g.check(&data, &t, Act::Shoot).is_ok());
    let t = g.take(&data, &t, Act::StandUp).expect("stands up").0;
    assert!(!t.prone());
    assert_eq!(g.left(&data, &t), 0, "standing up cost his second action");
    // A turn begun prone keeps him prone.
    let next = SoldierTurn::new(true);
    assert!(
        refused(&data, &g, &next, Act::CloseCombat)
            .1
            .contains("stands up first")
    );
    assert!(
        refused(&data, &g, &SoldierTurn::default(), Act::StandUp)
            .1
            .contains("not prone")
    );
}

#[test]
fn kt_14_a_single_grenade_a_turn() {
    let data = data();
    let s = of(&data, "tempestus_scion");
    let t = taking(&data, &s, &[Act::Grenade]);
    let (rule, _) = refused(&data, &s, &t, Act::Grenade);
    assert_eq!(rule, "KT-14");
}

#[test]
fn kt_18_a_scion_takes_three_never_three_the_same() {
    let data = data();
    let s = of(&data, "tempestus_scion");
    let t = taking(&data, &s, &[Act::Shoot, Act::Shoot]);
    let (rule, why) = refused(&data, &s, &t, Act::Shoot);
    assert_eq!(rule, "KT-18");
    assert!(
        why.contains("never three times the same action (Shoot)"),
        "{why}"
    );
    // A grenade is thrown as a shot: it counts as the third.
    assert_eq!(refused(&data, &s, &t, Act::Grenade).0, "KT-18");
    let t = taking(&data, &s, &[Act::Shoot, Act::Move, Act::Shoot]);
    assert_eq!(s.left(&data, &t), 0);
    assert_eq!(t.activations.len(), 1);
}

#[test]
fn kt_19_a_space_marine_takes_five_a_turn_three_in_a_row() {
    let data = data();
    let m = of(&data, "space_marine");
    assert_eq!(m.total(&data, &SoldierTurn::default()), 5);
    let t = taking(&data, &m, &[Act::Move, Act::Move]);
    // Never the same three times in a row.
    assert_eq!(refused(&data, &m, &t, Act::Move).0, "KT-19");
    let t = taking(&data, &m, &[Act::Move, Act::Move, Act::Shoot]);
    assert_eq!(t.activations.len(), 1);
    // A fourth action opens his next activation: never more than 3 in a row.
    let t = m.take(&data, &t, Act::Move).expect("the next activation").0;
    assert_eq!(t.activations.len(), 2);
    let t = m.take(&data, &t, Act::Move).expect("fifth").0;
    let (rule, why) = refused(&data, &m, &t, Act::Shoot);
    assert_eq!(rule, "KT-19");
    assert!(why.contains("5 actions"), "{why}");
}

#[test]
fn kt_19_a_terminator_takes_four_a_turn_one_at_a_time() {
    let data = data();
    let t800 = of(&data, "terminator");
    let t = taking(
        &data,
        &t800,
        &[Act::Move, Act::Shoot, Act::Shoot, Act::Move],
    );
    assert_eq!(t.activations.len(), 4, "one action per activation");
    assert_eq!(refused(&data, &t800, &t, Act::Move).0, "KT-19");
}

#[test]
fn kt_19_an_activation_ended_early_leaves_the_rest_for_the_next() {
    let data = data();
    let m = of(&data, "space_marine");
    let mut t = taking(&data, &m, &[Act::Move]);
    t.end_activation();
    let t = taking_from(&data, &m, t, &[Act::Shoot, Act::Shoot, Act::Move]);
    assert_eq!(t.activations.len(), 2);
    assert_eq!(m.left(&data, &t), 1);
}

fn taking_from(data: &KillTeamData, a: &Allowance, t: SoldierTurn, acts: &[Act]) -> SoldierTurn {
    acts.iter()
        .fold(t, |t, act| a.take(data, &t, *act).expect("allowed").0)
}

#[test]
fn kt_11_the_third_action_stratagem_costs_3_cp_and_never_three_the_same() {
    let data = data();
    let g = of(&data, "guardsman");
    // Bought during his activation only.
    let none = g
        .third_action(&data, &SoldierTurn::default(), 5)
        .expect_err("not activated");
    assert_eq!(none.rule, "KT-11");
    let t = taking(&data, &g, &[Act::Shoot, Act::Shoot]);
    let short = g.third_action(&data, &t, 2).expect_err("2 CP");
    assert!(Lang::En.problem(&short).contains("costs 3 command points"));
    let t = g.third_action(&data, &t, 3).expect("bought");
    assert_eq!(g.left(&data, &t), 1);
    assert!(g.third_action(&data, &t, 9).is_err(), "once an activation");
    let (rule, why) = refused(&data, &g, &t, Act::Shoot);
    assert_eq!(rule, "KT-11");
    assert!(why.contains("never three times the same"), "{why}");
    let t = g.take(&data, &t, Act::Move).expect("a different third").0;
    assert_eq!(g.left(&data, &t), 0);
    // A scion's activation is of three already.
    let s = of(&data, "tempestus_scion");
    let st = taking(&data, &s, &[Act::Move]);
    assert!(
        Lang::En
            .problem(&s.third_action(&data, &st, 9).expect_err("scion"))
            .contains("two actions")
    );
}

#[test]
fn eq_31_the_insignia_gives_one_action_and_leaves_the_sergeant_one() {
    let data = data();
    let mut sgt = soldier(1, "sergeant", "laspistol");
    sgt.items.push(carried("command_insignia"));
    let sa = allowance(&data, &sgt, 3).expect("sergeant");
    let ga = of(&data, "guardsman");
    let g = taking(&data, &ga, &[Act::Move, Act::Shoot]);
    let (gave, g) = give_insignia(&data, (&sa, &SoldierTurn::default()), (&ga, &g)).expect("given");
    assert_eq!(ga.left(&data, &g), 1, "his third action");
    assert_eq!(sa.total(&data, &gave), 1, "the sergeant keeps one action");
    // Once a turn.
    let again =
        give_insignia(&data, (&sa, &gave), (&ga, &SoldierTurn::default())).expect_err("twice");
    assert_eq!(again.rule, "EQ-31");
    // Not once the sergeant has taken two actions.
    let busy = taking(&data, &sa, &[Act::Move, Act::Shoot]);
    let p = give_insignia(&data, (&sa, &busy), (&ga, &SoldierTurn::default())).expect_err("spent");
    assert!(
        Lang::En.problem(&p).contains("more than 1 action"),
        "{}",
        Lang::En.problem(&p)
    );
    // Only from a sergeant who carries it.
    let bare = of(&data, "sergeant");
    assert_eq!(
        give_insignia(&data, (&bare, &SoldierTurn::default()), (&ga, &g))
            .expect_err("no insignia")
            .rule,
        "EQ-31"
    );
}

/// EQ-31 with KT-19: the insignia never lets a Space Marine take four
/// actions in a row nor a Terminator two at once; KT-19's limits hold
/// whatever the boost, and the sergeant keeps his action.
#[test]
fn kt_19_holds_whatever_the_insignia_gives() {
    let data = data();
    let mut sgt = soldier(1, "sergeant", "laspistol");
    sgt.items.push(carried("command_insignia"));
    let sa = allowance(&data, &sgt, 3).expect("sergeant");
    for (kind, row, most) in [
        ("space_marine", "3 in a row", 5),
        ("terminator", "1 in a row", 4),
    ] {
        let m = of(&data, kind);
        let t = taking(&data, &m, &[Act::Move]);
        let p = give_insignia(&data, (&sa, &SoldierTurn::default()), (&m, &t))
            .expect_err("no boost past KT-19");
        assert_eq!(p.rule, "KT-19");
        let why = Lang::En.problem(&p);
        assert!(
            why.contains(&format!("at most {most} actions a turn, {row}")),
            "{why}"
        );
    }
    // A forged turn with the boost in it still never goes past the row.
    let m = of(&data, "space_marine");
    let mut t = taking(&data, &m, &[Act::Move, Act::Shoot, Act::Move]);
    if let Some(a) = t.activations.last_mut() {
        a.boosts
            .push(muster::rules::killteam::activation::Boost::Insignia);
    }
    let t = m
        .take(&data, &t, Act::Shoot)
        .expect("in his next activation")
        .0;
    assert_eq!(t.activations.len(), 2, "never four in a row");
}

#[test]
fn rib_10_the_agility_move_is_free_and_straight_after_a_shot() {
    let data = data();
    let mut s = soldier(1, "guardsman", "lasgun");
    s.ribbon = Some("agility".into());
    let a = allowance(&data, &s, 3).expect("agile");
    assert_eq!(
        refused(&data, &a, &SoldierTurn::default(), Act::AgilityMove).0,
        "RIB-10"
    );
    let t = taking(&data, &a, &[Act::Shoot, Act::AgilityMove]);
    assert_eq!(a.left(&data, &t), 1, "the move was free");
    assert!(
        a.check(&data, &t, Act::AgilityMove).is_err(),
        "one per shot"
    );
    let t = taking_from(&data, &a, t, &[Act::Shoot, Act::AgilityMove]);
    assert_eq!(a.left(&data, &t), 0);
    // Without the ribbon, no free move.
    assert!(
        of(&data, "guardsman")
            .check(&data, &taking(&data, &a, &[Act::Shoot]), Act::AgilityMove)
            .is_err()
    );
}

#[test]
fn rib_11_the_unkillable_on_his_last_wound_has_one_more() {
    let data = data();
    let mut s = soldier(1, "guardsman", "lasgun");
    s.ribbon = Some("unkillable".into());
    let last = allowance(&data, &s, 1).expect("on his last wound");
    let t = taking(&data, &last, &[Act::Move, Act::Shoot, Act::Shoot]);
    assert_eq!(
        t.activations.len(),
        2,
        "the free one at the end of the turn"
    );
    assert_eq!(
        allowance(&data, &s, 2)
            .expect("2 wounds")
            .total(&data, &SoldierTurn::default()),
        2
    );
    // Out of action: nothing.
    let out = allowance(&data, &s, 0).expect("out");
    assert_eq!(
        refused(&data, &out, &SoldierTurn::default(), Act::Move).0,
        "KT-9"
    );
}

#[test]
fn kt_9_take_back_returns_the_last_action() {
    let data = data();
    let g = of(&data, "guardsman");
    let mut t = taking(&data, &g, &[Act::Retreat, Act::Shoot]);
    assert_eq!(t.take_back(), Some(Act::Shoot));
    assert_eq!(t.take_back(), Some(Act::Retreat));
    assert!(t.activations.is_empty());
    assert!(
        g.check(&data, &t, Act::CloseCombat).is_ok(),
        "the retreat is gone"
    );
}

/// Takes `acts` in a new activation opened as the table's `seq`-th this
/// turn (`seq` right after his last: nothing activated between).
fn opened_as(
    data: &KillTeamData,
    a: &Allowance,
    t: SoldierTurn,
    seq: u32,
    acts: &[Act],
) -> Result<SoldierTurn, (String, String)> {
    let mut a = a.clone();
    a.next_seq = seq;
    let mut t = t;
    t.end_activation();
    acts.iter().try_fold(t, |t, act| {
        a.take(data, &t, *act)
            .map(|(t, _)| t)
            .map_err(|p| (p.rule.to_string(), Lang::En.problem(&p)))
    })
}

#[test]
fn kt_18_a_scion_never_takes_the_same_action_three_times_in_the_turn() {
    let data = data();
    // An Unkillable scion on his last wound: his three, then the free one
    // at the end of the turn, in an activation of its own (RIB-11).
    let mut scion = soldier(1, "tempestus_scion", "hot_shot_lasgun");
    scion.ribbon = Some("unkillable".into());
    let s = allowance(&data, &scion, 1).expect("on his last wound");
    let t = taking(&data, &s, &[Act::Shoot, Act::Move, Act::Shoot]);
    assert_eq!(s.left(&data, &t), 1, "the free one left");
    // A third shot is still the turn's third (« jamais trois fois la
    // même » in the turn), whatever activation it opens.
    let p = s.check(&data, &t, Act::Shoot).expect_err("third shot");
    assert_eq!(p.rule, "KT-18");
    assert!(Lang::En.problem(&p).contains("(Shoot) in a turn"));
    assert!(s.check(&data, &t, Act::Move).is_ok());
    // The other reading counts one activation.
    let mut other = s.clone();
    other.three_same_within = SameWithin::Activation;
    assert!(other.check(&data, &t, Act::Shoot).is_ok());
}

#[test]
fn kt_19_a_space_marine_s_row_runs_on_across_his_own_activations() {
    let data = data();
    let m = of(&data, "space_marine");
    let two = opened_as(
        &data,
        &m,
        SoldierTurn::default(),
        1,
        &[Act::Move, Act::Shoot],
    )
    .expect("two");
    // Straight after his own (seq 2): one more makes three in a row, a
    // fourth is refused.
    let three = opened_as(&data, &m, two.clone(), 2, &[Act::Move]).expect("the third in a row");
    let (rule, why) = opened_as(&data, &m, three.clone(), 3, &[Act::Shoot]).expect_err("fourth");
    assert_eq!(rule, "KT-19");
    assert!(
        why.contains("never more than 3 actions in a row: another model activates"),
        "{why}"
    );
    // Once another model activated (his next the table's 4th after his
    // 2nd), a new row.
    let t = opened_as(&data, &m, three, 4, &[Act::Shoot, Act::Move]).expect("a new row");
    assert_eq!(m.left(&data, &t), 0);
    // Never three the same in the row, across activations; after another
    // model's activation, the same action again.
    let moved = opened_as(
        &data,
        &m,
        SoldierTurn::default(),
        1,
        &[Act::Move, Act::Move],
    )
    .expect("two moves");
    let (rule, why) = opened_as(&data, &m, moved.clone(), 2, &[Act::Move]).expect_err("third");
    assert_eq!(rule, "KT-19");
    assert!(
        why.contains("(Move) in a row of consecutive actions"),
        "{why}"
    );
    assert!(opened_as(&data, &m, moved, 3, &[Act::Move]).is_ok());
    // The other reading: each activation begins its row.
    let mut other = m.clone();
    other.rows_span_activations = false;
    let t = opened_as(&data, &other, two, 2, &[Act::Move, Act::Shoot, Act::Move]);
    assert_eq!(t.map(|t| t.spent()), Ok(5));
}

#[test]
fn kt_19_a_terminator_waits_for_another_model_between_two_actions() {
    let data = data();
    let t800 = of(&data, "terminator");
    let one = opened_as(&data, &t800, SoldierTurn::default(), 1, &[Act::Move]).expect("one");
    let (rule, _) = opened_as(&data, &t800, one.clone(), 2, &[Act::Shoot]).expect_err("second");
    assert_eq!(rule, "KT-19");
    let t = opened_as(&data, &t800, one, 3, &[Act::Shoot]).expect("after another model");
    assert_eq!(t.activations.len(), 2);
}
