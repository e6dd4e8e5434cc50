//! A refusal as the service states it: HTTP status (v2), numeric code, message.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message} (code {code})")]
pub struct Fault {
    pub status: u16,
    pub code: i64,
    pub message: String,
    pub details: Value,
}

impl Fault {
    pub fn new(status: u16, code: i64, message: impl Into<String>) -> Self {
        Fault { status, code, message: message.into(), details: Value::Null }
    }

    pub fn missing(param: &str) -> Self {
        Fault::new(422, 3, format!("Required parameter {param} is missing"))
    }

    pub fn no_such_list(list_id: i64) -> Self {
        Fault::new(404, 5, format!("List {list_id} does not exist"))
    }

    pub fn no_such_member() -> Self {
        Fault::new(404, 9, "Subscriber not found")
    }

    pub fn bad_email(email: &str) -> Self {
        Fault::new(422, 6, format!("Invalid email address: {email}"))
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Fault::new(422, 2, message)
    }

    pub fn unauthorized() -> Self {
        Fault::new(401, 1000, "Invalid API key")
    }

    pub fn unknown_method(method: &str) -> Self {
        Fault::new(404, 1001, format!("Unknown method {method}"))
    }
}

impl From<rusqlite::Error> for Fault {
    fn from(err: rusqlite::Error) -> Self {
        Fault::new(500, 1, format!("storage error: {err}"))
    }
}

pub type Result<T> = std::result::Result<T, Fault>;
