//! The debrief after a mission, one pass: the outcome, the Cran
//! tests, fate points, advances, reinforcements, recon and the next
//! mission. Every click is one campaign event: saved at once, undoable.

use egui::RichText;
use egui_material_icons::icons;

use crate::i18n::Lang;
use crate::rules::campaign::{Bought, Purchase};
use crate::rules::campaign::{
    Campaign, CampaignEdit, CharId, Member, MissionChoice, MissionType, Phase, TestKind,
};
use crate::rules::{Characteristic, Gear, GearKind, PowerCard};
use crate::ui::campaign::dice::{dice_field, dice_name, dice_ui, dice_ui_worded};
use crate::ui::campaign::parts::{Buy, BuyKind, MissionState, character_card_ui, edit, state_tone};
use crate::ui::campaign::recruit::recruit_ui;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// A characteristic as the player reads it: `WS (Weapon Skill)`, `CC
/// (Capacité de combat)`.
fn chr_name(lang: Lang, c: Characteristic) -> String {
    format!(
        "{} ({})",
        lang.t(c.abbr_key()),
        lang.t(&format!("chr.{}", c.key()))
    )
}

/// A step's number and title, a tick once it is done (said to a screen
/// reader too).
fn step_title(ui: &mut egui::Ui, lang: Lang, n: u32, title: &str, done: bool) {
    let said = lang.f(
        if done {
            "campaign.ui.step_done"
        } else {
            "campaign.ui.step_todo"
        },
        &[("step", &format!("{n}. {title}"))],
    );
    ui.horizontal(|ui| {
        let icon = if done {
            icons::ICON_CHECK_CIRCLE
        } else {
            icons::ICON_ARROW_FORWARD
        };
        let color = if done {
            palette().fit
        } else {
            palette().accent
        };
        ui.label(icon.rich_text().size(20.0).color(color));
        ui.label(RichText::new(format!("{n}. {title}")).heading());
    })
    .response
    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
}

impl MissionState {
    /// CMP-14: the recon's dice, each typed in or left to Muster: the D12,
    /// the Cran test some results ask for and good fortune's dice; then
    /// the character goes.
    fn recon_dice_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, who: CharId) {
        let lang = cx.lang;
        let name = c.character(who).map_or("", |x| x.name()).to_owned();
        let recon = &c.rates(&cx.model.rules.campaign).recon;
        let cran_die = c.settings.cran_die;
        ui.label(RichText::new(lang.t("campaign.ui.dice_hint")).color(palette().text_subdued));
        let fields = [
            ("recon", "campaign.ui.dice.recon", 1, recon.die),
            ("recon-cran", "campaign.ui.dice.recon_cran", 1, cran_die),
            (
                "recon-fortune",
                "campaign.ui.dice.fortune",
                recon.good_fortune_dice,
                6,
            ),
        ];
        let typed: Vec<_> = fields
            .iter()
            .map(|&(key, label, count, sides)| {
                let label = lang.f(
                    label,
                    &[("dice", &dice_name(count, sides)), ("character", &name)],
                );
                dice_field(
                    ui,
                    lang,
                    &label,
                    self.dice.text(key),
                    count,
                    sides,
                    "CMP-14",
                    false,
                )
            })
            .collect();
        let ok = typed.iter().all(crate::ui::campaign::dice::Typed::ok);
        let word = lang.t("campaign.ui.recon_go");
        let named = lang.f("campaign.ui.recon_go_named", &[("character", &name)]);
        if icon_button(
            ui,
            icons::ICON_EXPLORE,
            word,
            &named,
            ok && !cx.model.folder.read_only,
        )
        .clicked()
        {
            cx.send(edit(
                c.id.as_str(),
                CampaignEdit::Recon {
                    character: who,
                    roll: typed[0].first(),
                    cran: typed[1].first(),
                    fortune: typed[2].first(),
                    effect: None,
                },
            ));
            for (key, ..) in fields {
                self.dice.clear(key);
            }
        }
    }

    /// The debrief, every step on one page.
    pub fn debrief_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        let lang = cx.lang;
        let Some(d) = (c.phase == Phase::Debrief)
            .then_some(c.debrief.as_ref())
            .flatten()
        else {
            alert(ui, Tone::Info, lang.t("campaign.ui.no_debrief"));
            return;
        };
        let mut n = 0;
        let mut next = || {
            n += 1;
            n
        };
        outcome_ui(ui, lang, d, next());
        ui.add_space(space::S);
        // CMP-9: who was taken out of action, corrected before the tests.
        confirm_out_ui(ui, cx, c, d, next());
        ui.add_space(space::S);
        self.cran_tests_ui(ui, cx, c, d, next());
        ui.add_space(space::S);
        if c.settings.fate_points {
            self.fate_ui(ui, cx, c, d, next());
            ui.add_space(space::S);
        }
        self.advances_ui(ui, cx, c, Some(d), next());
        ui.add_space(space::S);
        self.reinforcements_ui(ui, cx, c, next());
        ui.add_space(space::S);
        self.recon_ui(ui, cx, c, d, next());
        ui.add_space(space::S);
        self.next_mission_ui(ui, cx, c, d, next());
        ui.add_space(space::M);
        card_title(ui, icons::ICON_GROUPS, lang.t("campaign.ui.escort_now"));
        crate::ui::widgets::card_grid(
            ui,
            c.characters.len(),
            crate::ui::campaign::parts::CARD,
            |ui, i| {
                character_card_ui(ui, cx, c, &c.characters[i]);
            },
        );
    }

    /// Those taken out of action, and their Cran tests (CMP-9).
    fn cran_tests_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: &crate::rules::campaign::Debrief,
        step: u32,
    ) {
        let lang = cx.lang;
        let id = c.id.as_str();
        let die = c.settings.cran_die;
        let tests_done = d.pending.is_empty();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(ui, lang, step, lang.t("campaign.ui.step.cran"), tests_done);
            ui.label(
                RichText::new(lang.f(
                    match c.settings.injuries {
                        crate::rules::campaign::Injuries::Standard => "campaign.ui.cran_rule",
                        crate::rules::campaign::Injuries::GangWar => "campaign.ui.cran_rule_gang",
                    },
                    &[("die", &die.to_string())],
                ))
                .color(palette().text_subdued),
            );
            // CMP-13: each test rolled stays shown with its die and result.
            rolled_ui(ui, lang, c, d, TestKind::Cran);
            let any = d.rolled.iter().any(|r| r.kind == TestKind::Cran);
            if d.pending.is_empty() && !any {
                ui.label(lang.t("campaign.ui.no_test_left"));
            }
            for &who in &d.pending {
                let Some(x) = c.character(who) else { continue };
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(x.name()).strong());
                    ui.label(lang.f(
                        "campaign.ui.cran_of",
                        &[("cran", &x.cran.to_string()), ("die", &die.to_string())],
                    ));
                    let text = self.typed.entry(who).or_default();
                    if let Some(roll) =
                        dice_ui(ui, lang, x.name(), die, text, !cx.model.folder.read_only)
                    {
                        cx.send(edit(
                            id,
                            CampaignEdit::CranTest {
                                character: who,
                                roll,
                            },
                        ));
                    }
                });
            }
        });
    }

    /// The fate points' rerolls of those who fell.
    fn fate_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: &crate::rules::campaign::Debrief,
        step: u32,
    ) {
        let lang = cx.lang;
        let id = c.id.as_str();
        let die = c.settings.cran_die;
        let tests_done = d.pending.is_empty();
        // CMP-12: done once nobody may still be saved: each who fell saved,
        // his death accepted, or his player out of fate points.
        let open = c.fate_open();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(
                ui,
                lang,
                step,
                lang.t("campaign.ui.step.fate"),
                open.is_empty() && tests_done,
            );
            if d.fallen.is_empty() && !tests_done {
                ui.label(lang.t("campaign.ui.fate_waits"));
            } else if d.fallen.is_empty() {
                ui.label(lang.t("campaign.ui.nobody_fell"));
            }
            rolled_ui(ui, lang, c, d, TestKind::Fate);
            for &who in &d.fallen {
                let Some(x) = c.character(who) else { continue };
                let left = c.escort(x.escort).map_or(0, |e| e.fate_points);
                ui.horizontal_wrapped(|ui| {
                    badge(ui, state_tone(x.state), lang.t(x.state.key()));
                    ui.label(RichText::new(x.name()).strong());
                    if !open.contains(&who) {
                        let why = if d.accepted.contains(&who) {
                            "campaign.ui.death_accepted"
                        } else {
                            "campaign.ui.no_fate_left"
                        };
                        ui.label(RichText::new(lang.t(why)).color(palette().text_subdued));
                        return;
                    }
                    ui.label(lang.f("campaign.ui.fate_left", &[("count", &left.to_string())]));
                    let text = self.typed.entry(who).or_default();
                    let words = ("campaign.ui.fate_roll", "campaign.ui.fate_roll_for");
                    let enabled = !cx.model.folder.read_only;
                    if let Some(roll) =
                        dice_ui_worded(ui, lang, x.name(), die, text, enabled, words)
                    {
                        cx.send(edit(
                            id,
                            CampaignEdit::FateReroll {
                                character: who,
                                roll,
                            },
                        ));
                    }
                    ui.separator();
                    accept_death_ui(ui, cx, c, x);
                });
            }
        });
    }

    /// The recon (CMP-14): its table, who goes and his dice, the guide.
    fn recon_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: &crate::rules::campaign::Debrief,
        step: u32,
    ) {
        let lang = cx.lang;
        let id = c.id.as_str();
        let tests_done = d.pending.is_empty();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            let all_done = c.escorts.iter().all(|e| d.recon.contains(&e.id));
            step_title(ui, lang, step, lang.t("campaign.ui.step.recon"), all_done);
            recon_table_ui(ui, lang, &c.rates(&cx.model.rules.campaign).recon);
            // Each escort's recon stays shown once the next one's turn comes.
            rolled_ui(ui, lang, c, d, TestKind::Recon);
            let can: Vec<_> = c
                .characters
                .iter()
                .filter(|x| x.can_play() && !d.recon.contains(&x.escort))
                .collect();
            if !tests_done {
                alert(ui, Tone::Info, lang.t("campaign.ui.tests_first"));
            } else if can.is_empty() {
                ui.label(lang.t("campaign.ui.recon_none"));
            } else {
                if self.recon.is_none_or(|r| !can.iter().any(|x| x.id == r)) {
                    self.recon = can.first().map(|x| x.id);
                }
                ui.horizontal_wrapped(|ui| {
                    let l = ui.label(lang.t("campaign.ui.recon_who"));
                    let shown = self
                        .recon
                        .and_then(|r| c.character(r))
                        .map_or("", |x| x.name())
                        .to_owned();
                    egui::ComboBox::from_id_salt("cmp-recon")
                        .selected_text(shown)
                        .show_ui(ui, |ui| {
                            for x in &can {
                                ui.selectable_value(&mut self.recon, Some(x.id), x.name());
                            }
                        })
                        .response
                        .labelled_by(l.id);
                });
                if let Some(who) = self.recon {
                    self.recon_dice_ui(ui, cx, c, who);
                }
            }
            if d.guide_offered && !c.guide {
                let cost = c.rates(&cx.model.rules.campaign).recon.guide_cost;
                for e in &c.escorts {
                    let name = lang.f(
                        "campaign.ui.hire_guide",
                        &[("points", &cost.to_string()), ("player", &e.player)],
                    );
                    if icon_button(
                        ui,
                        icons::ICON_EXPLORE,
                        &name,
                        &name,
                        c.reinforcement_of(e.id) >= cost,
                    )
                    .clicked()
                    {
                        cx.send(edit(id, CampaignEdit::HireGuide { escort: e.id }));
                    }
                }
            }
            if c.allies {
                badge(ui, Tone::Good, lang.t("campaign.ui.allies"));
            }
            if c.forced_survival {
                badge(ui, Tone::Warning, lang.t("campaign.ui.forced_survival"));
            }
        });
    }

    /// The next mission (CMP-3, CMP-4), or the campaign's end after the final.
    fn next_mission_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: &crate::rules::campaign::Debrief,
        step: u32,
    ) {
        let lang = cx.lang;
        let id = c.id.as_str();
        let tests_done = d.pending.is_empty();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(ui, lang, step, lang.t("campaign.ui.step.next"), false);
            if d.mission_type == Some(MissionType::Final) {
                ui.label(lang.t("campaign.ui.after_final"));
                let end = lang.t("campaign.ui.end_campaign");
                if icon_button(ui, icons::ICON_EMOJI_EVENTS, end, end, tests_done).clicked() {
                    cx.send(edit(id, CampaignEdit::EndCampaign));
                }
                return;
            }
            let chain = c.next_type();
            ui.label(
                RichText::new(lang.f("campaign.ui.next_is", &[("type", lang.t(chain.key()))]))
                    .strong(),
            );
            ui.horizontal_wrapped(|ui| {
                let l = ui.label(lang.t("campaign.ui.force_type"));
                let shown = self
                    .force
                    .map_or(lang.t("campaign.ui.by_the_chain"), |t| lang.t(t.key()));
                egui::ComboBox::from_id_salt("cmp-force")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(
                            &mut self.force,
                            None,
                            lang.t("campaign.ui.by_the_chain"),
                        );
                        for t in MissionType::ALL {
                            ui.selectable_value(&mut self.force, Some(t), lang.t(t.key()));
                        }
                    })
                    .response
                    .labelled_by(l.id);
            });
            // CMP-3, CMP-4: the mission drawn or picked, its dice typed in
            // or rolled.
            let force = self.force.filter(|t| *t != chain);
            let choice = self
                .next
                .ui(ui, cx, c, force.unwrap_or(chain), force.is_some());
            if !tests_done {
                alert(ui, Tone::Info, lang.t("campaign.ui.tests_first"));
            }
            let go = lang.t("campaign.ui.draw_next");
            if icon_button(ui, icons::ICON_MAP, go, go, tests_done && choice.is_some()).clicked()
                && let Some(choice) = choice
            {
                cx.send(edit(
                    id,
                    CampaignEdit::NextMission {
                        choice: MissionChoice {
                            force_type: force,
                            ..choice
                        },
                    },
                ));
                self.force = None;
                self.next.reset();
            }
        });
    }

    /// Placing the advance points earned (CHR-13), after a mission and
    /// before the next one.
    pub fn advances_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: Option<&crate::rules::campaign::Debrief>,
        step: u32,
    ) {
        let lang = cx.lang;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            // CHR-13: a point that fits nowhere, every characteristic at its
            // maximum, is kept and leaves the step done.
            let (open, kept) = c.advances_owed(&cx.model.rules);
            let owed: Vec<_> = open.iter().filter_map(|&w| c.character(w)).collect();
            step_title(
                ui,
                lang,
                step,
                lang.t("campaign.ui.step.advances"),
                owed.is_empty(),
            );
            ui.label(
                RichText::new(lang.t("campaign.ui.advance_rule")).color(palette().text_subdued),
            );
            if owed.is_empty() && kept.is_empty() {
                ui.label(lang.t("campaign.ui.no_point_left"));
            }
            for x in kept.iter().filter_map(|&w| c.character(w)) {
                let Member::Character(ch) = &x.member else {
                    continue;
                };
                ui.label(lang.f(
                    "campaign.ui.points_kept",
                    &[
                        ("character", x.name()),
                        ("count", &ch.points_left().to_string()),
                    ],
                ));
            }
            // A long escort: only the rows in view are drawn.
            crate::ui::widgets::virtual_rows(ui, 24.0, owed.len(), |ui, row| {
                let x = owed[row];
                let Member::Character(ch) = &x.member else {
                    return;
                };
                self.advance_row_ui(ui, cx, c, d, x, ch);
            });
        });
    }

    /// One character's row of the advances: his points, the characteristic
    /// to raise, "Place" and, after a mission, "Unworthy".
    fn advance_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: Option<&crate::rules::campaign::Debrief>,
        x: &crate::rules::campaign::CampaignCharacter,
        ch: &crate::rules::Character,
    ) {
        let lang = cx.lang;
        let id = c.id.as_str();
        ui.horizontal(|ui| {
            // Columns, so that the choices line up row under row.
            let column = |ui: &mut egui::Ui, width: f32, text: RichText| {
                ui.allocate_ui_with_layout(
                    egui::vec2(width, ui.spacing().interact_size.y),
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.set_min_width(width);
                        ui.label(text);
                    },
                );
            };
            column(ui, 150.0, RichText::new(x.name()).strong());
            column(
                ui,
                190.0,
                RichText::new(lang.f(
                    "campaign.ui.points_to_place",
                    &[("count", &ch.points_left().to_string())],
                )),
            );
            // The first characteristic he can still raise is
            // offered first; those at their maximum say so.
            let open = |k: Characteristic| ch.can_spend(k, &cx.model.rules).is_ok();
            let chosen = self.advance.entry(x.id).or_insert_with(|| {
                Characteristic::ALL
                    .into_iter()
                    .find(|&k| k != Characteristic::M && open(k))
                    .unwrap_or(Characteristic::WS)
            });
            characteristic_pick_ui(ui, lang, x.id, chosen, &open);
            let place = lang.t("campaign.ui.place");
            let name = lang.f("campaign.ui.place_for", &[("character", x.name())]);
            let refusal = ch.can_spend(*chosen, &cx.model.rules).err();
            let r = icon_button(ui, icons::ICON_ADD, place, &name, refusal.is_none());
            if let Some(p) = &refusal {
                let why = lang.problem_line(p);
                r.clone().on_disabled_hover_text(&why);
                // Said on the row too, in words, not on hover only.
                let stuck = !Characteristic::ALL
                    .into_iter()
                    .any(|k| k != Characteristic::M && open(k));
                let words = refusal_words(lang, stuck, ch.points_left(), *chosen, &p.rule);
                ui.label(
                    RichText::new(format!("{} {words}", icons::ICON_BLOCK.codepoint))
                        .color(palette().text_subdued),
                )
                .on_hover_text(&why)
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &why));
            }
            if r.clicked() {
                cx.send(edit(
                    id,
                    CampaignEdit::Advance {
                        character: x.id,
                        characteristic: *chosen,
                    },
                ));
                // Offered again from the first he can still raise.
                self.advance.remove(&x.id);
            }
            if d.is_some_and(|d| d.earned.contains(&x.id)) {
                unworthy_ui(ui, cx, c, x);
            }
        });
    }

    fn reinforcements_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, step: u32) {
        let lang = cx.lang;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(
                ui,
                lang,
                step,
                lang.t("campaign.ui.step.reinforcements"),
                false,
            );
            for e in &c.escorts {
                let buy = self.buy.entry(e.id).or_default();
                ui.push_id(e.id, |ui| {
                    ui.label(
                        RichText::new(lang.f(
                            "campaign.ui.points_held",
                            &[
                                ("player", &e.player),
                                ("points", &c.reinforcement_of(e.id).to_string()),
                            ],
                        ))
                        .strong(),
                    );
                    exchange_ui(ui, cx, c, e, buy);
                    let factions = c.escort_factions(e.id);
                    if !factions.is_empty() {
                        let names = factions
                            .iter()
                            .map(|f| lang.pick(&f.names))
                            .collect::<Vec<_>>()
                            .join(", ");
                        ui.label(
                            RichText::new(
                                lang.f("campaign.ui.recruit_factions", &[("factions", &names)]),
                            )
                            .color(palette().text_subdued),
                        );
                    }
                    if c.allies {
                        badge(ui, Tone::Good, lang.t("campaign.ui.recruit_allies"));
                    }
                    recruit_ui(ui, cx, c, e, buy);
                    spend_ui(ui, cx, c, e, buy);
                });
            }
        });
    }
}

/// Victory points exchanged for reinforcement points, at the campaign's
/// rate, for one escort's player.
fn exchange_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &crate::rules::campaign::Escort,
    buy: &mut Buy,
) {
    let lang = cx.lang;
    let id = c.id.as_str();
    let rate = c.rates(&cx.model.rules.campaign).vp_exchange_rate;
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(lang.f("campaign.ui.exchange", &[("rate", &rate.to_string())]));
        ui.add(egui::DragValue::new(&mut buy.exchange).range(0..=c.vp))
            .labelled_by(l.id);
        let go = lang.t("campaign.ui.exchange_go");
        let name = lang.f("campaign.ui.exchange_for", &[("player", &e.player)]);
        if icon_button(
            ui,
            icons::ICON_EMOJI_EVENTS,
            go,
            &name,
            buy.exchange > 0 && buy.exchange <= c.vp,
        )
        .clicked()
        {
            cx.send(edit(
                id,
                CampaignEdit::ExchangeVp {
                    escort: e.id,
                    vp: buy.exchange,
                },
            ));
            buy.exchange = 0;
        }
    });
}

/// Why no point can be placed, in words: no characteristic can take one
/// (`stuck`), or the one chosen cannot; the rule's id last.
fn refusal_words(lang: Lang, stuck: bool, left: i64, chosen: Characteristic, rule: &str) -> String {
    if stuck {
        lang.f(
            "campaign.ui.advance_no_room",
            &[("count", &left.to_string()), ("rule", rule)],
        )
    } else {
        lang.f(
            "campaign.ui.advance_refused",
            &[
                ("characteristic", lang.t(chosen.abbr_key())),
                ("rule", rule),
            ],
        )
    }
}

/// Points spent on something else, and the item it buys for a character
/// (CMP-7), for one escort's player.
fn spend_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &crate::rules::campaign::Escort,
    buy: &mut Buy,
) {
    let lang = cx.lang;
    let id = c.id.as_str();
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(lang.t("campaign.ui.spend_points"));
        ui.add(egui::DragValue::new(&mut buy.spend).range(0..=1000))
            .labelled_by(l.id);
        crate::ui::widgets::labelled_text(
            ui,
            lang.t("campaign.ui.spend_what"),
            &mut buy.spend_what,
        );
        spend_for_ui(ui, lang, c, e.id, buy);
        let go = lang.t("campaign.ui.spend");
        let name = lang.f("campaign.ui.spend_for", &[("player", &e.player)]);
        let ok = buy.spend > 0
            && !buy.spend_what.trim().is_empty()
            && c.reinforcement_of(e.id) >= buy.spend;
        if icon_button(ui, icons::ICON_BACKPACK, go, &name, ok).clicked() {
            let what = std::mem::take(&mut buy.spend_what);
            // CMP-7: the item bought goes to the character in
            // the same event as the points.
            let bought = buy.spend_for.map(|character| Bought {
                character,
                item: match buy.spend_kind {
                    BuyKind::Gear(kind) => Purchase::Gear(Gear::new(what.trim(), kind)),
                    BuyKind::Power => Purchase::Power(PowerCard::new(what.trim())),
                },
            });
            cx.send(edit(
                id,
                CampaignEdit::Spend {
                    escort: e.id,
                    points: buy.spend,
                    what,
                    bought,
                },
            ));
            buy.spend = 0;
        }
    });
}

/// The characteristic to raise: those at their maximum say so.
fn characteristic_pick_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    who: CharId,
    chosen: &mut Characteristic,
    open: &dyn Fn(Characteristic) -> bool,
) {
    let l = ui.label(lang.t("campaign.ui.characteristic"));
    egui::ComboBox::from_id_salt(("cmp-advance", who))
        .selected_text(chr_name(lang, *chosen))
        .width(190.0)
        .show_ui(ui, |ui| {
            for k in Characteristic::ALL {
                if k == Characteristic::M {
                    continue;
                }
                let name = chr_name(lang, k);
                let text = if open(k) {
                    name
                } else {
                    lang.f("campaign.ui.at_max", &[("characteristic", &name)])
                };
                ui.selectable_value(chosen, k, text);
            }
        })
        .response
        .labelled_by(l.id);
}

/// "Unworthy" (CHR-13): the advance points a character earned this mission
/// given up.
fn unworthy_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &crate::rules::campaign::CampaignCharacter,
) {
    let lang = cx.lang;
    let id = c.id.as_str();
    let name = lang.f("campaign.ui.unworthy_named", &[("character", x.name())]);
    if icon_button(
        ui,
        icons::ICON_GPP_BAD,
        lang.t("campaign.ui.unworthy"),
        &name,
        true,
    )
    .on_hover_text(lang.t("campaign.ui.unworthy_hint"))
    .clicked()
    {
        cx.send(edit(id, CampaignEdit::Unworthy { character: x.id }));
    }
}

/// The debrief's first step: the mission's outcome.
fn outcome_ui(ui: &mut egui::Ui, lang: Lang, d: &crate::rules::campaign::Debrief, step: u32) {
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        step_title(ui, lang, step, lang.t("campaign.ui.step.outcome"), true);
        let t = d.mission_type.map_or("", |t| lang.t(t.key()));
        let key = if d.success {
            "campaign.ui.outcome_won"
        } else {
            "campaign.ui.outcome_lost"
        };
        ui.label(lang.f(key, &[("type", t), ("vp", &d.vp.to_string())]));
    });
}

/// Who was taken out of action, as ticked at the table (CMP-9).
fn confirm_out_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    d: &crate::rules::campaign::Debrief,
    step: u32,
) {
    let lang = cx.lang;
    let id = c.id.as_str();
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        let settled = d.out_of_action.iter().all(|x| !d.pending.contains(x));
        step_title(
            ui,
            lang,
            step,
            lang.t("campaign.ui.step.confirm_out"),
            settled,
        );
        ui.label(
            RichText::new(lang.t("campaign.ui.confirm_out_rule")).color(palette().text_subdued),
        );
        for &who in &d.played {
            let Some(x) = c.character(who) else { continue };
            let was_out = d.out_of_action.contains(&who);
            let tested = was_out && !d.pending.contains(&who);
            ui.horizontal_wrapped(|ui| {
                let mut ticked = was_out;
                let label = lang.f("campaign.ui.out_of_action_of", &[("character", x.name())]);
                let enabled = !cx.model.folder.read_only && !tested && (was_out || x.state.alive());
                if ui
                    .add_enabled(enabled, egui::Checkbox::new(&mut ticked, label))
                    .changed()
                {
                    cx.send(edit(
                        id,
                        CampaignEdit::ConfirmOutOfAction {
                            character: who,
                            out: ticked,
                        },
                    ));
                }
                if tested {
                    badge(ui, state_tone(x.state), lang.t("campaign.ui.tested"));
                    badge(ui, state_tone(x.state), lang.t(x.state.key()));
                }
            });
        }
    });
}

/// Whom the points spent buy for (CMP-7): nobody (only noted) or a living
/// Rogue Trader character of the escort, and what the item is; a power card
/// is offered for a psyker only (CHR-16).
fn spend_for_ui(ui: &mut egui::Ui, lang: Lang, c: &Campaign, escort: u32, buy: &mut Buy) {
    let takers: Vec<(CharId, &str, bool)> = c
        .members(escort)
        .filter(|x| x.state.alive())
        .filter_map(|x| match &x.member {
            Member::Character(ch) => Some((x.id, x.name(), ch.psychic)),
            Member::Soldier(_) => None,
        })
        .collect();
    if takers.is_empty() {
        return;
    }
    if buy
        .spend_for
        .is_some_and(|id| !takers.iter().any(|t| t.0 == id))
    {
        buy.spend_for = None;
    }
    let l = ui.label(lang.t("campaign.ui.spend_to"));
    let nobody = lang.t("campaign.ui.spend_nobody");
    let shown = buy
        .spend_for
        .and_then(|id| takers.iter().find(|t| t.0 == id))
        .map_or(nobody, |t| t.1)
        .to_owned();
    egui::ComboBox::from_id_salt("cmp-spend-for")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut buy.spend_for, None, nobody);
            for (id, name, _) in &takers {
                ui.selectable_value(&mut buy.spend_for, Some(*id), *name);
            }
        })
        .response
        .labelled_by(l.id);
    let Some(taker) = buy
        .spend_for
        .and_then(|id| takers.iter().find(|t| t.0 == id))
    else {
        return;
    };
    if buy.spend_kind == BuyKind::Power && !taker.2 {
        buy.spend_kind = BuyKind::default();
    }
    let kind_name = |k: BuyKind| match k {
        BuyKind::Gear(g) => lang.t(g.key()),
        BuyKind::Power => lang.t("campaign.ui.spend_power"),
    };
    let mut kinds: Vec<BuyKind> = GearKind::ALL.iter().map(|k| BuyKind::Gear(*k)).collect();
    if taker.2 {
        kinds.push(BuyKind::Power);
    }
    let l = ui.label(lang.t("campaign.ui.spend_kind"));
    egui::ComboBox::from_id_salt("cmp-spend-kind")
        .selected_text(kind_name(buy.spend_kind))
        .show_ui(ui, |ui| {
            for k in kinds {
                ui.selectable_value(&mut buy.spend_kind, k, kind_name(k));
            }
        })
        .response
        .labelled_by(l.id);
}

/// The recon rule and its table, from the campaign's data (CMP-14): a user
/// who edits the table sees his own ranges.
fn recon_table_ui(ui: &mut egui::Ui, lang: Lang, recon: &crate::rules::campaign::data::ReconData) {
    ui.label(
        RichText::new(lang.f("campaign.ui.recon_rule", &[("die", &recon.die.to_string())]))
            .color(palette().text_subdued),
    );
    egui::CollapsingHeader::new(lang.f(
        "campaign.ui.recon_table",
        &[("die", &recon.die.to_string())],
    ))
    .id_salt("cmp-recon-table")
    .show(ui, |ui| {
        egui::Grid::new("cmp-recon-table-grid")
            .striped(true)
            .spacing([space::M, space::XS])
            .show(ui, |ui| {
                for r in &recon.results {
                    let faces = if r.from == r.to {
                        r.from.to_string()
                    } else {
                        format!("{}–{}", r.from, r.to)
                    };
                    ui.label(RichText::new(faces).strong());
                    ui.add(egui::Label::new(lang.t(r.effect.key())).wrap());
                    ui.end_row();
                }
            });
    });
}

/// "Accept his death" (CMP-12): no more fate point spent on him.
fn accept_death_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &crate::rules::campaign::CampaignCharacter,
) {
    let lang = cx.lang;
    let name = lang.f("campaign.ui.accept_death_for", &[("character", x.name())]);
    if icon_button(
        ui,
        icons::ICON_SENTIMENT_DISSATISFIED,
        lang.t("campaign.ui.accept_death"),
        &name,
        !cx.model.folder.read_only,
    )
    .on_hover_text(lang.t("campaign.ui.accept_death_hint"))
    .clicked()
    {
        cx.send(edit(
            c.id.as_str(),
            CampaignEdit::AcceptDeath { character: x.id },
        ));
    }
}

/// The tests of one kind rolled since the mission, each on its line: who,
/// the dice against his Cran, passed or failed (icon and word) and his
/// state now; a recon's die and result too (CMP-9, CMP-12, CMP-14).
fn rolled_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    c: &Campaign,
    d: &crate::rules::campaign::Debrief,
    kind: TestKind,
) {
    for r in d.rolled.iter().filter(|r| r.kind == kind) {
        let name = c.character(r.character).map_or("?", |x| x.name());
        let mut parts = Vec::new();
        if let Some((roll, effect)) = &r.recon {
            parts.push(lang.f(
                "campaign.ui.rolled_recon",
                &[("character", name), ("roll", &roll.to_string())],
            ));
            parts.push(lang.t(effect.key()).to_owned());
        }
        if let Some(roll) = &r.roll {
            let key = match kind {
                TestKind::Cran => "campaign.ui.rolled_cran",
                TestKind::Fate => "campaign.ui.rolled_fate",
                TestKind::Recon => "campaign.ui.rolled_recon_cran",
            };
            parts.push(lang.f(
                key,
                &[
                    ("character", name),
                    ("roll", &roll.to_string()),
                    ("cran", &r.cran.to_string()),
                ],
            ));
        }
        if let Some(points) = r.points {
            parts.push(lang.f(
                "campaign.ui.rolled_points",
                &[("points", &points.to_string())],
            ));
        }
        let tested = r.roll.is_some();
        let (icon, word, color) = if !tested {
            (icons::ICON_INFO, "", palette().text_subdued)
        } else if r.passed {
            (
                icons::ICON_CHECK_CIRCLE,
                lang.t("campaign.ui.test_passed"),
                palette().fit,
            )
        } else {
            (
                icons::ICON_CANCEL,
                lang.t("campaign.ui.test_failed"),
                palette().error,
            )
        };
        let state = lang.t(r.state.key());
        let line = parts.join(" · ");
        let spoken = if tested {
            lang.f(
                "campaign.ui.rolled_said",
                &[("line", &line), ("result", word), ("state", state)],
            )
        } else {
            lang.f(
                "campaign.ui.rolled_said_untested",
                &[("line", &line), ("state", state)],
            )
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(icon.rich_text().color(color));
            ui.label(&line);
            if tested {
                ui.label(RichText::new(word).strong().color(color));
            }
            badge(ui, state_tone(r.state), state);
        })
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
    }
}
