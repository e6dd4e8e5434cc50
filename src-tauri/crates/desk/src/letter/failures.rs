//! What can go wrong with a letter that nowhere else can, as codes with
//! their parameters; the page's letter, under every area that writes one,
//! says them in its words.

use super::blocks::Unrenderable;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum LetterFailure {
    /// A block letter that cannot be rendered, and the block at fault.
    Unrenderable(Unrenderable),
}

impl crate::error::AreaFailure for LetterFailure {
    const AREA: &'static str = "letter";
}

/// A block letter that cannot be rendered, as the page is told.
pub(crate) fn unrenderable(problem: Unrenderable) -> crate::DeskError {
    crate::DeskError::in_area(LetterFailure::Unrenderable(problem))
}
