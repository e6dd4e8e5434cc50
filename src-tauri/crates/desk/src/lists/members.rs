//! A list's subscribers as the members table reads them: a page at a
//! time, filtered by state or address, sorted by the service's fields.

use super::{Action, MAX_PAGE};
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use crate::views::{service_time, SubscriberState};
use api::members::Member;
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

/// One page of a list's subscribers.
pub async fn subscribers(session: &Session, query: &SubscriberQuery) -> Result<SubscriberPage> {
    if let Some(conditions) = super::matching::narrowing(query.filter.conditions.as_ref()) {
        return super::matching::page(session, query, conditions).await;
    }
    let page = api::members::list(session.client(), query.filter.list_id, &query.filter.member_query())
        .starting_at(query.start)
        .page_size(query.limit.clamp(1, MAX_PAGE))
        .next_page()
        .await
        .map_err(failed(Action::LoadSubscribers))?;
    Ok(match page {
        Some(page) => SubscriberPage {
            start: page.start,
            rows: page.items.into_iter().map(SubscriberRow::from).collect(),
            has_more: page.has_more,
        },
        None => SubscriberPage { start: query.start, rows: vec![], has_more: false },
    })
}

/// Who of the account's subscribers to show across every list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum AcrossLists {
    Unsubscribed,
    Complained,
}

/// A page of who unsubscribed or complained, in every list of the account.
pub async fn across_lists(session: &Session, who: AcrossLists, start: u64, limit: u64) -> Result<SubscriberPage> {
    let limit = limit.clamp(1, MAX_PAGE);
    let wire = match who {
        AcrossLists::Unsubscribed => api::members::Everywhere::Unsubscribed,
        AcrossLists::Complained => api::members::Everywhere::Complained,
    };
    let rows = api::members::everywhere(session.client(), wire, start, limit)
        .await
        .map_err(failed(Action::LoadSubscribers))?;
    let has_more = rows.len() as u64 == limit;
    Ok(SubscriberPage { start, rows: rows.into_iter().map(SubscriberRow::from).collect(), has_more })
}

/// An address's record in one of the account's lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AddressRecord {
    pub list_id: i64,
    pub member_id: i64,
    pub email: String,
    pub state: SubscriberState,
    pub subscribed_at: Option<String>,
}

/// Where an address is among every list of the account, and in which
/// state: one request, whatever the number of lists. None is no error.
pub async fn find_address(session: &Session, email: &str) -> Result<Vec<AddressRecord>> {
    let email = email.trim();
    if email.is_empty() {
        return Ok(Vec::new());
    }
    match api::members::find(session.client(), email).await {
        Ok(found) => Ok(found
            .into_iter()
            .map(|m| AddressRecord {
                list_id: *m.list_id,
                member_id: *m.id,
                email: m.email.0,
                state: m.state.into(),
                subscribed_at: service_time(m.optin_time.as_deref()),
            })
            .collect()),
        // The service's "no such subscriber": in no list.
        Err(err) if err.status() == Some(404) && err.code() == Some(9) => Ok(Vec::new()),
        Err(err) => Err(DeskError::from_api(err, Action::FindAddress)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn sorting_names_the_services_fields() {
        assert_eq!(SubscriberSort::SubscribedAt.wire(), "optin_time");
        assert_eq!(SubscriberSort::EditedAt.wire(), "lastedit_time");
    }
}
