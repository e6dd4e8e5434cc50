//! What the routes left: messages a store action kept (until their time to
//! live runs out), with their files; and what each webhook, notification
//! and forward came to.

use super::{refusal, Action};
use crate::clean::{clean, RemoteImages};
use crate::command::Cx;
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use crate::settle::settled;
use api::router::{RouteDelivery, StoredMessage};
use serde::Serialize;

/// How many rows a page of messages or deliveries holds.
const PAGE: u64 = 50;

/// A kept message in the list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StoredMessageRow {
    pub id: i64,
    /// The route that kept it; `None` when the service does not say.
    pub route_id: Option<i64>,
    pub recipient: String,
    pub from: String,
    pub subject: String,
    /// When it arrived and when it will be gone (the service's time, ISO).
    pub received: Option<String>,
    pub expires: Option<String>,
}

impl From<&StoredMessage> for StoredMessageRow {
    fn from(m: &StoredMessage) -> Self {
        StoredMessageRow {
            id: *m.id,
            route_id: m.route_id.0,
            recipient: printable::printable(&m.recipient),
            from: printable::printable(&m.from),
            subject: printable::printable(&m.subject),
            received: crate::views::service_time(Some(&m.received)),
            expires: crate::views::service_time(Some(&m.expires)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StoredMessagesPage {
    pub rows: Vec<StoredMessageRow>,
    pub more: bool,
}

/// A file that came with a kept message.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StoredFileView {
    pub id: i64,
    /// The sender's file name made safe: what the page shows is what the save dialog offers.
    pub filename: String,
    pub content_type: String,
    pub size: i64,
}

/// One kept message, whole: its HTML cleaned for the sandboxed frame.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StoredMessageView {
    pub row: StoredMessageRow,
    /// The envelope sender.
    pub sender: String,
    pub text: String,
    pub html: String,
    pub headers: Vec<(String, String)>,
    pub files: Vec<StoredFileView>,
}

/// What became of one webhook post, notification or forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DeliveryState {
    Queued,
    Delivered,
    Failed,
    Forwarded,
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryRow {
    pub id: i64,
    pub route_id: i64,
    /// `webhook`, `notify` or `forward`, as the service names it.
    pub action: String,
    /// The URL or the address it went to.
    pub target: String,
    pub state: DeliveryState,
    /// The receiver's HTTP status, when it answered.
    pub response_code: Option<i64>,
    pub error: String,
    pub created: Option<String>,
}

impl From<RouteDelivery> for DeliveryRow {
    fn from(d: RouteDelivery) -> Self {
        let state = match d.status.trim().to_ascii_lowercase().as_str() {
            "queued" => DeliveryState::Queued,
            "delivered" => DeliveryState::Delivered,
            "failed" => DeliveryState::Failed,
            "forwarded" => DeliveryState::Forwarded,
            _ => DeliveryState::Unknown,
        };
        DeliveryRow {
            id: *d.id,
            route_id: *d.route_id,
            action: printable::printable(&d.action),
            target: printable::printable(&d.target),
            state,
            response_code: d.response_code.0,
            error: printable::printable(&d.error.or_empty()),
            created: crate::views::service_time(d.created.0.as_deref()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DeliveriesPage {
    pub rows: Vec<DeliveryRow>,
    pub more: bool,
}

/// A page of kept messages from `start`, newest first.
pub async fn messages(session: &Session, start: u64) -> Result<StoredMessagesPage> {
    let mut pager = api::router::messages(session.client()).starting_at(start).page_size(PAGE);
    let page = pager.next_page().await.map_err(failed(Action::LoadStoredMessages))?;
    Ok(match page {
        Some(page) => StoredMessagesPage { more: page.has_more, rows: page.items.iter().map(Into::into).collect() },
        None => StoredMessagesPage { rows: vec![], more: false },
    })
}

/// A kept message, whole.
pub async fn message(session: &Session, id: i64) -> Result<StoredMessageView> {
    let m = api::router::message(session.client(), id).await.map_err(failed(Action::LoadStoredMessage))?;
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    Ok(StoredMessageView {
        row: (&m).into(),
        sender: printable::printable(&m.sender),
        text: m.text.or_empty(),
        html: clean(&m.html.or_empty(), RemoteImages::Held).html,
        headers: m
            .headers
            .iter()
            .flatten()
            .map(|(name, value)| (printable::printable(name), printable::printable(&text(value))))
            .collect(),
        files: m
            .attachments
            .iter()
            .map(|f| StoredFileView {
                id: *f.id,
                filename: crate::names::safe_file_name(&f.filename),
                content_type: f.content_type.0.clone(),
                size: *f.size,
            })
            .collect(),
    })
}

/// Asks where to save a kept message's file (suggesting its name) and
/// saves it there whole; `None` when the user cancels.
pub async fn save_attachment(cx: &Cx<'_>, message_id: i64, file_id: i64, filename: &str) -> Result<Option<u64>> {
    use base64::Engine;
    let session = cx.session().await?;
    let Some(path) = cx.pick_save_path(filename).await else { return Ok(None) };
    let file = api::router::message_attachment(session.client(), message_id, file_id)
        .await
        .map_err(failed(Action::SaveStoredFile))?;
    let bytes = base64::engine::general_purpose::STANDARD.decode(file.content.trim().as_bytes()).map_err(|e| {
        DeskError::UnreadableAnswer {
            action: Action::SaveStoredFile.into(),
            detail: format!("the file's content: {e}"),
        }
    })?;
    crate::files::save(&path, bytes, Action::SaveStoredFile).await.map(Some)
}

/// Removes a kept message before its time runs out.
pub async fn delete_message(session: &Session, id: i64) -> Result<()> {
    let client = session.client();
    let sent = api::router::delete_message(client, id).await.map_err(refusal(session, Action::DeleteStoredMessage));
    let found = async {
        match api::router::message(client, id).await {
            Err(err) if err.code() == Some(4) => Some(()),
            _ => None,
        }
    };
    settled(sent, found).await
}

/// A page of deliveries from `start`, newest first.
pub async fn deliveries(session: &Session, start: u64) -> Result<DeliveriesPage> {
    let mut pager = api::router::deliveries(session.client()).starting_at(start).page_size(PAGE);
    let page = pager.next_page().await.map_err(failed(Action::LoadDeliveries))?;
    Ok(match page {
        Some(page) => DeliveriesPage { more: page.has_more, rows: page.items.into_iter().map(Into::into).collect() },
        None => DeliveriesPage { rows: vec![], more: false },
    })
}

/// One delivery as it stands now (a queued one may have been made since).
pub async fn delivery(session: &Session, id: i64) -> Result<DeliveryRow> {
    api::router::delivery(session.client(), id).await.map(Into::into).map_err(failed(Action::LoadDeliveries))
}
