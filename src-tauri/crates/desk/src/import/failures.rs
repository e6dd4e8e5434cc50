//! What can go wrong in the lists' import that nowhere else can, as codes
//! with their parameters; the page's lists area, where the import is, says
//! them in its words.

use crate::error::{FileLimit, FileProblem};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ImportFailure {
    /// A file to import that cannot be used.
    FileRefused { problem: FileProblem, detail: String },
    /// A file to import past one of the bounds that keep the app up.
    FileLimit { limit: FileLimit, max: u64, row: Option<u64> },
}

impl crate::error::AreaFailure for ImportFailure {
    const AREA: &'static str = "import";
}
