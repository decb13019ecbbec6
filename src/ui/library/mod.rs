//! The library: every document of every kind, search and filter by kind,
//! create, rename, duplicate, delete, import; and the files that could not be
//! read. Only the rows on screen are drawn.

pub(crate) mod versions;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Model, Screen};
use crate::rules::{Doc, DocKey, DocKind, Msg};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{
    Tone, alert, card, card_title, icon_button, labelled_text, problems_badge, text_committed,
    virtual_rows,
};
use crate::ui::{menus, theme, widgets};

/// The height of one document's row.
const ROW_HEIGHT: f32 = 66.0;
/// How far a row's summary is set in: under its name, past the icon.
const SUMMARY_INDENT: f32 = 28.0;

/// State of the library screen.
#[derive(Default)]
pub struct LibraryView {
    /// Filter on document names.
    search: String,
    /// Show only documents of this kind (`None`: every kind).
    kind: Option<DocKind>,
    /// Name for the next new roster.
    new_name: String,
    /// The document being renamed, and the name typed so far.
    renaming: Option<(DocKey, String)>,
    /// The document selected (the target of F2, Delete, Ctrl+D, Ctrl+E).
    pub(crate) selected: Option<DocKey>,
    /// Put the cursor in the search field at the next frame (Ctrl+F).
    pub(crate) focus_search: bool,
    /// A document whose Delete button was pressed: the window asks first.
    pub(crate) ask_delete: Option<DocKey>,
    /// Import without a file dialog: the path being typed.
    pub(crate) import_path: Option<String>,
}

/// The alerts about the library folder and the rules' data files.
fn store_alerts_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    if let Some(problem) = &model.folder.store_problem {
        alert(
            ui,
            Tone::Error,
            &cx.msg(&Msg::new("store.no_library").msg("reason", problem.clone())),
        );
    }
    for problem in &model.rules_problems {
        let tone = if problem.notice {
            Tone::Info
        } else {
            Tone::Warning
        };
        alert(ui, tone, &cx.lang.data_problem(problem));
    }
}

/// The card of the files that could not be read, each with its reason.
fn unreadable_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    card(ui, |ui| {
        card_title(ui, icons::ICON_REPORT, cx.t("library.unreadable"));
        for u in &cx.model.library.unreadable {
            ui.horizontal_wrapped(|ui| {
                let name = u.path.file_name().map_or_else(
                    || u.path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                ui.monospace(name);
                alert(ui, Tone::Error, &cx.lang.read_error(&u.reason));
                if let Some(dir) = u.path.parent()
                    && ui.button(cx.t("library.open_folder")).clicked()
                {
                    cx.send(Command::OpenFolder(dir.to_path_buf()));
                }
            });
        }
        ui.label(RichText::new(cx.t("library.unreadable_hint")).color(palette().ink.subdued));
    });
}

/// The icon of a kind of document.
fn kind_icon(doc: &Doc) -> egui_material_icons::MaterialIcon {
    match doc {
        Doc::Roster(_) => icons::ICON_GROUPS,
        Doc::KillTeam(_) => icons::ICON_MILITARY_TECH,
        Doc::Campaign(_) => icons::ICON_FLAG,
    }
}

impl LibraryView {
    /// The document selected.
    pub fn selected(&self) -> Option<&DocKey> {
        self.selected.as_ref()
    }

    /// A document is being renamed.
    pub fn renaming(&self) -> bool {
        self.renaming.is_some()
    }

    /// Import without a file dialog: the path being typed, while its window shows.
    pub fn import_path(&self) -> Option<&str> {
        self.import_path.as_deref()
    }

    /// Shows the window asking for a path to import, with `path` typed; `None` hides it.
    pub fn set_import_path(&mut self, path: Option<String>) {
        self.import_path = path;
    }

    /// Starts renaming the selected document (F2).
    pub fn start_renaming(&mut self, model: &Model) {
        if let Some(doc) = self.selected.as_ref().and_then(|k| model.doc(k)) {
            self.renaming = Some((doc.key(), doc.name().to_owned()));
        }
    }

    /// Shows the library.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        store_alerts_ui(ui, cx);
        // A new player is welcomed first.
        if cx.model.library.docs.is_empty() {
            welcome_ui(ui, cx);
            ui.add_space(space::M);
        }
        self.create_card_ui(ui, cx);
        ui.add_space(space::M);
        versions::versions_ui(ui, cx);
        self.search_bar_ui(ui, cx);
        ui.add_space(space::S);

        let model = cx.model;
        let needle = self.search.trim().to_lowercase();
        let shown: Vec<&Doc> = model
            .library
            .docs
            .iter()
            .filter(|d| self.kind.is_none_or(|k| d.kind() == k))
            .filter(|d| needle.is_empty() || d.name().to_lowercase().contains(&needle))
            .collect();
        if !model.library.docs.is_empty() && shown.is_empty() {
            alert(ui, Tone::Info, cx.t("library.no_match"));
        }
        self.select_by_keys(ui, cx, &shown);
        virtual_rows(ui, ROW_HEIGHT, shown.len(), |ui, i| {
            self.row_ui(ui, cx, shown[i]);
        });

        if !model.library.unreadable.is_empty() {
            ui.add_space(space::L);
            unreadable_ui(ui, cx);
        }
    }

    /// Import…: the desktop's file dialog, or, without one, a field for
    /// the file's path.
    pub fn import(&mut self, cx: &ViewCtx<'_>) {
        if cx.model.folder.file_dialogs {
            cx.send(Command::ImportDialog);
        } else {
            self.import_path = Some(String::new());
        }
    }

    /// The arrow keys move the selection (the target of F2, Delete and
    /// Ctrl+D) through the documents shown, Enter opens the one selected;
    /// never while a field, a menu or a dialog has the keys.
    fn select_by_keys(&mut self, ui: &egui::Ui, cx: &ViewCtx<'_>, shown: &[&Doc]) {
        if shown.is_empty()
            || ui.ctx().text_edit_focused()
            || egui::Popup::is_any_open(ui.ctx())
            || self.ask_delete.is_some()
            || self.renaming.is_some()
        {
            return;
        }
        let (down, up, enter) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::ArrowUp),
                i.key_pressed(egui::Key::Enter),
            )
        });
        let at = self
            .selected
            .as_ref()
            .and_then(|k| shown.iter().position(|d| d.key() == *k));
        let next = match (at, down, up) {
            (None, true, _) | (None, _, true) => Some(0),
            (Some(i), true, _) => Some((i + 1).min(shown.len() - 1)),
            (Some(i), _, true) => Some(i.saturating_sub(1)),
            _ => None,
        };
        if let Some(i) = next {
            self.selected = Some(shown[i].key());
        }
        // Enter on a focused button is the button's.
        let focused = ui.memory(|m| m.focused().is_some());
        if enter
            && !focused
            && let Some(doc) = at.map(|i| shown[i])
        {
            cx.send(Command::Show(Screen::of(doc)));
        }
    }

    /// The card that creates a roster, a kill team or a campaign, or imports.
    fn create_card_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let model = cx.model;
        card(ui, |ui| {
            // Import on the title's line, at its end: the row of creation
            // fits at 1024 px in both languages.
            ui.horizontal(|ui| {
                card_title(ui, icons::ICON_LIBRARY_BOOKS, cx.t("library.title"));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if icon_button(
                        ui,
                        icons::ICON_DOWNLOAD,
                        cx.t("menu.import"),
                        cx.t("menu.import"),
                        !model.folder.read_only,
                    )
                    .clicked()
                    {
                        self.import(cx);
                    }
                });
            });
            ui.horizontal_wrapped(|ui| {
                let r = labelled_text(ui, cx.t("library.new_name"), &mut self.new_name);
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let create = icon_button(
                    ui,
                    icons::ICON_ADD,
                    cx.t("library.create"),
                    cx.t("library.create"),
                    !model.folder.read_only,
                );
                if create.clicked() || enter {
                    cx.send(Command::create_roster(std::mem::take(&mut self.new_name)));
                }
                let team = cx.t("library.create_killteam");
                if icon_button(
                    ui,
                    icons::ICON_MILITARY_TECH,
                    team,
                    team,
                    !model.folder.read_only,
                )
                .clicked()
                {
                    cx.send(Command::Create(
                        DocKind::KillTeam,
                        std::mem::take(&mut self.new_name),
                    ));
                }
                let campaign = cx.t("library.create_campaign");
                if icon_button(
                    ui,
                    icons::ICON_FLAG,
                    campaign,
                    campaign,
                    !model.folder.read_only,
                )
                .clicked()
                {
                    cx.send(Command::Create(
                        DocKind::Campaign,
                        std::mem::take(&mut self.new_name),
                    ));
                }
            });
            ui.label(RichText::new(cx.t("library.drop_hint")).color(palette().ink.subdued));
        });
    }

    /// The search field and the filter by kind.
    fn search_bar_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        ui.horizontal(|ui| {
            ui.label(icons::ICON_SEARCH.rich_text().color(palette().ink.subdued));
            let r = labelled_text(ui, cx.t("library.search"), &mut self.search);
            if std::mem::take(&mut self.focus_search) {
                r.request_focus();
            }
            let l = ui.label(cx.t("library.kind"));
            let selected = self
                .kind
                .map_or(cx.t("library.every_kind"), |k| cx.t(k.label()));
            egui::ComboBox::from_id_salt("library.kind")
                .selected_text(selected)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.kind, None, cx.t("library.every_kind"));
                    for k in DocKind::ALL {
                        ui.selectable_value(&mut self.kind, Some(k), cx.t(k.label()));
                    }
                })
                .response
                .labelled_by(l.id);
        });
    }

    /// One document: its kind, name, what it holds, whether it is within the
    /// rules, and what can be done with it.
    fn row_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, doc: &Doc) {
        let key = doc.key();
        // The row is clickable (to select it for the keyboard), under its
        // buttons: sensed first, so the buttons drawn after it win.
        let row = ui.interact(
            ui.max_rect(),
            ui.scope_id().with(("select", &key.id)),
            egui::Sense::click(),
        );
        if row.clicked() {
            self.selected = Some(key.clone());
        }
        let selected = self.selected.as_ref() == Some(&key);
        let frame = theme::card_frame()
            .inner_margin(egui::Margin::symmetric(space::M as i8, 4))
            .stroke(egui::Stroke::new(
                if selected { 2.0 } else { 1.0 },
                if selected {
                    palette().ink.accent
                } else {
                    palette().surface.border.gamma_multiply(0.6)
                },
            ));
        frame.show(ui, |ui| {
            ui.set_min_width(ui.available_width());
            // The buttons and the badge are placed first, from the right:
            // the name takes what is left and is cut short there (whole on
            // hover), so nothing covers a button.
            // The first line is as tall as a button: the summary goes under it.
            let line = egui::vec2(ui.available_width(), ui.spacing().interact_size.y + 4.0);
            let layout = egui::Layout::right_to_left(egui::Align::Center);
            ui.allocate_ui_with_layout(line, layout, |ui| {
                ui.set_height(line.y);
                self.row_buttons_ui(ui, cx, doc);
                ui.add_space(space::S);
                // The selection by word and icon too, not by colour alone.
                if selected {
                    let text = format!(
                        "{} {}",
                        icons::ICON_CHECK_CIRCLE.codepoint,
                        cx.t("library.selected")
                    );
                    let r = ui.label(RichText::new(text).color(palette().ink.accent));
                    let name = cx.f("library.selected_named", &[("name", doc.name())]);
                    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
                }
                let problems = cx.model.problems_of(&key).len();
                problems_badge(ui, cx, problems);
                versions::versions_badge(ui, cx, &key);
                versions::shared_badges(ui, cx, &key);
                ui.add_space(space::S);
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                    self.row_title_ui(ui, cx, doc);
                });
            });
            ui.add_space(2.0 - ui.spacing().item_spacing.y);
            // What it holds on a line of its own, under the name and the
            // buttons: its figures (a campaign's victory points last) are
            // never cut short by the badges, in any language.
            ui.horizontal(|ui| {
                ui.add_space(SUMMARY_INDENT);
                ui.label(
                    RichText::new(format!(
                        "{} · {}",
                        cx.t(doc.kind_label()),
                        cx.msg(&doc.summary())
                    ))
                    .color(palette().ink.subdued),
                );
            });
        });
    }

    /// A row's icon and name (or the field renaming it).
    fn row_title_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, doc: &Doc) {
        let key = doc.key();
        ui.label(
            kind_icon(doc)
                .rich_text()
                .size(20.0)
                .color(palette().ink.accent),
        )
        .on_hover_text(cx.t(doc.kind_label()));
        let renaming = self.renaming.as_ref().is_some_and(|(k, _)| *k == key);
        if renaming {
            self.rename_field_ui(ui, cx);
        } else {
            let name = ui
                .link(RichText::new(doc.name()).strong().size(16.0))
                .on_hover_text(doc.name());
            if name.clicked() {
                cx.send(Command::Show(Screen::of(doc)));
            }
        }
    }

    /// The field where the document's new name is typed.
    fn rename_field_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let Some((key, name)) = &mut self.renaming else {
            return;
        };
        let r = ui
            .text_edit_singleline(name)
            .on_hover_text(cx.t("library.rename_hint"));
        r.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::TextInput, true, cx.t("library.new_roster_name"))
        });
        if text_committed(ui, &r) {
            if !ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                cx.send(Command::Rename(key.clone(), name.clone()));
            }
            self.renaming = None;
        } else {
            r.request_focus();
        }
    }

    /// A row's buttons: delete, duplicate, rename, open.
    fn row_buttons_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, doc: &Doc) {
        let model = cx.model;
        let key = doc.key();
        let editable = !model.folder.read_only;
        let named = |what: &str| format!("{what}: {}", doc.name());
        // Right to left: the last is the leftmost.
        if icon_button(
            ui,
            icons::ICON_DELETE,
            cx.t("library.delete"),
            &named(cx.t("library.delete")),
            editable,
        )
        .clicked()
        {
            // The window asks first, as it does for the Delete key.
            self.selected = Some(key.clone());
            self.ask_delete = Some(key.clone());
        }
        if icon_button(
            ui,
            icons::ICON_CONTENT_COPY,
            cx.t("library.duplicate"),
            &named(cx.t("library.duplicate")),
            editable,
        )
        .clicked()
        {
            let name = cx.f("roster.copy_of", &[("name", doc.name())]);
            cx.send(Command::Duplicate(key.clone(), name));
        }
        if icon_button(
            ui,
            icons::ICON_EDIT,
            cx.t("library.rename"),
            &named(cx.t("library.rename")),
            editable,
        )
        .clicked()
        {
            self.selected = Some(key.clone());
            self.renaming = Some((key.clone(), doc.name().to_owned()));
        }
        if icon_button(
            ui,
            icons::ICON_FOLDER_OPEN,
            cx.t("library.open"),
            &named(cx.t("library.open")),
            true,
        )
        .clicked()
        {
            cx.send(Command::Show(Screen::of(doc)));
        }
    }
}

/// The inner width of an example's card in the welcome.
const WELCOME_CARD_WIDTH: f32 = 260.0;

/// The empty library welcomes a new player: one of the three examples to
/// open, each in a sentence, or their own to start in the card above.
fn welcome_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    use crate::app::Example;
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_WAVING_HAND, cx.t("library.welcome.title"));
        // The language and the theme first, before a word is read: the
        // same choices as the Language and View › Theme menus.
        ui.horizontal_wrapped(|ui| {
            ui.label(cx.t("menu.language"));
            menus::lang_choice_ui(ui, cx, cx.model.prefs.lang);
            ui.separator();
            ui.label(cx.t("menu.theme"));
            menus::theme_choice_ui(ui, cx, cx.model.prefs.theme);
        });
        ui.add(egui::Label::new(cx.t("library.welcome.intro")).wrap());
        ui.add_space(space::S);
        widgets::card_rows(
            ui,
            ("examples", WELCOME_CARD_WIDTH),
            Example::ALL,
            |ui, example| {
                let (icon, title, what, open) = match example {
                    Example::Band => (
                        icons::ICON_GROUPS,
                        "library.welcome.band.title",
                        "library.welcome.band.what",
                        "library.welcome.band.open",
                    ),
                    Example::KillTeam => (
                        icons::ICON_MILITARY_TECH,
                        "library.welcome.killteam.title",
                        "library.welcome.killteam.what",
                        "library.welcome.killteam.open",
                    ),
                    Example::Campaign => (
                        icons::ICON_FLAG,
                        "library.welcome.campaign.title",
                        "library.welcome.campaign.what",
                        "library.welcome.campaign.open",
                    ),
                };
                card(ui, |ui| {
                    ui.set_width(WELCOME_CARD_WIDTH);
                    ui.vertical(|ui| {
                        ui.add(
                            egui::Label::new(
                                RichText::new(format!("{} {}", icon.codepoint, cx.t(title)))
                                    .size(17.0)
                                    .strong()
                                    .color(palette().ink.text),
                            )
                            .wrap(),
                        );
                        ui.add(
                            egui::Label::new(
                                RichText::new(cx.t(what)).color(palette().ink.subdued),
                            )
                            .wrap(),
                        );
                        ui.add_space(space::XS);
                        let word = cx.t("library.welcome.open");
                        let name = cx.t(open);
                        if icon_button(
                            ui,
                            icons::ICON_FOLDER_OPEN,
                            word,
                            name,
                            !cx.model.folder.read_only,
                        )
                        .clicked()
                        {
                            cx.send(Command::OpenExample(example));
                        }
                    });
                });
            },
        );
        ui.add_space(space::S);
        ui.add(
            egui::Label::new(
                RichText::new(cx.t("library.welcome.own")).color(palette().ink.subdued),
            )
            .wrap(),
        );
    });
}
