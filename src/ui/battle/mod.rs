//! The battle resolver: set up a fight (from a roster's character, a kill
//! team's soldier, or typed in), see the exact odds change as you change
//! anything, roll it with dice kept for the log, and export the log. This
//! file holds the screen's state, the mode tabs and the dispatch to each
//! mode: close combat (`close_combat/`), Rogue Trader shooting
//! (`rt_shot.rs`), kill-team shooting (`shooting/`),
//! psychic powers (`psychic.rs`), units (`units.rs`), robots (`robots.rs`)
//! and flyers (`flyers.rs`); the log and the battle summary every mode
//! shares are in `log.rs`, the shared widgets in `parts.rs`.

mod close_combat;
mod coherency;
mod command;
mod flyer_air;
mod flyers;
pub mod from_table;
mod kept;
mod log;
mod parts;
mod psychic;
mod robots;
mod rt_shot;
mod shooting;
mod units;

use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::campaign::acts;
use crate::rules::campaign::queries;
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{card, card_title};

/// Which kind of fight: close combat, shooting, psychic, units, robot or
/// flyer (kept with the fights set up by hand).
pub use crate::app::BattleMode as Mode;

/// State of the battle screen: each mode's fight being set up.
pub struct BattleView {
    /// Which kind of fight: close combat, shooting, psychic, units, robot or flyer.
    mode: Mode,
    /// The close-combat mode.
    pub close_combat: close_combat::CloseCombatView,
    /// The kill-team shooting mode.
    pub shooting: shooting::ShootingView,
    /// The Rogue Trader shooting mode.
    pub rt_shot: rt_shot::RtShotView,
    /// The psychic mode.
    pub psychic: psychic::PsychicView,
    /// The unit mode.
    pub units: units::RoundView,
    /// Robot mode.
    pub robot: robots::RobotView,
    /// Flyer mode.
    pub flyer: flyers::FlyerView,
    /// Our side is the attacker (the first unit); else the defender. The
    /// battle summary counts each side's characters killed (CHR-15).
    we_attack: bool,
    /// A fight was just filled in from a campaign's table: its fighters
    /// are scrolled into view at the next frame.
    scroll_to_fight: bool,
    /// Where each mode's fight was picked, when at a campaign's table: which
    /// campaign, at which mission.
    tables: std::collections::BTreeMap<Mode, TableOrigin>,
    /// The mode the fight picked last at a table filled in: the one whose
    /// range is kept with it.
    picked_mode: Option<Mode>,
    /// The language the drawn enemies' names were last shown in: they are
    /// shown again only when it changes, not looked at every frame.
    names_in: Option<crate::i18n::Lang>,
}

/// The campaign table a fight was picked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableOrigin {
    /// The campaign's id.
    doc: String,
    /// Its mission then.
    mission: u32,
}

impl Default for BattleView {
    fn default() -> Self {
        Self {
            mode: Mode::CloseCombat,
            close_combat: Default::default(),
            shooting: Default::default(),
            rt_shot: Default::default(),
            psychic: Default::default(),
            units: Default::default(),
            robot: Default::default(),
            flyer: Default::default(),
            we_attack: true,
            scroll_to_fight: false,
            tables: Default::default(),
            picked_mode: None,
            names_in: None,
        }
    }
}

/// The bar above the battle screen with the newest roll and its "Apply to
/// campaign" (it does not scroll with the screen).
pub fn last_roll_bar(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    log::last_roll_ui(ui, cx);
}

impl BattleView {
    /// Which kind of fight: close combat, shooting, psychic, units, robot or flyer.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Our side is the attacker (the first unit); else the defender.
    pub fn we_attack(&self) -> bool {
        self.we_attack
    }

    /// Shows the battle screen: the tabs, the mode's view, the log and the
    /// battle summary.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        if std::mem::take(&mut self.scroll_to_fight) {
            // A new fight from the table: its fighters in view, not the
            // panels the last fight was scrolled to.
            ui.scroll_to_cursor(Some(egui::Align::TOP));
        }
        self.units.ours_first = self.we_attack;
        self.psychic.we_attack = self.we_attack;
        if self.names_in != Some(cx.lang) {
            self.follow_lang(cx.lang);
            self.names_in = Some(cx.lang);
        }
        self.tabs_ui(ui, cx);
        ui.add_space(space::M);
        // A fight picked at a mission now over, or at another campaign's
        // table: said, and not rolled here until cleared.
        let stale = self.stale_table(cx);
        if let Some((origin, why)) = &stale {
            self.stale_ui(ui, cx, origin, why);
            ui.add_space(space::M);
        }
        ui.add_enabled_ui(stale.is_none(), |ui| match self.mode {
            Mode::CloseCombat => self.close_combat.ui(ui, cx, self.we_attack),
            Mode::Shooting => {
                self.count_the_table(cx);
                self.shooting.ui(ui, cx, self.we_attack);
            }
            Mode::RtShot => self.rt_shot.ui(ui, cx, self.we_attack),
            Mode::Psychic => self.psychic.ui(ui, cx),
            Mode::Units => self.units.ui(ui, cx),
            Mode::Robot => self.robot.ui(ui, cx),
            Mode::Flyer => self.flyer.ui(ui, cx, &self.units),
        });
        self.keep_range(ui, cx);
        self.keep_hand(ui, cx);
        ui.add_space(space::M);
        log::log_ui(ui, cx, self.mode == Mode::Psychic);
        ui.add_space(space::M);
        log::summary_ui(ui, cx, self.mode == Mode::Units, &mut self.we_attack);
    }

    /// The table the mode's fight was picked at, and why it may not be
    /// rolled here: its mission is over (or its campaign gone), its
    /// fighters that mission's; or the screen was opened from another
    /// campaign's table, where a roll would not be this campaign's.
    fn stale_table(&self, cx: &ViewCtx<'_>) -> Option<(TableOrigin, &'static str)> {
        use crate::rules::campaign::{Campaign, Phase};
        let origin = self.tables.get(&self.mode)?;
        let over = cx.model.get::<Campaign>(&origin.doc).is_none_or(|c| {
            c.phase != Phase::Playing || queries::mission_number(c) != origin.mission
        });
        if over {
            return Some((origin.clone(), "battle.table_over"));
        }
        let elsewhere = cx
            .model
            .battle_campaign()
            .is_some_and(|here| here != origin.doc);
        elsewhere.then(|| (origin.clone(), "battle.table_elsewhere"))
    }

    /// "These fighters were picked at mission 3's table, now over" (or at
    /// another campaign's table), and Clear: the mode's fight set aside,
    /// to be picked again from the table of the mission being played.
    fn stale_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, origin: &TableOrigin, why: &str) {
        use crate::rules::campaign::Campaign;
        let name = cx
            .model
            .get::<Campaign>(&origin.doc)
            .map_or_else(String::new, |c| c.name.clone());
        let text = cx.f(
            why,
            &[
                ("campaign", &name),
                ("mission", &origin.mission.to_string()),
            ],
        );
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            crate::ui::widgets::alert(ui, crate::ui::widgets::Tone::Warning, &text);
            let clear = cx.t("battle.table_over_clear");
            if crate::ui::widgets::icon_button(ui, icons::ICON_CLEAR_ALL, clear, clear, true)
                .clicked()
            {
                self.clear_mode(self.mode);
                self.tables.remove(&self.mode);
            }
        });
    }

    /// KT-8: while the kill-team fight shown is one of a mission being
    /// played, the turn card counts the models standing at its table, as
    /// they fall (not the numbers of the moment it was picked).
    fn count_the_table(&mut self, cx: &ViewCtx<'_>) {
        use crate::rules::campaign::{Campaign, Phase};
        let counted = self
            .tables
            .get(&Mode::Shooting)
            .and_then(|o| {
                cx.model.get::<Campaign>(&o.doc).filter(|c| {
                    c.phase == Phase::Playing && queries::mission_number(c) == o.mission
                })
            })
            .map(acts::activations)
            .filter(|a| a.enemy_drawn);
        let turn = &mut self.shooting.kt_turn;
        turn.from_table = counted.is_some();
        if let Some(a) = counted {
            turn.left = [a.standing, a.enemy_standing].map(i64::from);
        }
    }

    /// The range of the shot picked last at a table, kept with it as the
    /// players set it (once the mouse lets go of it: one change, not one
    /// per frame of a drag), so that a restart fills the shot in again at
    /// the range its odds were read at.
    fn keep_range(&self, ui: &egui::Ui, cx: &ViewCtx<'_>) {
        let Some(kept) = cx.model.battle.table_fight.as_ref() else {
            return;
        };
        if self.picked_mode != Some(self.mode) {
            return;
        }
        let Some(range) = self.range() else {
            return;
        };
        if kept.range != Some(range) && !ui.input(|i| i.pointer.any_down()) {
            cx.send(Command::KeepFightRange(range));
        }
    }

    /// The range of the mode's shot, for a mode that shoots.
    fn range(&self) -> Option<i64> {
        match self.mode {
            Mode::Shooting => Some(self.shooting.shot.range),
            Mode::RtShot => Some(self.rt_shot.shot.range),
            _ => None,
        }
    }

    /// The shot picked last at a table, at the range kept with it.
    pub fn set_range(&mut self, range: i64) {
        match self.picked_mode {
            Some(Mode::Shooting) => self.shooting.shot.range = range,
            Some(Mode::RtShot) => self.rt_shot.shot.range = range,
            _ => {}
        }
    }

    /// The mode's fight set aside: its fighters and values as new.
    fn clear_mode(&mut self, mode: Mode) {
        match mode {
            Mode::CloseCombat => self.close_combat = Default::default(),
            Mode::Shooting => self.shooting = Default::default(),
            Mode::RtShot => self.rt_shot = Default::default(),
            Mode::Psychic => self.psychic = Default::default(),
            Mode::Units => self.units = Default::default(),
            Mode::Robot => self.robot = Default::default(),
            Mode::Flyer => self.flyer = Default::default(),
        }
    }

    /// The title card with a tab for each mode.
    fn tabs_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_SWORDS, cx.t("battle.title"));
            ui.horizontal_wrapped(|ui| {
                for (mode, key) in [
                    (Mode::CloseCombat, "battle.close_combat"),
                    (Mode::RtShot, "battle.rt_shooting"),
                    (Mode::Shooting, "battle.shooting"),
                    (Mode::Psychic, "battle.psychic"),
                    (Mode::Units, "battle.units"),
                    (Mode::Robot, "battle.robot"),
                    (Mode::Flyer, "battle.flyer"),
                ] {
                    // A tab to screen readers, as the campaign's are.
                    let word = cx.t(key);
                    let on = self.mode == mode;
                    let r = ui.selectable_label(on, word);
                    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::Tab, true, on, word));
                    if r.clicked() {
                        self.mode = mode;
                    }
                }
            });
        });
    }
}
