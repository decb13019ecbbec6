//! The table as a compact list: with a whole enemy escort drawn, at
//! 1024×700, at least eight models show without scrolling; the list is
//! filtered by name or kind; once an attacker is picked he comes first,
//! then the models he can fight, each with its fight button.

use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::rules::campaign::ItemEdit;
use muster::rules::campaign::enemy;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Document as _, RulesData};
use muster::ui::Gui;

/// The example campaign at the table of its fourth mission, the whole
/// enemy escort drawn: the band's characters, the kill team's soldiers and
/// a dozen enemies and more.
pub(super) fn whole_escort(rules: &RulesData) -> Campaign {
    crate::common::example_campaign_at_the_table(rules)
}

/// The table at 1024×700, the campaign's screen shown.
fn at_1024(dir: &std::path::Path, c: &Campaign) -> Harness<'static, Gui> {
    super::showing_sized(dir, c, (1024.0, 700.0))
}

/// The "… attacks…" buttons wholly inside the window.
fn attack_buttons_in_view(h: &Harness<'_, Gui>) -> Vec<String> {
    h.query_all_by_role(Role::Button)
        .filter(|n| {
            let r = n.rect();
            r.min.y >= 0.0 && r.max.y <= 700.0
        })
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .filter(|l| l.ends_with(" attacks…"))
        .collect()
}

#[test]
fn the_compact_table_shows_eight_models_at_1024_by_700_and_finds_one_by_kind() {
    let rules = rules();
    let c = whole_escort(rules);
    let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    assert!(enemies >= 12, "a whole escort: {enemies}");
    let players = c.table.as_ref().map_or(0, |t| t.players.len());
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = at_1024(dir.path(), &c);
    let cards = attack_buttons_in_view(&h).len();

    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    let listed = attack_buttons_in_view(&h);
    assert!(
        listed.len() >= 8,
        "eight models or more in view, not {} ({cards} as cards): {listed:?}",
        listed.len()
    );
    assert!(
        h.query_by_label(&format!(
            "{} of {} models",
            enemies + players,
            enemies + players
        ))
        .is_some()
            || h.query_all_by_label_contains(" models").next().is_some()
    );

    // Found by kind: the enemy's table line, then by the player's name.
    let first = enemy::at(&c, 0).expect("drawn").names["en"].clone();
    h.get_by_role_and_label(Role::TextInput, "Find a model")
        .click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Find a model")
        .type_text(&first);
    h.run();
    let found = attack_buttons_in_view(&h);
    assert!(!found.is_empty(), "{first}");
    assert!(
        found.iter().all(|l| l.starts_with(&first)),
        "{first}: {found:?}"
    );
}

/// The whole escort's table as a list at 1024×700, its first character
/// picked as the attacker: the window, and his name.
fn listed_with_an_attacker(dir: &std::path::Path) -> (Harness<'static, Gui>, String) {
    let rules = rules();
    let c = whole_escort(rules);
    let mut h = at_1024(dir, &c);
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    let me = c.characters[0].name().to_owned();
    h.get_by_label(&format!("{me} attacks…")).click_accesskit();
    h.run();
    (h, me)
}

#[test]
fn a_picked_attacker_comes_first_then_the_models_he_can_fight() {
    let c = whole_escort(rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut h, me) = listed_with_an_attacker(dir.path());
    // His line first (its Cancel), then the enemy's, each offering a fight.
    let buttons: Vec<(String, f32)> = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| {
            n.accesskit_node()
                .label()
                .map(|l| (l.to_string(), n.rect().min.y))
        })
        .collect();
    let y_of = |prefix: &str| {
        buttons
            .iter()
            .filter(|(l, _)| l.starts_with(prefix))
            .map(|(_, y)| *y)
            .fold(f32::INFINITY, f32::min)
    };
    let enemy = enemy::names(&c, 0)["en"].clone();
    let against = format!("Close combat: {me} against ");
    let first_fight = y_of(&against);
    assert!(
        first_fight.is_finite(),
        "a close combat offered: {buttons:?}"
    );
    // Every other player's line comes after the enemy's lines.
    for x in c.characters.iter().skip(1) {
        if let Some(y) = buttons
            .iter()
            .find(|(l, _)| l.ends_with(&format!("Take {} out of action", x.name())))
            .map(|(_, y)| *y)
        {
            assert!(y > first_fight, "{} listed after the targets", x.name());
        }
    }
    assert!(
        h.query_all_by_label_contains("Target").next().is_some(),
        "the targets say so"
    );
    // A fight from the list opens the battle screen filled in.
    h.get_by_label(&format!("{against}{enemy}"))
        .click_accesskit();
    h.run();
    assert_eq!(
        h.state().app.model.screen,
        muster::app::Screen::Battle,
        "the fight opened"
    );
}

/// EQ-10 and KT-19 in the compact list: a soldier a flash grenade dazzled
/// says so in his state, by icon and word; a Space Marine's nine wound
/// boxes never push his "attacks…" button out of the column the others'
/// stand in.
#[test]
fn eq_10_kt_19_the_compact_list_keeps_states_and_its_buttons_in_line() {
    use muster::rules::campaign::Fighter;
    let rules = rules();
    let mut team = crate::common::example_team();
    for s in &mut team.soldiers {
        match s.name.as_str() {
            "Trooper Osk" => {
                s.kind = "space_marine".into();
                s.weapon = "bolter".into();
                s.ribbon = None;
                s.items.clear();
            }
            "Trooper Vell" => {
                s.items = vec![muster::rules::killteam::Carried {
                    item: "flash_grenade".into(),
                    weapon: None,
                }];
            }
            _ => {}
        }
    }
    let c = crate::common::team_at_the_table(&team, rules, |_| vec![]);
    let vell = crate::common::char_id(&c, "Trooper Vell");
    let enemy = Fighter::Enemy(0).id();
    let c = c
        .apply(
            E::Items(ItemEdit::UseItem {
                character: vell,
                item: "flash_grenade".into(),
                target: Some(enemy),
                roll: None,
            }),
            rules,
            &mut muster::rules::core::dice::seeded(1),
        )
        .expect("thrown")
        .0;
    assert!(c.table.as_ref().is_some_and(|t| t.dazzled_now(enemy)));
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1280.0, 800.0));
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    assert_eq!(
        h.query_all_by_label_contains("Dazzled").count(),
        1,
        "the enemy's line, and no other"
    );
    let x_of = |name: &str| {
        h.get_by_role_and_label(Role::Button, &format!("{name} attacks…"))
            .rect()
            .min
            .x
    };
    let osk = x_of("Trooper Osk");
    for other in ["Sergeant Hark", "Trooper Pell", "Trooper Rusk"] {
        assert!(
            (x_of(other) - osk).abs() < 1.0,
            "{other} against Osk's 9 boxes"
        );
    }
}

/// The table shown as a list stays a list: on the next mission's table and
/// after a restart, until the player picks the cards again.
#[test]
fn the_compact_list_is_remembered_after_a_restart() {
    let rules = rules();
    let c = whole_escort(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = at_1024(dir.path(), &c);
    // The list is the view with a search field.
    let listed = |h: &Harness<'_, Gui>| {
        h.query_by_role_and_label(Role::TextInput, "Find a model")
            .is_some()
    };
    assert!(!listed(&h), "cards at first");
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    assert!(listed(&h));
    assert!(h.state().app.prefs().compact_table);
    let prefs = h.state().app.prefs();
    drop(h);
    let mut h = crate::common::window_on(dir.path())
        .prefs(prefs)
        .size(1024.0, 700.0)
        .showing(muster::app::Screen::Campaign(c.id.clone()))
        .open();
    assert!(listed(&h), "still a list");
    h.get_by_role_and_label(Role::Tab, "Cards").click();
    h.run();
    assert!(!listed(&h));
    assert!(!h.state().app.prefs().compact_table);
}

/// Under the list, an escort's heading only where it says something the
/// list does not: the kill team's command points; a band with everyone at
/// the table has no empty heading.
#[test]
fn under_the_list_no_escort_heading_is_empty() {
    let rules = rules();
    let c = whole_escort(rules);
    let band = c
        .escorts
        .iter()
        .find(|e| e.kind == muster::rules::campaign::EscortKind::Band)
        .expect("a band")
        .player
        .clone();
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = at_1024(dir.path(), &c);
    let headings = |h: &Harness<'_, Gui>| {
        h.query_all_by_label(&band)
            .filter(|n| n.accesskit_node().role() == Role::Label)
            .count()
    };
    assert!(headings(&h) >= 1, "as cards, {band} heads his cards");
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    assert_eq!(headings(&h), 0, "no empty heading for {band}");
    assert!(
        h.query_all_by_label_contains("command point")
            .next()
            .is_some(),
        "the kill team's command points stay"
    );
}

/// In the list, the picked attacker comes first with his Cancel, and no
/// banner floats over the lines of his targets.
#[test]
fn in_the_list_no_banner_covers_the_targets() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (h, me) = listed_with_an_attacker(dir.path());
    // The banner's title ("… attacks") is nowhere: his line says it.
    assert_eq!(h.query_all_by_label(&format!("{me} attacks")).count(), 0);
    assert_eq!(
        h.query_all_by_role_and_label(Role::Button, "Cancel the attack")
            .count(),
        1,
        "his own line's Cancel"
    );
}

/// An attacker picked from the table fights the other side only: no fight
/// is offered against a model of his own (Inquisitor Vael against Sister
/// Oriel, a team-mate of another escort, nor a cultist against a cultist),
/// in the list as on the cards.
#[test]
fn an_attacker_is_offered_no_fight_against_his_own_side() {
    let c = whole_escort(rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut h, me) = listed_with_an_attacker(dir.path());
    let against = |h: &Harness<'_, Gui>, target: &str| -> usize {
        h.query_all_by_role(Role::Button)
            .filter(|n| {
                n.accesskit_node().label().is_some_and(|l| {
                    l.starts_with(&format!("Close combat: {me} against {target}"))
                        || l.starts_with(&format!("Psychic attack: {me} against {target}"))
                        || l.starts_with(&format!("{me} shoots {target} with"))
                })
            })
            .count()
    };
    let enemy = enemy::names(&c, 0)["en"].clone();
    assert!(against(&h, &enemy) >= 2, "fights against {enemy}");
    for friend in ["Sister Oriel", "Trooper Pell"] {
        // Her line in view: the list filtered to her.
        let field = h.get_by_role_and_label(Role::TextInput, "Find a model");
        field.focus();
        field.type_text(friend);
        h.run();
        assert!(
            h.query_all_by_label_contains(friend).next().is_some(),
            "{friend}'s line"
        );
        assert_eq!(against(&h, friend), 0, "no fight against {friend}");
        for _ in friend.chars() {
            h.key_press(egui::Key::Backspace);
        }
        h.run();
    }
    // The cards say the same.
    h.get_by_role_and_label(Role::Tab, "Cards").click();
    h.run();
    assert_eq!(against(&h, "Sister Oriel"), 0, "no fight on her card");
}

/// KT-8, KT-9: the list runs a kill team's turn as the cards do: each
/// soldier's actions left as pips and his "Act…" menu on his line, each
/// enemy marked activated from his; the attack buttons stay in one column.
#[test]
fn kt_8_kt_9_the_compact_list_runs_the_kill_team_s_turn() {
    use muster::rules::campaign::TurnEdit;
    use muster::rules::killteam::activation::Act;
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let dace = crate::common::char_id(&c, "Trooper Dace");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1280.0, 800.0));
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    assert!(h.query_by_label("Turn").is_some(), "the turn's column");
    h.get_by_role_and_label(Role::Button, "Act: Trooper Dace")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Move: Trooper Dace")
        .click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert!(
        matches!(
            now.journal.last().map(|e| &e.event),
            Some(E::Turn(TurnEdit::Act { character, act: Act::Move })) if character == &dace
        ),
        "Dace moved, from his line"
    );
    // His first pip spent, said to a screen reader.
    let spent = h
        .query_all_by_role(Role::CheckBox)
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.contains("Trooper Dace"))
        })
        .filter(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
        .count();
    assert_eq!(spent, 1, "one of his pips spent");
    // An enemy's activation, from his line (once the soldier's is over).
    let enemy = name_of_enemy(&now, 0);
    let mark = format!("Mark {enemy} activated this turn");
    assert!(
        h.query_by_role_and_label(Role::Button, &mark).is_some(),
        "{mark}"
    );
}

/// The first drawn enemy's name, in English.
fn name_of_enemy(c: &Campaign, i: usize) -> String {
    muster::rules::core::names::name_in(&enemy::names(c, i), "en", "").to_owned()
}

/// In the compact list of the example (Trooper Nim with a third action
/// bought, Sergeant Hark a 4-wound row's neighbour), every soldier's
/// "Act…" stands in one column, and a model out of action keeps his name
/// in the names' column.
#[test]
fn kt_11_the_act_buttons_and_the_names_stand_in_their_columns() {
    use muster::rules::campaign::{CampaignEdit as E, Fighter, TableEdit};
    let rules = rules();
    let c = whole_escort(rules);
    let c = c
        .apply(
            E::Table(TableEdit::SetOutOfAction {
                character: Fighter::Enemy(0).id(),
                out: true,
            }),
            rules,
            &mut muster::rules::core::dice::seeded(1),
        )
        .expect("taken out")
        .0;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1024.0, 3000.0));
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    let acts: Vec<f32> = h
        .query_all_by_role(Role::Button)
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("Act: "))
        })
        .map(|n| n.rect().min.x)
        .collect();
    assert!(acts.len() >= 5, "{acts:?}");
    let first = acts[0];
    assert!(
        acts.iter().all(|x| (x - first).abs() < 1.0),
        "one column: {acts:?}"
    );
    // The names: the out-of-action cultist's where the others' are.
    // A name's cell: the side's icon, then the name.
    let name_x = |name: &str| {
        h.query_all_by_label_contains(name)
            .filter(|n| {
                let node = n.accesskit_node();
                let text = node.label().or(node.value()).unwrap_or_default();
                text.ends_with(&format!(" {name}"))
                    && text.chars().count() == name.chars().count() + 2
            })
            .map(|n| n.rect().min.x)
            .fold(f32::MAX, f32::min)
    };
    let out = name_x(&enemy::names(&c, 0)["en"]);
    let standing = name_x(&enemy::names(&c, 1)["en"]);
    assert!((out - standing).abs() < 1.0, "{out} against {standing}");
}

/// EQ-6 from the compact list: a soldier's line opens his single-use
/// items under it, as on his card, and a Medikit used there heals a
/// team-mate; a line with nothing to open offers nothing.
#[test]
fn eq_6_a_line_of_the_compact_list_opens_its_soldier_s_items() {
    use muster::rules::campaign::TableEdit;
    let rules = rules();
    let c = crate::rules::campaign::items::armed_team_at_the_table(rules);
    let vell = crate::common::char_id(&c, "Trooper Vell");
    let c = crate::common::ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: vell,
            wounds: 2,
        }),
        rules,
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1280.0, 800.0));
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    let enemy = super::items::enemy_name(&c);
    assert!(
        h.query_by_label(&format!("Show {enemy}'s items")).is_none(),
        "an enemy has no items to open"
    );
    assert!(h.query_by_label("Use Medikit (Trooper Dace)").is_none());
    crate::common::button(&mut h, "Show Trooper Dace's items");
    crate::common::button(&mut h, "Use Medikit (Trooper Dace)");
    crate::common::type_into(&mut h, "Die for Medikit (Trooper Dace): D3", "2");
    crate::common::button(&mut h, "Medikit (Trooper Dace) on Trooper Vell");
    let now = crate::common::the_campaign(&h);
    assert_eq!(super::items::wounds(&now, vell), 0, "healed");
    assert!(super::items::shows(
        &h,
        "Medikit (D3: 2): Trooper Vell regains 2 wounds"
    ));
    // Closed again: the line alone.
    crate::common::button(&mut h, "Hide Trooper Dace's items");
    assert!(h.query_by_label("Used: Medikit").is_none());
}

/// At 1024×700, a model picked to attack from far down the list: his line
/// goes to the list's top and the view with it, his Cancel in sight.
#[test]
fn an_attacker_picked_far_down_the_list_keeps_his_cancel_in_view() {
    let rules = rules();
    let c = whole_escort(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = at_1024(dir.path(), &c);
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    for _ in 0..4 {
        h.event(egui::Event::PointerMoved(egui::pos2(500.0, 400.0)));
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -250.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    assert!(
        h.get_by_role_and_label(Role::Tab, "Compact list")
            .rect()
            .max
            .y
            < 0.0,
        "scrolled past the list's top"
    );
    let attack = attack_buttons_in_view(&h)
        .pop()
        .expect("an attack button in view");
    let me = attack.trim_end_matches(" attacks…").to_owned();
    h.get_by_label(&attack).click();
    h.run();
    let cancel = h
        .query_all_by_role_and_label(Role::Button, "Cancel the attack")
        .map(|n| n.rect())
        .find(|r| r.min.y >= 0.0 && r.max.y <= 700.0);
    assert!(cancel.is_some(), "{me}'s Cancel in view");
}

/// In the list, the kill team's command points stand in the turn's card,
/// beside what it says of them, above "Who acts first": no heading of the
/// player's stands alone under the list for them.
#[test]
fn in_the_list_the_command_points_are_in_the_turn_s_card() {
    let rules = rules();
    let c = whole_escort(rules);
    let team = c
        .escorts
        .iter()
        .find(|e| e.kind == muster::rules::campaign::EscortKind::KillTeam)
        .expect("a kill team");
    let cp = format!("Command points of {}: {}", team.player, team.command_points);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1024.0, 4000.0));
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    let points = h.get_by_label(&cp).rect().min.y;
    let first = h.get_by_label_contains("Who acts first").rect().min.y;
    assert!(points < first, "{cp} at {points}, above {first}");
}

/// KT-9 in the list: a soldier's action pips say their state in words on
/// hover, not by their icon alone (Trooper Vell's first action taken,
/// Sergeant Hark's still to take).
#[test]
fn kt_9_an_action_pip_says_in_words_whether_it_is_taken() {
    let c = whole_escort(rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = at_1024(dir.path(), &c);
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    for (pip, said) in [
        (
            "Action 1 of 2 spent: Trooper Vell",
            "Action 1 of 2 of Trooper Vell: taken this turn",
        ),
        (
            "Action 1 of 2 spent: Sergeant Hark",
            "Action 1 of 2 of Sergeant Hark: still to take this turn",
        ),
    ] {
        h.get_by_label(pip).hover();
        h.run();
        assert!(h.query_by_label(said).is_some(), "{said}");
    }
}
