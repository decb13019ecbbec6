//! The screens, registered once: one list feeds the navigation (the trail of
//! screens above the one shown), the router and the View menu.

use egui_material_icons::MaterialIcon;
use egui_material_icons::icons;

use crate::app::{Command, Model, Screen};
use crate::rules::{Campaign, KillTeam};
use crate::ui::context::ViewCtx;

/// What kind of screen, without its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenKind {
    /// Every document.
    Library,
    /// One roster.
    Roster,
    /// One character.
    Character,
    /// One kill team.
    KillTeam,
    /// The rules reference.
    Reference,
    /// The battle resolver.
    Battle,
    /// One campaign.
    Campaign,
    /// A document's print preview.
    Print,
    /// The library's house rules.
    HouseRules,
}

/// One line of the list of screens.
#[derive(Clone, Debug)]
pub struct ScreenSpec {
    /// The kind.
    kind: ScreenKind,
    /// The label key of the screen (for a top-level screen, its title).
    pub(crate) label: &'static str,
    /// Its icon.
    pub(crate) icon: MaterialIcon,
    /// Reached from the View menu, with no argument.
    pub(crate) top_level: Option<Screen>,
    /// The keyboard shortcut that shows a top-level screen.
    pub(crate) shortcut: Option<egui::KeyboardShortcut>,
}

const fn go(key: egui::Key) -> Option<egui::KeyboardShortcut> {
    Some(egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, key))
}

/// Every screen.
pub const SCREENS: [ScreenSpec; 9] = [
    ScreenSpec {
        kind: ScreenKind::Library,
        label: "nav.library",
        icon: icons::ICON_LIBRARY_BOOKS,
        top_level: Some(Screen::Library),
        shortcut: go(egui::Key::Num1),
    },
    ScreenSpec {
        kind: ScreenKind::Roster,
        label: "kind.roster",
        icon: icons::ICON_GROUPS,
        top_level: None,
        shortcut: None,
    },
    ScreenSpec {
        kind: ScreenKind::Character,
        label: "nav.character",
        icon: icons::ICON_PERSON,
        top_level: None,
        shortcut: None,
    },
    ScreenSpec {
        kind: ScreenKind::KillTeam,
        label: "kind.killteam",
        icon: icons::ICON_MILITARY_TECH,
        top_level: None,
        shortcut: None,
    },
    ScreenSpec {
        kind: ScreenKind::Campaign,
        label: "kind.campaign",
        icon: icons::ICON_FLAG,
        top_level: None,
        shortcut: None,
    },
    ScreenSpec {
        kind: ScreenKind::Print,
        label: "print.title",
        icon: icons::ICON_PRINT,
        top_level: None,
        shortcut: None,
    },
    ScreenSpec {
        kind: ScreenKind::Battle,
        label: "nav.battle",
        icon: icons::ICON_SWORDS,
        top_level: Some(Screen::Battle),
        shortcut: go(egui::Key::Num2),
    },
    ScreenSpec {
        kind: ScreenKind::Reference,
        label: "nav.reference",
        icon: icons::ICON_MENU_BOOK,
        top_level: Some(Screen::Reference(None)),
        shortcut: go(egui::Key::Num3),
    },
    ScreenSpec {
        kind: ScreenKind::HouseRules,
        label: "nav.house_rules",
        icon: icons::ICON_GAVEL,
        top_level: Some(Screen::HouseRules),
        shortcut: go(egui::Key::Num4),
    },
];

/// The kind of a screen.
pub fn kind(screen: &Screen) -> ScreenKind {
    match screen {
        Screen::Library => ScreenKind::Library,
        Screen::Roster(_) => ScreenKind::Roster,
        Screen::Character(..) => ScreenKind::Character,
        Screen::KillTeam(_) => ScreenKind::KillTeam,
        Screen::Reference(_) => ScreenKind::Reference,
        Screen::Battle => ScreenKind::Battle,
        Screen::Campaign(_) => ScreenKind::Campaign,
        Screen::Print(_) => ScreenKind::Print,
        Screen::HouseRules => ScreenKind::HouseRules,
    }
}

/// The line of a screen.
pub fn spec(screen: &Screen) -> &'static ScreenSpec {
    let k = kind(screen);
    SCREENS.iter().find(|s| s.kind == k).unwrap_or(&SCREENS[0])
}

/// The screen above in the trail: a character's roster, a sheet's
/// document; the battle screen and the reference sit under the document
/// screen they were opened from (the library when none).
pub fn parent(screen: &Screen, model: &Model) -> Option<Screen> {
    match screen {
        Screen::Battle | Screen::Reference(_) => Some(
            model
                .back
                .iter()
                .rev()
                .find(|s| {
                    matches!(
                        s,
                        Screen::Roster(_)
                            | Screen::Character(..)
                            | Screen::KillTeam(_)
                            | Screen::Campaign(_)
                    ) && model.shows(s)
                })
                .cloned()
                .unwrap_or(Screen::Library),
        ),
        _ => model.screen_above(screen),
    }
}

/// The screens from the top down to `screen`.
pub fn trail(screen: &Screen, model: &Model) -> Vec<Screen> {
    let mut trail = vec![screen.clone()];
    while let Some(up) = trail.last().and_then(|s| parent(s, model)) {
        trail.push(up);
    }
    trail.reverse();
    trail
}

/// The title of a screen: a document's or character's name, or its label.
pub fn title(screen: &Screen, model: &Model) -> String {
    match screen {
        Screen::Library
        | Screen::Reference(_)
        | Screen::Battle
        | Screen::Print(_)
        | Screen::HouseRules => model.prefs.lang.t(spec(screen).label).to_owned(),
        Screen::KillTeam(id) => model
            .get::<KillTeam>(id)
            .map_or_else(|| id.clone(), |t| t.name.clone()),
        Screen::Campaign(id) => model
            .get::<Campaign>(id)
            .map_or_else(|| id.clone(), |c| c.name.clone()),
        Screen::Roster(id) => model
            .roster(id)
            .map_or_else(|| id.clone(), |r| r.name.clone()),
        Screen::Character(id, cid) => model
            .roster(id)
            .and_then(|r| r.character(*cid))
            .map_or_else(|| cid.to_string(), |c| c.name.clone()),
    }
}

/// The trail of screens above the one shown, each a link.
pub fn nav_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    let trail = trail(&model.screen, model);
    let last = trail.len().saturating_sub(1);
    for (i, screen) in trail.into_iter().enumerate() {
        if i > 0 {
            ui.label(icons::ICON_CHEVRON_RIGHT.rich_text());
        }
        let name = title(&screen, model);
        let text = format!("{} {name}", spec(&screen).icon.codepoint);
        let r = ui.selectable_label(i == last, text);
        r.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, i == last, &name));
        if r.clicked() && i != last {
            cx.send(Command::Show(screen));
        }
    }
}
