//! What a single-use item does at the table: the action it spends, a mine
//! laid, armed, gone off or removed (EQ-11, RIB-5), wounds healed and
//! mortal wounds (EQ-6, EQ-11, EQ-15, EQ-23), and the models it may be
//! used on.

use crate::rules::campaign::acts;
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::playing;
use crate::rules::campaign::{Campaign, CampaignCharacter, CharId, Fighter, LaidIn, Table};
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::item_use::{self, Relation};
use crate::rules::killteam::{ItemId, with_item};

/// EQ-6, EQ-10, EQ-15 … « (nécessite une action) »: a soldier who uses
/// an item that needs one spends one of his actions, or may not use it
/// (KT-9). KT-14 « une seule grenade par tour »: a grenade item is his
/// grenade of the turn. The item's own line says what happened.
pub(super) fn item_action(
    c: &mut Campaign,
    character: CharId,
    it: &crate::rules::killteam::data::Item,
    rules: &RulesData,
) -> Result<(), Problem> {
    if !it.action || !acts::counts_actions(c, character) {
        return Ok(());
    }
    let act = if it.grenade {
        Act::Grenade
    } else {
        Act::UseItem
    };
    acts::take_act(c, character, act, rules, &mut Outcome::default())
}

/// EQ-11 « posez un jeton pendant l'activation du porteur »: a mine is
/// laid during its bearer's activation: his own still open, or one he
/// may begin now (his side's turn, an action left, KT-8, KT-9); never
/// on the enemy's turn nor once his activation is over.
pub fn laying_in_activation(
    c: &Campaign,
    character: CharId,
    (it, name): (&crate::rules::killteam::data::Item, &str),
    rules: &RulesData,
) -> Result<(), Problem> {
    if !acts::counts_actions(c, character) {
        return Ok(());
    }
    if let Ok(at) = acts::acting_soldier(c, character, rules) {
        let last = at.turn.activations.len().saturating_sub(1);
        let open = at.turn.open().is_some_and(|a| !a.acts.is_empty())
            && !at
                .allowance
                .activation_over(&rules.killteam, &at.turn, last);
        if open {
            return Ok(());
        }
    }
    acts::may_act(c, character, Act::UseItem, rules)
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
    c: &Campaign,
    bearer: CharId,
    item: &ItemId,
    rules: &RulesData,
) -> Result<(), Problem> {
    let Some(table) = c.table.as_ref() else {
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
            acts::acting_soldier(c, bearer, rules).is_ok_and(|at| {
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
pub(super) fn heal(c: &mut Campaign, target: CharId, n: u32) {
    let table = c.table.get_or_insert_default();
    let slot = table.wounds_of(target);
    *slot = slot.saturating_sub(n);
}

/// Mortal wounds (EQ-11, EQ-15, EQ-23), never past the model's last; at
/// its last it is out of action.
pub(super) fn mortal_wounds(
    c: &mut Campaign,
    target: CharId,
    n: u32,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<(), Problem> {
    let (max, names) = match Fighter::of(target) {
        Fighter::Enemy(e) => (enemy::wounds(c, e, rules), enemy::names(c, e)),
        Fighter::Named(n) => (named::max(c, n, rules)?, named::names(c, n, rules)),
        Fighter::Character(_) => {
            let t = playing::player_index(c, target)?;
            let ch = &c.characters[t];
            let names = Names::from([("en".to_owned(), ch.name().to_owned())]);
            (ch.member.wounds(rules), names)
        }
    };
    let table = c.table.get_or_insert_default();
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

impl Table {
    /// A mine laid by `bearer`, in his activation open or the one he opens
    /// next (EQ-11).
    pub(super) fn mine_laid(&mut self, bearer: CharId, item: &ItemId) {
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
    pub(super) fn mine_gone(&mut self, bearer: CharId, item: &ItemId) {
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
    bearer: &CampaignCharacter,
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
        .map(|i| (Fighter::Enemy(i).id(), enemy::names(c, i)));
    let named = if others {
        named::models(c, rules).len()
    } else {
        0
    };
    let named = (0..named)
        .filter(|&n| named::refusal(c, n, rules).is_none())
        .map(|n| (Fighter::Named(n).id(), named::names(c, n, rules)));
    players.chain(enemies).chain(named).collect()
}
