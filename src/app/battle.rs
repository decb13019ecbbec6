//! The battle session: the fights rolled this session, who won, the
//! psychic powers in play, and where each roll's wounds go in the
//! campaigns.

use super::*;
use crate::rules::campaign::CharId;
use crate::rules::campaign::acts;
use crate::rules::campaign::queries;

/// Where each roll's wounds went, as last computed: by (seed, replay), the
/// state of the campaigns it was computed at, and the answer.
type WoundsSeen = std::cell::RefCell<
    HashMap<
        (u64, bool),
        (
            Vec<(usize, usize)>,
            crate::rules::battle::summary::RollWounds,
        ),
    >,
>;

/// The fights of this session at the table.
pub struct BattleSession {
    /// The fights rolled this session, oldest first.
    pub log: Vec<BattleEntry>,
    /// Who won the battle, as the player said (CHR-15).
    pub outcome: Option<crate::rules::battle::summary::Winner>,
    /// The psychic powers in play at the table (PSY-8), shown with the
    /// battle log until they end.
    pub powers: crate::rules::psychic::play::Powers,
    /// The fight picked last on a campaign's table, while its mission is
    /// played: after a restart the battle screen is filled in from it
    /// again, as the campaign holds its fighters then.
    pub table_fight: Option<TableFight>,
    /// The fights set up by hand, as the battle screen last handed them
    /// over: kept beside the preferences with the rest of the session.
    pub hand: HandFights,
    /// How many times `hand` changed: the keeper looks at it, not at the
    /// fights, after every command.
    hand_changes: u64,
    /// The fights set up by hand read back at start, for the battle screen
    /// to fill in once.
    hand_to_fill: Option<HandFights>,
    /// Where the battle log's rolls' wounds go, as last computed (a cache
    /// of `roll_wounds`).
    wounds_seen: WoundsSeen,
}

impl BattleSession {
    /// The fights set up by hand, as the battle screen has them now: a
    /// change counted, the same fights ignored.
    pub(super) fn set_hand(&mut self, hand: HandFights) {
        if self.hand != hand {
            self.hand = hand;
            self.hand_changes += 1;
        }
    }

    /// How many times the fights set up by hand changed.
    pub(super) fn hand_changes(&self) -> u64 {
        self.hand_changes
    }

    /// The fights set up by hand read back at start: the battle screen
    /// shows them (and only them) until it changes them.
    pub(super) fn restore_hand(&mut self, hand: HandFights) {
        self.hand = hand.clone();
        self.hand_to_fill = Some(hand);
    }

    /// The fights set up by hand read back, handed to the battle screen
    /// once.
    pub(super) fn take_hand_to_fill(&mut self) -> Option<HandFights> {
        self.hand_to_fill.take()
    }
}

/// A fight picked on a campaign's table, and the mission it was picked at.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableFight {
    /// Who fights whom, how.
    pub setup: FightSetup,
    /// The campaign's mission then: a fight of a mission over is not
    /// filled in again.
    pub mission: u32,
    /// The range the players set for a shot, in inches, once they set it:
    /// filled in again with the fight (absent from older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<i64>,
}

impl Default for BattleSession {
    /// No fight yet, before the first psychic phase.
    fn default() -> Self {
        Self {
            log: Vec::new(),
            outcome: None,
            powers: crate::rules::psychic::play::Powers::new(),
            table_fight: None,
            hand: HandFights::default(),
            hand_changes: 0,
            hand_to_fill: None,
            wounds_seen: WoundsSeen::default(),
        }
    }
}

/// A fight rolled this session: replayable from its seed. Kept beside the
/// preferences with the rest of the session ([`BattleSession`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BattleEntry {
    /// Who fought whom, as the player named it.
    pub title: crate::rules::Msg,
    /// The fight.
    pub fight: Fight,
    /// The seed of its dice: the same seed gives the same dice.
    pub seed: u64,
    /// Its rolls made again (KT-11), each from a seed of its own: every
    /// other die is its seed's.
    pub redrawn: Vec<crate::rules::core::dice::Redrawn>,
    /// Every die, in the order drawn, with what it was for.
    pub rolls: Vec<crate::rules::core::dice::RollFor>,
    /// The entry it rolled again, and which of its rolls (KT-11).
    pub reroll_of: Option<(usize, usize)>,
    /// What happened, every die included, as the players read it.
    pub result: Msg,
    /// What a roll on a table decided, as a value (none for any other
    /// fight). Absent from a file of an older Muster: taken from the roll
    /// made again from its seed when the session is read
    /// ([`BattleEntry::with_table_result`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<crate::rules::battle::table_roll::TableResult>,
    /// Wounds caused (to the second unit of a round).
    pub wounds: u32,
    /// Wounds the first unit of a round took (none in any other fight).
    pub first_wounds: u32,
    /// The fighters the battle summary follows, and the wounds each took
    /// (CHR-15).
    pub combatants: Vec<crate::rules::battle::summary::Combatant>,
    /// The wounds each of `combatants` took.
    pub taken: Vec<u32>,
    /// A replay of the entry of this index: the same fight with the same
    /// seed (not counted again in the summary).
    pub replay_of: Option<usize>,
    /// Rolled again with the "reroll" stratagem (KT-11): its wounds are no
    /// longer offered to a campaign.
    pub rerolled: bool,
    /// The campaigns of its fighters whose mission was being played when
    /// it was rolled, with the mission's number: its wounds go to that
    /// mission's table only (CMP-13).
    pub played_in: std::collections::BTreeMap<String, u32>,
}

impl BattleEntry {
    /// The entry with what its roll on a table decided, when a file of an
    /// older Muster left it out: the roll made again with its own dice,
    /// taken only when it says what the entry says.
    pub fn with_table_result(mut self, rules: &crate::rules::RulesData) -> Self {
        if self.table.is_none()
            && matches!(self.fight, Fight::Table(_))
            && let Ok(again) = self.fight.roll(rules, &mut self.dice())
            && again.result == self.result
        {
            self.table = again.table;
        }
        self
    }

    /// What names this roll's dice in a campaign's events: its seed, or the
    /// seed of its last roll made again.
    pub fn id(&self) -> u64 {
        self.redrawn.last().map_or(self.seed, |r| r.seed)
    }

    /// Its dice: the same faces each time.
    pub fn dice(&self) -> crate::rules::core::dice::Dice {
        crate::rules::core::dice::Dice::new(self.seed, &self.redrawn)
    }

    /// Whether the roll is seen from the battle screen of `campaign`'s
    /// table (`None`: opened from elsewhere): a roll with none of another
    /// campaign's fighters.
    pub fn seen_from(&self, campaign: Option<&str>) -> bool {
        let Some(here) = campaign else {
            return true;
        };
        self.combatants
            .iter()
            .filter_map(|c| c.campaign.as_ref())
            .all(|r| r.doc == here)
    }
}

impl Model {
    /// Whether a roll that is `act` for the fighter `from` spends one of
    /// his actions at his campaign's table (KT-9): `Ok(true)` when it
    /// does, `Ok(false)` when he counts no actions there (not a kill-team
    /// soldier playing the mission), or why he may not take it now.
    pub fn spends_act(
        &self,
        from: &crate::rules::CharRef,
        act: crate::rules::killteam::activation::Act,
    ) -> Result<bool, crate::rules::Problem> {
        let Some(c) = self.get::<crate::rules::Campaign>(&from.doc) else {
            return Ok(false);
        };
        let id = CharId(from.id);
        if !acts::counts_actions(c, id) {
            return Ok(false);
        }
        acts::may_act(c, id, act, &self.rules_of(c)).map(|_| true)
    }

    /// Why the charged model `target` may not answer `charger` now: he has
    /// made his free answer to the newest charge of `charger` on him at
    /// their campaign's table already (KT-9: one answer to a charge).
    pub fn answer_refusal(
        &self,
        charger: &crate::rules::CharRef,
        target: &crate::rules::CharRef,
    ) -> Option<crate::rules::Problem> {
        self.answered_charge(charger, target)
            .then(|| crate::rules::Problem::new("KT-9", "battle.kt.cc.answered"))
    }

    /// Whether the charged model `target` has already made his free answer
    /// to the newest charge of `charger` on him: the log holds the charge,
    /// then the answer, no newer charge between. The log's rolls made again
    /// by a stratagem are the answer's own (KT-11), not another answer.
    fn answered_charge(
        &self,
        charger: &crate::rules::CharRef,
        target: &crate::rules::CharRef,
    ) -> bool {
        for e in self.battle.log.iter().rev() {
            if e.replay_of.is_some() {
                continue;
            }
            let who = |i: usize| e.combatants.get(i).and_then(|c| c.campaign.as_ref());
            match (who(0), who(1)) {
                (Some(a), Some(b)) if a == target && b == charger => return true,
                (Some(a), Some(b)) if a == charger && b == target => return false,
                _ => {}
            }
        }
        false
    }

    /// Whether the campaign of the fight picked on its table still plays
    /// the mission it was picked at.
    pub fn still_at_its_mission(&self, fight: &TableFight) -> bool {
        self.get::<crate::rules::Campaign>(&fight.setup.attacker.doc)
            .is_some_and(|c| {
                c.phase == crate::rules::campaign::Phase::Playing
                    && queries::mission_number(c) == fight.mission
            })
    }

    /// The battle summary of this session's rolls (CHR-15); replays are
    /// not counted twice.
    pub fn battle_summary(&self) -> crate::rules::battle::summary::Summary {
        crate::rules::battle::summary::summarize(
            self.battle
                .log
                .iter()
                // A replay, or a roll made again, is not counted twice.
                .filter(|e| e.replay_of.is_none() && !e.rerolled)
                .map(|e| (e.combatants.as_slice(), e.taken.as_slice())),
            self.battle.outcome,
        )
    }

    /// Where the wounds of the battle log's entry go in the campaigns
    /// (CMP-13): each wounded fighter's to the campaign character he was
    /// taken as, when that one can take them now.
    ///
    /// Computed once for each state of the campaigns it names, not each
    /// frame: the answer is kept with the length and last entry of each
    /// one's journal, which every change of a campaign moves.
    pub fn roll_wounds(&self, entry: &BattleEntry) -> crate::rules::battle::summary::RollWounds {
        use crate::rules::campaign::Campaign;
        let stamp: Vec<(usize, usize)> = entry
            .combatants
            .iter()
            .filter_map(|c| c.campaign.as_ref())
            .map(|r| {
                self.get::<Campaign>(&r.doc).map_or((usize::MAX, 0), |k| {
                    let last = k.journal.last().map_or(0, |e| Arc::as_ptr(e) as usize);
                    (k.journal.len(), last)
                })
            })
            .collect();
        let key = (entry.id(), entry.replay_of.is_some());
        if let Some((at, wounds)) = self.battle.wounds_seen.borrow().get(&key)
            && *at == stamp
        {
            return wounds.clone();
        }
        let wounds = crate::rules::battle::summary::roll_wounds(
            &entry.combatants,
            &entry.taken,
            entry.id(),
            &entry.played_in,
            |id| self.get::<Campaign>(id),
        );
        let mut seen = self.battle.wounds_seen.borrow_mut();
        if seen.len() > WOUNDS_SEEN_MAX {
            seen.clear();
        }
        seen.insert(key, (stamp, wounds.clone()));
        wounds
    }
}

/// Who pays the "reroll" stratagem on a roll (KT-11): a campaign soldier's
/// kill team, and the event that takes its points.
#[derive(Clone, Debug, PartialEq)]
pub struct RerollPayer {
    /// The campaign.
    pub key: crate::rules::DocKey,
    /// The event that pays.
    pub edit: crate::rules::campaign::CampaignEdit,
    /// What it costs.
    pub cost: u32,
    /// The player whose kill team pays.
    pub player: String,
}

impl Model {
    /// Whether the entry was rolled at a campaign's table whose mission is
    /// over: history now, no longer an offer (no reroll, no wounds).
    pub fn roll_is_history(&self, entry: &BattleEntry) -> bool {
        use crate::rules::campaign::{Campaign, Phase};
        entry.played_in.iter().any(|(doc, &mission)| {
            self.get::<Campaign>(doc)
                .is_none_or(|k| k.phase != Phase::Playing || queries::mission_number(k) != mission)
        })
    }

    /// Who pays the "reroll" stratagem on the entry's rolls (KT-11): the
    /// first of its fighters, attackers first, who is a kill-team soldier
    /// of a campaign playing its mission; `None` for a fight with none, a
    /// roll made again for nothing. `Err`: the roll's mission is over, or
    /// such a soldier's team may not pay (short of points), and why.
    pub fn reroll_payer(
        &self,
        entry: &BattleEntry,
    ) -> Result<Option<RerollPayer>, crate::rules::Problem> {
        self.reroll_payer_of(entry, None)
    }

    /// Who pays for making the entry's roll `k` again: as `reroll_payer`,
    /// but a save's side first (the target's own save is his team's to
    /// make again).
    pub fn reroll_payer_of(
        &self,
        entry: &BattleEntry,
        k: Option<usize>,
    ) -> Result<Option<RerollPayer>, crate::rules::Problem> {
        let targets_first = k
            .and_then(|k| entry.rolls.get(k))
            .is_some_and(|r| r.purpose == "battle.for.save");
        use crate::rules::campaign::Campaign;
        if self.roll_is_history(entry) {
            return Err(crate::rules::Problem::new("KT-11", "battle.reroll.history"));
        }
        let soldier = entry
            .combatants
            .iter()
            .filter(|c| c.first != targets_first)
            .chain(entry.combatants.iter().filter(|c| c.first == targets_first))
            .filter_map(|c| c.campaign.as_ref())
            .find_map(|r| {
                let k = self.get::<Campaign>(&r.doc)?;
                acts::counts_actions(k, CharId(r.id)).then_some((r, k))
            });
        let Some((r, k)) = soldier else {
            return Ok(None);
        };
        let rules = self.rules_of(k);
        let edit = acts::reroll_payment(k, CharId(r.id), &rules)?;
        let player = match &edit {
            crate::rules::CampaignEdit::Table(
                crate::rules::campaign::TableEdit::SetCommandPoints { escort, .. },
            ) => k.escorts.iter().find(|e| e.id == *escort),
            _ => None,
        }
        .map(|e| e.player.clone())
        .unwrap_or_default();
        Ok(Some(RerollPayer {
            key: crate::rules::DocKey::of::<Campaign>(r.doc.clone()),
            edit,
            cost: crate::rules::campaign::reroll_cost(&rules),
            player,
        }))
    }
}

/// How many rolls' wounds `Model::roll_wounds` keeps before it starts
/// afresh: more than a screen shows.
pub(super) const WOUNDS_SEEN_MAX: usize = 256;
