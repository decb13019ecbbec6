//! Words a player reads in the battle log: every fight of every mode the
//! rules data offers (close combat, kill-team shots, psychic powers, units,
//! robots, flyers), rolled and its lines rendered in English and in French,
//! holds no rule-data id, raw dice expression or placeholder left empty
//! (the checks of `i18n`).

use std::collections::BTreeSet;

use crate::common::rules;
use crate::i18n::check;
use muster::i18n::Lang;
use muster::rules::battle::Fight;
use muster::rules::battle::scenario::Scenario;
use muster::rules::close_combat::odds::Fighter;
use muster::rules::{Msg, RulesData};

/// A close-combat attack or a kill-team shot, as `muster odds` reads it.
fn scenario(json: serde_json::Value) -> Fight {
    Fight::Attack(Scenario::parse(&json.to_string()).expect("scenario"))
}

fn fighter(ws: i32, s: i32, a: u32, t: i32, w: u32, save: Option<i32>) -> Fighter {
    Fighter {
        ws,
        s,
        weapon_s: None,
        weapon_save_modifier: None,
        a,
        t,
        w,
        i: 3,
        save,
        modifiers: Vec::new(),
    }
}

/// Close-combat attacks: plain, saved, helpless, with modifiers, and the
/// blows that need a 6 then a second die (CC-10).
fn close_combat_fights() -> Vec<Fight> {
    let mut fights = Vec::new();
    for (ws, dws, a, save, helpless) in [
        (4, 3, 1, None, false),
        (5, 3, 3, Some(4), false),
        (3, 3, 2, Some(6), true),
        (1, 10, 4, None, false),
    ] {
        fights.push(scenario(serde_json::json!({
            "kind": "close_combat",
            "attacker": {"ws": ws, "s": 4, "a": a, "weapon_s": 5},
            "defender": {"ws": dws, "t": 3, "save": save},
            "modifiers": ["charging", "two_weapons"],
            "helpless": helpless,
        })));
    }
    fights
}

/// Kill-team shots of every class: fixed and dice shots, multi-damage,
/// flame, cover, two save dice, wounds left, each ribbon of the data.
fn killteam_fights(rules: &RulesData) -> Vec<Fight> {
    let mut fights = Vec::new();
    let classes = ["normal", "sniper", "indirect"];
    let shots = [
        serde_json::json!(1),
        serde_json::json!(3),
        serde_json::json!("D6"),
        serde_json::json!("2D6"),
    ];
    let damage = [
        serde_json::json!(1),
        serde_json::json!(2),
        serde_json::json!("D3"),
    ];
    let ribbons = rules
        .killteam
        .ribbons
        .iter()
        .map(|r| Some(r.id.clone()))
        .chain([None]);
    for (k, ribbon) in ribbons.enumerate() {
        let class = classes[k % classes.len()];
        let mut target = serde_json::json!({"t": 3, "save": 5, "cover": k % 2 == 0});
        if k % 3 == 0 {
            target["wounds"] = serde_json::json!(1 + k % 3);
            target["save_dice"] = serde_json::json!(2);
        }
        let mut json = serde_json::json!({
            "kind": "killteam_shooting",
            "range": 8 + k % 10,
            "weapon": {
                "class": class,
                "shots": shots[k % shots.len()],
                "s": 3 + k % 5,
                "ap": -i64::try_from(k % 3).expect("small"),
                "damage": damage[k % damage.len()],
                "flame": k % 4 == 1,
            },
            "target": target,
            "modifiers": ["night", "snap_fire"],
        });
        if let Some(r) = ribbon {
            json["shooter_ribbon"] = serde_json::json!(r);
        }
        fights.push(scenario(json));
    }
    fights
}

/// Psychic attacks of each kind and scope, fixed and dice damage, tested
/// or not, against a vehicle or not.
fn psychic_fights() -> Vec<Fight> {
    use muster::rules::close_combat::data::Damage;
    use muster::rules::core::dice::DiceSpec;
    use muster::rules::psychic::attack::{PowerTest, PsychicAttack, VehicleTarget};
    use muster::rules::psychic::play::{AttackKind, Scope};
    let mut fights = Vec::new();
    for (k, kind) in [
        AttackKind::FirstInPath,
        AttackKind::Line,
        AttackKind::Template,
    ]
    .into_iter()
    .enumerate()
    {
        for (j, scope) in [Scope::Individual, Scope::Squad].into_iter().enumerate() {
            let mut a = PsychicAttack {
                kind,
                scope,
                hits: 1 + u32::try_from(k + j).expect("small"),
                damage: if j == 0 {
                    Damage::Fixed(1)
                } else {
                    Damage::Dice(DiceSpec { count: 1, sides: 3 })
                },
                double: k == 1,
                test: (k == 2).then_some(PowerTest {
                    characteristic: 7,
                    dice: 2,
                    or_equal: j == 1,
                }),
                ..PsychicAttack::default()
            };
            a.power.power = "Éclair".to_owned();
            a.power.psyker = "Vorn".to_owned();
            a.target.models = 1 + u32::try_from(j * 4).expect("small");
            a.target.w = 1 + u32::try_from(k).expect("small");
            a.target.save = (j == 1).then_some(5);
            fights.push(Fight::Psychic(Box::new(a.clone())));
            a.vehicle = Some(VehicleTarget {
                armour: 10,
                crossed: 1 + u32::try_from(k).expect("small"),
                card_covers: j == 0,
            });
            fights.push(Fight::Psychic(Box::new(a)));
        }
    }
    fights
}

/// Units' rounds, the tables of robots, flyers, kill-team actions and
/// close combat, and the characteristic tests.
fn other_fights(rules: &RulesData) -> Vec<Fight> {
    use muster::rules::battle::table_roll::TableRoll;
    use muster::rules::characters::units::{UnitTest, UnitTestKind};
    use muster::rules::close_combat::roll::{Claws, DevilAttack, MeleeRoll};
    use muster::rules::core::characteristic::Characteristic;
    use muster::rules::flyers::Level;
    let one = fighter(4, 4, 1, 3, 1, None);
    let mut fights = vec![
        Fight::Units(vec![one.clone()], vec![one.clone()]),
        Fight::Units(
            vec![fighter(5, 4, 2, 4, 2, Some(4)); 3],
            vec![one.clone(), fighter(3, 3, 1, 3, 3, Some(5))],
        ),
        Fight::Table(TableRoll::RobotAim { int: 5 }),
        Fight::Table(TableRoll::RobotDamage { lost: 1 }),
        Fight::Table(TableRoll::RobotDamage { lost: 3 }),
        Fight::Table(TableRoll::RobotMalfunction { one_in: 6 }),
        Fight::Table(TableRoll::FlyerDrop { level: Level(2) }),
        Fight::Table(TableRoll::FlyerCrash {
            level: Level(3),
            falling_t: 4,
            target_t: Some(3),
        }),
        Fight::Table(TableRoll::FlyerCrash {
            level: Level(1),
            falling_t: 6,
            target_t: None,
        }),
        Fight::Table(TableRoll::Initiative { players: 3 }),
        Fight::Table(TableRoll::Melee(MeleeRoll::StayTest { ld: 7 })),
        Fight::Table(TableRoll::Melee(MeleeRoll::BreakOff {
            ld: 7,
            m: 4,
            robot: true,
        })),
        Fight::Table(TableRoll::Melee(MeleeRoll::FreeBlow {
            by: one.clone(),
            on: one.clone(),
        })),
    ];
    for kind in ["jump", "rope_swing", "parachute"] {
        fights.push(Fight::Table(TableRoll::Jump(
            serde_json::from_value(serde_json::json!({
                "kind": kind, "across": 2, "from_height": 4, "to_height": 1
            }))
            .expect("jump"),
        )));
    }
    for (shots, damage) in [
        (serde_json::json!(1), serde_json::json!(1)),
        (serde_json::json!("D6"), serde_json::json!("D3")),
    ] {
        fights.push(Fight::Table(TableRoll::Grenade(
            serde_json::from_value(serde_json::json!({
                "shots": shots, "s": 3, "ap": -1, "damage": damage, "range": 6,
                "t": 3, "save": 5, "cover": false, "modifiers": [], "wounds_left": 2,
                "thrower": {
                    "strength": 3, "stick": shots == serde_json::json!(1), "grenadier": true,
                    "sees_target": true, "grenade_actions_taken": 0
                }
            }))
            .expect("grenade"),
        )));
    }
    for bayonet in [false, true] {
        fights.push(Fight::Table(TableRoll::Charge(
            serde_json::from_value(serde_json::json!({"distance": 6, "bayonet": bayonet}))
                .expect("charge"),
        )));
    }
    for size in rules
        .close_combat
        .catachan_devil
        .sizes
        .iter()
        .map(|s| s.size)
    {
        // CC-19: only the large devil may have extra claws.
        let claws: &[Claws] = if size == muster::rules::close_combat::Size::Large {
            &[Claws::None, Claws::Claws, Claws::Fiddler, Claws::Unknown]
        } else {
            &[Claws::None]
        };
        for &claws in claws {
            fights.push(Fight::Table(TableRoll::Melee(MeleeRoll::Devil(
                DevilAttack {
                    size,
                    claws,
                    by: fighter(4, 5, 2, 4, 2, None),
                    on: one.clone(),
                    living: claws != Claws::Fiddler,
                },
            ))));
        }
    }
    for c in [
        Characteristic::Ld,
        Characteristic::Int,
        Characteristic::Cl,
        Characteristic::WP,
    ] {
        fights.push(Fight::Table(TableRoll::Melee(MeleeRoll::Test {
            characteristic: c,
            value: 7,
        })));
    }
    for kind in [
        UnitTestKind::Rout,
        UnitTestKind::Stay,
        UnitTestKind::Psychology,
    ] {
        fights.push(Fight::Test(UnitTest { kind, value: 7 }));
    }
    fights
}

/// The battle log: every kind of fight the engine rolls, over several
/// seeds; each entry's situation, result, wounds badge and the summary.
#[test]
fn every_battle_log_line_reads_as_words_in_both_languages() {
    use muster::rules::core::dice::seeded;
    let rules = rules();
    let fights: Vec<Fight> = close_combat_fights()
        .into_iter()
        .chain(killteam_fights(rules))
        .chain(psychic_fights())
        .chain(other_fights(rules))
        .collect();
    let mut messages = Vec::new();
    let mut refused = BTreeSet::new();
    for (k, fight) in fights.iter().enumerate() {
        messages.push(fight.describe());
        for seed in 0..12 {
            match fight.roll(rules, &mut seeded(seed)) {
                Ok(r) => {
                    messages.push(Msg::new("battle.wounds_badge").int("count", r.wounds));
                    messages.push(r.result);
                }
                Err(p) => {
                    refused.insert(format!("#{k} {fight:?}: {}", Lang::En.problem_line(&p)));
                }
            }
        }
    }
    assert!(
        refused.is_empty(),
        "{}",
        refused.into_iter().collect::<Vec<_>>().join("\n")
    );
    assert!(messages.len() > 500, "the sweep rolls: {}", messages.len());
    let found = check(&[], &messages);
    assert!(
        found.is_empty(),
        "{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}
