//! REST v2 under `/v2`: one route per entity, the HTTP method gives the
//! action, HTTP status reflects the outcome.

use super::{body_params, form_params, merge, success, Shared};
use crate::fault::Fault;
use crate::ops::Call;
use crate::params::Params;
use axum::body::Bytes;
use axum::extract::{RawPathParams, RawQuery, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{on, MethodFilter};
use axum::{Json, Router};
use serde_json::{json, Value};

/// A v2 endpoint: which operation it runs and how it answers success.
#[derive(Clone, Copy)]
struct Endpoint {
    method: &'static str,
    success: StatusCode,
    /// Path parameters whose name differs from the operation's parameter.
    renames: &'static [(&'static str, &'static str)],
    /// Parameters the path itself stands for.
    fixed: &'static [(&'static str, &'static str)],
}

const fn ep(method: &'static str, success: StatusCode) -> Endpoint {
    Endpoint { method, success, renames: &[], fixed: &[] }
}

const OK: StatusCode = StatusCode::OK;
const CREATED: StatusCode = StatusCode::CREATED;
const NO_CONTENT: StatusCode = StatusCode::NO_CONTENT;
const FROM_PATH_LIST: &[(&str, &str)] = &[("list_id", "from_list_id")];
const TRANSACTIONAL: &[(&str, &str)] = &[("kind", "transactional")];

fn routes() -> Vec<(&'static str, MethodFilter, Endpoint)> {
    use MethodFilter as M;
    vec![
        ("/lists", M::GET, ep("lists.get", OK)),
        ("/lists", M::POST, ep("lists.add", CREATED)),
        ("/lists/{list_id}", M::GET, ep("lists.get", OK)),
        ("/lists/{list_id}", M::PUT, ep("lists.update", OK)),
        ("/lists/{list_id}", M::DELETE, ep("lists.delete", NO_CONTENT)),
        ("/lists/{list_id}/members", M::GET, ep("lists.get_members", OK)),
        ("/lists/{list_id}/members", M::POST, ep("lists.add_member", CREATED)),
        ("/lists/{list_id}/members/batch", M::POST, ep("lists.add_member_batch", CREATED)),
        ("/lists/{list_id}/members/{email}", M::GET, ep("lists.get_member", OK)),
        ("/lists/{list_id}/members/{email}", M::PUT, ep("lists.update_member", OK)),
        ("/lists/{list_id}/members/{email}", M::DELETE, ep("lists.delete_member", NO_CONTENT)),
        ("/lists/{list_id}/members/{email}/unsubscribe", M::POST, ep("lists.unsubscribe_member", OK)),
        (
            "/lists/{list_id}/members/{email}/move",
            M::POST,
            Endpoint { method: "lists.move_member", success: OK, renames: FROM_PATH_LIST, fixed: &[] },
        ),
        (
            "/lists/{list_id}/members/{email}/copy",
            M::POST,
            Endpoint { method: "lists.copy_member", success: CREATED, renames: FROM_PATH_LIST, fixed: &[] },
        ),
        ("/lists/{list_id}/members/{email}/activity", M::GET, ep("lists.member_activity", OK)),
        ("/lists/{list_id}/members/import", M::POST, ep("lists.upload", CREATED)),
        ("/lists/{list_id}/members/import", M::GET, ep("lists.get_import_result", OK)),
        ("/lists/{list_id}/import-history", M::GET, ep("lists.get_import_history", OK)),
        ("/lists/{list_id}/last-status", M::GET, ep("lists.last_status", OK)),
        ("/lists/{list_id}/clean", M::POST, ep("lists.clean_list", OK)),
        ("/lists/{list_id}/unsubscribed", M::GET, ep("lists.get_unsubscribed", OK)),
        ("/lists/{list_id}/complaints", M::GET, ep("lists.get_complaints", OK)),
        ("/lists/{list_id}/fields", M::POST, ep("lists.add_merge", CREATED)),
        ("/lists/{list_id}/fields/{merge_id}", M::PUT, ep("lists.update_merge", OK)),
        ("/lists/{list_id}/fields/{merge_id}", M::DELETE, ep("lists.delete_merge", NO_CONTENT)),
        ("/campaigns", M::GET, ep("campaigns.get", OK)),
        ("/campaigns", M::POST, ep("campaigns.create", CREATED)),
        ("/campaigns/folders", M::GET, ep("campaigns.get_folders", OK)),
        ("/campaigns/{campaign_id}", M::GET, ep("campaigns.get", OK)),
        ("/campaigns/{campaign_id}", M::PUT, ep("campaigns.update", OK)),
        ("/campaigns/{campaign_id}", M::DELETE, ep("campaigns.delete", NO_CONTENT)),
        ("/campaigns/{campaign_id}/copy", M::POST, ep("campaigns.copy", CREATED)),
        ("/campaigns/{campaign_id}/pause", M::POST, ep("campaigns.pause", OK)),
        ("/campaigns/{campaign_id}/resume", M::POST, ep("campaigns.restart_paused", OK)),
        ("/campaigns/{campaign_id}/resend", M::POST, ep("campaigns.resend_unopened", CREATED)),
        ("/campaigns/{campaign_id}/attachments", M::POST, ep("campaigns.attach", CREATED)),
        ("/campaigns/{campaign_id}/attachments", M::GET, ep("campaigns.get_attachments", OK)),
        ("/campaigns/{campaign_id}/attachments/{id}", M::DELETE, ep("campaigns.delete_attachment", NO_CONTENT)),
        ("/campaigns/{campaign_id}/schedule", M::POST, ep("campaigns.schedule", OK)),
        ("/campaigns/{campaign_id}/unschedule", M::POST, ep("campaigns.unschedule", OK)),
        ("/campaigns/{campaign_id}/send", M::POST, ep("campaigns.send", OK)),
        ("/campaigns/{campaign_id}/estimate", M::GET, ep("campaigns.estimate", OK)),
        ("/campaigns/{campaign_id}/preview", M::GET, ep("campaigns.preview", OK)),
        ("/campaigns/{campaign_id}/test", M::POST, ep("campaigns.test", OK)),
        ("/lists/{list_id}/check-email", M::GET, ep("lists.check_email", OK)),
        ("/campaigns/{campaign_id}/move", M::POST, ep("campaigns.move_to_folder", OK)),
        ("/automations", M::GET, ep("campaigns.get_automations", OK)),
        ("/automations", M::POST, ep("campaigns.create_auto", OK)),
        ("/automations/{campaign_id}", M::PUT, ep("campaigns.update_auto", OK)),
        ("/automations/{campaign_id}", M::DELETE, ep("campaigns.delete_automation", NO_CONTENT)),
        ("/automations/{campaign_id}/trigger", M::POST, ep("campaigns.force_auto", OK)),
        ("/automations/{campaign_id}/copy", M::POST, ep("campaigns.copy_automation_campaign", OK)),
        ("/reports/compare", M::POST, ep("reports.compare", OK)),
        ("/reports/{campaign_id}/{metric}", M::GET, ep("reports.get", OK)),
        ("/account/senders", M::GET, ep("account.get_confirmed", OK)),
        ("/account/senders/confirm", M::POST, ep("account.confirm_from_email", OK)),
        ("/account/domains", M::GET, ep("account.get_domains", OK)),
        ("/account/domains", M::POST, ep("account.add_domain", CREATED)),
        ("/account/domains/check", M::GET, ep("account.check_domains", OK)),
        ("/account/domains/{domain}", M::DELETE, ep("account.delete_domain", NO_CONTENT)),
        ("/account/webhooks", M::GET, ep("account.get_webhooks", OK)),
        ("/account/webhooks", M::POST, ep("account.add_webhooks", CREATED)),
        ("/account/webhooks/{event}", M::DELETE, ep("account.delete_webhooks", NO_CONTENT)),
        (
            "/account/webhooks/transactional",
            M::GET,
            Endpoint { method: "account.get_webhooks", success: OK, renames: &[], fixed: TRANSACTIONAL },
        ),
        (
            "/account/webhooks/transactional",
            M::POST,
            Endpoint { method: "account.add_webhooks", success: CREATED, renames: &[], fixed: TRANSACTIONAL },
        ),
        (
            "/account/webhooks/transactional/{event}",
            M::DELETE,
            Endpoint { method: "account.delete_webhooks", success: NO_CONTENT, renames: &[], fixed: TRANSACTIONAL },
        ),
        ("/transactional/messages", M::POST, ep("transactional.send", CREATED)),
        ("/transactional/messages/{transaction_id}", M::GET, ep("transactional.status", OK)),
        ("/transactional/log", M::GET, ep("transactional.log", OK)),
        ("/transactional/stats", M::GET, ep("transactional.stats", OK)),
        ("/sandbox/outbox", M::GET, ep("sandbox.outbox", OK)),
        ("/router/domains", M::GET, ep("router.domains", OK)),
        ("/router/domains", M::POST, ep("router.add_domain", CREATED)),
        ("/router/domains/mx", M::GET, ep("router.mx", OK)),
        ("/router/domains/{id}/verify", M::POST, ep("router.verify_domain", OK)),
        ("/router/domains/{id}", M::DELETE, ep("router.delete_domain", NO_CONTENT)),
        ("/router/routes", M::GET, ep("router.routes", OK)),
        ("/router/routes", M::POST, ep("router.create_route", CREATED)),
        ("/router/routes/reorder", M::POST, ep("router.reorder", OK)),
        ("/router/routes/{id}", M::GET, ep("router.get_route", OK)),
        ("/router/routes/{id}", M::PUT, ep("router.update_route", OK)),
        ("/router/routes/{id}", M::DELETE, ep("router.delete_route", NO_CONTENT)),
        ("/router/routes/{id}/rekey", M::POST, ep("router.rekey", OK)),
        ("/router/messages", M::GET, ep("router.messages", OK)),
        ("/router/messages/{id}", M::GET, ep("router.get_message", OK)),
        ("/router/messages/{id}", M::DELETE, ep("router.delete_message", NO_CONTENT)),
        ("/router/messages/{id}/attachments/{aid}", M::GET, ep("router.message_attachment", OK)),
        ("/router/deliveries", M::GET, ep("router.deliveries", OK)),
        ("/router/deliveries/{id}", M::GET, ep("router.get_delivery", OK)),
        ("/router/settings", M::GET, ep("router.settings", OK)),
        ("/router/settings", M::PUT, ep("router.update_settings", OK)),
        ("/sandbox/inbound", M::POST, ep("sandbox.inbound", OK)),
        ("/sandbox/replies", M::POST, ep("sandbox.reply", CREATED)),
        ("/sandbox/campaigns/{campaign_id}/needs-fix", M::POST, ep("sandbox.needs_fix", OK)),
        ("/sandbox/campaigns/{campaign_id}/launches", M::GET, ep("sandbox.launches", OK)),
        ("/sandbox/campaigns/{campaign_id}/due", M::POST, ep("sandbox.due", OK)),
        // Dialogs in v2, as the service's newest clients call them: the
        // same operations as the legacy `dialogs.*` methods.
        ("/dialogs", M::GET, ep("dialogs.list", OK)),
        ("/dialogs/unread-count", M::GET, ep("dialogs.unreadCount", OK)),
        ("/dialogs/attachments/{attachment_id}", M::GET, ep("dialogs.attachment", OK)),
        ("/dialogs/{dialog_id}", M::GET, ep("dialogs.get", OK)),
        ("/dialogs/{dialog_id}/messages", M::GET, ep("dialogs.messages", OK)),
        ("/dialogs/{dialog_id}/reply", M::POST, ep("dialogs.reply", CREATED)),
        ("/dialogs/{dialog_id}/read", M::POST, ep("dialogs.markRead", OK)),
        ("/dialogs/{dialog_id}/unread", M::POST, ep("dialogs.markUnread", OK)),
        ("/dialogs/{dialog_id}/close", M::POST, ep("dialogs.close", OK)),
        ("/dialogs/{dialog_id}/open", M::POST, ep("dialogs.open", OK)),
        ("/automations/events", M::GET, ep("automations.events", OK)),
        ("/workflows", M::GET, ep("campaigns.get_workflows", OK)),
        ("/workflows/{workflow_id}", M::GET, ep("workflows.get", OK)),
        ("/workflows/{workflow_id}", M::DELETE, ep("campaigns.delete_workflow", NO_CONTENT)),
        ("/workflows/{workflow_id}/copy", M::POST, ep("campaigns.copy_automation", CREATED)),
        ("/templates", M::GET, ep("campaigns.get_templates", OK)),
        ("/templates", M::POST, ep("campaigns.add_template", OK)),
        ("/templates/saved", M::GET, ep("campaigns.get_saved_templates", OK)),
        ("/templates/{id}", M::GET, ep("templates.get_one", OK)),
        ("/templates/{id}", M::PUT, ep("templates.update", OK)),
        ("/templates/{id}", M::DELETE, ep("campaigns.delete_template", NO_CONTENT)),
        ("/members", M::GET, ep("members.find", OK)),
        // Saved segments, as the public clients call them.
        ("/segments", M::GET, ep("segments.list", OK)),
        ("/segments", M::POST, ep("segments.add", CREATED)),
        ("/segments/count", M::POST, ep("segments.count", OK)),
        ("/segments/fields", M::GET, ep("segments.fields", OK)),
        ("/segments/{id}", M::GET, ep("segments.get", OK)),
        ("/segments/{id}", M::PUT, ep("segments.update", OK)),
        ("/segments/{id}", M::DELETE, ep("segments.delete", NO_CONTENT)),
        ("/account/balance", M::GET, ep("account.get_balance", OK)),
    ]
}

pub fn router() -> Router<Shared> {
    let mut router = Router::new();
    for (path, filter, endpoint) in routes() {
        let handler = move |state: State<Shared>,
                            path_params: RawPathParams,
                            query: RawQuery,
                            method: Method,
                            headers: HeaderMap,
                            body: Bytes| async move {
            handle(endpoint, state, path_params, query, method, headers, body).await
        };
        router = router.route(path, on(filter, handler));
    }
    // Failures always carry the error body: a client that reads an empty
    // body as success must not take a wrong method for one.
    router
        .method_not_allowed_fallback(|method: Method| async move {
            error(Fault::new(405, 1001, format!("{method} is not allowed on this path")))
        })
        .fallback(|| async { error(Fault::new(404, 1001, "No such endpoint")) })
}

/// A dialog attachment behind a pre-signed link (no key: the link is the key).
pub async fn download(
    axum::extract::State(app): axum::extract::State<Shared>,
    axum::extract::Path(token): axum::extract::Path<String>,
) -> Response {
    match app.with_conn(move |conn| crate::ops::dialogs::download(conn, &token)).await {
        Ok((content_type, bytes)) => ([("content-type", content_type)], bytes).into_response(),
        Err(fault) => error(fault),
    }
}

pub fn error(fault: Fault) -> Response {
    let status = StatusCode::from_u16(fault.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let code = fault.code;
    let mut err = json!({"code": fault.code, "message": fault.message});
    if !fault.details.is_null() {
        err["details"] = fault.details;
    }
    let mut response = (status, Json(json!({"error": err}))).into_response();
    response.extensions_mut().insert(super::Refused(code));
    response
}

/// The key in an `Authorization: Bearer` header.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .map(str::trim)
}

async fn handle(
    endpoint: Endpoint,
    State(app): State<Shared>,
    path_params: RawPathParams,
    RawQuery(query): RawQuery,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut params = Params::default();
    for (name, value) in &path_params {
        let name = endpoint.renames.iter().find(|(from, _)| *from == name).map_or(name, |(_, to)| *to);
        params.set(name, Value::String(value.to_string()));
    }
    for (name, value) in endpoint.fixed {
        params.set(name, Value::String(value.to_string()));
    }
    let query = form_params(query.as_deref().unwrap_or(""));
    let body = match body_params(&body) {
        Ok(body) => body,
        Err(fault) => return error(fault),
    };
    let presented = bearer(&headers)
        .or_else(|| query.get("api_key").and_then(Value::as_str))
        .or_else(|| body.get("api_key").and_then(Value::as_str));
    let Some(router) = app.access(presented) else {
        return error(Fault::unauthorized());
    };
    merge(&mut params, query);
    if method != Method::GET {
        merge(&mut params, body);
    }
    params.0.remove("api_key");
    match crate::jobs::call(&app, endpoint.method, Call { params, legacy: false, router }).await {
        Ok(_) if endpoint.success == NO_CONTENT => StatusCode::NO_CONTENT.into_response(),
        Ok(outcome) => (endpoint.success, Json(success(outcome))).into_response(),
        Err(fault) => error(fault),
    }
}
