//! The dialog list: its pages, the campaigns and lists it can be narrowed
//! to, the unread counts, and how the marketer filed a sender's replies.

use super::known::{CampaignRef, Known};
use super::marks::Marks;
use super::{wire, DialogFilter, DialogRow, ReplyKind, PAGE_MAX};
use crate::error::{failed, Result};
use crate::inbox::Action;
use crate::listings::{self, Fresh};
use crate::session::Session;
use api::dialogs::Dialog;
use serde::{Deserialize, Serialize};

/// What the dialog list asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DialogQuery {
    pub filter: DialogFilter,
    pub unread_only: bool,
    pub campaign_id: Option<i64>,
    pub list_id: Option<i64>,
    /// Searches the subscriber's address, the subject and the campaign's name.
    pub search: Option<String>,
    pub offset: u32,
    pub limit: u32,
}

/// A page of the dialog list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DialogPage {
    pub rows: Vec<DialogRow>,
    pub offset: u32,
    /// Whether more dialogs follow this page.
    pub has_more: bool,
}

/// A dialog's page of rows; one more than asked is read to know whether
/// more follow.
pub async fn dialogs(session: &Session, query: &DialogQuery) -> Result<DialogPage> {
    let limit = query.limit.clamp(1, PAGE_MAX - 1);
    let search = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(String::from);
    let wire_query = wire::DialogQuery {
        status: Some(query.filter.wire().to_string()),
        unread_only: query.unread_only,
        campaign_id: query.campaign_id,
        list_id: query.list_id,
        search,
        limit: Some(limit + 1),
        offset: Some(query.offset),
    };
    let mut rows = wire::list(session.client(), &wire_query).await.map_err(failed(Action::LoadDialogs))?;
    session.state::<Known>().remember_dialogs(&rows);
    let has_more = rows.len() > limit as usize;
    rows.truncate(limit as usize);
    let rows = rows.into_iter().map(|d| marked_row(session, d)).collect();
    Ok(DialogPage { rows, offset: query.offset, has_more })
}

/// A dialog's row, filed as the marketer filed its sender when they did.
pub(super) fn marked_row(session: &Session, dialog: Dialog) -> DialogRow {
    match session.state::<Marks>().of(&dialog.subscriber_email) {
        Some(mark) => DialogRow::new(dialog, mark),
        None => DialogRow::from(dialog),
    }
}

/// Files every reply from `sender` as `kind` from now on, ahead of the
/// classifier; `None` gives them back to it.
pub fn mark_sender(session: &Session, sender: &str, kind: Option<ReplyKind>) -> Result<()> {
    session.state::<Marks>().mark(sender, kind)
}

/// A dialog's record: as the list or an earlier read showed it when it did
/// (who it is with and what it answers never change; what does is read with
/// its thread), else read now.
pub(super) async fn record(session: &Session, dialog_id: i64, action: Action) -> Result<Dialog> {
    if let Some(known) = session.state::<Known>().dialog(dialog_id) {
        return Ok(known);
    }
    let dialog = wire::get(session.client(), dialog_id).await.map_err(failed(action))?;
    session.state::<Known>().remember_dialogs([&dialog]);
    Ok(dialog)
}

/// What replies can be narrowed to: the campaigns that went out and the lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplySources {
    pub campaigns: Vec<SourceOption>,
    pub lists: Vec<SourceOption>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SourceOption {
    pub id: i64,
    pub name: String,
}

/// The campaigns that were sent (newest first) and the lists, for the
/// inbox's filters.
pub async fn sources(session: &Session) -> Result<ReplySources> {
    let (campaigns, lists) =
        tokio::join!(crate::sent::sent_campaigns(session, Fresh::Named), listings::lists(session, Fresh::Named));
    let campaigns = campaigns.map_err(failed(Action::LoadDialogs))?;
    let lists = lists.map_err(failed(Action::LoadDialogs))?;
    // What a replier's panel shows of their campaign and list, known now.
    session.state::<Known>().remember_campaigns(campaigns.iter().map(CampaignRef::from));
    for list in &lists {
        session.state::<Known>().remember_fields(*list.id, list.fields());
    }
    Ok(ReplySources {
        campaigns: campaigns.iter().map(|c| SourceOption { id: *c.id, name: crate::sent::display_name(c) }).collect(),
        lists: lists.into_iter().map(|l| SourceOption { id: *l.id, name: l.name.0 }).collect(),
    })
}

/// Unread messages, in open and in closed dialogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UnreadCounts {
    pub total: i64,
    pub open: i64,
    pub closed: i64,
}

pub async fn unread(session: &Session) -> Result<UnreadCounts> {
    let counts = wire::unread_count(session.client()).await.map_err(failed(Action::CountUnread))?;
    Ok(UnreadCounts { total: *counts.total, open: *counts.by_status.open, closed: *counts.by_status.closed })
}
