//! One roster: its name, how points are given out, its characters, and
//! what breaks the rules.

mod cells;
pub(super) mod character;
pub(super) mod character_gear;
mod gear_shot;
mod parts;

use crate::app::{Command, Screen};
use crate::i18n::Lang;
use crate::rules::{Character, DocKey, Document, NewCharacter, PointsScheme, Roster, RosterEdit};
use crate::ui::context::ViewCtx;
use egui::RichText;
use egui_material_icons::icons;

use crate::rules::characters::roster;
use crate::ui::library::versions;
use crate::ui::roster::parts::{level_combo, race_combo, race_name, type_combo, type_name};
use crate::ui::theme;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{
    Tone, alert, card, card_title, icon_button, labelled_text, problems_badge, problems_ui,
    text_committed, virtual_rows,
};

/// State of the roster screen.
#[derive(Default)]
pub struct RosterView {
    /// Roster whose name is in `name`.
    editing: Option<String>,
    /// The name being typed.
    name: String,
    /// Name for the next character.
    new_character: String,
    /// Race for the next character.
    race: Option<String>,
    /// Type for the next character (`None`: trooper).
    type_id: Option<String>,
    /// Level of the next random hero (`None`: the type's level).
    level: Option<String>,
    /// The fixed allotments being typed (`10, 10, 15`).
    allotments: Option<(String, String)>,
    /// Dice per 20 models for a rolled pool.
    dice_per_20: u32,
    /// Put the cursor in the name field at the next frame (F2).
    pub(crate) focus_name: bool,
}

impl RosterView {
    /// Shows roster `id`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, id: &str) {
        let model = cx.model;
        let Some(roster) = model.roster(id) else {
            alert(ui, Tone::Info, cx.t("roster.missing"));
            return;
        };
        if self.editing.as_deref() != Some(id) {
            self.editing = Some(id.to_owned());
            self.name = roster.name.clone();
            self.allotments = None;
        }
        let problems = model.problems_of(&DocKey::of::<Roster>(id));
        versions::pending_banner_ui(ui, cx, &DocKey::of::<Roster>(id));
        card(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    icons::ICON_GROUPS
                        .rich_text()
                        .size(24.0)
                        .color(palette().ink.accent),
                );
                let r = labelled_text(ui, cx.t("roster.name"), &mut self.name);
                if std::mem::take(&mut self.focus_name) {
                    r.request_focus();
                }
                if text_committed(ui, &r) && self.name.trim() != roster.name {
                    cx.send(Command::Rename(DocKey::of::<Roster>(id), self.name.clone()));
                } else if !r.has_focus() && self.name != roster.name {
                    self.name = roster.name.clone();
                }
                ui.label(
                    RichText::new(cx.msg(&Document::summary(roster))).color(palette().ink.subdued),
                );
                problems_badge(ui, cx, problems.len());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let export = cx.t("menu.export");
                    if icon_button(ui, icons::ICON_UPLOAD, export, export, true).clicked() {
                        cx.send(Command::ExportDialog(DocKey::of::<Roster>(id)));
                    }
                    let print = cx.t("action.print_preview");
                    if icon_button(ui, icons::ICON_PRINT, print, print, true).clicked() {
                        cx.send(Command::Show(Screen::Print(DocKey::of::<Roster>(id))));
                    }
                });
            });
        });
        ui.add_space(space::M);
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.points_ui(ui, cx, roster);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.add_ui(ui, cx, roster);
            });
        });
        ui.add_space(space::M);
        characters_ui(ui, cx, roster);
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_GPP_BAD, cx.t("roster.problems"));
            problems_ui(ui, cx, problems);
        });
    }

    /// How points are given out: the scheme, and the scheme's own settings.
    fn points_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster) {
        card_title(ui, icons::ICON_MILITARY_TECH, cx.t("points.title"));
        scheme_ui(ui, cx, roster);
        let used: u64 = roster
            .characters
            .iter()
            .map(|c| u64::from(c.worth(&cx.rules)))
            .sum();
        match &roster.points {
            PointsScheme::Free => {
                ui.label(cx.f("points.free_hint", &[("used", &used.to_string())]));
            }
            PointsScheme::Fixed { allotments } => {
                self.allotments_ui(ui, cx, roster, allotments);
                ui.label(cx.t("points.fixed_hint"));
            }
            PointsScheme::Pool {
                points,
                force_models,
            } => {
                pool_ui(ui, cx, roster, *points, *force_models);
                ui.label(cx.f(
                    "points.pool_status",
                    &[
                        ("used", &used.to_string()),
                        ("points", &points.to_string()),
                        ("max", &roster::max_characters(*force_models).to_string()),
                    ],
                ));
                self.roll_pool_ui(ui, cx, roster, *force_models);
            }
        }
    }

    /// The fixed allotments, typed as a list (`10, 10, 15`).
    fn allotments_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        roster: &Roster,
        allotments: &[u32],
    ) {
        let current = allotments
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        if self
            .allotments
            .as_ref()
            .is_none_or(|(for_id, _)| *for_id != current)
        {
            self.allotments = Some((current.clone(), current.clone()));
        }
        if let Some((_, text)) = &mut self.allotments {
            let r = labelled_text(ui, cx.t("points.allotments"), text);
            if text_committed(ui, &r) {
                let parsed: Result<Vec<u32>, _> = text
                    .split([',', ' ', ';'])
                    .filter(|s| !s.is_empty())
                    .map(str::parse::<u32>)
                    .collect();
                match parsed {
                    Ok(list) if list != *allotments => {
                        cx.send(Command::roster(
                            roster.id.clone(),
                            RosterEdit::SetPoints(PointsScheme::Fixed { allotments: list }),
                        ));
                    }
                    Ok(_) => {}
                    Err(_) => *text = current,
                }
            }
        }
    }

    /// The dice rolled per 20 models of the force, and the button rolling
    /// the pool.
    fn roll_pool_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        roster: &Roster,
        force_models: u32,
    ) {
        ui.horizontal(|ui| {
            if self.dice_per_20 == 0 {
                self.dice_per_20 = 1;
            }
            let l = ui.label(cx.t("points.dice_per_20"));
            ui.add(egui::DragValue::new(&mut self.dice_per_20).range(1..=6))
                .labelled_by(l.id);
            let dice = (force_models / 20).saturating_mul(self.dice_per_20);
            if ui
                .add_enabled(
                    force_models >= 20,
                    egui::Button::new(cx.f("points.roll_pool", &[("dice", &dice.to_string())])),
                )
                .on_disabled_hover_text(cx.t("points.roll_pool_needs_force"))
                .clicked()
            {
                cx.send(Command::roster(
                    roster.id.clone(),
                    RosterEdit::RollPool {
                        force_models,
                        dice_per_20: self.dice_per_20,
                    },
                ));
            }
        });
    }

    /// The command adding a character made `how`, named as typed or, with no
    /// name typed, "Character N" in the user's language.
    fn add(&mut self, lang: Lang, roster: &Roster, how: NewCharacter) -> Command {
        let typed = std::mem::take(&mut self.new_character);
        let name = if typed.trim().is_empty() {
            let n = roster.next_character_id().to_string();
            lang.f("character.default_name", &[("n", &n)])
        } else {
            typed
        };
        Command::roster(roster.id.clone(), RosterEdit::AddCharacter { name, how })
    }

    /// The card adding a character: standard, random hero or campaign.
    fn add_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster) {
        let rules = &cx.rules;
        card_title(ui, icons::ICON_ADD, cx.t("roster.add_title"));
        let mut race = self
            .race
            .clone()
            .filter(|r| rules.race(r).is_some())
            .or_else(|| rules.races.first().map(|r| r.id.clone()))
            .unwrap_or_default();
        let name = labelled_text(ui, cx.t("roster.character_name"), &mut self.new_character);
        // Enter in the name adds him, as the button does.
        let entered = name.lost_focus()
            && ui.input(|i| i.key_pressed(egui::Key::Enter))
            && !self.new_character.trim().is_empty();
        ui.horizontal_wrapped(|ui| {
            race_combo(ui, rules, cx, cx.t("character.race"), &mut race);
            type_combo(
                ui,
                rules,
                cx,
                cx.t("character.type"),
                &mut self.type_id,
                true,
            );
            if ui.button(cx.t("roster.add_character")).clicked() || entered {
                cx.send(self.add(
                    cx.lang,
                    roster,
                    NewCharacter::Standard {
                        race: race.clone(),
                        type_id: self.type_id.clone(),
                    },
                ));
            }
        });
        ui.horizontal_wrapped(|ui| {
            // None: the profile type's level, whichever is chosen, as in
            // the character editor.
            let own = self.level.clone().or_else(|| self.type_id.clone());
            let (level, dice, picked) = level_combo(ui, rules, cx, cx.t("roster.hero_level"), &own);
            if ui
                .button(cx.f("roster.random_hero", &[("dice", &dice)]))
                .on_hover_text(cx.t("roster.random_hero_hint"))
                .clicked()
                && let Some(level) = level.clone()
            {
                cx.send(self.add(
                    cx.lang,
                    roster,
                    NewCharacter::RandomHero {
                        race: race.clone(),
                        level,
                    },
                ));
            }
            if ui
                .button(cx.t("roster.campaign_character"))
                .on_hover_text(cx.t("roster.campaign_character_hint"))
                .clicked()
            {
                cx.send(self.add(
                    cx.lang,
                    roster,
                    NewCharacter::Campaign { race: race.clone() },
                ));
            }
            if picked {
                self.level = if level == self.type_id { None } else { level };
            }
        });
        self.race = Some(race);
    }
}

/// The radio buttons choosing how points are given out.
fn scheme_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster) {
    ui.horizontal(|ui| {
        let is =
            |s: &PointsScheme| std::mem::discriminant(s) == std::mem::discriminant(&roster.points);
        let free = PointsScheme::Free;
        let fixed = PointsScheme::Fixed {
            allotments: vec![10, 10, 15],
        };
        let pool = PointsScheme::Pool {
            points: 14,
            force_models: 0,
        };
        for (scheme, key) in [
            (free, "points.free"),
            (fixed, "points.fixed"),
            (pool, "points.pool"),
        ] {
            if ui.radio(is(&scheme), cx.t(key)).clicked() && !is(&scheme) {
                cx.send(Command::roster(
                    roster.id.clone(),
                    RosterEdit::SetPoints(scheme),
                ));
            }
        }
    });
}

/// A pool's points and the models of the force they come from.
fn pool_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster, points: u32, force_models: u32) {
    let (mut p, mut f) = (points, force_models);
    ui.horizontal(|ui| {
        let l = ui.label(cx.t("points.pool_points"));
        let a = ui
            .add(
                egui::DragValue::new(&mut p)
                    .range(0..=u32::MAX)
                    .clamp_existing_to_range(false),
            )
            .labelled_by(l.id);
        let l = ui.label(cx.t("points.force_models"));
        let b = ui
            .add(
                egui::DragValue::new(&mut f)
                    .range(0..=u32::MAX)
                    .clamp_existing_to_range(false),
            )
            .labelled_by(l.id);
        if (a.changed() || b.changed()) && (p, f) != (points, force_models) {
            cx.send(Command::roster(
                roster.id.clone(),
                RosterEdit::SetPoints(PointsScheme::Pool {
                    points: p,
                    force_models: f,
                }),
            ));
        }
    });
}

/// The height of one character's card in the list.
const CHARACTER_ROW: f32 = 72.0;

/// The roster's characters, each as a card.
fn characters_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster) {
    card_title(
        ui,
        icons::ICON_GROUP,
        &cx.f(
            "roster.characters",
            &[("count", &roster.characters.len().to_string())],
        ),
    );
    if roster.characters.is_empty() {
        alert(ui, Tone::Info, cx.t("roster.no_characters"));
        return;
    }
    virtual_rows(ui, CHARACTER_ROW, roster.characters.len(), |ui, i| {
        character_card_ui(ui, cx, roster, &roster.characters[i]);
    });
}

/// One character as a card: name, race and type, the profile with values
/// above a maximum marked, points and worth, and what can be done.
fn character_card_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster, c: &Character) {
    theme::card_frame()
        .inner_margin(egui::Margin::symmetric(space::M as i8, 6))
        .show(ui, |ui| {
            ui.set_min_width(ui.available_width());
            ui.horizontal(|ui| {
                card_header_ui(ui, cx, roster, c);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    card_buttons_ui(ui, cx, roster, c);
                });
            });
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = space::S;
                card_profile_ui(ui, cx, c);
                ui.separator();
                card_points_ui(ui, cx, c);
            });
        });
}

/// A card's first line: icon, name (a link to his screen), race and type,
/// and how many problems he has.
fn card_header_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster, c: &Character) {
    let rules = &cx.rules;
    let icon = if c.psychic {
        icons::ICON_PSYCHOLOGY
    } else {
        icons::ICON_PERSON
    };
    ui.label(icon.rich_text().size(20.0).color(palette().ink.accent));
    if ui
        .link(RichText::new(&c.name).strong().size(16.0))
        .clicked()
    {
        cx.send(Command::Show(Screen::Character(roster.id.clone(), c.id)));
    }
    let mut kind = format!(
        "{} · {}",
        race_name(rules, cx.lang, &c.race),
        type_name(rules, cx.lang, c.type_id.as_deref())
    );
    if c.psychic {
        kind.push_str(" · ");
        kind.push_str(cx.t("character.psychic_short"));
    }
    ui.label(RichText::new(kind).color(palette().ink.subdued));
    let problems = c.validate(rules).len();
    if problems > 0 {
        problems_badge(ui, cx, problems);
    }
}

/// A card's buttons, right to left: remove, duplicate, edit.
fn card_buttons_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, roster: &Roster, c: &Character) {
    let named = |what: &str| format!("{what}: {}", c.name);
    let remove = cx.t("roster.remove");
    if icon_button(ui, icons::ICON_DELETE, remove, &named(remove), true).clicked() {
        cx.send(Command::roster(
            roster.id.clone(),
            RosterEdit::RemoveCharacter(c.id),
        ));
    }
    let dup = cx.t("library.duplicate");
    if icon_button(ui, icons::ICON_CONTENT_COPY, dup, &named(dup), true).clicked() {
        let name = cx.f("roster.copy_of", &[("name", &c.name)]);
        cx.send(Command::roster(
            roster.id.clone(),
            RosterEdit::DuplicateCharacter { id: c.id, name },
        ));
    }
    let edit = cx.t("roster.edit");
    if icon_button(ui, icons::ICON_EDIT, edit, &named(edit), true).clicked() {
        cx.send(Command::Show(Screen::Character(roster.id.clone(), c.id)));
    }
}

/// A card's profile, a value above its maximum marked.
fn card_profile_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Character) {
    let rules = &cx.rules;
    match (c.profile(rules), c.maxima(rules)) {
        (Ok(p), Ok(max)) => {
            for (ch, v) in p.iter() {
                // The name small and subdued, the value strong; a
                // value above its maximum in the error colour,
                // with a mark, not by colour alone.
                let over = v > max.get(ch);
                let value = if over {
                    RichText::new(format!("{v}!"))
                        .color(palette().state.error)
                        .strong()
                } else {
                    RichText::new(v.to_string()).strong()
                };
                ui.scope(|ui| {
                    ui.spacing_mut().item_spacing.x = 3.0;
                    ui.label(
                        RichText::new(cx.t(ch.abbr_key()))
                            .small()
                            .color(palette().ink.subdued),
                    );
                    ui.label(value)
                })
                .response
                .on_hover_text(cx.t(&format!("chr.{}", ch.key())));
            }
        }
        (Err(problem), _) | (_, Err(problem)) => {
            alert(ui, Tone::Error, &cx.lang.problem_line(&problem));
        }
    }
}

/// A card's points, spent and worth, and what he carries, counted.
fn card_points_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Character) {
    ui.label(
        RichText::new(cx.f(
            "roster.points_worth",
            &[
                ("spent", &c.points_spent().to_string()),
                ("points", &c.advance_points.to_string()),
                ("worth", &c.worth(&cx.rules).to_string()),
            ],
        ))
        .color(palette().ink.subdued),
    );
    // What he carries, counted: the list is on his screen.
    let mut carried = Vec::new();
    if !c.equipment.is_empty() {
        carried.push(cx.f("roster.items", &[("count", &c.equipment.len().to_string())]));
    }
    if !c.powers.is_empty() {
        carried.push(cx.f(
            "roster.power_cards",
            &[("count", &c.powers.len().to_string())],
        ));
    }
    if !carried.is_empty() {
        ui.separator();
        ui.label(RichText::new(carried.join(" · ")).color(palette().ink.subdued));
    }
}
