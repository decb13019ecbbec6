//! What a problem is, for code that acts on it: its kind, given by its
//! message key when it is made.

/// What a problem is, for code that acts on it (its message key says it
/// to a reader): the problems a caller or a test tells apart, every other
/// one `Other`. Given by the key when the problem is made, so that no
/// caller compares keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// Any problem no caller tells apart.
    #[default]
    Other,
    /// A recruit the campaign holds (CMP-7): he may not be recruited again.
    RecruitHeld,
    /// A model already out of action (CMP-13).
    AlreadyOut,
    /// A characteristic above its race's maximum for a major hero (CHR-3).
    AboveMajor,
    /// House rules the campaign's events cannot be played under.
    CannotHonour,
    /// One event id given to two events (a merge).
    OneIdTwoEvents,
    /// A character with no advance point left to spend (CHR-7).
    NoPointsLeft,
    /// A kill team without the command points an action costs (KT-11).
    TeamLacksPoints,
    /// A campaign's difficulty beyond the data's limit (CMP-8).
    DifficultyAboveMax,
    /// A secondary faction chosen twice, or the Nemesis's chosen again (CMP-4).
    FactionTwice,
    /// A journal entry that does not play again on the state before it (CMP-13).
    JournalRefused,
    /// A campaign's state that is not the one its journal gives (CMP-13).
    JournalDisagrees,
    /// Two journal events under one stamp's id (CMP-13).
    StampTwice,
    /// A character whose id is among the ids kept for the enemies at the table.
    EnemyId,
    /// A campaign whose next character would take an enemy's id.
    NextIdEnemy,
    /// A character worth more points than a guide may be (CMP-14).
    GuideWorth,
    /// A kill team with more weapons teams than it may include (KT-3).
    TooManyWeaponsTeams,
    /// A kill team with more heavy weapons than it may carry (KT-3).
    TooManyHeavyWeapons,
    /// A negative advance on a characteristic (CHR-7).
    NegativeAdvance,
    /// A character who spent more advance points than he has (CHR-7).
    Overspent,
    /// More heroes than the force's allotments allow (CHR-8).
    TooManyHeroes,
    /// Characters worth more than the force's pool of points (CHR-9).
    PoolExceeded,
    /// More characters than a force of its size may hold (CHR-9).
    TooManyCharacters,
    /// An event set aside because the players kept the event it clashes
    /// with instead.
    HeldByChoice,
    /// A roll made again that is not the last one made again, nor after it (KT-11).
    RerollNotLast,
    /// A die rolled again a second time (KT-11).
    RerolledTwice,
    /// A roll to make again whose dice are not found (KT-11).
    RerollUnknownDice,
    /// A roll's wounds that the campaign holds already (CMP-13).
    WoundsAlreadyApplied,
    /// Dice typed in that are not the dice a roll needs.
    DiceDoNotFit,
    /// An escort carried into a campaign a second time (CMP-17).
    CarriedTwice,
    /// A Cran changed while a mission is played or its tests are unsettled (CMP-11).
    CranLocked,
    /// Equipment of a character no longer in his escort (CMP-13).
    DeadGear,
    /// A kill-team soldier's free item or ribbon given to a Rogue Trader character (KT-5).
    FreeGearCharacter,
    /// A character whose armour is too good for the guide to lead him (CMP-14).
    GuideArmour,
    /// A guide hired when one is hired already (CMP-14).
    GuideHired,
    /// A character carrying an item too heavy for the guide (CMP-14).
    GuideItem,
    /// More characters than the guide leads (CMP-14).
    GuideTooMany,
    /// A problem of one player's escort (its cause says which).
    InEscort,
    /// More initiative dice than the test used (CMP-16).
    InitiativeExtraDice,
    /// A leader changed during the Grand Final (CMP-17).
    LeaderLocked,
    /// A named model already out of action (CMP-13).
    NamedOut,
    /// An id that names no character of the campaign.
    NoCharacter,
    /// An id that names no escort of the campaign.
    NoEscortId,
    /// A fate point spent in a campaign without them (CMP-12).
    NoFateRule,
    /// A guide hired when no recon found one (CMP-14).
    NoGuide,
    /// A guide asked for when none is hired (CMP-14).
    NoGuideHired,
    /// An item a character does not carry (KT-5).
    NoItem,
    /// A named model the mission does not have (CMP-3).
    NoNamed,
    /// A Cran test rolled for a character who owes none (CMP-9).
    NoTestOwed,
    /// A recruit costing more reinforcement points than are left.
    NotEnoughPoints,
    /// A fate point spent on a character no Cran test killed (CMP-12).
    NotFallen,
    /// Something done at the table while no mission is played (CMP-2).
    NotPlaying,
    /// A Cran test rolled again for a character who has taken his (CMP-9).
    OutTested,
    /// A change to a campaign that is over (CMP-17).
    CampaignOver,
    /// A second recon by one escort since the mission (CMP-14).
    ReconDone,
    /// A recruit of neither the escort's factions nor the Imperium (CMP-14).
    RecruitForeign,
    /// A recruit of a kind the escort does not take (CMP-7).
    RecruitKind,
    /// A recruit of another Imperium faction before allies are allowed (CMP-14).
    RecruitNeedsAllies,
    /// A setting changed once the campaign has started (CMP-2).
    SettingsLocked,
    /// One side's initiative dice given twice (CMP-16).
    SideTwice,
    /// A debrief with Cran tests still owed (CMP-9).
    TestsPending,
    /// More wounds than a character can take (CMP-13).
    TooManyWounds,
    /// A recruitment budget of no points (CMP-16).
    ZeroBudget,
    /// An enemy of the campaign data's table that cannot be played.
    EnemyFighterUnplayable,
    /// An initiative die of the campaign data with fewer than 2 faces.
    InitiativeDieTooSmall,
    /// A face of a table's die named by no line or by several.
    FaceLines,
    /// A field of the rules data outside its range.
    FieldOutOfRange,
    /// A field of the rules data that does not increase from entry to entry.
    NotIncreasing,
    /// A section of the rules data that does not read.
    SectionSyntax,
    /// A user's rules file lacking sections, filled from the built-in data.
    SectionsFilled,
    /// A file that does not read as JSON.
    Syntax,
    /// A flyer above the highest level (FLY-2).
    AboveTopLevel,
    /// A flyer climbing more levels than its move allows (FLY-2).
    ClimbTooSteep,
    /// A flyer above its maximum speed (FLY-1).
    OverMaxSpeed,
    /// A flyer slowing down more than it can in a turn (FLY-1).
    SlowsDownTooMuch,
    /// A campaign's rules recorded when they are already.
    RulesAlreadyRecorded,
    /// A house rule changed in a campaign whose rules are not recorded.
    RulesNotRecorded,
    /// A house rule's value refused (its cause says why).
    HouseRuleRefused,
    /// A house rule's value above the highest allowed.
    AboveMax,
    /// A house rule's value below the lowest allowed.
    BelowMin,
    /// A house rule's value that is not a whole number.
    NotInteger,
    /// A house rule given the value it has.
    HouseRuleUnchanged,
    /// An action by a soldier whose activation is over this turn.
    ActivationEnded,
    /// A jump up or down higher than the kill team's rules allow (KT-17).
    JumpTooHigh,
    /// A jump up higher than the kill team's rules allow, where any height
    /// down is allowed (KT-17).
    JumpTooHighUp,
    /// An id that names no soldier of the kill team.
    NoSuchSoldier,
    /// A weapon that cannot come with a soldier's item (KT-5).
    WeaponNotForItem,
    /// An item used on nobody when it needs a target.
    NoTarget,
    /// An item that is not used at the table (KT-5).
    NotUsable,
    /// Cover given to odds of close combat, where it plays no part.
    CoverInCloseCombat,
    /// A modifier given to odds of close combat, where it plays no part.
    NotInCloseCombat,
    /// A value of the odds outside the rules' range.
    OddsOutOfRange,
    /// A modifier of the odds listed twice.
    ModifierRepeated,
    /// A characteristic above the major-hero value without psychic powers.
    AboveMajorNotPsychic,
    /// A characteristic above the highest any may reach (CHR-2).
    AboveTen,
    /// An empty name.
    EmptyName,
    /// A leader whose Ld is too low to take command (CHR-14).
    LdTooLow,
    /// An id that names no character of the roster.
    NoSuchCharacter,
    /// A place in the equipment that holds no item.
    NoSuchGear,
    /// More dice than one roll may use (CHR-9).
    TooManyDice,
    /// A bearing that is not an hour of the clock (ROB-5).
    BadBearing,
    /// A robot's weapon its arm does not have (ROB-2).
    NoSuchWeapon,
    /// A robot's written order changed (ROB-5).
    OrderFixed,
    /// A robot moved in a turn it was ordered to stay put (ROB-5).
    OrderedToStay,
    /// A fate point for a character whose death was accepted (CMP-12).
    DeathAccepted,
    /// A character taken out of action in a mission he did not play (CMP-9).
    DidNotPlay,
    /// Fewer secondary factions than the campaign needs (CMP-4).
    FewSecondary,
    /// A fate point spent by a player who has none left (CMP-12).
    NoFateLeft,
    /// An escort costing more than its player's share of the budget (CMP-16).
    OverBudget,
    /// A mission's advance point placed already (CHR-13).
    PointSpent,
    /// A recruit from the pool before the players it serves first (CMP-16).
    PoolPriority,
    /// A recruit at another price than his own (CMP-7).
    RecruitCost,
    /// A recruit of a soldier kind the kill-team data lacks (KT-4).
    UnknownSoldierKind,
    /// More VP for one mission than the limit (CMP-6).
    VpAboveMax,
    /// A character the guide cannot lead, out of the mission (CMP-14).
    GuideCannotPlay,
    /// A distance between members of a unit that is not a distance (CC-3).
    BadGap,
    /// Flyers fighting in the air at different levels (FLY-8).
    AirCombatLevels,
    /// A flyer fighting ground troops from above attack level (FLY-7).
    CombatFromHeight,
    /// A flyer dropping something while in close combat (FLY-10).
    DropInCombat,
    /// A unit gathering stones back before its wait is over (FLY-10).
    GatherWait,
    /// A flyer speeding up more than it can in a turn (FLY-1).
    SpeedsUpTooMuch,
    /// A flyer taking off faster than its acc/dec (FLY-3).
    TakeOffTooFast,
    /// An enemy acting on the players' turn to activate a soldier (KT-8).
    PlayersTurn,
    /// A second activation not straight after a team-mate's (KT-11).
    SecondNotStraight,
    /// A weapon chosen as a soldier's main weapon that is not one (a rule of the data's items).
    NotAMainWeapon,
    /// A weapon that comes only with an item, chosen as a main weapon (a rule of the item).
    WeaponByItemOnly,
    /// An item recharged that was not used (KT-11).
    RechargeNotUsed,
    /// An item used on a target it cannot be used on (EQ-6).
    BadTarget,
    /// An item used by a soldier out of action (EQ-6).
    BearerOut,
    /// An item set off before it is laid (EQ-11).
    LayFirst,
    /// An item set off before the end of the activation that laid it (EQ-11).
    NotArmed,
    /// An item laid outside its bearer's activation (EQ-11).
    NotHisActivation,
    /// An item's dice rolled again when it rolled none (KT-11).
    ItemRerollNoDie,
    /// An item's dice rolled again after something else was done (KT-11).
    ItemRerollNotLast,
    /// An item's dice rolled again a second time (KT-11).
    ItemRerollTwice,
    /// An item used on a target already out of action (EQ-15).
    TargetOut,
    /// An item's save outside 2+ to 6+ (CC-12).
    GearSave,
    /// A weapon's S outside 1 to 10 (CC-11).
    GearStrength,
    /// Power cards for a character without psychic powers (CHR-16).
    PowerNotPsychic,
    /// A robot turned away from the bearing it was ordered to move towards (ROB-5).
    CannotTurn,
    /// Robots and thinking creatures in one unit (ROB-4).
    MixedUnit,
    /// A burning smell rolled for on a damage table without one (ROB-8).
    NoBurningSmell,
    /// A malfunction chance of 1 in 0 (ROB-9).
    OneInZero,
    /// Two weapons of one arm fired together (ROB-2).
    OneWeaponPerArm,
    /// A robot's order written further ahead than its Int allows (ROB-5).
    OrderTooFar,
    /// Winning rolls of a robot's save that do not run up to 6 (ROB-1).
    SaveRolls,
    /// An item's save modifier beyond what a weapon may give (CC-12).
    GearSaveModifier,
    /// An item of the equipment with no name.
    GearNoName,
    /// A power card with no name.
    PowerNoName,
    /// A roll past 6+ by an ordinary trooper without the game master's consent (CC-10).
    NoConsent,
    /// A named model the mission gives no profile for (CMP-3).
    NamedNotFought,
    /// An enemy number the enemy escort does not have (CMP-5).
    NoEnemy,
    /// A campaign carried into a new one before it is over (CMP-17).
    NotOver,
    /// An ended campaign with nothing to carry into a new one (CMP-17).
    NothingCarries,
    /// Wounds of a roll made while no mission was played (CMP-13).
    RollBetweenMissions,
    /// Wounds of a roll made during another mission (CMP-13).
    RollOfMission,
    /// Flyers fighting in the air out of base contact (FLY-8).
    AirCombatContact,
    /// A flyer that cannot hover staying in close combat (FLY-7).
    CannotStayInCombat,
    /// A flyer landing from above attack level (FLY-3).
    LandFromHeight,
    /// A flyer landing faster than it can slow down (FLY-3).
    LandTooFast,
    /// A flyer's minimum speed above its maximum (FLY-1).
    MinOverMax,
    /// A place among the power cards that holds no card.
    NoSuchPower,
    /// A robot acting in a turn it has no order for (ROB-5).
    NoOrder,
    /// A robot's order written too late for its turn (ROB-5).
    OrderTooLate,
}

impl ProblemKind {
    /// Every kind but `Other`, with its message keys.
    const KEYED: &[(&'static str, Self)] = &[
        ("campaign.problem.recruit_held", Self::RecruitHeld),
        ("campaign.problem.already_out", Self::AlreadyOut),
        ("problem.above_major", Self::AboveMajor),
        ("house_rules.cannot_honour", Self::CannotHonour),
        ("merge.problem.one_id_two_events", Self::OneIdTwoEvents),
        ("problem.no_points_left", Self::NoPointsLeft),
        ("kt.act.no.points", Self::TeamLacksPoints),
        ("campaign.problem.difficulty_max", Self::DifficultyAboveMax),
        ("campaign.problem.faction_twice", Self::FactionTwice),
        ("campaign.problem.journal_refused", Self::JournalRefused),
        ("campaign.problem.journal_disagrees", Self::JournalDisagrees),
        // The same disagreement, told as likely played under other rules.
        (
            "campaign.problem.journal_disagrees_rules",
            Self::JournalDisagrees,
        ),
        ("campaign.problem.stamp_twice", Self::StampTwice),
        ("campaign.problem.enemy_id", Self::EnemyId),
        ("campaign.problem.next_id_enemy", Self::NextIdEnemy),
        ("campaign.problem.guide_worth", Self::GuideWorth),
        ("kt.problem.weapons_teams", Self::TooManyWeaponsTeams),
        ("kt.problem.heavy_weapons", Self::TooManyHeavyWeapons),
        ("problem.negative_advance", Self::NegativeAdvance),
        ("problem.overspent", Self::Overspent),
        ("problem.too_many_heroes", Self::TooManyHeroes),
        ("problem.pool_exceeded", Self::PoolExceeded),
        ("problem.too_many_characters", Self::TooManyCharacters),
        ("held.by_choice", Self::HeldByChoice),
        ("battle.reroll.earlier", Self::RerollNotLast),
        ("battle.reroll.twice", Self::RerolledTwice),
        ("battle.reroll.unknown_dice", Self::RerollUnknownDice),
        (
            "campaign.problem.already_applied",
            Self::WoundsAlreadyApplied,
        ),
        ("campaign.problem.bad_dice", Self::DiceDoNotFit),
        ("campaign.problem.carried_twice", Self::CarriedTwice),
        ("campaign.problem.cran_locked", Self::CranLocked),
        ("campaign.problem.dead_gear", Self::DeadGear),
        (
            "campaign.problem.free_gear_character",
            Self::FreeGearCharacter,
        ),
        ("campaign.problem.guide_armour", Self::GuideArmour),
        ("campaign.problem.guide_hired", Self::GuideHired),
        ("campaign.problem.guide_item", Self::GuideItem),
        ("campaign.problem.guide_too_many", Self::GuideTooMany),
        ("campaign.problem.in_escort", Self::InEscort),
        (
            "campaign.problem.initiative_extra_dice",
            Self::InitiativeExtraDice,
        ),
        ("campaign.problem.leader_locked", Self::LeaderLocked),
        ("campaign.problem.named_out", Self::NamedOut),
        ("campaign.problem.no_character", Self::NoCharacter),
        ("campaign.problem.no_escort_id", Self::NoEscortId),
        ("campaign.problem.no_fate_rule", Self::NoFateRule),
        ("campaign.problem.no_guide", Self::NoGuide),
        ("campaign.problem.no_guide_hired", Self::NoGuideHired),
        ("campaign.problem.no_item", Self::NoItem),
        ("campaign.problem.no_named", Self::NoNamed),
        ("campaign.problem.no_test_owed", Self::NoTestOwed),
        ("campaign.problem.not_enough_points", Self::NotEnoughPoints),
        ("campaign.problem.not_fallen", Self::NotFallen),
        ("campaign.problem.not_playing", Self::NotPlaying),
        ("campaign.problem.out_tested", Self::OutTested),
        ("campaign.problem.over", Self::CampaignOver),
        ("campaign.problem.recon_done", Self::ReconDone),
        ("campaign.problem.recruit_foreign", Self::RecruitForeign),
        ("campaign.problem.recruit_kind", Self::RecruitKind),
        (
            "campaign.problem.recruit_needs_allies",
            Self::RecruitNeedsAllies,
        ),
        ("campaign.problem.settings_locked", Self::SettingsLocked),
        ("campaign.problem.side_twice", Self::SideTwice),
        ("campaign.problem.tests_pending", Self::TestsPending),
        ("campaign.problem.too_many_wounds", Self::TooManyWounds),
        ("campaign.problem.zero_budget", Self::ZeroBudget),
        ("data.campaign.enemy_fighter", Self::EnemyFighterUnplayable),
        ("data.campaign.initiative_die", Self::InitiativeDieTooSmall),
        ("data.face_lines", Self::FaceLines),
        ("data.field_out_of_range", Self::FieldOutOfRange),
        ("data.not_increasing", Self::NotIncreasing),
        ("data.section_syntax", Self::SectionSyntax),
        ("data.sections_filled", Self::SectionsFilled),
        ("doc.syntax", Self::Syntax),
        ("flyer.above_top_level", Self::AboveTopLevel),
        ("flyer.climb_too_steep", Self::ClimbTooSteep),
        ("flyer.over_max_speed", Self::OverMaxSpeed),
        ("flyer.slows_down_too_much", Self::SlowsDownTooMuch),
        ("house_rules.already_recorded", Self::RulesAlreadyRecorded),
        ("house_rules.not_recorded", Self::RulesNotRecorded),
        ("house_rules.refused", Self::HouseRuleRefused),
        ("house_rules.refused.above_max", Self::AboveMax),
        ("house_rules.refused.below_min", Self::BelowMin),
        ("house_rules.refused.not_integer", Self::NotInteger),
        ("house_rules.unchanged", Self::HouseRuleUnchanged),
        ("kt.act.no.activation_ended", Self::ActivationEnded),
        ("kt.jump_too_high", Self::JumpTooHigh),
        ("kt.jump_too_high_up", Self::JumpTooHighUp),
        ("kt.problem.no_such_soldier", Self::NoSuchSoldier),
        ("kt.problem.weapon_not_for_item", Self::WeaponNotForItem),
        ("kt.use.no_target", Self::NoTarget),
        ("kt.use.not_usable", Self::NotUsable),
        ("odds.cover_in_close_combat", Self::CoverInCloseCombat),
        ("odds.not_in_close_combat", Self::NotInCloseCombat),
        ("odds.out_of_range", Self::OddsOutOfRange),
        ("odds.repeated", Self::ModifierRepeated),
        (
            "problem.above_major_not_psychic",
            Self::AboveMajorNotPsychic,
        ),
        ("problem.above_ten", Self::AboveTen),
        ("problem.empty_name", Self::EmptyName),
        ("problem.ld_too_low", Self::LdTooLow),
        ("problem.no_such_character", Self::NoSuchCharacter),
        ("problem.no_such_gear", Self::NoSuchGear),
        ("problem.too_many_dice", Self::TooManyDice),
        ("robot.bad_bearing", Self::BadBearing),
        ("robot.no_such_weapon", Self::NoSuchWeapon),
        ("robot.order_fixed", Self::OrderFixed),
        ("robot.ordered_to_stay", Self::OrderedToStay),
        ("campaign.problem.death_accepted", Self::DeathAccepted),
        ("campaign.problem.did_not_play", Self::DidNotPlay),
        ("campaign.problem.few_secondary", Self::FewSecondary),
        ("campaign.problem.no_fate_left", Self::NoFateLeft),
        ("campaign.problem.over_budget", Self::OverBudget),
        ("campaign.problem.point_spent", Self::PointSpent),
        ("campaign.problem.pool_priority", Self::PoolPriority),
        ("campaign.problem.recruit_cost", Self::RecruitCost),
        (
            "campaign.problem.unknown_soldier_kind",
            Self::UnknownSoldierKind,
        ),
        ("campaign.problem.vp_max", Self::VpAboveMax),
        ("campaign.problem.guide_cannot_play", Self::GuideCannotPlay),
        ("cc.bad_gap", Self::BadGap),
        ("flyer.air_combat_levels", Self::AirCombatLevels),
        ("flyer.combat_from_height", Self::CombatFromHeight),
        ("flyer.drop_in_combat", Self::DropInCombat),
        ("flyer.gather_wait", Self::GatherWait),
        ("flyer.speeds_up_too_much", Self::SpeedsUpTooMuch),
        ("flyer.take_off_too_fast", Self::TakeOffTooFast),
        ("kt.act.no.players_turn", Self::PlayersTurn),
        ("kt.act.no.second_not_straight", Self::SecondNotStraight),
        ("kt.problem.not_a_main_weapon", Self::NotAMainWeapon),
        ("kt.problem.weapon_by_item_only", Self::WeaponByItemOnly),
        ("kt.recharge.not_used", Self::RechargeNotUsed),
        ("kt.use.bad_target", Self::BadTarget),
        ("kt.use.bearer_out", Self::BearerOut),
        ("kt.use.lay_first", Self::LayFirst),
        ("kt.use.not_armed", Self::NotArmed),
        ("kt.use.not_his_activation", Self::NotHisActivation),
        ("kt.use.reroll_no_die", Self::ItemRerollNoDie),
        ("kt.use.reroll_not_last", Self::ItemRerollNotLast),
        ("kt.use.reroll_twice", Self::ItemRerollTwice),
        ("kt.use.target_out", Self::TargetOut),
        ("problem.gear_save", Self::GearSave),
        ("problem.gear_strength", Self::GearStrength),
        ("problem.power_not_psychic", Self::PowerNotPsychic),
        ("robot.cannot_turn", Self::CannotTurn),
        ("robot.mixed_unit", Self::MixedUnit),
        ("robot.no_burning_smell", Self::NoBurningSmell),
        ("robot.one_in_zero", Self::OneInZero),
        ("robot.one_weapon_per_arm", Self::OneWeaponPerArm),
        ("robot.order_too_far", Self::OrderTooFar),
        ("robot.save_rolls", Self::SaveRolls),
        ("problem.gear_save_modifier", Self::GearSaveModifier),
        ("problem.gear_no_name", Self::GearNoName),
        ("problem.power_no_name", Self::PowerNoName),
        ("battle.problem.no_consent", Self::NoConsent),
        ("campaign.problem.named_not_fought", Self::NamedNotFought),
        ("campaign.problem.no_enemy", Self::NoEnemy),
        ("campaign.problem.not_over", Self::NotOver),
        ("campaign.problem.nothing_carries", Self::NothingCarries),
        (
            "campaign.problem.roll_between_missions",
            Self::RollBetweenMissions,
        ),
        ("campaign.problem.roll_of_mission", Self::RollOfMission),
        ("flyer.air_combat_contact", Self::AirCombatContact),
        ("flyer.cannot_stay_in_combat", Self::CannotStayInCombat),
        ("flyer.land_from_height", Self::LandFromHeight),
        ("flyer.land_too_fast", Self::LandTooFast),
        ("flyer.min_over_max", Self::MinOverMax),
        ("problem.no_such_power", Self::NoSuchPower),
        ("robot.no_order", Self::NoOrder),
        ("robot.order_too_late", Self::OrderTooLate),
    ];

    /// The kind of a problem whose message is `key`.
    pub(super) fn of_key(key: &str) -> Self {
        Self::KEYED
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(Self::Other, |(_, kind)| *kind)
    }
}
