//! Where each event is played: the dispatcher hands an event to its
//! room's function, which has one arm per event, as a table is. The
//! turn's, the items' and the reinforcements' rooms have files of their
//! own (`acts/events.rs`, `item_use.rs`, `debrief/reinforcements.rs`).

use rand::Rng;

use super::Campaign;
use super::acts;
use super::debrief;
use super::debrief::recon::ReconDice;
use super::edit::{CampaignEdit, DebriefEdit, PreparationEdit, SetupEdit, TableEdit};
use super::house;
use super::item_use;
use super::mission_end;
use super::playing;
use super::ready;
use super::setup;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::Outcome;

/// The event's own function: its room's, which has one arm per event,
/// as a table is.
pub(super) fn dispatch<R: Rng + ?Sized>(
    c: &mut Campaign,
    edit: CampaignEdit,
    rules: &RulesData,
    rng: &mut R,
    oc: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    use CampaignEdit as E;
    match edit {
        E::HouseRules(r) => house::house_rules_event(c, r, oc),
        E::Setup(e) => setup_event(c, e, rules, rng, oc),
        E::Preparation(e) => preparation_event(c, e, rules, rng, oc),
        E::Table(e) => table_event(c, e, rules, rng, oc),
        E::Turn(e) => acts::turn_event(c, e, rules, oc),
        E::Items(e) => item_use::item_event(c, e, rules, rng, oc),
        E::Debrief(e) => debrief_event(c, e, rules, rng, oc),
        E::Reinforcements(e) => debrief::gear_event(c, e, rules, oc),
    }
}

/// The campaign's own records (its room: [`SetupEdit`]).
fn setup_event<R: Rng + ?Sized>(
    c: &mut Campaign,
    edit: SetupEdit,
    rules: &RulesData,
    rng: &mut R,
    oc: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    match edit {
        SetupEdit::SetNotes { notes } => setup::set_notes(c, notes),
        SetupEdit::SetSettings { settings } => setup::set_settings(c, settings, rules, oc),
        SetupEdit::AddEscort { escort } => setup::join_escort(c, escort, rules, oc),
        SetupEdit::CarryOver { from } => setup::carry_in(c, from, rules, oc),
        SetupEdit::RemoveEscort { escort } => setup::remove_escort(c, escort),
        SetupEdit::SetLeader { escort, character } => setup::set_leader(c, escort, character),
        SetupEdit::SetCran { character, cran } => setup::set_cran(c, character, cran, oc),
        SetupEdit::Start { choice, rates } => setup::start(c, choice, rates, rules, rng, oc),
    }
}

/// The mission's preparation (its room: [`PreparationEdit`]).
fn preparation_event<R: Rng + ?Sized>(
    c: &mut Campaign,
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
        } => ready::draw_enemies(c, all, rolls, recorded, rules, rng, oc),
        PreparationEdit::RerollEnemy { index, roll, drawn } => {
            ready::reroll_enemy(c, index, roll, drawn, rules, rng, oc)
        }
        PreparationEdit::BeginMission => ready::begin_mission(c, rules, oc),
    }
}

/// The mission at the table (its room: [`TableEdit`]).
fn table_event<R: Rng + ?Sized>(
    c: &mut Campaign,
    edit: TableEdit,
    rules: &RulesData,
    rng: &mut R,
    oc: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    match edit {
        TableEdit::EnemyBehaviour { index, roll } => {
            playing::enemy_behaviour(c, index, roll, rules, rng, oc)
        }
        TableEdit::Initiative { rolls } => playing::initiative_test(c, rolls, rules, rng, oc),
        TableEdit::NewTurn { gain } => playing::new_turn(c, gain, rules, oc),
        TableEdit::SetWounds { character, wounds } => {
            playing::set_wounds(c, character, wounds, rules)
        }
        TableEdit::AddWounds {
            character,
            wounds,
            roll,
            sides,
        } => playing::wound(c, (character, wounds), (roll, sides), rules, oc),
        TableEdit::AddBattleWounds {
            wounds,
            roll,
            sides,
        } => playing::battle_wounds(c, wounds, (roll, sides), rules, oc),
        TableEdit::SetOutOfAction { character, out } => {
            playing::set_out_of_action(c, character, out, rules)
        }
        TableEdit::SetCommandPoints { escort, points } => {
            playing::set_command_points(c, escort, points)
        }
    }
}

/// After the mission (its room: [`DebriefEdit`]).
fn debrief_event<R: Rng + ?Sized>(
    c: &mut Campaign,
    edit: DebriefEdit,
    rules: &RulesData,
    rng: &mut R,
    oc: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    match edit {
        DebriefEdit::EndMission { result, .. } => mission_end::end_mission(c, result, rules, oc),
        DebriefEdit::Unworthy { character } => debrief::unworthy(c, character, oc),
        DebriefEdit::SetPlaying { character, plays } => playing::set_playing(c, character, plays),
        DebriefEdit::ConfirmOutOfAction { character, out } => {
            debrief::confirm_out(c, character, out, oc)
        }
        DebriefEdit::CranTest { character, roll } => {
            debrief::cran_test(c, character, roll, rng, oc)
        }
        DebriefEdit::FateReroll { character, roll } => {
            debrief::fate_reroll(c, character, roll, rng, oc)
        }
        DebriefEdit::AcceptDeath { character } => debrief::accept_death(c, character, oc),
        DebriefEdit::Advance {
            character,
            characteristic,
        } => debrief::advance(c, character, characteristic, rules, oc),
        DebriefEdit::ExchangeVp { escort, vp } => debrief::exchange_vp(c, escort, vp, rules, oc),
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
            debrief::recon(c, character, dice, effect, rules, rng, oc)
        }
        DebriefEdit::HireGuide { escort } => debrief::hire_guide(c, escort, rules, oc),
        DebriefEdit::Guide { characters } => debrief::guide(c, characters, rules, oc),
        DebriefEdit::NextMission { choice } => debrief::next_mission(c, choice, rules, rng, oc),
        DebriefEdit::EndCampaign => debrief::end_campaign(c, rules, oc),
    }
}
