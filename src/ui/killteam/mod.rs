//! The kill-team builder: the team's summary against the composition rules,
//! a card per soldier with his derived profile, and pickers that list every
//! option but let only the legal ones be chosen, each other one saying which
//! rule stops it (KT-1 … KT-21, EQ-*, RIB-*).

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Model};
use crate::i18n::Lang;
use crate::rules::core::names::name_in;
use crate::rules::killteam::data::{Amount, KillTeamData, WeaponType};
use crate::rules::killteam::{
    Carried, KillTeam, Soldier, allowed_items, derive, item_refusal, item_weapon_refusal,
    ribbon_refusal, weapon_refusal,
};
use crate::rules::{DocKey, KillTeamEdit, Problem};
use crate::ui::theme::{PALETTE, space};
use crate::ui::widgets::{
    Tone, alert, badge, card, card_title, icon_and_text, icon_button, labelled_text, text_committed,
};

/// State of the kill-team screen.
#[derive(Default)]
pub struct KillTeamView {
    /// The team whose texts are in the buffers.
    editing: Option<String>,
    /// The team's name being typed.
    name: String,
    /// Name for the next soldier.
    pub new_soldier: String,
    /// Put the cursor in the name field at the next frame (F2).
    pub focus_name: bool,
}

fn edit(id: &str, e: KillTeamEdit) -> Command {
    Command::Edit(DocKey::of::<KillTeam>(id), crate::rules::Edit::new(e))
}

impl KillTeamView {
    /// Shows kill team `id`.
    pub fn ui(&mut self, ui: &mut egui::Ui, model: &Model, id: &str, out: &mut Vec<Command>) {
        let lang = model.lang;
        let Some(team) = model.get::<KillTeam>(id) else {
            alert(ui, Tone::Info, lang.t("kt.missing"));
            return;
        };
        let data = &model.rules.killteam;
        if self.editing.as_deref() != Some(id) {
            self.editing = Some(id.to_owned());
            self.name = team.name.clone();
        }
        let problems = model.problems_of(&DocKey::of::<KillTeam>(id));
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(
                    icons::ICON_MILITARY_TECH
                        .rich_text()
                        .size(24.0)
                        .color(PALETTE.accent),
                );
                let r = labelled_text(ui, lang.t("kt.name"), &mut self.name);
                if std::mem::take(&mut self.focus_name) {
                    r.request_focus();
                }
                if text_committed(ui, &r) && self.name.trim() != team.name {
                    out.push(Command::Rename(
                        DocKey::of::<KillTeam>(id),
                        self.name.clone(),
                    ));
                } else if !r.has_focus() && self.name != team.name {
                    self.name = team.name.clone();
                }
                if problems.is_empty() {
                    badge(ui, Tone::Good, lang.t("problems.none"));
                } else {
                    badge(
                        ui,
                        Tone::Error,
                        &lang.f("problems.count", &[("count", &problems.len().to_string())]),
                    );
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let export = lang.t("menu.export");
                    if icon_button(ui, icons::ICON_UPLOAD, export, export, true).clicked() {
                        out.push(Command::ExportDialog(DocKey::of::<KillTeam>(id)));
                    }
                    let print = lang.t("action.print_preview");
                    if icon_button(ui, icons::ICON_PRINT, print, print, true).clicked() {
                        out.push(Command::Show(crate::app::Screen::Print(DocKey::of::<
                            KillTeam,
                        >(
                            id
                        ))));
                    }
                });
            });
        });
        ui.add_space(space::M);
        summary_ui(ui, model, team, problems, out);
        ui.add_space(space::M);
        self.add_ui(ui, model, team, out);
        ui.add_space(space::M);
        card_title(
            ui,
            icons::ICON_GROUPS,
            &lang.f(
                "kt.soldiers",
                &[("count", &team.soldiers.len().to_string())],
            ),
        );
        if team.soldiers.is_empty() {
            alert(ui, Tone::Info, lang.t("kt.no_soldiers"));
        }
        for (index, s) in team.soldiers.iter().enumerate() {
            soldier_card_ui(ui, model, data, team, index, s, out);
            ui.add_space(space::S);
        }
    }

    fn add_ui(
        &mut self,
        ui: &mut egui::Ui,
        model: &Model,
        team: &KillTeam,
        out: &mut Vec<Command>,
    ) {
        let lang = model.lang;
        let data = &model.rules.killteam;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_ADD, lang.t("kt.add_title"));
            labelled_text(ui, lang.t("kt.soldier_name"), &mut self.new_soldier);
            ui.horizontal_wrapped(|ui| {
                for kind in &data.soldier_kinds {
                    let name = name_in(&kind.names, lang.code(), &kind.id);
                    let label = lang.f(
                        "kt.add_kind",
                        &[
                            ("kind", name),
                            ("equivalents", &kind.equivalents.to_string()),
                        ],
                    );
                    let named = lang.f("kt.add_named", &[("kind", name)]);
                    if icon_button(ui, icons::ICON_ADD, &label, &named, !model.read_only).clicked()
                    {
                        let typed = std::mem::take(&mut self.new_soldier);
                        let name = if typed.trim().is_empty() {
                            format!("{name} {}", team.next_soldier_id())
                        } else {
                            typed
                        };
                        out.push(edit(
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
fn summary_ui(
    ui: &mut egui::Ui,
    model: &Model,
    team: &KillTeam,
    problems: &[Problem],
    out: &mut Vec<Command>,
) {
    let lang = model.lang;
    let c = team.composition(&model.rules.killteam);
    let data = &model.rules.killteam;
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_STRATEGY, lang.t("kt.summary"));
        ui.horizontal_wrapped(|ui| {
            let line = |ui: &mut egui::Ui, ok: bool, key: &str, n: u32, max: u32| {
                let text = lang.f(key, &[("count", &n.to_string()), ("max", &max.to_string())]);
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
                RichText::new(lang.f("kt.sum.vp", &[("vp", &c.vp.to_string())]))
                    .color(PALETTE.text_subdued),
            );
        });
        if !problems.is_empty() {
            ui.add_space(space::S);
            for p in problems {
                crate::ui::widgets::problem_link_ui(ui, lang, p, out);
            }
        }
    });
}

/// A value of the derived profile: marked when a ribbon or an item changed
/// it (a star and the accent colour), with the rules on hover.
fn stat_ui(ui: &mut egui::Ui, lang: Lang, label_key: &str, value: String, changed_by: &[&str]) {
    ui.scope(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        ui.label(
            RichText::new(lang.t(label_key))
                .small()
                .color(PALETTE.text_subdued),
        );
        if changed_by.is_empty() {
            ui.label(RichText::new(value).strong());
        } else {
            ui.label(
                RichText::new(format!("{value}*"))
                    .strong()
                    .color(PALETTE.accent),
            )
            .on_hover_text(lang.f("kt.changed_by", &[("rules", &changed_by.join(", "))]));
        }
    });
}

fn amount(a: &Amount) -> String {
    a.to_string()
}

fn weapon_type_text(lang: Lang, t: WeaponType, shots: &Amount) -> String {
    lang.f(t.key(), &[("shots", &shots.to_string())])
}

/// A refusal in a few words, for a list (`sergeant only`); the whole
/// message where no short one is written.
fn short_reason(lang: Lang, p: &Problem) -> String {
    let short = p.key.replace("kt.problem.", "kt.short.");
    if lang.t(&short) == short {
        lang.problem(p)
    } else {
        lang.problem_as(&short, p)
    }
}

/// A picker that lists every option; the illegal ones are disabled and say
/// why (the rule and its message). `name` is its accessible name (`Weapon:
/// Trooper Vell`). Returns the option chosen.
fn picker_ui(
    ui: &mut egui::Ui,
    model: &Model,
    (label, name): (&str, &str),
    selected: &str,
    hint: Option<&str>,
    options: &[(String, String, Option<Problem>)],
) -> Option<String> {
    let lang = model.lang;
    let mut chosen = None;
    ui.label(label);
    let r = egui::ComboBox::from_id_salt(name)
        .selected_text(selected)
        .height(400.0)
        .show_ui(ui, |ui| {
            if let Some(hint) = hint {
                ui.label(RichText::new(hint).color(PALETTE.warning));
                ui.separator();
            }
            for (id, option, refusal) in options {
                // The reason in the list itself, short; whole on hover.
                let text = match refusal {
                    None => option.clone(),
                    Some(p) => format!("{option} — {}: {}", p.rule, short_reason(lang, p)),
                };
                let r = ui.add_enabled(refusal.is_none(), egui::Button::selectable(false, text));
                let r = match refusal {
                    // The refusal, then the rule itself from the reference.
                    Some(p) => r.on_disabled_hover_ui(|ui| {
                        ui.label(RichText::new(lang.problem_line(p)).strong());
                        if let Some(rule) = model.rules.reference.rule(&p.rule) {
                            ui.add_space(space::XS);
                            ui.label(
                                RichText::new(format!(
                                    "{} — {}",
                                    rule.id,
                                    name_in(&rule.title, lang.code(), &rule.id)
                                ))
                                .color(PALETTE.accent),
                            );
                            ui.label(name_in(&rule.text, lang.code(), ""));
                        }
                    }),
                    None => r,
                };
                if r.clicked() {
                    chosen = Some(id.clone());
                    // Chosen: the list closes (however it was clicked).
                    ui.close();
                }
            }
        })
        .response;
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name));
    chosen
}

#[allow(clippy::too_many_lines)]
fn soldier_card_ui(
    ui: &mut egui::Ui,
    model: &Model,
    data: &KillTeamData,
    team: &KillTeam,
    index: usize,
    s: &Soldier,
    out: &mut Vec<Command>,
) {
    let lang = model.lang;
    let tid = &team.id;
    let kind = data.kind(&s.kind);
    let kind_name = kind.map_or(s.kind.as_str(), |k| name_in(&k.names, lang.code(), &k.id));
    let drag_id = egui::Id::unique(("soldier", tid.as_str(), s.id));
    let frame = crate::ui::theme::card_frame().show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            // A handle to drag the soldier to another place.
            let handle = ui
                .dnd_drag_source(drag_id, s.id, |ui| {
                    ui.label(
                        icons::ICON_DRAG_INDICATOR
                            .rich_text()
                            .size(20.0)
                            .color(PALETTE.text_subdued),
                    )
                })
                .response
                .on_hover_text(lang.t("kt.drag_hint"));
            handle.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::Button,
                    true,
                    lang.f("kt.drag_named", &[("name", &s.name)]),
                )
            });
            ui.label(RichText::new(&s.name).strong().size(16.0));
            ui.label(RichText::new(kind_name).color(PALETTE.text_subdued));
            if let Some(k) = kind {
                ui.label(
                    RichText::new(lang.f(
                        "kt.equivalents_vp",
                        &[
                            ("equivalents", &k.equivalents.to_string()),
                            ("vp", &k.vp.to_string()),
                        ],
                    ))
                    .color(PALETTE.text_subdued),
                );
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let named = |what: &str| format!("{what}: {}", s.name);
                let remove = lang.t("roster.remove");
                if icon_button(
                    ui,
                    icons::ICON_DELETE,
                    remove,
                    &named(remove),
                    !model.read_only,
                )
                .clicked()
                {
                    out.push(edit(tid, KillTeamEdit::RemoveSoldier(s.id)));
                }
                let dup = lang.t("library.duplicate");
                if icon_button(
                    ui,
                    icons::ICON_CONTENT_COPY,
                    dup,
                    &named(dup),
                    !model.read_only,
                )
                .clicked()
                {
                    let name = lang.f("roster.copy_of", &[("name", &s.name)]);
                    out.push(edit(tid, KillTeamEdit::DuplicateSoldier { id: s.id, name }));
                }
                let down = lang.t("kt.move_down");
                if icon_button(
                    ui,
                    icons::ICON_ARROW_DOWNWARD,
                    "",
                    &named(down),
                    index + 1 < team.soldiers.len(),
                )
                .on_hover_text(down)
                .clicked()
                {
                    out.push(edit(
                        tid,
                        KillTeamEdit::MoveSoldier {
                            id: s.id,
                            to: index + 1,
                        },
                    ));
                }
                let up = lang.t("kt.move_up");
                if icon_button(ui, icons::ICON_ARROW_UPWARD, "", &named(up), index > 0)
                    .on_hover_text(up)
                    .clicked()
                {
                    out.push(edit(
                        tid,
                        KillTeamEdit::MoveSoldier {
                            id: s.id,
                            to: index - 1,
                        },
                    ));
                }
            });
        });
        // The choices: kind, weapon, items, ribbon.
        ui.horizontal_wrapped(|ui| {
            let kinds: Vec<(String, String, Option<Problem>)> = data
                .soldier_kinds
                .iter()
                .map(|k| {
                    (
                        k.id.clone(),
                        name_in(&k.names, lang.code(), &k.id).to_owned(),
                        None,
                    )
                })
                .collect();
            if let Some(k) = picker_ui(
                ui,
                model,
                (
                    lang.t("kt.kind"),
                    &format!("{}: {}", lang.t("kt.kind"), s.name),
                ),
                kind_name,
                None,
                &kinds,
            ) && k != s.kind
            {
                out.push(edit(tid, KillTeamEdit::SetKind(s.id, k)));
            }
            let weapons: Vec<(String, String, Option<Problem>)> = data
                .weapons
                .iter()
                .filter(|w| w.weapon_type != WeaponType::Grenade || w.id == s.weapon)
                .map(|w| {
                    (
                        w.id.clone(),
                        name_in(&w.names, lang.code(), &w.id).to_owned(),
                        weapon_refusal(data, s, &w.id),
                    )
                })
                .collect();
            let weapon_name = data
                .weapon(&s.weapon)
                .map_or(s.weapon.as_str(), |w| name_in(&w.names, lang.code(), &w.id));
            if let Some(w) = picker_ui(
                ui,
                model,
                (
                    lang.t("kt.weapon"),
                    &format!("{}: {}", lang.t("kt.weapon"), s.name),
                ),
                weapon_name,
                None,
                &weapons,
            ) && w != s.weapon
            {
                out.push(edit(tid, KillTeamEdit::SetWeapon(s.id, w)));
            }
            let no_ribbon = lang.t("kt.no_ribbon");
            let mut ribbons: Vec<(String, String, Option<Problem>)> =
                vec![(String::new(), no_ribbon.to_owned(), None)];
            ribbons.extend(data.ribbons.iter().map(|r| {
                (
                    r.id.clone(),
                    format!("{} ({})", name_in(&r.names, lang.code(), &r.id), r.rule),
                    ribbon_refusal(data, s, &r.id),
                )
            }));
            let ribbon_name = s
                .ribbon
                .as_deref()
                .and_then(|r| data.ribbon(r))
                .map_or(no_ribbon, |r| name_in(&r.names, lang.code(), &r.id));
            if let Some(r) = picker_ui(
                ui,
                model,
                (
                    lang.t("kt.ribbon"),
                    &format!("{}: {}", lang.t("kt.ribbon"), s.name),
                ),
                ribbon_name,
                None,
                &ribbons,
            ) {
                let r = (!r.is_empty()).then_some(r);
                if r != s.ribbon {
                    out.push(edit(tid, KillTeamEdit::SetRibbon(s.id, r)));
                }
            }
            let full = s.items.len() >= allowed_items(data, s);
            let items: Vec<(String, String, Option<Problem>)> = data
                .equipment
                .iter()
                .map(|it| {
                    let refusal = item_refusal(data, s, &it.id).or_else(|| {
                        full.then(|| {
                            Problem::new(
                                if allowed_items(data, s) > 1 {
                                    "RIB-4"
                                } else {
                                    "KT-5"
                                },
                                "kt.problem.too_many_items",
                            )
                            .character(&s.name)
                            .arg("count", s.items.len() + 1)
                            .arg("max", allowed_items(data, s))
                        })
                    });
                    (
                        it.id.clone(),
                        format!("{} ({})", name_in(&it.names, lang.code(), &it.id), it.rule),
                        refusal,
                    )
                })
                .collect();
            if let Some(item) = picker_ui(
                ui,
                model,
                (
                    lang.t("kt.add_item"),
                    &format!("{}: {}", lang.t("kt.add_item"), s.name),
                ),
                lang.t("kt.choose"),
                full.then(|| lang.t("kt.items_full")),
                &items,
            ) {
                out.push(edit(
                    tid,
                    KillTeamEdit::AddItem(s.id, Carried { item, weapon: None }),
                ));
            }
        });
        // His derived profile, weapons, and what his items and ribbon do.
        match derive(data, s) {
            Ok(d) => {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = space::M;
                    let p = d.profile;
                    stat_ui(
                        ui,
                        lang,
                        "kt.stat.move",
                        format!("{}\"", p.move_inches),
                        &d.changed_by("move"),
                    );
                    stat_ui(
                        ui,
                        lang,
                        "kt.stat.wounds",
                        p.wounds.to_string(),
                        &d.changed_by("wounds"),
                    );
                    stat_ui(
                        ui,
                        lang,
                        "kt.stat.strength",
                        p.strength.to_string(),
                        &d.changed_by("strength"),
                    );
                    stat_ui(
                        ui,
                        lang,
                        "kt.stat.toughness",
                        p.toughness.to_string(),
                        &d.changed_by("toughness"),
                    );
                    let save = if p.save_dice > 1 {
                        format!("{}+ ({}D6)", p.save, p.save_dice)
                    } else {
                        format!("{}+", p.save)
                    };
                    stat_ui(ui, lang, "kt.stat.save", save, &d.changed_by("save"));
                    stat_ui(
                        ui,
                        lang,
                        "kt.stat.close_combat",
                        format!("{}+", p.close_combat),
                        &d.changed_by("close_combat"),
                    );
                    if d.cover_bonus != 0 {
                        stat_ui(
                            ui,
                            lang,
                            "kt.stat.cover",
                            format!("+{}", d.cover_bonus),
                            &d.changed_by("cover"),
                        );
                    }
                    if d.hit_bonus != 0 {
                        stat_ui(
                            ui,
                            lang,
                            "kt.stat.hit",
                            format!("+{}", d.hit_bonus),
                            &d.changed_by("hit"),
                        );
                    }
                    for (item, n) in &d.item_counts {
                        let name = data
                            .item(item)
                            .map_or(item.as_str(), |i| name_in(&i.names, lang.code(), &i.id));
                        ui.label(RichText::new(format!("{name} ×{n}")).color(PALETTE.text_subdued));
                    }
                });
                for w in &d.weapons {
                    let name = data
                        .weapon(&w.id)
                        .map_or(w.id.as_str(), |x| name_in(&x.names, lang.code(), &x.id));
                    let mut flags = Vec::new();
                    if w.sniper {
                        flags.push(lang.t("kt.flag.sniper"));
                    }
                    if w.flame {
                        flags.push(lang.t("kt.flag.flame"));
                    }
                    if w.indirect {
                        flags.push(lang.t("kt.flag.indirect"));
                    }
                    let range = if w.range_inches == 0 {
                        lang.t("kt.melee_range").to_owned()
                    } else {
                        format!("{}\"", w.range_inches)
                    };
                    let mut text = lang.f(
                        "kt.weapon_line",
                        &[
                            ("name", name),
                            ("type", &weapon_type_text(lang, w.weapon_type, &w.shots)),
                            ("range", &range),
                            ("s", &w.strength.to_string()),
                            ("ap", &w.ap.to_string()),
                            ("d", &amount(&w.damage)),
                        ],
                    );
                    if !flags.is_empty() {
                        text.push_str(&format!(" · {}", flags.join(", ")));
                    }
                    let color = if w.changed_by.is_empty() {
                        PALETTE.text
                    } else {
                        PALETTE.accent
                    };
                    let mark = if w.changed_by.is_empty() {
                        String::new()
                    } else {
                        format!(" * ({})", w.changed_by.join(", "))
                    };
                    ui.label(icon_and_text(
                        ui,
                        icons::ICON_TARGET,
                        &format!("{text}{mark}"),
                        color,
                        false,
                    ));
                }
            }
            Err(p) => {
                alert(ui, Tone::Error, &lang.problem_line(&p));
            }
        }
        for (at, carried) in s.items.iter().enumerate() {
            let Some(it) = data.item(&carried.item) else {
                continue;
            };
            ui.horizontal_wrapped(|ui| {
                let name = name_in(&it.names, lang.code(), &it.id);
                let remove = lang.f("kt.remove_item", &[("item", name)]);
                if icon_button(
                    ui,
                    icons::ICON_CLOSE,
                    "",
                    &format!("{remove}: {}", s.name),
                    !model.read_only,
                )
                .on_hover_text(&remove)
                .clicked()
                {
                    out.push(edit(tid, KillTeamEdit::RemoveItem(s.id, at)));
                }
                ui.label(icon_and_text(
                    ui,
                    icons::ICON_BACKPACK,
                    &format!("{name} ({})", it.rule),
                    PALETTE.text,
                    true,
                ));
                // The weapon the item brings, chosen among those it allows.
                if let Some(pick) = &it.weapon_choice {
                    let options: Vec<(String, String, Option<Problem>)> = data
                        .weapons
                        .iter()
                        .filter(|w| pick.types.is_empty() || pick.types.contains(&w.weapon_type))
                        .map(|w| {
                            (
                                w.id.clone(),
                                name_in(&w.names, lang.code(), &w.id).to_owned(),
                                item_weapon_refusal(data, s, &it.id, &w.id),
                            )
                        })
                        .collect();
                    let current = carried
                        .weapon
                        .as_deref()
                        .and_then(|w| data.weapon(w))
                        .map_or("", |w| name_in(&w.names, lang.code(), &w.id));
                    let label = lang.f("kt.item_weapon", &[("item", name)]);
                    let accessible = format!("{label}: {}", s.name);
                    if let Some(w) =
                        picker_ui(ui, model, (&label, &accessible), current, None, &options)
                        && carried.weapon.as_deref() != Some(w.as_str())
                    {
                        out.push(edit(tid, KillTeamEdit::SetItemWeapon(s.id, at, w)));
                    }
                }
                ui.add(
                    egui::Label::new(
                        RichText::new(name_in(&it.text, lang.code(), ""))
                            .color(PALETTE.text_subdued),
                    )
                    .wrap(),
                );
            });
        }
        if let Some(r) = s.ribbon.as_deref().and_then(|r| data.ribbon(r)) {
            ui.horizontal_wrapped(|ui| {
                let name = name_in(&r.names, lang.code(), &r.id);
                ui.label(icon_and_text(
                    ui,
                    icons::ICON_WORKSPACE_PREMIUM,
                    &format!("{name} ({})", r.rule),
                    PALETTE.text,
                    true,
                ));
                ui.add(
                    egui::Label::new(
                        RichText::new(name_in(&r.text, lang.code(), ""))
                            .color(PALETTE.text_subdued),
                    )
                    .wrap(),
                );
            });
        }
    });
    // Dropping a dragged soldier on this card puts him here.
    if let Some(dragged) = frame.response.dnd_release_payload::<u64>()
        && *dragged != s.id
    {
        out.push(edit(
            tid,
            KillTeamEdit::MoveSoldier {
                id: *dragged,
                to: index,
            },
        ));
    }
    if frame.response.dnd_hover_payload::<u64>().is_some() {
        ui.painter().rect_stroke(
            frame.response.rect,
            egui::CornerRadius::same(crate::ui::theme::corner::LARGE),
            egui::Stroke::new(2.0, PALETTE.accent),
            egui::StrokeKind::Outside,
        );
    }
}
