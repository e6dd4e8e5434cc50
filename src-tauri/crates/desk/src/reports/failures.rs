//! What can go wrong in the reports that nowhere else can, as codes with
//! their parameters; the page's reports area says them in its words.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ReportsFailure {
    /// Campaigns are compared two to five at a time.
    CompareCount { min: u32, max: u32 },
}

impl crate::error::AreaFailure for ReportsFailure {
    const AREA: &'static str = "reports";
}
