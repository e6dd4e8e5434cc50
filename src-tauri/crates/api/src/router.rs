//! Inbound processing: `/router`. Domains that receive mail, routes that
//! decide what happens to it, stored messages and webhook deliveries.

use crate::error::Result;
use crate::loose;
use crate::paging::Pager;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InboundDomain {
    pub id: loose::Id,
    pub domain: loose::Text,
    /// The service's own subdomain, made for the account.
    pub service: loose::Flag,
    pub verified: loose::Flag,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Combinator {
    And,
    Or,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Condition {
    /// `recipient`, `from`, `sender` or `header`.
    pub field: String,
    /// The header's name, for `header`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `matches` (a regular expression), `equals` or `contains`.
    pub op: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Filter {
    pub combinator: Combinator,
    pub conditions: Vec<Condition>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum RouteAction {
    Webhook {
        url: String,
        /// `off`, `url` or `inline`.
        #[serde(default = "off")]
        attachments: String,
    },
    Store {
        ttl_days: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        notify_url: Option<String>,
    },
    Forward {
        email: String,
    },
    Stop,
}

fn off() -> String {
    "off".into()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Route {
    pub id: loose::Id,
    pub priority: loose::Int,
    pub description: loose::Text,
    #[serde(default)]
    pub filter: Option<Filter>,
    pub expression: loose::MaybeText,
    #[serde(default)]
    pub actions: Vec<RouteAction>,
    pub signing_key: loose::Text,
    pub is_active: loose::Flag,
}

/// A route to create, or the changes to one (what is `None` stays).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RouteSpec {
    pub description: Option<String>,
    pub filter: Option<Filter>,
    pub expression: Option<String>,
    pub actions: Option<Vec<RouteAction>>,
    pub priority: Option<i64>,
    pub is_active: Option<bool>,
}

impl RouteSpec {
    fn body(&self) -> Value {
        let mut body = json!({});
        if let Some(d) = &self.description {
            body["description"] = json!(d);
        }
        if let Some(f) = &self.filter {
            body["filter"] = json!(f);
        }
        if let Some(e) = &self.expression {
            body["expression"] = json!(e);
        }
        if let Some(a) = &self.actions {
            body["actions"] = json!(a);
        }
        if let Some(p) = self.priority {
            body["priority"] = json!(p);
        }
        if let Some(a) = self.is_active {
            body["is_active"] = json!(a);
        }
        body
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredMessage {
    pub id: loose::Id,
    pub route_id: loose::MaybeInt,
    pub recipient: loose::Text,
    /// The envelope sender.
    pub sender: loose::Text,
    pub from: loose::Text,
    pub subject: loose::Text,
    pub text: loose::MaybeText,
    pub html: loose::MaybeText,
    /// The message's headers, by name, as the service parsed them.
    #[serde(default)]
    pub headers: Option<Map<String, Value>>,
    /// Listed only when one message is read.
    #[serde(default)]
    pub attachments: Vec<StoredAttachment>,
    pub received: loose::Text,
    pub expires: loose::Text,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A file that came with a stored message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredAttachment {
    pub id: loose::Id,
    pub filename: loose::Text,
    pub content_type: loose::Text,
    pub size: loose::Int,
}

/// A stored message's file, whole: base64 in `content`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttachmentContent {
    pub id: loose::Id,
    pub filename: loose::Text,
    pub content_type: loose::Text,
    pub content: loose::Text,
}

/// What inbound processing lets through besides what routes accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouterSettings {
    /// Auto-replies (out of office, vacation) go through the routes too.
    pub pass_autoreply: loose::Flag,
    /// Mailing-list mail goes through the routes too.
    pub pass_list_mail: loose::Flag,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RouteDelivery {
    pub id: loose::Id,
    pub route_id: loose::Int,
    pub action: loose::Text,
    pub target: loose::Text,
    /// `queued`, `delivered`, `failed` or `forwarded`.
    pub status: loose::Text,
    pub response_code: loose::MaybeInt,
    /// Why it failed, as the service says; empty otherwise.
    pub error: loose::MaybeText,
    pub created: loose::MaybeText,
}

/// The account's inbound domains; the service subdomain appears on the first call.
/// v2 only: inbound routing has no legacy methods.
pub async fn domains(client: &Client) -> Result<Vec<InboundDomain>> {
    client.get(&["router", "domains"], &[]).await?.decode()
}

/// Adds an own domain; it receives mail once its MX records are published and verified.
/// v2 only: inbound routing has no legacy methods.
pub async fn add_domain(client: &Client, domain: &str) -> Result<InboundDomain> {
    client.post(&["router", "domains"], json!({"domain": domain})).await?.decode()
}

/// v2 only: inbound routing has no legacy methods.
pub async fn verify_domain(client: &Client, id: i64) -> Result<InboundDomain> {
    client.post(&["router", "domains", &id.to_string(), "verify"], json!({})).await?.decode()
}

/// v2 only: inbound routing has no legacy methods.
pub async fn delete_domain(client: &Client, id: i64) -> Result<()> {
    client.delete(&["router", "domains", &id.to_string()], None).await?;
    Ok(())
}

/// The MX records an own domain publishes.
/// v2 only: inbound routing has no legacy methods.
pub async fn mx_records(client: &Client) -> Result<Vec<Map<String, Value>>> {
    client.get(&["router", "domains", "mx"], &[]).await?.decode()
}

/// Routes in the order they are tested.
/// v2 only: inbound routing has no legacy methods.
pub async fn routes(client: &Client) -> Result<Vec<Route>> {
    client.get(&["router", "routes"], &[]).await?.decode()
}

/// v2 only: inbound routing has no legacy methods.
pub async fn route(client: &Client, id: i64) -> Result<Route> {
    client.get(&["router", "routes", &id.to_string()], &[]).await?.decode()
}

/// Creates a route (filters and regular expressions are checked on save).
/// v2 only: inbound routing has no legacy methods.
pub async fn create_route(client: &Client, spec: &RouteSpec) -> Result<Route> {
    client.post(&["router", "routes"], spec.body()).await?.decode()
}

/// v2 only: inbound routing has no legacy methods.
pub async fn update_route(client: &Client, id: i64, spec: &RouteSpec) -> Result<Route> {
    client.put(&["router", "routes", &id.to_string()], spec.body()).await?.decode()
}

/// v2 only: inbound routing has no legacy methods.
pub async fn delete_route(client: &Client, id: i64) -> Result<()> {
    client.delete(&["router", "routes", &id.to_string()], None).await?;
    Ok(())
}

/// Issues a new signing key; answers it.
/// v2 only: inbound routing has no legacy methods.
pub async fn rekey(client: &Client, id: i64) -> Result<String> {
    let reply = client.post(&["router", "routes", &id.to_string(), "rekey"], json!({})).await?;
    Ok(reply.data["signing_key"].as_str().unwrap_or_default().to_string())
}

/// Sets the order routes are tested in; every route, once.
/// v2 only: inbound routing has no legacy methods.
pub async fn reorder(client: &Client, ids: &[i64]) -> Result<Vec<Route>> {
    client.post(&["router", "routes", "reorder"], json!({"order": ids})).await?.decode()
}

/// Stored messages whose time to live has not run out, newest first.
/// v2 only: inbound routing has no legacy methods.
pub fn messages(client: &Client) -> Pager<StoredMessage> {
    Pager::new(client, vec!["router".into(), "messages".into()], vec![])
}

/// v2 only: inbound routing has no legacy methods.
pub async fn message(client: &Client, id: i64) -> Result<StoredMessage> {
    client.get(&["router", "messages", &id.to_string()], &[]).await?.decode()
}

/// v2 only: inbound routing has no legacy methods.
pub async fn delete_message(client: &Client, id: i64) -> Result<()> {
    client.delete(&["router", "messages", &id.to_string()], None).await?;
    Ok(())
}

/// What the routes' actions sent, newest first.
/// v2 only: inbound routing has no legacy methods.
pub fn deliveries(client: &Client) -> Pager<RouteDelivery> {
    Pager::new(client, vec!["router".into(), "deliveries".into()], vec![])
}

/// One delivery, as it stands now.
/// v2 only: inbound routing has no legacy methods.
pub async fn delivery(client: &Client, id: i64) -> Result<RouteDelivery> {
    client.get(&["router", "deliveries", &id.to_string()], &[]).await?.decode()
}

/// A stored message's file.
/// v2 only: inbound routing has no legacy methods.
pub async fn message_attachment(client: &Client, message_id: i64, attachment_id: i64) -> Result<AttachmentContent> {
    client
        .get(&["router", "messages", &message_id.to_string(), "attachments", &attachment_id.to_string()], &[])
        .await?
        .decode()
}

/// v2 only: inbound routing has no legacy methods.
pub async fn settings(client: &Client) -> Result<RouterSettings> {
    client.get(&["router", "settings"], &[]).await?.decode()
}

/// Changes what is given; answers the settings as they are now.
/// v2 only: inbound routing has no legacy methods.
pub async fn update_settings(
    client: &Client,
    pass_autoreply: Option<bool>,
    pass_list_mail: Option<bool>,
) -> Result<RouterSettings> {
    let mut body = json!({});
    if let Some(v) = pass_autoreply {
        body["pass_autoreply"] = json!(v);
    }
    if let Some(v) = pass_list_mail {
        body["pass_list_mail"] = json!(v);
    }
    client.put(&["router", "settings"], body).await?.decode()
}
