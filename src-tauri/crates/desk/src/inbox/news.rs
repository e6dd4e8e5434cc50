//! New replies, announced: the app's badge on its icon shows the unread
//! count, and a reply from a person (not an auto-reply or a failure notice,
//! which triage folds away) raises a system notification.

use super::triage::ReplyKind;
use super::{dialogs, unread, DialogFilter, DialogQuery, UnreadCounts};
use crate::desk::Session;
use crate::error::Result;
use crate::Desk;
use serde::Serialize;
use std::sync::Arc;

/// A reply that came in since the last look.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NewReply {
    pub dialog_id: i64,
    pub subscriber: String,
    pub subject: String,
    pub preview: Option<String>,
    pub kind: ReplyKind,
}

/// Shows the number on the app's icon (`None` clears it), where the OS has one.
pub type Badge = Arc<dyn Fn(Option<i64>) + Send + Sync>;
/// Shows a system notification with a title and a body.
pub type Notifier = Arc<dyn Fn(&str, &str) + Send + Sync>;

/// How many of the newest unread dialogs are looked at for new replies.
const LOOKED_AT: u32 = 20;

/// Replies from people that came in since the last call, newest first. The
/// first call in a session only notes where things stand: what waited
/// before the app opened is in the inbox, not news.
pub async fn new_replies(session: &Session) -> Result<Vec<NewReply>> {
    let query =
        DialogQuery { filter: DialogFilter::Open, unread_only: true, limit: LOOKED_AT, ..DialogQuery::default() };
    let page = dialogs(session, &query).await?;
    let newest = page.rows.iter().filter_map(|r| r.last_message_at.clone()).max();
    let mut announced = session.announced.lock().map_err(|_| crate::DeskError::Internal { detail: "lock".into() })?;
    let Some(since) = announced.clone() else {
        *announced = Some(newest.unwrap_or_default());
        return Ok(Vec::new());
    };
    if let Some(newest) = newest.filter(|n| *n > since) {
        *announced = Some(newest);
    }
    Ok(page
        .rows
        .into_iter()
        .filter(|r| r.last_message_at.as_deref().is_some_and(|at| at > since.as_str()))
        .filter(|r| !matches!(r.kind, ReplyKind::AutoReply | ReplyKind::Failure))
        .map(|r| NewReply {
            dialog_id: r.id,
            subscriber: r.subscriber,
            subject: r.subject,
            preview: r.preview,
            kind: r.kind,
        })
        .collect())
}

/// The hooks replies are announced through.
#[derive(Default)]
pub(crate) struct Announcing {
    badge: crate::slot::Slot<Badge>,
    notifier: crate::slot::Slot<Notifier>,
}

impl Desk {
    /// How the app shows a number on its icon and system notifications, set as it starts.
    pub fn set_announcers(&self, badge: Badge, notifier: Notifier) {
        self.announcing.badge.set(badge);
        self.announcing.notifier.set(notifier);
    }

    /// The unread counts, also shown on the app's icon.
    pub async fn unread_counts(&self) -> Result<UnreadCounts> {
        let counts = unread(&self.session().await?).await?;
        if let Some(badge) = self.announcing.badge.get() {
            badge((counts.open > 0).then_some(counts.open));
        }
        Ok(counts)
    }

    /// Shows a system notification written by the page (in the user's language).
    pub fn notify(&self, title: &str, body: &str) {
        if let Some(notifier) = self.announcing.notifier.get() {
            notifier(title, body);
        }
    }
}
