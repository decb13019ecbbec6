//! Menus and keyboard shortcuts, both read from the command table
//! (`app::ACTIONS`): one label, one shortcut, one read-only gate per action.

use crate::app::{
    ACTIONS, Action, ActionSpec, Command, Example, LogPrefs, Menu, Model, Screen, ThemeChoice,
    ZOOM_RANGE,
};
use crate::i18n::Lang;
use crate::rules::{DocKey, RosterEdit};
use crate::ui::ViewState;
use crate::ui::context::ViewCtx;
use crate::ui::screens::{self, SCREENS};

/// How much one zoom step changes the zoom.
const ZOOM_STEP: f32 = 0.1;

/// The document an action applies to: the one shown, or the one selected in
/// the library.
fn target(model: &Model, views: &ViewState) -> Option<DocKey> {
    match &model.screen {
        Screen::Library | Screen::Reference(_) | Screen::Battle => views.library.selected.clone(),
        screen => screen.doc(),
    }
}

/// Whether an action can be done now (a disabled menu item says why by
/// being greyed, and its shortcut does nothing).
fn available(action: Action, model: &Model, views: &ViewState) -> bool {
    if model.folder.read_only && action.edits() {
        return false;
    }
    match action {
        Action::Undo => !model.history.undo.is_empty(),
        Action::Redo => !model.history.redo.is_empty(),
        Action::Export | Action::Rename | Action::Duplicate | Action::Delete => {
            target(model, views).is_some()
        }
        Action::PrintPreview => {
            target(model, views).is_some() && !matches!(model.screen, Screen::Print(_))
        }
        Action::Back => !model.back.is_empty() || screens::parent(&model.screen, model).is_some(),
        Action::Reload | Action::OpenDataFolder => model.folder.data_dir.is_some(),
        Action::ZoomIn => model.prefs.zoom < *ZOOM_RANGE.end(),
        Action::ZoomOut => model.prefs.zoom > *ZOOM_RANGE.start(),
        Action::New
        | Action::Import
        | Action::Quit
        | Action::Find
        | Action::ZoomReset
        | Action::ToggleLog
        | Action::DataFolder => true,
    }
}

/// Carries out an action: most become commands; a few only move the focus
/// or the window.
pub fn run(action: Action, ctx: &egui::Context, cx: &ViewCtx<'_>, views: &mut ViewState) {
    let model = cx.model;
    if !available(action, model, views) {
        return;
    }
    let zoom = |z: f32| Command::SetZoom((z * 10.0).round() / 10.0);
    match action {
        Action::New => cx.send(Command::create_roster(String::new())),
        Action::Import => views.library.import(cx),
        Action::Export => cx.send_all(target(model, views).map(Command::ExportDialog)),
        Action::PrintPreview => {
            cx.send_all(target(model, views).map(|key| Command::Show(Screen::Print(key))))
        }
        Action::Reload => cx.send(Command::Reload),
        Action::OpenDataFolder => {
            cx.send_all(model.folder.data_dir.clone().map(Command::OpenFolder))
        }
        Action::DataFolder => views.data_folder = true,
        Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
        Action::Undo => cx.send(Command::Undo),
        Action::Redo => cx.send(Command::Redo),
        Action::Find => {
            if model.screen != Screen::Library {
                cx.send(Command::Show(Screen::Library));
            }
            views.library.focus_search = true;
        }
        Action::Rename => match &model.screen {
            Screen::Library => views.library.start_renaming(model),
            Screen::Roster(_) => views.roster.focus_name = true,
            Screen::Character(..) => views.character.focus_name = true,
            Screen::KillTeam(_) => views.killteam.focus_name = true,
            Screen::Campaign(_) => views.campaign.focus_name = true,
            // The preview has no name to edit: the document's screen has.
            Screen::Print(_) | Screen::HouseRules => {}
            Screen::Reference(_) | Screen::Battle => views.reference.focus_search = true,
        },
        Action::Duplicate => match &model.screen {
            Screen::Character(id, cid) => {
                if let Some(c) = model.roster(id).and_then(|r| r.character(*cid)) {
                    let name = cx.f("roster.copy_of", &[("name", &c.name)]);
                    cx.send(Command::roster(
                        id.clone(),
                        RosterEdit::DuplicateCharacter { id: *cid, name },
                    ));
                }
            }
            _ => {
                if let Some(key) = target(model, views)
                    && let Some(doc) = model.doc(&key)
                {
                    let name = cx.f("roster.copy_of", &[("name", doc.name())]);
                    cx.send(Command::Duplicate(key, name));
                }
            }
        },
        Action::Delete => match &model.screen {
            // A character goes at once: Undo brings it back.
            Screen::Character(id, cid) => cx.send(Command::roster(
                id.clone(),
                RosterEdit::RemoveCharacter(*cid),
            )),
            _ => views.confirm_delete = target(model, views),
        },
        Action::Back => cx.send(Command::Back),
        Action::ZoomIn => cx.send(zoom(model.prefs.zoom + ZOOM_STEP)),
        Action::ZoomOut => cx.send(zoom(model.prefs.zoom - ZOOM_STEP)),
        Action::ZoomReset => cx.send(Command::SetZoom(1.0)),
        Action::ToggleLog => cx.send(Command::SetLog(LogPrefs {
            open: !model.prefs.log.open,
            ..model.prefs.log
        })),
    }
}

/// Listens for every shortcut of the table. While a text field has the
/// focus, keys belong to it (it has its own undo, and Delete and Escape
/// edit or leave it); so do a dialog and an open menu.
pub fn shortcuts(ui: &egui::Ui, cx: &ViewCtx<'_>, views: &mut ViewState) {
    let model = cx.model;
    // A dialog open has the keys (Escape closes it); so has a popup (a
    // combo box's list) open since the last frame: `Context::any_popup_open`
    // only knows the popups shown so far in this pass, none yet here.
    let dialog = views.confirm_delete.is_some()
        || views.asking_close
        || views.data_folder
        || views.library.import_path.is_some()
        || model.folder.problem.is_some();
    let popup = egui::Popup::is_any_open(ui.ctx());
    // The mouse's back button goes back, as in a browser.
    if !dialog && ui.input(|i| i.pointer.button_pressed(egui::PointerButton::Extra1)) {
        run(Action::Back, ui.ctx(), cx, views);
    }
    if dialog || popup || ui.ctx().text_edit_focused() {
        return;
    }
    // Longer shortcuts first: Ctrl+Shift+Z also matches Ctrl+Z's keys.
    let mut specs: Vec<&ActionSpec> = ACTIONS.iter().collect();
    specs.sort_by_key(|s| {
        std::cmp::Reverse(s.shortcut.map_or(0, |k| {
            usize::from(k.modifiers.shift) + usize::from(k.modifiers.alt)
        }))
    });
    let mut fired = Vec::new();
    ui.input_mut(|i| {
        for spec in specs {
            let hit = [spec.shortcut, spec.alternate]
                .into_iter()
                .flatten()
                .any(|k| i.consume_shortcut(&k));
            if hit {
                fired.push(spec.action);
            }
        }
    });
    for action in fired {
        run(action, ui.ctx(), cx, views);
    }
    // The top-level screens' shortcuts, from the one list of screens.
    let shown = ui.input_mut(|i| {
        SCREENS.iter().find_map(|s| {
            let k = s.shortcut?;
            i.consume_shortcut(&k)
                .then(|| s.top_level.clone())
                .flatten()
        })
    });
    if let Some(screen) = shown
        && screens::kind(&screen) != screens::kind(&model.screen)
    {
        cx.send(Command::Show(screen));
    }
}

/// File › Open an example: the three examples, whatever the library holds
/// already.
fn examples_menu_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    ui.menu_button(cx.t("menu.open_example"), |ui| {
        for example in Example::ALL {
            let key = match example {
                Example::Band => "library.welcome.band.open",
                Example::KillTeam => "library.welcome.killteam.open",
                Example::Campaign => "library.welcome.campaign.open",
            };
            if ui
                .add_enabled(!model.folder.read_only, egui::Button::new(cx.t(key)))
                .clicked()
            {
                cx.send(Command::OpenExample(example));
                ui.close();
            }
        }
    });
}

/// View › Theme: dark, light, or the system's, one checked.
fn theme_menu_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    ui.menu_button(cx.t("menu.theme"), |ui| {
        if theme_choice_ui(ui, cx, model.prefs.theme) {
            ui.close();
        }
    });
}

/// The themes as radio buttons, the one in use checked; true when one was
/// picked (the View › Theme menu's and the welcome's).
pub fn theme_choice_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, theme: ThemeChoice) -> bool {
    let mut picked = false;
    for choice in ThemeChoice::ALL {
        if ui.radio(theme == choice, cx.t(choice.label())).clicked() {
            cx.send(Command::SetTheme(choice));
            picked = true;
        }
    }
    picked
}

/// The languages as radio buttons, each in its own words, the one in use
/// checked (the Language menu's and the welcome's).
pub fn lang_choice_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, lang: Lang) {
    for l in Lang::ALL {
        if ui.radio(lang == l, l.native_name()).clicked() {
            cx.send(Command::SetLang(l));
        }
    }
}

/// A shortcut as the keyboard of the interface's language names it:
/// "Ctrl+Maj+Z", "Suppr", "Échap" in French (a Mac's symbols as egui
/// draws them).
pub fn shortcut_words(ctx: &egui::Context, lang: Lang, k: &egui::KeyboardShortcut) -> String {
    if ctx.os().is_mac() {
        return ctx.format_shortcut(k);
    }
    let names = egui::ModifierNames {
        alt: lang.t("key.alt"),
        ctrl: lang.t("key.ctrl"),
        shift: lang.t("key.shift"),
        ..egui::ModifierNames::NAMES
    };
    let mut words = names.format(&k.modifiers, false);
    if !words.is_empty() {
        words += names.concat;
    }
    let named = format!("key.{}", k.logical_key.name());
    match lang.t(&named) {
        key if key == named => words += k.logical_key.symbol_or_name(),
        key => words += key,
    }
    words
}

/// A menu entry from the table: label, shortcut, enabled or not.
fn entry_ui(ui: &mut egui::Ui, spec: &ActionSpec, cx: &ViewCtx<'_>, views: &mut ViewState) {
    let model = cx.model;
    let lang = model.prefs.lang;
    let text = label(spec.action, lang, model);
    let mut button = egui::Button::new(text);
    if let Some(k) = spec.shortcut {
        button = button.shortcut_text(shortcut_words(ui.ctx(), lang, &k));
    }
    if ui
        .add_enabled(available(spec.action, model, views), button)
        .clicked()
    {
        run(spec.action, ui.ctx(), cx, views);
    }
}

/// The label of an action, with what Undo and Redo would undo or redo.
fn label(action: Action, lang: Lang, model: &Model) -> String {
    let what = match action {
        Action::Undo => model.history.undo.last(),
        Action::Redo => model.history.redo.last(),
        _ => None,
    };
    match what {
        Some(change) => lang.f(
            "action.undo_redo_what",
            &[
                ("action", lang.t(action.label())),
                ("what", &lang.msg(&change.words())),
            ],
        ),
        None => lang.t(action.label()).to_owned(),
    }
}

/// The menu bar: File, Edit, View from the table, then Language.
pub fn menu_bar_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, views: &mut ViewState) {
    let model = cx.model;
    for (menu, key) in [
        (Menu::File, "menu.file"),
        (Menu::Edit, "menu.edit"),
        (Menu::View, "menu.view"),
    ] {
        ui.menu_button(cx.t(key), |ui| {
            if menu == Menu::View {
                // Every top-level screen, from the one list of screens.
                for s in SCREENS.iter() {
                    let Some(screen) = &s.top_level else {
                        continue;
                    };
                    let mut button =
                        egui::Button::new(format!("{} {}", s.icon.codepoint, cx.t(s.label)));
                    if let Some(k) = s.shortcut {
                        button = button.shortcut_text(shortcut_words(ui.ctx(), cx.lang, &k));
                    }
                    if ui.add(button).clicked() {
                        cx.send(Command::Show(screen.clone()));
                    }
                }
                ui.separator();
            }
            for spec in ACTIONS.iter().filter(|s| s.menu == menu) {
                entry_ui(ui, spec, cx, views);
                if spec.action == Action::Import {
                    examples_menu_ui(ui, cx);
                }
            }
            if menu == Menu::File {
                ui.separator();
                let word = cx.t("machine.menu");
                if ui
                    .button(format!(
                        "{} {word}",
                        egui_material_icons::icons::ICON_COMPUTER.codepoint
                    ))
                    .clicked()
                {
                    views.who_plays = Some(crate::ui::WhoPlays {
                        player: model.prefs.player.clone(),
                        machine: model.prefs.machine.clone(),
                    });
                    ui.close();
                }
            }
            if menu == Menu::View {
                ui.separator();
                ui.label(cx.f(
                    "menu.zoom_now",
                    &[("percent", &format!("{:.0}", model.prefs.zoom * 100.0))],
                ));
                theme_menu_ui(ui, cx);
            }
        });
    }
    ui.menu_button(cx.t("menu.language"), |ui| {
        lang_choice_ui(ui, cx, model.prefs.lang);
    });
}
