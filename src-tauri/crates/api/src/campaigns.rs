//! Mass campaigns: `/campaigns`. Creating never sends; launching is an
//! update with a status, as the service defines it.

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING-KEBAB-CASE")]
pub enum CampaignStatus {
    Draft,
    Moderating,
    Schedule,
    Created,
    Processing,
    Sent,
    Paused,
    Template,
    Subscribe,
    Trigger,
    Blocked,
    BlockedSpam,
    Deleted,
    NeedFix,
    #[serde(other)]
    Unknown,
}

/// A campaign record. Unknown fields are kept in `extra`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    pub id: loose::Id,
    pub status: CampaignStatus,
    pub list_id: loose::Ids,
    pub name: loose::MaybeText,
    pub subject: loose::MaybeText,
    pub from_name: loose::MaybeText,
    pub from_email: loose::MaybeText,
    pub html: loose::MaybeText,
    pub plain_text: loose::MaybeText,
    pub amp_html: loose::MaybeText,
    /// `Y` (the default) or `N`.
    pub track_opens: loose::MaybeText,
    pub track_clicks: loose::MaybeText,
    /// `N`, or what adds analytics labels to links.
    pub analytics: loose::MaybeText,
    pub analytics_tag: loose::MaybeText,
    pub analytics_source: loose::MaybeText,
    pub analytics_medium: loose::MaybeText,
    /// Gradual sending: at most `limit` messages every `wait_time` seconds.
    pub limit: loose::MaybeInt,
    pub wait_time: loose::MaybeInt,
    /// `Y`: a scheduled send goes at its hour in each subscriber's own time zone.
    #[serde(default)]
    pub allow_time_zone: loose::MaybeText,
    /// `Y`: the service delivers at each subscriber's best time.
    #[serde(default)]
    pub allow_best_time: loose::MaybeText,
    /// Segment conditions by list, as the service stores them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub esegment: Option<Value>,
    pub delivery_time: loose::MaybeText,
    /// `html`, or `online_builder` for a letter made in the service's own
    /// drag-and-drop builder (which keeps its blocks to itself).
    #[serde(default, rename = "type")]
    pub kind: loose::MaybeText,
    pub emails_sent: loose::Int,
    pub folder_id: loose::Int,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A campaign's content and settings; what is `None` is not sent, so on an
/// update it keeps its value.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CampaignContent {
    #[serde(skip_serializing_if = "Option::is_none", rename = "list_id")]
    pub list_ids: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_email: Option<String>,
    /// Layout code, an HTML template's number, or `tmpl<campaign_id>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plain_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amp_html: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub esegment: Option<Value>,
    /// `Y` or `N`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_opens: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_clicks: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analytics: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analytics_tag: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analytics_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analytics_medium: Option<String>,
    /// Gradual sending: at most `limit` messages every `wait_time` seconds (0 lifts it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait_time: Option<u32>,
    /// `Y` or `N`: a scheduled send in each subscriber's own time zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_time_zone: Option<String>,
    /// `Y` or `N`: delivery at each subscriber's best time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_best_time: Option<String>,
}

/// Which campaigns a listing returns.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CampaignFilter {
    pub status: Option<CampaignStatus>,
    pub list_id: Option<i64>,
    pub limit: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attachment {
    pub id: loose::Id,
    pub campaign_id: loose::Int,
    pub name: loose::Text,
    pub size: loose::Int,
    pub updated_at: loose::MaybeText,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Folder {
    pub id: loose::Id,
    pub name: loose::Text,
    pub count: loose::Int,
}

fn status_text(status: CampaignStatus) -> String {
    serde_json::to_value(status).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

fn id_path(campaign_id: i64, tail: Option<&str>) -> Vec<String> {
    let mut path = vec!["campaigns".to_string(), campaign_id.to_string()];
    path.extend(tail.map(str::to_string));
    path
}

fn body_of(content: &CampaignContent) -> Value {
    serde_json::to_value(content).unwrap_or_else(|_| json!({}))
}

/// Campaigns, newest first. Legacy: `campaigns.get`.
pub async fn list(client: &Client, filter: &CampaignFilter) -> Result<Vec<Campaign>> {
    let mut query = Vec::new();
    if let Some(status) = filter.status {
        query.push(("status", status_text(status)));
    }
    if let Some(list_id) = filter.list_id {
        query.push(("list_id", list_id.to_string()));
    }
    if let Some(limit) = filter.limit {
        query.push(("limit", limit.to_string()));
    }
    client.get(&["campaigns"], &query).await?.decode()
}

async fn one(client: &Client, campaign_id: i64, query: &[(&str, String)]) -> Result<Campaign> {
    let found: Vec<Campaign> = client.get(&id_path(campaign_id, None), query).await?.decode()?;
    found
        .into_iter()
        .next()
        .ok_or_else(|| crate::Error::Decode(format!("the service sent no record for campaign {campaign_id}")))
}

/// One campaign. Legacy: `campaigns.get` with `campaign_id`.
pub async fn get(client: &Client, campaign_id: i64) -> Result<Campaign> {
    one(client, campaign_id, &[]).await
}

/// One campaign as a subscriber would receive it: variables filled in.
/// Legacy: `campaigns.get` with `campaign_id` and `member_id`.
pub async fn personalized(client: &Client, campaign_id: i64, member_id: i64) -> Result<Campaign> {
    one(client, campaign_id, &[("member_id", member_id.to_string())]).await
}

/// Creates a draft and answers its id. Legacy: `campaigns.create`.
pub async fn create(client: &Client, content: &CampaignContent) -> Result<i64> {
    let reply = client.post(&["campaigns"], body_of(content)).await?;
    reply.id("campaign_id")
}

/// Changes a draft. Legacy: `campaigns.update`.
pub async fn update(client: &Client, campaign_id: i64, content: &CampaignContent) -> Result<()> {
    client.put(&id_path(campaign_id, None), body_of(content)).await?;
    Ok(())
}

async fn set_status(client: &Client, campaign_id: i64, status: &str, delivery_time: Option<&str>) -> Result<()> {
    let mut body = json!({"status": status});
    if let Some(time) = delivery_time {
        body["delivery_time"] = json!(time);
    }
    client.put(&id_path(campaign_id, None), body).await?;
    Ok(())
}

/// Sends a draft to moderation; it goes out right after moderation passes.
/// The service checks the content rules (unsubscribe link and the rest)
/// first. Legacy: `campaigns.update` with `status=MODERATING`. Never retried.
pub async fn launch(client: &Client, campaign_id: i64) -> Result<()> {
    set_status(client, campaign_id, "MODERATING", None).await
}

/// Plans a draft for `delivery_time` (`YYYY-MM-DD HH:MM:SS`). Legacy:
/// `campaigns.update` with `status=SCHEDULE`.
pub async fn schedule(client: &Client, campaign_id: i64, delivery_time: &str) -> Result<()> {
    set_status(client, campaign_id, "SCHEDULE", Some(delivery_time)).await
}

/// Takes a scheduled or moderating campaign back to a draft. v2 only (the
/// public clients' `/unschedule`; the legacy form is `campaigns.update`).
pub async fn unschedule(client: &Client, campaign_id: i64) -> Result<()> {
    set_status(client, campaign_id, "DRAFT", None).await
}

/// Legacy: `campaigns.delete`.
pub async fn delete(client: &Client, campaign_id: i64) -> Result<()> {
    client.delete(&id_path(campaign_id, None), None).await?;
    Ok(())
}

/// A draft copy; answers its id. Legacy: `campaigns.copy`.
pub async fn copy(client: &Client, campaign_id: i64) -> Result<i64> {
    let reply = client.post(&id_path(campaign_id, Some("copy")), json!({})).await?;
    reply.id("campaign_id")
}

/// Legacy: `campaigns.pause`.
pub async fn pause(client: &Client, campaign_id: i64) -> Result<()> {
    client.post(&id_path(campaign_id, Some("pause")), json!({})).await?;
    Ok(())
}

/// Legacy: `campaigns.restart_paused`.
pub async fn resume(client: &Client, campaign_id: i64) -> Result<()> {
    client.post(&id_path(campaign_id, Some("resume")), json!({})).await?;
    Ok(())
}

/// A new campaign to those who did not open a sent one; answers its id.
/// Legacy: `campaigns.resend_unopened`. Never retried.
pub async fn resend_unopened(client: &Client, campaign_id: i64, changes: &CampaignContent) -> Result<i64> {
    let reply = client.post(&id_path(campaign_id, Some("resend")), body_of(changes)).await?;
    reply.id("campaign_id")
}

/// Attaches a file by its address; answers the attachment's id. Legacy: `campaigns.attach`.
pub async fn attach(client: &Client, campaign_id: i64, url: &str, name: Option<&str>) -> Result<i64> {
    let mut body = json!({"url": url});
    if let Some(name) = name {
        body["name"] = json!(name);
    }
    let reply = client.post(&id_path(campaign_id, Some("attachments")), body).await?;
    reply.id("id")
}

/// Legacy: `campaigns.get_attachments`.
pub async fn attachments(client: &Client, campaign_id: i64) -> Result<Vec<Attachment>> {
    client.get(&id_path(campaign_id, Some("attachments")), &[]).await?.decode()
}

/// Legacy: `campaigns.delete_attachment`.
pub async fn delete_attachment(client: &Client, campaign_id: i64, attachment_id: i64) -> Result<()> {
    let mut path = id_path(campaign_id, Some("attachments"));
    path.push(attachment_id.to_string());
    client.delete(&path, None).await?;
    Ok(())
}

/// Legacy: `campaigns.get_folders`.
pub async fn folders(client: &Client) -> Result<Vec<Folder>> {
    client.get(&["campaigns", "folders"], &[]).await?.decode()
}

/// Where a campaign moves: an existing folder (0 is the top level), or a
/// folder by name, made when new.
#[derive(Debug, Clone, PartialEq)]
pub enum FolderRef {
    Id(i64),
    Named(String),
}

/// Answers the folder's id. Legacy: `campaigns.move_to_folder`.
pub async fn move_to_folder(client: &Client, campaign_id: i64, folder: &FolderRef) -> Result<i64> {
    let body = match folder {
        FolderRef::Id(id) => json!({"folder_id": id}),
        FolderRef::Named(name) => json!({"folder_name": name}),
    };
    let reply = client.post(&id_path(campaign_id, Some("move")), body).await?;
    reply.id("folder_id")
}

/// A campaign's subject and versions as a recipient would see them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Preview {
    pub subject: loose::Text,
    pub html: loose::Text,
    pub plain_text: loose::Text,
}

/// How many messages a launch now would send. v2 only (public clients).
pub async fn estimate(client: &Client, campaign_id: i64) -> Result<i64> {
    let reply = client.get(&id_path(campaign_id, Some("estimate")), &[]).await?;
    reply.id("recipients")
}

/// The campaign as sent, filled in for a subscriber when `member_id` is given.
/// v2 only (public clients).
pub async fn preview(client: &Client, campaign_id: i64, member_id: Option<i64>) -> Result<Preview> {
    let query: Vec<(&str, String)> = member_id.map(|m| vec![("member_id", m.to_string())]).unwrap_or_default();
    client.get(&id_path(campaign_id, Some("preview")), &query).await?.decode()
}

/// Sends a test message to up to ten addresses; answers how many went.
/// v2 only (public clients).
/// Never retried.
pub async fn send_test(client: &Client, campaign_id: i64, emails: &[&str]) -> Result<i64> {
    let reply = client.post(&id_path(campaign_id, Some("test")), json!({"email": emails.join(",")})).await?;
    reply.id("sent")
}
