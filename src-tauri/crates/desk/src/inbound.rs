//! The Inbound area: mail that arrives at the account's inbound domains
//! (the service's own subdomain, and the user's domains once their MX
//! records point at the service) goes through the routes in order; each
//! route that accepts a message posts it to a webhook, keeps it, forwards
//! it or stops there. The page shows the domains, the routes in their
//! order, what was kept, and what the webhooks answered.
//!
//! A sub-account may have read-only rights here: the service then refuses
//! every change with code 2. The session remembers it, and the page shows
//! the area as read-only instead of failing at each change.

mod commands;
mod domains;
mod failures;
mod mail;
mod routes;
mod rules;

pub use commands::AREA;
pub use domains::{add_domain, delete_domain, verify_domain, InboundDomainView, MxRecordView};
pub use failures::InboundFailure;
pub use mail::{
    delete_message, deliveries, delivery, message, messages, save_attachment, DeliveriesPage, DeliveryRow,
    DeliveryState, StoredFileView, StoredMessageRow, StoredMessageView, StoredMessagesPage,
};
pub use routes::{delete_route, rekey_route, reorder_routes, routes, save_route};
pub use rules::{
    pattern_compiles, ActionForm, AttachmentMode, ConditionField, ConditionForm, ConditionOp, RouteForm, RouteView,
    RuleForm, MAX_ACTIONS,
};

use crate::error::{DeskError, Result};
use crate::session::{AccountDir, AreaState, Session};
use crate::settle::settled;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};

crate::codes! {
    /// What the user was doing in inbound processing, when something failed.
    pub enum Action: Action {
        LoadInbound, AddInboundDomain, VerifyInboundDomain, DeleteInboundDomain, SaveRoute, DeleteRoute,
        ReorderRoutes, RekeyRoute, LoadStoredMessages, LoadStoredMessage, SaveStoredFile, DeleteStoredMessage,
        LoadDeliveries, SaveInboundSettings
    }
    /// A field of the inbound forms, named when its value is refused.
    pub enum Field: FormField { InboundDomain, ForwardAddress }
}

/// What this account may do here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum InboundAccess {
    Full,
    /// Reads only: the service refused a change with code 2.
    ReadOnly,
    /// None: the service refuses even to read (code 2).
    Denied,
}

/// What inbound processing lets through besides what the routes accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct InboundSettingsView {
    /// Auto-replies (out of office, vacation notices) go through the routes too.
    pub pass_autoreply: bool,
    /// Mailing-list mail goes through the routes too.
    pub pass_list_mail: bool,
}

/// The area's page around its routes: domains, the MX records an own
/// domain publishes, and the settings.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct InboundOverview {
    pub access: InboundAccess,
    pub domains: Vec<InboundDomainView>,
    pub mx: Vec<MxRecordView>,
    pub settings: InboundSettingsView,
}

/// What the session learnt of this account's rights here, and the routes'
/// ids as last listed whole (a create whose answer was lost tells its own
/// route from older ones by them).
#[derive(Debug, Default)]
pub(crate) struct Rights {
    read_only: AtomicBool,
    routes: crate::settle::Seen,
}

impl AreaState for Rights {
    fn open(_: Option<&AccountDir>) -> Self {
        Rights::default()
    }
}

/// Whether `err` is the service's "not with these rights": code 2. The
/// service also answers code 2, with HTTP 422, for a value it refuses;
/// that is the request's fault, not the account's rights.
fn rights_refused(err: &api::Error) -> bool {
    err.code() == Some(2) && err.status() != Some(422)
}

/// The service's refusal of a change, in the area's codes; a refusal for
/// want of rights is remembered, so the page shows the area as read-only.
pub(crate) fn refusal(session: &Session, action: Action) -> impl Fn(api::Error) -> DeskError + '_ {
    move |err| match err.code() {
        Some(2) if rights_refused(&err) => {
            session.state::<Rights>().read_only.store(true, Ordering::Relaxed);
            DeskError::in_area(InboundFailure::ReadOnly)
        }
        Some(54) => DeskError::in_area(InboundFailure::DomainInvalid),
        Some(56) => DeskError::in_area(InboundFailure::DomainTaken),
        Some(35) => DeskError::in_area(InboundFailure::ForwardNeedsPaidPlan),
        Some(34) => DeskError::in_area(InboundFailure::ForwardNeedsSendingDomain),
        _ => DeskError::from_api(err, action),
    }
}

/// The page's three reads, side by side. Refused for want of rights, the
/// area is shown closed, not failed.
pub async fn overview(session: &Session) -> Result<InboundOverview> {
    let client = session.client();
    let (domains, mx, settings) =
        tokio::join!(api::router::domains(client), api::router::mx_records(client), api::router::settings(client));
    if [domains.as_ref().err(), mx.as_ref().err(), settings.as_ref().err()].into_iter().flatten().any(rights_refused) {
        return Ok(InboundOverview {
            access: InboundAccess::Denied,
            domains: vec![],
            mx: vec![],
            settings: InboundSettingsView { pass_autoreply: false, pass_list_mail: false },
        });
    }
    let load = || crate::error::failed(Action::LoadInbound);
    let settings = settings.map_err(load())?;
    let read_only = session.state::<Rights>().read_only.load(Ordering::Relaxed);
    Ok(InboundOverview {
        access: if read_only { InboundAccess::ReadOnly } else { InboundAccess::Full },
        domains: domains.map_err(load())?.into_iter().map(InboundDomainView::from).collect(),
        mx: mx.map_err(load())?.iter().filter_map(MxRecordView::of).collect(),
        settings: InboundSettingsView {
            pass_autoreply: *settings.pass_autoreply,
            pass_list_mail: *settings.pass_list_mail,
        },
    })
}

/// Saves both settings; a lost answer is settled by reading them back.
pub async fn save_settings(session: &Session, wanted: InboundSettingsView) -> Result<InboundSettingsView> {
    let client = session.client();
    let sent = api::router::update_settings(client, Some(wanted.pass_autoreply), Some(wanted.pass_list_mail))
        .await
        .map_err(refusal(session, Action::SaveInboundSettings));
    let found = async {
        let now = api::router::settings(client).await.ok()?;
        (*now.pass_autoreply == wanted.pass_autoreply && *now.pass_list_mail == wanted.pass_list_mail).then_some(now)
    };
    let saved = settled(sent, found).await?;
    Ok(InboundSettingsView { pass_autoreply: *saved.pass_autoreply, pass_list_mail: *saved.pass_list_mail })
}
