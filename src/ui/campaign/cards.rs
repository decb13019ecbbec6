//! The table's cards of what a player needs at hand: each character's
//! profile (a Rogue Trader profile and gear, or a kill-team soldier's
//! derived profile and weapons as they fire), and the drawn enemies (CMP-5)
//! with their profile, save and weapons, their wound boxes and out of
//! action, and what their last behaviour test said (CMP-15). The models
//! the mission names have theirs in `named.rs`.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::Characteristic as C;
use crate::rules::campaign::enemy;
use crate::rules::campaign::{
    Campaign, CampaignEdit, CharId, EnemyFighter, EnemyWeapon, Fighter, Member, Table,
};
use crate::rules::campaign::{TableEdit, TurnEdit};
use crate::rules::core::names::name_in;
use crate::rules::{CharRef, Character, Profile, killteam};
use crate::ui::campaign::dice::DiceTexts;
use crate::ui::campaign::fight::{FightRefusals, fight_buttons_ui};
use crate::ui::campaign::mission_card::behaviour_cell_ui;
use crate::ui::campaign::parts::edit;
use crate::ui::campaign::{items, parts};
use crate::ui::context::ViewCtx;
use crate::ui::killteam::soldier_card;
use crate::ui::theme::palette;
use crate::ui::widgets;
use crate::ui::widgets::{
    HintBeside, HintPlace, Tone, badge, card, card_rows, card_title, icon_and_text, icon_button,
};

/// The characteristics a card shows, in profile order.
const SHOWN: [C; 9] = [C::M, C::WS, C::BS, C::S, C::T, C::W, C::I, C::A, C::Ld];

/// A Rogue Trader profile on one wrapped line: each characteristic's
/// abbreviation, small, beside its value; read aloud as one line
/// ("Profile: M 4 · WS 3 …").
fn rt_profile_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, p: &Profile, shown: &[C]) {
    let said: Vec<String> = shown
        .iter()
        .map(|&c| format!("{} {}", cx.t(c.abbr_key()), p.get(c)))
        .collect();
    let said = cx.f(
        "campaign.ui.profile_said",
        &[("profile", &said.join(" · "))],
    );
    let row = ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 8.0;
        for &c in shown {
            ui.scope(|ui| {
                ui.spacing_mut().item_spacing.x = 3.0;
                let key = format!("chr.abbr.{}", c.key());
                ui.label(
                    RichText::new(cx.t(&key))
                        .small()
                        .color(palette().ink.subdued),
                );
                ui.label(RichText::new(p.get(c).to_string()).strong());
            });
        }
    });
    row.response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
}

/// A psyker's line at the table: by icon and word, his Int, Cl and WP,
/// and the cards he holds (PSY-1).
fn psyker_line_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, ch: &Character, p: Option<&Profile>) {
    ui.horizontal_wrapped(|ui| {
        badge(ui, Tone::Info, cx.t("campaign.ui.psyker"));
        if let Some(p) = p {
            rt_profile_ui(ui, cx, p, &[C::Int, C::Cl, C::WP]);
        }
    });
    if !ch.powers.is_empty() {
        let cards: Vec<&str> = ch.powers.iter().map(|c| c.name.as_str()).collect();
        ui.add(
            egui::Label::new(icon_and_text(
                ui,
                icons::ICON_PSYCHOLOGY,
                &cx.f("campaign.ui.cards", &[("cards", &cards.join(" · "))]),
                palette().ink.subdued,
                false,
            ))
            .wrap(),
        );
    }
}

/// A character's profile at the table: a Rogue Trader character's profile
/// and gear; a kill-team soldier's derived profile and weapons.
pub(super) fn member_profile_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, m: &Member) {
    let rules = &cx.rules;
    match m {
        Member::Character(ch) => {
            let profile = ch.profile(rules).ok();
            if let Some(p) = &profile {
                rt_profile_ui(ui, cx, p, &SHOWN);
            }
            if ch.psychic {
                psyker_line_ui(ui, cx, ch, profile.as_ref());
            }
            // CC-4: without a weapon he fights with his fists; a recruit
            // bought as a kind comes so (CMP-7: points buy his weapons).
            if !ch.equipment.iter().any(|g| g.kind.is_weapon()) {
                ui.add(
                    egui::Label::new(icon_and_text(
                        ui,
                        icons::ICON_BACK_HAND,
                        cx.t("campaign.ui.unarmed"),
                        palette().state.warning,
                        false,
                    ))
                    .wrap(),
                );
            }
            if !ch.equipment.is_empty() {
                let gear: Vec<String> = ch
                    .equipment
                    .iter()
                    .map(|g| match (g.strength, g.save) {
                        (Some(s), _) => cx.f(
                            "campaign.ui.gear_s",
                            &[("name", &g.name), ("s", &s.to_string())],
                        ),
                        (None, Some(save)) => cx.f(
                            "campaign.ui.gear_save",
                            &[("name", &g.name), ("save", &save.to_string())],
                        ),
                        (None, None) => g.name.clone(),
                    })
                    .collect();
                ui.add(
                    egui::Label::new(icon_and_text(
                        ui,
                        icons::ICON_SHIELD,
                        &gear.join(" · "),
                        palette().ink.subdued,
                        false,
                    ))
                    .wrap(),
                );
            }
        }
        Member::Soldier(s) => {
            let data = &rules.killteam;
            if let Ok(d) = killteam::derive(data, s) {
                ui.horizontal_wrapped(|ui| {
                    soldier_card::profile_ui(ui, cx, data, &d);
                });
                for w in &d.weapons {
                    soldier_card::weapon_line_ui(ui, cx, data, w);
                }
            }
        }
    }
}

/// An enemy's weapon on one line: name, range (or close combat), S, AP,
/// shots and damage.
fn enemy_weapon_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, w: &EnemyWeapon) {
    let range = if w.close() {
        cx.t("kt.melee_range").to_owned()
    } else {
        format!("{}\"", w.range)
    };
    let key = if w.close() {
        "campaign.ui.enemy_close_weapon"
    } else {
        "campaign.ui.enemy_weapon"
    };
    let mut text = cx.f(
        key,
        &[
            ("name", name_in(&w.names, cx.lang.code(), "")),
            ("range", &range),
            ("s", &w.s.to_string()),
            ("ap", &w.ap.to_string()),
            ("shots", &w.shots.to_string()),
            ("d", &w.damage.to_string()),
        ],
    );
    if w.flame {
        text.push_str(&format!(" · {}", cx.t("kt.flag.flame")));
    }
    let icon = if w.close() {
        icons::ICON_SWORDS
    } else {
        icons::ICON_TARGET
    };
    ui.add(egui::Label::new(icon_and_text(ui, icon, &text, palette().ink.text, false)).wrap());
}

/// How an enemy fights: profile, save, psychic mastery, weapons.
pub(super) fn enemy_fighter_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, f: &EnemyFighter) {
    rt_profile_ui(ui, cx, &f.profile, &SHOWN);
    ui.horizontal_wrapped(|ui| {
        let save = f.save.map_or_else(
            || cx.t("campaign.ui.no_save").to_owned(),
            |s| cx.f("campaign.ui.save", &[("save", &s.to_string())]),
        );
        ui.label(icon_and_text(
            ui,
            icons::ICON_SHIELD,
            &save,
            palette().ink.text,
            false,
        ));
        if let Some(m) = f.mastery {
            badge(
                ui,
                Tone::Info,
                &cx.f("campaign.ui.mastery", &[("level", &m.to_string())]),
            );
        }
    });
    for w in &f.weapons {
        enemy_weapon_ui(ui, cx, w);
    }
}

/// The drawn enemies, a card each.
pub(super) fn enemies_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    (attacker, dice, refused): (&mut Option<CharRef>, &mut DiceTexts, &FightRefusals),
) {
    let Some(m) = &c.mission else {
        return;
    };
    if m.enemy.is_empty() {
        return;
    }
    ui.horizontal(|ui| {
        card_title(
            ui,
            icons::ICON_SKULL,
            &cx.f(
                "campaign.ui.enemies_title",
                &[("faction", &cx.lang.faction(&cx.rules.campaign, &m.faction))],
            ),
        );
    });
    card_rows(
        ui,
        (("enemies", c.id.as_str()), 280.0),
        0..m.enemy.len(),
        |ui, i| {
            enemy_card_ui(ui, cx, c, table, i, (attacker, dice, refused));
        },
    );
}

/// A table fighter's name atop his card, and a badge: out of action, or
/// in action when he `fights` (none for one who may not be attacked). The
/// badge keeps the first line's right end; a long name wraps beside it.
pub(super) fn fighter_title_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    name: &str,
    out: bool,
    fights: bool,
) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
        if out {
            badge(ui, Tone::Dead, cx.t("campaign.ui.out_of_action"));
        } else if fights {
            badge(ui, Tone::Good, cx.t("campaign.ui.in_action"));
        }
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Min), |ui| {
            ui.add(egui::Label::new(RichText::new(name).size(18.0).strong()).wrap());
        });
    });
}

/// One enemy's card.
fn enemy_card_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    i: usize,
    (attacker, dice, refused): (&mut Option<CharRef>, &mut DiceTexts, &FightRefusals),
) {
    let rules = &cx.rules;
    let names = enemy::names(c, i);
    let name = name_in(&names, cx.lang.code(), "").to_owned();
    let out = table.enemy_out.contains(&i);
    card(ui, |ui| {
        ui.set_width(280.0);
        ui.vertical(|ui| {
            fighter_title_ui(ui, cx, &name, out, true);
            super::held::arrival_ui(ui, cx, c, Fighter::Enemy(i).id());
            match enemy::fighter(c, i, rules) {
                Some(f) => enemy_fighter_ui(ui, cx, f),
                None => {
                    ui.add(
                        egui::Label::new(
                            RichText::new(cx.t("campaign.ui.enemy_no_profile"))
                                .color(palette().ink.subdued),
                        )
                        .wrap(),
                    );
                }
            }
            let max = enemy::wounds(c, i, rules);
            let taken = table.enemy_wounds.get(&i).copied().unwrap_or(0);
            let id = Fighter::Enemy(i).id();
            wounds_ui(ui, cx, c, (id, &name), max, taken);
            items::dazzled_ui(ui, cx, table, id);
            behaviour_ui(ui, cx, c, table, i);
            if !out {
                ui.horizontal_wrapped(|ui| behaviour_cell_ui(ui, cx, c, dice, i));
            }
            let me = CharRef::new(c.id.clone(), id);
            ui.horizontal_wrapped(|ui| {
                // One the data gives no profile fights on typed values only.
                let why_not = if out {
                    Some(cx.t("campaign.ui.fight.attack_out"))
                } else if enemy::fighter(c, i, rules).is_none() {
                    Some(cx.t("campaign.ui.fight.no_profile"))
                } else {
                    None
                };
                let target = why_not.is_none();
                fight_buttons_ui(
                    ui,
                    cx,
                    (attacker, HintPlace::Card),
                    &me,
                    &name,
                    (why_not, target, refused),
                );
                out_button_ui(ui, cx, c, id, &name, out);
            });
            if !out {
                activated_ui(ui, cx, c, table, (i, &name));
            }
        });
    });
}

/// "Activated" on an enemy's card or line (KT-8): one event, once a
/// turn; then a badge says so.
pub(super) fn activated_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    (i, name): (usize, &str),
) {
    if table.enemies_activated().contains(&i) {
        badge(ui, Tone::Info, cx.t("campaign.ui.enemy_activated"));
        return;
    }
    let word = cx.t("campaign.ui.enemy_activate");
    let named = cx.f("campaign.ui.enemy_activate_named", &[("name", name)]);
    if widgets::icon_button(
        ui,
        egui_material_icons::icons::ICON_DIRECTIONS_RUN,
        word,
        &named,
        !cx.model.folder.read_only,
    )
    .hint_beside(cx.t("campaign.ui.enemy_activate_hint"))
    .clicked()
    {
        cx.send(parts::edit(
            c.id.as_str(),
            CampaignEdit::Turn(TurnEdit::EnemyActivation { index: i }),
        ));
    }
}

/// What the enemy's last behaviour test said (CMP-15), on its card.
fn behaviour_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, table: &Table, i: usize) {
    let (Some(b), Some(m)) = (table.behaviour.get(&i), &c.mission) else {
        return;
    };
    let text = cx.f(
        "campaign.ui.behaviour_said",
        &[
            ("turn", &b.turn.to_string()),
            ("roll", &b.roll.to_string()),
            ("cran", &b.cran.to_string()),
            ("what", cx.t(b.key(m.mode))),
        ],
    );
    let tone = if b.passed { Tone::Info } else { Tone::Warning };
    widgets::alert(ui, tone, &text);
}

/// "Take out of action" or "Back in action" for an enemy or a model the
/// mission names.
pub(super) fn out_button_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    id: CharId,
    name: &str,
    out: bool,
) {
    let (word, icon, named) = if out {
        (
            "campaign.ui.back_in_action",
            icons::ICON_HEALING,
            "campaign.ui.back_in_action_named",
        )
    } else {
        (
            "campaign.ui.take_out",
            icons::ICON_SKULL,
            "campaign.ui.take_out_named",
        )
    };
    let named = cx.f(named, &[("character", name)]);
    if icon_button(ui, icon, cx.t(word), &named, !cx.model.folder.read_only).clicked() {
        cx.send(edit(
            c.id.as_str(),
            CampaignEdit::Table(TableEdit::SetOutOfAction {
                character: id,
                out: !out,
            }),
        ));
    }
}

/// A wound box big enough to tick at the table: a square, crossed when
/// ticked.
fn wound_box(ui: &mut egui::Ui, ticked: &mut bool) -> egui::Response {
    let size = egui::vec2(26.0, 26.0);
    let (rect, mut r) = ui.allocate_exact_size(size, egui::Sense::click());
    if r.clicked() {
        *ticked = !*ticked;
        r.mark_changed();
    }
    let visuals = ui.style().interact_selectable(&r, *ticked);
    let painter = ui.painter();
    painter.rect(
        rect,
        4.0,
        palette().surface.card,
        egui::Stroke::new(1.5, visuals.fg_stroke.color),
        egui::StrokeKind::Inside,
    );
    if *ticked {
        let c = palette().state.dead;
        let m = rect.shrink(5.0);
        painter.line_segment([m.left_top(), m.right_bottom()], egui::Stroke::new(3.0, c));
        painter.line_segment([m.right_top(), m.left_bottom()], egui::Stroke::new(3.0, c));
    }
    r
}

/// A fighter's wound boxes (a character's or an enemy's, by his id at
/// the table) under their word, one event per tick.
pub(super) fn wounds_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    who: (CharId, &str),
    max: u32,
    taken: u32,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.t("campaign.ui.wounds"));
        wound_boxes_ui(ui, cx, c, who, max, taken);
    });
}

/// The wound boxes alone, one event per tick.
pub(super) fn wound_boxes_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    (who, name): (CharId, &str),
    max: u32,
    taken: u32,
) {
    let id = c.id.as_str();
    for i in 0..max {
        let mut ticked = i < taken;
        let name = cx.f(
            "campaign.ui.wound_box",
            &[
                ("n", &(i + 1).to_string()),
                ("max", &max.to_string()),
                ("character", name),
            ],
        );
        let r = wound_box(ui, &mut ticked);
        r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, ticked, &name));
        if r.changed() {
            let wounds = if ticked { i + 1 } else { i };
            cx.send(edit(
                id,
                CampaignEdit::Table(TableEdit::SetWounds {
                    character: who,
                    wounds,
                }),
            ));
        }
    }
}
