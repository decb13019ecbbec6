//! Single-use items at the table (EQ-6, EQ-10, EQ-11, EQ-15, EQ-19,
//! EQ-23) and the "Recharge" stratagem (KT-11): each one event, its dice
//! kept in it, so that the journal replays it.
//!
//! Decision (EQ-11): a mine goes off once, on the one model the player
//! names; it is then gone.

use super::{Campaign, CharId, Fighter, ItemResult, LaidIn, Member, Phase, UsedOn};
use rand::Rng;

use super::edit::CampaignEdit;
use crate::rules::campaign::ItemEdit;
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::item_use::{self, Ask, Effect, Relation, Target};
use crate::rules::killteam::{ItemId, carried_count, with_item};

/// The stratagem that lets a used item be used again (KT-11), by its id
/// in `killteam.json`.
pub const RECHARGE: &str = "recharge";

/// What the table knows of a target: its names, who it is to the bearer,
/// its items, wounds taken and whether it is out of action.
struct Known {
    names: Names,
    relation: Relation,
    items: Vec<ItemId>,
    wounds: u32,
    out: bool,
}

impl Campaign {
    /// The model `target` as the bearer `bearer` sees it: a drawn enemy, a
    /// model the mission names who fights, or a character playing.
    fn known(&self, bearer: CharId, target: CharId, rules: &RulesData) -> Result<Known, Problem> {
        let table = self.table.clone().unwrap_or_default();
        if let Fighter::Named(n) = Fighter::of(target) {
            self.named_max(n, rules)?;
            return Ok(Known {
                names: self.named_names(n, rules),
                relation: Relation::Other,
                items: Vec::new(),
                wounds: self.named_taken(n),
                out: self.named_out(n),
            });
        }
        if let Fighter::Enemy(e) = Fighter::of(target) {
            if self.enemy(e).is_none() {
                return Err(Problem::new("CMP-15", "campaign.problem.no_enemy").arg("index", e + 1));
            }
            return Ok(Known {
                names: self.enemy_names(e),
                relation: Relation::Other,
                items: Vec::new(),
                wounds: table.enemy_wounds.get(&e).copied().unwrap_or(0),
                out: table.enemy_out.contains(&e),
            });
        }
        let b = self.player_index(bearer)?;
        let t = self.player_index(target)?;
        let relation = if target == bearer {
            Relation::Bearer
        } else if self.characters[t].escort == self.characters[b].escort {
            Relation::TeamMate
        } else {
            Relation::Other
        };
        let items = match &self.characters[t].member {
            Member::Soldier(s) => s.items.iter().map(|c| c.item.clone()).collect(),
            Member::Character(_) => Vec::new(),
        };
        Ok(Known {
            names: Names::from([("en".to_owned(), self.characters[t].name().to_owned())]),
            relation,
            items,
            wounds: table.wounds.get(&target).copied().unwrap_or(0),
            out: table.out_of_action.contains(&target),
        })
    }

    /// [`ItemEdit::UseItem`], [`ItemEdit::RerollItem`],
    /// [`ItemEdit::Recharge`] or [`ItemEdit::RemoveMine`], as the
    /// dispatcher hands them over.
    pub(super) fn item_event<R: Rng + ?Sized>(
        &mut self,
        edit: ItemEdit,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        match edit {
            ItemEdit::StrikeItem {
                character,
                item,
                struck,
            } => self.strike_item(character, item, struck, rules),
            ItemEdit::UseItem {
                character,
                item,
                target,
                roll,
            } => self.use_item(character, item, target, roll, rules, rng, out),
            ItemEdit::Recharge {
                character,
                item,
                cost,
            } => self.recharge(character, item, cost, rules, out),
            ItemEdit::RerollItem {
                character,
                item,
                roll,
                cost,
            } => self.reroll_item(character, item, (roll, cost), rules, rng, out),
            ItemEdit::RemoveMine {
                character,
                bearer,
                item,
            } => self.remove_mine(character, bearer, item, rules, out),
            ItemEdit::Loot {
                character,
                from,
                pick,
            } => self.loot(character, from, pick, rules, out),
        }
    }

    /// [`ItemEdit::RemoveMine`]: a Deminer clears a laid mine (RIB-5).
    /// Decision: at a campaign's table the mines laid are the players' own
    /// (the drawn enemy lays none), and a Deminer may clear any of them; the
    /// rule says "enemy mine" as it is written for two kill teams facing
    /// each other. Refused for anyone without the ribbon, one out of action,
    /// or a mine not laid.
    fn remove_mine(
        &mut self,
        character: CharId,
        bearer: CharId,
        item: ItemId,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Playing])?;
        let i = self.player_index(character)?;
        let name = self.characters[i].name().to_owned();
        let data = &rules.killteam;
        let removal = match &self.characters[i].member {
            Member::Soldier(s) => crate::rules::killteam::ribbons::mine_removal(data, s),
            Member::Character(_) => None,
        };
        let Some(removal) = removal else {
            return Err(Problem::new("RIB-5", "kt.remove_mine.not_deminer").character(&name));
        };
        let table = self.table.get_or_insert_default();
        if table.out_of_action.contains(&character) {
            return Err(Problem::new("KT-9", "kt.remove_mine.out").character(&name));
        }
        if !table.laid.contains(&(bearer, item.clone())) {
            return Err(Problem::new(
                removal.rule.clone(),
                "kt.remove_mine.none_laid",
            ));
        }
        table.mine_gone(bearer, &item);
        let laid_by = self
            .character(bearer)
            .map_or_else(String::new, |x| x.name().to_owned());
        out.lines.push((
            LineKind::Info,
            Msg::new("kt.remove_mine.done")
                .text("character", &name)
                .text("bearer", &laid_by)
                .text("rule", &removal.rule),
        ));
        Ok(CampaignEdit::Items(ItemEdit::RemoveMine {
            character,
            bearer,
            item,
        }))
    }

    /// [`ItemEdit::UseItem`]: a single-use item used at the table.
    #[allow(clippy::too_many_arguments)] // an event's fields, and the engine's
    fn use_item<R: Rng + ?Sized>(
        &mut self,
        character: CharId,
        item: ItemId,
        target: Option<CharId>,
        roll: Option<Roll>,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Playing])?;
        let i = self.player_index(character)?;
        let data = &rules.killteam;
        let (it, usage) = item_use::usage(data, &item)?;
        let table = self.table.clone().unwrap_or_default();
        let key = (character, item.clone());
        let laid = usage.laid && target.is_some() && table.laid.contains(&key);
        let name = self.characters[i].name().to_owned();
        // A mine laid goes off even once its bearer is out (EQ-11).
        if !laid && table.out_of_action.contains(&character) {
            return Err(with_item(
                Problem::new(it.rule.clone(), "kt.use.bearer_out").character(&name),
                data,
                "item",
                &item,
            ));
        }
        if laid {
            self.mine_armed(character, &item, rules)?;
        } else {
            if usage.laid {
                self.laying_in_activation(character, (it, &name), rules)?;
            }
            self.item_action(character, it, rules)?;
        }
        let known = target
            .map(|t| self.known(character, t, rules))
            .transpose()?;
        let before = target.zip(known.as_ref()).map(|(id, k)| UsedOn {
            id,
            wounds: k.wounds,
            out: k.out,
        });
        let ask = Ask {
            item: &item,
            bearer: &name,
            carried: self.characters[i].member.carries(&item),
            struck: table.struck.contains(&key),
            laid,
            target: known.as_ref().map(|k| Target {
                names: k.names.clone(),
                relation: k.relation,
                items: &k.items,
                wounds: k.wounds,
                out: k.out,
            }),
        };
        let used = item_use::use_item(data, &ask, roll, rng)?;
        out.rolls.extend(used.rolls.iter().cloned());
        out.lines.push((LineKind::Dice, used.msg.clone()));
        // RIB-6 « soit deux mines, soit deux bombes chimiques, soit deux
        // grenades éclairantes »: an item carried twice is struck off with
        // its second use.
        let count = self
            .soldier_at_table(character)
            .map_or(1_u32, |s| carried_count(data, &s, &item));
        let table = self.table.get_or_insert_default();
        if laid {
            table.mine_gone(character, &item);
        } else {
            table.use_one(character, &item, count);
        }
        let turn = table.turn();
        match (&used.effect, target) {
            (Effect::Laid, _) => table.mine_laid(character, &item),
            (Effect::Dazzled, Some(t)) => {
                table.dazzled.insert(t, turn);
            }
            (Effect::Heal(n), Some(t)) => self.heal(t, *n),
            (Effect::Wounds(n), Some(t)) => self.mortal_wounds(t, *n, rules, out)?,
            _ => {}
        }
        self.table.get_or_insert_default().used.insert(
            character,
            ItemResult {
                item: item.clone(),
                target: known.map(|k| k.names).unwrap_or_default(),
                roll: used.roll.clone(),
                effect: used.effect,
                before,
                rerolled: false,
            },
        );
        Ok(CampaignEdit::Items(ItemEdit::UseItem {
            character,
            item,
            target,
            roll: used.roll,
        }))
    }

    /// [`ItemEdit::RerollItem`]: the reroll stratagem (KT-11) on an
    /// item's dice, « Relancez n'importe quel jet de dé »: only straight
    /// after the use (the journal's last event), once. The bearer's team
    /// pays; the target is put back as it was and the new dice take
    /// effect. No action is spent, and the item is not used twice.
    pub(super) fn reroll_item<R: Rng + ?Sized>(
        &mut self,
        character: CharId,
        item: ItemId,
        (roll, cost): (Option<Roll>, Option<u32>),
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let (used, on) = self.item_to_reroll(character, &item, rules)?;
        let name = self.characters[self.player_index(character)?]
            .name()
            .to_owned();
        let again = item_use::roll_again(
            &rules.killteam,
            (&item, &name),
            (&used.target, on.wounds),
            roll,
            rng,
        )?;
        let cost = cost.unwrap_or_else(|| super::reroll_cost(rules));
        self.pay_stratagem(character, cost, "campaign.log.reroll_item", out)?;
        self.put_back(&on);
        out.rolls.extend(again.rolls.iter().cloned());
        out.lines.push((LineKind::Dice, again.msg.clone()));
        match &again.effect {
            Effect::Heal(n) => self.heal(on.id, *n),
            Effect::Wounds(n) => self.mortal_wounds(on.id, *n, rules, out)?,
            _ => {}
        }
        self.table.get_or_insert_default().used.insert(
            character,
            ItemResult {
                roll: again.roll.clone(),
                effect: again.effect,
                rerolled: true,
                ..used
            },
        );
        Ok(CampaignEdit::Items(ItemEdit::RerollItem {
            character,
            item,
            roll: again.roll,
            cost: Some(cost),
        }))
    }

    /// Whether the dice of `item`, just used by `character`, may be made
    /// again with the reroll stratagem (KT-11) now: its cost, or why not
    /// (not the last event, no dice, made again already, short of points).
    pub fn may_reroll_item(
        &self,
        character: CharId,
        item: &ItemId,
        rules: &RulesData,
    ) -> Result<u32, Problem> {
        self.item_to_reroll(character, item, rules)?;
        let cost = super::reroll_cost(rules);
        let points = self.escort_of(character)?.command_points;
        if points < i32::try_from(cost).unwrap_or(i32::MAX) {
            return Err(Problem::new("KT-11", "kt.act.no.points")
                .arg("cost", cost)
                .arg("points", points));
        }
        Ok(cost)
    }

    /// The use of `item` whose dice the reroll stratagem may make again,
    /// and its target as it was before; or why none.
    fn item_to_reroll(
        &self,
        character: CharId,
        item: &ItemId,
        rules: &RulesData,
    ) -> Result<(ItemResult, UsedOn), Problem> {
        self.expect(&[Phase::Playing])?;
        let i = self.player_index(character)?;
        let refuse = |key: &'static str| {
            with_item(
                Problem::new("KT-11", key).character(self.characters[i].name()),
                &rules.killteam,
                "item",
                item,
            )
        };
        // The use, or its dice made again (then refused below: never twice).
        let last_use = self.journal.last().is_some_and(|e| {
            matches!(&e.event,
                CampaignEdit::Items(ItemEdit::UseItem { character: c, item: it, .. } |
ItemEdit::RerollItem { character: c, item: it, .. })
                if *c == character && it == item)
        });
        if !last_use {
            return Err(refuse("kt.use.reroll_not_last"));
        }
        let used = self
            .table
            .as_ref()
            .and_then(|t| t.used.get(&character))
            .filter(|u| u.item == *item)
            .ok_or_else(|| refuse("kt.use.reroll_no_die"))?;
        if used.rerolled && rules.killteam.command.reroll_once {
            return Err(refuse("kt.use.reroll_twice"));
        }
        let on = used
            .before
            .clone()
            .filter(|_| used.roll.is_some())
            .ok_or_else(|| refuse("kt.use.reroll_no_die"))?;
        Ok((used.clone(), on))
    }

    /// The model an item was used on, put back as it was before the use.
    fn put_back(&mut self, on: &UsedOn) {
        let table = self.table.get_or_insert_default();
        match Fighter::of(on.id) {
            Fighter::Enemy(e) => {
                table.enemy_wounds.insert(e, on.wounds);
                if !on.out {
                    table.enemy_out.remove(&e);
                }
            }
            Fighter::Named(n) => {
                table.named_wounds.insert(n, on.wounds);
                if !on.out {
                    table.named_out.remove(&n);
                }
            }
            Fighter::Character(_) => {
                table.wounds.insert(on.id, on.wounds);
                if !on.out {
                    table.out_of_action.remove(&on.id);
                }
            }
        }
    }

    /// EQ-6, EQ-10, EQ-15 … « (nécessite une action) »: a soldier who uses
    /// an item that needs one spends one of his actions, or may not use it
    /// (KT-9). KT-14 « une seule grenade par tour »: a grenade item is his
    /// grenade of the turn. The item's own line says what happened.
    fn item_action(
        &mut self,
        character: CharId,
        it: &crate::rules::killteam::data::Item,
        rules: &RulesData,
    ) -> Result<(), Problem> {
        if !it.action || !self.counts_actions(character) {
            return Ok(());
        }
        let act = if it.grenade {
            Act::Grenade
        } else {
            Act::UseItem
        };
        self.take_act(character, act, rules, &mut Outcome::default())
    }

    /// EQ-11 « posez un jeton pendant l'activation du porteur »: a mine is
    /// laid during its bearer's activation: his own still open, or one he
    /// may begin now (his side's turn, an action left, KT-8, KT-9); never
    /// on the enemy's turn nor once his activation is over.
    pub fn laying_in_activation(
        &self,
        character: CharId,
        (it, name): (&crate::rules::killteam::data::Item, &str),
        rules: &RulesData,
    ) -> Result<(), Problem> {
        if !self.counts_actions(character) {
            return Ok(());
        }
        if let Ok(at) = self.acting_soldier(character, rules) {
            let last = at.turn.activations.len().saturating_sub(1);
            let open = at.turn.open().is_some_and(|a| !a.acts.is_empty())
                && !at
                    .allowance
                    .activation_over(&rules.killteam, &at.turn, last);
            if open {
                return Ok(());
            }
        }
        self.may_act(character, Act::UseItem, rules)
            .map(drop)
            .map_err(|why| {
                with_item(
                    Problem::new(it.rule.clone(), "kt.use.not_his_activation")
                        .character(name)
                        .because(why),
                    &rules.killteam,
                    "item",
                    &it.id,
                )
            })
    }

    /// EQ-11 « SEULEMENT à partir de la fin de l'activation »: one of the
    /// bearer's mines of this kind goes off once the activation that laid
    /// it is over; refused while every one laid is in his activation still
    /// open.
    pub fn mine_armed(
        &self,
        bearer: CharId,
        item: &ItemId,
        rules: &RulesData,
    ) -> Result<(), Problem> {
        let Some(table) = self.table.as_ref() else {
            return Ok(());
        };
        let laid = table
            .laid
            .iter()
            .filter(|(b, i)| *b == bearer && i == item)
            .count();
        let waiting = table
            .laid_in
            .iter()
            .filter(|l| l.bearer == bearer && l.item == *item && l.turn == table.turn())
            .filter(|l| {
                self.acting_soldier(bearer, rules).is_ok_and(|at| {
                    at.allowance.in_action
                        && !at
                            .allowance
                            .activation_over(&rules.killteam, &at.turn, l.activation)
                })
            })
            .count();
        if laid > 0 && waiting >= laid {
            return Err(with_item(
                Problem::new("EQ-11", "kt.use.not_armed"),
                &rules.killteam,
                "item",
                item,
            ));
        }
        Ok(())
    }

    /// Wounds healed (EQ-6): never below none taken.
    fn heal(&mut self, target: CharId, n: u32) {
        let table = self.table.get_or_insert_default();
        let slot = table.wounds_of(target);
        *slot = slot.saturating_sub(n);
    }

    /// Mortal wounds (EQ-11, EQ-15, EQ-23), never past the model's last; at
    /// its last it is out of action.
    fn mortal_wounds(
        &mut self,
        target: CharId,
        n: u32,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
        let (max, names) = match Fighter::of(target) {
            Fighter::Enemy(e) => (self.enemy_wounds(e, rules), self.enemy_names(e)),
            Fighter::Named(n) => (self.named_max(n, rules)?, self.named_names(n, rules)),
            Fighter::Character(_) => {
                let t = self.player_index(target)?;
                let c = &self.characters[t];
                let names = Names::from([("en".to_owned(), c.name().to_owned())]);
                (c.member.wounds(rules), names)
            }
        };
        let table = self.table.get_or_insert_default();
        let slot = table.wounds_of(target);
        let now = slot.saturating_add(n).min(max);
        *slot = now;
        if now == max {
            table.take_out(target);
        }
        out.lines.push((
            LineKind::Info,
            Msg::new("kt.use.wounds_now")
                .names("target", &names)
                .int("now", now)
                .int("max", max),
        ));
        Ok(())
    }

    /// Whether the "Recharge" stratagem (KT-11) has something to give back
    /// to `character`'s `item` at the table: the item struck off or, when
    /// it gives back the whole item, one use of it spent.
    pub fn rechargeable(&self, character: CharId, item: &ItemId, rules: &RulesData) -> bool {
        self.table.as_ref().is_some_and(|t| {
            t.struck.contains(&(character, item.clone()))
                || (rules.killteam.command.recharge_whole_item && t.uses_of(character, item) > 0)
        })
    }

    /// [`ItemEdit::Recharge`]: the "Recharge" stratagem (KT-11): the
    /// bearer's escort pays its command points, and his used item can be
    /// used again.
    fn recharge(
        &mut self,
        character: CharId,
        item: ItemId,
        cost: Option<u32>,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Playing])?;
        let i = self.player_index(character)?;
        let data = &rules.killteam;
        let strat = data.command.stratagems.iter().find(|s| s.id == RECHARGE);
        let cost = cost
            .or(strat.map(|s| s.cost))
            .ok_or_else(|| Problem::new("KT-11", "kt.recharge.unknown"))?;
        let name = self.characters[i].name().to_owned();
        let key = (character, item.clone());
        if !self.rechargeable(character, &item, rules) {
            return Err(with_item(
                Problem::new("KT-11", "kt.recharge.not_used").character(&name),
                data,
                "item",
                &item,
            ));
        }
        let e = self.escort_index(self.characters[i].escort)?;
        let points = self.escorts[e].command_points;
        let step = i32::try_from(cost).unwrap_or(i32::MAX);
        if points < step {
            return Err(Problem::new("KT-11", "kt.recharge.no_points")
                .character(&name)
                .arg("cost", cost)
                .arg("points", points));
        }
        self.escorts[e].command_points = points - step;
        // The whole item, or one more use: the last of an item carried
        // twice (RIB-6).
        let count = self
            .soldier_at_table(character)
            .map_or(1_u32, |s| carried_count(data, &s, &item));
        let spent = if data.command.recharge_whole_item {
            0
        } else {
            count.saturating_sub(1)
        };
        let table = self.table.get_or_insert_default();
        table.struck.remove(&key);
        table.set_uses(character, &item, spent);
        let item_names = data
            .item(&item)
            .map(|i| i.names.clone())
            .unwrap_or_default();
        out.lines.push((
            LineKind::Info,
            Msg::new("kt.recharge.done")
                .text("player", &self.escorts[e].player)
                .text("character", &name)
                .names("item", &item_names)
                .int("cost", cost)
                .int("points", points - step),
        ));
        Ok(CampaignEdit::Items(ItemEdit::Recharge {
            character,
            item,
            cost: Some(cost),
        }))
    }
}

impl super::Table {
    /// A mine laid by `bearer`, in his activation open or the one he opens
    /// next (EQ-11).
    fn mine_laid(&mut self, bearer: CharId, item: &ItemId) {
        let t = self.soldier_turn(bearer);
        let activation = t.activations.len() - usize::from(t.open().is_some());
        self.laid_in.push(LaidIn {
            bearer,
            item: item.clone(),
            turn: self.turn(),
            activation,
        });
        self.laid.push((bearer, item.clone()));
    }

    /// One of `bearer`'s mines gone off or removed (EQ-11, RIB-5).
    fn mine_gone(&mut self, bearer: CharId, item: &ItemId) {
        if let Some(at) = self
            .laid
            .iter()
            .position(|(b, i)| *b == bearer && i == item)
        {
            self.laid.remove(at);
        }
        let laid_in = |l: &LaidIn| l.bearer == bearer && l.item == *item;
        if let Some(at) = self.laid_in.iter().position(laid_in) {
            self.laid_in.remove(at);
        }
    }
}

/// Every model the item of use `u` may be used on by the bearer `bearer`
/// at the table, each with his names: the characters playing, then the
/// drawn enemies, then the models the mission names who fight, those out
/// of action left out, each only when the item's targets allow him (the
/// bearer himself, a team-mate, another).
pub fn item_targets(
    c: &Campaign,
    bearer: &super::CampaignCharacter,
    targets: crate::rules::killteam::data::UseTargets,
    rules: &RulesData,
) -> Vec<(CharId, Names)> {
    let Some(table) = &c.table else {
        return Vec::new();
    };
    let players = c
        .characters
        .iter()
        .filter(|p| table.players.contains(&p.id) && !table.out_of_action.contains(&p.id))
        .filter(|p| {
            let relation = if p.id == bearer.id {
                Relation::Bearer
            } else if p.escort == bearer.escort {
                Relation::TeamMate
            } else {
                Relation::Other
            };
            item_use::allows(targets, relation)
        })
        // A character's name is his in every language.
        .map(|p| {
            (
                p.id,
                Names::from([(String::from("en"), p.name().to_owned())]),
            )
        });
    let others = item_use::allows(targets, Relation::Other);
    let enemies = c
        .mission
        .as_ref()
        .filter(|_| others)
        .map_or(0, |m| m.enemy.len());
    let enemies = (0..enemies)
        .filter(|i| !table.enemy_out.contains(i))
        .map(|i| (Fighter::Enemy(i).id(), c.enemy_names(i)));
    let named = if others {
        c.named_models(rules).len()
    } else {
        0
    };
    let named = (0..named)
        .filter(|&n| c.named_refusal(n, rules).is_none())
        .map(|n| (Fighter::Named(n).id(), c.named_names(n, rules)));
    players.chain(enemies).chain(named).collect()
}
