//! Which of a list's subscribers an export or a change of many is for:
//! the rows the user ticked, or everything the table's filter matches.

use super::{Action, SubscriberFilter, SubscriberRow, MAX_PAGE};
use crate::error::{failed, Result};
use crate::session::Session;
use crate::views::SubscriberState;
use serde::Deserialize;

impl SubscriberFilter {
    /// Its subscribers from the first, a page of the most the service gives at a time.
    pub(super) fn pages(&self, session: &Session) -> super::matching::MatchingPages {
        let pager = api::members::list(session.client(), self.list_id, &self.member_query()).page_size(MAX_PAGE);
        super::matching::MatchingPages::new(pager, self.conditions.as_ref())
    }

    /// How many it matches, from the list's counts; unknown for an address
    /// (none or one, but which only reading tells) and a segment.
    pub(super) async fn count(&self, session: &Session, action: Action) -> Result<Option<u64>> {
        if self.email.as_deref().is_some_and(|e| !e.trim().is_empty())
            || self.segment_id.is_some()
            || super::matching::narrowing(self.conditions.as_ref()).is_some()
        {
            return Ok(None);
        }
        let list = api::lists::get(session.client(), self.list_id).await.map_err(failed(action))?;
        let counts = super::ListSummary::from(&list).counts;
        let n = match self.state {
            None => counts.all,
            Some(SubscriberState::Active) => counts.active,
            Some(SubscriberState::Unsubscribed) => counts.unsubscribed,
            Some(SubscriberState::Bounced) => counts.bounced,
            Some(SubscriberState::Complained) => counts.complained,
            Some(SubscriberState::Unconfirmed) => counts.unconfirmed,
            Some(SubscriberState::Inactive) => counts.inactive,
            Some(SubscriberState::Unknown) => return Ok(None),
        };
        Ok(Some(n.max(0) as u64))
    }
}

/// Which subscribers, of one list.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Chosen {
    /// Everything the filter matches, read from the service when the work starts.
    Matching(SubscriberFilter),
    /// The rows the user ticked in the list, as the table showed them.
    Rows { list_id: i64, rows: Vec<SubscriberRow> },
}

impl Chosen {
    /// The list they are in.
    pub fn list_id(&self) -> i64 {
        match self {
            Chosen::Matching(filter) => filter.list_id,
            Chosen::Rows { list_id, .. } => *list_id,
        }
    }
}
