//! The dialogs module of the legacy interface: correspondence with
//! subscribers who reply to campaigns. Replies arrive from the simulator;
//! only what has arrived by now is shown.

use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::now;
use rusqlite::{params, params_from_iter, types::Value as Sql, Connection, OptionalExtension};
use serde_json::{json, Value};

pub const PREVIEW_CHARS: usize = 250;
pub const LINK_MINUTES: i64 = 15;
const ACCOUNT_USER: i64 = 1;

fn bounded(p: &Params, key: &str, default: i64, max: i64) -> Result<i64> {
    match p.int(key)? {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(Fault::invalid(format!("{key} must be from 1 to {max}, not {n}"))),
    }
}

fn offset(p: &Params) -> Result<i64> {
    match p.int("offset")? {
        None => Ok(0),
        Some(n) if n >= 0 => Ok(n),
        Some(n) => Err(Fault::invalid(format!("offset cannot be negative ({n})"))),
    }
}

/// The name of a dialog's campaign (over `d`, a dialog).
const CAMPAIGN_NAME: &str = "(SELECT json_extract(c.fields, '$.name') FROM campaigns c WHERE c.id = d.campaign_id)";
/// A dialog's unread inbound messages (over `d`).
const UNREAD: &str = "(SELECT count(*) FROM dialog_messages m WHERE m.dialog_id = d.id AND m.direction = 'in'
    AND m.kind = 'message' AND m.is_read = 0 AND m.created_at <= ?1)";

/// Dialogs with what the list sorts by; filters are added to its `WHERE`.
/// The newest message's time is the stored one unless that message is
/// still ahead of the clock (a reply the simulator has not delivered yet).
const DIALOG_CORE: &str = "SELECT d.id, d.campaign_id, d.list_id, d.member_id, d.subscriber_email, d.subject, d.status,
    d.created_at,
    CASE WHEN d.last_message_at <= ?1 THEN d.last_message_at ELSE
        (SELECT max(m.created_at) FROM dialog_messages m WHERE m.dialog_id = d.id AND m.created_at <= ?1) END
        AS last_message_at
  FROM dialogs d WHERE d.created_at <= ?1";

/// The rest of a dialog's record, worked out for the rows of a page alone
/// (over `d`, a selection of [`DIALOG_CORE`]).
fn dialog_details() -> String {
    format!(
        "{CAMPAIGN_NAME} AS campaign_name, {UNREAD} AS unread_count,
    (SELECT max(m.created_at) FROM dialog_messages m WHERE m.dialog_id = d.id AND m.direction = 'in' AND m.created_at <= ?1)
        AS last_inbound_at,
    (SELECT m.body_text_clean FROM dialog_messages m WHERE m.dialog_id = d.id AND m.kind = 'message' AND m.created_at <= ?1
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_body,
    (SELECT EXISTS(SELECT 1 FROM dialog_attachments a JOIN dialog_messages m ON m.id = a.message_id
        WHERE m.dialog_id = d.id AND m.created_at <= ?1)) AS has_attachments"
    )
}

fn dialog(row: &rusqlite::Row, full: bool) -> rusqlite::Result<Value> {
    let mut record = json!({
        "id": row.get::<_, i64>("id")?,
        "user_id": ACCOUNT_USER,
        "sub_id": 0,
        "campaign_id": row.get::<_, i64>("campaign_id")?,
        "list_id": row.get::<_, i64>("list_id")?,
        "member_id": row.get::<_, i64>("member_id")?,
        "subscriber_email": row.get::<_, String>("subscriber_email")?,
        "subject": row.get::<_, String>("subject")?,
        "status": row.get::<_, String>("status")?,
        "unread_count": row.get::<_, i64>("unread_count")?,
        "last_message_at": row.get::<_, Option<String>>("last_message_at")?.unwrap_or_default(),
        "created_at": row.get::<_, String>("created_at")?,
        "campaign_name": row.get::<_, Option<String>>("campaign_name")?.unwrap_or_default(),
    });
    if full {
        let preview: String =
            row.get::<_, Option<String>>("last_body")?.unwrap_or_default().chars().take(PREVIEW_CHARS).collect();
        record["last_inbound_at"] = json!(row.get::<_, Option<String>>("last_inbound_at")?.unwrap_or_default());
        record["last_message_preview"] = json!(preview);
        record["has_attachments"] = json!(row.get::<_, bool>("has_attachments")?);
    }
    Ok(record)
}

/// `dialogs.list`: newest activity first.
pub fn list(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let status = p.text("status").unwrap_or_else(|| "open".into());
    if !matches!(status.as_str(), "open" | "closed" | "all") {
        return Err(Fault::invalid("status must be open, closed or all"));
    }
    let (limit, offset) = (bounded(p, "limit", 50, 200)?, offset(p)?);
    let mut sql = DIALOG_CORE.to_string();
    let mut args: Vec<Sql> = vec![Sql::from(now())];
    if status != "all" {
        args.push(Sql::from(status));
        sql.push_str(&format!(" AND d.status = ?{}", args.len()));
    }
    if p.flag("unread_only") {
        sql.push_str(&format!(" AND {UNREAD} > 0"));
    }
    for key in ["campaign_id", "list_id"] {
        if let Some(id) = p.int(key)? {
            args.push(Sql::from(id));
            sql.push_str(&format!(" AND d.{key} = ?{}", args.len()));
        }
    }
    if let Some(q) = p.text("q") {
        args.push(Sql::from(format!("%{}%", q.to_lowercase())));
        let n = args.len();
        sql.push_str(&format!(
            " AND (lower(d.subscriber_email) LIKE ?{n} OR lower(d.subject) LIKE ?{n} OR lower({CAMPAIGN_NAME}) LIKE ?{n})"
        ));
    }
    args.push(Sql::from(limit));
    args.push(Sql::from(offset));
    sql.push_str(&format!(
        " ORDER BY last_message_at DESC, d.id DESC LIMIT ?{} OFFSET ?{}",
        args.len() - 1,
        args.len()
    ));
    let sql = format!("SELECT d.*, {} FROM ({sql}) d ORDER BY d.last_message_at DESC, d.id DESC", dialog_details());
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(params_from_iter(args), |r| dialog(r, true))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

fn dialog_id(conn: &Connection, p: &Params) -> Result<i64> {
    let id = p.required_int("dialog_id")?;
    let visible: bool = conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM dialogs WHERE id = ?1 AND created_at <= ?2)",
        params![id, now()],
        |r| r.get(0),
    )?;
    if !visible {
        return Err(Fault::new(404, 4, format!("Dialog {id} does not exist")));
    }
    Ok(id)
}

/// `dialogs.get`.
pub fn get(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = dialog_id(conn, &call.params)?;
    let sql = format!("SELECT d.*, {} FROM ({DIALOG_CORE} AND d.id = ?2) d", dialog_details());
    let record = conn.query_row(&sql, params![now(), id], |r| dialog(r, false))?;
    Ok(Outcome::data(record))
}

/// `dialogs.messages`: in order, with attachments and the open/close events.
pub fn messages(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let id = dialog_id(conn, p)?;
    let (limit, offset) = (bounded(p, "limit", 100, 200)?, offset(p)?);
    let mut stmt = conn.prepare_cached(
        "SELECT * FROM dialog_messages WHERE dialog_id = ?1 AND created_at <= ?2 ORDER BY created_at, id LIMIT ?3 OFFSET ?4",
    )?;
    let mut rows = stmt
        .query_map(params![id, now(), limit, offset], |r| {
            Ok(json!({
                "id": r.get::<_, i64>("id")?,
                "dialog_id": r.get::<_, i64>("dialog_id")?,
                "direction": r.get::<_, String>("direction")?,
                "author_user_id": r.get::<_, Option<i64>>("author_user_id")?,
                "from_email": r.get::<_, String>("from_email")?,
                "from_name": r.get::<_, String>("from_name")?,
                "subject": r.get::<_, String>("subject")?,
                "body_text_clean": r.get::<_, String>("body_text_clean")?,
                "body_html_clean": r.get::<_, String>("body_html_clean")?,
                "is_read": r.get::<_, i64>("is_read")?,
                "created_at": r.get::<_, String>("created_at")?,
                "kind": r.get::<_, String>("kind")?,
            }))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut files = conn.prepare_cached(
        "SELECT id, filename, content_type, length(content) FROM dialog_attachments WHERE message_id = ?1 ORDER BY id",
    )?;
    for row in &mut rows {
        let message_id = row["id"].as_i64().unwrap_or_default();
        let attachments = files
            .query_map([message_id], |r| {
                Ok(json!({"id": r.get::<_, i64>(0)?, "filename": r.get::<_, String>(1)?,
                    "content_type": r.get::<_, String>(2)?, "size_bytes": r.get::<_, i64>(3)?}))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        row["attachments"] = Value::Array(attachments);
    }
    Ok(Outcome::data(rows))
}

/// `dialogs.reply`: goes out to the subscriber; the original is quoted
/// unless `quote_original` is 0.
pub fn reply(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let id = dialog_id(conn, p)?;
    let html = p.required_text("body_html")?;
    let text = p.required_text("body_text")?;
    let quote = p.raw("quote_original").is_none() || p.flag("quote_original");
    let subject: String = conn.query_row("SELECT subject FROM dialogs WHERE id = ?1", [id], |r| r.get(0))?;
    let original: Option<(String, String)> = conn
        .query_row(
            "SELECT body_text_clean, body_html_clean FROM dialog_messages WHERE dialog_id = ?1 AND direction = 'in'
             AND kind = 'message' AND created_at <= ?2 ORDER BY created_at DESC, id DESC LIMIT 1",
            params![id, now()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let (full_text, full_html) = match (quote, &original) {
        (true, Some((t, h))) => (
            format!("{text}\n\n{}", t.lines().map(|l| format!("> {l}")).collect::<Vec<_>>().join("\n")),
            format!("{html}<blockquote>{h}</blockquote>"),
        ),
        _ => (text.clone(), html.clone()),
    };
    let subject = if subject.starts_with("Re:") { subject } else { format!("Re: {subject}") };
    conn.execute(
        "INSERT INTO dialog_messages (dialog_id, direction, author_user_id, from_email, from_name, subject, body_text,
            body_html, body_text_clean, body_html_clean, is_read, created_at)
         VALUES (?1, 'out', ?2, ?3, 'Northwind Coffee Roasters', ?4, ?5, ?6, ?7, ?8, 1, ?9)",
        params![id, ACCOUNT_USER, "hello@northwind-cafe.com", subject, full_text, full_html, text, html, now()],
    )?;
    let message_id = conn.last_insert_rowid();
    Ok(Outcome::data(json!({"message_id": message_id, "dialog_id": id})))
}

/// `dialogs.markRead`: one message, or the whole dialog.
pub fn mark_read(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let id = dialog_id(conn, p)?;
    match p.int("message_id")? {
        Some(message) => {
            let changed =
                conn.execute("UPDATE dialog_messages SET is_read = 1 WHERE id = ?1 AND dialog_id = ?2", [message, id])?;
            if changed == 0 {
                return Err(Fault::new(404, 4, format!("Dialog {id} has no message {message}")));
            }
        }
        None => {
            conn.execute(
                "UPDATE dialog_messages SET is_read = 1 WHERE dialog_id = ?1 AND created_at <= ?2",
                params![id, now()],
            )?;
        }
    }
    Ok(Outcome::data(json!({"success": true})))
}

/// `dialogs.markUnread`: the latest inbound message becomes unread.
pub fn mark_unread(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = dialog_id(conn, &call.params)?;
    conn.execute(
        "UPDATE dialog_messages SET is_read = 0 WHERE id = (SELECT id FROM dialog_messages WHERE dialog_id = ?1
            AND direction = 'in' AND kind = 'message' AND created_at <= ?2 ORDER BY created_at DESC, id DESC LIMIT 1)",
        params![id, now()],
    )?;
    Ok(Outcome::data(json!({"success": true})))
}

fn set_status(conn: &Connection, call: &Call, status: &str, event: &str) -> Result<Outcome> {
    let id = dialog_id(conn, &call.params)?;
    let changed = conn.execute("UPDATE dialogs SET status = ?2 WHERE id = ?1 AND status != ?2", params![id, status])?;
    if changed > 0 {
        conn.execute(
            "INSERT INTO dialog_messages (dialog_id, direction, kind, author_user_id, from_email, from_name, subject,
                body_text, body_html, body_text_clean, body_html_clean, is_read, created_at)
             VALUES (?1, 'out', 'event', ?2, '', '', ?3, '', '', '', '', 1, ?4)",
            params![id, ACCOUNT_USER, event, now()],
        )?;
    }
    Ok(Outcome::data(json!({"success": true})))
}

/// `dialogs.close`.
pub fn close(conn: &Connection, call: &Call) -> Result<Outcome> {
    set_status(conn, call, "closed", "closed")
}

/// `dialogs.open`.
pub fn open(conn: &Connection, call: &Call) -> Result<Outcome> {
    set_status(conn, call, "open", "opened")
}

/// `dialogs.unreadCount`.
pub fn unread_count(conn: &Connection, _call: &Call) -> Result<Outcome> {
    let count = |status: &str| -> Result<i64> {
        Ok(conn.query_row(
            "SELECT count(*) FROM dialog_messages m JOIN dialogs d ON d.id = m.dialog_id WHERE d.status = ?1
             AND m.direction = 'in' AND m.kind = 'message' AND m.is_read = 0 AND m.created_at <= ?2",
            params![status, now()],
            |r| r.get(0),
        )?)
    };
    let (open, closed) = (count("open")?, count("closed")?);
    Ok(Outcome::data(json!({"total": open + closed, "by_status": {"open": open, "closed": closed}})))
}

/// `dialogs.attachment`: a download link valid for 15 minutes.
pub fn attachment(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.required_int("attachment_id")?;
    let found: Option<(String, String, i64)> = conn
        .query_row(
            "SELECT a.filename, a.content_type, length(a.content) FROM dialog_attachments a
             JOIN dialog_messages m ON m.id = a.message_id WHERE a.id = ?1 AND m.created_at <= ?2",
            params![id, now()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let (filename, content_type, size) = found.ok_or_else(|| Fault::new(404, 4, format!("No attachment {id}")))?;
    let token: String = (0..32).map(|_| fastrand::alphanumeric()).collect();
    let expires = crate::store::stamp(chrono::Local::now().naive_local() + chrono::Duration::minutes(LINK_MINUTES));
    conn.execute(
        "INSERT INTO download_links (token, attachment_id, expires) VALUES (?1, ?2, ?3)",
        params![token, id, expires],
    )?;
    let base = crate::store::setting(conn, "base_address")?.unwrap_or_default();
    Ok(Outcome::data(json!({
        "url": format!("{base}/files/{token}"),
        "filename": filename,
        "content_type": content_type,
        "size_bytes": size,
        "expires": expires,
    })))
}

/// The file behind a download link, while the link is valid.
pub fn download(conn: &Connection, token: &str) -> Result<(String, Vec<u8>)> {
    conn.query_row(
        "SELECT a.content_type, a.content FROM download_links l JOIN dialog_attachments a ON a.id = l.attachment_id
         WHERE l.token = ?1 AND l.expires >= ?2",
        params![token, now()],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()?
    .ok_or_else(|| Fault::new(404, 4, "The link is unknown or has expired (links last 15 minutes)"))
}
