//! The ids of the kill-team catalogue's entries: text in files, a type
//! each in code, so that an item's id is never taken for a weapon's.

use crate::rules::core::text_id::text_id;

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
