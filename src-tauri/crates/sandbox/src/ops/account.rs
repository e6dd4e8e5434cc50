//! The account area.

use super::{Call, Outcome};
use crate::fault::Result;
use crate::store::setting;
use rusqlite::Connection;
use serde_json::json;

/// Defaults for a fresh account: unlimited subscribers, 10,000 messages.
pub const DEFAULT_LIMIT_EMAILS: i64 = 10_000;

pub fn balance(conn: &Connection, _call: &Call) -> Result<Outcome> {
    let limit = |key: &str, default: i64| -> Result<i64> {
        Ok(setting(conn, key)?.and_then(|v| v.parse().ok()).unwrap_or(default))
    };
    let members: i64 = conn.query_row("SELECT count(DISTINCT email) FROM members", [], |r| r.get(0))?;
    Ok(Outcome::data(json!({
        "limit_members": limit("limit_members", 0)?,
        "limit_emails": limit("limit_emails", DEFAULT_LIMIT_EMAILS)?,
        "members": members,
    })))
}
