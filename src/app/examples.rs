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

    /// Its text as a player reading Muster in `lang` opens it: each whole
    /// text `assets/examples/names.json` names for that language (the names
    /// of its characters, soldiers, band, team and campaign, its notes)
    /// written in it, everywhere it stands (the campaign's journal as its
    /// state), so that the copy is as consistent as the file.
    pub fn text_in(self, lang: crate::i18n::Lang) -> std::borrow::Cow<'static, str> {
        let mut text = std::borrow::Cow::Borrowed(self.text());
        for (from, to) in names_in(lang) {
            let (Ok(from), Ok(to)) = (serde_json::to_string(&from), serde_json::to_string(&to))
            else {
                continue;
            };
            if text.contains(&from) {
                text = std::borrow::Cow::Owned(text.replace(&from, &to));
            }
        }
        text
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

/// The examples' texts and what they become in `lang` (none in English,
/// or for a language the file does not give).
fn names_in(lang: crate::i18n::Lang) -> Vec<(String, String)> {
    let all: serde_json::Value =
        serde_json::from_str(include_str!("../../assets/examples/names.json")).unwrap_or_default();
    all.get(lang.code())
        .and_then(serde_json::Value::as_object)
        .map(|names| {
            names
                .iter()
                .filter_map(|(from, to)| Some((from.clone(), to.as_str()?.to_owned())))
                .collect()
        })
        .unwrap_or_default()
}
