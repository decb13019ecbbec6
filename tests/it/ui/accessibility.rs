//! Every control a player can use has a name a screen reader reads: a walk
//! of every screen's accessibility tree, with realistic documents, that
//! fails on a button, field, checkbox, combo box, slider, radio button or
//! tab with no name (none of its own, none from a label it is labelled by,
//! or only an icon's private-use character).

use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Example, Screen};
use muster::rules::campaign::DebriefEdit;
use muster::rules::campaign::enemy;
use muster::rules::campaign::{CampaignEdit as E, MissionResult};
use muster::rules::{Doc, DocKey};
use muster::store::Store;
use muster::ui::Gui;

/// The roles of what a player can use.
const CONTROLS: [Role; 16] = [
    Role::Button,
    Role::DefaultButton,
    Role::MenuItemCheckBox,
    Role::CheckBox,
    Role::Switch,
    Role::TextInput,
    Role::MultilineTextInput,
    Role::SearchInput,
    Role::SpinButton,
    Role::ComboBox,
    Role::Slider,
    Role::RadioButton,
    Role::Tab,
    Role::Link,
    Role::MenuItem,
    Role::MenuItemRadio,
];

/// Whether a name says something a screen reader can read: a letter or a
/// digit, not only icons (Material Symbols live in the private use area,
/// which a screen reader cannot read) nor only signs ("+", "×", "▲").
fn says_something(name: &str) -> bool {
    name.chars().any(char::is_alphanumeric)
}

/// Each control on screen with no name, as `screen: role …` with what it
/// shows (its value, its placeholder, where it is).
fn unnamed<S>(h: &Harness<'_, S>, screen: &str) -> Vec<String> {
    h.root()
        .children_recursive()
        .filter_map(|n| {
            let node = n.accesskit_node();
            let named = node.label().is_some_and(|l| says_something(&l));
            if named || !CONTROLS.contains(&node.role()) {
                return None;
            }
            Some(format!(
                "{screen}: {:?} label {:?} value {:?} placeholder {:?} description {:?} at {:?}",
                node.role(),
                node.label(),
                node.value(),
                node.placeholder(),
                node.description(),
                node.raw_bounds().map(|r| (r.x0 as i32, r.y0 as i32)),
            ))
        })
        .collect()
}

/// A walk through the window: each screen looked at once, its unnamed
/// controls kept.
struct Walk {
    h: Harness<'static, Gui>,
    found: Vec<String>,
    screens: usize,
}

impl Walk {
    /// Looks at what the window shows now, as `screen`.
    fn look(&mut self, screen: &str) {
        self.screens += 1;
        let controls = self
            .h
            .root()
            .children_recursive()
            .filter(|n| CONTROLS.contains(&n.accesskit_node().role()))
            .count();
        assert!(controls > 3, "{screen}: only {controls} controls shown");
        self.found.extend(unnamed(&self.h, screen));
    }

    /// Shows `screen`, then looks at it as `name`.
    fn show(&mut self, screen: Screen, name: &str) {
        self.h.state_mut().app.apply(Command::Show(screen));
        self.h.run();
        self.look(name);
    }

    /// Clicks the control of this name (of one of these roles), then looks
    /// at what it shows as `name`.
    fn click(&mut self, role: Role, label: &str, name: &str) {
        self.h.get_by_role_and_label(role, label).click_accesskit();
        self.h.run();
        self.look(name);
    }

    /// The key of the first document of this kind.
    fn key<T: muster::rules::DocVariant>(&self) -> DocKey {
        let model = &self.h.state().app.model;
        model
            .library
            .docs
            .iter()
            .find(|d| d.get::<T>().is_some())
            .map(Doc::key)
            .expect("a document of the kind")
    }
}

/// The library holding the three examples and two campaigns at the table
/// (the band's and the kill team's, their enemies drawn).
fn walk() -> (tempfile::TempDir, Walk) {
    let rules = rules();
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let store = Store::open(dir.path()).expect("store");
        let mut band = crate::common::band_at_the_table(rules);
        band.id = "raid-band".into();
        band.name = "The Band's Raid".into();
        let mut team = crate::common::example_team_at_the_table(rules);
        team.id = "raid-team".into();
        team.name = "The Team's Raid".into();
        let mut debrief =
            crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| {
                vec![E::Debrief(DebriefEdit::EndMission {
                    result: MissionResult {
                        success: true,
                        vp: 1,
                    },
                    played: vec![],
                })]
            });
        debrief.id = "raid-debrief".into();
        debrief.name = "The Debrief".into();
        for c in [band, team, debrief] {
            store.save(&Doc::new(c)).expect("save");
        }
    }
    let mut h = crate::common::window_on(dir.path())
        .size(1400.0, 4000.0)
        .open();
    h.run();
    for example in Example::ALL {
        h.state_mut().app.apply(Command::OpenExample(example));
        h.run();
    }
    let walk = Walk {
        h,
        found: Vec::new(),
        screens: 0,
    };
    (dir, walk)
}

/// The library, its menus and its dialogs.
fn library_and_menus(w: &mut Walk) {
    w.show(Screen::Library, "library");
    for menu in ["File", "Edit", "View", "Language"] {
        w.click(Role::Button, menu, &format!("{menu} menu"));
        w.h.key_press(egui::Key::Escape);
        w.h.run();
    }
    let key = w.key::<muster::rules::Roster>();
    w.h.state_mut().views.set_confirm_delete(Some(key));
    w.h.run();
    w.look("delete confirmation");
    w.h.state_mut().views.set_confirm_delete(None);
    w.h.state_mut()
        .views
        .set_who_plays(Some(muster::ui::WhoPlays::new("Camille", "Table")));
    w.h.run();
    w.look("machine name");
    w.h.state_mut().views.set_who_plays(None);
    w.h.state_mut().views.set_data_folder(true);
    w.h.run();
    w.look("documents folder");
    w.h.state_mut().views.set_data_folder(false);
    w.h.state_mut()
        .views
        .library
        .set_import_path(Some(String::new()));
    w.h.run();
    w.look("import by path");
    w.h.state_mut().views.library.set_import_path(None);
    w.h.run();
    // A document selected and being renamed.
    w.h.key_press(egui::Key::ArrowDown);
    w.h.run();
    w.h.key_press(egui::Key::F2);
    w.h.run();
    w.look("library, renaming");
    w.h.key_press(egui::Key::Escape);
    w.h.run();
}

/// The band, each of its characters, the kill team and its soldiers.
fn documents(w: &mut Walk) {
    let roster = w.key::<muster::rules::Roster>();
    w.show(Screen::Roster(roster.id.clone()), "roster");
    let ids: Vec<_> =
        w.h.state()
            .app
            .model
            .roster(&roster.id)
            .expect("roster")
            .characters
            .iter()
            .map(|c| (c.id, c.name.clone()))
            .collect();
    for (cid, name) in ids {
        w.show(
            Screen::Character(roster.id.clone(), cid),
            &format!("character {name}"),
        );
        let shooting =
            w.h.query_all_by_label_contains("Shooting profile of")
                .next()
                .and_then(|n| n.accesskit_node().label());
        if let Some(label) = shooting {
            w.click(Role::Button, &label, &format!("character {name}: {label}"));
        }
    }
    let team = w.key::<muster::rules::KillTeam>();
    w.show(Screen::KillTeam(team.id), "kill team and its soldiers");
}

/// The example campaign's tabs, and each campaign at its table.
fn campaigns(w: &mut Walk) {
    let ids: Vec<String> =
        w.h.state()
            .app
            .model
            .library
            .docs
            .iter()
            .filter_map(Doc::get::<muster::rules::Campaign>)
            .map(|c| c.id.clone())
            .collect();
    for id in ids {
        w.show(Screen::Campaign(id.clone()), &format!("campaign {id}"));
        w.click(Role::Tab, "Journal", &format!("campaign {id}: journal"));
    }
    w.h.state_mut().app.apply(Command::Create(
        muster::rules::DocKind::Campaign,
        "New campaign".into(),
    ));
    w.h.run();
    w.look("a new campaign's setup");
    w.show(
        Screen::Campaign("raid-team".into()),
        "kill team at the table",
    );
    let act =
        w.h.query_all_by_label_contains("Act: ")
            .next()
            .and_then(|n| n.accesskit_node().label())
            .expect("a soldier who may act");
    w.click(Role::Button, &act, "kill team at the table, Act… open");
    w.h.key_press(egui::Key::Escape);
    w.h.run();
    w.show(
        Screen::Campaign("raid-team".into()),
        "kill team at the table",
    );
    w.click(Role::Tab, "Overview", "kill team's campaign overview");
    w.show(Screen::Campaign("raid-band".into()), "band at the table");
    w.h.get_by_label("Inquisitor Vael attacks…")
        .click_accesskit();
    w.h.run();
    w.look("band at the table, Vael attacking");
}

/// The battle screen in each mode, empty, then filled from the table.
fn battle(w: &mut Walk) {
    w.show(Screen::Battle, "battle");
    for mode in [
        "Close combat (Rogue Trader)",
        "Shooting (Rogue Trader)",
        "Kill team",
        "Psychic attack",
        "Unit against unit",
        "Robots",
        "Flyers",
    ] {
        w.click(Role::Tab, mode, &format!("battle: {mode}"));
    }
    w.show(Screen::Campaign("raid-band".into()), "band at the table");
    // Vael still attacks, as he was left.
    if let Some(vael) = w.h.query_by_label("Inquisitor Vael attacks…") {
        vael.click_accesskit();
        w.h.run();
    }
    let enemy = enemy::names(
        w.h.state()
            .app
            .model
            .get::<muster::rules::Campaign>("raid-band")
            .expect("the band's campaign"),
        0,
    )["en"]
        .clone();
    w.h.get_by_label(&format!("Close combat: Inquisitor Vael against {enemy}"))
        .click_accesskit();
    w.h.run();
    w.look("battle: close combat from the table");
    w.h.get_by_role_and_label(Role::Button, "Roll").click();
    w.h.run();
    w.look("battle: close combat rolled");
}

/// Each fight Trooper Osk of the kill team may pick against the table's
/// first enemy, in the battle screen filled from the table.
fn kill_team_fights(w: &mut Walk) {
    w.show(
        Screen::Campaign("raid-team".into()),
        "kill team at the table",
    );
    w.h.get_by_label("Trooper Osk attacks…").click_accesskit();
    w.h.run();
    let enemy = enemy::names(
        w.h.state()
            .app
            .model
            .get::<muster::rules::Campaign>("raid-team")
            .expect("the team's campaign"),
        0,
    )["en"]
        .clone();
    let against = format!("Trooper Osk against {enemy}");
    let fights: Vec<String> =
        w.h.query_all_by_label_contains(&against)
            .filter_map(|n| n.accesskit_node().label())
            .collect();
    assert!(!fights.is_empty(), "Osk's fights on the table");
    for fight in fights {
        w.show(
            Screen::Campaign("raid-team".into()),
            "kill team at the table",
        );
        if let Some(osk) = w.h.query_by_label("Trooper Osk attacks…") {
            osk.click_accesskit();
            w.h.run();
        }
        w.h.get_by_label(&fight).click_accesskit();
        w.h.run();
        w.look(&format!("battle: {fight}"));
    }
}

/// The rules reference and each document's print preview.
fn reference_and_print(w: &mut Walk) {
    w.show(Screen::Reference(None), "rules reference");
    let keys = [
        w.key::<muster::rules::Roster>(),
        w.key::<muster::rules::KillTeam>(),
        w.key::<muster::rules::Campaign>(),
    ];
    for key in keys {
        let name = format!("print preview of {}", key.id);
        w.show(Screen::Print(key), &name);
    }
}

#[test]
fn every_control_on_every_screen_has_a_name() {
    let (_dir, mut w) = walk();
    library_and_menus(&mut w);
    documents(&mut w);
    campaigns(&mut w);
    battle(&mut w);
    kill_team_fights(&mut w);
    reference_and_print(&mut w);
    assert!(w.screens > 25, "{} screens", w.screens);
    assert!(
        w.found.is_empty(),
        "{} controls with no name:\n{}",
        w.found.len(),
        w.found.join("\n")
    );
}

/// The walk sees what a screen reader cannot name: a number field alone, a
/// button showing only an icon or a sign, a combo box showing only its
/// choice, an icon with only a tooltip; a field labelled by its label and an
/// icon beside its word pass.
#[test]
fn the_walk_finds_a_control_with_no_name() {
    let icon = egui_material_icons::icons::ICON_DELETE.codepoint;
    // The harness's own check refuses the field and the combo box already.
    let mut h = Harness::builder()
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, n: &mut (u32, u32)| {
                muster::ui::theme::apply(ui.ctx());
                ui.add(egui::DragValue::new(&mut n.0));
                let _ = ui.button(icon);
                let _ = ui.button("+");
                egui::ComboBox::from_id_salt("bare")
                    .selected_text("Lasgun")
                    .show_ui(ui, |_| {});
                let label = ui.label("Wounds");
                ui.add(egui::DragValue::new(&mut n.1)).labelled_by(label.id);
                let _ = ui.add(egui::Button::new(icon)).on_hover_text("Delete");
                let _ = ui.button(format!("{icon} Delete"));
            },
            (1, 2),
        );
    h.run();
    let found = unnamed(&h, "test");
    let roles: Vec<&str> = found
        .iter()
        .map(|f| f.split(' ').nth(1).unwrap_or_default())
        .collect();
    assert_eq!(
        roles,
        ["SpinButton", "Button", "Button", "ComboBox", "Button"],
        "{found:#?}"
    );
}
