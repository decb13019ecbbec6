//! Single-use items at the table (EQ-6, EQ-10, EQ-11, EQ-15, EQ-19,
//! EQ-23) and the "Recharge" stratagem (KT-11): each one event, its dice
//! kept in it, so that the journal replays it.
//!
//! Decision (EQ-11): a mine goes off once, on the one model the player
//! names; it is then gone.

use rand::Rng;

use super::edit::CampaignEdit;
use super::{Campaign, CharId, ItemResult, LaidIn, Member, Phase};
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::carried_count;
use crate::rules::killteam::item_use::{self, Ask, Effect, Relation, Target};
use crate::rules::killteam::with_item;

/// The stratagem that lets a used item be used again (KT-11), by its id
/// in `killteam.json`.
pub const RECHARGE: &str = "recharge";

/// What the table knows of a target: its names, who it is to the bearer,
/// its items, wounds taken and whether it is out of action.
struct Known {
    names: Names,
    relation: Relation,
    items: Vec<String>,
    wounds: u32,
    out: bool,
}

impl Campaign {
    /// The model `target` as the bearer `bearer` sees it: a drawn enemy or
    /// a character playing.
    fn known(&self, bearer: CharId, target: CharId) -> Result<Known, Problem> {
        let table = self.table.clone().unwrap_or_default();
        if let Some(e) = super::enemy_index(target) {
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

    /// [`CampaignEdit::UseItem`] or [`CampaignEdit::Recharge`], as the
    /// dispatcher hands them over.
    pub(super) fn item_event<R: Rng + ?Sized>(
        &mut self,
        edit: CampaignEdit,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        match edit {
            CampaignEdit::UseItem {
                character,
                item,
                target,
                roll,
            } => self.use_item(character, item, target, roll, rules, rng, out),
            CampaignEdit::Recharge {
                character,
                item,
                cost,
            } => self.recharge(character, item, cost, rules, out),
            CampaignEdit::RemoveMine {
                character,
                bearer,
                item,
            } => self.remove_mine(character, bearer, item, rules, out),
            _ => unreachable!("the dispatcher hands over item events only"),
        }
    }

    /// [`CampaignEdit::RemoveMine`]: a Deminer clears a laid mine (RIB-5).
    /// Decision: at a campaign's table the mines laid are the players' own
    /// (the drawn enemy lays none), and a Deminer may clear any of them; the
    /// rule says "enemy mine" as it is written for two kill teams facing
    /// each other. Refused for anyone without the ribbon, one out of action,
    /// or a mine not laid.
    fn remove_mine(
        &mut self,
        character: CharId,
        bearer: CharId,
        item: String,
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
        Ok(CampaignEdit::RemoveMine {
            character,
            bearer,
            item,
        })
    }

    /// [`CampaignEdit::UseItem`]: a single-use item used at the table.
    #[allow(clippy::too_many_arguments)] // an event's fields, and the engine's
    fn use_item<R: Rng + ?Sized>(
        &mut self,
        character: CharId,
        item: String,
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
        if !laid {
            self.item_action(character, it, rules)?;
        }
        if laid {
            self.mine_armed(character, &item, rules)?;
        }
        let known = target.map(|t| self.known(character, t)).transpose()?;
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
            },
        );
        Ok(CampaignEdit::UseItem {
            character,
            item,
            target,
            roll: used.roll,
        })
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

    /// EQ-11 « SEULEMENT à partir de la fin de l'activation »: one of the
    /// bearer's mines of this kind goes off once the activation that laid
    /// it is over; refused while every one laid is in his activation still
    /// open.
    pub fn mine_armed(&self, bearer: CharId, item: &str, rules: &RulesData) -> Result<(), Problem> {
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
            .filter(|l| l.bearer == bearer && l.item == item && l.turn == table.turn())
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
        let slot = match super::enemy_index(target) {
            Some(e) => table.enemy_wounds.entry(e).or_default(),
            None => table.wounds.entry(target).or_default(),
        };
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
        let (max, names) = match super::enemy_index(target) {
            Some(e) => (self.enemy_wounds(e, rules), self.enemy_names(e)),
            None => {
                let t = self.player_index(target)?;
                let c = &self.characters[t];
                let names = Names::from([("en".to_owned(), c.name().to_owned())]);
                (c.member.wounds(rules), names)
            }
        };
        let table = self.table.get_or_insert_default();
        let slot = match super::enemy_index(target) {
            Some(e) => table.enemy_wounds.entry(e).or_default(),
            None => table.wounds.entry(target).or_default(),
        };
        let now = slot.saturating_add(n).min(max);
        *slot = now;
        if now == max {
            match super::enemy_index(target) {
                Some(e) => table.enemy_out.insert(e),
                None => table.out_of_action.insert(target),
            };
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

    /// [`CampaignEdit::Recharge`]: the "Recharge" stratagem (KT-11): the
    /// bearer's escort pays its command points, and his used item can be
    /// used again.
    fn recharge(
        &mut self,
        character: CharId,
        item: String,
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
        let struck = self.table.as_ref().is_some_and(|t| t.struck.contains(&key));
        if !struck {
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
        // One more use: the last of an item carried twice (RIB-6).
        let count = self
            .soldier_at_table(character)
            .map_or(1_u32, |s| carried_count(data, &s, &item));
        let table = self.table.get_or_insert_default();
        table.struck.remove(&key);
        table.set_uses(character, &item, count.saturating_sub(1));
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
        Ok(CampaignEdit::Recharge {
            character,
            item,
            cost: Some(cost),
        })
    }
}

impl super::Table {
    /// A mine laid by `bearer`, in his activation open or the one he opens
    /// next (EQ-11).
    fn mine_laid(&mut self, bearer: CharId, item: &str) {
        let t = self.soldier_turn(bearer);
        let activation = t.activations.len() - usize::from(t.open().is_some());
        self.laid_in.push(LaidIn {
            bearer,
            item: item.to_owned(),
            turn: self.turn(),
            activation,
        });
        self.laid.push((bearer, item.to_owned()));
    }

    /// One of `bearer`'s mines gone off or removed (EQ-11, RIB-5).
    fn mine_gone(&mut self, bearer: CharId, item: &str) {
        if let Some(at) = self
            .laid
            .iter()
            .position(|(b, i)| *b == bearer && i == item)
        {
            self.laid.remove(at);
        }
        let laid_in = |l: &LaidIn| l.bearer == bearer && l.item == item;
        if let Some(at) = self.laid_in.iter().position(laid_in) {
            self.laid_in.remove(at);
        }
    }
}
