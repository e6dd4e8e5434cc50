//! Every request passes the gate first: it is counted against its account's
//! per-minute limit (`--rate-limit`), refused when over it, and written in
//! the request log either way. The sandbox's own `/v2/sandbox/` endpoints
//! pass untouched: a test reading the log or putting mail in front of the
//! app must not spend the app's minute or show up in what it counts.

use super::{body_params, form_params, legacy, v2, Refused, Shared};
use crate::fault::Fault;
use crate::ops::Outcome;
use crate::requests::Record;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::time::Instant;

/// Who a request is from and what it asks, as far as the gate needs.
struct Seen {
    interface: &'static str,
    path: String,
    /// The key it presents; `None` for a download link, which needs none and is not counted.
    key: Option<String>,
}

pub async fn pass(State(app): State<Shared>, request: Request, next: Next) -> Response {
    if own_endpoint(request.uri().path()) {
        return next.run(request).await;
    }
    let arrived = chrono::Utc::now();
    let method = request.method().to_string();
    let (request, seen) = match identify(request, app.limit.is_some()).await {
        Ok(identified) => identified,
        Err(response) => return response,
    };
    let refusal = match (&app.limit, &seen.key) {
        (Some(limit), Some(key)) => limit.admit(key, Instant::now()).err().map(|seconds| (limit.per_minute(), seconds)),
        _ => None,
    };
    let response = match refusal {
        Some((per_minute, seconds)) => throttled(seen.interface == "legacy", per_minute, seconds),
        None => next.run(request).await,
    };
    let code = response.extensions().get::<Refused>().map(|refused| refused.0);
    let record = Record {
        interface: seen.interface,
        method,
        path: seen.path,
        status: response.status().as_u16(),
        code,
        at: String::new(),
    };
    app.requests.record(record, arrived);
    response
}

/// The answer to a request over the limit: on v2 HTTP 429 with the service's
/// error body; on the legacy interface HTTP 200 with `err_code` 58, the
/// details in `data`. Both with a `Retry-After` header.
pub fn throttled(legacy_interface: bool, per_minute: u64, seconds: u64) -> Response {
    let fault = Fault {
        details: json!({"limit_per_minute": per_minute, "retry_after": seconds}),
        ..Fault::new(429, 58, "Too many requests")
    };
    let mut response = if legacy_interface { legacy::error(fault) } else { v2::error(fault) };
    if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
        response.headers_mut().insert("retry-after", value);
    }
    response
}

fn own_endpoint(path: &str) -> bool {
    path == "/v2/sandbox" || path.starts_with("/v2/sandbox/")
}

/// The interface, the path as the log shows it and the key presented. A
/// legacy call's body is read for its `method` (and key), then put back.
async fn identify(request: Request, need_key: bool) -> Result<(Request, Seen), Response> {
    let path = request.uri().path().to_string();
    let query = form_params(request.uri().query().unwrap_or(""));
    let query_key = query.get("api_key").and_then(Value::as_str).map(str::to_string);
    if path.starts_with("/files/") {
        return Ok((request, Seen { interface: "file", path, key: None }));
    }
    if path == "/" {
        let (request, body) = buffered(request, true).await?;
        let mut params = query;
        for (name, value) in body_params(&body).unwrap_or_default() {
            params.entry(name).or_insert(value);
        }
        let text = |name: &str| params.get(name).and_then(Value::as_str).map(str::to_string);
        let key = text("api_key").unwrap_or_default();
        return Ok((request, Seen { interface: "legacy", path: text("method").unwrap_or_default(), key: Some(key) }));
    }
    let presented = v2::bearer(request.headers()).map(str::to_string).or(query_key);
    let (request, key) = match presented {
        Some(key) => (request, key),
        // A key in the body is taken too; read only when it counts.
        None if need_key && request.method() != Method::GET => {
            let (request, body) = buffered(request, false).await?;
            let key =
                body_params(&body).ok().and_then(|p| p.get("api_key").and_then(Value::as_str).map(str::to_string));
            (request, key.unwrap_or_default())
        }
        None => (request, String::new()),
    };
    Ok((request, Seen { interface: "v2", path, key: Some(key) }))
}

/// The request with its body read into memory (up to the size the service
/// takes), and the body.
async fn buffered(request: Request, legacy_interface: bool) -> Result<(Request, Bytes), Response> {
    let (parts, body) = request.into_parts();
    match axum::body::to_bytes(body, super::refusals::MAX_BODY_BYTES).await {
        Ok(bytes) => Ok((Request::from_parts(parts, Body::from(bytes.clone())), bytes)),
        Err(_) => {
            let fault = Fault::new(413, 2, "The request body is larger than the service takes");
            Err(if legacy_interface { legacy::error(fault) } else { v2::error(fault) })
        }
    }
}

/// `GET /v2/sandbox/requests`: what the service answered, oldest first.
pub async fn list_requests(State(app): State<Shared>, headers: HeaderMap, query: axum::extract::RawQuery) -> Response {
    if let Some(refusal) = key_refused(&app, &headers, query.0.as_deref()) {
        return refusal;
    }
    let records = serde_json::to_value(app.requests.list()).unwrap_or(Value::Array(Vec::new()));
    Json(super::success(Outcome::data(records))).into_response()
}

/// `DELETE /v2/sandbox/requests`: starts the log afresh.
pub async fn clear_requests(State(app): State<Shared>, headers: HeaderMap, query: axum::extract::RawQuery) -> Response {
    if let Some(refusal) = key_refused(&app, &headers, query.0.as_deref()) {
        return refusal;
    }
    app.requests.clear();
    StatusCode::NO_CONTENT.into_response()
}

/// The log is the account's business: read with its key, as every other
/// endpoint; the refusal when the key is not the account's.
fn key_refused(app: &Shared, headers: &HeaderMap, query: Option<&str>) -> Option<Response> {
    let query = form_params(query.unwrap_or(""));
    let presented = v2::bearer(headers).or_else(|| query.get("api_key").and_then(Value::as_str));
    app.access(presented).is_none().then(|| v2::error(Fault::unauthorized()))
}
