//! Inbound domains: the service's own subdomain, made for the account,
//! and the user's, which receive mail once their MX records point at the
//! service and the service has found them.

use super::{refusal, Action, Field, InboundFailure};
use crate::error::{DeskError, Result};
use crate::session::Session;
use crate::settle::settled;
use api::router::InboundDomain;
use serde::Serialize;
use serde_json::{Map, Value};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct InboundDomainView {
    pub id: i64,
    pub domain: String,
    /// The service's own subdomain: it receives mail from the start and stays.
    pub service: bool,
    /// Its MX records were found: it receives mail.
    pub verified: bool,
}

impl From<InboundDomain> for InboundDomainView {
    fn from(d: InboundDomain) -> Self {
        InboundDomainView {
            id: *d.id,
            domain: d.domain.0.trim().to_lowercase(),
            service: *d.service,
            verified: *d.verified,
        }
    }
}

/// An MX record an own domain publishes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MxRecordView {
    pub priority: i64,
    /// The mail server the record names.
    pub host: String,
}

impl MxRecordView {
    /// A record as the service lists it (`{type, priority, value}`); `None` for one that names no server.
    pub(super) fn of(record: &Map<String, Value>) -> Option<Self> {
        let host = ["value", "host", "exchange"].iter().find_map(|k| record.get(*k)?.as_str())?.trim();
        let priority = record.get("priority").and_then(|p| p.as_i64().or_else(|| p.as_str()?.trim().parse().ok()));
        (!host.is_empty()).then(|| MxRecordView { priority: priority.unwrap_or(10), host: host.to_string() })
    }
}

fn domain_name(typed: &str) -> Result<String> {
    crate::form::domain(typed, Field::InboundDomain)
}

async fn domains_now(session: &Session) -> Option<Vec<InboundDomain>> {
    api::router::domains(session.client()).await.ok()
}

/// Adds an own domain; a lost answer is settled by finding it listed.
pub async fn add_domain(session: &Session, typed: &str) -> Result<InboundDomainView> {
    let name = domain_name(typed)?;
    let sent =
        api::router::add_domain(session.client(), &name).await.map_err(refusal(session, Action::AddInboundDomain));
    let found = async { domains_now(session).await?.into_iter().find(|d| d.domain.trim().eq_ignore_ascii_case(&name)) };
    settled(sent, found).await.map(InboundDomainView::from)
}

/// Asks the service to look the domain's MX records up now. It changes
/// nothing but the domain's state, so a lost answer is the state read again.
pub async fn verify_domain(session: &Session, id: i64) -> Result<InboundDomainView> {
    let sent =
        api::router::verify_domain(session.client(), id).await.map_err(refusal(session, Action::VerifyInboundDomain));
    let found = async { domains_now(session).await?.into_iter().find(|d| *d.id == id) };
    settled(sent, found).await.map(InboundDomainView::from)
}

/// Removes an own domain: its mail stops arriving. The service's subdomain stays.
pub async fn delete_domain(session: &Session, id: i64) -> Result<()> {
    let sent = api::router::delete_domain(session.client(), id).await.map_err(|err| {
        if err.status() == Some(422) {
            DeskError::in_area(InboundFailure::ServiceDomainStays)
        } else {
            refusal(session, Action::DeleteInboundDomain)(err)
        }
    });
    let found = async { domains_now(session).await?.iter().all(|d| *d.id != id).then_some(()) };
    settled(sent, found).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_mx_record_names_its_server_and_priority() {
        let record = |v: Value| v.as_object().unwrap().clone();
        let mx = MxRecordView::of(&record(json!({"type": "MX", "priority": 20, "value": "mx2.example."}))).unwrap();
        assert_eq!((mx.priority, mx.host.as_str()), (20, "mx2.example."));
        assert_eq!(MxRecordView::of(&record(json!({"priority": "5", "host": "mx"}))).unwrap().priority, 5);
        assert_eq!(MxRecordView::of(&record(json!({"type": "MX", "value": " "}))), None);
    }

    #[test]
    fn a_domain_is_taken_as_typed_or_from_an_address() {
        assert_eq!(domain_name(" In.Shop.RU. ").unwrap(), "in.shop.ru");
        assert_eq!(domain_name("orders@in.shop.ru").unwrap(), "in.shop.ru");
        assert!(domain_name(" ").is_err());
    }
}
