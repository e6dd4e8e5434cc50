//! The few W3C WebDriver calls the tests need, over plain HTTP.

use serde_json::{json, Value};
use std::time::{Duration, Instant};

const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

#[derive(Clone)]
pub struct Session {
    http: reqwest::Client,
    base: String,
}

#[derive(Debug, Clone)]
pub struct Element(String);

impl Session {
    pub async fn create(driver_url: &str, capabilities: Value) -> Result<Session, String> {
        let http = reqwest::Client::new();
        let body = json!({"capabilities": {"alwaysMatch": capabilities}});
        // An app that ends at its start leaves the driver waiting for its
        // window for ever: give up after a while and say so.
        let answer: Value = http
            .post(format!("{driver_url}/session"))
            .json(&body)
            .timeout(Duration::from_secs(60))
            .send()
            .await
            .map_err(|e| e.to_string())?
            .json()
            .await
            .map_err(|e| e.to_string())?;
        let id = answer["value"]["sessionId"].as_str().ok_or_else(|| format!("no session: {answer}"))?;
        Ok(Session { http, base: format!("{driver_url}/session/{id}") })
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Result<Value, String> {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer: Value = request.send().await.map_err(|e| e.to_string())?.json().await.map_err(|e| e.to_string())?;
        match answer["value"].get("error") {
            Some(error) => Err(format!("{error}: {}", answer["value"]["message"])),
            None => Ok(answer["value"].clone()),
        }
    }

    /// The first element matching `css`, if there is one now.
    pub async fn find_first(&self, css: &str) -> Result<Option<Element>, String> {
        Ok(self.find_all(css).await?.into_iter().next())
    }

    pub async fn find_all(&self, css: &str) -> Result<Vec<Element>, String> {
        let found =
            self.call(reqwest::Method::POST, "/elements", Some(json!({"using": "css selector", "value": css}))).await?;
        Ok(found
            .as_array()
            .map(|items| items.iter().filter_map(|e| e[ELEMENT_KEY].as_str().map(|id| Element(id.into()))).collect())
            .unwrap_or_default())
    }

    /// POST `/element/{id}/{action}` with a body, answering nothing.
    async fn on_element(&self, element: &Element, action: &str, body: Value) -> Result<(), String> {
        let path = format!("/element/{}/{action}", element.0);
        self.call(reqwest::Method::POST, &path, Some(body)).await.map(drop)
    }

    pub async fn click(&self, element: &Element) -> Result<(), String> {
        self.on_element(element, "click", json!({})).await
    }

    pub async fn type_text(&self, element: &Element, text: &str) -> Result<(), String> {
        self.on_element(element, "value", json!({ "text": text })).await
    }

    /// Presses keys together (a chord such as Control+Enter), as a person
    /// at the keyboard would, into whatever has the focus. Keys are
    /// characters or the WebDriver codes (`\u{E007}` Enter, `\u{E009}` Control).
    pub async fn press(&self, keys: &[&str]) -> Result<(), String> {
        let down = keys.iter().map(|k| json!({"type": "keyDown", "value": k}));
        let up = keys.iter().rev().map(|k| json!({"type": "keyUp", "value": k}));
        let actions =
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": down.chain(up).collect::<Vec<_>>()}]});
        self.call(reqwest::Method::POST, "/actions", Some(actions)).await.map(drop)
    }

    /// Presses and releases the right button over the middle of `element`,
    /// as a person asks for a context menu.
    pub async fn right_click(&self, element: &Element) -> Result<(), String> {
        let pointer = json!([
            {"type": "pointerMove", "origin": {ELEMENT_KEY: element.0}, "x": 0, "y": 0},
            {"type": "pointerDown", "button": 2},
            {"type": "pointerUp", "button": 2}
        ]);
        let actions = json!({"actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer}
        ]});
        self.call(reqwest::Method::POST, "/actions", Some(actions)).await.map(drop)
    }

    /// Presses the left button over the middle of `from`, moves the pointer
    /// in steps, as a hand does, to `dy` pixels below the middle of `to`
    /// (above it when negative), and lets go there.
    pub async fn drag(&self, from: &Element, to: &Element, dy: i64) -> Result<(), String> {
        let pointer = json!([
            {"type": "pointerMove", "origin": {ELEMENT_KEY: from.0}, "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "origin": "pointer", "x": 0, "y": 8, "duration": 100},
            {"type": "pointerMove", "origin": {ELEMENT_KEY: to.0}, "x": 0, "y": dy, "duration": 300},
            {"type": "pointerUp", "button": 0}
        ]);
        let actions = json!({"actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer}
        ]});
        self.call(reqwest::Method::POST, "/actions", Some(actions)).await.map(drop)
    }

    /// Looks inside a frame (an `<iframe>` element) until `leave_frame`.
    pub async fn enter_frame(&self, frame: &Element) -> Result<(), String> {
        self.call(reqwest::Method::POST, "/frame", Some(json!({"id": {ELEMENT_KEY: frame.0}}))).await.map(drop)
    }

    pub async fn leave_frame(&self) -> Result<(), String> {
        self.call(reqwest::Method::POST, "/frame/parent", Some(json!({}))).await.map(drop)
    }

    pub async fn execute(&self, script: &str) -> Result<Value, String> {
        self.call(reqwest::Method::POST, "/execute/sync", Some(json!({"script": script, "args": []}))).await
    }

    /// Runs `script` with `args` (texts) as its arguments.
    pub async fn execute_with(&self, script: &str, args: &[&str]) -> Result<Value, String> {
        self.call(reqwest::Method::POST, "/execute/sync", Some(json!({"script": script, "args": args}))).await
    }

    /// Runs `script` asynchronously; it answers by calling its last argument.
    pub async fn execute_async(&self, script: &str) -> Result<Value, String> {
        self.call(reqwest::Method::POST, "/execute/async", Some(json!({"script": script, "args": []}))).await
    }

    /// Runs `script` asynchronously with `element` as its first argument;
    /// it answers by calling its last argument.
    pub async fn execute_async_on(&self, script: &str, element: &Element) -> Result<Value, String> {
        let args = json!([{ ELEMENT_KEY: element.0 }]);
        self.call(reqwest::Method::POST, "/execute/async", Some(json!({"script": script, "args": args}))).await
    }

    pub async fn screenshot_png(&self) -> Result<Vec<u8>, String> {
        use base64::Engine;
        let value = self.call(reqwest::Method::GET, "/screenshot", None).await?;
        base64::engine::general_purpose::STANDARD.decode(value.as_str().unwrap_or_default()).map_err(|e| e.to_string())
    }

    pub async fn delete(&self) {
        let _ = self.http.delete(&self.base).send().await;
    }
}

/// Polls `probe` until it answers `Some`, or fails after `timeout` with `what`.
pub async fn wait_for<T, F, Fut>(timeout: Duration, what: &str, probe: F) -> Result<T, String>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    wait_for_every(Duration::from_millis(100), timeout, what, probe).await
}

/// [`wait_for`], polling every `interval`: a benchmark polls often, so the
/// poll itself is not what it measures.
pub async fn wait_for_every<T, F, Fut>(
    interval: Duration,
    timeout: Duration,
    what: &str,
    mut probe: F,
) -> Result<T, String>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(value) = probe().await {
            return Ok(value);
        }
        if Instant::now() > deadline {
            return Err(format!("timed out after {timeout:?} waiting for {what}"));
        }
        tokio::time::sleep(interval).await;
    }
}
