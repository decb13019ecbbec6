//! Events between two missions: the Cran tests, fate, advances, points
//! spent, the recon, the guide, the next mission and the end.

use std::cmp::Ordering;

use rand::Rng;

use super::data::ReconEffect;
use super::edit::{Bought, CampaignEdit, MissionChoice};
use super::play::{cran_result, dice, no_escort, total};
use super::{
    Campaign, CampaignCharacter, CharId, End, EscortId, Injuries, Member, MissionType, Phase,
    PoolMode, Rates, Rolled, State, TestKind,
};
use crate::rules::characters::equipment::GearEdit;
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

impl Campaign {
    /// [`CampaignEdit::Unworthy`]: the game master judges a character unworthy:
    /// no advance point for this mission (CHR-13).
    pub(super) fn unworthy(
        &mut self,
        character: CharId,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        // CHR-13: the game master judged him unworthy: the point
        // earned in this mission is taken back.
        self.expect(&[Phase::Debrief])?;
        let i = self.index(character)?;
        let earned = self
            .debrief
            .as_ref()
            .is_some_and(|d| d.earned.contains(&character));
        let c = self.char_mut(i);
        let ok = earned && matches!(&c.member, Member::Character(ch) if ch.points_left() > 0);
        if !ok {
            return Err(
                Problem::new("CHR-13", "campaign.problem.no_point_to_take").character(c.name())
            );
        }
        if let Member::Character(ch) = &mut c.member {
            ch.advance_points = ch.advance_points.saturating_sub(1);
        }
        let name = c.name().to_owned();
        self.debrief_mut()?.earned.retain(|&x| x != character);
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.unworthy").text("character", name),
        ));
        Ok(CampaignEdit::Unworthy { character })
    }

    /// [`CampaignEdit::CranTest`]: a Cran test after the mission (CMP-9 …
    /// CMP-11).
    pub(super) fn cran_test<R: Rng + ?Sized>(
        &mut self,
        character: CharId,
        roll: Option<Roll>,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Debrief])?;
        let i = self.index(character)?;
        let d = self.debrief_mut()?;
        let Some(at) = d.pending.iter().position(|&c| c == character) else {
            return Err(Problem::new("CMP-9", "campaign.problem.no_test_owed")
                .character(self.characters[i].name()));
        };
        d.pending.remove(at);
        let roll = dice(
            roll,
            1,
            self.settings.cran_die,
            "CMP-11",
            "dice.for.cran",
            rng,
            out,
        )?;
        let cran = self.characters[i].cran;
        let state = cran_result(self.settings.injuries, &roll, cran);
        let rule = match self.settings.injuries {
            Injuries::Standard => "CMP-9",
            Injuries::GangWar => "CMP-10",
        };
        out.lines.push((
            LineKind::Dice,
            Msg::new("campaign.log.cran_test")
                .text("character", self.characters[i].name())
                .text("roll", roll.to_string())
                .int("cran", cran),
        ));
        let c = self.char_mut(i);
        c.state = state;
        c.misses_next = state == State::SeriouslyWounded;
        let d = self.debrief_mut()?;
        if state == State::Dead {
            d.fallen.push(character);
        }
        // CMP-11: passed by rolling above his Cran (at or above it in the
        // gang war): lightly wounded either way.
        d.rolled.push(Rolled {
            character,
            kind: TestKind::Cran,
            recon: None,
            roll: Some(roll.clone()),
            cran,
            passed: state == State::LightlyWounded,
            state,
            points: None,
        });
        out.lines.push(self.state_line(i, rule));
        Ok(CampaignEdit::CranTest {
            character,
            roll: Some(roll),
        })
    }

    /// [`CampaignEdit::FateReroll`]: a fate point rerolls the test that killed
    /// him (CMP-12).
    pub(super) fn fate_reroll<R: Rng + ?Sized>(
        &mut self,
        character: CharId,
        roll: Option<Roll>,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Debrief])?;
        let i = self.index(character)?;
        let name = self.characters[i].name().to_owned();
        if !self.settings.fate_points {
            return Err(Problem::new("CMP-12", "campaign.problem.no_fate_rule"));
        }
        let d = self.debrief_mut()?;
        if !d.fallen.contains(&character) {
            return Err(Problem::new("CMP-12", "campaign.problem.not_fallen").character(&name));
        }
        if d.accepted.contains(&character) {
            return Err(Problem::new("CMP-12", "campaign.problem.death_accepted").character(&name));
        }
        let e = self.escort_index(self.characters[i].escort)?;
        if self.escorts[e].fate_points == 0 {
            return Err(Problem::new("CMP-12", "campaign.problem.no_fate_left")
                .character(&name)
                .arg("player", &self.escorts[e].player));
        }
        self.escorts[e].fate_points -= 1;
        let roll = dice(
            roll,
            1,
            self.settings.cran_die,
            "CMP-12",
            "dice.for.fate",
            rng,
            out,
        )?;
        let cran = self.characters[i].cran;
        out.lines.push((
            LineKind::Dice,
            Msg::new("campaign.log.fate")
                .text("character", &name)
                .text("roll", roll.to_string())
                .int("cran", cran)
                .int("left", self.escorts[e].fate_points),
        ));
        let passed = total(&roll) >= cran;
        if passed {
            let c = self.char_mut(i);
            c.state = State::LightlyWounded;
            c.misses_next = false;
            self.debrief_mut()?.fallen.retain(|&c| c != character);
        }
        let state = self.characters[i].state;
        self.debrief_mut()?.rolled.push(Rolled {
            character,
            kind: TestKind::Fate,
            recon: None,
            roll: Some(roll.clone()),
            cran,
            passed,
            state,
            points: None,
        });
        out.lines.push(self.state_line(i, "CMP-12"));
        Ok(CampaignEdit::FateReroll {
            character,
            roll: Some(roll),
        })
    }

    /// [`CampaignEdit::AcceptDeath`]: the player spends no more fate points on
    /// a character the test killed: he is dead for good (CMP-12).
    pub(super) fn accept_death(
        &mut self,
        character: CharId,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Debrief])?;
        let i = self.index(character)?;
        let name = self.characters[i].name().to_owned();
        let d = self.debrief_mut()?;
        if !d.fallen.contains(&character) {
            return Err(Problem::new("CMP-12", "campaign.problem.not_fallen").character(&name));
        }
        if d.accepted.contains(&character) {
            return Err(Problem::new("CMP-12", "campaign.problem.death_accepted").character(&name));
        }
        d.accepted.push(character);
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.accept_death").text("character", &name),
        ));
        Ok(CampaignEdit::AcceptDeath { character })
    }

    /// Those the Cran test killed whose player may still spend a fate point
    /// on them (CMP-12): fate points in play, some left to his player, and
    /// his death not accepted. The fate step is done when none is left.
    pub fn fate_open(&self) -> Vec<CharId> {
        let Some(d) = self.debrief.as_ref().filter(|_| self.settings.fate_points) else {
            return Vec::new();
        };
        d.fallen
            .iter()
            .copied()
            .filter(|c| !d.accepted.contains(c))
            .filter(|&c| {
                self.character(c)
                    .and_then(|x| self.escort(x.escort))
                    .is_some_and(|e| e.fate_points > 0)
            })
            .collect()
    }

    /// The characters with advance points to place (CHR-13), and those who
    /// hold points but can raise nothing, every characteristic at its
    /// maximum (CHR-2 … CHR-4): they keep the points, and the step is done
    /// without them.
    pub fn advances_owed(&self, rules: &RulesData) -> (Vec<CharId>, Vec<CharId>) {
        let mut open = Vec::new();
        let mut stuck = Vec::new();
        for x in self.characters.iter().filter(|x| x.state.alive()) {
            let Member::Character(ch) = &x.member else {
                continue;
            };
            if ch.points_left() <= 0 {
                continue;
            }
            let can = Characteristic::ALL
                .into_iter()
                .any(|k| ch.can_spend(k, rules).is_ok());
            if can {
                open.push(x.id);
            } else {
                stuck.push(x.id);
            }
        }
        (open, stuck)
    }

    /// [`CampaignEdit::Advance`]: an advance point placed (CHR-13).
    pub(super) fn advance(
        &mut self,
        character: CharId,
        characteristic: Characteristic,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let rates = self.shared_rates(&rules.campaign);
        self.expect(&[Phase::Debrief, Phase::Ready])?;
        let i = self.index(character)?;
        let die = self.settings.cran_die;
        let c = self.char_mut(i);
        if !c.state.alive() {
            return Err(Problem::new("CMP-13", "campaign.problem.dead").character(c.name()));
        }
        let Member::Character(ch) = &mut c.member else {
            return Err(Problem::new("CHR-13", "campaign.problem.no_advances").character(c.name()));
        };
        ch.spend(characteristic, rules)?;
        if !c.cran_by_hand {
            // CMP-11: Cran follows Cl, the roster and the campaign
            // sharing one model.
            c.cran = c.member.default_cran_by(rates.cran(die), die, rules);
        }
        let Member::Character(ch) = &c.member else {
            unreachable!("checked above")
        };
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.advance")
                .text("character", &ch.name)
                .key("characteristic", characteristic.abbr_key()),
        ));
        Ok(CampaignEdit::Advance {
            character,
            characteristic,
        })
    }

    /// [`CampaignEdit::ExchangeVp`]: vP exchanged for reinforcement points
    /// (CMP-6).
    pub(super) fn exchange_vp(
        &mut self,
        escort: EscortId,
        vp: u32,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let rates = self.shared_rates(&rules.campaign);
        // Before the next mission is drawn, as the Grand Final's
        // threshold counts the VP left (CMP-2).
        self.expect(&[Phase::Debrief])?;
        if vp == 0 || vp > self.vp {
            return Err(Problem::new("CMP-6", "campaign.problem.vp_held")
                .arg("vp", vp)
                .arg("held", self.vp));
        }
        self.escort_index(escort)?;
        self.vp -= vp;
        let points = vp.saturating_mul(rates.vp_exchange_rate);
        self.gain(escort, points)?;
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.exchange")
                .int("vp", vp)
                .int("points", points),
        ));
        Ok(CampaignEdit::ExchangeVp { escort, vp })
    }

    /// [`CampaignEdit::Recruit`]: a new character bought with reinforcement
    /// points (CMP-7).
    pub(super) fn recruit(
        &mut self,
        escort: EscortId,
        member: Member,
        cost: u32,
        from: Option<String>,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Debrief, Phase::Ready])?;
        self.tests_done()?;
        self.check_recruit(escort, &member, cost, rules)?;
        // CMP-7: a character is recruited once; he cannot be copied
        // into the campaign twice.
        if let Some(doc) = &from {
            let origin = crate::rules::doc::CharRef {
                doc: doc.clone(),
                id: member.id(),
            };
            if self.held(&origin, member.name()).is_some() {
                return Err(Problem::new("CMP-7", "campaign.problem.recruit_held")
                    .character(member.name())
                    .arg("player", self.escort(escort).map_or("", |e| &e.player)));
            }
        }
        self.check_priority(escort)?;
        self.pay(escort, cost, "CMP-7")?;
        if let Some(d) = self.debrief.as_mut()
            && !d.recruited.contains(&escort)
        {
            d.recruited.push(escort);
        }
        let id = self.add_member(escort, member.clone(), from.as_deref(), rules);
        out.created = Some(id);
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.recruit")
                .text("character", member.name())
                .int("cost", cost),
        ));
        Ok(CampaignEdit::Recruit {
            escort,
            member,
            cost,
            from,
        })
    }

    /// [`CampaignEdit::Spend`]: reinforcement points spent on anything else
    /// (weapons, armour …).
    pub(super) fn spend(
        &mut self,
        escort: EscortId,
        points: u32,
        mut what: String,
        bought: Option<Bought>,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Debrief, Phase::Ready])?;
        if what.trim().is_empty()
            && let Some(b) = &bought
        {
            // "On what" left empty: the item bought names it.
            b.name().trim().clone_into(&mut what);
        }
        if what.trim().is_empty() {
            return Err(Problem::new("CMP-7", "campaign.problem.spend_what"));
        }
        self.tests_done()?;
        self.check_priority(escort)?;
        // CMP-7: the item goes to a character of the paying escort,
        // in the same event as the points.
        let receiver = match &bought {
            Some(b) => {
                let i = self.index(b.character)?;
                if self.characters[i].escort != escort {
                    return Err(Problem::new("CMP-7", "campaign.problem.bought_for_other")
                        .character(self.characters[i].name()));
                }
                self.edit_gear(i, b.edit())?;
                Some(self.characters[i].name().to_owned())
            }
            None => None,
        };
        self.pay(escort, points, "CMP-7")?;
        if let Some(d) = self.debrief.as_mut()
            && !d.recruited.contains(&escort)
        {
            d.recruited.push(escort);
        }
        let msg = match &receiver {
            Some(name) => Msg::new("campaign.log.spend_for")
                .int("points", points)
                .text("what", what.trim())
                .text("character", name),
            None => Msg::new("campaign.log.spend")
                .int("points", points)
                .text("what", what.trim()),
        };
        out.lines.push((LineKind::Info, msg));
        Ok(CampaignEdit::Spend {
            escort,
            points,
            what,
            bought,
        })
    }

    /// [`CampaignEdit::Gear`]: a Rogue Trader character's equipment or power
    /// cards change: an item found, lost or corrected between missions (CHR-16
    /// for the cards).
    pub(super) fn gear(
        &mut self,
        character: CharId,
        edit: GearEdit,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let i = self.index(character)?;
        let label = edit.label();
        let item = self.edit_gear(i, edit.clone())?;
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.gear")
                .text("character", self.characters[i].name())
                .key("what", label)
                .text("item", &item),
        ));
        Ok(CampaignEdit::Gear { character, edit })
    }

    /// [`CampaignEdit::HireGuide`]: the guide found by recon is paid for
    /// (CMP-14).
    pub(super) fn hire_guide(
        &mut self,
        escort: EscortId,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let rates = self.shared_rates(&rules.campaign);
        self.expect(&[Phase::Debrief])?;
        let d = self.debrief_mut()?;
        if !d.guide_offered {
            return Err(Problem::new("CMP-14", "campaign.problem.no_guide"));
        }
        if self.guide {
            return Err(Problem::new("CMP-14", "campaign.problem.guide_hired"));
        }
        self.check_priority(escort)?;
        self.pay(escort, rates.recon.guide_cost, "CMP-14")?;
        self.guide = true;
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.guide")
                .int("points", rates.recon.guide_cost)
                .int("count", rates.recon.guide_characters)
                .int("worth", rates.recon.guide_max_worth),
        ));
        Ok(CampaignEdit::HireGuide { escort })
    }

    /// [`CampaignEdit::Guide`]: the characters the hired guide leads in the
    /// next mission (CMP-14): they deploy anywhere out of the enemy's sight.
    pub(super) fn guide(
        &mut self,
        characters: Vec<CharId>,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let rates = self.shared_rates(&rules.campaign);
        self.expect(&[Phase::Ready, Phase::Playing])?;
        if !self.guide {
            return Err(Problem::new("CMP-14", "campaign.problem.no_guide_hired"));
        }
        let max = rates.recon.guide_characters;
        if characters.len() > usize::try_from(max).unwrap_or(usize::MAX) {
            return Err(Problem::new("CMP-14", "campaign.problem.guide_too_many")
                .arg("count", characters.len())
                .arg("max", max));
        }
        for (k, &id) in characters.iter().enumerate() {
            if characters[..k].contains(&id) {
                return Err(Problem::new("CMP-14", "campaign.problem.guide_twice").arg("id", id));
            }
            // Those already led stay unless taken off: only the ones
            // added must qualify now.
            if !self.guided.contains(&id)
                && let Some(p) = self.guide_refusal(id, rules)
            {
                return Err(p);
            }
        }
        let names: Vec<String> = characters
            .iter()
            .filter_map(|id| self.characters.iter().find(|x| x.id == *id))
            .map(|x| x.name().to_owned())
            .collect();
        out.lines.push((
            LineKind::Info,
            if names.is_empty() {
                Msg::new("campaign.log.guided_none")
            } else {
                Msg::new("campaign.log.guided").text("names", names.join(", "))
            },
        ));
        self.guided = characters.clone();
        Ok(CampaignEdit::Guide { characters })
    }

    /// [`CampaignEdit::NextMission`]: the next mission, by the chain or forced
    /// (CMP-2, CMP-3).
    pub(super) fn next_mission<R: Rng + ?Sized>(
        &mut self,
        choice: MissionChoice,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Debrief])?;
        self.tests_done()?;
        if self.debrief.as_ref().and_then(|d| d.mission_type) == Some(MissionType::Final) {
            return Err(Problem::new("CMP-17", "campaign.problem.after_final"));
        }
        let chain = self.next_type();
        let choice = self.draw_mission(chain, choice, rules, rng, out)?;
        self.debrief = None;
        Ok(CampaignEdit::NextMission { choice })
    }

    /// [`CampaignEdit::EndCampaign`]: the campaign ends after its Grand Final
    /// (CMP-17).
    pub(super) fn end_campaign(
        &mut self,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let rates = self.shared_rates(&rules.campaign);
        let nobody = !self.characters.iter().any(|x| x.state.alive());
        if nobody && self.phase != Phase::Playing {
            // Every character dead or missing: the campaign is lost,
            // nothing carries over (Decision).
            self.tests_done()?;
            out.lines
                .push((LineKind::Info, Msg::new("campaign.log.lost")));
            self.end = Some(End {
                won: false,
                resources: 0,
                carries_over: false,
            });
            self.debrief = None;
            self.phase = Phase::Over;
            return Ok(CampaignEdit::EndCampaign);
        }
        self.expect(&[Phase::Debrief])?;
        self.tests_done()?;
        let d = self
            .debrief
            .as_ref()
            .ok_or_else(|| Problem::new("CMP-17", "campaign.problem.not_between"))?;
        if d.mission_type != Some(MissionType::Final) {
            return Err(Problem::new("CMP-17", "campaign.problem.no_final_yet"));
        }
        let won = d.success;
        let leader_alive = self.escorts.iter().any(|e| {
            e.leader
                .and_then(|l| self.character(l))
                .is_some_and(|c| c.state.alive())
        });
        let end = if won {
            End {
                won,
                resources: rates.end.won_resources,
                carries_over: true,
            }
        } else if leader_alive {
            End {
                won,
                resources: rates.end.lost_leader_alive_resources,
                carries_over: true,
            }
        } else {
            End {
                won,
                resources: 0,
                carries_over: false,
            }
        };
        out.lines.push((
            LineKind::Info,
            Msg::new(if won {
                "campaign.log.won"
            } else if end.carries_over {
                "campaign.log.lost_leader_alive"
            } else {
                "campaign.log.lost"
            })
            .int("points", end.resources),
        ));
        self.end = Some(end);
        self.debrief = None;
        self.phase = Phase::Over;
        Ok(CampaignEdit::EndCampaign)
    }

    /// CMP-9: who was taken out of action, corrected after the mission and
    /// before his Cran test. Out: he owes the test and loses the advance
    /// point of an unwounded character (CHR-13); back in: he owes none and,
    /// unwounded, gains it.
    pub(super) fn confirm_out(
        &mut self,
        who: CharId,
        o: bool,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Debrief])?;
        let i = self.index(who)?;
        let name = self.characters[i].name().to_owned();
        let d = self.debrief_mut()?;
        if !d.played.contains(&who) {
            return Err(Problem::new("CMP-9", "campaign.problem.did_not_play").character(&name));
        }
        let listed = d.out_of_action.contains(&who);
        if listed == o {
            let key = if o {
                "campaign.problem.already_out"
            } else {
                "campaign.problem.not_out"
            };
            return Err(Problem::new("CMP-9", key).character(&name));
        }
        if o {
            let earned = d.earned.contains(&who);
            if earned {
                let c = self.char_mut(i);
                let spent = !matches!(&c.member, Member::Character(ch) if ch.points_left() > 0);
                if spent {
                    return Err(
                        Problem::new("CHR-13", "campaign.problem.point_spent").character(&name)
                    );
                }
                if let Member::Character(ch) = &mut c.member {
                    ch.advance_points = ch.advance_points.saturating_sub(1);
                }
            }
            let d = self.debrief_mut()?;
            d.earned.retain(|&x| x != who);
            d.out_of_action.push(who);
            d.pending.push(who);
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.out_added").text("character", &name),
            ));
        } else {
            if !d.pending.contains(&who) {
                return Err(Problem::new("CMP-9", "campaign.problem.out_tested").character(&name));
            }
            let unwounded = !d.wounded.contains(&who);
            d.out_of_action.retain(|&x| x != who);
            d.pending.retain(|&x| x != who);
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.out_removed").text("character", &name),
            ));
            let c = self.char_mut(i);
            if unwounded && let Member::Character(ch) = &mut c.member {
                // CHR-13: one advance point for an unwounded character.
                ch.after_game(false, false);
                self.debrief_mut()?.earned.push(who);
                out.lines.push((
                    LineKind::Info,
                    Msg::new("campaign.log.advance_point").text("character", &name),
                ));
            }
        }
        Ok(CampaignEdit::ConfirmOutOfAction {
            character: who,
            out: o,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn recon<R: Rng + ?Sized>(
        &mut self,
        character: CharId,
        roll: Option<Roll>,
        cran_roll: Option<Roll>,
        fortune: Option<Roll>,
        effect: Option<ReconEffect>,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let rates = self.shared_rates(&rules.campaign);
        let data = &rates;
        self.expect(&[Phase::Debrief])?;
        self.tests_done()?;
        let i = self.index(character)?;
        let c = &self.characters[i];
        let name = c.name().to_owned();
        let escort = c.escort;
        if !c.can_play() {
            return Err(Problem::new("CMP-14", "campaign.problem.cannot_recon").character(&name));
        }
        if self.debrief_mut()?.recon.contains(&escort) {
            return Err(Problem::new("CMP-14", "campaign.problem.recon_done"));
        }
        self.debrief_mut()?.recon.push(escort);
        let roll = dice(
            roll,
            1,
            data.recon.die,
            "CMP-14",
            "dice.for.recon",
            rng,
            out,
        )?;
        // Played again from the journal: the roll is read again from the
        // table and must give what it recorded.
        let read = data.recon.effect(total(&roll));
        if let Some(then) = effect
            && then != read
        {
            return Err(Problem::new("CMP-14", "campaign.problem.recon_differs")
                .character(&name)
                .arg("roll", roll.total)
                .arg("table", read.id())
                .arg("journal", then.id()));
        }
        let effect = read;
        out.lines.push((
            LineKind::Dice,
            Msg::new("campaign.log.recon")
                .text("character", &name)
                .text("roll", roll.to_string())
                .key("effect", effect.key()),
        ));
        let (passed, cran_out) = self.recon_test(i, effect, cran_roll, rng, out)?;
        let fortune_out = self.recon_effect(i, effect, passed, fortune, data, rng, out)?;
        let record = Rolled {
            recon: Some((roll.clone(), effect)),
            roll: cran_out.clone(),
            points: fortune_out.as_ref().map(total),
            ..self.recon_rolled(i, effect, passed)
        };
        self.debrief_mut()?.rolled.push(record);
        Ok(CampaignEdit::Recon {
            character,
            roll: Some(roll),
            cran: cran_out,
            fortune: fortune_out,
            effect: Some(effect),
        })
    }

    /// A recon as the debrief keeps it (CMP-14), its dice left to fill in:
    /// an ambush is passed above the Cran, the other tests at or above it.
    fn recon_rolled(&self, i: usize, effect: ReconEffect, passed: Ordering) -> Rolled {
        let x = &self.characters[i];
        Rolled {
            character: x.id,
            kind: TestKind::Recon,
            recon: None,
            roll: None,
            cran: x.cran,
            passed: match effect {
                ReconEffect::Ambush => passed == Ordering::Greater,
                _ => passed != Ordering::Less,
            },
            state: x.state,
            points: None,
        }
    }

    /// The Cran test a recon's effect asks for, if any (CMP-14): how it
    /// compares with the Cran (`Greater` when none is asked), and its die.
    fn recon_test<R: Rng + ?Sized>(
        &self,
        i: usize,
        effect: ReconEffect,
        cran_roll: Option<Roll>,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<(Ordering, Option<Roll>), Problem> {
        let needs_test = matches!(
            effect,
            ReconEffect::Ambush
                | ReconEffect::Beaten
                | ReconEffect::GoodFortune
                | ReconEffect::BadFortune
        );
        let mut cran_out = None;
        let name = self.characters[i].name().to_owned();
        let cran = self.characters[i].cran;
        let mut passed = Ordering::Greater;
        if needs_test {
            let test = dice(
                cran_roll,
                1,
                self.settings.cran_die,
                "CMP-14",
                "dice.for.cran",
                rng,
                out,
            )?;
            out.lines.push((
                LineKind::Dice,
                Msg::new("campaign.log.cran_test")
                    .text("character", &name)
                    .text("roll", test.to_string())
                    .int("cran", cran),
            ));
            passed = total(&test).cmp(&cran);
            cran_out = Some(test);
        }
        Ok((passed, cran_out))
    }

    /// What a recon's effect does (CMP-14), once its Cran test, if any, is
    /// `passed`: the good fortune's dice rolled, if any.
    #[allow(clippy::too_many_arguments)]
    fn recon_effect<R: Rng + ?Sized>(
        &mut self,
        i: usize,
        effect: ReconEffect,
        passed: Ordering,
        fortune: Option<Roll>,
        data: &Rates,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<Option<Roll>, Problem> {
        let escort = self.characters[i].escort;
        let mut fortune_out = None;
        match effect {
            ReconEffect::Nothing => {}
            ReconEffect::Ambush => {
                let state = match passed {
                    Ordering::Greater => State::LightlyWounded,
                    Ordering::Equal => State::SeriouslyWounded,
                    Ordering::Less => State::Missing,
                };
                let c = self.char_mut(i);
                c.state = state;
                c.misses_next = state == State::SeriouslyWounded;
                out.lines.push(self.state_line(i, "CMP-14"));
            }
            ReconEffect::Beaten => {
                let state = if passed == Ordering::Less {
                    State::SeriouslyWounded
                } else {
                    State::LightlyWounded
                };
                let c = self.char_mut(i);
                c.state = state;
                c.misses_next = state == State::SeriouslyWounded;
                out.lines.push(self.state_line(i, "CMP-14"));
            }
            ReconEffect::Clue => {
                self.vp = self.vp.saturating_add(1);
                out.lines.push((
                    LineKind::Info,
                    Msg::new("campaign.log.clue").int("vp", self.vp),
                ));
            }
            ReconEffect::GoodFortune => {
                if passed != Ordering::Less {
                    let f = dice(
                        fortune,
                        data.recon.good_fortune_dice,
                        6,
                        "CMP-14",
                        "dice.for.fortune",
                        rng,
                        out,
                    )?;
                    self.gain(escort, total(&f))?;
                    out.lines.push((
                        LineKind::Dice,
                        Msg::new("campaign.log.fortune")
                            .text("roll", f.to_string())
                            .int("points", total(&f)),
                    ));
                    fortune_out = Some(f);
                }
            }
            ReconEffect::Guide => {
                self.debrief_mut()?.guide_offered = true;
            }
            ReconEffect::Allies => self.allies = true,
            ReconEffect::BadFortune => {
                if passed == Ordering::Less {
                    self.forced_survival = true;
                    out.lines
                        .push((LineKind::Info, Msg::new("campaign.log.forced_survival")));
                }
            }
        }
        Ok(fortune_out)
    }

    /// CMP-7: a recruit is of his escort's kind, and costs what the rules
    /// price him at, not what the event claims; CMP-14: he is of its
    /// factions, or of the Imperium once Allies are found.
    pub(super) fn check_recruit(
        &self,
        escort: EscortId,
        member: &Member,
        cost: u32,
        rules: &RulesData,
    ) -> Result<(), Problem> {
        let e = self.escort(escort).ok_or_else(|| no_escort(escort))?;
        let fits = matches!(
            (e.kind.as_str(), member),
            ("roster", Member::Character(_)) | ("killteam", Member::Soldier(_))
        );
        if !fits {
            return Err(Problem::new("CMP-7", "campaign.problem.recruit_kind")
                .character(member.name())
                .arg("player", &e.player));
        }
        if let Some(refused) = self.recruit_refusal(escort, member) {
            return Err(refused);
        }
        let price = self.recruit_cost(member, rules)?;
        if cost != price {
            return Err(Problem::new("CMP-7", "campaign.problem.recruit_cost")
                .character(member.name())
                .arg("cost", cost)
                .arg("price", price));
        }
        Ok(())
    }

    /// The pool gives priority to players who lost characters in the last
    /// mission (CMP-16): others wait until each of them has recruited.
    pub(super) fn check_priority(&self, escort: EscortId) -> Result<(), Problem> {
        if self.settings.pool != PoolMode::Pooled {
            return Ok(());
        }
        let Some(d) = &self.debrief else {
            return Ok(());
        };
        let losers: Vec<EscortId> = d
            .fallen
            .iter()
            .filter_map(|&c| self.character(c).map(|c| c.escort))
            .collect();
        if losers.is_empty() || losers.contains(&escort) {
            return Ok(());
        }
        if let Some(waiting) = losers.iter().find(|e| !d.recruited.contains(e)) {
            let player = self.escort(*waiting).map_or("?", |e| e.player.as_str());
            return Err(
                Problem::new("CMP-16", "campaign.problem.pool_priority").arg("player", player)
            );
        }
        Ok(())
    }

    pub(super) fn tests_done(&self) -> Result<(), Problem> {
        if let Some(d) = &self.debrief
            && let Some(&first) = d.pending.first()
        {
            let name = self.character(first).map_or("?", CampaignCharacter::name);
            return Err(Problem::new("CMP-9", "campaign.problem.tests_pending")
                .character(name)
                .arg("count", d.pending.len()));
        }
        Ok(())
    }

    pub(super) fn state_line(&self, i: usize, rule: &'static str) -> (LineKind, Msg) {
        let c = &self.characters[i];
        (
            LineKind::Info,
            Msg::new("campaign.log.state")
                .text("character", c.name())
                .key("state", c.state.key())
                .text("rule", rule),
        )
    }
}
