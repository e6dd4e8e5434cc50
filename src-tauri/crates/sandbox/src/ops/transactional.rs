//! Transactional mail: single messages to one recipient, no list and no
//! unsubscribe link needed, out at once. Sending, the per-message status,
//! the log and the statistics all need a verified sending domain (code 34).

use super::account::{any_domain_verified, domain_verified};
use super::simulator::{self, Sent};
use super::validate::email;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::now;
use rusqlite::{params, params_from_iter, types::Value as Sql, Connection, OptionalExtension};
use serde_json::{json, Value};

fn unverified() -> Fault {
    Fault::new(403, 34, "The sending domain is not verified: publish its DNS records and run the domain check")
}

/// Status codes of the spec, from the latest event whose time has come.
fn status_of(kind: Option<&str>) -> (i64, &'static str) {
    match kind {
        Some("OPENED") => (7, "Opened"),
        Some("CLICKED") => (6, "Clicked"),
        Some("BOUNCED") => (4, "Bounced"),
        Some("COMPLAINED") => (9, "Complained"),
        Some("UNSUBSCRIBED") => (8, "Unsubscribed"),
        Some("SENT") => (3, "Delivered"),
        _ => (5, "Sent"),
    }
}

/// What a transactional message carries.
pub struct Outgoing<'a> {
    pub from: &'a str,
    pub from_name: Option<String>,
    pub subject: Option<String>,
    pub html: &'a str,
    /// Its files' names and sizes in bytes.
    pub files: Vec<(String, usize)>,
}

/// Most bytes of files one message carries.
const FILES_LIMIT: usize = 10 * 1024 * 1024;

/// `attachments: [{name, filebody}]`, the body in base64: each file's name
/// and size, or why the list is refused.
fn attachments(p: &Params) -> Result<Vec<(String, usize)>> {
    use base64::Engine;
    let items = match p.json("attachments") {
        Ok(None) => return Ok(Vec::new()),
        Ok(Some(Value::Array(items))) => items,
        _ => return Err(Fault::invalid("attachments must be a list of {name, filebody}")),
    };
    let mut files = Vec::new();
    for (n, item) in items.iter().enumerate() {
        let name = item["name"].as_str().map(str::trim).filter(|s| !s.is_empty());
        let body = item["filebody"].as_str();
        let (Some(name), Some(body)) = (name, body) else {
            return Err(Fault::invalid(format!("attachment {} needs a name and a filebody", n + 1)));
        };
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(body.trim())
            .map_err(|_| Fault::invalid(format!("attachment {name}: filebody is not base64")))?;
        files.push((name.to_string(), bytes.len()));
    }
    if files.iter().map(|(_, size)| size).sum::<usize>() > FILES_LIMIT {
        return Err(Fault::invalid("attachments are larger than 10 MB together"));
    }
    Ok(files)
}

/// Stores one message to `to`, sent at `sent_at`, and lets the simulator
/// decide what comes of it; answers its transaction id.
pub fn record_sent(
    conn: &Connection,
    fates: &simulator::Fates,
    message: &Outgoing,
    to: &str,
    message_id: Option<String>,
    sent_at: chrono::NaiveDateTime,
) -> Result<i64> {
    let created = crate::store::stamp(sent_at);
    conn.execute(
        "INSERT INTO transactional (message_id, to_email, from_email, from_name, subject, created) VALUES ('', ?1, ?2, ?3, ?4, ?5)",
        params![to, message.from, message.from_name, message.subject, created],
    )?;
    let id = conn.last_insert_rowid();
    let message_id =
        message_id.unwrap_or_else(|| format!("{id}.{}@sandbox.invalid", created.replace([' ', ':', '-'], "")));
    conn.execute("UPDATE transactional SET message_id = ?2 WHERE id = ?1", params![id, message_id])?;
    for (position, (name, size)) in message.files.iter().enumerate() {
        conn.execute(
            "INSERT INTO transactional_files (transaction_id, position, name, size) VALUES (?1, ?2, ?3, ?4)",
            params![id, position as i64, name, *size as i64],
        )?;
    }
    let links = simulator::links(message.html);
    let sent = Sent {
        campaign_id: 0,
        transaction_id: Some(id),
        member_id: 0,
        list_id: 0,
        email: to,
        subject: "",
        links: &links,
    };
    simulator::deliver(conn, fates, &sent, sent_at)?;
    super::account::spend_emails(conn, 1)?;
    Ok(id)
}

/// `POST /transactional/messages`: one message per address in `to`.
pub fn send(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let from = email(&p.required_text("from_email")?)?;
    let body = p.text("message").or_else(|| p.text("html")).ok_or_else(|| Fault::missing("message"))?;
    let recipients: Vec<String> = match p.json("to") {
        Ok(Some(Value::Array(items))) => items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        _ => p.text("to").map(|t| t.split(',').map(|s| s.trim().to_string()).collect()).unwrap_or_default(),
    };
    if recipients.is_empty() {
        return Err(Fault::missing("to"));
    }
    let recipients = recipients.iter().map(|r| email(r)).collect::<Result<Vec<_>>>()?;
    if !domain_verified(conn, &from)? {
        return Err(unverified());
    }
    let files = attachments(p)?;
    let outgoing =
        Outgoing { from: &from, from_name: p.text("from_name"), subject: p.text("subject"), html: &body, files };
    let sent_at = chrono::Local::now().naive_local();
    let tx = conn.unchecked_transaction()?;
    let fates = simulator::Fates::of(&tx)?;
    let mut ids = Vec::new();
    for to in &recipients {
        ids.push(record_sent(&tx, &fates, &outgoing, to, p.text("message_id"), sent_at)?);
    }
    tx.commit()?;
    // Ids are text, as the service's newest clients read them.
    let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
    Ok(Outcome::data(json!({"transaction_id": ids[0], "transaction_ids": ids})))
}

fn record(conn: &Connection, row: &rusqlite::Row) -> rusqlite::Result<Value> {
    let id: i64 = row.get("id")?;
    let latest: Option<(String, Option<String>)> = conn
        .prepare_cached(
            "SELECT event_type, bounce_reason FROM events WHERE transaction_id = ?1 AND event_time <= ?2
             ORDER BY event_time DESC, id DESC LIMIT 1",
        )?
        .query_row(params![id, now()], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (status, name) = status_of(latest.as_ref().map(|(k, _)| k.as_str()));
    Ok(json!({
        "transaction_id": id.to_string(),
        "message_id": row.get::<_, String>("message_id")?,
        "to": row.get::<_, String>("to_email")?,
        "from_email": row.get::<_, String>("from_email")?,
        "subject": row.get::<_, Option<String>>("subject")?.unwrap_or_default(),
        "status": status,
        "statusname": name,
        "errormessage": latest.and_then(|(_, reason)| reason).unwrap_or_default(),
        "created": row.get::<_, String>("created")?,
        "attachments": files_of(conn, id)?,
    }))
}

/// A message's files, `[{name, size}]`: not in the contract's record, which
/// shows only some of its fields.
fn files_of(conn: &Connection, id: i64) -> rusqlite::Result<Value> {
    let mut stmt =
        conn.prepare_cached("SELECT name, size FROM transactional_files WHERE transaction_id = ?1 ORDER BY position")?;
    let files = stmt
        .query_map([id], |r| Ok(json!({"name": r.get::<_, String>(0)?, "size": r.get::<_, i64>(1)?})))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Value::Array(files))
}

/// `GET /transactional/messages/{transaction_id}`.
pub fn status(conn: &Connection, call: &Call) -> Result<Outcome> {
    if !any_domain_verified(conn)? {
        return Err(unverified());
    }
    let id = call.params.required_int("transaction_id")?;
    let found = conn
        .query_row("SELECT * FROM transactional WHERE id = ?1", [id], |r| record(conn, r))
        .optional()?
        .ok_or_else(|| Fault::new(404, 4, format!("No transactional message {id}")))?;
    Ok(Outcome::data(found))
}

fn time_param(p: &Params, key: &str) -> Result<Option<String>> {
    match p.text(key) {
        None => Ok(None),
        Some(t) => match crate::store::parse_stamp(&t) {
            Some(_) => Ok(Some(t)),
            None => Err(Fault::invalid(format!("{key} must be YYYY-MM-DD HH:MM:SS, not {t}"))),
        },
    }
}

/// `GET /transactional/log`: messages with their status, newest first;
/// `from`/`to` bound the time, `emails` (comma separated) the recipients,
/// `event_type` the status name.
pub fn log(conn: &Connection, call: &Call) -> Result<Outcome> {
    if !any_domain_verified(conn)? {
        return Err(unverified());
    }
    let p = &call.params;
    let (start, limit) = p.window(100, 1000)?;
    let mut sql = String::from("SELECT * FROM transactional WHERE 1 = 1");
    let mut args: Vec<Sql> = Vec::new();
    if let Some(from) = time_param(p, "from")? {
        args.push(Sql::from(from));
        sql.push_str(&format!(" AND created >= ?{}", args.len()));
    }
    if let Some(to) = time_param(p, "to")? {
        args.push(Sql::from(to));
        sql.push_str(&format!(" AND created <= ?{}", args.len()));
    }
    if let Some(emails) = p.text("emails") {
        let list: Vec<String> = emails.split(',').map(|e| e.trim().to_lowercase()).collect();
        let marks: Vec<String> = list
            .iter()
            .map(|e| {
                args.push(Sql::from(e.clone()));
                format!("?{}", args.len())
            })
            .collect();
        sql.push_str(&format!(" AND lower(to_email) IN ({})", marks.join(", ")));
    }
    sql.push_str(" ORDER BY id DESC");
    let mut stmt = conn.prepare(&sql)?;
    let mut rows =
        stmt.query_map(params_from_iter(args), |r| record(conn, r))?.collect::<rusqlite::Result<Vec<_>>>()?;
    if let Some(kind) = p.text("event_type") {
        rows.retain(|r| r["statusname"].as_str().is_some_and(|n| n.eq_ignore_ascii_case(&kind)));
    }
    let total = rows.len() as i64;
    let page: Vec<Value> = rows.into_iter().skip(start as usize).take(limit as usize).collect();
    Ok(Outcome::page(page, limit, start + limit < total))
}

/// `GET /transactional/stats`: messages per outcome between `start_date`
/// and `end_date` (`YYYY-MM-DD`; all time by default).
pub fn stats(conn: &Connection, call: &Call) -> Result<Outcome> {
    if !any_domain_verified(conn)? {
        return Err(unverified());
    }
    let p = &call.params;
    let from = p.text("start_date").map(|d| format!("{d} 00:00:00")).unwrap_or_default();
    let to = p.text("end_date").map(|d| format!("{d} 23:59:59")).unwrap_or_else(|| "9999".into());
    let count = |kind: &str| -> Result<i64> {
        Ok(conn.query_row(
            "SELECT count(DISTINCT e.transaction_id) FROM events e JOIN transactional t ON t.id = e.transaction_id
             WHERE e.event_type = ?1 AND e.event_time <= ?2 AND t.created >= ?3 AND t.created <= ?4",
            params![kind, now(), from, to],
            |r| r.get(0),
        )?)
    };
    Ok(Outcome::data(super::reports::per_outcome(count, "clicked")?))
}
