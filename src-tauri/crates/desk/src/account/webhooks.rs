//! The webhooks the service calls on mass and transactional events: every
//! event listed with its URL or none, set and removed one at a time.

use super::{AccountFailure, Action, Field};
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use crate::settle::settled;
use api::account::WebhookKind;
use serde::{Deserialize, Serialize};

/// Which events a webhook is for: the mass campaigns' or single messages'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum WebhookFor {
    Mass,
    Transactional,
}

impl WebhookFor {
    fn api(self) -> WebhookKind {
        match self {
            WebhookFor::Mass => WebhookKind::Mass,
            WebhookFor::Transactional => WebhookKind::Transactional,
        }
    }

    /// The events the service calls a webhook on, for this kind.
    pub const fn events(self) -> &'static [&'static str] {
        match self {
            WebhookFor::Mass => &["open", "click", "hard", "spam", "unsub", "subscribe", "confirm"],
            WebhookFor::Transactional => &["send", "delivered", "dropped", "open", "click", "hard", "spam", "unsub"],
        }
    }
}

/// An event and the URL the service calls on it; `url` empty when none.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct WebhookView {
    pub event: String,
    pub url: String,
}

/// Every event of both kinds, each with its URL or none.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct WebhooksView {
    pub mass: Vec<WebhookView>,
    pub transactional: Vec<WebhookView>,
}

async fn hooks_now(session: &Session, kind: WebhookFor) -> api::Result<Vec<api::account::Webhook>> {
    api::account::webhooks(session.client(), kind.api()).await
}

fn every_event(kind: WebhookFor, set: Vec<api::account::Webhook>) -> Vec<WebhookView> {
    kind.events()
        .iter()
        .map(|event| WebhookView {
            event: (*event).to_string(),
            url: set.iter().find(|h| h.event.trim() == *event).map(|h| h.url.0.clone()).unwrap_or_default(),
        })
        .collect()
}

/// The webhooks of both kinds, every event listed.
pub async fn webhooks(session: &Session) -> Result<WebhooksView> {
    let (mass, transactional) =
        tokio::join!(hooks_now(session, WebhookFor::Mass), hooks_now(session, WebhookFor::Transactional));
    let load = || failed(Action::LoadWebhooks);
    Ok(WebhooksView {
        mass: every_event(WebhookFor::Mass, mass.map_err(load())?),
        transactional: every_event(WebhookFor::Transactional, transactional.map_err(load())?),
    })
}

/// A webhook's URL as typed: `http(s)://`, at most 2048 characters.
pub(super) fn webhook_url(typed: &str) -> Result<String> {
    let url = typed.trim();
    if url.is_empty() {
        return Err(DeskError::Required { field: Field::WebhookUrl.into() });
    }
    if url.chars().count() > 2048 {
        return Err(DeskError::TooLong { field: Field::WebhookUrl.into(), max: 2048 });
    }
    let lower = url.to_ascii_lowercase();
    let host = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"));
    if host.is_none_or(|h| h.is_empty() || h.starts_with('/')) {
        return Err(DeskError::in_area(AccountFailure::WebhookUrlNotWeb));
    }
    Ok(url.to_string())
}

/// Points `event` of `kind` at `url`.
pub async fn set_webhook(session: &Session, kind: WebhookFor, event: &str, url: &str) -> Result<()> {
    let url = webhook_url(url)?;
    let sent =
        api::account::set_webhook(session.client(), kind.api(), event, &url).await.map_err(failed(Action::SetWebhook));
    let found = async {
        let hooks = hooks_now(session, kind).await.ok()?;
        hooks.iter().any(|h| h.event.trim() == event && h.url.trim() == url).then_some(())
    };
    settled(sent, found).await
}

/// The service stops calling anything on `event` of `kind`.
pub async fn delete_webhook(session: &Session, kind: WebhookFor, event: &str) -> Result<()> {
    let sent =
        api::account::delete_webhook(session.client(), kind.api(), event).await.map_err(failed(Action::DeleteWebhook));
    let found = async {
        let hooks = hooks_now(session, kind).await.ok()?;
        hooks.iter().all(|h| h.event.trim() != event).then_some(())
    };
    settled(sent, found).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_webhook_url_is_a_web_address_of_at_most_2048_characters() {
        assert_eq!(webhook_url(" https://hooks.shop.ru/in ").unwrap(), "https://hooks.shop.ru/in");
        assert!(webhook_url("HTTP://hooks.shop.ru").is_ok());
        assert_eq!(webhook_url("ftp://x.ru"), Err(DeskError::in_area(AccountFailure::WebhookUrlNotWeb)));
        assert_eq!(webhook_url("https://"), Err(DeskError::in_area(AccountFailure::WebhookUrlNotWeb)));
        let long = format!("https://x.ru/{}", "a".repeat(2040));
        assert_eq!(webhook_url(&long), Err(DeskError::TooLong { field: Field::WebhookUrl.into(), max: 2048 }));
        assert_eq!(webhook_url(""), Err(DeskError::Required { field: Field::WebhookUrl.into() }));
    }
}
