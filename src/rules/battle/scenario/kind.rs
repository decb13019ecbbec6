//! The kinds of scenario the command line and the battle screen know, by
//! the name a file gives them in its `"kind"`.

/// A kind of scenario, as a file names it in its `"kind"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScenarioKind {
    /// A Rogue Trader round of close combat: one attacker's blows.
    CloseCombat,
    /// A kill-team shooting attack.
    KillteamShooting,
    /// One fighter's blows in a kill-team close combat.
    KillteamCloseCombat,
    /// A Rogue Trader shot.
    RtShooting,
    /// A round between two models, both striking.
    CloseCombatRound,
    /// A fight to the end between two units.
    CloseCombatFight,
}

impl ScenarioKind {
    /// Every kind, in the order the command line's help lists them.
    pub const ALL: [Self; 6] = [
        Self::CloseCombat,
        Self::KillteamShooting,
        Self::KillteamCloseCombat,
        Self::RtShooting,
        Self::CloseCombatRound,
        Self::CloseCombatFight,
    ];

    /// The kind's name in a file.
    pub const fn name(self) -> &'static str {
        match self {
            Self::CloseCombat => "close_combat",
            Self::KillteamShooting => "killteam_shooting",
            Self::KillteamCloseCombat => "killteam_close_combat",
            Self::RtShooting => "rt_shooting",
            Self::CloseCombatRound => "close_combat_round",
            Self::CloseCombatFight => "close_combat_fight",
        }
    }

    /// The kind a file names, if Muster knows it.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether the kind is a single attack ([`Scenario`]).
    pub const fn is_attack(self) -> bool {
        !matches!(self, Self::CloseCombatRound | Self::CloseCombatFight)
    }

    /// Every kind's name, in order, separated by commas.
    pub fn names() -> String {
        Self::names_of(Self::ALL)
    }

    pub(super) fn names_of(kinds: impl IntoIterator<Item = Self>) -> String {
        kinds
            .into_iter()
            .map(Self::name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}
