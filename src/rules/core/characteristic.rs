//! The twelve characteristics of a profile (CHR-1) and the profile itself.

use serde::{Deserialize, Serialize};

/// One of the twelve characteristics of a profile (CHR-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Characteristic {
    /// Move.
    M,
    /// Weapon skill.
    WS,
    /// Ballistic skill.
    BS,
    /// Strength.
    S,
    /// Toughness.
    T,
    /// Wounds.
    W,
    /// Initiative.
    I,
    /// Attacks.
    A,
    /// Leadership.
    Ld,
    /// Intelligence.
    Int,
    /// Cool.
    Cl,
    /// Will power.
    WP,
}

impl Characteristic {
    /// All twelve, in profile order.
    pub const ALL: [Self; 12] = [
        Self::M,
        Self::WS,
        Self::BS,
        Self::S,
        Self::T,
        Self::W,
        Self::I,
        Self::A,
        Self::Ld,
        Self::Int,
        Self::Cl,
        Self::WP,
    ];

    /// The key used in files and on sheets (`M`, `WS`, … `WP`).
    pub fn key(self) -> &'static str {
        match self {
            Self::M => "M",
            Self::WS => "WS",
            Self::BS => "BS",
            Self::S => "S",
            Self::T => "T",
            Self::W => "W",
            Self::I => "I",
            Self::A => "A",
            Self::Ld => "Ld",
            Self::Int => "Int",
            Self::Cl => "Cl",
            Self::WP => "WP",
        }
    }

    /// The locale key of its abbreviation as the player reads it (`WS` in
    /// English, `CC` in French).
    pub fn abbr_key(self) -> &'static str {
        match self {
            Self::M => "chr.abbr.M",
            Self::WS => "chr.abbr.WS",
            Self::BS => "chr.abbr.BS",
            Self::S => "chr.abbr.S",
            Self::T => "chr.abbr.T",
            Self::W => "chr.abbr.W",
            Self::I => "chr.abbr.I",
            Self::A => "chr.abbr.A",
            Self::Ld => "chr.abbr.Ld",
            Self::Int => "chr.abbr.Int",
            Self::Cl => "chr.abbr.Cl",
            Self::WP => "chr.abbr.WP",
        }
    }

    /// Parses a key as written in files (`"Ld"`).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.key() == key)
    }

    /// Position in the profile (0 for M … 11 for WP).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Combat characteristics are M … A; the others are personal (CHR-3, CHR-4).
    pub fn is_personal(self) -> bool {
        matches!(self, Self::Ld | Self::Int | Self::Cl | Self::WP)
    }

    /// W and A are the only characteristics that may exceed 10 (CHR-2).
    pub fn capped_at_ten(self) -> bool {
        !matches!(self, Self::W | Self::A)
    }
}

impl std::fmt::Display for Characteristic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// Twelve values, one per characteristic. Serialized as an object with exactly
/// the keys `M WS BS S T W I A Ld Int Cl WP`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Profile(pub [i32; 12]);

impl Profile {
    /// A profile of zeros (used for modifiers and advances).
    pub const ZERO: Self = Self([0; 12]);

    /// The value of one characteristic.
    pub fn get(&self, c: Characteristic) -> i32 {
        self.0[c.index()]
    }

    /// Sets one characteristic.
    pub fn set(&mut self, c: Characteristic, value: i32) {
        self.0[c.index()] = value;
    }

    /// Adds to one characteristic.
    pub fn add(&mut self, c: Characteristic, delta: i32) {
        // Saturating: a hand-edited file may hold absurd values.
        self.0[c.index()] = self.0[c.index()].saturating_add(delta);
    }

    /// Sum of all twelve values.
    pub fn sum(&self) -> i64 {
        self.0.iter().map(|&v| i64::from(v)).sum()
    }

    /// Pairs of characteristic and value, in profile order.
    pub fn iter(&self) -> impl Iterator<Item = (Characteristic, i32)> + '_ {
        Characteristic::ALL.into_iter().map(|c| (c, self.get(c)))
    }
}

#[allow(non_snake_case)]
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileRepr {
    M: i32,
    WS: i32,
    BS: i32,
    S: i32,
    T: i32,
    W: i32,
    I: i32,
    A: i32,
    Ld: i32,
    Int: i32,
    Cl: i32,
    WP: i32,
}

#[allow(non_snake_case)]
impl Serialize for Profile {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let [M, WS, BS, S, T, W, I, A, Ld, Int, Cl, WP] = self.0;
        ProfileRepr {
            M,
            WS,
            BS,
            S,
            T,
            W,
            I,
            A,
            Ld,
            Int,
            Cl,
            WP,
        }
        .serialize(serializer)
    }
}

#[allow(non_snake_case)]
impl<'de> Deserialize<'de> for Profile {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let ProfileRepr {
            M,
            WS,
            BS,
            S,
            T,
            W,
            I,
            A,
            Ld,
            Int,
            Cl,
            WP,
        } = ProfileRepr::deserialize(deserializer)?;
        Ok(Self([M, WS, BS, S, T, W, I, A, Ld, Int, Cl, WP]))
    }
}

/// A sparse set of modifiers or advances: only the keys present are non-zero.
/// Used for the standard types' rows (CHR-6) and a character's advances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modifiers(pub Profile);

impl Serialize for Modifiers {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let present: Vec<_> = self.0.iter().filter(|(_, v)| *v != 0).collect();
        let mut map = serializer.serialize_map(Some(present.len()))?;
        for (c, v) in present {
            map.serialize_entry(c.key(), &v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Modifiers {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ModifiersVisitor)
    }
}

/// Reads a map of characteristics, refusing unknown and repeated keys: with
/// `{"WP": 1, "WP": 0}` the last value would win and a point would vanish.
struct ModifiersVisitor;

impl<'de> serde::de::Visitor<'de> for ModifiersVisitor {
    type Value = Modifiers;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a map of characteristics (M WS BS S T W I A Ld Int Cl WP) to numbers")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Modifiers, A::Error> {
        let mut profile = Profile::ZERO;
        let mut seen = [false; 12];
        while let Some(key) = map.next_key::<String>()? {
            let Some(c) = Characteristic::from_key(&key) else {
                return Err(serde::de::Error::custom(format!(
                    "unknown characteristic `{key}`, expected one of `M`, `WS`, `BS`, `S`, `T`, `W`, `I`, `A`, `Ld`, `Int`, `Cl`, `WP`"
                )));
            };
            let i = c as usize;
            if seen[i] {
                return Err(serde::de::Error::custom(format!("duplicate field `{key}`")));
            }
            seen[i] = true;
            profile.set(c, map.next_value::<i32>()?);
        }
        Ok(Modifiers(profile))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // CHR-1: twelve characteristics, serialized with exactly these keys.
    #[test]
    fn chr_1_profile_has_twelve_keys_in_order() {
        let p = Profile([4, 3, 3, 3, 3, 1, 3, 1, 7, 7, 7, 7]);
        let json = serde_json::to_string(&p).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"M":4,"WS":3,"BS":3,"S":3,"T":3,"W":1,"I":3,"A":1,"Ld":7,"Int":7,"Cl":7,"WP":7}"#
        );
        let back: Profile = serde_json::from_str(&json).expect("round trip");
        assert_eq!(back, p);
        assert_eq!(Characteristic::ALL.len(), 12);
    }

    #[test]
    fn chr_1_profile_refuses_unknown_or_missing_keys() {
        let extra = r#"{"M":4,"WS":3,"BS":3,"S":3,"T":3,"W":1,"I":3,"A":1,"Ld":7,"Int":7,"Cl":7,"WP":7,"X":1}"#;
        assert!(serde_json::from_str::<Profile>(extra).is_err());
        let missing = r#"{"M":4}"#;
        assert!(serde_json::from_str::<Profile>(missing).is_err());
    }

    #[test]
    fn modifiers_are_sparse() {
        let mut p = Profile::ZERO;
        p.set(Characteristic::WS, 2);
        let json = serde_json::to_string(&Modifiers(p)).expect("serialize");
        assert_eq!(json, r#"{"WS":2}"#);
        assert!(serde_json::from_str::<Modifiers>(r#"{"Foo":1}"#).is_err());
    }

    #[test]
    fn a_repeated_characteristic_is_refused() {
        let err = serde_json::from_str::<Modifiers>(r#"{"WP":1,"Int":1,"WP":0}"#)
            .expect_err("a repeated key must be refused");
        assert!(err.to_string().contains("duplicate field `WP`"), "{err}");
    }
}
