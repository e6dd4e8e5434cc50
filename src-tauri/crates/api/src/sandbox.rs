//! What only the sandbox answers: ways for tests, benchmarks and the demo to
//! put in front of the app what the service's users would send.

use crate::error::Result;
use crate::transport::Client;
use serde::Serialize;

/// A file attached to a reply, its content in base64.
#[derive(Debug, Clone, Serialize)]
pub struct ReplyFile {
    pub filename: String,
    pub content_type: String,
    pub content_base64: String,
}

/// A subscriber's reply, as the sandbox takes it: into `dialog_id`, or into
/// the open dialog of `email` about `campaign_id` (made when there is none).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Reply {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialog_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    pub subject: String,
    pub html: String,
    pub text: String,
    pub attachments: Vec<ReplyFile>,
}

/// Puts a reply into a dialog (`POST /v2/sandbox/replies`); answers the dialog's id.
pub async fn put_reply(client: &Client, reply: &Reply) -> Result<i64> {
    let body = serde_json::to_value(reply).map_err(|e| crate::Error::InvalidRequest(e.to_string()))?;
    client.post(&["sandbox", "replies"], body).await?.id("dialog_id")
}

/// Has the sandbox's moderators return a campaign for changes (`NEED-FIX`):
/// at once if it waits for them, else the moment it is launched
/// (`POST /v2/sandbox/campaigns/{id}/needs-fix`).
pub async fn return_for_changes(client: &Client, campaign_id: i64) -> Result<()> {
    client.post(&["sandbox", "campaigns", &campaign_id.to_string(), "needs-fix"], serde_json::json!({})).await?;
    Ok(())
}

/// Has a scheduled campaign's time come now: the sandbox sends it at its
/// next tick (`POST /v2/sandbox/campaigns/{id}/due`); answers whether it was
/// scheduled.
pub async fn come_due(client: &Client, campaign_id: i64) -> Result<bool> {
    let answer = client.post(&["sandbox", "campaigns", &campaign_id.to_string(), "due"], serde_json::json!({})).await?;
    answer.data["due"].as_bool().ok_or_else(|| crate::Error::Decode(format!("no due in {}", answer.data)))
}

/// How many requests to launch or schedule the campaign reached the
/// sandbox, refused ones included (`GET /v2/sandbox/campaigns/{id}/launches`).
pub async fn launches(client: &Client, campaign_id: i64) -> Result<u64> {
    client.get(&["sandbox", "campaigns", &campaign_id.to_string(), "launches"], &[]).await?.count("launches")
}

/// One request the sandbox answered, as its request log shows it.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct AnsweredRequest {
    /// `v2`, `legacy`, or `file` (a download link).
    pub interface: String,
    /// The HTTP method.
    pub method: String,
    /// The v2 path; for the legacy interface the method called (`dialogs.list`).
    pub path: String,
    pub status: u16,
    /// The service's code when it refused.
    pub code: Option<i64>,
    /// When it came, RFC 3339 UTC.
    pub at: String,
}

impl AnsweredRequest {
    /// Whether the service answered it as throttled (429, or code 58 on the legacy interface).
    pub fn throttled(&self) -> bool {
        self.status == 429 || self.code == Some(crate::error::THROTTLED)
    }
}

/// What the sandbox answered since it started or since [`forget_requests`],
/// oldest first; its own endpoints left out (`GET /v2/sandbox/requests`).
pub async fn requests(client: &Client) -> Result<Vec<AnsweredRequest>> {
    client.get(&["sandbox", "requests"], &[]).await?.decode()
}

/// Empties the sandbox's request log (`DELETE /v2/sandbox/requests`).
pub async fn forget_requests(client: &Client) -> Result<()> {
    client.delete(&["sandbox", "requests"], None).await?;
    Ok(())
}

/// A letter the sandbox's service mailed to the account's owner (a
/// sender's confirmation code), as its outbox keeps it.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct Mailed {
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// What the sandbox mailed, newest first (`GET /v2/sandbox/outbox`).
pub async fn outbox(client: &Client) -> Result<Vec<Mailed>> {
    client.get(&["sandbox", "outbox"], &[]).await?.decode()
}
