//! The three examples Muster ships (a band, a kill team, a campaign), which
//! a new player opens from the empty library: each a copy in the library,
//! one undoable step.

/// An example document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Example {
    /// A Rogue Trader band: an inquisitor and his retinue.
    Band,
    /// An Imperial Guard kill team of seven.
    KillTeam,
    /// A campaign three missions in and at the table of the fourth, the
    /// band and the team its escorts.
    Campaign,
}

impl Example {
    /// Every example, in the order the library shows them.
    pub const ALL: [Self; 3] = [Self::Band, Self::KillTeam, Self::Campaign];

    /// Its file's text, as shipped.
    pub fn text(self) -> &'static str {
        match self {
            Self::Band => include_str!("../../assets/examples/rt-band.json"),
            Self::KillTeam => include_str!("../../assets/examples/killteam.json"),
            Self::Campaign => include_str!("../../assets/examples/campaign.json"),
        }
    }

    /// Its file's name, without `.json`.
    pub fn file_stem(self) -> &'static str {
        match self {
            Self::Band => "rt-band",
            Self::KillTeam => "killteam",
            Self::Campaign => "campaign",
        }
    }
}
