//! One transport for REST v2 and one for the legacy method interface, both
//! decoding into [`Error`]. Reads are retried, throttled ones after the wait
//! the service asked for; writes never are. Every request first takes a
//! slot of the client's request budget ([`crate::budget`]).

use crate::address::ServiceAddress;
use crate::answer::{capped_bytes, failed, read_legacy, read_v2, Reply};
use crate::budget::{Budget, Priority, RequestBudget};
use crate::error::{Error, Result};
use crate::retry::RetryPolicy;
use reqwest::Method;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value};
use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

pub const USER_AGENT: &str = concat!("CampaignDesk/", env!("CARGO_PKG_VERSION"));

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
    /// Shared by the client's clones: one account, one budget.
    budget: Arc<Budget>,
    priority: Priority,
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
        // Plain HTTP (only ever the sandbox on this computer) and no redirect
        // followed: no TLS, so the system's trusted roots are not read and
        // parsed for it (some 140 certificates, on every client made).
        let http = if address.v2.scheme() == "http" { http.tls_built_in_root_certs(false) } else { http };
        let http = http.build().map_err(Error::from_transport)?;
        // A real account gets its limit; the sandbox on this computer limits
        // nothing unless started to, and its tests must not wait a minute.
        let budget = if address.is_loopback() { RequestBudget::unlimited() } else { RequestBudget::default() };
        Ok(Client {
            http,
            address,
            key,
            retry: RetryPolicy::default(),
            budget: Arc::new(Budget::new(budget)),
            priority: Priority::Foreground,
        })
    }

    pub fn with_retry_policy(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    /// Sets how many requests the client may send per rolling window: a
    /// new budget, shared by this client and the clones made from it after.
    pub fn with_budget(mut self, budget: RequestBudget) -> Self {
        self.budget = Arc::new(Budget::new(budget));
        self
    }

    pub fn budget(&self) -> RequestBudget {
        self.budget.limits()
    }

    /// The same client for work the app does on its own (counting ahead,
    /// refreshing what no one is looking at): it shares the budget, waits
    /// while the user's requests are queued, and never takes the last
    /// fifth of the window.
    pub fn background(&self) -> Client {
        Client { priority: Priority::Background, ..self.clone() }
    }

    pub fn priority(&self) -> Priority {
        self.priority
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
        // The sandbox's own endpoints (tests reading its log, putting mail
        // in) are not counted by it, so neither are they here.
        let counted = path.first().is_none_or(|first| first.as_ref() != "sandbox");
        let deadline = counted.then(|| Instant::now() + self.retry.deadline);
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
            self.within_budget(deadline, crate::request_log::logged(&what, |reply: &Reply| reply.status, attempt))
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
        let deadline = Some(Instant::now() + self.retry.deadline);
        self.with_retries(read_only, || {
            let request = self.http.post(self.address.legacy.clone()).header("Accept", "application/json").json(&body);
            let attempt =
                async move { read_legacy(request.send().await.map_err(|e| failed(e, !read_only))?, !read_only).await };
            self.within_budget(deadline, crate::request_log::logged(&what, |_: &Value| 200, attempt))
        })
        .await
    }

    /// Sends one attempt once the budget has a slot for it (`deadline`
    /// `None`: one the budget does not count); a throttled answer holds
    /// back everything after it until the wait asked for.
    async fn within_budget<T>(&self, deadline: Option<Instant>, attempt: impl Future<Output = Result<T>>) -> Result<T> {
        let Some(deadline) = deadline else { return attempt.await };
        let slot = self.budget.take(self.priority, deadline).await?;
        let result = attempt.await;
        drop(slot);
        if let Err(Error::Service(refusal)) = &result {
            if refusal.is_throttled() {
                self.budget.pause(refusal);
            }
        }
        result
    }

    async fn with_retries<T, F, Fut>(&self, idempotent: bool, attempt_once: F) -> Result<T>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T>>,
    {
        self.retry.run(idempotent, attempt_once).await
    }
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
}
