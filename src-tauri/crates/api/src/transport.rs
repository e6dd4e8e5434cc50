//! One transport for REST v2 and one for the legacy method interface, both
//! decoding into [`Error`]. Reads are retried; writes never are, except after
//! a 429, which the service answers before doing anything.

use crate::address::ServiceAddress;
use crate::error::{Error, Interface, Result, ServiceError};
use crate::retry::{retry_after_header, RetryPolicy};
use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::fmt;
use std::time::Duration;

pub const USER_AGENT: &str = concat!("CampaignDesk/", env!("CARGO_PKG_VERSION"));

/// The largest answer the client reads; anything longer is refused rather
/// than held in memory.
pub const MAX_BODY_BYTES: usize = 32 * 1024 * 1024;

/// The account's API key: wiped from memory when dropped, printed as
/// `<API_KEY>` so that it never lands in a log line or an error message, and
/// never serialized. It deserializes from a plain string, so it can arrive
/// from a form without passing through an ordinary `String` field.
#[derive(Clone, serde::Deserialize)]
#[serde(from = "SecretString")]
pub struct ApiKey(SecretString);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        let key: String = key.into();
        ApiKey(SecretString::from(key.trim()))
    }
    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
    pub fn is_empty(&self) -> bool {
        self.expose().is_empty()
    }
}

impl From<SecretString> for ApiKey {
    fn from(secret: SecretString) -> Self {
        ApiKey::new(secret.expose_secret())
    }
}

impl PartialEq for ApiKey {
    fn eq(&self, other: &Self) -> bool {
        self.expose() == other.expose()
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<API_KEY>")
    }
}

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

/// A record as the JSON object a request body starts from: what it leaves
/// empty (`None`) is not sent, so the service keeps its value.
pub(crate) fn json_object<T: serde::Serialize>(value: &T) -> Map<String, Value> {
    match serde_json::to_value(value) {
        Ok(Value::Object(mut map)) => {
            map.retain(|_, v| !v.is_null());
            map
        }
        _ => Map::new(),
    }
}

#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    address: ServiceAddress,
    key: ApiKey,
    retry: RetryPolicy,
}

impl Client {
    pub fn new(base_url: &str, key: ApiKey) -> Result<Self> {
        let address = ServiceAddress::parse(base_url)?;
        let http = reqwest::Client::builder()
            .user_agent(USER_AGENT)
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(30))
            .https_only(address.v2.scheme() == "https")
            // A redirect could carry the key (in the legacy body) to another
            // host: none is followed; a 3xx is an error like any other.
            .redirect(reqwest::redirect::Policy::none());
        // A service elsewhere is reached the way the system says (its proxy,
        // if any); the sandbox on this computer always directly, whatever a
        // proxy setting covers.
        let http = if address.is_loopback() { http.no_proxy() } else { http };
        let http = http.build().map_err(Error::from_transport)?;
        Ok(Client { http, address, key, retry: RetryPolicy::default() })
    }

    pub fn with_retry_policy(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    pub fn address(&self) -> &ServiceAddress {
        &self.address
    }

    pub async fn get<S: AsRef<str>>(&self, path: &[S], query: &[(&str, String)]) -> Result<Reply> {
        self.v2(Method::GET, path, query, None).await
    }

    pub async fn post<S: AsRef<str>>(&self, path: &[S], body: Value) -> Result<Reply> {
        self.v2(Method::POST, path, &[], Some(body)).await
    }

    pub async fn put<S: AsRef<str>>(&self, path: &[S], body: Value) -> Result<Reply> {
        self.v2(Method::PUT, path, &[], Some(body)).await
    }

    pub async fn delete<S: AsRef<str>>(&self, path: &[S], body: Option<Value>) -> Result<Reply> {
        self.v2(Method::DELETE, path, &[], body).await
    }

    /// One v2 request, retried as the method allows.
    pub async fn v2(
        &self,
        method: Method,
        path: &[impl AsRef<str>],
        query: &[(&str, String)],
        body: Option<Value>,
    ) -> Result<Reply> {
        let url = self.address.v2_url(path);
        let idempotent = method == Method::GET;
        let what = format!("{method} {}", crate::request_log::shown_path(&url));
        self.with_retries(idempotent, || {
            let mut request = self
                .http
                .request(method.clone(), url.clone())
                .bearer_auth(self.key.expose())
                .header("Accept", "application/json")
                .query(query);
            if let Some(body) = &body {
                request = request.json(body);
            }
            let attempt =
                async move { read_v2(request.send().await.map_err(|e| failed(e, !idempotent))?, !idempotent).await };
            crate::request_log::logged(&what, |reply: &Reply| reply.status, attempt)
        })
        .await
    }

    /// One legacy call: POST to the legacy root with `method`, `api_key` and
    /// the parameters in a JSON body (never in the address, where the key
    /// could end up in a log).
    pub async fn legacy(&self, method: &str, params: Map<String, Value>, read_only: bool) -> Result<Value> {
        let mut body = params;
        body.insert("method".into(), Value::String(method.into()));
        body.insert("api_key".into(), Value::String(self.key.expose().into()));
        let body = Value::Object(body);
        let what = format!("POST {} {method}", crate::request_log::shown_path(&self.address.legacy));
        self.with_retries(read_only, || {
            let request = self.http.post(self.address.legacy.clone()).header("Accept", "application/json").json(&body);
            let attempt =
                async move { read_legacy(request.send().await.map_err(|e| failed(e, !read_only))?, !read_only).await };
            crate::request_log::logged(&what, |_: &Value| 200, attempt)
        })
        .await
    }

    async fn with_retries<T, F, Fut>(&self, idempotent: bool, attempt_once: F) -> Result<T>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T>>,
    {
        self.retry.run(idempotent, attempt_once).await
    }
}

/// A transport failure; for a write, one after the request left is "may
/// have been applied", never a plain failure.
fn failed(err: reqwest::Error, write: bool) -> Error {
    let sent = !err.is_connect() && !err.is_builder();
    let err = Error::from_transport(err);
    if write {
        err.after_write(sent)
    } else {
        err
    }
}

/// The answer's bytes, up to [`MAX_BODY_BYTES`].
async fn capped_bytes(mut response: reqwest::Response, write: bool) -> Result<Vec<u8>> {
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

async fn read_body(response: reqwest::Response, write: bool) -> Result<(StatusCode, Option<u64>, Value)> {
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| retry_after_header(v, std::time::SystemTime::now()));
    let bytes = capped_bytes(response, write).await?;
    let value = if bytes.iter().all(u8::is_ascii_whitespace) {
        Value::Null
    } else {
        serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes[..bytes.len().min(300)]).into_owned()))
    };
    Ok((status, retry_after, value))
}

async fn read_v2(response: reqwest::Response, write: bool) -> Result<Reply> {
    let (status, retry_after, mut body) = read_body(response, write).await?;
    if status.is_redirection() || status.is_client_error() || status.is_server_error() {
        return Err(Error::Service(v2_error(status, retry_after, &body)));
    }
    if let Some(err) = envelope_error(Interface::V2, status.as_u16(), &body) {
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

async fn read_legacy(response: reqwest::Response, write: bool) -> Result<Value> {
    let (status, retry_after, body) = read_body(response, write).await?;
    if status.is_redirection() || status.is_client_error() || status.is_server_error() {
        let mut err = v2_error(status, retry_after, &body);
        err.interface = Interface::Legacy;
        return Err(Error::Service(err));
    }
    if let Some(err) = envelope_error(Interface::Legacy, status.as_u16(), &body) {
        return Err(Error::Service(err));
    }
    if body.pointer("/response/msg").is_none() {
        return Err(Error::Decode("the answer had no response envelope".into()));
    }
    Ok(body.pointer("/response/data").cloned().unwrap_or(Value::Null))
}

/// `{error: {code, message, details}}`, or whatever came instead.
fn v2_error(status: StatusCode, retry_after: Option<u64>, body: &Value) -> ServiceError {
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
    let mut details = error.and_then(|e| e.get("details")).cloned().unwrap_or(Value::Null);
    if let (Some(seconds), false) = (retry_after, details.get("retry_after").is_some()) {
        if !details.is_object() {
            details = Value::Object(Map::new());
        }
        details["retry_after"] = Value::from(seconds);
    }
    ServiceError { interface: Interface::V2, status: status.as_u16(), code, message, details }
}

/// A success status whose envelope says `err_code` is not 0.
fn envelope_error(interface: Interface, status: u16, body: &Value) -> Option<ServiceError> {
    let msg = body.pointer("/response/msg")?;
    let code =
        msg.get("err_code").and_then(|c| c.as_i64().or_else(|| c.as_str().and_then(|s| s.trim().parse().ok())))?;
    (code != 0).then(|| ServiceError {
        interface,
        status,
        code,
        message: msg.get("text").and_then(Value::as_str).unwrap_or("error").to_string(),
        details: Value::Null,
    })
}

impl Client {
    /// The file behind a pre-signed link (an attachment's download link):
    /// fetched without the key, following no redirects, capped like every
    /// answer. An expired or refused link is the service's refusal.
    pub async fn fetch_link(&self, link: &str) -> Result<Vec<u8>> {
        let url = reqwest::Url::parse(link).map_err(|e| Error::InvalidRequest(format!("not a download link: {e}")))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(Error::InvalidRequest(format!("not a download link: {}", url.scheme())));
        }
        let response = self.http.get(url).send().await.map_err(|e| failed(e, false))?;
        let status = response.status();
        if !status.is_success() {
            return Err(Error::Service(crate::error::ServiceError {
                interface: crate::error::Interface::V2,
                status: status.as_u16(),
                code: 0,
                message: "the download link was refused".into(),
                details: Value::Null,
            }));
        }
        capped_bytes(response, false).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_never_prints() {
        let key = ApiKey::new("secret-123");
        assert_eq!(format!("{key:?}"), "<API_KEY>");
        let client = Client::new("https://api.example.com/v2", key).unwrap();
        assert!(!format!("{client:?}").contains("secret-123"));
    }

    #[test]
    fn errors_decode_from_either_shape() {
        let body = serde_json::json!({"error": {"code": 58, "message": "slow down", "details": {"retry_after": 60}}});
        let e = v2_error(StatusCode::TOO_MANY_REQUESTS, None, &body);
        assert_eq!((e.status, e.code, e.retry_after()), (429, 58, Some(60)));
        let e = v2_error(StatusCode::BAD_GATEWAY, Some(3), &Value::String("<html>".into()));
        assert_eq!((e.code, e.message.as_str(), e.retry_after()), (0, "<html>", Some(3)));
        let ok = serde_json::json!({"response": {"msg": {"err_code": "5", "text": "no list"}}});
        let e = envelope_error(Interface::Legacy, 200, &ok).unwrap();
        assert_eq!((e.code, e.message.as_str()), (5, "no list"));
        let ok = serde_json::json!({"response": {"msg": {"err_code": 0, "text": "OK"}}});
        assert!(envelope_error(Interface::V2, 200, &ok).is_none());
    }
}
