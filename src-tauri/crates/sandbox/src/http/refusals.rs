//! Refusals made before a handler runs (a body over the limit, an unknown
//! path, a wrong method, a body an extractor rejects) come from axum as
//! plain text. A client reads every failure from the service's error shape,
//! so each is rewritten into it here, keeping its status and its words.

use super::v2;
use crate::fault::Fault;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;

/// The largest request body taken: real mail with its attachments (a reply
/// put in through `/v2/sandbox/replies`, an import sent inline) runs to tens
/// of megabytes, where axum's default stops at 2 MB.
pub const MAX_BODY_BYTES: usize = 64 * 1024 * 1024;

/// The body limit every route takes.
pub fn body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(MAX_BODY_BYTES)
}

/// The most of a plain-text refusal kept as the error's message.
const MAX_MESSAGE_BYTES: usize = 1024;

/// Answers an error that is not already in the service's shape in it.
pub async fn in_service_shape(request: Request, next: Next) -> Response {
    let legacy = request.uri().path() == "/";
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json(&response) {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), MAX_MESSAGE_BYTES).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let message = if text.is_empty() { status.canonical_reason().unwrap_or("Refused").to_string() } else { text };
    let fault = Fault::new(status.as_u16(), code_for(status), message);
    if legacy {
        super::legacy::error(fault)
    } else {
        v2::error(fault)
    }
}

fn is_json(response: &Response<Body>) -> bool {
    response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// The service's code for a refusal of the request itself: an unknown
/// address or method is the code of an unknown method; anything else about
/// the request's form is an invalid request.
fn code_for(status: StatusCode) -> i64 {
    match status {
        StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED => 1001,
        status if status.is_server_error() => 1,
        _ => 2,
    }
}
