//! The library: every document of every kind, search and filter by kind,
//! create, rename, duplicate, delete, import; and the files that could not be
//! read.

use crate::app::{Command, Model, Screen};
use crate::rules::{Doc, DocKey, DocKind, Msg, Roster};
use crate::ui::widgets::{labelled_text, text_committed};

/// State of the library screen.
#[derive(Default)]
pub struct LibraryView {
    /// Filter on document names.
    pub search: String,
    /// Show only documents of this kind (`None`: every kind).
    pub kind: Option<&'static str>,
    /// Name for the next new roster.
    pub new_name: String,
    /// The document being renamed, and the name typed so far.
    pub renaming: Option<(DocKey, String)>,
    /// The document whose deletion awaits confirmation.
    pub confirm_delete: Option<DocKey>,
}

impl LibraryView {
    /// Shows the library.
    pub fn ui(&mut self, ui: &mut egui::Ui, model: &Model, out: &mut Vec<Command>) {
        let lang = model.lang;
        ui.heading(lang.t("library.title"));

        if let Some(problem) = &model.store_problem {
            ui.colored_label(
                ui.visuals().error_fg_color,
                lang.msg(&Msg::new("store.no_library").msg("reason", problem.clone())),
            );
        }
        for problem in &model.rules_problems {
            ui.colored_label(ui.visuals().warn_fg_color, lang.data_problem(problem));
        }

        ui.horizontal(|ui| {
            let r = labelled_text(ui, lang.t("library.new_name"), &mut self.new_name);
            let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button(lang.t("library.create")).clicked() || enter {
                out.push(Command::create_roster(std::mem::take(&mut self.new_name)));
            }
            ui.separator();
            if ui.button(lang.t("menu.import")).clicked() {
                out.push(Command::ImportDialog);
            }
        });
        ui.label(egui::RichText::new(lang.t("library.drop_hint")).weak());
        ui.separator();
        ui.horizontal(|ui| {
            labelled_text(ui, lang.t("library.search"), &mut self.search);
            let l = ui.label(lang.t("library.kind"));
            let selected = self.kind.map_or(lang.t("library.every_kind"), |k| {
                model.kinds.get(k).map_or(k, |k| lang.t(k.label))
            });
            egui::ComboBox::from_id_salt("library.kind")
                .selected_text(selected)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.kind, None, lang.t("library.every_kind"));
                    for k in model.kinds.iter() {
                        ui.selectable_value(&mut self.kind, Some(k.kind), lang.t(k.label));
                    }
                })
                .response
                .labelled_by(l.id);
        });
        ui.add_space(4.0);

        let needle = self.search.trim().to_lowercase();
        let shown: Vec<&Doc> = model
            .docs
            .iter()
            .filter(|d| self.kind.is_none_or(|k| d.kind() == k))
            .filter(|d| needle.is_empty() || d.name().to_lowercase().contains(&needle))
            .collect();
        if model.docs.is_empty() {
            ui.label(lang.t("library.empty"));
        } else if shown.is_empty() {
            ui.label(lang.t("library.no_match"));
        }
        egui::Grid::new("rosters")
            .striped(true)
            .num_columns(4)
            .show(ui, |ui| {
                for doc in shown {
                    let key = doc.key();
                    let renaming = self.renaming.as_ref().is_some_and(|(k, _)| *k == key);
                    if renaming {
                        if let Some((id, name)) = &mut self.renaming {
                            let r = ui
                                .text_edit_singleline(name)
                                .on_hover_text(lang.t("library.rename_hint"));
                            r.widget_info(|| {
                                egui::WidgetInfo::labeled(
                                    egui::Role::TextInput,
                                    true,
                                    lang.t("library.new_roster_name"),
                                )
                            });
                            if text_committed(ui, &r) {
                                if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                                    self.renaming = None;
                                } else {
                                    out.push(Command::Rename(id.clone(), name.clone()));
                                    self.renaming = None;
                                }
                            } else {
                                r.request_focus();
                            }
                        }
                    } else if ui.link(doc.name()).clicked()
                        && let Some(screen) = screen_of(&key)
                    {
                        out.push(Command::Show(screen));
                    }
                    ui.label(lang.t(doc.kind_label()));
                    let problems = doc.validate(&model.rules).len();
                    let count = lang.msg(&doc.summary());
                    if problems == 0 {
                        ui.label(format!("{count} · ✔"));
                    } else {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            format!(
                                "{count} · {}",
                                lang.f("problems.count", &[("count", &problems.to_string())])
                            ),
                        );
                    }
                    ui.horizontal(|ui| {
                        let named = |r: egui::Response, what: &str| {
                            let label = format!("{what}: {}", doc.name());
                            r.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                            });
                            r
                        };
                        if named(ui.button(lang.t("library.open")), lang.t("library.open"))
                            .clicked()
                            && let Some(screen) = screen_of(&key)
                        {
                            out.push(Command::Show(screen));
                        }
                        if named(
                            ui.button(lang.t("library.rename")),
                            lang.t("library.rename"),
                        )
                        .clicked()
                        {
                            self.renaming = Some((key.clone(), doc.name().to_owned()));
                        }
                        if named(
                            ui.button(lang.t("library.duplicate")),
                            lang.t("library.duplicate"),
                        )
                        .clicked()
                        {
                            let name = lang.f("roster.copy_of", &[("name", doc.name())]);
                            out.push(Command::Duplicate(key.clone(), name));
                        }
                        if named(
                            ui.button(lang.t("library.delete")),
                            lang.t("library.delete"),
                        )
                        .clicked()
                        {
                            self.confirm_delete = Some(key.clone());
                        }
                    });
                    ui.end_row();
                }
            });

        if !model.unreadable.is_empty() {
            ui.separator();
            ui.colored_label(ui.visuals().error_fg_color, lang.t("library.unreadable"));
            for u in &model.unreadable {
                ui.horizontal_wrapped(|ui| {
                    let name = u.path.file_name().map_or_else(
                        || u.path.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    );
                    ui.monospace(name);
                    ui.label(lang.read_error(&u.reason));
                    if let Some(dir) = u.path.parent()
                        && ui.button(lang.t("library.open_folder")).clicked()
                    {
                        out.push(Command::OpenFolder(dir.to_path_buf()));
                    }
                });
            }
            ui.label(egui::RichText::new(lang.t("library.unreadable_hint")).weak());
        }

        self.confirm_delete_ui(ui, model, out);
    }

    fn confirm_delete_ui(&mut self, ui: &mut egui::Ui, model: &Model, out: &mut Vec<Command>) {
        let lang = model.lang;
        let Some(key) = self.confirm_delete.clone() else {
            return;
        };
        let Some(doc) = model.doc(&key) else {
            self.confirm_delete = None;
            return;
        };
        let modal = egui::Modal::new(egui::Id::unique("confirm_delete")).show(ui.ctx(), |ui| {
            ui.heading(lang.t("library.delete_title"));
            ui.label(lang.f("library.delete_question", &[("name", doc.name())]));
            ui.horizontal(|ui| {
                if ui.button(lang.t("library.delete_confirm")).clicked() {
                    out.push(Command::Delete(key.clone()));
                    self.confirm_delete = None;
                }
                if ui.button(lang.t("library.cancel")).clicked() {
                    self.confirm_delete = None;
                }
            });
        });
        if modal.should_close() {
            self.confirm_delete = None;
        }
    }
}

/// The screen that shows a document.
fn screen_of(key: &DocKey) -> Option<Screen> {
    (key.kind == Roster::KIND).then(|| Screen::Roster(key.id.clone()))
}
