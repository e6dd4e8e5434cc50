//! What starts an automation for a subscriber, and how long it waits
//! before its letter goes: what its form edits and its row shows.

use api::automations::Automation;
use serde::{Deserialize, Serialize};

pub use crate::views::TriggerEvent;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DelayUnit {
    Hour,
    Day,
    Week,
}

/// How long after the event the letter goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Delay {
    pub quantity: u32,
    pub unit: DelayUnit,
}

impl Delay {
    /// The delay an automation record states; `None` when it sends at once.
    pub(crate) fn of(a: &Automation) -> Option<Delay> {
        let unit = match a.auto_delay2.0.as_deref().map(str::trim) {
            Some("hour") => DelayUnit::Hour,
            Some("day") => DelayUnit::Day,
            Some("week") => DelayUnit::Week,
            _ => return None,
        };
        u32::try_from(*a.auto_delay1).ok().filter(|q| *q > 0).map(|quantity| Delay { quantity, unit })
    }
}
