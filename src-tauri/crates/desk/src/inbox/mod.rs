//! The dialogs inbox: subscribers' replies to campaigns, read and answered.
//! The service documents dialogs only in its legacy interface, so every call
//! here uses it (through `api::dialogs`). By verb: [`listing`] (the list,
//! its filters and counts), [`thread`] (a dialog read, with its replier
//! beside it), [`marking`] (read, unread, closed, opened), [`replying`],
//! [`replier`] (who wrote, and unsubscribing them), [`attachments`]; what
//! a session has read already is in `known`.

mod commands;

pub use commands::AREA;

pub mod attachments;
pub mod kept;
pub(crate) mod known;
pub mod listing;
pub mod marking;
pub(crate) mod marks;
pub mod news;
pub mod quoted;
pub mod replier;
pub mod replying;
pub mod thread;
pub mod triage;
mod walk;

pub use attachments::{pick_and_save_attachment, preview_attachment, save_attachment, AttachmentView};
pub use known::CampaignRef;
pub use listing::{
    dialogs, mark_sender, sources, unread, DialogPage, DialogQuery, ReplySources, SourceOption, UnreadCounts,
};
pub use marking::{close, mark_read, mark_unread, reopen};
pub use replier::{
    activity as replier_activity, replier, unsubscribe_replier, ActivityAction, ActivityView, ReplierField, ReplierView,
};
pub use replying::{plain_html, reply, ReplyDraft, SentReply};
pub use thread::{message_with_images, thread, DialogEvent, MessageView, ThreadEntry, ThreadRead, ThreadView};

use crate::views::service_time;
use api::dialogs::{self as wire, Dialog, DialogStatus};
use serde::{Deserialize, Serialize};
use triage::{triage, Reply, ReplyKind, Sign};

crate::codes! {
    /// What the user was doing in the inbox, when something failed.
    pub enum Action: Action { LoadDialogs, LoadThread, SendReply, CloseDialog, ReopenDialog, MarkRead, MarkUnread, MarkSender, CountUnread, LoadSubscriber, Unsubscribe, LoadAttachment, SaveAttachment }
    /// A field of the inbox' forms, named when its value is refused.
    pub enum Field: FormField { Reply }
}

/// The service's most dialogs or messages per request.
const PAGE_MAX: u32 = 200;

/// Which dialogs the list shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DialogFilter {
    #[default]
    Open,
    Closed,
    All,
}

impl DialogFilter {
    fn wire(self) -> &'static str {
        match self {
            DialogFilter::Open => "open",
            DialogFilter::Closed => "closed",
            DialogFilter::All => "all",
        }
    }
}

/// A dialog's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DialogState {
    Open,
    Closed,
}

impl From<DialogStatus> for DialogState {
    fn from(status: DialogStatus) -> Self {
        match status {
            DialogStatus::Closed => DialogState::Closed,
            DialogStatus::Open | DialogStatus::Unknown => DialogState::Open,
        }
    }
}

/// One row of the dialog list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DialogRow {
    pub id: i64,
    pub subscriber: String,
    pub subject: String,
    pub campaign_id: i64,
    pub campaign_name: Option<String>,
    pub list_id: i64,
    pub member_id: i64,
    pub state: DialogState,
    /// The start of the latest message, up to 250 characters.
    pub preview: Option<String>,
    pub last_message_at: Option<String>,
    pub unread: i64,
    pub has_attachments: bool,
    /// What the latest message reads as: the inbox puts people first.
    pub kind: ReplyKind,
    /// What gave the kind away.
    pub sign: Sign,
}

impl From<Dialog> for DialogRow {
    fn from(d: Dialog) -> Self {
        let text = d.last_message_preview.as_deref().unwrap_or_default();
        let read = triage(&Reply { subject: &d.subject, from: &d.subscriber_email, text, ..Default::default() });
        DialogRow::new(d, read)
    }
}

impl DialogRow {
    fn new(d: Dialog, read: triage::Triage) -> Self {
        DialogRow {
            kind: read.kind,
            sign: read.sign,
            id: *d.id,
            subscriber: d.subscriber_email.0,
            subject: d.subject.0,
            campaign_id: *d.campaign_id,
            campaign_name: d.campaign_name.0,
            list_id: *d.list_id,
            member_id: *d.member_id,
            state: d.status.into(),
            preview: d.last_message_preview.0,
            last_message_at: service_time(d.last_message_at.as_deref()),
            unread: *d.unread_count,
            has_attachments: *d.has_attachments,
        }
    }
}
