//! The two interfaces over HTTP, both calling [`crate::ops`].

pub mod contract;
pub mod gate;
pub mod legacy;
pub mod refusals;
pub mod v2;

use crate::fault::{Fault, Result};
use crate::ops::Outcome;
use crate::params::Params;
use serde_json::{json, Map, Value};

pub use crate::app::Shared;

/// Put on a refusal's answer: the service's code, for the request log,
/// which would otherwise have to read every answer's body to find it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused(pub i64);

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
