//! Personalisation: `%EMAIL%` and the additional fields' variables (`%NAME%`
//! for a field whose `var` is `name`) filled in for one subscriber.

use crate::fault::{Fault, Result};
use rusqlite::{Connection, OptionalExtension};
use serde_json::Value;

pub struct Member {
    /// Variable (upper case) to value.
    pub values: Vec<(String, String)>,
}

impl Member {
    pub fn load(conn: &Connection, member_id: i64) -> Result<Member> {
        let row: Option<(i64, String, Vec<Option<String>>)> = conn
            .query_row(
                "SELECT list_id, email, merge_1, merge_2, merge_3, merge_4, merge_5, merge_6, merge_7, merge_8,
                    merge_9, merge_10 FROM members WHERE id = ?1",
                [member_id],
                |r| Ok((r.get(0)?, r.get(1)?, (2..12).map(|i| r.get(i)).collect::<rusqlite::Result<Vec<_>>>()?)),
            )
            .optional()?;
        let (list_id, email, merges) = row.ok_or_else(Fault::no_such_member)?;
        let mut values = vec![("EMAIL".to_string(), email)];
        for (merge_id, def) in super::fields::for_list(conn, list_id)? {
            let var = def.get("var").and_then(Value::as_str).unwrap_or_default().to_uppercase();
            let value = merges.get(merge_id as usize - 1).cloned().flatten().unwrap_or_default();
            if !var.is_empty() {
                values.push((var, value.clone()));
            }
            values.push((format!("MERGE_{merge_id}"), value));
        }
        Ok(Member { values })
    }

    pub fn fill(&self, text: &str) -> String {
        self.values.iter().fold(text.to_string(), |acc, (var, value)| acc.replace(&format!("%{var}%"), value))
    }
}

/// Fills the message versions of a campaign record for the subscriber.
pub fn apply(record: &mut Value, member: &Member) {
    for key in ["html", "plain_text", "subject", "amp_html"] {
        if let Some(Value::String(text)) = record.get_mut(key) {
            *text = member.fill(text);
        }
    }
}
