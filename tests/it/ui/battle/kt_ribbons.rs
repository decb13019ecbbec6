//! Kill-team ribbons and used-up items at the table, through the screens: the
//! Unkillable's free action on his last wound on the turn card and his
//! table card (RIB-11), the Deminer's mine removal on his table card
//! (RIB-5), Agility's move in the log of a rolled shot (RIB-10), and a
//! grenade struck off at the table no longer offered to shoot.

use std::path::Path;

use crate::common::click;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{App, Command, Prefs, Screen, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId};
use muster::rules::campaign::{ItemEdit, TableEdit};
use muster::rules::killteam::Carried;
use muster::rules::{Doc, DocKey, Edit, RulesData};
use muster::store::Store;
use muster::ui::Gui;

/// The built-in kill-team data with one more item, as a user's override
/// file would add it: frag grenades, used once, thrown as the frag grenade.
fn override_text() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/rules/killteam.json");
    let mut data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("data")).expect("json");
    let item = serde_json::json!({
        "id": "frag_grenades",
        "rule": "EQ-X",
        "names": {"en": "Frag grenades", "fr": "Grenades à fragmentation"},
        "text": {"en": "Thrown once per game.", "fr": "Lancées une fois par partie."},
        "single_use": true,
        "action": true,
        "weapon_choice": {"types": ["grenade"], "default": "frag_grenade"}
    });
    // Shooters rolled one after the other, with no enemy between: the
    // players keep the order of the turns (KT-8's other reading).
    data["turn"]["alternation_enforced"] = serde_json::Value::Bool(false);
    data["equipment"]
        .as_array_mut()
        .expect("equipment")
        .push(item);
    serde_json::to_string_pretty(&data).expect("text")
}

fn id(c: &Campaign, name: &str) -> CharId {
    crate::common::char_id(c, name)
}

/// A campaign at the table with the example kill team, changed: Nim is
/// Unkillable and down to his last wound, Vell has Agility, Rusk is a
/// Deminer, Osk carries frag grenades and has thrown them (struck off).
fn campaign(rules: &RulesData) -> Campaign {
    let mut team = crate::common::example_team();
    for s in &mut team.soldiers {
        match s.name.as_str() {
            "Trooper Nim" => {
                s.ribbon = Some("unkillable".into());
                s.items.clear();
            }
            "Trooper Vell" => s.ribbon = Some("agility".into()),
            "Trooper Rusk" => s.ribbon = Some("deminer".into()),
            "Trooper Osk" => {
                s.items = vec![Carried {
                    item: "frag_grenades".into(),
                    weapon: Some("frag_grenade".into()),
                }];
            }
            _ => {}
        }
    }
    crate::common::team_at_the_table(&team, rules, |c| {
        vec![
            E::Table(TableEdit::SetWounds {
                character: id(c, "Trooper Nim"),
                wounds: 2,
            }),
            E::Items(ItemEdit::StrikeItem {
                character: id(c, "Trooper Osk"),
                item: "frag_grenades".into(),
                struck: true,
            }),
        ]
    })
}

fn app(dir: &Path) -> Harness<'static, Gui> {
    let rules_dir = dir.join("rules");
    std::fs::create_dir_all(&rules_dir).expect("rules dir");
    let text = override_text();
    std::fs::write(rules_dir.join("killteam.json"), &text).expect("override");
    let rules = RulesData::with_overrides(&[("killteam.json".into(), text)])
        .expect("rules")
        .0;
    {
        // Closed before the app opens the folder (else it is read-only).
        let store = Store::open(dir).expect("store");
        store.save(&Doc::new(campaign(&rules))).expect("save");
    }
    let app = App::new(
        Some(dir),
        &Prefs {
            lang: Lang::En,
            ..Prefs::default()
        },
        Box::new(ScriptedDesktop::default()),
        21,
    )
    .expect("app");
    assert!(
        app.model.rules.killteam.item("frag_grenades").is_some(),
        "the override is read"
    );
    let mut h = crate::common::window(app, 1400.0, 3400.0);
    h.run();
    h
}

fn battle(h: &mut Harness<'_, Gui>) {
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    click(h, "Kill team");
}

#[test]
fn a_grenade_struck_off_at_the_table_is_not_offered_to_shoot_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = app(dir.path());
    battle(&mut h);
    click(&mut h, "Take the shooter from a campaign escort");
    // Osk's frag grenades are struck off: his grenade is greyed out, used,
    // with the item that went; his meltagun still fires.
    let grenade = h.get_by_label_contains("› Trooper Osk (Frag grenade)");
    assert!(grenade.accesskit_node().is_disabled());
    let words = grenade.accesskit_node().label().unwrap_or_default();
    assert!(
        words.contains("used (Frag grenades struck off at the table)"),
        "{words}"
    );
    let melta = h.get_by_label_contains("› Trooper Osk (Meltagun)");
    assert!(!melta.accesskit_node().is_disabled());
    // Back in his hand at the table, the grenade is offered again.
    let c = h
        .state()
        .app
        .model
        .library
        .docs
        .iter()
        .find_map(Doc::get::<Campaign>)
        .expect("campaign")
        .clone();
    h.state_mut().app.apply(Command::Edit(
        DocKey::of::<Campaign>(c.id.clone()),
        Edit::new(E::Items(ItemEdit::StrikeItem {
            character: id(&c, "Trooper Osk"),
            item: "frag_grenades".into(),
            struck: false,
        })),
    ));
    h.run();
    battle(&mut h);
    click(&mut h, "Take the shooter from a campaign escort");
    let grenade = h.get_by_label_contains("› Trooper Osk (Frag grenade)");
    assert!(!grenade.accesskit_node().is_disabled());
    assert!(
        grenade
            .accesskit_node()
            .label()
            .is_some_and(|l| l.ends_with("3 wounds left"))
    );
}

#[test]
fn rib_11_the_turn_card_counts_the_unkillables_free_action_on_his_last_wound() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = app(dir.path());
    battle(&mut h);
    assert!(
        h.query_by_label("Pick a shooter to count his actions this turn.")
            .is_some()
    );
    click(&mut h, "Take the shooter from a campaign escort");
    h.get_by_label_contains("› Trooper Nim (Lasgun)")
        .click_accesskit();
    h.run();
    // On his last wound (from the campaign's table): three actions, the
    // free one said by icon and word.
    assert!(
        h.query_by_label("Actions of Trooper Nim this turn")
            .is_some()
    );
    assert!(h.query_by_label("3 actions this turn").is_some());
    assert!(h.query_by_label("2 actions per activation").is_some());
    assert!(
        h.query_by_label("+1 free action at the end of the turn (Unkillable, RIB-11)")
            .is_some()
    );
    // Given 2 wounds left on the battle screen: his two actions only, and
    // what the ribbon waits for.
    let field = h.get_by_label("Wounds left of Trooper Nim");
    field.click();
    h.run();
    for _ in 0..2 {
        h.key_press(egui::Key::Backspace);
    }
    h.get_by_label("Wounds left of Trooper Nim").type_text("2");
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert!(h.query_by_label("2 actions this turn").is_some());
    assert!(
        h.query_by_label("+1 free action at the end of the turn (Unkillable, RIB-11)")
            .is_none()
    );
    assert!(h.query_by_label_contains("once down to 1 wound").is_some());
    // A shooter without the ribbon on his last wound has no free action.
    click(&mut h, "Take the shooter from a campaign escort");
    h.get_by_label_contains("› Trooper Vell (Flamer)")
        .click_accesskit();
    h.run();
    assert!(
        h.query_by_label("Actions of Trooper Vell this turn")
            .is_some()
    );
    assert!(h.query_by_label("2 actions this turn").is_some());
    assert!(h.query_by_label_contains("Unkillable").is_none());
}

#[test]
fn rib_10_a_shot_rolled_for_an_agile_shooter_logs_his_free_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = app(dir.path());
    battle(&mut h);
    click(&mut h, "Take the shooter from a campaign escort");
    h.get_by_label_contains("› Trooper Vell (Flamer)")
        .click_accesskit();
    h.run();
    assert!(
        h.query_by_label("Agility (RIB-10): a free 3\" move after the shot")
            .is_some()
    );
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Roll")
        .click();
    h.run();
    let last = h.state().app.model.battle.log.last().expect("rolled");
    let text = Lang::En.msg(&last.result);
    assert!(
        text.ends_with("Then: Agility (RIB-10): a free 3\" move after the shot."),
        "{text}"
    );
    // Another shooter's shot: no such reminder.
    click(&mut h, "Take the shooter from a campaign escort");
    h.get_by_label_contains("› Trooper Nim (Lasgun)")
        .click_accesskit();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Roll")
        .click();
    h.run();
    let last = h.state().app.model.battle.log.last().expect("rolled");
    assert_eq!(last.result.key, "battle.rolled");
}

#[test]
fn rib_5_and_rib_11_the_table_cards_remind_of_the_mine_and_the_free_action() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = app(dir.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign("raid".into())));
    h.run();
    // RIB-5: only Rusk, the Deminer, may remove a mine.
    let mines = h
        .query_all_by_label_contains("Remove a mine: an enemy mine within 3\" of him")
        .count();
    assert_eq!(mines, 1);
    assert!(h.query_by_label_contains("(Deminer, RIB-5)").is_some());
    // RIB-11: Nim, on his last wound, has his free action now.
    assert!(
        h.query_by_label(
            "Unkillable (RIB-11): on 1 wound left, +1 free action at the end of the turn"
        )
        .is_some()
    );
    assert!(h.query_all_by_label("Actions: 3 of 3 left").count() == 1);
    // RIB-10 too, for Vell.
    assert!(
        h.query_by_label_contains("Agility (RIB-10): a free 3\" move after the shot")
            .is_some()
    );
}
