//! Where each event is played: the dispatcher hands an event to its
//! room's function, which has one arm per event, as a table is. The
//! turn's, the items' and the reinforcements' rooms have files of their
//! own (`acts/events.rs`, `item_use.rs`, `debrief/reinforcements.rs`).

use rand::Rng;

use super::Campaign;
use super::debrief::recon::ReconDice;
use super::edit::{CampaignEdit, DebriefEdit, PreparationEdit, SetupEdit, TableEdit};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::Outcome;

impl Campaign {
    /// The event's own function: its room's, which has one arm per event,
    /// as a table is.
    pub(super) fn dispatch<R: Rng + ?Sized>(
        &mut self,
        edit: CampaignEdit,
        rules: &RulesData,
        rng: &mut R,
        oc: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        use CampaignEdit as E;
        match edit {
            E::HouseRules(r) => self.house_rules_event(r, oc),
            E::Setup(e) => self.setup_event(e, rules, rng, oc),
            E::Preparation(e) => self.preparation_event(e, rules, rng, oc),
            E::Table(e) => self.table_event(e, rules, rng, oc),
            E::Turn(e) => self.turn_event(e, rules, oc),
            E::Items(e) => self.item_event(e, rules, rng, oc),
            E::Debrief(e) => self.debrief_event(e, rules, rng, oc),
            E::Reinforcements(e) => self.gear_event(e, rules, oc),
        }
    }

    /// The campaign's own records (its room: [`SetupEdit`]).
    fn setup_event<R: Rng + ?Sized>(
        &mut self,
        edit: SetupEdit,
        rules: &RulesData,
        rng: &mut R,
        oc: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        match edit {
            SetupEdit::SetNotes { notes } => self.set_notes(notes),
            SetupEdit::SetSettings { settings } => self.set_settings(settings, rules, oc),
            SetupEdit::AddEscort { escort } => self.join_escort(escort, rules, oc),
            SetupEdit::CarryOver { from } => self.carry_in(from, rules, oc),
            SetupEdit::RemoveEscort { escort } => self.remove_escort(escort),
            SetupEdit::SetLeader { escort, character } => self.set_leader(escort, character),
            SetupEdit::SetCran { character, cran } => self.set_cran(character, cran, oc),
            SetupEdit::Start { choice, rates } => self.start(choice, rates, rules, rng, oc),
        }
    }

    /// The mission's preparation (its room: [`PreparationEdit`]).
    fn preparation_event<R: Rng + ?Sized>(
        &mut self,
        edit: PreparationEdit,
        rules: &RulesData,
        rng: &mut R,
        oc: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        match edit {
            PreparationEdit::DrawEnemy {
                all,
                rolls,
                drawn: recorded,
            } => self.draw_enemies(all, rolls, recorded, rules, rng, oc),
            PreparationEdit::RerollEnemy { index, roll, drawn } => {
                self.reroll_enemy(index, roll, drawn, rules, rng, oc)
            }
            PreparationEdit::BeginMission => self.begin_mission(rules, oc),
        }
    }

    /// The mission at the table (its room: [`TableEdit`]).
    fn table_event<R: Rng + ?Sized>(
        &mut self,
        edit: TableEdit,
        rules: &RulesData,
        rng: &mut R,
        oc: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        match edit {
            TableEdit::EnemyBehaviour { index, roll } => {
                self.enemy_behaviour(index, roll, rules, rng, oc)
            }
            TableEdit::Initiative { rolls } => self.initiative_test(rolls, rules, rng, oc),
            TableEdit::NewTurn { gain } => self.new_turn(gain, rules, oc),
            TableEdit::SetWounds { character, wounds } => self.set_wounds(character, wounds, rules),
            TableEdit::AddWounds {
                character,
                wounds,
                roll,
                sides,
            } => self.wound((character, wounds), (roll, sides), rules, oc),
            TableEdit::AddBattleWounds {
                wounds,
                roll,
                sides,
            } => self.battle_wounds(wounds, (roll, sides), rules, oc),
            TableEdit::SetOutOfAction { character, out } => {
                self.set_out_of_action(character, out, rules)
            }
            TableEdit::SetCommandPoints { escort, points } => {
                self.set_command_points(escort, points)
            }
        }
    }

    /// After the mission (its room: [`DebriefEdit`]).
    fn debrief_event<R: Rng + ?Sized>(
        &mut self,
        edit: DebriefEdit,
        rules: &RulesData,
        rng: &mut R,
        oc: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        match edit {
            DebriefEdit::EndMission { result, .. } => self.end_mission(result, rules, oc),
            DebriefEdit::Unworthy { character } => self.unworthy(character, oc),
            DebriefEdit::SetPlaying { character, plays } => self.set_playing(character, plays),
            DebriefEdit::ConfirmOutOfAction { character, out } => {
                self.confirm_out(character, out, oc)
            }
            DebriefEdit::CranTest { character, roll } => self.cran_test(character, roll, rng, oc),
            DebriefEdit::FateReroll { character, roll } => {
                self.fate_reroll(character, roll, rng, oc)
            }
            DebriefEdit::AcceptDeath { character } => self.accept_death(character, oc),
            DebriefEdit::Advance {
                character,
                characteristic,
            } => self.advance(character, characteristic, rules, oc),
            DebriefEdit::ExchangeVp { escort, vp } => self.exchange_vp(escort, vp, rules, oc),
            DebriefEdit::Recon {
                character,
                roll,
                cran,
                fortune,
                effect,
            } => {
                let dice = ReconDice {
                    roll,
                    cran,
                    fortune,
                };
                self.recon(character, dice, effect, rules, rng, oc)
            }
            DebriefEdit::HireGuide { escort } => self.hire_guide(escort, rules, oc),
            DebriefEdit::Guide { characters } => self.guide(characters, rules, oc),
            DebriefEdit::NextMission { choice } => self.next_mission(choice, rules, rng, oc),
            DebriefEdit::EndCampaign => self.end_campaign(rules, oc),
        }
    }
}
