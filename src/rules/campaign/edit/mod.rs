//! The campaign's events: each is an edit the player makes (or the dice
//! make), applied by the pure journal engine in `play.rs`, stored in the
//! journal with every die filled in.
//!
//! A die left `None` is rolled by Muster; one given was typed in from real
//! dice and is checked. The stored event always holds the faces, so the
//! journal replays without dice.

use serde::{Deserialize, Serialize};

mod wire;

use super::{CharId, EscortId, EscortKind, Member, MissionResult, MissionType, Settings};
use crate::rules::characters::equipment::{Gear, GearEdit, PowerCard};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::Roll;
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::{ItemId, RibbonId};

/// An escort joining the campaign: a copy of a roster's characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewEscort {
    /// The player's name.
    pub player: String,
    /// The roster's name.
    pub source: String,
    /// A band or a kill team.
    pub kind: EscortKind,
    /// Its characters, as built.
    pub members: Vec<Member>,
    /// The roster's or kill team's id in the library, when it came from
    /// one: each character remembers where he was copied from (CMP-7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

/// How the next mission is chosen (CMP-2, CMP-3, CMP-4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionChoice {
    /// A type other than the one the chain gives (logged as an override).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_type: Option<MissionType>,
    /// Why the type was forced.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// A mission picked from the list instead of drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<String>,
    /// The die drawing the mission from its list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Roll>,
    /// The die drawing a secondary faction (CMP-4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction_draw: Option<Roll>,
    /// The mission it gave (filled in when applied, so that the journal
    /// replays even after the mission lists are edited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<String>,
    /// The faction it gave (filled in when applied).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
    /// The enemy's points it gave, difficulty and co-op included (filled in
    /// when applied, CMP-5, CMP-8, CMP-16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

/// What reinforcement points bought for a Rogue Trader character (CMP-7):
/// an item of equipment or a power card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purchase {
    /// An item, added at the end of his equipment.
    Gear(Gear),
    /// A power card (CHR-16: for a psyker only).
    Power(PowerCard),
}

/// The item a Spend bought and whom for: added in the same event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bought {
    /// The character who receives it.
    pub character: CharId,
    /// What.
    pub item: Purchase,
}

impl Bought {
    /// The item's name.
    pub fn name(&self) -> &str {
        match &self.item {
            Purchase::Gear(g) => &g.name,
            Purchase::Power(p) => &p.name,
        }
    }

    /// The edit that adds it.
    pub fn edit(&self) -> GearEdit {
        match &self.item {
            Purchase::Gear(g) => GearEdit::AddGear { gear: g.clone() },
            Purchase::Power(p) => GearEdit::AddPower { power: p.clone() },
        }
    }
}

/// An edit of a campaign: one event of its journal, in the room of the
/// campaign it belongs to. Written by its own name, whatever its room
/// (`{"act": {…}}`, `wire.rs`); within the schema version an unknown field
/// of an event is refused, as anywhere in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignEdit {
    /// The campaign's rules: recorded when it begins, or one house rule
    /// changed.
    HouseRules(super::house::RulesEdit),
    /// The campaign's own records, set up before the first mission and
    /// kept after.
    Setup(SetupEdit),
    /// The mission's preparation.
    Preparation(PreparationEdit),
    /// The mission at the table.
    Table(TableEdit),
    /// A kill-team soldier's turn at the table (KT-8 … KT-11).
    Turn(TurnEdit),
    /// The items at the table.
    Items(ItemEdit),
    /// After the mission.
    Debrief(DebriefEdit),
    /// The reinforcements step.
    Reinforcements(ReinforcementEdit),
}

/// The campaign's own records, set up before the first mission and kept
/// after: its notes and settings, the escorts that join or leave, a leader,
/// a Cran set by hand, the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SetupEdit {
    /// New notes.
    SetNotes {
        /// The notes.
        notes: String,
    },
    /// New settings (in setup; afterwards only the VP threshold and the
    /// difficulty may change, logged).
    SetSettings {
        /// The settings.
        settings: Settings,
    },
    /// An escort joins (in setup).
    AddEscort {
        /// The escort.
        escort: NewEscort,
    },
    /// The escort of an ended campaign joins (in setup, once): its own
    /// copy of the living characters, their leader and the resource points
    /// credited at the start (CMP-17).
    CarryOver {
        /// What the ended campaign carries over.
        from: Box<super::CarryOver>,
    },
    /// An escort leaves (in setup).
    RemoveEscort {
        /// The escort.
        escort: EscortId,
    },
    /// An escort's leader (CMP-17).
    SetLeader {
        /// The escort.
        escort: EscortId,
        /// His new leader.
        character: CharId,
    },
    /// A character's Cran set by hand (CMP-11).
    SetCran {
        /// The character.
        character: CharId,
        /// His Cran.
        cran: u32,
    },
    /// The campaign starts: the first mission, a random Investigation (CMP-2).
    Start {
        /// How it is drawn.
        #[serde(default)]
        choice: MissionChoice,
        /// The numbers the campaign plays by (filled in when applied, so
        /// that later edits of the data change new campaigns only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rates: Option<Box<super::Rates>>,
    },
}

/// The mission's preparation: the enemy drawn, one of them drawn again, the
/// mission begun.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PreparationEdit {
    /// One more enemy drawn for the mission's escort, or every one until
    /// the budget is spent (CMP-5).
    DrawEnemy {
        /// Draw until the budget is exceeded.
        #[serde(default)]
        all: bool,
        /// The dice, one roll per enemy drawn.
        #[serde(default)]
        rolls: Vec<Roll>,
        /// What they drew (filled in when applied, so that the journal
        /// replays even after the faction's table is edited).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drawn: Vec<super::EnemyDraw>,
    },
    /// An enemy the players have no model for is drawn again (CMP-5).
    RerollEnemy {
        /// His place in the enemy escort.
        index: usize,
        /// The new dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
        /// What they drew (filled in when applied).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<super::EnemyDraw>,
    },
    /// The mission begins: the table view.
    BeginMission,
}

/// The mission at the table: who acts first, the turns, wounds and models
/// out of action, the command points, what an enemy does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TableEdit {
    /// What an enemy character does at its activation, in solo play: its
    /// Cran test in the mission's attack or defence mode (CMP-15).
    EnemyBehaviour {
        /// Its place in the enemy escort.
        index: usize,
        /// The test's die.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// Each player tests his initiative and the enemy's is tested once:
    /// every side acts in the order it gives (CMP-16).
    Initiative {
        /// Dice typed in, per side (the missing ones are rolled); stored
        /// with every side's dice, roll-offs included.
        #[serde(default)]
        rolls: Vec<super::InitiativeRoll>,
    },
    /// A new turn at the table: each kill team gains its command points
    /// for the turn (KT-11).
    NewTurn {
        /// The command points each kill team gained (filled in when
        /// applied from the kill-team data, so that the journal replays
        /// even after it is edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gain: Option<u32>,
    },
    /// Wounds taken by a character at the table.
    SetWounds {
        /// The character.
        character: CharId,
        /// Wounds taken so far.
        wounds: u32,
    },
    /// Wounds a fight rolled on the battle screen, added to a character's
    /// at the table (never past his last).
    AddWounds {
        /// The character.
        character: CharId,
        /// Wounds caused.
        wounds: u32,
        /// The seed of the battle log's roll they came from: one roll's
        /// wounds are applied once.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u64>,
        /// The roll's fighters of this campaign, side by side: who dealt
        /// the wounds (none known for an older event).
        #[serde(default, skip_serializing_if = "Sides::is_empty")]
        sides: Sides,
    },
    /// The wounds one roll of the battle screen caused to several
    /// characters (a round between units), added to each at the table in
    /// one event: all of them, or none when one cannot take them.
    AddBattleWounds {
        /// Each character and the wounds he took.
        wounds: Vec<(CharId, u32)>,
        /// The seed of the battle log's roll they came from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u64>,
        /// The roll's fighters of this campaign, side by side: who dealt
        /// the wounds (none known for an older event).
        #[serde(default, skip_serializing_if = "Sides::is_empty")]
        sides: Sides,
    },
    /// A character taken out of action, or back.
    SetOutOfAction {
        /// The character.
        character: CharId,
        /// Out of action.
        out: bool,
    },
    /// An escort's command points (KT-11).
    SetCommandPoints {
        /// The escort.
        escort: EscortId,
        /// Its points.
        points: i32,
    },
}

/// The fighters of one campaign in a roll of the battle screen whose
/// wounds go to its table, side by side (the attacker's side first): who
/// dealt the wounds a fighter took is the other side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    /// The attacker's side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub first: Vec<CharId>,
    /// The other side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub second: Vec<CharId>,
}

impl Sides {
    /// Whether the roll named no fighter of the campaign (an older event).
    pub fn is_empty(&self) -> bool {
        self.first.is_empty() && self.second.is_empty()
    }

    /// Whether `id` fought in the roll.
    pub fn has(&self, id: CharId) -> bool {
        self.first.contains(&id) || self.second.contains(&id)
    }

    /// Who dealt the wounds `id` took: the side he is not on (none when
    /// he is on neither).
    pub fn dealers_of(&self, id: CharId) -> &[CharId] {
        if self.first.contains(&id) {
            &self.second
        } else if self.second.contains(&id) {
            &self.first
        } else {
            &[]
        }
    }
}

/// A kill-team soldier's turn at the table (KT-8 … KT-11): his actions and
/// activations, the stratagems, the insignia, his gear, the enemy's
/// activations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TurnEdit {
    /// A kill-team soldier's action at the table (KT-9, KT-14, KT-18,
    /// KT-19, RIB-10): refused when the rules do not let him take it now.
    Act {
        /// The soldier.
        character: CharId,
        /// The action.
        act: Act,
    },
    /// A soldier's activation ended before it was full: his next action
    /// opens another (KT-9).
    EndActivation {
        /// The soldier.
        character: CharId,
    },
    /// The "third action" stratagem (KT-11) for a soldier's activation,
    /// paid by his team's command points.
    ThirdAction {
        /// The soldier.
        character: CharId,
        /// The command points it cost (filled in when applied from the
        /// kill-team data, so that the journal replays even after it is
        /// edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// The sergeant's command insignia gives a team-mate one more action
    /// this turn (EQ-31).
    GiveInsignia {
        /// The sergeant.
        character: CharId,
        /// The soldier who takes it.
        to: CharId,
    },
    /// A soldier's last action at the table taken back.
    TakeBackAct {
        /// The soldier.
        character: CharId,
    },
    /// The "second soldier" stratagem (KT-11): the soldier is activated
    /// straight after a team-mate, with no reply; both count as one
    /// activation (KT-8). His team pays its command points.
    SecondSoldier {
        /// The soldier activated second.
        character: CharId,
        /// The command points it cost (filled in when applied from the
        /// kill-team data).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// A soldier uses an item that touches no other model (a smoke
    /// grenade, the vox, the rope, the parachute, the jump pack): its
    /// actions spent (EQ-7, EQ-12, EQ-22, EQ-25, EQ-27).
    UseGear {
        /// The soldier.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// The way, when the item has several (EQ-22: `climb`, `swing`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        way: Option<String>,
        /// The soldier moved by it (a rope, a parachute, a jump pack: the
        /// data's `moves` when it was made): each of its actions a Move
        /// (EQ-10, KT-9, KT-8). Recorded with the event, so that an event
        /// made before Muster read it so replays as it was played.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        moves: bool,
    },
    /// A drawn enemy activated this turn (KT-8).
    EnemyActivation {
        /// Its place in the enemy escort.
        index: usize,
    },
}

/// The items at the table: one used, rolled again, recharged or struck, a
/// mine taken away, a fallen model's item looted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ItemEdit {
    /// A single-use item struck off, or back.
    StrikeItem {
        /// The character.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// Struck off.
        struck: bool,
    },
    /// A single-use item used at the table (EQ-6, EQ-10, EQ-11, EQ-15,
    /// EQ-23): struck off, its dice rolled or typed in, its effect on the
    /// target applied. A mine (EQ-11) is laid without a target, and goes
    /// off once, later, on the target given.
    UseItem {
        /// The bearer.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// The model it is used on (an enemy by its id at the table).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<CharId>,
        /// Its dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// The reroll stratagem (KT-11) on the dice of the item just used:
    /// the bearer's escort pays its command points, and the dice are made
    /// again, their new effect replacing the first.
    RerollItem {
        /// The bearer.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// Its new dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
        /// The command points it cost (filled in when applied).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// The "Recharge" stratagem (KT-11): the escort pays its command
    /// points and a used item can be used again.
    Recharge {
        /// The bearer.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// The command points it cost (filled in when applied from the
        /// kill-team data, so that the journal replays even after it is
        /// edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// A Deminer (RIB-5) removes a mine laid at the table (EQ-11) before
    /// it goes off; no action.
    RemoveMine {
        /// The Deminer.
        character: CharId,
        /// Who laid the mine.
        bearer: CharId,
        /// The mine's item id.
        item: ItemId,
    },
    /// A Thief (RIB-13) takes a weapon or a special item from a fallen
    /// model; it replaces his own for the mission.
    Loot {
        /// The Thief.
        character: CharId,
        /// The fallen model (an enemy by its id at the table).
        from: CharId,
        /// What he takes.
        pick: super::LootPick,
    },
}

/// After the mission: its end and result, who played, the Cran tests and
/// fate, deaths, advances, VP exchanged, recon, the guide, the next mission
/// and the campaign's end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DebriefEdit {
    /// The mission ends (CMP-6, CMP-7, CMP-8, CMP-13, CHR-13).
    EndMission {
        /// How.
        result: MissionResult,
        /// Who played it (filled in when applied).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        played: Vec<CharId>,
    },
    /// The game master judges a character unworthy: no advance point for
    /// this mission (CHR-13).
    Unworthy {
        /// The character.
        character: CharId,
    },
    /// A character left at home, or brought to the table (before the first
    /// tick is fine; his ticks go with him).
    SetPlaying {
        /// The character.
        character: CharId,
        /// He plays.
        plays: bool,
    },
    /// After the mission, before his Cran test: a character who played
    /// confirmed as taken out of action, or not (CMP-9), correcting the
    /// ticks of the table.
    ConfirmOutOfAction {
        /// The character.
        character: CharId,
        /// Out of action.
        out: bool,
    },
    /// A Cran test after the mission (CMP-9 … CMP-11).
    CranTest {
        /// The character.
        character: CharId,
        /// The die.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// A fate point rerolls the test that killed him (CMP-12).
    FateReroll {
        /// The character.
        character: CharId,
        /// The die.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// The player spends no more fate points on a character the test killed:
    /// he is dead for good (CMP-12).
    AcceptDeath {
        /// The character.
        character: CharId,
    },
    /// An advance point placed (CHR-13).
    Advance {
        /// The character.
        character: CharId,
        /// Where.
        characteristic: Characteristic,
    },
    /// VP exchanged for reinforcement points (CMP-6).
    ExchangeVp {
        /// The escort that receives the points (ignored when pooled).
        escort: EscortId,
        /// VP spent.
        vp: u32,
    },
    /// A character sent on recon (CMP-14).
    Recon {
        /// The character.
        character: CharId,
        /// The D12.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
        /// The Cran test, when the result asks for one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cran: Option<Roll>,
        /// The reinforcement points of good fortune.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fortune: Option<Roll>,
        /// What the roll gave (filled in when applied, so that the journal
        /// replays even after the recon table is edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        effect: Option<super::data::ReconEffect>,
    },
    /// The guide found by recon is paid for (CMP-14).
    HireGuide {
        /// The escort paying.
        escort: EscortId,
    },
    /// The characters the hired guide leads in the next mission (CMP-14):
    /// they deploy anywhere out of the enemy's sight.
    Guide {
        /// Who, at most the data's number.
        characters: Vec<CharId>,
    },
    /// The next mission, by the chain or forced (CMP-2, CMP-3).
    NextMission {
        /// How it is drawn.
        #[serde(default)]
        choice: MissionChoice,
    },
    /// The campaign ends after its Grand Final (CMP-17).
    EndCampaign,
}

/// The reinforcements step: recruits, points spent, equipment bought or
/// handed out free.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ReinforcementEdit {
    /// A new character bought with reinforcement points (CMP-7).
    Recruit {
        /// The escort.
        escort: EscortId,
        /// The character.
        member: Member,
        /// What he costs.
        cost: u32,
        /// The roster's or kill team's id he is copied from (the member
        /// keeps his id there): a character is recruited once.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<String>,
    },
    /// Reinforcement points spent on anything else (weapons, armour …).
    Spend {
        /// The escort.
        escort: EscortId,
        /// The points.
        points: u32,
        /// On what.
        what: String,
        /// The item it bought, added to a character's equipment or power
        /// cards in the same event (none: only noted, as before).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bought: Option<Bought>,
    },
    /// A Rogue Trader character's equipment or power cards change: an item
    /// found, lost or corrected between missions (CHR-16 for the cards).
    Gear {
        /// The character.
        character: CharId,
        /// The change.
        edit: GearEdit,
    },
    /// A kill-team soldier who has none takes his free special item or
    /// his free ribbon (KT-5): one recruited or carried over without
    /// them, between missions.
    FreeGear {
        /// The soldier.
        character: CharId,
        /// The item, with the weapon it brings first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        item: Option<ItemId>,
        /// The ribbon.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ribbon: Option<RibbonId>,
    },
}

impl CampaignEdit {
    /// Clears what this Muster fills in and `stored`, an event of an older
    /// Muster, lacks (the recorded numbers, the enemy's points); returns
    /// whether the numbers were left out, so that the campaign plays on by
    /// the data's.
    pub(super) fn forget_new_records(&mut self, stored: &Self) -> bool {
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
            Self::HouseRules(super::house::RulesEdit::Record { .. }) => {
                "campaign.event.rules_recorded"
            }
            Self::HouseRules(super::house::RulesEdit::Adopt { .. }) => {
                "campaign.event.house_rules_adopted"
            }
            Self::HouseRules(super::house::RulesEdit::Set { .. }) => "campaign.event.house_rule",
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
