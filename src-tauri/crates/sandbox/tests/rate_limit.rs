//! The per-account request limit (`--rate-limit`) and the request log
//! (`/v2/sandbox/requests`), over real HTTP on loopback: over the limit v2
//! answers 429 with code 58 and `retry_after`, the legacy interface HTTP
//! 200 with `err_code` 58; a slot frees when the window says; the sandbox's
//! own endpoints are neither counted nor logged.

use campaign_desk_sandbox as sandbox;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const KEY: &str = "limited";
const OTHER_KEY: &str = "another-account";

struct Service {
    _running: sandbox::Running,
    http: reqwest::Client,
    base: String,
    root: String,
}

/// A sandbox allowing `limit` requests per key every `window_seconds`.
async fn service(limit: Option<u32>, window_seconds: u64) -> Service {
    let config = sandbox::Config {
        rate_limit: limit,
        rate_window: Duration::from_secs(window_seconds),
        subaccounts: vec![(OTHER_KEY.into(), sandbox::ops::RouterAccess::Full)],
        ..sandbox::Config::new(KEY)
    };
    let running = sandbox::start(config).await.unwrap();
    let base = running.base_url();
    let root = format!("http://{}/", running.addr);
    Service { _running: running, http: reqwest::Client::new(), base, root }
}

/// Status, `Retry-After` header and body of an answer.
async fn read(response: reqwest::Response) -> (u16, Option<String>, Value) {
    let status = response.status().as_u16();
    let retry_after = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
    let text = response.text().await.unwrap();
    (status, retry_after, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

impl Service {
    async fn get(&self, path: &str, key: &str) -> (u16, Option<String>, Value) {
        read(self.http.get(format!("{}{path}", self.base)).bearer_auth(key).send().await.unwrap()).await
    }

    async fn legacy(&self, method: &str) -> (u16, Option<String>, Value) {
        let body = json!({"method": method, "api_key": KEY});
        read(self.http.post(&self.root).json(&body).send().await.unwrap()).await
    }

    async fn requests(&self) -> Vec<Value> {
        let (status, _, body) = self.get("/sandbox/requests", KEY).await;
        assert_eq!(status, 200, "{body}");
        body["response"]["data"].as_array().cloned().unwrap_or_else(|| panic!("not a list: {body}"))
    }
}

#[tokio::test]
async fn over_the_limit_v2_answers_429_with_code_58_and_the_seconds_until_a_slot_frees() {
    let service = service(Some(3), 60).await;
    for _ in 0..3 {
        assert_eq!(service.get("/account/balance", KEY).await.0, 200);
    }
    let (status, header, body) = service.get("/account/balance", KEY).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["error"]["code"], json!(58), "{body}");
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    assert_eq!(body["error"]["details"]["limit_per_minute"], json!(3), "{body}");
    let seconds = body["error"]["details"]["retry_after"].as_u64().unwrap_or_else(|| panic!("{body}"));
    assert!((58..=60).contains(&seconds), "about a minute until the first slot frees: {seconds}");
    assert_eq!(header, Some(seconds.to_string()), "the header says the same");
}

#[tokio::test]
async fn over_the_limit_the_legacy_interface_answers_200_with_err_code_58_and_retry_after_in_data() {
    let service = service(Some(2), 60).await;
    for _ in 0..2 {
        let (status, _, body) = service.legacy("account.get_balance").await;
        assert_eq!((status, &body["response"]["msg"]["err_code"]), (200, &json!(0)), "{body}");
    }
    let (status, header, body) = service.legacy("account.get_balance").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["response"]["msg"]["err_code"], json!(58), "{body}");
    assert_eq!(body["response"]["msg"]["type"], json!("error"), "{body}");
    let seconds = body["response"]["data"]["retry_after"].as_u64().unwrap_or_else(|| panic!("{body}"));
    assert!((58..=60).contains(&seconds), "{seconds}");
    assert_eq!(header, Some(seconds.to_string()));
    let (status, _, _) = service.get("/account/balance", KEY).await;
    assert_eq!(status, 429, "both interfaces count against one account");
}

#[tokio::test]
async fn each_account_has_its_own_limit_and_a_slot_frees_when_the_window_moves_on() {
    let service = service(Some(2), 2).await;
    let started = Instant::now();
    for _ in 0..2 {
        assert_eq!(service.get("/account/balance", KEY).await.0, 200);
    }
    let (status, _, body) = service.get("/account/balance", KEY).await;
    assert_eq!(status, 429);
    assert_eq!(service.get("/account/balance", OTHER_KEY).await.0, 200, "another key is another account");
    let seconds = body["error"]["details"]["retry_after"].as_u64().unwrap();
    assert!((1..=2).contains(&seconds), "{seconds}");
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let (status, _, body) = service.get("/account/balance", KEY).await;
    assert_eq!(status, 200, "a slot freed after the seconds it said: {body}");
    assert!(started.elapsed() >= Duration::from_secs(1));
}

#[tokio::test]
async fn the_sandbox_s_own_endpoints_are_never_counted_nor_limited() {
    let service = service(Some(1), 60).await;
    for _ in 0..5 {
        service.requests().await;
    }
    assert_eq!(service.get("/account/balance", KEY).await.0, 200, "reading the log took no slot");
    assert_eq!(service.get("/account/balance", KEY).await.0, 429);
    let (status, _, body) = service.get("/sandbox/outbox", KEY).await;
    assert_eq!(status, 200, "the sandbox's endpoints answer over the limit: {body}");
    assert_eq!(service.requests().await.len(), 2);
}

#[tokio::test]
async fn with_no_limit_set_nothing_is_refused() {
    let service = service(None, 60).await;
    for n in 0..150 {
        assert_eq!(service.get("/account/balance", KEY).await.0, 200, "request {n}");
    }
}

#[tokio::test]
async fn the_request_log_lists_what_was_answered_with_its_codes_and_clears() {
    let service = service(Some(3), 60).await;
    service.get("/account/balance", KEY).await;
    service.get("/lists/999", KEY).await;
    service.legacy("dialogs.list").await;
    service.get("/account/balance", KEY).await;
    let records = service.requests().await;
    let shown: Vec<_> = records
        .iter()
        .map(|r| {
            (r["interface"].clone(), r["method"].clone(), r["path"].clone(), r["status"].clone(), r["code"].clone())
        })
        .collect();
    assert_eq!(
        shown,
        [
            (json!("v2"), json!("GET"), json!("/v2/account/balance"), json!(200), Value::Null),
            (json!("v2"), json!("GET"), json!("/v2/lists/999"), json!(404), json!(4)),
            (json!("legacy"), json!("POST"), json!("dialogs.list"), json!(200), Value::Null),
            (json!("v2"), json!("GET"), json!("/v2/account/balance"), json!(429), json!(58)),
        ]
    );
    for record in &records {
        let at = record["at"].as_str().unwrap();
        assert!(chrono::DateTime::parse_from_rfc3339(at).is_ok(), "{at}");
    }
    let response = service.http.delete(format!("{}/sandbox/requests", service.base)).bearer_auth(KEY).send().await;
    assert_eq!(response.unwrap().status().as_u16(), 204);
    assert!(service.requests().await.is_empty());
    service.legacy("account.get_balance").await;
    let records = service.requests().await;
    assert_eq!(records.len(), 1);
    assert_eq!(
        (&records[0]["path"], &records[0]["status"], &records[0]["code"]),
        (&json!("account.get_balance"), &json!(200), &json!(58)),
        "a legacy refusal is logged with its err_code"
    );
}

#[tokio::test]
async fn the_request_log_is_read_only_with_the_account_s_key() {
    let service = service(None, 60).await;
    let (status, _, body) = service.get("/sandbox/requests", "wrong").await;
    assert_eq!((status, &body["error"]["code"]), (401, &json!(1000)), "{body}");
}

#[tokio::test]
async fn an_injected_throttle_answers_each_interface_in_its_own_shape() {
    let faults = sandbox::faults::Faults { throttle_rate: 1.0, retry_after: 7, ..Default::default() };
    let running = sandbox::start(sandbox::Config { faults, ..sandbox::Config::new(KEY) }).await.unwrap();
    let service = Service {
        base: running.base_url(),
        root: format!("http://{}/", running.addr),
        _running: running,
        http: reqwest::Client::new(),
    };
    let (status, header, body) = service.get("/account/balance", KEY).await;
    assert_eq!(
        (status, &body["error"]["code"], &body["error"]["details"]["retry_after"]),
        (429, &json!(58), &json!(7))
    );
    assert_eq!(header.as_deref(), Some("7"));
    let (status, _, body) = service.legacy("account.get_balance").await;
    assert_eq!((status, &body["response"]["msg"]["err_code"]), (200, &json!(58)), "{body}");
    assert_eq!(body["response"]["data"]["retry_after"], json!(7));
    let codes: Vec<_> =
        service.requests().await.into_iter().map(|r| (r["status"].clone(), r["code"].clone())).collect();
    assert_eq!(codes, [(json!(429), json!(58)), (json!(200), json!(58))], "the log shows injected refusals too");
}
