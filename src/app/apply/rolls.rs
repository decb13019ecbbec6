//! The battle screen's commands: a fight rolled with dice of its own seed
//! and logged, the actions it spends at campaigns' tables (KT-9), a roll
//! replayed, a die rolled again (KT-11), the psychic powers in play
//! (PSY-8), and the battle log exported as text.

use crate::app::{App, MessageKind};
use crate::rules::campaign::CharId;
use crate::rules::campaign::InForce;
use crate::rules::campaign::TurnEdit;
use crate::rules::campaign::queries;
use crate::rules::{DocKey, Edit, Msg};
use crate::store;

impl App {
    /// Rolls a fight with dice of its own seed (drawn from the app's dice),
    /// so that it can be replayed, and logs every die. A psychic attack
    /// with a named power plays it first (PSY-8): a power that cannot be
    /// played now is refused, with no dice rolled.
    pub(super) fn roll(
        &mut self,
        title: Msg,
        fight: crate::rules::battle::Fight,
        combatants: Vec<crate::rules::battle::summary::Combatant>,
    ) {
        use rand::RngCore as _;
        if let crate::rules::battle::Fight::Psychic(a) = &fight
            && !a.power.power.trim().is_empty()
        {
            let mut powers = self.model.battle.powers.clone();
            if let Err(problem) = powers.play(&a.power) {
                self.message(MessageKind::Refused, Msg::from(problem));
                return;
            }
            if let Err(problem) = a.check() {
                self.message(MessageKind::Refused, Msg::from(problem));
                return;
            }
            self.model.battle.powers = powers;
        }
        // KT-9: a roll that is a soldier's action at his table spends it,
        // and is refused when he may not take it.
        let acts = match self.roll_acts(&combatants) {
            Ok(acts) => acts,
            Err(problem) => {
                self.message(MessageKind::Refused, Msg::from(problem));
                return;
            }
        };
        let seed = self.rng.next_u64();
        let logged = self.model.battle.log.len();
        self.log_roll(title, fight, combatants, Logged::new(seed));
        if self.model.battle.log.len() > logged {
            for (doc, act) in acts {
                self.edit(
                    &DocKey::new(crate::rules::DocKind::Campaign, doc),
                    &Edit::Campaign(act),
                );
            }
        }
    }

    /// The actions a roll spends at campaigns' tables (KT-9): each
    /// combatant's for whom the roll is an action, when he counts his
    /// actions there (a kill-team soldier playing the mission); or why one
    /// of them may not take it.
    fn roll_acts(
        &self,
        combatants: &[crate::rules::battle::summary::Combatant],
    ) -> Result<Vec<(String, crate::rules::campaign::CampaignEdit)>, crate::rules::Problem> {
        use crate::rules::campaign::CampaignEdit;
        let mut acts = Vec::new();
        for c in combatants {
            let (Some(act), Some(from)) = (c.spends, &c.campaign) else {
                continue;
            };
            if !self.model.spends_act(from, act)? {
                continue;
            }
            acts.push((
                from.doc.clone(),
                CampaignEdit::Turn(TurnEdit::Act {
                    character: CharId(from.id),
                    act,
                }),
            ));
        }
        Ok(acts)
    }

    /// Rolls `fight` with the dice `logged` names and logs it.
    fn log_roll(
        &mut self,
        title: Msg,
        fight: crate::rules::battle::Fight,
        combatants: Vec<crate::rules::battle::summary::Combatant>,
        logged: Logged,
    ) {
        use crate::rules::battle::summary::{combatant_wounds, wounds_taken};
        let Logged {
            seed,
            redrawn,
            replay_of,
            reroll_of,
        } = logged;
        let mut dice = crate::rules::core::dice::Dice::new(seed, &redrawn);
        // Fought at a campaign's table: by the campaign's rules.
        let rules = combatants
            .iter()
            .find_map(|c| c.campaign.as_ref())
            .map_or(InForce::Here(&self.model.rules), |r| {
                self.model.rules_of_campaign(&r.doc)
            });
        match fight.roll(&rules, &mut dice) {
            Ok(rolled) => {
                let entry = Msg::new("battle.entry")
                    .msg("title", title.clone())
                    .msg("result", rolled.result.clone());
                let line = match (replay_of, reroll_of) {
                    (Some(i), _) => Msg::new("battle.replay_line")
                        .int("n", i + 1)
                        .msg("entry", entry),
                    (None, Some((i, _))) => Msg::new("battle.reroll.line")
                        .int("n", i + 1)
                        .msg("entry", entry),
                    (None, None) => entry,
                };
                self.message(MessageKind::Dice, line);
                let taken = combatant_wounds(&combatants, &wounds_taken(&fight, &rolled));
                // CMP-13: the mission each campaign fighter's table is at.
                let played_in = combatants
                    .iter()
                    .filter_map(|c| c.campaign.as_ref())
                    .filter_map(|from| {
                        let k = self
                            .model
                            .get::<crate::rules::campaign::Campaign>(&from.doc)?;
                        (k.phase == crate::rules::campaign::Phase::Playing)
                            .then(|| (from.doc.clone(), queries::mission_number(k)))
                    })
                    .collect();
                self.model.battle.log.push(crate::app::BattleEntry {
                    title,
                    fight,
                    seed,
                    redrawn,
                    rolls: rolled.rolls,
                    reroll_of,
                    result: rolled.result,
                    table: rolled.table,
                    wounds: rolled.wounds,
                    first_wounds: rolled.first_wounds,
                    combatants,
                    taken,
                    replay_of,
                    played_in,
                    rerolled: false,
                });
            }
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// Rolls an entry of the battle log again with its own seed: the same
    /// dice, logged as its replay. A psychic power is not played again.
    pub(super) fn replay(&mut self, index: usize) {
        let Some(e) = self.model.battle.log.get(index) else {
            self.message(
                MessageKind::Refused,
                Msg::new("battle.no_entry").int("n", index + 1),
            );
            return;
        };
        let (title, fight, combatants) = (e.title.clone(), e.fight.clone(), e.combatants.clone());
        let logged = Logged {
            seed: e.seed,
            redrawn: e.redrawn.clone(),
            // A replay of a replay is one of the first roll.
            replay_of: Some(e.replay_of.unwrap_or(index)),
            reroll_of: None,
        };
        self.log_roll(title, fight, combatants, logged);
    }

    /// The "reroll" stratagem (KT-11) on the roll `k` of the battle log's
    /// entry `index`: refused for a replay, an entry rolled again already,
    /// one whose wounds are in a campaign, and a die rolled again already.
    /// The kill team of a campaign soldier in the fight pays (refused, by
    /// the campaign, when it lacks the points); a fight with no such
    /// soldier is rolled again for nothing.
    pub(super) fn reroll_die(&mut self, index: usize, k: usize) {
        use rand::RngCore as _;
        let Some(e) = self.model.battle.log.get(index).cloned() else {
            return;
        };
        let refuse = |app: &mut Self, problem: crate::rules::Problem| {
            app.message(MessageKind::Refused, Msg::from(problem));
        };
        if e.replay_of.is_some() || e.rerolled {
            return refuse(
                self,
                crate::rules::Problem::new("KT-11", "battle.reroll.again"),
            );
        }
        if self.model.roll_wounds(&e).batches.iter().any(|b| b.applied) {
            return refuse(
                self,
                crate::rules::Problem::new("KT-11", "battle.reroll.applied"),
            );
        }
        let payer = match self.model.reroll_payer_of(&e, Some(k)) {
            Ok(payer) => payer,
            Err(problem) => return refuse(self, problem),
        };
        // Only the kill team's stratagem: any other fight is not rerolled.
        if payer.is_none() && !e.fight.kill_team() {
            return refuse(
                self,
                crate::rules::Problem::new("KT-11", "battle.reroll.not_kill_team"),
            );
        }
        let fresh = self.rng.next_u64();
        // Played at a campaign's table: by the campaign's rules.
        let once = e
            .combatants
            .iter()
            .find_map(|c| c.campaign.as_ref())
            .map_or(InForce::Here(&self.model.rules), |r| {
                self.model.rules_of_campaign(&r.doc)
            })
            .killteam
            .command
            .reroll_once;
        let redrawn = match crate::rules::core::dice::redraw_with(
            e.seed, &e.redrawn, &e.rolls, k, fresh, once,
        ) {
            Ok(r) => r,
            Err(problem) => return refuse(self, problem),
        };
        let done = match payer {
            Some(payer) => {
                let before = self.model.doc(&payer.key).cloned();
                self.edit(&payer.key, &Edit::Campaign(payer.edit));
                let paid = payer.cost == 0 || self.model.doc(&payer.key) != before.as_ref();
                if !paid {
                    // Refused (short of points): said by the campaign.
                    return;
                }
                Msg::new("battle.reroll.done").int("cost", payer.cost)
            }
            None => Msg::new("battle.reroll.free"),
        };
        if let Some(entry) = self.model.battle.log.get_mut(index) {
            entry.rerolled = true;
        }
        let purpose = e.rolls.get(k).map_or("battle.for.test", |r| r.purpose);
        self.message(
            MessageKind::Info,
            done.int("n", index + 1).key("purpose", purpose),
        );
        // The same action rolled again: none spent.
        let combatants = e
            .combatants
            .into_iter()
            .map(|c| crate::rules::battle::summary::Combatant { spends: None, ..c })
            .collect();
        let mut redrawn_all = e.redrawn;
        redrawn_all.push(redrawn);
        let logged = Logged {
            seed: e.seed,
            redrawn: redrawn_all,
            replay_of: None,
            reroll_of: Some((index, k)),
        };
        self.log_roll(e.title, e.fight, combatants, logged);
    }

    /// The psychic powers in play change (PSY-8); a refusal says why.
    pub(super) fn powers(&mut self, act: crate::app::command::PowerAct) {
        use crate::app::command::PowerAct;
        let powers = &mut self.model.battle.powers;
        let done = match act {
            PowerAct::End(power, psyker) => powers
                .end(&power, &psyker)
                .map(|()| Msg::new("battle.psy.ended").text("power", power)),
            PowerAct::Cancel(power) => powers
                .cancel(&power)
                .map(|()| Msg::new("battle.psy.cancelled").text("power", power)),
            PowerAct::PsykerDied(psyker) => {
                let ended = powers.psyker_died(&psyker);
                Ok(Msg::new("battle.psy.psyker_died")
                    .text("psyker", psyker)
                    .int("count", ended.len()))
            }
            PowerAct::NextPhase => {
                let lasting = powers.next_phase();
                Ok(Msg::new("battle.psy.next_phase")
                    .int("phase", powers.phase)
                    .int("count", lasting.len()))
            }
        };
        match done {
            Ok(msg) => self.message(MessageKind::Info, msg),
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// Writes the battle log as text, in the language shown.
    pub(super) fn export_battle_log(&mut self) {
        let lang = self.model.prefs.lang;
        let filter = lang.t("dialog.text_filter").to_owned();
        let Some(path) = self.desktop.pick_export(&filter, "battle-log.txt") else {
            return;
        };
        let mut text = String::new();
        text.push_str(lang.t("battle.export_title"));
        text.push_str("\n\n");
        for (i, e) in self.model.battle.log.iter().enumerate() {
            let head = Msg::new("battle.export_line")
                .int("n", i + 1)
                .msg("title", e.title.clone())
                .text("seed", e.seed.to_string());
            let head = match e.replay_of {
                Some(of) => Msg::new("battle.export_replay")
                    .msg("line", head)
                    .int("of", of + 1),
                None => head,
            };
            for line in [
                head,
                Msg::new("battle.export_situation").msg("situation", e.fight.describe()),
                Msg::new("battle.export_result").msg("result", e.result.clone()),
            ] {
                text.push_str(&lang.msg(&line));
                text.push('\n');
            }
            text.push('\n');
        }
        text.push_str(&lang.msg(&self.model.battle_summary().msg()));
        text.push('\n');
        let written = store::write_atomic(&path, |w| std::io::Write::write_all(w, text.as_bytes()));
        let msg = match written {
            Ok(()) => (
                MessageKind::Info,
                Msg::new("battle.exported").text("path", path.display().to_string()),
            ),
            Err(e) => (
                MessageKind::Error,
                Msg::new("export.failed").msg("reason", e.msg()),
            ),
        };
        self.message(msg.0, msg.1);
    }
}

/// How a roll is logged: its dice, and what it repeats.
struct Logged {
    /// The seed of its dice.
    seed: u64,
    /// Its rolls made again, each from a seed of its own (KT-11).
    redrawn: Vec<crate::rules::core::dice::Redrawn>,
    /// The entry it replays with the same dice.
    replay_of: Option<usize>,
    /// The entry, and the roll of it, it rolls again (KT-11).
    reroll_of: Option<(usize, usize)>,
}

impl Logged {
    /// A new roll with the dice of `seed`.
    fn new(seed: u64) -> Self {
        Self {
            seed,
            redrawn: Vec::new(),
            replay_of: None,
            reroll_of: None,
        }
    }
}
