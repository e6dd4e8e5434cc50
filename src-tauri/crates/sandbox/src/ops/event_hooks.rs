//! What events set off as their time comes: the account's webhooks (open,
//! click, hard, spam and unsub for campaigns; send, open, click, hard, spam
//! and unsub for transactional mail), and automations that watch opens and
//! clicks of campaigns.

use crate::fault::Result;
use crate::store::now;
use rusqlite::{params, Connection};
use serde_json::json;

/// The webhook event name of a recorded event, if it has one.
fn hook_event(kind: &str, category: Option<&str>, transactional: bool) -> Option<&'static str> {
    match (kind, category) {
        ("SENT", _) if transactional => Some("send"),
        ("OPENED", _) => Some("open"),
        ("CLICKED", _) => Some("click"),
        ("BOUNCED", Some("hrd")) => Some("hard"),
        ("COMPLAINED", _) => Some("spam"),
        ("UNSUBSCRIBED", _) => Some("unsub"),
        _ => None,
    }
}

/// An event whose time has come and whose webhook, if any, is not called yet.
struct Due {
    id: i64,
    member_id: i64,
    kind: String,
    category: Option<String>,
    transaction: Option<i64>,
    campaign: i64,
    email: String,
    at: String,
    url: Option<String>,
}

/// Queues a POST for each event that has come due and has a webhook.
pub fn queue_due(conn: &Connection) -> Result<()> {
    let time = now();
    let due: Vec<Due> = conn
        .prepare_cached(
            "SELECT id, event_type, bounce_category, transaction_id, campaign_id, email, event_time, url, member_id FROM events
             WHERE hooked = 0 AND event_time <= ?1 ORDER BY event_time, id",
        )?
        .query_map([&time], |r| {
            Ok(Due {
                id: r.get(0)?,
                kind: r.get(1)?,
                category: r.get(2)?,
                transaction: r.get(3)?,
                campaign: r.get(4)?,
                email: r.get(5)?,
                at: r.get(6)?,
                url: r.get(7)?,
                member_id: r.get(8)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    if due.is_empty() {
        return Ok(());
    }
    let listeners = super::automations::reader_listeners(conn)?;
    let tx = conn.unchecked_transaction()?;
    for Due { id, member_id, kind, category, transaction, campaign, email, at, url } in due {
        tx.execute("UPDATE events SET hooked = 1 WHERE id = ?1", [id])?;
        for listener in listeners.iter().filter(|l| l.hears(&kind, campaign, &at)) {
            listener.enqueue(&tx, member_id, &email, &at)?;
        }
        let kind_name = if transaction.is_some() { "transactional" } else { "mass" };
        let Some(event) = hook_event(&kind, category.as_deref(), transaction.is_some()) else { continue };
        let target: Option<String> = tx
            .query_row("SELECT url FROM webhooks WHERE kind = ?1 AND event = ?2", params![kind_name, event], |r| {
                r.get(0)
            })
            .ok();
        if let Some(target) = target {
            let body = json!({"event": event, "email": email, "time": at, "campaign_id": campaign,
                "transaction_id": transaction, "url": url});
            tx.execute(
                "INSERT INTO webhook_posts (event_id, url, body, created) VALUES (?1, ?2, ?3, ?4)",
                params![id, target, body.to_string(), time],
            )?;
        }
    }
    tx.commit()?;
    Ok(())
}

/// Up to `limit` queued POSTs: (id, url, body).
pub fn queued(conn: &Connection, limit: i64) -> Result<Vec<(i64, String, String)>> {
    Ok(conn
        .prepare_cached("SELECT id, url, body FROM webhook_posts WHERE status = 'queued' ORDER BY id LIMIT ?1")?
        .query_map([limit], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?)
}

pub fn record(conn: &Connection, id: i64, code: Option<u16>) -> Result<()> {
    let status = if code.is_some_and(|c| (200..300).contains(&c)) { "delivered" } else { "failed" };
    conn.execute("UPDATE webhook_posts SET status = ?2, response_code = ?3 WHERE id = ?1", params![id, status, code])?;
    Ok(())
}

/// The sandbox is for one machine: it posts only to loopback addresses.
pub fn loopback_only(address: &str) -> std::result::Result<(), String> {
    let url = url::Url::parse(address).map_err(|e| format!("{address} is not an address ({e})"))?;
    let local = match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    if local {
        Ok(())
    } else {
        Err(format!("not posted: the sandbox posts only to loopback addresses, not {address}"))
    }
}
