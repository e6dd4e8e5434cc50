//! The automations' queue: who is due what and when, from list events and
//! readers' opens and clicks, and the clock tick that sends it.

use super::{at_schedule_time, delay_seconds};
use crate::fault::Result;
use crate::store::now;
use rusqlite::{params, Connection};
use serde_json::{Map, Value};

/// Queues the automations that watch `list_id` for `event` for every member
/// of the list added after `after_member_id`.
pub fn members_added(conn: &Connection, list_id: i64, event: &str, after_member_id: i64) -> Result<()> {
    let watching: Vec<(i64, String)> = conn
        .prepare_cached(
            "SELECT id, fields FROM campaigns WHERE status = 'SUBSCRIBE'
             AND EXISTS (SELECT 1 FROM json_each(list_ids) WHERE value = ?1)",
        )?
        .query_map([list_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (id, fields) in watching {
        let fields: Map<String, Value> = serde_json::from_str(&fields).unwrap_or_default();
        let active = fields.get("auto").and_then(Value::as_i64).unwrap_or(1) == 1;
        let listens = fields.get("action").and_then(Value::as_str).unwrap_or("form").split(',').any(|e| e == event);
        if !active || !listens {
            continue;
        }
        let due = at_schedule_time(&crate::ops::simulator::after(conn, delay_seconds(&fields))?, &fields);
        let mut queue = conn.prepare_cached(
            "INSERT OR IGNORE INTO automation_queue (automation_id, member_id, email, due) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for joined in crate::ops::recipients::admitted(conn, list_id, fields.get("esegment"), after_member_id)? {
            queue.execute(params![id, joined.member_id, joined.email, due])?;
        }
    }
    Ok(())
}

/// An active automation that fires when a reader opens or clicks one of the
/// campaigns it watches.
pub struct ReaderListener {
    id: i64,
    event: &'static str,
    campaigns: Vec<i64>,
    since: String,
    fields: Map<String, Value>,
}

impl ReaderListener {
    pub fn hears(&self, event_type: &str, campaign_id: i64, at: &str) -> bool {
        event_type == self.event && self.campaigns.contains(&campaign_id) && at >= self.since.as_str()
    }

    /// Queues the automation for the reader, after its delay.
    pub fn enqueue(&self, conn: &Connection, member_id: i64, email: &str, at: &str) -> Result<()> {
        let Some(at) = crate::store::parse_stamp(at) else { return Ok(()) };
        let due = crate::ops::simulator::after_time(conn, at, delay_seconds(&self.fields))?;
        conn.execute(
            "INSERT OR IGNORE INTO automation_queue (automation_id, member_id, email, due) VALUES (?1, ?2, ?3, ?4)",
            params![self.id, member_id, email, at_schedule_time(&due, &self.fields)],
        )?;
        Ok(())
    }
}

/// Active automations on `open` or `click` of watched campaigns.
pub fn reader_listeners(conn: &Connection) -> Result<Vec<ReaderListener>> {
    let rows: Vec<(i64, String, String)> = conn
        .prepare_cached("SELECT id, fields, created FROM campaigns WHERE status = 'SUBSCRIBE'")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut listeners = Vec::new();
    for (id, fields, created) in rows {
        let fields: Map<String, Value> = serde_json::from_str(&fields).unwrap_or_default();
        let event = match fields.get("action").and_then(Value::as_str) {
            Some("open") => "OPENED",
            Some("click") => "CLICKED",
            _ => continue,
        };
        if fields.get("auto").and_then(Value::as_i64).unwrap_or(1) != 1 {
            continue;
        }
        let campaigns = fields
            .get("campaigns")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .split(|c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace())
            .filter_map(|s| s.parse().ok())
            .collect();
        listeners.push(ReaderListener { id, event, campaigns, since: created, fields });
    }
    Ok(listeners)
}

/// Sends what is due, for moderated automations; one clock tick.
pub fn tick(conn: &Connection) -> Result<()> {
    let time = now();
    let tx = conn.unchecked_transaction()?;
    let due: Vec<(i64, i64, String, i64, String)> = tx
        .prepare_cached(
            "SELECT q.automation_id, q.member_id, q.email, coalesce(m.list_id, 0), c.fields
             FROM automation_queue q JOIN campaigns c ON c.id = q.automation_id
             LEFT JOIN members m ON m.id = q.member_id
             WHERE q.sent_time IS NULL AND q.due <= ?1 AND c.status = 'SUBSCRIBE' AND c.moderation_at <= ?1",
        )?
        .query_map([&time], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let sent_at = crate::store::parse_stamp(&time).unwrap_or_default();
    let fates = crate::ops::simulator::Fates::of(&tx)?;
    for (id, member_id, email, list_id, fields) in due {
        tx.execute(
            "UPDATE automation_queue SET sent_time = ?3 WHERE automation_id = ?1 AND member_id = ?2",
            params![id, member_id, time],
        )?;
        tx.execute("UPDATE campaigns SET emails_sent = emails_sent + 1 WHERE id = ?1", [id])?;
        crate::ops::account::spend_emails(&tx, 1)?;
        let fields: Map<String, Value> = serde_json::from_str(&fields).unwrap_or_default();
        let links = crate::ops::simulator::links(fields.get("html").and_then(Value::as_str).unwrap_or_default());
        let message = crate::ops::simulator::Sent {
            campaign_id: id,
            transaction_id: None,
            member_id,
            list_id,
            email: &email,
            subject: fields.get("subject").and_then(Value::as_str).unwrap_or_default(),
            links: &links,
        };
        crate::ops::simulator::deliver(&tx, &fates, &message, sent_at)?;
    }
    tx.commit()?;
    Ok(())
}

/// How many messages an automation has sent to a subscriber (for tests and reports).
pub fn sent_to(conn: &Connection, automation_id: i64, email: &str) -> Result<i64> {
    Ok(conn.query_row(
        "SELECT count(*) FROM automation_queue WHERE automation_id = ?1 AND email = ?2 AND sent_time IS NOT NULL",
        params![automation_id, email],
        |r| r.get(0),
    )?)
}
