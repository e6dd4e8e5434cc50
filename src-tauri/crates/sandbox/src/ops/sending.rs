//! The sending side of the service, one clock tick at a time: moderation
//! passes, scheduled campaigns start at `delivery_time`, and campaigns that
//! are sending go out, at most `limit` messages per `wait_time` seconds.

use super::campaigns::{load, Stored};
use super::recipients::recipients;
use super::simulator;
use crate::fault::Result;
use crate::store::now;
use rusqlite::{params, Connection};
use serde_json::Value;

pub fn tick(conn: &Connection) -> Result<()> {
    let time = now();
    let due: Vec<i64> = conn
        .prepare_cached(
            "SELECT id FROM campaigns WHERE (status = 'MODERATING' AND moderation_at <= ?1)
                OR (status = 'SCHEDULE' AND delivery_time <= ?1) ORDER BY id",
        )?
        .query_map([&time], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in due {
        start(conn, id, &time)?;
    }
    let sending: Vec<i64> = conn
        .prepare_cached("SELECT id FROM campaigns WHERE status = 'PROCESSING' ORDER BY id")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in sending {
        send_some(conn, &load(conn, id)?, &time)?;
    }
    super::automations::tick(conn)?;
    simulator::apply_due(conn, &time)?;
    super::statistics::fold_due(conn, &time)?;
    super::event_hooks::queue_due(conn)
}

/// Starts a campaign and sends it whole at `time` (demo history).
pub fn send_at(conn: &Connection, id: i64, time: &str) -> Result<()> {
    start(conn, id, time)?;
    send_some(conn, &load(conn, id)?, time)
}

/// Fixes the recipients and starts sending at `time`: active subscribers of
/// the campaign's lists in its segment, one message per address; for a
/// resend, the recipients of the original who did not open it. A campaign
/// sent without a schedule has its send time (`delivery_time`) set to now.
fn start(conn: &Connection, id: i64, time: &str) -> Result<()> {
    let campaign = load(conn, id)?;
    let recipients = recipients(conn, &campaign)?;
    let tx = conn.unchecked_transaction()?;
    {
        let mut insert = tx.prepare_cached(
            "INSERT OR IGNORE INTO sends (campaign_id, member_id, list_id, email) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for r in &recipients {
            insert.execute(params![id, r.member_id, r.list_id, r.email])?;
        }
    }
    tx.execute(
        "UPDATE campaigns SET status = 'PROCESSING',
            delivery_time = CASE WHEN coalesce(delivery_time, '') = '' THEN ?2 ELSE delivery_time END WHERE id = ?1",
        params![id, time],
    )?;
    tx.commit()?;
    Ok(())
}

fn number(fields: &serde_json::Map<String, Value>, key: &str) -> i64 {
    fields.get(key).and_then(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))).unwrap_or(0)
}

fn send_some(conn: &Connection, campaign: &Stored, time: &str) -> Result<()> {
    let (limit, wait) = (number(&campaign.fields, "limit"), number(&campaign.fields, "wait_time"));
    let budget = if limit > 0 && wait > 0 {
        let window_start =
            crate::store::stamp(crate::store::parse_stamp(time).unwrap_or_default() - chrono::Duration::seconds(wait));
        let recent: i64 = conn.query_row(
            "SELECT count(*) FROM sends WHERE campaign_id = ?1 AND sent_time > ?2",
            params![campaign.id, window_start],
            |r| r.get(0),
        )?;
        (limit - recent).max(0)
    } else {
        -1
    };
    let tx = conn.unchecked_transaction()?;
    let batch: Vec<(i64, i64, i64, String)> = tx
        .prepare_cached(
            "SELECT rowid, member_id, list_id, email FROM sends WHERE campaign_id = ?1 AND sent_time IS NULL
             ORDER BY member_id LIMIT ?2",
        )?
        .query_map(params![campaign.id, budget], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let links = simulator::links(campaign.text("html").unwrap_or_default());
    let sent_at = crate::store::parse_stamp(time).unwrap_or_default();
    let fates = simulator::Fates::of(&tx)?;
    for (rowid, member_id, list_id, email) in &batch {
        tx.execute("UPDATE sends SET sent_time = ?2 WHERE rowid = ?1", params![rowid, time])?;
        let message = simulator::Sent {
            transaction_id: None,
            campaign_id: campaign.id,
            member_id: *member_id,
            list_id: *list_id,
            email,
            subject: campaign.text("subject").unwrap_or_default(),
            links: &links,
        };
        simulator::deliver(&tx, &fates, &message, sent_at)?;
    }
    let sent = batch.len();
    super::account::spend_emails(&tx, sent as i64)?;
    let pending: i64 =
        tx.query_row("SELECT count(*) FROM sends WHERE campaign_id = ?1 AND sent_time IS NULL", [campaign.id], |r| {
            r.get(0)
        })?;
    tx.execute(
        "UPDATE campaigns SET emails_sent = emails_sent + ?2, status = CASE WHEN ?3 = 0 THEN 'SENT' ELSE status END
         WHERE id = ?1",
        params![campaign.id, sent as i64, pending],
    )?;
    tx.commit()?;
    Ok(())
}
