//! Transactional mail: `/transactional`. Single messages to one recipient;
//! sending, status, log and statistics need a verified sending domain (code 34).

use crate::error::Result;
use crate::loose;
use crate::paging::Pager;
use crate::reports::Summary;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// A message to send.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Message {
    pub to: String,
    pub from_email: String,
    pub from_name: Option<String>,
    pub subject: Option<String>,
    /// The HTML body.
    pub html: String,
    pub plain_text: Option<String>,
    /// The caller's identifier; the service makes one when absent.
    pub message_id: Option<String>,
    /// Files sent with the message.
    pub attachments: Vec<Attachment>,
}

/// A file sent with a message: its name and its bytes (sent in base64, as
/// the service's `attachments: [{name, filebody}]` takes them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A sent message and its latest known outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Delivery {
    /// Text: the service's newest clients treat it so.
    pub transaction_id: loose::Text,
    pub message_id: loose::Text,
    pub to: loose::Text,
    /// 5 sent, 3 delivered, 7 opened, 6 clicked, 4 bounced, 9 complained, 8 unsubscribed.
    pub status: loose::Int,
    pub statusname: loose::Text,
    pub errormessage: loose::MaybeText,
    /// The sender, subject and time sent: in the service's log, not in the contract.
    pub from_email: loose::MaybeText,
    pub subject: loose::MaybeText,
    pub created: loose::MaybeText,
    /// The files it carried, where the service says (not in the contract);
    /// anything else there is read as none.
    #[serde(default, deserialize_with = "sent_files")]
    pub attachments: Vec<SentFile>,
}

/// A file a sent message carried: its name, and its size in bytes when given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SentFile {
    pub name: String,
    pub size: Option<i64>,
}

fn sent_files<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Vec<SentFile>, D::Error> {
    let value = Value::deserialize(d)?;
    let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
    Ok(items
        .iter()
        .filter_map(|item| {
            let name = item.get("name").and_then(Value::as_str)?.to_string();
            Some(SentFile { name, size: item.get("size").and_then(Value::as_i64) })
        })
        .collect())
}

/// Sends one message now and answers its transaction id. Never retried.
/// v2 only: transactional mail has no legacy method.
pub async fn send(client: &Client, message: &Message) -> Result<String> {
    let mut body = json!({"to": message.to, "from_email": message.from_email, "message": message.html});
    for (key, value) in [
        ("from_name", &message.from_name),
        ("subject", &message.subject),
        ("plain_text", &message.plain_text),
        ("message_id", &message.message_id),
    ] {
        if let Some(value) = value {
            body[key] = json!(value);
        }
    }
    if !message.attachments.is_empty() {
        use base64::Engine;
        let files: Vec<Value> = message
            .attachments
            .iter()
            .map(|a| json!({"name": a.name, "filebody": base64::engine::general_purpose::STANDARD.encode(&a.bytes)}))
            .collect();
        body["attachments"] = Value::Array(files);
    }
    let reply = client.post(&["transactional", "messages"], body).await?;
    reply.text_id("transaction_id")
}

/// One message's latest known outcome. v2 only.
pub async fn status(client: &Client, transaction_id: &str) -> Result<Delivery> {
    client.get(&["transactional", "messages", transaction_id], &[]).await?.decode()
}

/// Sent messages, newest first; `emails` limits to these recipients,
/// `status` to those whose latest outcome has this name (`Delivered`). v2 only.
pub fn log(client: &Client, emails: &[&str], status: Option<&str>) -> Pager<Delivery> {
    let mut query = Vec::new();
    if !emails.is_empty() {
        query.push(("emails", emails.join(",")));
    }
    if let Some(status) = status {
        query.push(("event_type", status.to_string()));
    }
    Pager::new(client, vec!["transactional".into(), "log".into()], query)
}

/// Messages per outcome; dates as `YYYY-MM-DD`. v2 only. The same shape as a
/// campaign summary (the service names clicks `clicked` here).
pub async fn stats(client: &Client, start_date: Option<&str>, end_date: Option<&str>) -> Result<Summary> {
    let mut query = Vec::new();
    if let Some(d) = start_date {
        query.push(("start_date", d.to_string()));
    }
    if let Some(d) = end_date {
        query.push(("end_date", d.to_string()));
    }
    client.get(&["transactional", "stats"], &query).await?.decode()
}
