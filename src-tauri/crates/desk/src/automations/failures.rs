//! What can go wrong in the automations that nowhere else can, as codes
//! with their parameters; the page's automations area says them in its words.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum AutomationsFailure {
    /// `open`, `click` and `edit` start an automation only on their own.
    EventAlone { event: crate::views::TriggerEvent },
}

impl crate::error::AreaFailure for AutomationsFailure {
    const AREA: &'static str = "automations";
}
