//! Checks shared by several operations.

use crate::fault::{Fault, Result};
use rusqlite::{Connection, OptionalExtension};

/// A plausible mailbox address: one `@`, a dotted domain, no spaces.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && text.len() <= 254
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
        && !local.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

pub fn email(text: &str) -> Result<String> {
    let text = text.trim();
    if is_email(text) {
        Ok(text.to_string())
    } else {
        Err(Fault::bad_email(text))
    }
}

pub fn list_exists(conn: &Connection, list_id: i64) -> Result<()> {
    conn.query_row("SELECT 1 FROM lists WHERE id = ?1", [list_id], |_| Ok(()))
        .optional()?
        .ok_or_else(|| Fault::no_such_list(list_id))
}

/// `m`, `f` or `n`; anything else is refused.
pub fn gender(text: Option<String>) -> Result<Option<String>> {
    match text.as_deref() {
        None => Ok(None),
        Some("m" | "f" | "n") => Ok(text),
        Some(other) => Err(Fault::invalid(format!("gender must be m, f or n, not {other}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        for ok in ["a@b.co", "first.last+tag@mail.example.org"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in ["", "a", "a@b", "@b.co", "a b@c.co", "a@.co", "a@b..co", "a@b.co."] {
            assert!(!is_email(bad), "{bad}");
        }
    }
}
