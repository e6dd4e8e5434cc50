//! A webhook's test delivery: the app posts a sample event to the URL the
//! user set, as the service would, and shows what came back. The service
//! offers no test of its own; the body of its deliveries is not in the
//! contract, so the sample says plainly that it is one.

use super::webhooks::webhook_url;
use super::{Action, WebhookFor};
use crate::error::{DeskError, Result};
use serde::Serialize;
use std::time::{Duration, Instant};

/// What the URL answered to the test.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DeliveryView {
    /// The HTTP status.
    pub status: u16,
    /// The start of the answer's body, as text without hidden characters.
    pub body: String,
    /// How long the answer took, in milliseconds.
    pub millis: u64,
}

/// How much of an answer is shown.
const SHOWN: usize = 2000;
const WAIT: Duration = Duration::from_secs(10);

/// The sample event posted.
fn sample(kind: WebhookFor, event: &str) -> serde_json::Value {
    serde_json::json!({
        "test": true,
        "event": event,
        "kind": match kind { WebhookFor::Mass => "mass", WebhookFor::Transactional => "transactional" },
        "email": "test@example.com",
        "time": chrono::Utc::now().format("%Y-%m-%d %H:%M:%S").to_string(),
        "note": "A test delivery from Campaign Desk, not a real event.",
    })
}

/// Posts a sample `event` of `kind` to `url`; answers the status and the
/// start of the body. Redirects are not followed: what the URL itself says
/// is shown.
pub async fn test_webhook(kind: WebhookFor, event: &str, url: &str) -> Result<DeliveryView> {
    let url = webhook_url(url)?;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(WAIT)
        .build()
        .map_err(|e| DeskError::Unreachable { action: Action::TestWebhook.into(), detail: e.to_string() })?;
    let started = Instant::now();
    let answer = client
        .post(&url)
        .header("X-Campaign-Desk-Test", "1")
        .json(&sample(kind, event))
        .send()
        .await
        .map_err(|e| failure(&e))?;
    let status = answer.status().as_u16();
    let bytes = answer.bytes().await.map_err(|e| failure(&e))?;
    let millis = started.elapsed().as_millis() as u64;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(SHOWN * 4)]);
    let body = printable::printable(&text.replace(['\r', '\n', '\t'], " ")).chars().take(SHOWN).collect();
    Ok(DeliveryView { status, body, millis })
}

fn failure(e: &reqwest::Error) -> DeskError {
    let action = Action::TestWebhook.into();
    if e.is_timeout() {
        DeskError::TimedOut { action }
    } else {
        // The cause without the URL's query, which may carry a secret.
        let mut cause: &dyn std::error::Error = e;
        while let Some(next) = cause.source() {
            cause = next;
        }
        DeskError::Unreachable { action, detail: cause.to_string() }
    }
}
