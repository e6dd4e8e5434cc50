//! What starts an automation for a subscriber, and how long it waits
//! before its letter goes: what its form edits and its row shows.

use api::automations::Automation;
use serde::{Deserialize, Serialize};

/// What starts an automation for a subscriber.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum TriggerEvent {
    /// Subscribed through a form.
    Form,
    /// Added by hand or through the API.
    Add,
    /// Added by a file import.
    Upload,
    /// Opened a watched campaign; only alone.
    Open,
    /// Clicked a link of a watched campaign; only alone.
    Click,
    /// Clicked a given link of a watched campaign.
    Href,
    /// Changed a watched field; only alone.
    Edit,
    /// Their rating changed.
    Rating,
}

impl TriggerEvent {
    /// Whether the service takes it only on its own.
    pub fn alone(self) -> bool {
        matches!(self, TriggerEvent::Open | TriggerEvent::Click | TriggerEvent::Edit)
    }

    /// Whether it watches campaigns (the rest watch lists, or fields for `edit`).
    pub fn watches_campaigns(self) -> bool {
        matches!(self, TriggerEvent::Open | TriggerEvent::Click | TriggerEvent::Href)
    }

    pub(super) fn to_api(self) -> api::automations::TriggerEvent {
        use api::automations::TriggerEvent as E;
        match self {
            TriggerEvent::Form => E::Form,
            TriggerEvent::Add => E::Add,
            TriggerEvent::Upload => E::Upload,
            TriggerEvent::Open => E::Open,
            TriggerEvent::Click => E::Click,
            TriggerEvent::Href => E::Href,
            TriggerEvent::Edit => E::Edit,
            TriggerEvent::Rating => E::Rating,
        }
    }

    pub(crate) fn from_api(event: api::automations::TriggerEvent) -> Self {
        use api::automations::TriggerEvent as E;
        match event {
            E::Form => TriggerEvent::Form,
            E::Add => TriggerEvent::Add,
            E::Upload => TriggerEvent::Upload,
            E::Open => TriggerEvent::Open,
            E::Click => TriggerEvent::Click,
            E::Href => TriggerEvent::Href,
            E::Edit => TriggerEvent::Edit,
            E::Rating => TriggerEvent::Rating,
        }
    }
}

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
