//! A list's subscribers as the members table reads them: a page at a
//! time, filtered by state or address, sorted by the service's fields.

use super::{Action, SubscriberPage, SubscriberQuery, SubscriberRow, MAX_PAGE};
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use crate::views::{service_time, SubscriberState};
use serde::{Deserialize, Serialize};

/// One page of a list's subscribers.
pub async fn subscribers(session: &Session, query: &SubscriberQuery) -> Result<SubscriberPage> {
    if let Some(conditions) = super::matching::narrowing(query.filter.conditions.as_ref()) {
        return super::matching::page(session, query, conditions).await;
    }
    let wanted = query.filter.member_query();
    let client = session.client();
    let list_id = query.filter.list_id;
    // Who left and who complained are the list's own reads; the members' read is for every other view
    // (the contract gives it no "complained" state, and it alone searches and segments).
    let plain = wanted.email.is_none() && wanted.segment_id.is_none();
    let pager = match query.filter.state {
        Some(SubscriberState::Unsubscribed) if plain => {
            api::lists::unsubscribed(client, list_id, wanted.order.as_deref())
        }
        Some(SubscriberState::Complained) if plain => api::lists::complaints(client, list_id, wanted.order.as_deref()),
        _ => api::members::list(client, list_id, &wanted),
    };
    let page = pager
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
