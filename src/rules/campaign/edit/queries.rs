//! What an event says of itself: whom it is about, whether it is the same
//! kind or the same roll as another, whether it is a tick, its label, and
//! the records an older Muster's event lacks.

use super::super::CharId;
use super::CampaignEdit;
use super::debrief::{DebriefEdit, ReinforcementEdit};
use super::setup::{PreparationEdit, SetupEdit};
use super::table::{ItemEdit, TableEdit, TurnEdit};

impl CampaignEdit {
    /// Clears what this Muster fills in and `stored`, an event of an older
    /// Muster, lacks (the recorded numbers, the enemy's points); returns
    /// whether the numbers were left out, so that the campaign plays on by
    /// the data's.
    pub(in crate::rules::campaign) fn forget_new_records(&mut self, stored: &Self) -> bool {
        let (choice, old) = match (self, stored) {
            (
                Self::Setup(SetupEdit::Start { choice, rates }),
                Self::Setup(SetupEdit::Start {
                    choice: old,
                    rates: old_rates,
                }),
            ) => {
                let legacy = old_rates.is_none() && rates.is_some();
                if legacy {
                    *rates = None;
                }
                if old.mission.is_some() && old.points.is_none() {
                    choice.points = None;
                }
                return legacy;
            }
            (
                Self::Debrief(DebriefEdit::NextMission { choice }),
                Self::Debrief(DebriefEdit::NextMission { choice: old }),
            ) => (choice, old),
            _ => return false,
        };
        if old.mission.is_some() && old.points.is_none() {
            choice.points = None;
        }
        false
    }

    /// The character (or enemy, by his table id) the event is about, when
    /// it is about one: the bearer, the buyer, the one who acts.
    pub fn character(&self) -> Option<CharId> {
        match self {
            Self::Setup(
                SetupEdit::SetCran { character, .. } | SetupEdit::SetLeader { character, .. },
            )
            | Self::Table(
                TableEdit::SetWounds { character, .. }
                | TableEdit::AddWounds { character, .. }
                | TableEdit::SetOutOfAction { character, .. },
            )
            | Self::Debrief(
                DebriefEdit::ConfirmOutOfAction { character, .. }
                | DebriefEdit::CranTest { character, .. }
                | DebriefEdit::FateReroll { character, .. }
                | DebriefEdit::AcceptDeath { character }
                | DebriefEdit::Advance { character, .. }
                | DebriefEdit::Recon { character, .. }
                | DebriefEdit::Unworthy { character }
                | DebriefEdit::SetPlaying { character, .. },
            )
            | Self::Items(
                ItemEdit::StrikeItem { character, .. }
                | ItemEdit::Recharge { character, .. }
                | ItemEdit::RerollItem { character, .. }
                | ItemEdit::RemoveMine { character, .. }
                | ItemEdit::Loot { character, .. }
                | ItemEdit::UseItem { character, .. },
            )
            | Self::Turn(
                TurnEdit::Act { character, .. }
                | TurnEdit::EndActivation { character }
                | TurnEdit::ThirdAction { character, .. }
                | TurnEdit::TakeBackAct { character }
                | TurnEdit::SecondSoldier { character, .. }
                | TurnEdit::UseGear { character, .. }
                | TurnEdit::GiveInsignia { character, .. },
            )
            | Self::Reinforcements(
                ReinforcementEdit::Gear { character, .. }
                | ReinforcementEdit::FreeGear { character, .. },
            ) => Some(*character),
            Self::Reinforcements(ReinforcementEdit::Spend {
                bought: Some(b), ..
            }) => Some(b.character),
            _ => None,
        }
    }

    /// Whether `other` is the same kind of event (two actions, two Cran
    /// tests), whatever it holds.
    pub fn same_kind(&self, other: &Self) -> bool {
        use std::mem::discriminant as kind;
        match (self, other) {
            (Self::HouseRules(a), Self::HouseRules(b)) => kind(a) == kind(b),
            (Self::Setup(a), Self::Setup(b)) => kind(a) == kind(b),
            (Self::Preparation(a), Self::Preparation(b)) => kind(a) == kind(b),
            (Self::Table(a), Self::Table(b)) => kind(a) == kind(b),
            (Self::Turn(a), Self::Turn(b)) => kind(a) == kind(b),
            (Self::Items(a), Self::Items(b)) => kind(a) == kind(b),
            (Self::Debrief(a), Self::Debrief(b)) => kind(a) == kind(b),
            (Self::Reinforcements(a), Self::Reinforcements(b)) => kind(a) == kind(b),
            _ => false,
        }
    }

    /// Whether `other` is this same roll made a second time: the same test
    /// of the same one (character, enemy, item), both with their dice, as
    /// when two machines roll one Cran test or draw one mission.
    pub fn same_roll_as(&self, other: &Self) -> bool {
        let subject = |e: &Self| match e {
            Self::Preparation(PreparationEdit::RerollEnemy { index, .. })
            | Self::Table(TableEdit::EnemyBehaviour { index, .. }) => (None, Some(*index), None),
            Self::Items(ItemEdit::UseItem { item, .. } | ItemEdit::RerollItem { item, .. }) => {
                (e.character(), None, Some(item.clone()))
            }
            _ => (e.character(), None, None),
        };
        self.same_kind(other)
            && self.has_dice()
            && other.has_dice()
            && subject(self) == subject(other)
    }

    /// Whether the event carries dice rolled or typed in.
    fn has_dice(&self) -> bool {
        match self {
            Self::Preparation(PreparationEdit::DrawEnemy { rolls, .. }) => !rolls.is_empty(),
            Self::Table(TableEdit::Initiative { rolls, .. }) => !rolls.is_empty(),
            Self::Preparation(PreparationEdit::RerollEnemy { roll, .. })
            | Self::Table(TableEdit::EnemyBehaviour { roll, .. })
            | Self::Items(ItemEdit::UseItem { roll, .. } | ItemEdit::RerollItem { roll, .. })
            | Self::Debrief(
                DebriefEdit::CranTest { roll, .. }
                | DebriefEdit::FateReroll { roll, .. }
                | DebriefEdit::Recon { roll, .. },
            ) => roll.is_some(),
            Self::Setup(SetupEdit::Start { choice, .. })
            | Self::Debrief(DebriefEdit::NextMission { choice }) => choice.draw.is_some(),
            _ => false,
        }
    }

    /// Whether the event concerns a character (for his history).
    pub fn concerns(&self, id: CharId) -> bool {
        self.character() == Some(id)
            || match self {
                Self::Debrief(DebriefEdit::EndMission { played, .. }) => played.contains(&id),
                Self::Table(TableEdit::AddBattleWounds { wounds, sides, .. }) => {
                    wounds.iter().any(|(c, _)| *c == id) || sides.has(id)
                }
                Self::Table(TableEdit::AddWounds { sides, .. }) => sides.has(id),
                Self::Debrief(DebriefEdit::Guide { characters }) => characters.contains(&id),
                Self::Items(ItemEdit::UseItem { target, .. }) => *target == Some(id),
                Self::Turn(TurnEdit::GiveInsignia { to, .. }) => *to == id,
                _ => false,
            }
    }

    /// Whether the event is a tick at the table (the timeline may fold them).
    pub fn is_tick(&self) -> bool {
        matches!(
            self,
            Self::Table(
                TableEdit::SetWounds { .. }
                    | TableEdit::SetOutOfAction { .. }
                    | TableEdit::SetCommandPoints { .. }
            ) | Self::Items(ItemEdit::StrikeItem { .. })
                | Self::Debrief(DebriefEdit::SetPlaying { .. })
                | Self::Turn(
                    TurnEdit::Act { .. }
                        | TurnEdit::EndActivation { .. }
                        | TurnEdit::ThirdAction { .. }
                        | TurnEdit::GiveInsignia { .. }
                        | TurnEdit::TakeBackAct { .. }
                        | TurnEdit::SecondSoldier { .. }
                        | TurnEdit::UseGear { .. }
                        | TurnEdit::EnemyActivation { .. }
                )
        )
    }

    /// The locale key naming the event.
    pub fn label(&self) -> &'static str {
        match self {
            Self::HouseRules(super::super::house::RulesEdit::Record { .. }) => {
                "campaign.event.rules_recorded"
            }
            Self::HouseRules(super::super::house::RulesEdit::Adopt { .. }) => {
                "campaign.event.house_rules_adopted"
            }
            Self::HouseRules(super::super::house::RulesEdit::Set { .. }) => {
                "campaign.event.house_rule"
            }
            Self::Setup(SetupEdit::SetNotes { .. }) => "campaign.event.notes",
            Self::Setup(SetupEdit::SetSettings { .. }) => "campaign.event.settings",
            Self::Setup(SetupEdit::AddEscort { .. }) => "campaign.event.add_escort",
            Self::Setup(SetupEdit::CarryOver { .. }) => "campaign.event.carry_over",
            Self::Setup(SetupEdit::RemoveEscort { .. }) => "campaign.event.remove_escort",
            Self::Setup(SetupEdit::SetLeader { .. }) => "campaign.event.leader",
            Self::Setup(SetupEdit::SetCran { .. }) => "campaign.event.cran",
            Self::Setup(SetupEdit::Start { .. }) => "campaign.event.start",
            Self::Preparation(PreparationEdit::DrawEnemy { .. }) => "campaign.event.draw_enemy",
            Self::Preparation(PreparationEdit::RerollEnemy { .. }) => "campaign.event.reroll_enemy",
            Self::Preparation(PreparationEdit::BeginMission) => "campaign.event.begin",
            Self::Table(TableEdit::EnemyBehaviour { .. }) => "campaign.event.enemy_behaviour",
            Self::Table(TableEdit::Initiative { .. }) => "campaign.event.initiative",
            Self::Table(TableEdit::NewTurn { .. }) => "campaign.event.new_turn",
            Self::Table(TableEdit::SetWounds { .. }) => "campaign.event.wounds",
            Self::Table(TableEdit::AddWounds { .. } | TableEdit::AddBattleWounds { .. }) => {
                "campaign.event.battle_wounds"
            }
            Self::Table(TableEdit::SetOutOfAction { .. }) => "campaign.event.out_of_action",
            Self::Items(ItemEdit::StrikeItem { .. }) => "campaign.event.strike",
            Self::Items(ItemEdit::UseItem { .. }) => "campaign.event.use_item",
            Self::Items(ItemEdit::RerollItem { .. }) => "campaign.event.reroll_item",
            Self::Items(ItemEdit::Recharge { .. }) => "campaign.event.recharge",
            Self::Items(ItemEdit::RemoveMine { .. }) => "campaign.event.remove_mine",
            Self::Items(ItemEdit::Loot { .. }) => "campaign.event.loot",
            Self::Table(TableEdit::SetCommandPoints { .. }) => "campaign.event.command_points",
            Self::Turn(TurnEdit::Act { .. }) => "campaign.event.act",
            Self::Turn(TurnEdit::EndActivation { .. }) => "campaign.event.end_activation",
            Self::Turn(TurnEdit::ThirdAction { .. }) => "campaign.event.third_action",
            Self::Turn(TurnEdit::GiveInsignia { .. }) => "campaign.event.insignia",
            Self::Turn(TurnEdit::TakeBackAct { .. }) => "campaign.event.take_back_act",
            Self::Turn(TurnEdit::SecondSoldier { .. }) => "campaign.event.second_soldier",
            Self::Turn(TurnEdit::UseGear { .. }) => "campaign.event.gear",
            Self::Turn(TurnEdit::EnemyActivation { .. }) => "campaign.event.enemy_activation",
            Self::Debrief(DebriefEdit::EndMission { .. }) => "campaign.event.end_mission",
            Self::Debrief(DebriefEdit::Unworthy { .. }) => "campaign.event.unworthy",
            Self::Debrief(DebriefEdit::SetPlaying { .. }) => "campaign.event.playing",
            Self::Debrief(DebriefEdit::ConfirmOutOfAction { .. }) => "campaign.event.confirm_out",
            Self::Debrief(DebriefEdit::CranTest { .. }) => "campaign.event.cran_test",
            Self::Debrief(DebriefEdit::FateReroll { .. }) => "campaign.event.fate",
            Self::Debrief(DebriefEdit::AcceptDeath { .. }) => "campaign.event.accept_death",
            Self::Debrief(DebriefEdit::Advance { .. }) => "campaign.event.advance",
            Self::Debrief(DebriefEdit::ExchangeVp { .. }) => "campaign.event.exchange",
            Self::Reinforcements(ReinforcementEdit::Recruit { .. }) => "campaign.event.recruit",
            Self::Reinforcements(ReinforcementEdit::Spend { .. }) => "campaign.event.spend",
            Self::Reinforcements(ReinforcementEdit::Gear { edit, .. }) => edit.label(),
            Self::Reinforcements(ReinforcementEdit::FreeGear { .. }) => "campaign.event.free_gear",
            Self::Debrief(DebriefEdit::Recon { .. }) => "campaign.event.recon",
            Self::Debrief(DebriefEdit::HireGuide { .. }) => "campaign.event.guide",
            Self::Debrief(DebriefEdit::Guide { .. }) => "campaign.event.guided",
            Self::Debrief(DebriefEdit::NextMission { .. }) => "campaign.event.next_mission",
            Self::Debrief(DebriefEdit::EndCampaign) => "campaign.event.end_campaign",
        }
    }
}
