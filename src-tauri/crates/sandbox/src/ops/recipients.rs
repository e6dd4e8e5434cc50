//! Who a campaign goes to: the active subscribers of its lists that its
//! segment admits, one per address; for a resend, who did not open the
//! original. Below the sending and the automations, which both ask it.

use super::campaigns::Stored;
use super::segments;
use crate::fault::Result;
use rusqlite::{params, Connection};
use serde_json::Value;
use std::collections::HashSet;

/// One message to send.
pub struct Recipient {
    pub member_id: i64,
    pub list_id: i64,
    pub email: String,
}

/// Who a campaign goes to if it starts now: active subscribers of its lists
/// in its segment, one message per address; for a resend, the original's
/// recipients who have not opened it.
pub fn recipients(conn: &Connection, campaign: &Stored) -> Result<Vec<Recipient>> {
    let mut out = Vec::new();
    if let Some(original) = campaign.resend_of {
        let mut stmt = conn.prepare_cached(
            "SELECT s.member_id, s.list_id, s.email FROM sends s WHERE s.campaign_id = ?1
             AND NOT EXISTS (SELECT 1 FROM events e WHERE e.campaign_id = ?1 AND e.member_id = s.member_id
                 AND e.event_type = 'OPENED' AND e.event_time <= ?2) ORDER BY s.member_id",
        )?;
        let rows = stmt.query_map(params![original, crate::store::now()], |r| {
            Ok(Recipient { member_id: r.get(0)?, list_id: r.get(1)?, email: r.get(2)? })
        })?;
        return Ok(rows.collect::<rusqlite::Result<_>>()?);
    }
    let segment = campaign.fields.get("esegment");
    let mut seen = HashSet::new();
    for list_id in &campaign.list_ids {
        for recipient in admitted(conn, *list_id, segment, 0)? {
            if seen.insert(recipient.email.to_lowercase()) {
                out.push(recipient);
            }
        }
    }
    Ok(out)
}

/// The active subscribers of a list after `after_member_id` that a segment
/// admits (all of them without one).
pub fn admitted(
    conn: &Connection,
    list_id: i64,
    segment: Option<&Value>,
    after_member_id: i64,
) -> Result<Vec<Recipient>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, email, merge_1, merge_2, merge_3, merge_4, merge_5, merge_6, merge_7, merge_8, merge_9, merge_10
         FROM members WHERE list_id = ?1 AND id > ?2 AND state = 'active' ORDER BY id",
    )?;
    let rows = stmt.query_map(params![list_id, after_member_id], |r| {
        let merges = (2..12).map(|i| r.get::<_, Option<String>>(i)).collect::<rusqlite::Result<Vec<_>>>()?;
        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, merges))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (member_id, email, merges) = row?;
        let value_of = |field: &str| match field {
            "email" => email.clone(),
            other => other
                .strip_prefix("merge_")
                .and_then(|n| n.parse::<usize>().ok())
                .and_then(|n| merges.get(n - 1).cloned().flatten())
                .unwrap_or_default(),
        };
        if segments::admits(segment, list_id, value_of) {
            out.push(Recipient { member_id, list_id, email });
        }
    }
    Ok(out)
}
