//! The two fighters of the kill-team close combat as the screen holds
//! them: each one's name, where he comes from, his close-combat score, the
//! blow he strikes with, his T, save and wounds left, and the blows one
//! strikes at the other.

use crate::i18n::Lang;
use crate::rules::CharRef;
use crate::rules::battle::from_table::{CampaignSoldier, target_profile};
use crate::rules::battle::scenario::ScenarioKind;
use crate::rules::battle::scenario::{
    Count, KtCloseCombatScenario, KtTarget, close_combat_modifiers,
};
use crate::rules::core::names::{Name, Names, name_in};
use crate::rules::killteam::Derived;
use crate::rules::killteam::data::{KillTeamData, WeaponId};
use crate::rules::killteam::melee::{Blow, blows, masked};

/// What a way of striking is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlowName {
    /// A weapon of the kill-team data, by id.
    Weapon(WeaponId),
    /// Bare hands.
    Unarmed,
    /// A drawn enemy's weapon, named by the campaign's data.
    Named(Names),
}

/// One way a fighter may strike, as picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlowChoice {
    /// Its name.
    pub(crate) name: BlowName,
    /// Attacks.
    pub(crate) attacks: Count,
    /// Strength, his own counted.
    pub(crate) s: i64,
    /// Armour penetration.
    pub(crate) ap: i64,
    /// Damage.
    pub(crate) damage: Count,
}

impl BlowChoice {
    /// Attacks.
    pub fn attacks(&self) -> &Count {
        &self.attacks
    }

    /// Strength, his own counted.
    pub fn s(&self) -> i64 {
        self.s
    }

    /// A way of striking of the rules, for the pick.
    pub fn of(b: &Blow) -> Self {
        Self {
            name: b.weapon.clone().map_or(BlowName::Unarmed, BlowName::Weapon),
            attacks: Count::from(&b.attacks),
            s: i64::from(b.strength),
            ap: i64::from(b.ap),
            damage: Count::from(&b.damage),
        }
    }

    pub(super) fn label(&self, data: &KillTeamData, lang: Lang) -> String {
        match &self.name {
            BlowName::Weapon(id) => data.weapon(id).map_or(id.to_string(), |w| {
                name_in(&w.names, lang.code(), id.as_str()).to_owned()
            }),
            BlowName::Unarmed => {
                name_in(&data.close_combat.unarmed.names, lang.code(), "").to_owned()
            }
            BlowName::Named(names) => name_in(names, lang.code(), "").to_owned(),
        }
    }
}

/// One fighter of a kill-team close combat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeFighter {
    /// His name.
    pub(crate) name: String,
    /// His name in every language, when the rules data gives it (a drawn
    /// enemy): it names him while `name` is one of them.
    pub(crate) names: Option<Names>,
    /// A character for the battle summary (CHR-15).
    pub(crate) character: bool,
    /// Where his wounds go, when he comes from a campaign.
    pub(crate) from: Option<CharRef>,
    /// The score he hits on (KT-6: 4+, a Brute 3+).
    pub(crate) score: i64,
    /// The ways he may strike (his close-combat weapons, bare hands).
    pub(crate) blows: Vec<BlowChoice>,
    /// How he strikes now.
    pub(crate) blow: BlowChoice,
    /// His T.
    pub(crate) t: i64,
    /// His save, if any.
    pub(crate) save: Option<i64>,
    /// The dice of his save (a Terminator's 2D6, KT-19).
    pub(crate) save_dice: i64,
    /// His wounds left.
    pub(crate) wounds: Option<i64>,
    /// He used a smoke grenade: blows at him are worse (EQ-7).
    pub(crate) smoke: bool,
    /// He was hit by a flash grenade: his blows are worse (EQ-10).
    pub(crate) dazzled: bool,
    /// He wears a gas mask: smoke and flash do not count for him (EQ-19).
    pub(crate) gas_mask: bool,
    /// The wounds his campaign's table last had him at (his wounds field
    /// follows them when a roll's wounds are applied).
    pub(crate) at_table: Option<u32>,
}

impl Default for MeleeFighter {
    fn default() -> Self {
        let fists = BlowChoice {
            name: BlowName::Unarmed,
            attacks: Count::Fixed(1),
            s: 3,
            ap: 0,
            damage: Count::Fixed(1),
        };
        Self {
            name: String::new(),
            names: None,
            character: true,
            from: None,
            score: 4,
            blows: vec![fists.clone()],
            blow: fists,
            t: 3,
            save: Some(5),
            save_dice: 1,
            wounds: Some(3),
            smoke: false,
            dazzled: false,
            gas_mask: false,
            at_table: None,
        }
    }
}

impl MeleeFighter {
    /// His name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// His name as it follows the language: in every language while his
    /// field shows one the rules data gave him, as typed otherwise.
    pub fn label(&self) -> Name {
        Name::of(&self.name, self.names.as_ref())
    }

    /// Shows a name the rules data gave him in `lang` in his field.
    pub fn follow_lang(&mut self, lang: Lang) {
        if let Some(n) = self.label().names() {
            let shown = name_in(n, lang.code(), "");
            if !shown.is_empty() && shown != self.name.trim() {
                self.name = shown.to_owned();
            }
        }
    }

    /// Where his wounds go, when he comes from a campaign.
    pub fn from(&self) -> Option<&CharRef> {
        self.from.as_ref()
    }

    /// The score he hits on (KT-6: 4+, a Brute 3+).
    pub fn score(&self) -> i64 {
        self.score
    }

    /// How he strikes now.
    pub fn blow(&self) -> &BlowChoice {
        &self.blow
    }

    /// His T.
    pub fn t(&self) -> i64 {
        self.t
    }

    /// His save, if any.
    pub fn save(&self) -> Option<i64> {
        self.save
    }

    /// His wounds left, as the card's field has them.
    pub fn wounds(&self) -> Option<i64> {
        self.wounds
    }

    /// He used a smoke grenade: blows at him are worse (EQ-7).
    pub fn smoke(&self) -> bool {
        self.smoke
    }

    /// Sets how he strikes now: his attacks, his S and his damage.
    pub fn set_blow(&mut self, attacks: Count, s: i64, damage: Count) {
        (self.blow.attacks, self.blow.s, self.blow.damage) = (attacks, s, damage);
    }

    /// Sets the score he hits on.
    pub fn set_score(&mut self, score: i64) {
        self.score = score;
    }

    /// Sets his save (`None`: none).
    pub fn set_save(&mut self, save: Option<i64>) {
        self.save = save;
    }

    /// Sets his wounds left (`None`: not said).
    pub fn set_wounds(&mut self, wounds: Option<i64>) {
        self.wounds = wounds;
    }

    /// A kill-team soldier: his derived profile, his ways of striking, his
    /// gas mask and wounds left.
    pub fn soldier(data: &KillTeamData, name: &str, d: &Derived, wounds_left: u32) -> Self {
        let blows: Vec<BlowChoice> = blows(data, d).iter().map(BlowChoice::of).collect();
        let (t, save, save_dice) = target_profile(&d.profile);
        Self {
            name: name.to_owned(),
            names: None,
            character: true,
            from: None,
            score: i64::from(d.profile.close_combat),
            blow: blows[0].clone(),
            blows,
            t,
            save,
            save_dice,
            wounds: Some(i64::from(wounds_left.max(1))),
            smoke: false,
            dazzled: false,
            gas_mask: masked(d),
            at_table: None,
        }
    }

    /// A campaign's soldier, his wounds going back to the campaign.
    pub fn campaign_soldier(data: &KillTeamData, s: &CampaignSoldier) -> Self {
        Self {
            from: Some(CharRef::new(s.campaign.clone(), s.id)),
            ..Self::soldier(data, &s.name, &s.derived, s.wounds_left)
        }
    }

    /// His blows at `target` (KT-6): the target's smoke, his being dazzled and
    /// gas mask counted.
    pub fn blows_at(&self, target: &Self) -> KtCloseCombatScenario {
        let modifiers = close_combat_modifiers(target.smoke, self.dazzled, self.gas_mask);
        KtCloseCombatScenario {
            kind: ScenarioKind::KillteamCloseCombat,
            close_combat: self.score,
            attacks: self.blow.attacks.clone(),
            s: self.blow.s,
            ap: self.blow.ap,
            damage: self.blow.damage.clone(),
            target: KtTarget {
                t: target.t,
                save: target.save,
                cover: false,
                save_dice: target.save_dice,
                wounds: target.wounds,
            },
            modifiers,
        }
    }
}
