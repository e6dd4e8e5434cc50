//! Faults in what the service says rather than in whether it answers: a
//! service that ignores where a page starts, one that always says more
//! follow, and one that dates some events in the year 1. A client must end
//! its reading and keep its charts small whatever the answers say.

use crate::faults::Faults;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, Method};
use axum::middleware::Next;
use axum::response::Response;
use serde_json::{Map, Value};
use std::sync::Arc;

/// The time a bad timestamp reads.
pub const BAD_TIMESTAMP: &str = "0001-01-01 00:00:00";

/// One timestamped record in this many is misdated, the first included.
const MISDATED_EVERY: usize = 3;

/// The fields of the records whose time is misdated: events and the hours of a timeline.
const TIMESTAMPS: [&str; 2] = ["event_time", "hour"];

/// The parameters that say where a page starts.
const PAGE_STARTS: [&str; 2] = ["start", "offset"];

/// The legacy interface's most rows per page, when a request names no limit.
const LEGACY_DEFAULT_LIMIT: usize = 100;

pub async fn rewrite(State(faults): State<Arc<Faults>>, request: Request, next: Next) -> Response {
    let legacy = request.uri().path() == "/";
    let (request, legacy_limit) = match asked(request, faults.ignore_offset, legacy).await {
        Ok(asked) => asked,
        Err(response) => return response,
    };
    let response = next.run(request).await;
    if !faults.has_more_forever && !faults.bad_timestamp {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let Ok(mut answer) = serde_json::from_slice::<Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    if faults.has_more_forever {
        always_more(&mut answer, legacy.then_some(legacy_limit));
    }
    if faults.bad_timestamp {
        if let Some(data) = answer.pointer_mut("/response/data") {
            misdate(data, &mut 0);
        }
    }
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(serde_json::to_vec(&answer).unwrap_or_else(|_| bytes.to_vec())))
}

/// The request with every page start made 0 when offsets are ignored, and
/// the legacy page size it asked for.
async fn asked(request: Request, ignore_offset: bool, legacy: bool) -> Result<(Request, usize), Response> {
    let (mut parts, body) = request.into_parts();
    let mut query = crate::http::form_params(parts.uri.query().unwrap_or(""));
    if ignore_offset && PAGE_STARTS.iter().any(|k| query.contains_key(*k)) {
        restart(&mut query);
        let pairs = query.iter().map(|(k, v)| (k.as_str(), v.as_str().unwrap_or_default()));
        let encoded = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        let path_and_query = format!("{}?{encoded}", parts.uri.path());
        if let Ok(uri) = path_and_query.parse() {
            parts.uri = uri;
        }
    }
    if !legacy || parts.method != Method::POST {
        let limit = limit_of(&query);
        return Ok((Request::from_parts(parts, body), limit));
    }
    let bytes = axum::body::to_bytes(body, usize::MAX).await.map_err(|_| Response::new(Body::empty()))?;
    let Ok(mut params) = crate::http::body_params(&bytes) else {
        return Ok((Request::from_parts(parts, Body::from(bytes)), limit_of(&query)));
    };
    let limit = if params.contains_key("limit") { limit_of(&params) } else { limit_of(&query) };
    let body = if ignore_offset && PAGE_STARTS.iter().any(|k| params.contains_key(*k)) {
        restart(&mut params);
        parts.headers.remove(header::CONTENT_LENGTH);
        parts.headers.insert(header::CONTENT_TYPE, header::HeaderValue::from_static("application/json"));
        Bytes::from(serde_json::to_vec(&params).unwrap_or_default())
    } else {
        bytes
    };
    Ok((Request::from_parts(parts, Body::from(body)), limit))
}

fn restart(params: &mut Map<String, Value>) {
    for key in PAGE_STARTS {
        if let Some(start) = params.get_mut(key) {
            *start = Value::String("0".into());
        }
    }
}

fn limit_of(params: &Map<String, Value>) -> usize {
    let limit = params.get("limit").and_then(|v| v.as_u64().or_else(|| v.as_str()?.trim().parse().ok()));
    limit.map_or(LEGACY_DEFAULT_LIMIT, |n| n as usize)
}

/// `meta.has_more` made true; a legacy page (which says more follow by
/// being full) filled up to its limit with its own rows again.
fn always_more(answer: &mut Value, legacy_limit: Option<usize>) {
    if let Some(Value::Object(meta)) = answer.get_mut("meta") {
        meta.insert("has_more".into(), Value::Bool(true));
    }
    let Some(limit) = legacy_limit else { return };
    if let Some(Value::Array(rows)) = answer.pointer_mut("/response/data") {
        let own = rows.len();
        if own > 0 {
            let again: Vec<Value> = rows.iter().cycle().take(limit.saturating_sub(own)).cloned().collect();
            rows.extend(again);
        }
    }
}

/// Misdates one timestamped record in [`MISDATED_EVERY`], counting across the answer.
fn misdate(value: &mut Value, seen: &mut usize) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|item| misdate(item, seen)),
        Value::Object(record) => {
            if let Some(key) = TIMESTAMPS.iter().find(|k| record.get(**k).is_some_and(Value::is_string)) {
                if seen.is_multiple_of(MISDATED_EVERY) {
                    record.insert((*key).into(), Value::String(BAD_TIMESTAMP.into()));
                }
                *seen += 1;
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_legacy_page_is_filled_to_its_limit_and_v2_says_more() {
        let mut legacy = json!({"response": {"data": [{"id": 1}, {"id": 2}]}});
        always_more(&mut legacy, Some(5));
        assert_eq!(legacy["response"]["data"].as_array().unwrap().len(), 5);
        let mut v2 = json!({"response": {"data": []}, "meta": {"has_more": false, "limit": 10}});
        always_more(&mut v2, None);
        assert_eq!(v2["meta"]["has_more"], true);
    }

    #[test]
    fn one_timestamp_in_three_is_misdated_the_first_included() {
        let mut data = json!([{"event_time": "2026-03-02 10:00:00"}, {"event_time": "2026-03-02 10:00:01"},
            {"event_time": "2026-03-02 10:00:02"}, {"hour": "2026-03-02 11:00:00"}]);
        misdate(&mut data, &mut 0);
        assert_eq!(data[0]["event_time"], BAD_TIMESTAMP);
        assert_eq!(data[1]["event_time"], "2026-03-02 10:00:01");
        assert_eq!(data[3]["hour"], BAD_TIMESTAMP);
    }
}
