//! The two interfaces over HTTP, both calling [`crate::ops`].

pub mod legacy;
pub mod v2;

use crate::fault::{Fault, Result};
use crate::ops::{self, Call, Outcome};
use crate::params::Params;
use rusqlite::Connection;
use serde_json::{json, Map, Value};
use std::sync::{Arc, Mutex};

pub struct App {
    pub conn: Mutex<Connection>,
    pub api_key: String,
    /// Sub-account keys and their inbound-processing rights.
    pub subaccounts: Vec<(String, ops::RouterAccess)>,
}

pub type Shared = Arc<App>;

impl App {
    /// Runs an operation, then starts the work it leaves for later.
    pub async fn run(self: &Arc<Self>, method: &str, call: Call) -> Result<Outcome> {
        let operation = ops::find(method).ok_or_else(|| Fault::unknown_method(method))?;
        let mut outcome = self.with_conn(move |conn| operation(conn, &call)).await?;
        for job in std::mem::take(&mut outcome.jobs) {
            tokio::spawn(crate::jobs::run(Arc::clone(self), job));
        }
        Ok(outcome)
    }

    /// Works on the store on a blocking thread, SQLite being synchronous.
    pub async fn with_conn<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Connection) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let app = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let conn = app.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            work(&conn)
        })
        .await
        .map_err(|e| Fault::new(500, 1, format!("internal error: {e}")))?
    }

    /// What the presented key may do, or `None` for an unknown key.
    pub fn access(&self, presented: Option<&str>) -> Option<ops::RouterAccess> {
        let key = presented.filter(|k| !k.is_empty())?;
        if key == self.api_key {
            return Some(ops::RouterAccess::Full);
        }
        self.subaccounts.iter().find(|(k, _)| k == key).map(|(_, access)| *access)
    }
}

/// A dialog attachment behind a pre-signed link (no key: the link is the key).
pub async fn download(
    axum::extract::State(app): axum::extract::State<Shared>,
    axum::extract::Path(token): axum::extract::Path<String>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    match app.with_conn(move |conn| crate::ops::dialogs::download(conn, &token)).await {
        Ok((content_type, bytes)) => ([("content-type", content_type)], bytes).into_response(),
        Err(fault) => v2::error(fault),
    }
}

/// The success envelope of both interfaces.
pub fn success(outcome: Outcome) -> Value {
    let mut body = json!({
        "response": {"msg": {"err_code": 0, "text": "OK", "type": "message"}, "data": outcome.data}
    });
    if let Some(paging) = outcome.paging {
        body["meta"] = json!({"has_more": paging.has_more, "limit": paging.limit});
    }
    body
}

/// Parameters from `a=1&b=2`.
pub fn form_params(text: &str) -> Map<String, Value> {
    url::form_urlencoded::parse(text.as_bytes()).map(|(k, v)| (k.into_owned(), Value::String(v.into_owned()))).collect()
}

/// Parameters from a request body: a JSON object, or form fields.
pub fn body_params(bytes: &[u8]) -> Result<Map<String, Value>> {
    let text = std::str::from_utf8(bytes).map_err(|_| Fault::invalid("The body is not UTF-8"))?;
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Ok(Map::new());
    }
    if trimmed.starts_with('{') {
        return match serde_json::from_str(trimmed) {
            Ok(Value::Object(map)) => Ok(map),
            _ => Err(Fault::invalid("The body is not a valid JSON object")),
        };
    }
    Ok(form_params(trimmed))
}

pub fn merge(into: &mut Params, from: Map<String, Value>) {
    for (k, v) in from {
        into.0.entry(k).or_insert(v);
    }
}
