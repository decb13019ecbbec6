//! Pieces the campaign screen's parts share: the command of a campaign
//! event, a character's state as a tone, names of missions and factions,
//! the mission card, a character's card, and what the table and the
//! debrief keep typed (`MissionState`). The screen's parts import these
//! from here, never from the screen's `mod.rs`, so they import each other
//! one way.

use std::collections::BTreeMap;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::campaign::enemy;
use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Campaign, CampaignCharacter, CampaignEdit, CharId, EscortId, Member, Mission, MissionType,
    Mode, Phase, State,
};
use crate::rules::campaign::{DebriefEdit, PreparationEdit, TableEdit};
use crate::rules::core::names::name_in;
use crate::rules::killteam::{ItemId, KindId, RibbonId};
use crate::rules::{CharRef, Characteristic, DocKey, Edit, GearKind};
use crate::ui::campaign::dice::{
    DiceAsk, DiceTexts, MissionDraw, Typed, dice_cell, dice_field, dice_name, parse_typed,
};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{HintBeside, Tone, badge, card, card_title, icon_and_text, icon_button};

/// The size of a character's cell in the escort's grid: his card and the
/// button under it.
pub const CARD: egui::Vec2 = egui::vec2(260.0, 212.0);

/// The command of a campaign event.
pub fn edit(id: &str, e: CampaignEdit) -> Command {
    Command::Edit(DocKey::of::<Campaign>(id), Edit::new(e))
}

/// The tone, icon and word of a character's state: never colour alone.
pub fn state_tone(state: State) -> Tone {
    match state {
        State::Fit => Tone::Good,
        State::LightlyWounded => Tone::Wounded,
        State::SeriouslyWounded => Tone::SeriouslyWounded,
        State::Dead => Tone::Dead,
        State::Missing => Tone::Missing,
    }
}

/// A mission's name in the language.
pub fn mission_name(cx: &ViewCtx<'_>, m: &Mission) -> String {
    cx.rules.campaign.mission(&m.mission).map_or_else(
        || m.mission.clone(),
        |d| name_in(&d.names, cx.lang.code(), &d.id).to_owned(),
    )
}

/// The mission card: what it is, the enemy and its escort, and the button
/// for the next step.
pub fn mission_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, dice: &mut DiceTexts) {
    let Some(m) = &c.mission else {
        return;
    };
    // CMP-5: the faction's dice for each enemy drawn, typed or rolled.
    let enemy_dice = queries::enemy_table(c, &cx.rules.campaign, &m.faction)
        .map(|f| (f.dice.count, f.dice.sides));
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        let title = cx.f(
            "campaign.ui.mission_title",
            &[
                ("number", &m.number.to_string()),
                ("type", cx.t(m.mission_type.key())),
                ("name", &mission_name(cx, m)),
            ],
        );
        card_title(ui, icons::ICON_MAP, &title);
        if m.overridden {
            badge(ui, Tone::Warning, cx.t("campaign.ui.overridden"));
        }
        if let Some(d) = cx.rules.campaign.mission(&m.mission) {
            ui.add(egui::Label::new(name_in(&d.objective, cx.lang.code(), "")).wrap());
        }
        let mode = match m.mode {
            Mode::Attack => "campaign.ui.mode.attack",
            Mode::Defence => "campaign.ui.mode.defence",
        };
        ui.label(
            RichText::new(cx.f(
                "campaign.ui.enemy_line",
                &[
                    ("faction", &cx.lang.faction(&cx.rules.campaign, &m.faction)),
                    ("points", &m.points.to_string()),
                    ("mode", cx.t(mode)),
                ],
            ))
            .strong(),
        );
        let players = c.mustering().enemy_multiplier();
        if players > 1 {
            badge(
                ui,
                Tone::Warning,
                &cx.f(
                    "campaign.ui.enemy_multiplied",
                    &[("players", &players.to_string())],
                ),
            )
            .on_hover_text(cx.t("campaign.ui.per_player_warning"));
        }
        if c.guide {
            badge(ui, Tone::Good, cx.t("campaign.ui.guide_hired"));
            if matches!(c.phase, Phase::Ready | Phase::Playing) {
                guide_ui(ui, cx, c);
            }
        }
        // The enemy escort (CMP-5); at the table each enemy has its card.
        if c.phase == Phase::Playing {
            ui.label(
                RichText::new(cx.f(
                    "campaign.ui.enemy_on_cards",
                    &[("count", &m.enemy.len().to_string())],
                ))
                .color(palette().ink.subdued),
            );
        } else {
            // The buttons above the enemies drawn: the list grows below
            // them, and "Begin the mission" never moves under the mouse.
            if c.phase == Phase::Ready {
                draw_enemy_ui(ui, cx, c, m, dice, enemy_dice);
            }
            if !m.enemy.is_empty() {
                ui.add_space(space::S);
                enemy_ui(ui, cx, c, m, dice, enemy_dice);
            }
        }
    });
}

/// The enemy escort drawn (CMP-5): each enemy, his draw and cost, and
/// its reroll while the mission is ready (in play, each enemy has its card
/// at the table, with its behaviour test).
fn enemy_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    m: &Mission,
    dice: &mut DiceTexts,
    enemy_dice: Option<(u32, u32)>,
) {
    egui::Grid::new("cmp-enemy").striped(true).show(ui, |ui| {
        // Headings, so that each row need not say what its die is.
        let die_heading = match (c.phase, enemy_dice) {
            (Phase::Ready, Some((count, sides))) => Some(cx.f(
                "campaign.ui.enemy_col.reroll",
                &[("dice", &dice_name(count, sides))],
            )),
            _ => None,
        };
        let heading = |ui: &mut egui::Ui, key: &str| {
            ui.label(RichText::new(cx.t(key)).color(palette().ink.subdued));
        };
        ui.label("");
        heading(ui, "campaign.ui.enemy_col.who");
        heading(ui, "campaign.ui.enemy_col.draw");
        heading(ui, "campaign.ui.enemy_col.cost");
        if let Some(h) = &die_heading {
            ui.label(RichText::new(h).color(palette().ink.subdued));
        }
        ui.end_row();
        for (i, e) in m.enemy.iter().enumerate() {
            ui.label(format!("{}.", i + 1));
            ui.label(name_in(&e.names, cx.lang.code(), e.entry_type.as_str()));
            ui.label(
                RichText::new(cx.lang.typeset(e.roll.to_string())).color(palette().ink.subdued),
            );
            ui.label(cx.f("campaign.ui.points", &[("points", &e.cost.to_string())]));
            if c.phase == Phase::Ready
                && let Some((count, sides)) = enemy_dice
            {
                reroll_cell_ui(ui, cx, c, dice, i, count, sides);
            }
            ui.end_row();
        }
    });
    ui.label(cx.f(
        "campaign.ui.enemy_total",
        &[
            ("drawn", &m.enemy_points().to_string()),
            ("points", &m.points.to_string()),
        ],
    ));
    // Over the budget by the rule, not by mistake: say so.
    if m.enemy_points() > m.points {
        ui.label(RichText::new(cx.t("campaign.ui.enemy_over")).color(palette().ink.subdued));
    }
}

/// An enemy's reroll (CMP-5): its dice typed or rolled.
fn reroll_cell_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    dice: &mut DiceTexts,
    i: usize,
    count: u32,
    sides: u32,
) {
    let id = c.id.as_str();
    // The enemy by the name his line gives him ("Cultist 1").
    let names = enemy::names(c, i);
    let enemy = name_in(&names, cx.lang.code(), "").to_owned();
    let key = format!("reroll-{i}");
    let ask = DiceAsk::new(count, sides, "CMP-5");
    let label = cx.f(
        "campaign.ui.dice.reroll",
        &[("enemy", &enemy), ("dice", &ask.name())],
    );
    let typed = parse_typed(cx.lang, dice.text(&key), ask);
    dice_cell(ui, cx, &label, dice.text(&key), &typed);
    let name = cx.f("campaign.ui.reroll_named", &[("enemy", &enemy)]);
    if icon_button(
        ui,
        icons::ICON_CASINO,
        cx.t("campaign.ui.reroll"),
        &name,
        typed.ok(),
    )
    .hint_beside(cx.t("campaign.ui.reroll_hint"))
    .clicked()
    {
        cx.send(edit(
            id,
            CampaignEdit::Preparation(PreparationEdit::RerollEnemy {
                index: i,
                roll: typed.first(),
                drawn: None,
            }),
        ));
        dice.clear(&key);
    }
}

/// An enemy's behaviour test (CMP-15): its die typed or rolled.
pub(super) fn behaviour_cell_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    dice: &mut DiceTexts,
    i: usize,
) {
    let id = c.id.as_str();
    let cran_die = c.settings.cran_die;
    // The enemy by the name his card gives him ("Cultist 1").
    let names = enemy::names(c, i);
    let enemy = name_in(&names, cx.lang.code(), "").to_owned();
    let key = format!("behaviour-{i}");
    let ask = DiceAsk::new(1, cran_die, "CMP-15");
    let label = cx.f(
        "campaign.ui.dice.behaviour",
        &[("enemy", &enemy), ("dice", &ask.name())],
    );
    let typed = parse_typed(cx.lang, dice.text(&key), ask);
    dice_cell(ui, cx, &label, dice.text(&key), &typed);
    let name = cx.f("campaign.ui.behaviour_named", &[("enemy", &enemy)]);
    let word = cx.t("campaign.ui.behaviour");
    if icon_button(
        ui,
        icons::ICON_CASINO,
        word,
        &name,
        !cx.model.folder.read_only && typed.ok(),
    )
    .hint_beside(cx.t("campaign.ui.behaviour_hint"))
    .clicked()
    {
        cx.send(edit(
            id,
            CampaignEdit::Table(TableEdit::EnemyBehaviour {
                index: i,
                roll: typed.first(),
            }),
        ));
        dice.clear(&key);
    }
}

/// Drawing the enemy (one or all, its dice typed or rolled) and "Begin
/// the mission".
fn draw_enemy_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    m: &Mission,
    dice: &mut DiceTexts,
    enemy_dice: Option<(u32, u32)>,
) {
    let id = c.id.as_str();
    let complete = m.enemy_complete();
    let typed = match enemy_dice {
        // Greyed once every enemy is drawn, but kept: the buttons under
        // it stay where they were.
        Some((count, sides)) => {
            ui.add_space(space::S);
            ui.label(RichText::new(cx.t("campaign.ui.dice_hint")).color(palette().ink.subdued));
            let ask = DiceAsk::new(count, sides, "CMP-5").many();
            let label = cx.f("campaign.ui.dice.enemy", &[("dice", &ask.name())]);
            ui.add_enabled_ui(!complete, |ui| {
                dice_field(ui, cx, &label, dice.text("enemy"), ask)
            })
            .inner
        }
        None => Typed::Muster,
    };
    ui.horizontal_wrapped(|ui| {
        let can = !complete && typed.ok();
        for (all, key) in [
            (false, "campaign.ui.draw_enemy"),
            (true, "campaign.ui.draw_all"),
        ] {
            let word = cx.t(key);
            if icon_button(ui, icons::ICON_CASINO, word, word, can).clicked() {
                cx.send(edit(
                    id,
                    CampaignEdit::Preparation(PreparationEdit::DrawEnemy {
                        all,
                        rolls: typed.rolls(),
                        drawn: vec![],
                    }),
                ));
                dice.clear("enemy");
            }
        }
        ui.separator();
        let begin = cx.t("campaign.ui.begin");
        let can = c.characters.iter().any(|x| x.can_play());
        if icon_button(ui, icons::ICON_PLAY_ARROW, begin, begin, can).clicked() {
            cx.send(edit(
                id,
                CampaignEdit::Preparation(PreparationEdit::BeginMission),
            ));
        }
    });
}

/// Whether `x` leads his escort (CMP-17).
pub fn is_leader(c: &Campaign, x: &CampaignCharacter) -> bool {
    queries::escort(c, x.escort).is_some_and(|e| e.leader == Some(x.id))
}

/// One character's card: state by icon and word, whether he leads his
/// escort, whether he plays next, Cran, missions, unspent advance points;
/// then what `footer` adds (the screen's buttons for him), at its foot.
pub fn character_card_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    footer: impl FnOnce(&mut egui::Ui),
) -> egui::Response {
    card(ui, |ui| {
        ui.set_width(CARD.x - 24.0);
        // As tall as its slot in the grid (its neighbours' height, no gap
        // under a short card), taller when its badges need it.
        ui.set_min_height(ui.available_height().clamp(126.0, CARD.y));
        ui.horizontal(|ui| {
            let icon = match x.member {
                Member::Character(_) => icons::ICON_PERSON,
                Member::Soldier(_) => icons::ICON_MILITARY_TECH,
            };
            ui.label(icon.rich_text().color(palette().ink.accent));
            ui.label(RichText::new(x.name()).strong());
        });
        // Out of action, his Cran test still to roll: his state is not
        // known yet.
        let awaiting = c
            .debrief
            .as_ref()
            .is_some_and(|d| d.pending.contains(&x.id));
        ui.horizontal_wrapped(|ui| card_badges_ui(ui, cx, c, x, awaiting));
        ui.label(
            RichText::new(cx.f(
                "campaign.ui.character_line",
                &[
                    ("cran", &x.cran.to_string()),
                    ("die", &c.settings.cran_die.to_string()),
                    ("count", &x.missions.to_string()),
                ],
            ))
            .color(palette().ink.subdued),
        )
        .on_hover_text(cran_explained(cx));
        if let Member::Character(ch) = &x.member
            && ch.points_left() > 0
            && x.state.alive()
        {
            badge(
                ui,
                Tone::Info,
                &cx.f(
                    "campaign.ui.points_to_place",
                    &[("count", &ch.points_left().to_string())],
                ),
            );
        }
        footer(ui);
    })
    .response
}

/// A character's badges: his state (or the test he awaits), whether he
/// leads, is guided and plays next.
fn card_badges_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    awaiting: bool,
) {
    if awaiting {
        badge(ui, Tone::Warning, cx.t("campaign.ui.awaits_test"));
    } else {
        badge(ui, state_tone(x.state), cx.t(x.state.key()));
    }
    if is_leader(c, x) {
        let word = cx.t("campaign.ui.leader");
        ui.label(icon_and_text(
            ui,
            icons::ICON_STAR,
            word,
            palette().ink.accent,
            true,
        ))
        .on_hover_text(cx.t("campaign.ui.leader_hint"))
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, word));
    }
    if c.guided.contains(&x.id) {
        // Short on the card; the whole of it on hover.
        badge(ui, Tone::Info, cx.t("campaign.ui.guided_short"))
            .on_hover_text(cx.t("campaign.ui.guided"));
    }
    if x.state.alive() && !awaiting {
        if x.can_play() {
            badge(ui, Tone::Good, cx.t("campaign.ui.plays_next"));
        } else {
            badge(ui, Tone::Warning, cx.t("campaign.ui.misses_next"));
        }
    }
}

/// Who the hired guide leads (CMP-14): a tick per character, greyed out
/// with the reason when he may not be led, at most the data's number.
fn guide_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    let max = queries::rates(c, &cx.rules.campaign).recon.guide_characters;
    let full = c.guided.len() >= usize::try_from(max).unwrap_or(usize::MAX);
    ui.label(RichText::new(cx.f("campaign.ui.guide_title", &[("max", &max.to_string())])).strong());
    ui.label(RichText::new(cx.t("campaign.ui.guide_stealthy")).color(palette().ink.subdued));
    ui.label(cx.f(
        "campaign.ui.guide_count",
        &[
            ("count", &c.guided.len().to_string()),
            ("max", &max.to_string()),
        ],
    ));
    for x in c.characters.iter().filter(|x| x.state.alive()) {
        let mut on = c.guided.contains(&x.id);
        let refusal = c.debriefing().guide_refusal(x.id, &cx.rules);
        // One already led can always be unticked, even if he no longer
        // qualifies (his gear changed).
        let enabled = !cx.model.folder.read_only && (on || (refusal.is_none() && !full));
        ui.horizontal_wrapped(|ui| {
            let label = cx.f("campaign.ui.guide_pick", &[("name", x.name())]);
            if ui
                .add_enabled(enabled, egui::Checkbox::new(&mut on, label))
                .changed()
            {
                let mut next = c.guided.clone();
                if on {
                    next.push(x.id);
                } else {
                    next.retain(|&g| g != x.id);
                }
                cx.send(edit(
                    &c.id,
                    CampaignEdit::Debrief(DebriefEdit::Guide { characters: next }),
                ));
            }
            if let Some(p) = &refusal {
                badge(ui, Tone::Warning, &cx.lang.problem_line(p));
            }
        });
    }
}

/// What the table and the debrief keep typed for the mission being played,
/// then debriefed.
#[derive(Default)]
pub struct MissionState {
    /// The mission's outcome being recorded.
    pub(super) success: bool,
    /// VP earned.
    pub(super) vp: u32,
    /// "End the mission" was clicked: what will be recorded is shown, to
    /// be confirmed.
    pub(super) confirm_end: bool,
    /// The confirmation was just asked for: the next frame scrolls its
    /// answers into view.
    pub(super) show_confirm: bool,
    /// The player typed the VP earned: the battle's (KT-21) no longer
    /// fill it in.
    pub(super) vp_typed: bool,
    /// Dice typed in from real dice, per character.
    pub(super) typed: BTreeMap<CharId, String>,
    /// The characteristic chosen for each character's advance.
    pub(super) advance: BTreeMap<CharId, Characteristic>,
    /// What each escort's player is typing in the reinforcements step.
    pub(super) buy: BTreeMap<EscortId, Buy>,
    /// The character sent on recon.
    pub(super) recon: Option<CharId>,
    /// A type forced for the next mission.
    pub(super) force: Option<MissionType>,
    /// The next mission, picked or its dice typed in.
    pub(super) next: MissionDraw,
    /// The initiative dice typed in, per side (none: the enemy).
    pub(super) initiative: BTreeMap<Option<EscortId>, String>,
    /// The other dice typed in from real dice, by field.
    pub(super) dice: DiceTexts,
    /// What the table keeps of its own: the fighter picked to attack.
    pub(super) marks: TableMarks,
    /// The table as cards or as a compact list, and its filter.
    pub(super) view: TableView,
    /// "End of the mission" was clicked: the next frame scrolls there.
    pub(super) to_end: bool,
}

/// What the compact list (`compact.rs`) is filtered by; whether the
/// table is shown as that list is a preference (`Prefs::compact_table`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableView {
    /// What the list is filtered by: part of a name or of a kind.
    pub(super) find: String,
}

/// What the table keeps of its own as it is played: the fighter picked to
/// attack. Each soldier's actions are the campaign's (`Table::acts`).
#[derive(Default)]
pub struct TableMarks {
    /// The campaign and mission they were made at: another's table starts
    /// with none.
    pub(super) of: Option<(String, u32)>,
    /// The fighter picked on the table to attack: his target is picked
    /// next (`fight.rs`).
    pub(super) attacker: Option<CharRef>,
}

/// What one player is typing in the reinforcements step.
#[derive(Default)]
pub(super) struct Buy {
    /// VP to exchange.
    pub(super) exchange: u32,
    /// The character brought from the library: a roster or kill team, and
    /// one of its characters or soldiers.
    pub(super) recruit: Option<CharRef>,
    /// The soldier kind bought, for a kill team (CMP-7).
    pub(super) recruit_soldier: Option<KindId>,
    /// The race bought, for a Rogue Trader band (CMP-7).
    pub(super) recruit_race: Option<String>,
    /// The standard type bought with it (CHR-6), none for a trooper.
    pub(super) recruit_type: Option<String>,
    /// The recruit's name as typed; none: the name Muster offers.
    pub(super) recruit_name: Option<String>,
    /// A soldier recruit's free special item (KT-5), by id.
    pub(super) recruit_item: Option<ItemId>,
    /// A soldier recruit's free ribbon (KT-5), by id.
    pub(super) recruit_ribbon: Option<RibbonId>,
    /// The free special item picked for each soldier who has none (KT-5).
    pub(super) free_item: BTreeMap<CharId, ItemId>,
    /// The free ribbon picked for each soldier who has none (KT-5).
    pub(super) free_ribbon: BTreeMap<CharId, RibbonId>,
    /// Points spent on something else.
    pub(super) spend: u32,
    /// On what.
    pub(super) spend_what: String,
    /// The character who receives what is bought (none: only noted).
    pub(super) spend_for: Option<CharId>,
    /// What it is: an item of a kind, or a power card.
    pub(super) spend_kind: BuyKind,
}

/// What a Spend buys for a character (CMP-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BuyKind {
    /// An item of this kind.
    Gear(GearKind),
    /// A power card (CHR-16: psykers only).
    Power,
}

impl Default for BuyKind {
    fn default() -> Self {
        Self::Gear(GearKind::Melee)
    }
}

/// Whose escort, as headings and lines name it: the player's name or, left
/// blank, the escort's own ("Grey Raiders"), never an empty heading.
pub(super) fn player_name(cx: &ViewCtx<'_>, e: &crate::rules::campaign::Escort) -> String {
    if !e.player.trim().is_empty() {
        return e.player.clone();
    }
    if !e.source.trim().is_empty() {
        return e.source.clone();
    }
    cx.f("campaign.ui.escort_n", &[("n", &e.id.0.to_string())])
}

/// What Cran is, said on hover wherever a character's Cran is shown (and
/// beside the Cran die at setup): the campaign's own word, which no
/// rulebook explains.
pub fn cran_explained<'a>(cx: &'a ViewCtx<'_>) -> &'a str {
    cx.t("campaign.ui.cran_explained")
}
