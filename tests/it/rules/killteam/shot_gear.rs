//! A soldier's equipment and ribbon feed the shot on their own (KT-13,
//! KT-16, EQ-*, RIB-12), the Decisions of the shooting and close-combat
//! limits come from the data (KT-13, KT-16, KT-19, CC-10, CC-12), and a
//! modifier listed twice counts once in the engine and is refused in a
//! scenario file.

use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::battle::scenario::Scenario;
use muster::rules::battle::scenario::ScenarioKind;
use muster::rules::close_combat::odds::{Blows, CcModifier, CcWeaponProfile, close_combat};
use muster::rules::core::dist::fixed;
use muster::rules::data::RulesData;
use muster::rules::killteam::data::KtModifier;
use muster::rules::killteam::odds::{KtShot, ShotClass, killteam_attack};
use muster::rules::killteam::shot_gear::{GearSource, ShotSide, shot_gear, shot_modifiers};
use muster::rules::killteam::{Carried, Soldier};

fn soldier(items: &[&str], ribbon: Option<&str>) -> Soldier {
    Soldier {
        id: 1,
        name: "Vask".to_owned(),
        kind: "guardsman".into(),
        weapon: "lasgun".into(),
        items: items
            .iter()
            .map(|i| Carried {
                item: (*i).into(),
                weapon: None,
            })
            .collect(),
        ribbon: ribbon.map(Into::into),
    }
}

/// A lasgun shot at `range` against T3 5+, in cover or not.
fn shot(range: u32, cover: bool, modifiers: Vec<KtModifier>) -> KtShot {
    KtShot {
        class: ShotClass::Normal,
        range_inches: range,
        shots: fixed(1),
        s: 3,
        ap: 0,
        damage: fixed(1),
        toughness: 3,
        save: Some(5),
        save_dice: 1,
        cover,
        flame: false,
        modifiers,
        wounds_left: None,
    }
}

/// The shot's odds with the soldiers' gear and the player's ticks.
fn odds_with(
    r: &RulesData,
    shooter: Option<&Soldier>,
    target: Option<&Soldier>,
    ticks: &[KtModifier],
    range: u32,
    cover: bool,
) -> muster::rules::core::odds::Odds {
    let m = shot_modifiers(&r.killteam, shooter, target, ticks);
    killteam_attack(r, &shot(range, cover, m)).expect("odds")
}

#[test]
fn kt_13_sight_and_marksman_of_the_shooter_count_without_a_tick() {
    // EQ-3, RIB-12
    let r = rules();
    let plain = soldier(&[], None);
    let sighted = soldier(&["sight"], Some("marksman"));
    // 18": 3+; sight and Marksman: 1+, an automatic hit.
    let o = odds_with(r, Some(&plain), None, &[], 18, false);
    assert_eq!(o.score_to_hit, Some(3));
    let o = odds_with(r, Some(&sighted), None, &[], 18, false);
    assert_eq!(o.score_to_hit, Some(1));
    // Each named by its item or ribbon.
    let gear = shot_gear(&r.killteam, Some(&sighted), None);
    assert!(
        gear.iter()
            .any(|g| g.source == GearSource::Item("sight".into()) && g.rule == "EQ-3")
    );
    assert!(
        gear.iter()
            .any(|g| g.source == GearSource::Ribbon("marksman".into()) && g.rule == "RIB-12")
    );
    // A soldier without the sight does not get it from a stale tick.
    let o = odds_with(r, Some(&plain), None, &[KtModifier::Sight], 18, false);
    assert_eq!(o.score_to_hit, Some(3));
}

#[test]
fn eq_1_a_torch_cancels_the_night_up_to_12_inches_only() {
    let r = rules();
    let torch = soldier(&["torch"], None);
    let night = [KtModifier::Night];
    // 12": 2+, night 3+; the torch takes the night away.
    assert_eq!(
        odds_with(r, None, None, &night, 12, false).score_to_hit,
        Some(3)
    );
    assert_eq!(
        odds_with(r, Some(&torch), None, &night, 12, false).score_to_hit,
        Some(2)
    );
    // At 13" it no longer reaches: 3+ then night 4+.
    assert_eq!(
        odds_with(r, Some(&torch), None, &night, 13, false).score_to_hit,
        Some(4)
    );
}

#[test]
fn eq_18_night_vision_cancels_the_night_at_any_range() {
    let r = rules();
    let goggles = soldier(&["night_vision"], None);
    let o = odds_with(r, Some(&goggles), None, &[KtModifier::Night], 30, false);
    assert_eq!(o.score_to_hit, Some(4), "30\": 4+, no night");
}

#[test]
fn eq_16_a_target_in_a_cloak_saves_better_in_cover_only() {
    let r = rules();
    let cloaked = soldier(&["cloak"], None);
    // In cover: 5+ save, cover 4+, cloak 3+.
    let bare = odds_with(r, None, None, &[], 18, true);
    assert_eq!(bare.score_to_save, Some(4));
    let o = odds_with(r, None, Some(&cloaked), &[], 18, true);
    assert_eq!(o.score_to_save, Some(3));
    assert!(o.unsaved < bare.unsaved);
    // In the open the cloak does nothing.
    let o = odds_with(r, None, Some(&cloaked), &[], 18, false);
    assert_eq!(o.score_to_save, Some(5));
    let gear = shot_gear(&r.killteam, None, Some(&cloaked));
    assert_eq!(gear[0].side, ShotSide::Target);
    assert_eq!(gear[0].rule, "EQ-16");
}

#[test]
fn eq_17_the_shooters_auspex_worsens_cover_within_12_inches() {
    let r = rules();
    let auspex = soldier(&["auspex"], None);
    let cloaked = soldier(&["cloak"], None);
    // Cover 4+; the auspex within 12" takes the cover away.
    let o = odds_with(r, Some(&auspex), None, &[], 10, true);
    assert_eq!(o.score_to_save, Some(5));
    let o = odds_with(r, Some(&auspex), None, &[], 14, true);
    assert_eq!(o.score_to_save, Some(4));
    // Cloak and auspex cancel out.
    let o = odds_with(r, Some(&auspex), Some(&cloaked), &[], 10, true);
    assert_eq!(o.score_to_save, Some(4));
}

#[test]
fn eq_19_the_shooters_gas_mask_ignores_the_flash_grenade_and_the_smoke() {
    let r = rules();
    let mask = soldier(&["gas_mask"], None);
    let dazzled = [KtModifier::Dazzled];
    assert_eq!(
        odds_with(r, None, None, &dazzled, 18, false).score_to_hit,
        Some(4)
    );
    assert_eq!(
        odds_with(r, Some(&mask), None, &dazzled, 18, false).score_to_hit,
        Some(3)
    );
    // The smoke of a target typed in by hand, ticked: ignored too.
    assert_eq!(
        odds_with(r, Some(&mask), None, &[KtModifier::Smoke], 18, false).score_to_hit,
        Some(3)
    );
}

#[test]
fn eq_12_eq_14_vox_and_sling_count_only_ticked_and_carried() {
    let r = rules();
    let vox = soldier(&["vox_radio"], None);
    let plain = soldier(&[], None);
    // 30": 4+; the vox used on this target: 2+.
    assert_eq!(
        odds_with(r, Some(&vox), None, &[], 30, false).score_to_hit,
        Some(4),
        "not used: no bonus"
    );
    assert_eq!(
        odds_with(r, Some(&vox), None, &[KtModifier::Vox], 30, false).score_to_hit,
        Some(2)
    );
    // Ticked without the radio: nothing.
    assert_eq!(
        odds_with(r, Some(&plain), None, &[KtModifier::Vox], 30, false).score_to_hit,
        Some(4)
    );
    let sling = soldier(&["sling"], None);
    assert_eq!(
        odds_with(r, Some(&sling), None, &[KtModifier::Sling], 30, false).score_to_hit,
        Some(3)
    );
    let gear = shot_gear(&r.killteam, Some(&vox), None);
    assert!(
        gear.iter()
            .any(|g| g.modifier == KtModifier::Vox && g.ticked)
    );
}

#[test]
fn eq_7_the_targets_smoke_counts_only_when_he_carries_the_grenade() {
    let r = rules();
    let smoke = soldier(&["smoke_grenade"], None);
    let plain = soldier(&[], None);
    let ticked = [KtModifier::Smoke];
    assert_eq!(
        odds_with(r, None, Some(&smoke), &ticked, 18, false).score_to_hit,
        Some(4)
    );
    assert_eq!(
        odds_with(r, None, Some(&plain), &ticked, 18, false).score_to_hit,
        Some(3)
    );
}

#[test]
fn kt_13_a_side_typed_in_keeps_every_tick() {
    let r = rules();
    let ticks = [
        KtModifier::Sight,
        KtModifier::Marksman,
        KtModifier::Cloak,
        KtModifier::Vox,
    ];
    let m = shot_modifiers(&r.killteam, None, None, &ticks);
    assert_eq!(m, ticks.to_vec());
    // A shooter picked decides his own side only: the cloak tick on a
    // typed target stays.
    let plain = soldier(&[], None);
    let m = shot_modifiers(&r.killteam, Some(&plain), None, &ticks);
    assert_eq!(m, vec![KtModifier::Cloak]);
}

#[test]
fn kt_16_the_targets_shield_and_armour_are_in_his_derived_save() {
    // EQ-24, EQ-26: the target's save as the odds take it.
    let r = rules();
    let shield =
        muster::rules::killteam::derive(&r.killteam, &soldier(&["shield"], None)).expect("derived");
    assert_eq!(shield.profile.save, 3);
    let armour =
        muster::rules::killteam::derive(&r.killteam, &soldier(&["armour"], None)).expect("derived");
    assert_eq!((armour.profile.save, armour.profile.toughness), (4, 4));
    // EQ-21: special ammunition in the derived weapon.
    let ammo =
        muster::rules::killteam::derive(&r.killteam, &soldier(&["special_ammunition"], None))
            .expect("derived");
    assert_eq!(ammo.weapons[0].ap, -2);
}

/// The rules with one section of a file changed.
fn with(file: &str, section: &str, key: &str, value: serde_json::Value) -> RulesData {
    let text = muster::rules::data::BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == file)
        .map(|(_, t)| *t)
        .expect("file");
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    v[section][key] = value;
    let (r, problems) =
        RulesData::with_overrides(&[(file.to_owned(), v.to_string())]).expect("rules");
    assert!(problems.is_empty(), "{problems:?}");
    r
}

#[test]
fn kt_13_the_score_that_cannot_hit_comes_from_the_data() {
    // 30" (4+) with night and flash: 6+, possible; with the limit at 6
    // (a changed Decision) it no longer is.
    let ticks = vec![KtModifier::Night, KtModifier::Dazzled];
    let o = killteam_attack(rules(), &shot(30, false, ticks.clone())).expect("odds");
    assert_eq!(o.score_to_hit, Some(6));
    let r = with("killteam.json", "limits", "cannot_hit_from", 6.into());
    let o = killteam_attack(&r, &shot(30, false, ticks)).expect("odds");
    assert_eq!((o.score_to_hit, o.hit), (None, 0.0));
}

#[test]
fn kt_19_the_2d6_save_floor_comes_from_the_data() {
    let mut s = shot(6, false, Vec::new());
    s.save = Some(2);
    s.save_dice = 2;
    let o = killteam_attack(rules(), &s).expect("odds");
    assert_eq!(o.score_to_save, Some(3), "a double 1 fails");
    let r = with(
        "killteam.json",
        "limits",
        "save_lowest_total_fails",
        false.into(),
    );
    let o = killteam_attack(&r, &s).expect("odds");
    assert_eq!(o.score_to_save, Some(2));
    assert!(o.unsaved.abs() < 1e-12);
}

#[test]
fn kt_19_the_2d6_save_limit_of_8_plus_comes_from_the_data() {
    let mut s = shot(6, false, Vec::new());
    s.save = Some(10);
    s.save_dice = 2;
    let o = killteam_attack(rules(), &s).expect("odds");
    assert_eq!(o.score_to_save, None, "10+ on 2D6 is beyond 8+: lost");
    let r = with("killteam.json", "limits", "dice_save_up_to", 12.into());
    let o = killteam_attack(&r, &s).expect("odds");
    assert_eq!(o.score_to_save, Some(10));
}

#[test]
fn cc_10_the_score_that_cannot_hit_comes_from_the_data() {
    // WS 1 against WS 10: 9+, a 6 then a 6.
    let go = |r: &RulesData| {
        close_combat(
            r,
            &Blows {
                attacker_ws: 1,
                strength: 4,
                weapon: CcWeaponProfile::default(),
                blows: 1,
                defender_ws: 10,
                toughness: 3,
                save: None,
                modifiers: &[],
                helpless: false,
            },
        )
        .expect("odds")
    };
    let o = go(rules());
    assert_eq!(o.score_to_hit, Some(9));
    assert!(o.hit > 0.0 && o.needs_consent);
    let r = with("close_combat.json", "limits", "cannot_hit_from", 9.into());
    let o = go(&r);
    assert_eq!((o.score_to_hit, o.hit, o.needs_consent), (None, 0.0, false));
}

#[test]
fn cc_10_the_battle_setting_refuses_seven_plus_to_ordinary_troops() {
    use muster::rules::close_combat::odds::consent_refusal;
    let r = rules();
    // WS 1 against WS 10 needs 9+: the game master's consent.
    let refusal = |character: bool, refuse: bool| {
        consent_refusal(r, 1, 10, &[], false, character, refuse).map(|p| p.kind)
    };
    // The setting off: anyone may try.
    assert_eq!(refusal(false, false), None);
    // On: an ordinary trooper is refused, a character may still try.
    assert_eq!(refusal(false, true), Some(ProblemKind::NoConsent));
    assert_eq!(refusal(true, true), None);
    let p = consent_refusal(r, 1, 10, &[], false, false, true).expect("refused");
    assert_eq!(p.rule, "CC-10");
    // A blow of 6+ needs no consent: never refused.
    assert_eq!(consent_refusal(r, 4, 4, &[], false, false, true), None);
    // A helpless defender counts as WS 1 (CC-8): WS 1 against him needs 4+.
    assert_eq!(consent_refusal(r, 1, 10, &[], true, false, true), None);
    // Past the data's "cannot hit", there is nothing to consent to.
    let r = with("close_combat.json", "limits", "cannot_hit_from", 9.into());
    assert_eq!(consent_refusal(&r, 1, 10, &[], false, false, true), None);
    // The setting's default is in the data (Decision: off).
    assert!(!rules().close_combat.limits.refuse_seven_plus_for_troops);
    let r = with(
        "close_combat.json",
        "limits",
        "refuse_seven_plus_for_troops",
        true.into(),
    );
    assert!(r.close_combat.limits.refuse_seven_plus_for_troops);
}

#[test]
fn cc_12_the_save_lost_from_comes_from_the_data() {
    // S3 against a 6+ save: unmodified, 6+ stands; lost from 6 it is gone.
    let go = |r: &RulesData| {
        close_combat(
            r,
            &Blows {
                attacker_ws: 5,
                strength: 3,
                weapon: CcWeaponProfile::default(),
                blows: 1,
                defender_ws: 3,
                toughness: 3,
                save: Some(6),
                modifiers: &[],
                helpless: false,
            },
        )
        .expect("odds")
    };
    assert_eq!(go(rules()).score_to_save, Some(6));
    let r = with("close_combat.json", "limits", "save_lost_from", 6.into());
    assert_eq!(go(&r).score_to_save, None);
}

#[test]
fn cc_9_a_modifier_listed_twice_counts_once_and_a_file_is_refused() {
    let r = rules();
    let blow = Blows {
        attacker_ws: 3,
        strength: 3,
        weapon: CcWeaponProfile::default(),
        blows: 1,
        defender_ws: 3,
        toughness: 3,
        save: None,
        modifiers: &[CcModifier::Charging],
        helpless: false,
    };
    let once = close_combat(r, &blow).expect("odds");
    let twice = close_combat(
        r,
        &Blows {
            modifiers: &[CcModifier::Charging, CcModifier::Charging],
            ..blow
        },
    )
    .expect("odds");
    assert_eq!(once, twice);
    let text = r#"{"kind": "close_combat",
        "attacker": {"ws": 3, "s": 3, "a": 1},
        "defender": {"ws": 3, "t": 3},
        "modifiers": ["charging", "charging"]}"#;
    let p = Scenario::parse(text)
        .expect("parses")
        .odds(r)
        .expect_err("refused");
    assert_eq!(p.kind, ProblemKind::ModifierRepeated);
    assert_eq!(p.get("field"), Some("modifiers[1]"));
    assert_eq!(p.get("modifier"), Some("charging"));
}

#[test]
fn a_shooting_file_with_a_modifier_twice_is_refused() {
    let r = rules();
    let text = r#"{"kind": "killteam_shooting", "range": 18,
        "weapon": {"class": "normal", "shots": 1, "s": 3},
        "target": {"t": 3, "save": 5},
        "modifiers": ["sight", "night", "sight"]}"#;
    let p = Scenario::parse(text)
        .expect("parses")
        .odds(r)
        .expect_err("refused");
    assert_eq!(p.get("field"), Some("modifiers[2]"));
    // The engine itself counts it once.
    let once = killteam_attack(r, &shot(18, false, vec![KtModifier::Sight])).expect("odds");
    let twice = killteam_attack(
        r,
        &shot(18, false, vec![KtModifier::Sight, KtModifier::Sight]),
    )
    .expect("odds");
    assert_eq!(once, twice);
}

#[test]
fn cc_9_muster_odds_refuses_a_modifier_listed_twice_with_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("scenario.json");
    std::fs::write(
        &file,
        r#"{"kind": "close_combat", "attacker": {"ws": 4, "s": 3, "a": 1},
 "defender": {"ws": 4, "t": 3}, "modifiers": ["charging", "charging"]}"#,
    )
    .expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .arg("odds")
        .arg(&file)
        .env("MUSTER_DATA_DIR", dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("modifiers[1]"), "{err}");
    assert!(err.contains("charging"), "{err}");
}

/// EQ-4: a combi-weapon joins a second weapon to the special weapon; firing
/// both, the other barrel is snap fire.
#[test]
fn eq_4_a_combi_weapon_fires_its_other_barrel_as_snap_fire() {
    use muster::rules::battle::scenario::{KtWeapon, Scenario, combi_shots};
    use muster::rules::core::odds::Odds;
    use muster::rules::killteam::shot_gear::combi_partner;
    let rules = super::rules();
    let data = &rules.killteam;
    let mut s = super::soldier(1, "special_weapon_trooper", "meltagun");
    assert!(
        combi_partner(data, &s, &"meltagun".into()).is_none(),
        "no combi"
    );
    s.items.push(muster::rules::killteam::Carried {
        item: "combi_weapon".into(),
        weapon: Some("plasma_gun".into()),
    });
    let other = combi_partner(data, &s, &"meltagun".into()).expect("the plasma gun");
    assert_eq!(other.id, "plasma_gun");
    assert_eq!(
        combi_partner(data, &s, &"plasma_gun".into())
            .expect("the melta")
            .id,
        "meltagun"
    );
    assert!(combi_partner(data, &s, &"lasgun".into()).is_none());
    // Both at 10": the meltagun normally (2+), the plasma gun as snap fire.
    let derived = muster::rules::killteam::derive(data, &s).expect("derived");
    let melta = derived
        .weapons
        .iter()
        .find(|w| w.id == "meltagun")
        .expect("melta");
    let shot = muster::rules::battle::scenario::ShootingScenario {
        kind: ScenarioKind::KillteamShooting,
        range: 10,
        weapon: KtWeapon::of(melta),
        target: serde_json::from_value(serde_json::json!({"t": 3, "save": 5, "cover": false}))
            .expect("target"),
        modifiers: vec![],
        shooter_ribbon: None,
    };
    let [first, second] = combi_shots(&shot, KtWeapon::of(&other));
    let odds = |s: &muster::rules::battle::scenario::ShootingScenario| -> Odds {
        Scenario::KillteamShooting(s.clone())
            .odds(rules)
            .expect("odds")
    };
    assert_eq!(odds(&first).score_to_hit, Some(2));
    assert_eq!(odds(&second).score_to_hit, Some(6), "snap fire needs a 6");
    assert_eq!(first.weapon, KtWeapon::of(melta));
    assert_eq!(second.weapon, KtWeapon::of(&other));
}
