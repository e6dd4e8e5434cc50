//! Dialogs: the correspondence with subscribers who reply to campaigns.
//! Only the legacy interface documents them, so these calls use it.

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DialogStatus {
    Open,
    Closed,
    #[serde(other)]
    Unknown,
}

/// A conversation with one subscriber about one campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dialog {
    pub id: loose::Id,
    pub campaign_id: loose::Int,
    pub list_id: loose::Int,
    pub member_id: loose::Int,
    pub subscriber_email: loose::Text,
    pub subject: loose::Text,
    pub status: DialogStatus,
    pub unread_count: loose::Int,
    pub last_message_at: loose::MaybeText,
    pub last_inbound_at: loose::MaybeText,
    pub created_at: loose::MaybeText,
    pub campaign_name: loose::MaybeText,
    pub last_message_preview: loose::MaybeText,
    pub has_attachments: loose::Flag,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    In,
    Out,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DialogAttachment {
    pub id: loose::Id,
    #[serde(flatten)]
    pub file: FileInfo,
}

/// A file's name, type and size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileInfo {
    pub filename: loose::Text,
    pub content_type: loose::Text,
    pub size_bytes: loose::Int,
}

/// One entry of a dialog: a message, or an event (closed, opened).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DialogMessage {
    pub id: loose::Id,
    pub direction: Direction,
    pub kind: loose::Text,
    pub from_email: loose::Text,
    pub from_name: loose::Text,
    pub subject: loose::Text,
    /// The text with quotes of earlier messages removed.
    pub body_text_clean: loose::Text,
    /// The HTML with quotes removed. Untrusted: sanitise before showing.
    pub body_html_clean: loose::Text,
    pub is_read: loose::Flag,
    pub created_at: loose::Text,
    #[serde(default)]
    pub attachments: Vec<DialogAttachment>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DownloadLink {
    /// Valid for 15 minutes.
    pub url: loose::Text,
    #[serde(flatten)]
    pub file: FileInfo,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UnreadByStatus {
    pub open: loose::Int,
    pub closed: loose::Int,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UnreadCount {
    pub total: loose::Int,
    #[serde(default)]
    pub by_status: UnreadByStatus,
}

/// Which dialogs a listing returns. `limit` is 1 to 200 (50 when absent).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DialogQuery {
    /// `open` (the default), `closed` or `all`.
    pub status: Option<String>,
    pub unread_only: bool,
    pub campaign_id: Option<i64>,
    pub list_id: Option<i64>,
    /// Searches the subscriber's address, the subject and the campaign name.
    pub search: Option<String>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

fn params(pairs: Value) -> Map<String, Value> {
    match pairs {
        Value::Object(map) => map.into_iter().filter(|(_, v)| !v.is_null()).collect(),
        _ => Map::new(),
    }
}

async fn call<T: serde::de::DeserializeOwned>(
    client: &Client,
    method: &str,
    args: Value,
    read_only: bool,
) -> Result<T> {
    let data = client.legacy(method, params(args), read_only).await?;
    serde_json::from_value(data).map_err(|e| crate::Error::Decode(e.to_string()))
}

/// Newest activity first. Legacy: `dialogs.list`.
pub async fn list(client: &Client, query: &DialogQuery) -> Result<Vec<Dialog>> {
    let args = json!({
        "status": query.status, "unread_only": i32::from(query.unread_only), "campaign_id": query.campaign_id,
        "list_id": query.list_id, "q": query.search, "limit": query.limit, "offset": query.offset,
    });
    call(client, "dialogs.list", args, true).await
}

/// Legacy: `dialogs.get`.
pub async fn get(client: &Client, dialog_id: i64) -> Result<Dialog> {
    call(client, "dialogs.get", json!({"dialog_id": dialog_id}), true).await
}

/// In order; `limit` 1 to 200 (100 when absent). Legacy: `dialogs.messages`.
pub async fn messages(
    client: &Client,
    dialog_id: i64,
    limit: Option<u32>,
    offset: Option<u32>,
) -> Result<Vec<DialogMessage>> {
    call(client, "dialogs.messages", json!({"dialog_id": dialog_id, "limit": limit, "offset": offset}), true).await
}

/// Every entry of a dialog, in order, a page of `limit` (1 to 200) at a
/// time. Legacy: `dialogs.messages`.
pub fn thread(client: &Client, dialog_id: i64) -> crate::paging::Pager<DialogMessage> {
    crate::paging::Pager::legacy(client, "dialogs.messages", params(json!({"dialog_id": dialog_id})))
}

/// Answers the subscriber; answers the new message's id. Legacy:
/// `dialogs.reply`. Never retried: a reply sent twice arrives twice.
pub async fn reply(
    client: &Client,
    dialog_id: i64,
    body_html: &str,
    body_text: &str,
    quote_original: bool,
) -> Result<i64> {
    let args = json!({"dialog_id": dialog_id, "body_html": body_html, "body_text": body_text,
        "quote_original": i32::from(quote_original)});
    let data: Value = call(client, "dialogs.reply", args, false).await?;
    crate::loose::number_at(&data, "message_id")
}

/// Marks one message, or the whole dialog, read. Legacy: `dialogs.markRead`.
pub async fn mark_read(client: &Client, dialog_id: i64, message_id: Option<i64>) -> Result<()> {
    call::<Value>(client, "dialogs.markRead", json!({"dialog_id": dialog_id, "message_id": message_id}), false).await?;
    Ok(())
}

/// Legacy: `dialogs.markUnread`.
pub async fn mark_unread(client: &Client, dialog_id: i64) -> Result<()> {
    call::<Value>(client, "dialogs.markUnread", json!({"dialog_id": dialog_id}), false).await?;
    Ok(())
}

/// Legacy: `dialogs.close`.
pub async fn close(client: &Client, dialog_id: i64) -> Result<()> {
    call::<Value>(client, "dialogs.close", json!({"dialog_id": dialog_id}), false).await?;
    Ok(())
}

/// Legacy: `dialogs.open`.
pub async fn reopen(client: &Client, dialog_id: i64) -> Result<()> {
    call::<Value>(client, "dialogs.open", json!({"dialog_id": dialog_id}), false).await?;
    Ok(())
}

/// Legacy: `dialogs.unreadCount`.
pub async fn unread_count(client: &Client) -> Result<UnreadCount> {
    call(client, "dialogs.unreadCount", json!({}), true).await
}

/// A download link for an attachment, valid 15 minutes. Legacy: `dialogs.attachment`.
pub async fn attachment_link(client: &Client, attachment_id: i64) -> Result<DownloadLink> {
    call(client, "dialogs.attachment", json!({"attachment_id": attachment_id}), true).await
}
