//! The account: `/account`.

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Balance and limits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Balance {
    /// Most subscribers the account may store; 0 means unlimited.
    pub limit_members: loose::Int,
    /// Messages the account may still send.
    pub limit_emails: loose::Int,
    /// Unique subscribers stored now.
    pub members: loose::Int,
    /// Money on the account, as the service writes it (`"1250.50"`); the
    /// official library's quick start reads it, the contract does not show it.
    pub balance: loose::MaybeText,
    /// The currency of `balance` (`RUB`).
    pub currency: loose::MaybeText,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Legacy: `account.get_balance`.
pub async fn balance(client: &Client) -> Result<Balance> {
    client.get(&["account", "balance"], &[]).await?.decode()
}

/// A sender address and whether it is confirmed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sender {
    pub email: loose::Text,
    pub confirmed: loose::Flag,
}

/// A DNS record to publish for a sending domain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DnsRecord {
    #[serde(rename = "type")]
    pub kind: loose::Text,
    pub host: loose::Text,
    pub value: loose::Text,
}

/// A sending domain; `valid` once the DNS check found its records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Domain {
    pub domain: loose::Text,
    pub valid: loose::Flag,
    #[serde(default)]
    pub records: Vec<DnsRecord>,
    /// When the service last looked the records up; not in the contract.
    pub checked: loose::MaybeText,
}

/// Mass or transactional events, which have their own webhooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookKind {
    Mass,
    Transactional,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Webhook {
    pub event: loose::Text,
    pub url: loose::Text,
}

/// Legacy: `account.get_confirmed`.
pub async fn senders(client: &Client) -> Result<Vec<Sender>> {
    client.get(&["account", "senders"], &[]).await?.decode()
}

/// Asks the service to mail a confirmation code to a sender address.
/// Legacy: `account.confirm_from_email` without `code`.
pub async fn request_sender_code(client: &Client, email: &str) -> Result<()> {
    client.post(&["account", "senders", "confirm"], serde_json::json!({"email": email})).await?;
    Ok(())
}

/// Confirms a sender with the code it received. Legacy: `account.confirm_from_email`.
pub async fn confirm_sender(client: &Client, email: &str, code: &str) -> Result<()> {
    client.post(&["account", "senders", "confirm"], serde_json::json!({"email": email, "code": code})).await?;
    Ok(())
}

/// Legacy: `account.get_domains`.
pub async fn domains(client: &Client) -> Result<Vec<Domain>> {
    client.get(&["account", "domains"], &[]).await?.decode()
}

/// Adds a sending domain; answers it with the DNS records to publish.
/// Legacy: `account.add_domain`.
pub async fn add_domain(client: &Client, domain: &str) -> Result<Domain> {
    client.post(&["account", "domains"], serde_json::json!({"domain": domain})).await?.decode()
}

/// Runs the DNS check of every domain. Legacy: `account.check_domains`.
pub async fn check_domains(client: &Client) -> Result<Vec<Domain>> {
    client.get(&["account", "domains", "check"], &[]).await?.decode()
}

/// Legacy: `account.delete_domain`.
pub async fn delete_domain(client: &Client, domain: &str) -> Result<()> {
    client.delete(&["account", "domains", domain], None).await?;
    Ok(())
}

fn webhook_path(kind: WebhookKind) -> Vec<&'static str> {
    match kind {
        WebhookKind::Mass => vec!["account", "webhooks"],
        WebhookKind::Transactional => vec!["account", "webhooks", "transactional"],
    }
}

/// Legacy: `account.get_webhooks`.
pub async fn webhooks(client: &Client, kind: WebhookKind) -> Result<Vec<Webhook>> {
    client.get(&webhook_path(kind), &[]).await?.decode()
}

/// Points an event at a URL; one URL per event. Legacy: `account.add_webhooks`.
pub async fn set_webhook(client: &Client, kind: WebhookKind, event: &str, url: &str) -> Result<()> {
    client.post(&webhook_path(kind), serde_json::json!({"event": event, "url": url})).await?;
    Ok(())
}

/// Legacy: `account.delete_webhooks`.
pub async fn delete_webhook(client: &Client, kind: WebhookKind, event: &str) -> Result<()> {
    let mut path = webhook_path(kind);
    path.push(event);
    client.delete(&path, None).await?;
    Ok(())
}
