//! Reading the service's answers: the body (capped), the success envelope
//! of either interface, and refusals in either shape decoded into one
//! [`ServiceError`].

use crate::error::{Error, Interface, Result, ServiceError};
use crate::retry::retry_after_header;
pub use reqwest::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The largest answer the client reads; anything longer is refused rather
/// than held in memory.
pub const MAX_BODY_BYTES: usize = 32 * 1024 * 1024;

/// What a v2 answer carried besides its data.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Meta {
    pub has_more: bool,
    pub limit: Option<u64>,
}

/// A decoded success: `response.data` and `meta`.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub data: Value,
    pub meta: Meta,
}

impl Reply {
    pub fn decode<T: DeserializeOwned>(self) -> Result<T> {
        serde_json::from_value(self.data).map_err(|e| Error::Decode(e.to_string()))
    }

    /// The identifier a create answered, under `key` or bare.
    pub fn id(&self, key: &str) -> Result<i64> {
        crate::loose::number_at(&self.data, key)
    }

    /// An identifier the service answered as text (or as a number), under `key`.
    pub fn text_id(&self, key: &str) -> Result<String> {
        crate::loose::text_at(&self.data, key)
    }

    /// A count the service answered, under `key` or bare; never negative.
    pub fn count(&self, key: &str) -> Result<u64> {
        crate::loose::number_at(&self.data, key).map(|n| n.max(0) as u64)
    }
}

/// A transport failure; for a write, one after the request left is "may
/// have been applied", never a plain failure.
pub(crate) fn failed(err: reqwest::Error, write: bool) -> Error {
    let sent = !err.is_connect() && !err.is_builder();
    let err = Error::from_transport(err);
    if write {
        err.after_write(sent)
    } else {
        err
    }
}

/// The answer's bytes, up to [`MAX_BODY_BYTES`].
pub(crate) async fn capped_bytes(mut response: reqwest::Response, write: bool) -> Result<Vec<u8>> {
    let too_large = || Error::Decode(format!("the answer is larger than {} MB", MAX_BODY_BYTES / (1024 * 1024)));
    if response.content_length().is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(response.content_length().unwrap_or(0) as usize);
    while let Some(chunk) = response.chunk().await.map_err(|e| failed(e, write))? {
        if bytes.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// An answer's status, its `Retry-After` header and its body, as they
/// arrived; decoded by [`decode_v2`] or [`decode_legacy`].
async fn arrived(response: reqwest::Response, write: bool) -> Result<(StatusCode, Option<String>, Vec<u8>)> {
    let status = response.status();
    let retry_after = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
    let bytes = capped_bytes(response, write).await?;
    Ok((status, retry_after, bytes))
}

/// The body as JSON; what is not JSON, as the start of its text.
fn body_value(bytes: &[u8]) -> Value {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        Value::Null
    } else {
        serde_json::from_slice(bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes[..bytes.len().min(300)]).into_owned()))
    }
}

fn wait_asked(retry_after: Option<&str>) -> Option<u64> {
    retry_after.and_then(|v| retry_after_header(v, std::time::SystemTime::now()))
}

pub(crate) async fn read_v2(response: reqwest::Response, write: bool) -> Result<Reply> {
    let (status, retry_after, bytes) = arrived(response, write).await?;
    decode_v2(status, retry_after.as_deref(), &bytes)
}

/// A REST v2 answer decoded: its data and meta, or the refusal it is.
pub fn decode_v2(status: StatusCode, retry_after: Option<&str>, bytes: &[u8]) -> Result<Reply> {
    let (retry_after, mut body) = (wait_asked(retry_after), body_value(bytes));
    if status.is_redirection() || status.is_client_error() || status.is_server_error() {
        return Err(Error::Service(v2_error(status, retry_after, &body)));
    }
    if let Some(err) = envelope_error(Interface::V2, status.as_u16(), retry_after, &body) {
        return Err(Error::Service(err));
    }
    if status != StatusCode::NO_CONTENT && body.is_string() {
        return Err(Error::Decode("the answer was not JSON".into()));
    }
    let meta = Meta {
        has_more: body.pointer("/meta/has_more").and_then(crate::loose::flag_value).unwrap_or(false),
        limit: body.pointer("/meta/limit").and_then(|v| v.as_u64()),
    };
    // Taken, not copied: a page of a thousand events is half a megabyte.
    let data = body.pointer_mut("/response/data").map(Value::take).unwrap_or(Value::Null);
    Ok(Reply { status: status.as_u16(), data, meta })
}

pub(crate) async fn read_legacy(response: reqwest::Response, write: bool) -> Result<Value> {
    let (status, retry_after, bytes) = arrived(response, write).await?;
    decode_legacy(status, retry_after.as_deref(), &bytes)
}

/// A legacy interface's answer decoded: its `response.data`, or the refusal it is.
pub fn decode_legacy(status: StatusCode, retry_after: Option<&str>, bytes: &[u8]) -> Result<Value> {
    let (retry_after, body) = (wait_asked(retry_after), body_value(bytes));
    if status.is_redirection() || status.is_client_error() || status.is_server_error() {
        let mut err = v2_error(status, retry_after, &body);
        err.interface = Interface::Legacy;
        return Err(Error::Service(err));
    }
    if let Some(err) = envelope_error(Interface::Legacy, status.as_u16(), retry_after, &body) {
        return Err(Error::Service(err));
    }
    if body.pointer("/response/msg").is_none() {
        return Err(Error::Decode("the answer had no response envelope".into()));
    }
    Ok(body.pointer("/response/data").cloned().unwrap_or(Value::Null))
}

/// `{error: {code, message, details}}`, or whatever came instead.
pub(crate) fn v2_error(status: StatusCode, retry_after: Option<u64>, body: &Value) -> ServiceError {
    let error = body.get("error");
    let code = error
        .and_then(|e| e.get("code"))
        .and_then(|c| c.as_i64().or_else(|| c.as_str().and_then(|s| s.parse().ok())))
        .unwrap_or(0);
    let message = error
        .and_then(|e| e.get("message"))
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| body.as_str().map(str::to_string))
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_string());
    let details = error.and_then(|e| e.get("details")).cloned().unwrap_or(Value::Null);
    ServiceError {
        interface: Interface::V2,
        status: status.as_u16(),
        code,
        message,
        details: with_wait(details, retry_after),
    }
}

/// A success status whose envelope says `err_code` is not 0. The legacy
/// shape has no details: what it says beside the code (a throttle's
/// `retry_after`) is read from `msg` or from `data`, and the `Retry-After`
/// header fills in when neither says.
pub(crate) fn envelope_error(
    interface: Interface,
    status: u16,
    retry_after: Option<u64>,
    body: &Value,
) -> Option<ServiceError> {
    let msg = body.pointer("/response/msg")?;
    let code =
        msg.get("err_code").and_then(|c| c.as_i64().or_else(|| c.as_str().and_then(|s| s.trim().parse().ok())))?;
    if code == 0 {
        return None;
    }
    let said = |place: &Value| place.get("retry_after").cloned();
    let data = body.pointer("/response/data").filter(|data| data.is_object());
    let mut details = data.cloned().unwrap_or(Value::Null);
    if let Some(seconds) = said(msg).filter(|_| data.and_then(said).is_none()) {
        details = with_field(details, "retry_after", seconds);
    }
    Some(ServiceError {
        interface,
        status,
        code,
        message: msg.get("text").and_then(Value::as_str).unwrap_or("error").to_string(),
        details: with_wait(details, retry_after),
    })
}

/// The details with the header's `Retry-After`, unless they say a wait themselves.
fn with_wait(details: Value, retry_after: Option<u64>) -> Value {
    match retry_after {
        Some(seconds) if details.get("retry_after").is_none() => with_field(details, "retry_after", seconds.into()),
        _ => details,
    }
}

fn with_field(details: Value, name: &str, value: Value) -> Value {
    let mut details = match details {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    details.insert(name.into(), value);
    Value::Object(details)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn errors_decode_from_either_shape() {
        let body = json!({"error": {"code": 58, "message": "slow down", "details": {"retry_after": 60}}});
        let e = v2_error(StatusCode::TOO_MANY_REQUESTS, None, &body);
        assert_eq!((e.status, e.code, e.retry_after()), (429, 58, Some(60)));
        let e = v2_error(StatusCode::BAD_GATEWAY, Some(3), &Value::String("<html>".into()));
        assert_eq!((e.code, e.message.as_str(), e.retry_after()), (0, "<html>", Some(3)));
        let ok = json!({"response": {"msg": {"err_code": "5", "text": "no list"}}});
        let e = envelope_error(Interface::Legacy, 200, None, &ok).unwrap();
        assert_eq!((e.code, e.message.as_str(), &e.details), (5, "no list", &Value::Null));
        let ok = json!({"response": {"msg": {"err_code": 0, "text": "OK"}}});
        assert!(envelope_error(Interface::V2, 200, None, &ok).is_none());
    }

    #[test]
    fn a_legacy_throttle_says_its_wait_in_data_in_msg_or_in_the_header() {
        let in_data = json!({"response": {"msg": {"err_code": 58, "text": "Too many requests", "type": "error"},
            "data": {"limit_per_minute": 120, "retry_after": 42}}});
        let e = envelope_error(Interface::Legacy, 200, Some(7), &in_data).unwrap();
        assert!(e.is_throttled());
        assert_eq!((e.status, e.retry_after(), e.details["limit_per_minute"].as_u64()), (200, Some(42), Some(120)));
        let in_msg = json!({"response": {"msg": {"err_code": "58", "text": "slow", "retry_after": "9"}, "data": null}});
        assert_eq!(envelope_error(Interface::Legacy, 200, None, &in_msg).unwrap().retry_after(), Some(9));
        let bare = json!({"response": {"msg": {"err_code": 58, "text": "slow"}}});
        let e = envelope_error(Interface::Legacy, 200, Some(7), &bare).unwrap();
        assert_eq!(e.retry_after(), Some(7), "the header fills in");
        let e = envelope_error(Interface::Legacy, 200, None, &bare).unwrap();
        assert_eq!((e.retry_after(), e.throttled_for()), (None, Some(60)), "a minute when nothing says");
    }
}
