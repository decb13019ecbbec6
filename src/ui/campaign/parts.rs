//! Pieces the campaign screen's parts share: the command of a campaign
//! event, a character's state as a tone, names of missions and factions,
//! a character's card, and what the table and the debrief keep typed
//! (`MissionState`). The screen's parts import these
//! from here, never from the screen's `mod.rs`, so they import each other
//! one way.

use std::collections::BTreeMap;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Campaign, CampaignCharacter, CampaignEdit, CharId, EscortId, Member, Mission, MissionType,
    State,
};
use crate::rules::core::names::name_in;
use crate::rules::killteam::{ItemId, KindId, RibbonId};
use crate::rules::{CharRef, Characteristic, DocKey, Edit, GearKind};
use crate::ui::campaign::dice::{DiceTexts, MissionDraw};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, badge, card, icon_and_text};

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
        || m.mission.to_string(),
        |d| name_in(&d.names, cx.lang.code(), d.id.as_str()).to_owned(),
    )
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
