//! Small view types and conversions every area shares.

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
