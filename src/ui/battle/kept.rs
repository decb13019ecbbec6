//! The fights set up by hand kept with the battle session
//! (`app::HandFights`): handed to the app when the players change them (one
//! change, not one per frame of a drag), filled in again at start.

use crate::app::{Command, HandFights};
use crate::ui::battle::close_combat::CloseCombatView;
use crate::ui::battle::flyers::FlyerView;
use crate::ui::battle::psychic::PsychicView;
use crate::ui::battle::robots::RobotView;
use crate::ui::battle::rt_shot::RtShotView;
use crate::ui::battle::shooting::ShootingView;
use crate::ui::battle::units::RoundView;
use crate::ui::battle::{BattleView, Mode};
use crate::ui::context::ViewCtx;

impl BattleView {
    /// The fights as set up by hand now, with the one set up on top of the
    /// fight picked last on a campaign's table; a mode picked at a table
    /// earlier is kept as new.
    fn hand_fights(&self) -> HandFights {
        let table_mode = self.picked_mode.filter(|m| self.tables.contains_key(m));
        let by_hand = |mode: Mode| !self.tables.contains_key(&mode) || table_mode == Some(mode);
        HandFights {
            mode: self.mode,
            we_attack: self.we_attack,
            close_combat: by_hand(Mode::CloseCombat).then(|| self.close_combat.kept()),
            rt_shot: by_hand(Mode::RtShot).then(|| self.rt_shot.kept()),
            shooting: by_hand(Mode::Shooting).then(|| self.shooting.kept()),
            psychic: by_hand(Mode::Psychic).then(|| self.psychic.kept()),
            units: by_hand(Mode::Units).then(|| self.units.kept()),
            robot: by_hand(Mode::Robot).then(|| self.robot.kept()),
            flyer: by_hand(Mode::Flyer).then(|| self.flyer.kept()),
            table_mode,
        }
    }

    /// The fights set up by hand, handed to the app when they changed and
    /// the mouse has let go.
    pub(super) fn keep_hand(&self, ui: &egui::Ui, cx: &ViewCtx<'_>) {
        if ui.input(|i| i.pointer.any_down()) {
            return;
        }
        let hand = self.hand_fights();
        if hand != cx.model.battle.hand {
            cx.send(Command::KeepHandFights(Box::new(hand)));
        }
    }

    /// The fights set up by hand as kept (from before a restart, or of the
    /// folder just opened): every mode's as it was, the others as new, and
    /// no fight of a table yet (the one kept is filled in on top).
    pub fn take_hand_fights(&mut self, kept: &HandFights) {
        *self = Self {
            mode: kept.mode,
            we_attack: kept.we_attack,
            close_combat: kept
                .close_combat
                .as_ref()
                .map(CloseCombatView::of_kept)
                .unwrap_or_default(),
            rt_shot: (kept.rt_shot.as_ref())
                .map(RtShotView::of_kept)
                .unwrap_or_default(),
            shooting: (kept.shooting.as_ref())
                .map(ShootingView::of_kept)
                .unwrap_or_default(),
            psychic: (kept.psychic.as_ref())
                .map(PsychicView::of_kept)
                .unwrap_or_default(),
            units: (kept.units.as_ref())
                .map(RoundView::of_kept)
                .unwrap_or_default(),
            robot: (kept.robot.as_ref())
                .map(RobotView::of_kept)
                .unwrap_or_default(),
            flyer: (kept.flyer.as_ref())
                .map(FlyerView::of_kept)
                .unwrap_or_default(),
            ..Self::default()
        };
    }
}
