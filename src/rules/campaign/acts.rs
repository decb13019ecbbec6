//! A kill-team soldier's turn at the campaign's table (KT-9, KT-11, KT-14,
//! KT-18, KT-19, EQ-31, RIB-10, RIB-11).
//!
//! Each action a soldier takes is one campaign event, played here through
//! the rules of `killteam::activation`: refused, naming the rule, when he may
//! not take it, whatever sends the event (the table's "Act…" menu, a roll of
//! the battle screen, an item used, or a journal written by hand). The table
//! keeps the turn being played (`Table::acts`), so the turn is saved, undone,
//! merged and replayed like the wounds beside it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::edit::CampaignEdit;
use super::{Campaign, CharId, Member, Phase, Table};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::activation::{
    Act, Allowance, SoldierTurn, allowance, give_insignia, third_action_cost,
};
use crate::rules::killteam::with_item;

/// The "second soldier" stratagem's id in `killteam.json` (KT-11).
pub const SECOND_SOLDIER: &str = "second_soldier";

/// The "second soldier" stratagem's cost in command points (KT-11).
pub fn second_soldier_cost(rules: &RulesData) -> u32 {
    stratagem_cost(rules, SECOND_SOLDIER)
}

/// The "reroll" stratagem's id in `killteam.json` (KT-11).
pub const REROLL: &str = "reroll";

/// The "reroll" stratagem's cost in command points (KT-11).
pub fn reroll_cost(rules: &RulesData) -> u32 {
    stratagem_cost(rules, REROLL)
}

/// A stratagem's cost in command points, from the data (KT-11).
fn stratagem_cost(rules: &RulesData, id: &str) -> u32 {
    rules
        .killteam
        .command
        .stratagems
        .iter()
        .find(|s| s.id == id)
        .map_or(0, |s| s.cost)
}

/// What each kill-team soldier did in one turn at the table: his
/// activations, their actions and boosts. A soldier not listed did nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnActs {
    /// The turn they were taken in: once the table's turn moves on, they
    /// are an earlier turn's, and only a soldier's stance carries over.
    pub turn: u32,
    /// Each soldier's turn, by his id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub soldiers: BTreeMap<CharId, SoldierTurn>,
    /// The drawn enemies' activations this turn, by their place, in order
    /// (KT-8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemies: Vec<usize>,
    /// The soldiers activated straight after a team-mate with the "second
    /// soldier" stratagem (KT-11), with the place of that activation in
    /// their turn: it counts as one with the one before (KT-8).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub joined: BTreeMap<CharId, usize>,
}

impl TurnActs {
    /// Nothing recorded.
    pub fn is_empty(&self) -> bool {
        self.soldiers.is_empty() && self.enemies.is_empty() && self.joined.is_empty()
    }
}

/// Each side's activations in the turn being played (KT-8), and whose it
/// is to activate next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activations {
    /// The players' soldiers' activations (two joined by the stratagem
    /// count as one).
    pub players: u32,
    /// The drawn enemies'.
    pub enemy: u32,
    /// At most so many each: the side with fewer models still standing
    /// (with those already activated this turn) sets it.
    pub most: u32,
    /// Whose turn it is to activate: `Some(true)` the players, `Some(false)`
    /// the enemy, none when both have had their share.
    pub next: Option<bool>,
    /// The mission has a drawn enemy to count: without one (the game
    /// master plays the enemy off the table), only the players' side is
    /// counted.
    pub enemy_drawn: bool,
}

impl Table {
    /// `id`'s turn now: what he did this turn, or a turn not begun, prone
    /// when he ended his last one prone (KT-9).
    pub fn soldier_turn(&self, id: CharId) -> SoldierTurn {
        match self.acts.soldiers.get(&id) {
            Some(t) if self.acts.turn == self.turn() => t.clone(),
            Some(t) => SoldierTurn::new(t.prone()),
            None => SoldierTurn::new(false),
        }
    }

    /// Sets `id`'s turn now. The turns of an earlier turn give way first,
    /// each soldier keeping only his stance; a turn as it began standing is
    /// not kept, so that taking everything back leaves the table as it was.
    fn set_soldier_turn(&mut self, id: CharId, turn: SoldierTurn) {
        self.roll_over();
        if turn.is_untouched() && !turn.prone_at_start {
            self.acts.soldiers.remove(&id);
        } else {
            self.acts.soldiers.insert(id, turn);
        }
    }
}

impl Table {
    /// The turns of an earlier turn give way to this one's, each soldier
    /// keeping only his stance.
    fn roll_over(&mut self) {
        let now = self.turn();
        if self.acts.turn != now {
            let prone = std::mem::take(&mut self.acts.soldiers)
                .into_iter()
                .filter(|(_, t)| t.prone())
                .map(|(id, _)| (id, SoldierTurn::new(true)))
                .collect();
            self.acts = TurnActs {
                turn: now,
                soldiers: prone,
                ..TurnActs::default()
            };
        }
    }

    /// The enemies activated this turn, by place.
    pub fn enemies_activated(&self) -> &[usize] {
        if self.acts.turn == self.turn() {
            &self.acts.enemies
        } else {
            &[]
        }
    }

    /// The soldiers' activations joined to the one before this turn (KT-11).
    fn joined_now(&self) -> Option<&BTreeMap<CharId, usize>> {
        (self.acts.turn == self.turn()).then_some(&self.acts.joined)
    }
}

/// A kill-team soldier at the table: what he may do this turn, and what he
/// did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtTable {
    /// His kind's actions, his ribbon's, whether he is in action.
    pub allowance: Allowance,
    /// His turn so far.
    pub turn: SoldierTurn,
}

impl AtTable {
    /// His actions this turn, boosts included.
    pub fn total(&self, rules: &RulesData) -> u32 {
        self.allowance.total(&rules.killteam, &self.turn)
    }

    /// His actions left this turn.
    pub fn left(&self, rules: &RulesData) -> u32 {
        self.allowance.left(&rules.killteam, &self.turn)
    }
}

impl Campaign {
    /// The kill-team soldier `id` at the table of the mission being played:
    /// his allowance, from his wounds left, and his turn so far. Refused
    /// when no mission is played, for one not at the table, and for a Rogue
    /// Trader character, who counts no actions (KT-9).
    pub fn acting_soldier(&self, id: CharId, rules: &RulesData) -> Result<AtTable, Problem> {
        self.expect(&[Phase::Playing])?;
        let i = self.player_index(id)?;
        let x = &self.characters[i];
        let Member::Soldier(s) = &x.member else {
            return Err(Problem::new("KT-9", "kt.act.no.not_soldier").character(x.name()));
        };
        let table = self.table.as_ref();
        let out = table.is_some_and(|t| t.out_of_action.contains(&id));
        let taken = table.and_then(|t| t.wounds.get(&id).copied()).unwrap_or(0);
        let wounds_left = if out {
            0
        } else {
            x.member.wounds(rules).saturating_sub(taken)
        };
        Ok(AtTable {
            allowance: allowance(&rules.killteam, s, wounds_left)?,
            turn: table.map(|t| t.soldier_turn(id)).unwrap_or_default(),
        })
    }

    /// Whether the soldier `id` may take `act` now: the note it comes with
    /// (snap fire only after a retreat), or why not.
    pub fn may_act(&self, id: CharId, act: Act, rules: &RulesData) -> Result<Option<Msg>, Problem> {
        let at = self.acting_soldier(id, rules)?;
        let note = at.allowance.check(&rules.killteam, &at.turn, act)?;
        self.dazzle_refusal(id, act)?;
        Ok(note)
    }

    /// EQ-10 « ne peut plus bouger durant ce tour »: a model a flash
    /// grenade dazzled this turn takes no move: no Move, no retreat, no
    /// Agility move, no charge (a charge is a move into contact).
    fn dazzle_refusal(&self, id: CharId, act: Act) -> Result<(), Problem> {
        let dazzled = self.table.as_ref().is_some_and(|t| t.dazzled_now(id));
        let moves = matches!(
            act,
            Act::Move | Act::Retreat | Act::AgilityMove | Act::CloseCombat
        );
        if dazzled && moves {
            return Err(Problem::new("EQ-10", "kt.act.no.dazzled"));
        }
        Ok(())
    }

    /// Whether the character `id` counts his actions at the table now: a
    /// kill-team soldier playing the mission being played. A roll or an
    /// item of his then spends one.
    pub fn counts_actions(&self, id: CharId) -> bool {
        self.phase == Phase::Playing
            && self.table.as_ref().is_some_and(|t| t.players.contains(&id))
            && self
                .character(id)
                .is_some_and(|x| matches!(x.member, Member::Soldier(_)))
    }

    /// Whether the third-action stratagem (KT-11) may be bought for `id`'s
    /// activation now: its cost, or why not.
    pub fn may_buy_third_action(&self, id: CharId, rules: &RulesData) -> Result<u32, Problem> {
        let at = self.acting_soldier(id, rules)?;
        let points = self.escort_of(id)?.command_points;
        at.allowance
            .third_action(&rules.killteam, &at.turn, points)
            .map(|_| third_action_cost(&rules.killteam))
    }

    /// Whether the sergeant `giver` may give his command insignia's action
    /// (EQ-31) to `taker` now, or why not.
    pub fn may_give_insignia(
        &self,
        giver: CharId,
        taker: CharId,
        rules: &RulesData,
    ) -> Result<(), Problem> {
        self.insignia_turns(giver, taker, rules).map(|_| ())
    }

    /// Both turns after the sergeant `giver` gave his insignia's action to
    /// `taker` (EQ-31): refused for two soldiers of different teams, and as
    /// `give_insignia` refuses.
    fn insignia_turns(
        &self,
        giver: CharId,
        taker: CharId,
        rules: &RulesData,
    ) -> Result<(SoldierTurn, SoldierTurn), Problem> {
        let g = self.acting_soldier(giver, rules)?;
        let t = self.acting_soldier(taker, rules)?;
        let same_team = self
            .character(giver)
            .zip(self.character(taker))
            .is_some_and(|(a, b)| a.escort == b.escort && a.id != b.id);
        if !same_team {
            return Err(Problem::new("EQ-31", "kt.act.no.insignia_team"));
        }
        give_insignia(
            &rules.killteam,
            (&g.allowance, &g.turn),
            (&t.allowance, &t.turn),
        )
    }

    /// Each side's activations this turn and whose turn it is to activate
    /// (KT-8 « les deux joueurs doivent toujours jouer le même nombre de
    /// fois par tour »). The players' side is every kill-team soldier at
    /// the table; the enemy's, the drawn enemies. Both sides equal: the one
    /// that won this turn's initiative test goes first (the players', when
    /// none was rolled).
    pub fn activations(&self) -> Activations {
        let Some(table) = self.table.as_ref() else {
            return Activations {
                players: 0,
                enemy: 0,
                most: 0,
                next: None,
                enemy_drawn: false,
            };
        };
        let soldiers: Vec<CharId> = table
            .players
            .iter()
            .copied()
            .filter(|id| self.counts_actions(*id))
            .collect();
        let joined = table.joined_now();
        let mut players = 0u32;
        let mut standing = 0u32;
        for id in &soldiers {
            let t = table.soldier_turn(*id);
            let n = u32::try_from(t.activations.len()).unwrap_or(u32::MAX);
            let with_one_before = joined
                .and_then(|j| j.get(id))
                .is_some_and(|k| *k < t.activations.len());
            players += n - u32::from(with_one_before);
            standing += u32::from(n > 0 || !table.out_of_action.contains(id));
        }
        let enemies = self.mission.as_ref().map_or(0, |m| m.enemy.len());
        let done = table.enemies_activated();
        let enemy = u32::try_from(done.len()).unwrap_or(u32::MAX);
        let enemy_standing = (0..enemies)
            .filter(|i| done.contains(i) || !table.enemy_out.contains(i))
            .count();
        let enemy_drawn = enemies > 0;
        let most = if enemy_drawn {
            standing.min(u32::try_from(enemy_standing).unwrap_or(u32::MAX))
        } else {
            standing
        };
        let enemy_first = table
            .initiative
            .as_ref()
            .filter(|i| i.turn == table.turn())
            .and_then(|i| i.order.first())
            .is_some_and(|r| r.escort.is_none());
        let next = if !enemy_drawn {
            (players < most).then_some(true)
        } else if players >= most && enemy >= most {
            None
        } else if players >= most {
            Some(false)
        } else if enemy >= most {
            Some(true)
        } else if players == enemy {
            Some(!enemy_first)
        } else {
            Some(players < enemy)
        };
        Activations {
            players,
            enemy,
            most,
            next,
            enemy_drawn,
        }
    }

    /// [`CampaignEdit::EnemyActivation`]: a drawn enemy activated this turn
    /// (KT-8). Refused for an enemy out of action or already activated this
    /// turn.
    pub(super) fn enemy_activation(
        &mut self,
        index: usize,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Playing])?;
        if self.enemy(index).is_none() {
            return Err(Problem::new("CMP-15", "campaign.problem.no_enemy").arg("index", index + 1));
        }
        let names = self.enemy_names(index);
        let table = self.table.get_or_insert_default();
        if table.enemy_out.contains(&index) {
            return Err(Problem::new("KT-9", "kt.act.no.out_of_action"));
        }
        table.roll_over();
        if table.acts.enemies.contains(&index) {
            return Err(Problem::new("KT-8", "kt.act.no.enemy_activated"));
        }
        table.acts.enemies.push(index);
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.enemy_activation").names("name", &names),
        ));
        Ok(CampaignEdit::EnemyActivation { index })
    }

    /// Whether the "second soldier" stratagem (KT-11) may be bought for
    /// `id` now: its cost, or why not. A team-mate of his must have been
    /// activated this turn, he must have no activation open, none of his
    /// activations may be joined already this turn, and his team must have
    /// the points.
    pub fn may_join_activation(&self, id: CharId, rules: &RulesData) -> Result<u32, Problem> {
        let at = self.acting_soldier(id, rules)?;
        let cost = stratagem_cost(rules, SECOND_SOLDIER);
        if !at.allowance.in_action {
            return Err(Problem::new("KT-9", "kt.act.no.out_of_action"));
        }
        if at.turn.open().is_some_and(|a| !a.acts.is_empty()) {
            return Err(Problem::new("KT-11", "kt.act.no.second_open"));
        }
        let table = self.table.as_ref();
        if table
            .and_then(Table::joined_now)
            .is_some_and(|j| j.contains_key(&id))
        {
            return Err(Problem::new("KT-11", "kt.act.no.second_twice"));
        }
        let escort = self.character(id).map(|x| x.escort);
        let mate_acted = self.characters.iter().any(|x| {
            x.id != id
                && Some(x.escort) == escort
                && table.is_some_and(|t| !t.soldier_turn(x.id).activations.is_empty())
        });
        if !mate_acted {
            return Err(Problem::new("KT-11", "kt.act.no.second_first"));
        }
        let points = self.escort_of(id)?.command_points;
        if points < i32::try_from(cost).unwrap_or(i32::MAX) {
            return Err(Problem::new("KT-11", "kt.act.no.points")
                .arg("cost", cost)
                .arg("points", points));
        }
        Ok(cost)
    }

    /// [`CampaignEdit::SecondSoldier`]: the "second soldier" stratagem
    /// (KT-11): `character` is activated straight after a team-mate, with
    /// no reply, and both count as one activation (KT-8); his team pays.
    pub(super) fn second_soldier(
        &mut self,
        character: CharId,
        cost: Option<u32>,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let now = self.may_join_activation(character, rules)?;
        // Played again from the journal: the price it had then.
        let cost = cost.unwrap_or(now);
        let at = self.acting_soldier(character, rules)?;
        self.pay_stratagem(character, cost, "campaign.log.second_soldier", out)?;
        let place = at.turn.activations.len() - usize::from(at.turn.open().is_some());
        let table = self.table.get_or_insert_default();
        table.roll_over();
        table.acts.joined.insert(character, place);
        Ok(CampaignEdit::SecondSoldier {
            character,
            cost: Some(cost),
        })
    }

    /// Whether the soldier `id` may use his `item` at the table now, the
    /// way `way` (the first when none): his turn after it and the item's
    /// data, or why not (EQ-7, EQ-12, EQ-22, EQ-25, EQ-27 « nécessite une
    /// action »). All its actions go in one activation.
    pub fn may_use_gear(
        &self,
        id: CharId,
        (item, way): (&str, Option<&str>),
        rules: &RulesData,
    ) -> Result<SoldierTurn, Problem> {
        let data = &rules.killteam;
        let at = self.acting_soldier(id, rules)?;
        let it = data
            .item(item)
            .ok_or_else(|| Problem::new("KT-5", "campaign.problem.no_item").arg("item", item))?;
        let Some(gear) = &it.gear else {
            return Err(with_item(
                Problem::new(it.rule.clone(), "kt.gear.not_at_table"),
                data,
                "item",
                item,
            ));
        };
        let carried = self
            .soldier_at_table(id)
            .is_some_and(|s| s.items.iter().any(|c| c.item == item));
        if !carried {
            return Err(with_item(
                Problem::new("KT-5", "campaign.problem.no_item"),
                data,
                "item",
                item,
            ));
        }
        let table = self.table.as_ref();
        if it.single_use && table.is_some_and(|t| t.struck.contains(&(id, item.to_owned()))) {
            return Err(with_item(
                Problem::new(it.rule.clone(), "kt.use.struck"),
                data,
                "item",
                item,
            ));
        }
        if gear.once_a_turn && at.turn.gear.iter().any(|g| g == item) {
            return Err(with_item(
                Problem::new(it.rule.clone(), "kt.gear.once_a_turn"),
                data,
                "item",
                item,
            ));
        }
        let actions = match way {
            None => gear.ways.first().map_or(1, |w| w.actions),
            Some(w) => gear
                .ways
                .iter()
                .find(|x| x.id == w)
                .map(|x| x.actions)
                .ok_or_else(|| Problem::new(it.rule.clone(), "kt.gear.no_way").arg("way", w))?,
        };
        // KT-14: a grenade is his grenade of the turn.
        let act = if it.grenade {
            Act::Grenade
        } else {
            Act::UseItem
        };
        let mut turn = at.turn.clone();
        for k in 0..actions {
            let before = turn.activations.len();
            turn = at.allowance.take(data, &turn, act)?.0;
            if k > 0 && turn.activations.len() != before {
                return Err(
                    Problem::new(it.rule.clone(), "kt.gear.one_activation").arg("count", actions)
                );
            }
        }
        turn.gear.push(item.to_owned());
        Ok(turn)
    }

    /// [`CampaignEdit::UseGear`]: a soldier uses an item that touches no
    /// other model; its actions spent, a single-use one struck off (RIB-6:
    /// counted by item).
    pub(super) fn use_gear(
        &mut self,
        character: CharId,
        (item, way): (String, Option<String>),
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let next = self.may_use_gear(character, (&item, way.as_deref()), rules)?;
        let data = &rules.killteam;
        let single = data.item(&item).is_some_and(|i| i.single_use);
        let count = self.soldier_at_table(character).map_or(1, |s| {
            crate::rules::killteam::carried_count(data, &s, &item)
        });
        let table = self.table.get_or_insert_default();
        table.set_soldier_turn(character, next);
        if single {
            table.use_one(character, &item, count);
        }
        let name = self.character(character).map(|x| x.name().to_owned());
        let names = data
            .item(&item)
            .map(|i| i.names.clone())
            .unwrap_or_default();
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.use_gear")
                .text("name", name.unwrap_or_default())
                .names("item", &names),
        ));
        Ok(CampaignEdit::UseGear {
            character,
            item,
            way,
        })
    }

    /// Whether `character` is a kill-team soldier whose team may pay for
    /// the "reroll" stratagem (KT-11) on a roll of the battle screen: the
    /// event that pays it, or why not (not a soldier, short of points).
    pub fn reroll_payment(
        &self,
        character: CharId,
        rules: &RulesData,
    ) -> Result<CampaignEdit, Problem> {
        let x = self
            .character(character)
            .ok_or_else(|| Problem::new("KT-11", "battle.reroll.no_team"))?;
        if !matches!(x.member, Member::Soldier(_)) {
            return Err(Problem::new("KT-11", "battle.reroll.no_team"));
        }
        let escort = self.escort_of(character)?;
        let cost = reroll_cost(rules);
        let price = i32::try_from(cost).unwrap_or(i32::MAX);
        if escort.command_points < price {
            return Err(Problem::new("KT-11", "kt.act.no.points")
                .arg("cost", cost)
                .arg("points", escort.command_points));
        }
        Ok(CampaignEdit::SetCommandPoints {
            escort: escort.id,
            points: escort.command_points - price,
        })
    }

    /// The soldier `character`'s team pays `cost` command points for a
    /// stratagem (KT-11), said by the log line `key`; refused short of
    /// points.
    pub(super) fn pay_stratagem(
        &mut self,
        character: CharId,
        cost: u32,
        key: &'static str,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
        let e = self.escort_index(self.escort_of(character)?.id)?;
        let points = self.escorts[e].command_points;
        let price = i32::try_from(cost).unwrap_or(i32::MAX);
        if points < price {
            return Err(Problem::new("KT-11", "kt.act.no.points")
                .arg("cost", cost)
                .arg("points", points));
        }
        self.escorts[e].command_points = points - price;
        let name = self.character(character).map(|x| x.name().to_owned());
        out.lines.push((
            LineKind::Info,
            Msg::new(key)
                .text("name", name.unwrap_or_default())
                .int("cost", cost)
                .int("points", points - price),
        ));
        Ok(())
    }

    pub(super) fn escort_of(&self, id: CharId) -> Result<&super::Escort, Problem> {
        let i = self.index(id)?;
        let e = self.escort_index(self.characters[i].escort)?;
        Ok(&self.escorts[e])
    }

    fn set_turn(&mut self, id: CharId, turn: SoldierTurn) {
        self.table
            .get_or_insert_default()
            .set_soldier_turn(id, turn);
    }

    /// An event of the turn at the table, as the dispatcher hands them over.
    pub(super) fn turn_event(
        &mut self,
        edit: CampaignEdit,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        use CampaignEdit as E;
        match edit {
            E::Act { character, act } => self.act(character, act, rules, out),
            E::EndActivation { character } => self.end_activation(character, rules, out),
            E::ThirdAction { character, cost } => self.third_action(character, cost, rules, out),
            E::GiveInsignia { character, to } => self.insignia(character, to, rules, out),
            E::TakeBackAct { character } => self.take_back_act(character, rules, out),
            E::SecondSoldier { character, cost } => {
                self.second_soldier(character, cost, rules, out)
            }
            E::EnemyActivation { index } => self.enemy_activation(index, out),
            E::UseGear {
                character,
                item,
                way,
            } => self.use_gear(character, (item, way), rules, out),
            _ => unreachable!("the dispatcher hands over the turn's events only"),
        }
    }

    /// The soldier `id` takes `act` (for an item used, `item_use.rs` calls
    /// this with [`Act::UseItem`]): his turn with it, and a line saying so.
    pub(super) fn take_act(
        &mut self,
        id: CharId,
        act: Act,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
        let at = self.acting_soldier(id, rules)?;
        let (next, note) = at.allowance.take(&rules.killteam, &at.turn, act)?;
        self.dazzle_refusal(id, act)?;
        let left = at.allowance.left(&rules.killteam, &next);
        let total = at.allowance.total(&rules.killteam, &next);
        let name = self.character(id).map(|x| x.name().to_owned());
        self.set_turn(id, next);
        let line = Msg::new("campaign.log.act")
            .text("name", name.unwrap_or_default())
            .key("act", act.key())
            .int("left", left)
            .int("total", total);
        out.lines.push((LineKind::Info, line));
        if let Some(note) = note {
            out.lines.push((LineKind::Info, note));
        }
        Ok(())
    }

    /// [`CampaignEdit::Act`]: a soldier's action at the table.
    pub(super) fn act(
        &mut self,
        character: CharId,
        act: Act,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        if act == Act::UseItem {
            // An item's action comes with the item used (EQ-6 …), never alone.
            return Err(Problem::new("KT-9", "kt.act.no.item_alone"));
        }
        self.take_act(character, act, rules, out)?;
        Ok(CampaignEdit::Act { character, act })
    }

    /// [`CampaignEdit::EndActivation`]: the player ends the soldier's
    /// activation before it is full; his next action opens another.
    pub(super) fn end_activation(
        &mut self,
        character: CharId,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let at = self.acting_soldier(character, rules)?;
        if at.turn.open().is_none_or(|a| a.acts.is_empty()) {
            return Err(Problem::new("KT-9", "kt.act.no.none_to_end"));
        }
        let mut next = at.turn;
        next.end_activation();
        self.set_turn(character, next);
        let name = self.character(character).map(|x| x.name().to_owned());
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.end_activation").text("name", name.unwrap_or_default()),
        ));
        Ok(CampaignEdit::EndActivation { character })
    }

    /// [`CampaignEdit::ThirdAction`]: the "third action" stratagem (KT-11)
    /// for the soldier's open activation, paid by his team's command points
    /// in the same event.
    pub(super) fn third_action(
        &mut self,
        character: CharId,
        cost: Option<u32>,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let at = self.acting_soldier(character, rules)?;
        // Played again from the journal: the price it had then.
        let cost = cost.unwrap_or_else(|| third_action_cost(&rules.killteam));
        let points = self.escort_of(character)?.command_points;
        let next = at.allowance.third_action_at(&at.turn, points, cost)?;
        self.pay_stratagem(character, cost, "campaign.log.third_action", out)?;
        self.set_turn(character, next);
        Ok(CampaignEdit::ThirdAction {
            character,
            cost: Some(cost),
        })
    }

    /// [`CampaignEdit::GiveInsignia`]: the sergeant `character` gives his
    /// command insignia's action to `to` (EQ-31).
    pub(super) fn insignia(
        &mut self,
        character: CharId,
        to: CharId,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let (gave, next) = self.insignia_turns(character, to, rules)?;
        self.set_turn(character, gave);
        self.set_turn(to, next);
        let name = |id| {
            self.character(id)
                .map(|x| x.name().to_owned())
                .unwrap_or_default()
        };
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.insignia")
                .text("giver", name(character))
                .text("name", name(to)),
        ));
        Ok(CampaignEdit::GiveInsignia { character, to })
    }

    /// [`CampaignEdit::TakeBackAct`]: the soldier's last action taken back
    /// (a slip of the hand); the boosts bought stay.
    pub(super) fn take_back_act(
        &mut self,
        character: CharId,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let at = self.acting_soldier(character, rules)?;
        let mut next = at.turn;
        let Some(act) = next.take_back() else {
            return Err(Problem::new("KT-9", "kt.act.no.none_to_take_back"));
        };
        self.set_turn(character, next);
        let name = self.character(character).map(|x| x.name().to_owned());
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.take_back_act")
                .text("name", name.unwrap_or_default())
                .key("act", act.key()),
        ));
        Ok(CampaignEdit::TakeBackAct { character })
    }
}
