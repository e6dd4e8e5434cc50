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
    #[serde(deserialize_with = "loose::int")]
    pub id: i64,
    #[serde(default, deserialize_with = "loose::int")]
    pub campaign_id: i64,
    #[serde(default, deserialize_with = "loose::int")]
    pub list_id: i64,
    #[serde(default, deserialize_with = "loose::int")]
    pub member_id: i64,
    #[serde(default, deserialize_with = "loose::text")]
    pub subscriber_email: String,
    #[serde(default, deserialize_with = "loose::text")]
    pub subject: String,
    pub status: DialogStatus,
    #[serde(default, deserialize_with = "loose::int")]
    pub unread_count: i64,
    #[serde(default, deserialize_with = "loose::opt_text")]
    pub last_message_at: Option<String>,
    #[serde(default, deserialize_with = "loose::opt_text")]
    pub last_inbound_at: Option<String>,
    #[serde(default, deserialize_with = "loose::opt_text")]
    pub created_at: Option<String>,
    #[serde(default, deserialize_with = "loose::opt_text")]
    pub campaign_name: Option<String>,
    #[serde(default, deserialize_with = "loose::opt_text")]
    pub last_message_preview: Option<String>,
    #[serde(default, deserialize_with = "loose::flag")]
    pub has_attachments: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    In,
    Out,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DialogAttachment {
    #[serde(deserialize_with = "loose::int")]
    pub id: i64,
    #[serde(flatten)]
    pub file: FileInfo,
}

/// A file's name, type and size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileInfo {
    #[serde(default, deserialize_with = "loose::text")]
    pub filename: String,
    #[serde(default, deserialize_with = "loose::text")]
    pub content_type: String,
    #[serde(default, deserialize_with = "loose::int")]
    pub size_bytes: i64,
}

/// One entry of a dialog: a message, or an event (closed, opened).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DialogMessage {
    #[serde(deserialize_with = "loose::int")]
    pub id: i64,
    pub direction: Direction,
    #[serde(default, deserialize_with = "loose::text")]
    pub kind: String,
    #[serde(default, deserialize_with = "loose::text")]
    pub from_email: String,
    #[serde(default, deserialize_with = "loose::text")]
    pub from_name: String,
    #[serde(default, deserialize_with = "loose::text")]
    pub subject: String,
    /// The text with quotes of earlier messages removed.
    #[serde(default, deserialize_with = "loose::text")]
    pub body_text_clean: String,
    /// The HTML with quotes removed. Untrusted: sanitise before showing.
    #[serde(default, deserialize_with = "loose::text")]
    pub body_html_clean: String,
    #[serde(default, deserialize_with = "loose::flag")]
    pub is_read: bool,
    #[serde(default, deserialize_with = "loose::text")]
    pub created_at: String,
    #[serde(default)]
    pub attachments: Vec<DialogAttachment>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DownloadLink {
    /// Valid for 15 minutes.
    #[serde(default, deserialize_with = "loose::text")]
    pub url: String,
    #[serde(flatten)]
    pub file: FileInfo,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UnreadByStatus {
    #[serde(default, deserialize_with = "loose::int")]
    pub open: i64,
    #[serde(default, deserialize_with = "loose::int")]
    pub closed: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UnreadCount {
    #[serde(default, deserialize_with = "loose::int")]
    pub total: i64,
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
