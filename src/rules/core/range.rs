//! The ranges a value of a rules file must keep.

use super::problem::Problem;

/// The rule id of problems with rules data files.
pub const DATA: &str = "DATA";

/// A value of a rules file outside its range: the problem names the field
/// (`robots.minimum_save`), the value and the range.
pub(crate) fn check_range<T: PartialOrd + std::fmt::Display>(
    field: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<(), Problem> {
    if range.contains(&value) {
        return Ok(());
    }
    Err(Problem::new(DATA, "data.field_out_of_range")
        .arg("field", field)
        .arg("value", value)
        .arg("range", format!("{} … {}", range.start(), range.end())))
}
