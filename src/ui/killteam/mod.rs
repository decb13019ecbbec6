//! The kill-team builder: the team's summary against the composition rules,
//! a card per soldier with his derived profile, and pickers that list every
//! option but let only the legal ones be chosen, each other one saying which
//! rule stops it (KT-1 … KT-21, EQ-*, RIB-*).

pub(crate) mod parts;
pub(crate) mod soldier_card;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Screen};
use crate::rules::core::names::name_in;
use crate::rules::killteam::KillTeam;
use crate::rules::{DocKey, KillTeamEdit, Problem};
use crate::ui::context::ViewCtx;
use crate::ui::killteam::parts::edit;
use crate::ui::killteam::soldier_card::soldier_card_ui;
use crate::ui::library::versions;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{
    Tone, alert, badge, card, card_title, icon_button, labelled_text, problems_badge,
    text_committed,
};

/// State of the kill-team screen.
#[derive(Default)]
pub struct KillTeamView {
    /// The team whose texts are in the buffers.
    editing: Option<String>,
    /// The team's name being typed.
    name: String,
    /// Name for the next soldier.
    new_soldier: String,
    /// Put the cursor in the name field at the next frame (F2).
    pub(crate) focus_name: bool,
}

impl KillTeamView {
    /// Shows kill team `id`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, id: &str) {
        let model = cx.model;
        let Some(team) = model.get::<KillTeam>(id) else {
            alert(ui, Tone::Info, cx.t("kt.missing"));
            return;
        };
        let data = &model.rules.killteam;
        if self.editing.as_deref() != Some(id) {
            self.editing = Some(id.to_owned());
            self.name = team.name.clone();
        }
        let problems = model.problems_of(&DocKey::of::<KillTeam>(id));
        versions::pending_banner_ui(ui, cx, &DocKey::of::<KillTeam>(id));
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            ui.horizontal(|ui| self.header_ui(ui, cx, team, problems));
        });
        ui.add_space(space::M);
        // Adding comes before the rules' summary, whose problems come and
        // go as soldiers are added: the add buttons never move under the
        // mouse.
        self.add_ui(ui, cx, team);
        ui.add_space(space::M);
        summary_ui(ui, cx, team, problems);
        ui.add_space(space::M);
        card_title(
            ui,
            icons::ICON_GROUPS,
            &cx.f(
                "kt.soldiers",
                &[("count", &team.soldiers.len().to_string())],
            ),
        );
        if team.soldiers.is_empty() {
            alert(ui, Tone::Info, cx.t("kt.no_soldiers"));
        }
        for (index, s) in team.soldiers.iter().enumerate() {
            soldier_card_ui(ui, cx, data, team, index, s);
            ui.add_space(space::S);
        }
    }

    /// The team's header: its name, whether it is within the rules, and
    /// export and print.
    fn header_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        team: &KillTeam,
        problems: &[Problem],
    ) {
        let id = team.id.as_str();
        ui.label(
            icons::ICON_MILITARY_TECH
                .rich_text()
                .size(24.0)
                .color(palette().ink.accent),
        );
        let r = labelled_text(ui, cx.t("kt.name"), &mut self.name);
        if std::mem::take(&mut self.focus_name) {
            r.request_focus();
        }
        if text_committed(ui, &r) && self.name.trim() != team.name {
            cx.send(Command::Rename(
                DocKey::of::<KillTeam>(id),
                self.name.clone(),
            ));
        } else if !r.has_focus() && self.name != team.name {
            self.name = team.name.clone();
        }
        problems_badge(ui, cx, problems.len());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let export = cx.t("menu.export");
            if icon_button(ui, icons::ICON_UPLOAD, export, export, true).clicked() {
                cx.send(Command::ExportDialog(DocKey::of::<KillTeam>(id)));
            }
            let print = cx.t("action.print_preview");
            if icon_button(ui, icons::ICON_PRINT, print, print, true).clicked() {
                cx.send(Command::Show(Screen::Print(DocKey::of::<KillTeam>(id))));
            }
        });
    }

    /// The card adding a soldier of each kind.
    fn add_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, team: &KillTeam) {
        let model = cx.model;
        let data = &model.rules.killteam;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_ADD, cx.t("kt.add_title"));
            labelled_text(ui, cx.t("kt.soldier_name"), &mut self.new_soldier);
            ui.horizontal_wrapped(|ui| {
                for kind in &data.soldier_kinds {
                    let name = name_in(&kind.names, cx.lang.code(), kind.id.as_str());
                    let label = cx.f(
                        "kt.add_kind",
                        &[
                            ("kind", name),
                            ("equivalents", &kind.equivalents.to_string()),
                        ],
                    );
                    let named = cx.f("kt.add_named", &[("kind", name)]);
                    if icon_button(ui, icons::ICON_ADD, &label, &named, !model.folder.read_only)
                        .clicked()
                    {
                        let typed = std::mem::take(&mut self.new_soldier);
                        let name = if typed.trim().is_empty() {
                            format!("{name} {}", team.next_soldier_id())
                        } else {
                            typed
                        };
                        cx.send(edit(
                            &team.id,
                            KillTeamEdit::AddSoldier {
                                kind: kind.id.clone(),
                                name,
                            },
                        ));
                    }
                }
            });
        });
    }
}

/// The team against the composition rules: each count with its limit, as a
/// badge that says what is wrong in words, and every problem, clickable.
fn summary_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, team: &KillTeam, problems: &[Problem]) {
    let model = cx.model;
    let c = team.composition(&model.rules.killteam);
    let data = &model.rules.killteam;
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_STRATEGY, cx.t("kt.summary"));
        ui.horizontal_wrapped(|ui| {
            let line = |ui: &mut egui::Ui, ok: bool, key: &str, n: u32, max: u32| {
                let text = cx.f(key, &[("count", &n.to_string()), ("max", &max.to_string())]);
                badge(ui, if ok { Tone::Good } else { Tone::Error }, &text);
            };
            line(
                ui,
                c.equivalents == c.size,
                "kt.sum.equivalents",
                c.equivalents,
                c.size,
            );
            line(ui, c.sergeants == 1, "kt.sum.sergeant", c.sergeants, 1);
            line(
                ui,
                c.special_weapons <= data.max_special_weapons,
                "kt.sum.special",
                c.special_weapons,
                data.max_special_weapons,
            );
            line(
                ui,
                c.weapons_teams <= data.max_weapons_teams,
                "kt.sum.weapons_team",
                c.weapons_teams,
                data.max_weapons_teams,
            );
            line(
                ui,
                c.heavy_weapons <= data.max_heavy_weapons,
                "kt.sum.heavy",
                c.heavy_weapons,
                data.max_heavy_weapons,
            );
            ui.label(
                RichText::new(cx.f("kt.sum.vp", &[("vp", &c.vp.to_string())]))
                    .color(palette().ink.subdued),
            );
        });
        if !problems.is_empty() {
            ui.add_space(space::S);
            for p in problems {
                widgets::problem_link_ui(ui, cx, p);
            }
        }
    });
}
