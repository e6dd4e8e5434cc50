//! `--contract-only`: the REST interface as `spec/service-api.md` lists it
//! and no more. The public clients call paths the contract leaves out
//! (`/estimate`, `/test`, `/timeline`, …); a service may not answer them, and
//! a client must then degrade rather than stop. Unlisted paths answer 404 in
//! the service's error shape; the sandbox's own `/v2/sandbox/` endpoints stay,
//! since tests stand on them.

use super::v2::error;
use crate::fault::Fault;
use axum::extract::Request;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

/// Every method and path the contract's endpoint tables list (v2, without
/// the `/v2` prefix); `{…}` stands for one path segment.
const LISTED: &[(&str, &str)] = &[
    // Lists, and the migration table of the other list endpoints.
    ("GET", "/lists"),
    ("POST", "/lists"),
    ("GET", "/lists/{list_id}"),
    ("PUT", "/lists/{list_id}"),
    ("DELETE", "/lists/{list_id}"),
    ("GET", "/lists/{list_id}/members"),
    ("POST", "/lists/{list_id}/members"),
    ("POST", "/lists/{list_id}/members/batch"),
    ("POST", "/lists/{list_id}/members/import"),
    ("GET", "/lists/{list_id}/members/import"),
    ("GET", "/lists/{list_id}/members/{email}"),
    ("PUT", "/lists/{list_id}/members/{email}"),
    ("DELETE", "/lists/{list_id}/members/{email}"),
    ("POST", "/lists/{list_id}/members/{email}/unsubscribe"),
    ("POST", "/lists/{list_id}/members/{email}/move"),
    ("POST", "/lists/{list_id}/members/{email}/copy"),
    ("GET", "/lists/{list_id}/members/{email}/activity"),
    ("POST", "/lists/{list_id}/clean"),
    ("GET", "/lists/{list_id}/unsubscribed"),
    ("GET", "/lists/{list_id}/complaints"),
    ("GET", "/lists/{list_id}/import-history"),
    ("GET", "/lists/{list_id}/last-status"),
    ("POST", "/lists/{list_id}/fields"),
    ("PUT", "/lists/{list_id}/fields/{merge_id}"),
    ("DELETE", "/lists/{list_id}/fields/{merge_id}"),
    // Campaigns: launching is the update with a status.
    ("GET", "/campaigns"),
    ("GET", "/campaigns/{campaign_id}"),
    ("POST", "/campaigns"),
    ("PUT", "/campaigns/{campaign_id}"),
    ("DELETE", "/campaigns/{campaign_id}"),
    ("POST", "/campaigns/{campaign_id}/copy"),
    ("POST", "/campaigns/{campaign_id}/pause"),
    ("POST", "/campaigns/{campaign_id}/resume"),
    ("POST", "/campaigns/{campaign_id}/resend"),
    ("POST", "/campaigns/{campaign_id}/attachments"),
    ("GET", "/campaigns/{campaign_id}/attachments"),
    ("DELETE", "/campaigns/{campaign_id}/attachments/{id}"),
    ("GET", "/campaigns/folders"),
    ("POST", "/campaigns/{campaign_id}/move"),
    // Automations and workflows.
    ("GET", "/automations"),
    ("POST", "/automations"),
    ("PUT", "/automations/{campaign_id}"),
    ("DELETE", "/automations/{campaign_id}"),
    ("POST", "/automations/{campaign_id}/trigger"),
    ("POST", "/automations/{campaign_id}/copy"),
    ("GET", "/workflows"),
    ("DELETE", "/workflows/{workflow_id}"),
    ("POST", "/workflows/{workflow_id}/copy"),
    // Templates.
    ("GET", "/templates"),
    ("GET", "/templates/{id}"),
    ("PUT", "/templates/{id}"),
    ("GET", "/templates/saved"),
    ("POST", "/templates"),
    ("DELETE", "/templates/{id}"),
    // Transactional: the contract names only the log and statistics paths.
    ("GET", "/transactional/log"),
    ("GET", "/transactional/stats"),
    // Account.
    ("GET", "/account/balance"),
    ("GET", "/account/senders"),
    ("POST", "/account/senders/confirm"),
    ("GET", "/account/domains"),
    ("POST", "/account/domains"),
    ("GET", "/account/domains/check"),
    ("DELETE", "/account/domains/{domain}"),
    ("GET", "/account/webhooks"),
    ("POST", "/account/webhooks"),
    ("DELETE", "/account/webhooks/{event_name}"),
];

/// The metrics of `GET /reports/{campaign_id}/{metric}` the contract lists.
const METRICS: &[&str] = &[
    "summary",
    "sent",
    "delivered",
    "opened",
    "clicked",
    "bounced",
    "complained",
    "unsubscribed",
    "events",
    "clickstat",
    "userclicks",
    "bouncestat",
    "domains",
    "geo",
    "clients",
    "codes",
];

fn segments(path: &str) -> Vec<&str> {
    path.split('/').filter(|s| !s.is_empty()).collect()
}

fn matches(pattern: &str, path: &[&str]) -> bool {
    let pattern = segments(pattern);
    pattern.len() == path.len()
        && pattern.iter().zip(path).all(|(want, got)| (want.starts_with('{') && want.ends_with('}')) || want == got)
}

/// Whether the contract lists `method` on `path` (a v2 path without `/v2`).
pub fn listed(method: &Method, path: &str) -> bool {
    let path = segments(path);
    if let ["reports", _, metric] = path.as_slice() {
        return method == Method::GET && METRICS.contains(metric);
    }
    LISTED.iter().any(|(m, pattern)| method.as_str() == *m && matches(pattern, &path))
}

/// Answers 404 for every v2 path the contract does not list.
pub async fn only_listed(request: Request, next: Next) -> Response {
    let unlisted = match request.uri().path().strip_prefix("/v2/") {
        Some(rest) => !rest.starts_with("sandbox/") && !listed(request.method(), rest),
        None => false,
    };
    if unlisted {
        return error(Fault::new(404, 1001, "No such endpoint"));
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contracts_paths_pass_and_the_public_clients_extras_do_not() {
        for (method, path) in [
            (Method::GET, "campaigns/7"),
            (Method::PUT, "campaigns/7"),
            (Method::GET, "campaigns/folders"),
            (Method::POST, "lists/3/members/a%40b.example/unsubscribe"),
            (Method::GET, "reports/7/summary"),
            (Method::GET, "automations"),
        ] {
            assert!(listed(&method, path), "{method} {path}");
        }
        for (method, path) in [
            (Method::GET, "campaigns/7/estimate"),
            (Method::POST, "campaigns/7/test"),
            (Method::POST, "campaigns/7/send"),
            (Method::GET, "reports/7/timeline"),
            (Method::GET, "members"),
            (Method::POST, "campaigns/7"),
            (Method::GET, "router/routes"),
        ] {
            assert!(!listed(&method, path), "{method} {path}");
        }
    }
}
