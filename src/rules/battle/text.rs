//! A fight described in words, for the exported battle log: who, with
//! which profiles, modifiers and range, as message keys.

use super::Fight;
use super::scenario::Scenario;
use super::table_roll::TableRoll;
use crate::rules::close_combat::odds::{CcModifier, Fighter};
use crate::rules::close_combat::roll::{self, Claws, MeleeRoll};
use crate::rules::core::msg::Msg;
use crate::rules::killteam::odds::KtModifier;

/// The key naming a close-combat modifier (CC-9).
pub fn cc_modifier_key(m: CcModifier) -> &'static str {
    match m {
        CcModifier::Charging => "battle.cc.charging",
        CcModifier::Frenzied => "battle.cc.frenzied",
        CcModifier::HigherPosition => "battle.cc.higher_position",
        CcModifier::FollowedUp => "battle.cc.followed_up",
        CcModifier::DefendedObstacle => "battle.cc.defended_obstacle",
        CcModifier::TwoWeapons => "battle.cc.two_weapons",
        CcModifier::WrongHand => "battle.cc.wrong_hand",
        CcModifier::Improvised => "battle.cc.improvised",
    }
}

/// The key naming a kill-team shooting modifier.
pub fn kt_modifier_key(m: KtModifier) -> &'static str {
    match m {
        KtModifier::Night => "battle.kt.night",
        KtModifier::Sight => "battle.kt.sight",
        KtModifier::Marksman => "battle.kt.marksman",
        KtModifier::Vox => "battle.kt.vox",
        KtModifier::Sling => "battle.kt.sling",
        KtModifier::Smoke => "battle.kt.smoke",
        KtModifier::Dazzled => "battle.kt.dazzled",
        KtModifier::AssaultMoving => "battle.kt.assault_moving",
        KtModifier::SnapFire => "battle.kt.snap_fire",
        KtModifier::HigherPosition => "battle.kt.higher_position",
        KtModifier::Prone => "battle.kt.prone",
        KtModifier::Auspex => "battle.kt.auspex",
        KtModifier::NightVision => "battle.kt.night_vision",
        KtModifier::GasMask => "battle.kt.gas_mask",
        KtModifier::Torch => "battle.kt.torch",
        KtModifier::Cloak => "battle.kt.cloak",
    }
}

/// A value or "none".
fn opt(v: Option<impl std::fmt::Display>) -> Msg {
    match v {
        Some(v) => Msg::new("situation.value").text("v", v.to_string()),
        None => Msg::new("situation.none"),
    }
}

/// A weapon's own save modifier (CC-12), or nothing when its blows modify
/// saves by their S; `key` words it for its place.
fn own_save(key: &'static str, m: Option<impl std::fmt::Display>) -> Msg {
    match m {
        Some(m) => Msg::new(key).text("m", m.to_string()),
        None => Msg::new("situation.empty"),
    }
}

/// A save: "4+" or "none".
fn save(v: Option<impl std::fmt::Display>) -> Msg {
    match v {
        Some(v) => Msg::new("situation.save").text("v", v.to_string()),
        None => Msg::new("situation.none"),
    }
}

fn list(keys: Vec<&'static str>) -> Msg {
    if keys.is_empty() {
        Msg::new("situation.none")
    } else {
        Msg::new("situation.list").list("items", keys.into_iter().map(Msg::new).collect())
    }
}

/// A side of a round: its models, the same profiles counted together.
fn side(models: &[Fighter]) -> Msg {
    let mut groups: Vec<(&Fighter, usize)> = Vec::new();
    for m in models {
        match groups.last_mut() {
            Some((g, n)) if *g == m => *n += 1,
            _ => groups.push((m, 1)),
        }
    }
    let items = groups.into_iter().map(|(m, n)| model(m, n)).collect();
    Msg::new("situation.list").list("items", items)
}

/// `count` models of one profile.
fn model(m: &Fighter, count: usize) -> Msg {
    Msg::new("situation.model")
        .int("count", count)
        .int("ws", m.ws)
        .int("s", m.s)
        .msg("weapon_s", opt(m.weapon_s))
        .msg(
            "own_save",
            own_save("situation.model_own_save", m.weapon_save_modifier),
        )
        .int("a", m.a)
        .int("t", m.t)
        .int("w", m.w)
        .int("i", m.i)
        .msg("save", save(m.save))
        .msg(
            "modifiers",
            list(m.modifiers.iter().map(|&x| cc_modifier_key(x)).collect()),
        )
}

impl Fight {
    /// The situation in words: who, their profiles, modifiers, range.
    pub fn describe(&self) -> Msg {
        match self {
            Self::Attack(Scenario::CloseCombat(s)) => Msg::new("situation.cc")
                .int("ws", s.attacker.ws)
                .int("s", s.attacker.s)
                .int("a", s.attacker.a)
                .msg("weapon_s", opt(s.attacker.weapon_s))
                .msg(
                    "own_save",
                    own_save("situation.cc_own_save", s.attacker.weapon_save_modifier),
                )
                .int("dws", s.defender.ws)
                .int("t", s.defender.t)
                .msg("save", save(s.defender.save))
                .msg(
                    "modifiers",
                    list(s.modifiers.iter().map(|&m| cc_modifier_key(m)).collect()),
                )
                .key(
                    "helpless",
                    if s.helpless {
                        "situation.helpless"
                    } else {
                        "situation.empty"
                    },
                ),
            Self::Attack(Scenario::KillteamShooting(s)) => Msg::new("situation.shot")
                .int("range", s.range)
                .text("shots", s.weapon.shots.to_string())
                .int("s", s.weapon.s)
                .int("ap", s.weapon.ap)
                .text("damage", s.weapon.damage.to_string())
                .int("t", s.target.t)
                .msg("save", save(s.target.save))
                .key(
                    "cover",
                    if s.target.cover {
                        "situation.cover"
                    } else {
                        "situation.empty"
                    },
                )
                .msg("wounds", opt(s.target.wounds))
                .msg(
                    "modifiers",
                    list(s.modifiers.iter().map(|&m| kt_modifier_key(m)).collect()),
                ),
            Self::Attack(Scenario::KillteamCloseCombat(s)) => Msg::new("situation.kt_cc")
                .int("score", s.close_combat)
                .text("attacks", s.attacks.to_string())
                .int("s", s.s)
                .int("ap", s.ap)
                .text("damage", s.damage.to_string())
                .int("t", s.target.t)
                .msg("save", save(s.target.save))
                .msg("wounds", opt(s.target.wounds))
                .msg(
                    "modifiers",
                    list(s.modifiers.iter().map(|&m| kt_modifier_key(m)).collect()),
                ),
            Self::Attack(Scenario::RtShooting(r)) => rt_shot(r),
            Self::Psychic(a) => Msg::new("situation.psychic")
                .text("power", a.power.power.trim())
                .text("psyker", a.power.psyker.trim())
                .int("hits", a.hits)
                .msg("s", opt(a.strength))
                .int("t", a.target.t)
                .int("w", a.target.w)
                .msg("save", save(a.target.save))
                .int("models", a.target.models),
            Self::Units(first, second) => Msg::new("situation.units")
                .msg("first", side(first))
                .msg("second", side(second)),
            Self::Table(t) => table(t),
            Self::Test(t) => Msg::new("situation.test")
                .key("test", t.kind.key())
                .int("value", t.value),
        }
    }
}

/// A Rogue Trader shot in words.
fn rt_shot(r: &crate::rules::battle::scenario::RtShootingScenario) -> Msg {
    let w = &r.weapon;
    let shots = if w.sustained > 0 {
        Msg::new("situation.rt_sustained").int("dice", w.sustained)
    } else {
        Msg::new("situation.value").text("v", w.shots.to_string())
    };
    Msg::new("situation.rt_shot")
        .int("range", r.range)
        .int("bs", r.shooter.bs)
        .int("s", w.s.unwrap_or(r.shooter.s))
        .int("short", w.range[0])
        .int("long", w.range[1])
        .text("to_hit", format!("{:+}/{:+}", w.to_hit[0], w.to_hit[1]))
        .msg("shots", shots)
        .msg("sm", opt(w.save_modifier))
        .text("damage", w.damage.to_string())
        .int("t", r.target.t)
        .msg("save", save(r.target.save))
        .msg("wounds", opt(r.target.wounds))
        .msg(
            "modifiers",
            list(r.modifiers.iter().map(|m| m.key()).collect()),
        )
}

fn table(t: &TableRoll) -> Msg {
    match t {
        TableRoll::RobotAim { int } => Msg::new("situation.robot_aim").int("int", *int),
        TableRoll::RobotDamage { lost } => Msg::new("situation.robot_damage").int("lost", *lost),
        TableRoll::RobotMalfunction { one_in } => {
            Msg::new("situation.robot_malfunction").int("one_in", *one_in)
        }
        TableRoll::RobotBurningSmell => Msg::new("situation.robot_burning_smell"),
        TableRoll::FlyerGather { turns } => Msg::new("situation.flyer_gather").int("turns", *turns),
        TableRoll::FlyerDrop { level } => Msg::new("situation.flyer_drop").int("level", level.0),
        TableRoll::FlyerCrash {
            level,
            falling_t,
            target_t,
        } => Msg::new("situation.flyer_crash")
            .int("level", level.0)
            .int("t", *falling_t)
            .msg("target_t", opt(*target_t)),
        TableRoll::Jump(j) => Msg::new("situation.jump")
            .int("across", j.across)
            .int("from", j.from_height)
            .int("to", j.to_height),
        TableRoll::Grenade(g) => Msg::new("situation.grenade")
            .int("range", g.range)
            .int("s", g.s)
            .int("ap", g.ap)
            .int("t", g.t)
            .msg("save", save(g.save)),
        TableRoll::Charge(c) => Msg::new("situation.charge")
            .int("distance", c.distance)
            .key(
                "bayonet",
                if c.bayonet {
                    "situation.bayonet"
                } else {
                    "situation.empty"
                },
            ),
        TableRoll::Initiative { players } => {
            Msg::new("situation.initiative").int("players", *players)
        }
        TableRoll::Melee(m) => melee(m),
    }
}

fn melee(m: &MeleeRoll) -> Msg {
    match m {
        MeleeRoll::StayTest { ld } => Msg::new("situation.stay_test").int("ld", *ld),
        MeleeRoll::BreakOff { ld, m, robot } => Msg::new("situation.break_off")
            .int("ld", *ld)
            .int("m", *m)
            .key(
                "robot",
                if *robot {
                    "situation.robot_no_rout"
                } else {
                    "situation.empty"
                },
            ),
        MeleeRoll::FreeBlow { by, on } => Msg::new("situation.free_blow")
            .msg("by", model(by, 1))
            .msg("on", model(on, 1)),
        MeleeRoll::Devil(d) => Msg::new("situation.devil")
            .text("size", d.size.as_str())
            .key(
                "claws",
                match d.claws {
                    Claws::None => "situation.claws.none",
                    Claws::Claws => "situation.claws.claws",
                    Claws::Fiddler => "situation.claws.fiddler",
                    Claws::Unknown => "situation.claws.unknown",
                },
            )
            .msg("by", model(&d.by, 1))
            .msg("on", model(&d.on, 1))
            .key(
                "living",
                if d.living {
                    "situation.living"
                } else {
                    "situation.empty"
                },
            ),
        MeleeRoll::Test {
            characteristic,
            value,
        } => Msg::new("situation.test")
            .key("test", roll::characteristic_key(*characteristic))
            .int("value", *value),
    }
}
