//! Small view types and conversions every area shares, and those a
//! failure names (a campaign's state, what starts an automation), so that
//! the errors below every area need none of them.

use api::campaigns::CampaignStatus;
use api::members::MemberState;
use serde::{Deserialize, Serialize};

/// A subscriber's state, as the UI names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum SubscriberState {
    Active,
    Unsubscribed,
    Bounced,
    Complained,
    Unconfirmed,
    Inactive,
    Unknown,
}

impl From<MemberState> for SubscriberState {
    fn from(state: MemberState) -> Self {
        match state {
            MemberState::Active => SubscriberState::Active,
            MemberState::Unsubscribed => SubscriberState::Unsubscribed,
            MemberState::Bounced => SubscriberState::Bounced,
            MemberState::Complained => SubscriberState::Complained,
            MemberState::Unconfirmed => SubscriberState::Unconfirmed,
            MemberState::Inactive => SubscriberState::Inactive,
            MemberState::Unknown => SubscriberState::Unknown,
        }
    }
}

impl SubscriberState {
    pub fn wire(self) -> MemberState {
        match self {
            SubscriberState::Active => MemberState::Active,
            SubscriberState::Unsubscribed => MemberState::Unsubscribed,
            SubscriberState::Bounced => MemberState::Bounced,
            SubscriberState::Complained => MemberState::Complained,
            SubscriberState::Unconfirmed => MemberState::Unconfirmed,
            SubscriberState::Inactive => MemberState::Inactive,
            SubscriberState::Unknown => MemberState::Unknown,
        }
    }
}

/// What a subscriber did, or what happened to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ActivityAction {
    Sent,
    Opened,
    Clicked,
    Unsubscribed,
    Bounced,
    Complained,
    Other,
}

impl ActivityAction {
    fn from_wire(action: &str) -> Self {
        match action {
            "campaign-sent" => ActivityAction::Sent,
            "campaign-opened" => ActivityAction::Opened,
            "campaign-clicked" => ActivityAction::Clicked,
            "unsubscribe" => ActivityAction::Unsubscribed,
            "bounced" => ActivityAction::Bounced,
            "abuse-report" => ActivityAction::Complained,
            _ => ActivityAction::Other,
        }
    }
}

/// One entry of a subscriber's history.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ActivityView {
    pub at: Option<String>,
    pub action: ActivityAction,
    pub campaign_name: Option<String>,
    pub detail: Option<String>,
}

impl From<api::members::Activity> for ActivityView {
    fn from(a: api::members::Activity) -> Self {
        ActivityView {
            at: service_time(Some(&a.action_time)),
            action: ActivityAction::from_wire(&a.action),
            campaign_name: a.campaign_name.0,
            detail: a.action_text.0,
        }
    }
}

/// The domain of an e-mail address (after its last `@`); empty when it has none.
pub(crate) fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map_or("", |(_, domain)| domain)
}

/// A moment as the service writes it, `YYYY-MM-DD HH:MM:SS`; anything else
/// is no moment.
pub fn service_moment(stamp: &str) -> Option<chrono::NaiveDateTime> {
    chrono::NaiveDateTime::parse_from_str(stamp.trim(), "%Y-%m-%d %H:%M:%S").ok()
}

/// The service's `YYYY-MM-DD HH:MM:SS` as ISO 8601 (`YYYY-MM-DDTHH:MM:SS`),
/// which the UI's date formatting reads; anything else is no time at all.
pub fn service_time(stamp: Option<&str>) -> Option<String> {
    let stamp = stamp?.trim();
    service_moment(stamp)
        .or_else(|| chrono::NaiveDate::parse_from_str(stamp, "%Y-%m-%d").ok()?.and_hms_opt(0, 0, 0))
        .map(|t| t.format("%Y-%m-%dT%H:%M:%S").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn service_times_become_iso_and_junk_becomes_nothing() {
        assert_eq!(service_time(Some("2026-03-12 10:04:00")).as_deref(), Some("2026-03-12T10:04:00"));
        assert_eq!(service_time(Some("2026-03-12")).as_deref(), Some("2026-03-12T00:00:00"));
        assert_eq!(service_time(Some("0000-00-00 00:00:00")), None);
        assert_eq!(service_time(Some("")), None);
        assert_eq!(service_time(None), None);
    }
}

/// Where a campaign is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum CampaignState {
    Draft,
    /// Waiting for the service's moderators.
    Moderating,
    Scheduled,
    Sending,
    Paused,
    Sent,
    /// Stopped by the service (spam or policy).
    Blocked,
    /// Returned by moderation for changes.
    NeedsFix,
}

impl CampaignState {
    /// The state of a mass campaign; `None` for what is not one.
    pub(crate) fn of(status: CampaignStatus) -> Option<Self> {
        Some(match status {
            CampaignStatus::Draft | CampaignStatus::Created | CampaignStatus::Unknown => CampaignState::Draft,
            CampaignStatus::Moderating => CampaignState::Moderating,
            CampaignStatus::Schedule => CampaignState::Scheduled,
            CampaignStatus::Processing => CampaignState::Sending,
            CampaignStatus::Paused => CampaignState::Paused,
            CampaignStatus::Sent => CampaignState::Sent,
            CampaignStatus::Blocked | CampaignStatus::BlockedSpam => CampaignState::Blocked,
            CampaignStatus::NeedFix => CampaignState::NeedsFix,
            CampaignStatus::Template | CampaignStatus::Subscribe | CampaignStatus::Trigger => return None,
            CampaignStatus::Deleted => return None,
        })
    }
}

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

    pub(crate) fn to_api(self) -> api::automations::TriggerEvent {
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
