//! A fresh sandbox spoken to over raw HTTP, as the conformance tests read
//! `spec/service-api.md`: v2 calls and legacy methods with the account's
//! key, and the few records a rule needs (a list, a member, a campaign).

use campaign_desk_sandbox as sandbox;
use serde_json::{json, Value};
use std::time::Duration;

pub const KEY: &str = "conformance";

/// A link the service accepts as the unsubscribe link a launch requires.
// Each test file uses what it needs of this module.
#[allow(dead_code)]
pub const UNSUB: &str = r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%">x</a>"#;

pub struct Service {
    _running: sandbox::Running,
    pub http: reqwest::Client,
    pub base: String,
    root: String,
}

pub async fn service() -> Service {
    let running =
        sandbox::start(sandbox::Config { tick: Duration::from_millis(30), ..sandbox::Config::new(KEY) }).await.unwrap();
    let base = running.base_url();
    let root = format!("http://{}/", running.addr);
    Service { _running: running, http: reqwest::Client::new(), base, root }
}

// Each test file uses what it needs of this module.
#[allow(dead_code)]
impl Service {
    pub async fn v2(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut request = self.http.request(method, format!("{}{path}", self.base)).bearer_auth(KEY);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn legacy(&self, method: &str, params: Value) -> Value {
        let mut body = params;
        body["method"] = json!(method);
        body["api_key"] = json!(KEY);
        self.http.post(&self.root).json(&body).send().await.unwrap().json().await.unwrap()
    }

    pub async fn list(&self) -> i64 {
        let (_, body) = self.v2("POST", "/lists", Some(json!({"name": "L"}))).await;
        body["response"]["data"]["list_id"].as_i64().unwrap()
    }

    pub async fn member(&self, list: i64, email: &str) -> i64 {
        let (_, body) = self.v2("POST", &format!("/lists/{list}/members"), Some(json!({"email": email}))).await;
        body["response"]["data"]["member_id"].as_i64().unwrap()
    }

    pub async fn campaign(&self, list: i64, html: &str) -> i64 {
        let body =
            json!({"list_id": [list], "subject": "S", "from_name": "N", "from_email": "n@x.example", "html": html});
        let (_, reply) = self.v2("POST", "/campaigns", Some(body)).await;
        reply["response"]["data"]["campaign_id"].as_i64().unwrap()
    }
}

/// The error code of a v2 answer (0 when it has none).
// Each test file uses what it needs of this module.
#[allow(dead_code)]
pub fn code(body: &Value) -> i64 {
    body["error"]["code"].as_i64().unwrap_or_default()
}
