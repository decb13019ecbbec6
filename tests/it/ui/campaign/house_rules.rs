//! The House rules screen, as a group uses it: a campaign begun before
//! Muster kept its rules records them, a reading is picked (an event of
//! the journal, undone by Undo), a value out of its range is refused in
//! words, and the library's rules are kept in the folder's rules files
//! that a new campaign records.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Command, Screen};
use muster::rules::campaign::{CampaignEdit as E, RulesEdit};
use serde_json::Value;

use super::{ready, showing};
use crate::common::rules;
use crate::common::{button, the_campaign};

const BATTLE_VP: &str = "campaign.json/battle_vp/offered_as_mission_vp";
const SPACE_MARINE_PSYCHIC: &str = "races.json/races/1/psychic_chance_percent";

fn open_house_rules(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>) {
    h.get_by_role_and_label(Role::Tab, "House rules").click();
    h.run();
}

/// Campaign `c` saved in `dir`, its House rules tab open.
fn house_rules_of(
    dir: &std::path::Path,
    c: &muster::rules::campaign::Campaign,
) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    let mut h = showing(dir, c);
    open_house_rules(&mut h);
    h
}

/// Types `words` in the screen's search field: the entries that hold them.
fn find(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, words: &str) {
    let field = h.get_by_role_and_label(Role::TextInput, "Find");
    field.focus();
    field.type_text(words);
    h.run();
}

// CMP-6: the battle VP offered as the mission's VP, or kept apart: a
// reading the group picks for its campaign.
#[test]
fn cmp_6_a_group_records_its_rules_then_picks_a_reading_undone_by_undo() {
    let rules = rules();
    let c = ready(rules);
    assert!(
        c.house_rules.is_none(),
        "begun before Muster kept its rules"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = house_rules_of(dir.path(), &c);
    // Until recorded, nothing can be changed, and the screen says why.
    assert!(
        h.query_by_label_contains("began before Muster kept its rules")
            .is_some()
    );
    button(&mut h, "Record these rules for the campaign");
    let now = the_campaign(&h);
    assert!(now.house_rules.is_some());
    // Each entry shows its rule, its kind and the French it reads.
    find(&mut h, "battle_vp");
    assert!(h.query_all_by_label("CMP-6").count() >= 1);
    assert!(h.query_all_by_label_contains("The French reads: «").count() >= 1);
    // Its dotted name is the command line's, said on hover, not shown.
    let id = "campaign.battle_vp.offered_as_mission_vp";
    assert!(h.query_by_label(id).is_none(), "no raw name on the card");
    h.get_by_label_contains("once the objective is met").hover();
    h.run();
    assert!(
        h.query_by_label_contains(&format!("Named {id} by the command line"))
            .is_some()
    );
    // The other reading of CMP-6, picked.
    h.get_by_role_and_label(Role::Button, "\u{e836} Kept apart")
        .click_accesskit();
    h.run();
    let now = the_campaign(&h);
    let last = now.journal.last().expect("an event");
    assert_eq!(
        last.event,
        E::HouseRules(RulesEdit::Set {
            place: BATTLE_VP.into(),
            value: Some(Value::Bool(false)),
        })
    );
    assert_eq!(
        now.house_rules.as_deref().and_then(|r| r.get(BATTLE_VP)),
        Some(&Value::Bool(false))
    );
    assert!(
        h.query_by_label_contains("Differs from the built-in")
            .is_some()
    );
    // Undo takes the change back.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    let now = the_campaign(&h);
    assert_eq!(
        now.house_rules.as_deref().and_then(|r| r.get(BATTLE_VP)),
        None
    );
}

// CHR-16: a Space Marine's chance of psychic powers is a percentage: 500
// is refused beside the field, in words, and nothing is recorded.
#[test]
fn chr_16_a_value_out_of_its_range_is_refused_beside_its_field() {
    let rules = rules();
    let c = ready(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = house_rules_of(dir.path(), &c);
    button(&mut h, "Record these rules for the campaign");
    let before = the_campaign(&h).journal.len();
    find(&mut h, "space_marine_psychic");
    let field = h.get_by_role_and_label(
        Role::TextInput,
        "Value of characters.races.space_marine_psychic",
    );
    field.focus();
    field.type_text("00");
    h.run();
    button(
        &mut h,
        "Apply the value of characters.races.space_marine_psychic",
    );
    assert_eq!(the_campaign(&h).journal.len(), before, "nothing recorded");
    assert!(
        h.query_by_label_contains(&format!("{SPACE_MARINE_PSYCHIC} cannot be 500"))
            .is_some_and(|n| format!("{n:?}").contains("100")),
        "the refusal in words beside the field"
    );
}

#[test]
fn the_library_s_house_rules_are_the_folder_s_rules_files_and_a_new_campaign_records_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .size(1400.0, 4000.0)
        .open();
    h.run();
    h.state_mut().app.apply(Command::Show(Screen::HouseRules));
    h.run();
    assert!(h.query_by_label("House rules of the library").is_some());
    find(&mut h, "battle_vp");
    h.get_by_role_and_label(Role::Button, "\u{e836} Kept apart")
        .click_accesskit();
    h.run();
    let file = dir.path().join("rules").join("campaign.json");
    let text = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{e}: {:?}", h.state().app.model.feedback.messages));
    let copy: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(
        copy["battle_vp"]["offered_as_mission_vp"],
        Value::Bool(false)
    );
    assert_eq!(
        h.state().app.model.rules.house.get(BATTLE_VP),
        Some(&Value::Bool(false))
    );
    // A campaign begun here records it.
    h.state_mut().app.apply(Command::Create(
        muster::rules::DocKind::Campaign,
        "Night".into(),
    ));
    h.run();
    let c = the_campaign(&h);
    assert_eq!(
        c.house_rules.as_deref().and_then(|r| r.get(BATTLE_VP)),
        Some(&Value::Bool(false))
    );
    // Put back: the folder's copy is gone, the built-in rules again.
    h.state_mut().app.apply(Command::Show(Screen::HouseRules));
    h.run();
    // Far down the list: pressed as a screen reader presses it.
    h.get_by_role_and_label(
        Role::Button,
        "Put campaign.battle_vp.offered_as_mission_vp back to the built-in value",
    )
    .click_accesskit();
    h.run();
    assert!(
        !file.exists(),
        "{:?}",
        h.state().app.model.feedback.messages
    );
    assert!(h.state().app.model.rules.house.is_empty());
}

#[test]
fn a_house_rules_file_written_from_one_campaign_is_adopted_by_another_in_one_undoable_event() {
    let rules = rules();
    let c = ready(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = house_rules_of(dir.path(), &c);
    button(&mut h, "Record these rules for the campaign");
    find(&mut h, "battle_vp");
    h.get_by_role_and_label(Role::Button, "\u{e836} Kept apart")
        .click_accesskit();
    h.run();
    let file = dir.path().join("our-house-rules.json");
    let key = muster::rules::DocKey::of::<muster::rules::Campaign>(c.id.as_str());
    h.state_mut()
        .app
        .apply(Command::ExportHouseRules(Some(key.clone()), file.clone()));
    let written = std::fs::read_to_string(&file).expect("written");
    assert!(written.contains(BATTLE_VP), "{written}");
    // Put back, then the file adopted: one event, undone by Undo.
    h.state_mut().app.apply(Command::Edit(
        key.clone(),
        muster::rules::Edit::new(E::HouseRules(RulesEdit::Adopt {
            changes: Default::default(),
        })),
    ));
    h.run();
    assert!(
        the_campaign(&h)
            .house_rules
            .as_deref()
            .is_some_and(|r| r.is_empty())
    );
    h.state_mut()
        .app
        .apply(Command::ImportHouseRules(Some(key), file));
    h.run();
    let now = the_campaign(&h);
    assert!(matches!(
        now.journal.last().map(|e| &e.event),
        Some(E::HouseRules(RulesEdit::Adopt { .. }))
    ));
    assert_eq!(
        now.house_rules.as_deref().and_then(|r| r.get(BATTLE_VP)),
        Some(&Value::Bool(false))
    );
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert!(
        the_campaign(&h)
            .house_rules
            .as_deref()
            .is_some_and(|r| r.is_empty())
    );
}

#[test]
fn chr_3_a_race_s_profile_is_changed_one_characteristic_at_a_time() {
    let rules = rules();
    let c = ready(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = house_rules_of(dir.path(), &c);
    button(&mut h, "Record these rules for the campaign");
    let before = the_campaign(&h).journal.len();
    find(&mut h, "eldar_profile");
    // Each characteristic its own field, named by it; no JSON to type.
    let id = "characters.races.eldar_profile";
    let ws = format!("WS of {id}");
    let field = h.get_by_role_and_label(Role::SpinButton, &ws);
    assert_eq!(field.value().as_deref(), Some("4"), "the built-in WS");
    // In the profile's order, as the card reads it: M, WS, BS … WP.
    let x = |h: &egui_kittest::Harness<'_, muster::ui::Gui>, c: &str| {
        h.get_by_role_and_label(Role::SpinButton, &format!("{c} of {id}"))
            .rect()
            .min
            .x
    };
    assert!(x(&h, "M") < x(&h, "WS") && x(&h, "WS") < x(&h, "BS"));
    assert!(
        h.query_by_label("Built-in: 4").is_none(),
        "nothing changed yet"
    );
    h.get_by_role_and_label(Role::SpinButton, &ws)
        .set_value_accesskit(5.0);
    h.run();
    // The part changed is marked, its built-in value said.
    assert!(h.query_by_label("Built-in: 4").is_some());
    button(&mut h, &format!("Apply the value of {id}"));
    let now = the_campaign(&h);
    assert_eq!(now.journal.len(), before + 1, "one event");
    let Some(E::HouseRules(RulesEdit::Set {
        place,
        value: Some(v),
    })) = now.journal.last().map(|e| e.event.clone())
    else {
        panic!("a house rule set")
    };
    assert_eq!(place, "races.json/races/2/base");
    assert_eq!(v.get("WS"), Some(&Value::from(5)));
    assert_eq!(v.get("BS"), Some(&Value::from(4)), "the rest as it was");
    // The log says what changed, not the whole profile.
    let said: Vec<String> = h
        .state()
        .app
        .model
        .feedback
        .messages
        .iter()
        .map(|m| muster::i18n::Lang::En.msg(&m.text))
        .collect();
    assert!(
        said.iter()
            .any(|l| l.ends_with(&format!("{id}: WS from 4 to 5."))),
        "{said:?}"
    );
    // The JSON text is still there, folded, for one who adds a row.
    assert!(h.query_by_label_contains("As JSON text").is_some());
}

#[test]
fn an_armoury_row_names_its_fields_in_the_reader_s_words() {
    let rules = rules();
    let c = ready(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = house_rules_of(dir.path(), &c);
    button(&mut h, "Record these rules for the campaign");
    find(&mut h, "armoury.entries");
    h.get_by_label("1 · Laspistol").click();
    h.run();
    // Its fields by their words, not the data's names.
    for word in [
        "Range (\")",
        "Damage",
        "Save modifier",
        "Strength",
        "To hit",
    ] {
        assert!(h.query_by_label(word).is_some(), "{word}");
    }
    for raw in ["range_inches", "save_modifier", "to_hit"] {
        assert!(h.query_by_label(raw).is_none(), "{raw}");
    }
}

#[test]
fn a_weapon_s_name_finds_the_armoury_that_lists_it_in_either_language() {
    let rules = rules();
    let c = ready(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = house_rules_of(dir.path(), &c);
    assert!(
        h.query_by_label_contains("characters.armoury.entries")
            .is_some()
    );
    // "Pistolet laser" is the laspistol's French name, in the armoury's
    // data only: the armoury is found, the rest left out.
    find(&mut h, "pistolet laser");
    assert!(
        h.query_by_label_contains("characters.armoury.entries")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("characters.races.eldar_profile")
            .is_none()
    );
}
