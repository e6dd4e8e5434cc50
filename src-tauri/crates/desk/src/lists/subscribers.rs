//! A list's subscribers as the page reads and chooses them: a row, the
//! order and filter of the members table, a page of it, and a segment's
//! count. Below the files that read, match and change them.

use crate::views::{service_time, SubscriberState};
use api::members::{Member, MemberQuery};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A subscriber as the members table shows one (and hands back, ticked,
/// for an export or a change of many).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberRow {
    pub id: i64,
    /// The list the record is in.
    pub list_id: i64,
    pub email: String,
    pub state: SubscriberState,
    /// Values of the additional fields by field number; empty ones left out.
    pub values: BTreeMap<u8, String>,
    pub subscribed_at: Option<String>,
    pub unsubscribed_at: Option<String>,
    pub edited_at: Option<String>,
    pub rating: Option<i64>,
}

impl From<Member> for SubscriberRow {
    fn from(m: Member) -> Self {
        SubscriberRow {
            id: *m.id,
            list_id: *m.list_id,
            email: m.email.0,
            state: m.state.into(),
            values: m.merges.iter().map(|(n, v)| (n, v.to_string())).collect(),
            subscribed_at: service_time(m.optin_time.as_deref()),
            unsubscribed_at: service_time(m.unsub_time.as_deref()),
            edited_at: service_time(m.lastedit_time.as_deref()),
            rating: *m.rating,
        }
    }
}

/// The service's sortable subscriber fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum SubscriberSort {
    Email,
    State,
    SubscribedAt,
    EditedAt,
    UnsubscribedAt,
    Rating,
}

impl SubscriberSort {
    pub(super) fn wire(self) -> &'static str {
        match self {
            SubscriberSort::Email => "email",
            SubscriberSort::State => "state",
            SubscriberSort::SubscribedAt => "optin_time",
            SubscriberSort::EditedAt => "lastedit_time",
            SubscriberSort::UnsubscribedAt => "unsub_time",
            SubscriberSort::Rating => "rating",
        }
    }
}

/// Which page of which subscribers: the table's filter, and where it is
/// scrolled to.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberQuery {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub filter: super::SubscriberFilter,
    pub start: u64,
    pub limit: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberPage {
    pub start: u64,
    pub rows: Vec<SubscriberRow>,
    pub has_more: bool,
}

/// What the members table shows, without where it is scrolled to: the
/// same filter and order the table reads its pages with.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberFilter {
    pub list_id: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub state: Option<SubscriberState>,
    /// A whole address: the service finds subscribers by exact address.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub email: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sort: Option<SubscriberSort>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub descending: Option<bool>,
    /// Only those in this saved segment of the list.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub segment_id: Option<i64>,
    /// Only those who match these conditions, not saved as a segment: the
    /// service lists members by a saved one only, so they are tested here.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub conditions: Option<crate::letter::Segment>,
}

impl SubscriberFilter {
    /// The service's form of it.
    pub(super) fn member_query(&self) -> MemberQuery {
        let email = self.email.as_deref().map(str::trim).filter(|e| !e.is_empty()).map(str::to_string);
        let direction = if self.descending == Some(true) { "desc" } else { "asc" };
        let order = self.sort.map(|s| format!("{} {direction}", s.wire()));
        MemberQuery { state: self.state.map(SubscriberState::wire), order, email, segment_id: self.segment_id }
    }
}

/// How many of a list's members a segment holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SegmentCount {
    /// In any state.
    pub matching: u64,
    /// Those a campaign reaches, when the service says.
    pub active: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_names_the_services_fields() {
        assert_eq!(SubscriberSort::SubscribedAt.wire(), "optin_time");
        assert_eq!(SubscriberSort::EditedAt.wire(), "lastedit_time");
    }

    #[test]
    fn a_subscriber_row_speaks_the_apps_language_not_the_wire() {
        let member: Member = serde_json::from_value(serde_json::json!({
            "id": "7", "list_id": 1, "email": "ann@example.com", "state": "active",
            "merge_1": "Ann", "merge_3": "", "optin_time": "2026-03-12 10:04:00", "rating": "4"
        }))
        .unwrap();
        let row = serde_json::to_value(SubscriberRow::from(member)).unwrap();
        assert_eq!(
            row,
            serde_json::json!({"id": 7, "listId": 1, "email": "ann@example.com", "state": "active", "values": {"1": "Ann"},
                "subscribedAt": "2026-03-12T10:04:00", "unsubscribedAt": null, "editedAt": null, "rating": 4})
        );
    }
}
