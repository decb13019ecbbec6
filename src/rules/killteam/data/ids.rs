//! The ids of the kill-team catalogue's entries: text in files, a type
//! each in code, so that an item's id is never taken for a weapon's.

use std::borrow::Borrow;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A newtype over the text of an id, written in files as that text.
macro_rules! text_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The id as written.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                Self(id.to_owned())
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                Self(id)
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
    };
}

text_id! {
    /// The id of a soldier kind of the catalogue (`guardsman`).
    KindId
}

text_id! {
    /// The id of a weapon of the catalogue (`lasgun`).
    WeaponId
}

text_id! {
    /// The id of a special equipment item of the catalogue (`torch`).
    ItemId
}

text_id! {
    /// The id of a ribbon of the catalogue (`endurance`).
    RibbonId
}
