//! Automations: `/automations`. Messages that send themselves when a
//! subscriber event occurs, after an optional delay; they work only after
//! the service's moderation.

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TriggerEvent {
    /// Subscription through a form (the default).
    Form,
    /// Added by hand or through the API.
    Add,
    /// Added by a file import.
    Upload,
    /// Opened a watched campaign; only alone.
    Open,
    /// Clicked any link; only alone.
    Click,
    /// Clicked a specific link.
    Href,
    /// An additional field changed; only alone.
    Edit,
    /// The rating changed.
    Rating,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DelayUnit {
    Hour,
    Day,
    Week,
}

/// An automation as the service lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Automation {
    pub id: loose::Id,
    pub list_id: loose::Ids,
    pub name: loose::MaybeText,
    pub subject: loose::MaybeText,
    pub from_name: loose::MaybeText,
    pub from_email: loose::MaybeText,
    pub html: loose::MaybeText,
    pub plain_text: loose::MaybeText,
    /// Watched campaigns (for `open`, `click`, `href`) or field numbers (for `edit`), comma separated.
    pub campaigns: loose::MaybeText,
    /// The time of day it sends at (`HH:MM`), when restricted.
    pub schedule_time: loose::MaybeText,
    /// Segment conditions by list, as the service stores them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub esegment: Option<Value>,
    /// Trigger events, comma separated.
    pub action: loose::Text,
    pub auto_delay1: loose::Int,
    pub auto_delay2: loose::MaybeText,
    /// 0 inactive or draft, 1 active, 2 archived.
    pub auto: loose::Int,
    pub emails_sent: loose::Int,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Automation {
    pub fn events(&self) -> Vec<TriggerEvent> {
        self.action.split(',').filter_map(|e| serde_json::from_value(json!(e.trim())).ok()).collect()
    }
}

/// What an automation is made of; on an update only what is `Some` changes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AutomationSettings {
    pub list_ids: Option<Vec<i64>>,
    pub name: Option<String>,
    pub subject: Option<String>,
    pub from_name: Option<String>,
    pub from_email: Option<String>,
    pub html: Option<String>,
    pub plain_text: Option<String>,
    pub events: Option<Vec<TriggerEvent>>,
    pub delay: Option<(u32, DelayUnit)>,
    /// Watched campaigns (for `open`, `click`, `href`) or field numbers (for `edit`).
    pub watched: Option<String>,
    /// Sends only at this time of day (`HH:MM`); empty lifts the restriction.
    pub schedule_time: Option<String>,
    /// Segment conditions by list; an empty object lifts them.
    pub segment: Option<Value>,
    /// 0 inactive, 1 active, 2 archived.
    pub auto: Option<u8>,
}

impl AutomationSettings {
    fn body(&self) -> Value {
        let mut body = json!({});
        let mut put = |key: &str, value: Option<Value>| {
            if let Some(value) = value {
                body[key] = value;
            }
        };
        put("list_id", self.list_ids.as_ref().map(|ids| json!(json!(ids).to_string())));
        put("name", self.name.as_ref().map(|v| json!(v)));
        put("subject", self.subject.as_ref().map(|v| json!(v)));
        put("from_name", self.from_name.as_ref().map(|v| json!(v)));
        put("from_email", self.from_email.as_ref().map(|v| json!(v)));
        put("html", self.html.as_ref().map(|v| json!(v)));
        put("plain_text", self.plain_text.as_ref().map(|v| json!(v)));
        put("campaigns", self.watched.as_ref().map(|v| json!(v)));
        put("schedule_time", self.schedule_time.as_ref().map(|v| json!(v)));
        put("esegment", self.segment.as_ref().map(|v| json!(v.to_string())));
        put("auto", self.auto.map(|v| json!(v)));
        if let Some(events) = &self.events {
            let text: Vec<String> =
                events.iter().filter_map(|e| serde_json::to_value(e).ok()?.as_str().map(str::to_string)).collect();
            put("action", Some(json!(text.join(","))));
        }
        if let Some((quantity, unit)) = self.delay {
            put("delay_1", Some(json!(quantity)));
            put("delay_2", Some(json!(unit)));
        }
        body
    }
}

/// Who a manual trigger sends to.
#[derive(Debug, Clone, PartialEq)]
pub enum Recipient {
    Email(String),
    MemberId(i64),
}

/// Every automation, newest first; the service's "none" (404, code 4) is an
/// empty result. Legacy: `campaigns.get_automations`.
pub async fn list(client: &Client) -> Result<Vec<Automation>> {
    match client.get(&["automations"], &[]).await {
        Ok(reply) => reply.decode(),
        Err(err) if err.code() == Some(4) => Ok(Vec::new()),
        Err(err) => Err(err),
    }
}

/// One automation. Legacy: `campaigns.get_automations` with `campaign_id`.
pub async fn get(client: &Client, id: i64) -> Result<Automation> {
    let found: Vec<Automation> = client.get(&["automations"], &[("id", id.to_string())]).await?.decode()?;
    found.into_iter().next().ok_or_else(|| crate::Error::Decode(format!("the service sent no automation {id}")))
}

/// Creates an automation (checked like a launch) and answers its id.
/// Legacy: `campaigns.create_auto`. Never retried.
pub async fn create(client: &Client, settings: &AutomationSettings) -> Result<i64> {
    let mut body = settings.body();
    body["event"] = body.get("action").cloned().unwrap_or_else(|| json!("form"));
    let reply = client.post(&["automations"], body).await?;
    reply.id("campaign_id")
}

/// Changes an automation; a content change sends it to moderation again.
/// Legacy: `campaigns.update_auto`.
pub async fn update(client: &Client, id: i64, settings: &AutomationSettings) -> Result<()> {
    client.put(&["automations", &id.to_string()], settings.body()).await?;
    Ok(())
}

/// Stops and deletes an automation; queued messages are not sent.
/// Legacy: `campaigns.delete_automation`.
pub async fn delete(client: &Client, id: i64) -> Result<()> {
    client.delete(&["automations", &id.to_string()], None).await?;
    Ok(())
}

/// Sends the automation to one subscriber now, or after `delay_seconds`.
/// Legacy: `campaigns.force_auto`. Never retried.
pub async fn trigger(client: &Client, id: i64, recipient: &Recipient, delay_seconds: Option<u64>) -> Result<()> {
    let mut body = match recipient {
        Recipient::Email(email) => json!({"email": email}),
        Recipient::MemberId(member_id) => json!({"member_id": member_id}),
    };
    if let Some(delay) = delay_seconds {
        body["delay"] = json!(delay);
    }
    client.post(&["automations", &id.to_string(), "trigger"], body).await?;
    Ok(())
}

/// A copy with the same events and delays; answers its id. Legacy:
/// `campaigns.copy_automation`.
pub async fn copy(client: &Client, id: i64) -> Result<i64> {
    let reply = client.post(&["automations", &id.to_string(), "copy"], json!({})).await?;
    reply.id("campaign_id")
}
