//! What inbound mail leaves behind: messages arriving (sandbox only) and
//! going through the routes, stored messages with their time to live, and
//! the deliveries of webhooks and notifications.

use super::router::{guard, route_record};
use super::router_rules::{self, Rule};
use super::{Call, Job, Outcome};
use crate::fault::{Fault, Result};
use crate::store::now;
use chrono::Duration;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Map, Value};

fn message_record(r: &Row) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": r.get::<_, i64>("id")?,
        "route_id": r.get::<_, Option<i64>>("route_id")?,
        "recipient": r.get::<_, String>("recipient")?,
        "sender": r.get::<_, String>("sender")?,
        "from": r.get::<_, String>("from_address")?,
        "subject": r.get::<_, String>("subject")?,
        "text": r.get::<_, String>("text")?,
        "html": r.get::<_, String>("html")?,
        "headers": serde_json::from_str::<Value>(&r.get::<_, String>("headers")?).unwrap_or(Value::Null),
        "received": r.get::<_, String>("received")?,
        "expires": r.get::<_, String>("expires")?,
    }))
}

/// `GET /router/messages`: stored messages whose time to live has not run out.
pub fn messages(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let (start, limit) = call.params.window(100, 1000)?;
    let mut stmt =
        conn.prepare_cached("SELECT * FROM router_messages WHERE expires > ?1 ORDER BY id DESC LIMIT ?2 OFFSET ?3")?;
    let mut rows =
        stmt.query_map(params![now(), limit + 1, start], message_record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    Ok(Outcome::page(rows, limit, more))
}

fn stored_message(conn: &Connection, id: i64) -> Result<Value> {
    conn.query_row("SELECT * FROM router_messages WHERE id = ?1 AND expires > ?2", params![id, now()], message_record)
        .optional()?
        .ok_or_else(|| Fault::new(404, 4, format!("No stored message {id} (it may have expired)")))
}

/// `GET /router/messages/{id}`, with its attachments listed.
pub fn get_message(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let id = call.params.required_int("id")?;
    let mut record = stored_message(conn, id)?;
    let files = conn
        .prepare_cached("SELECT id, filename, content_type, length(content) FROM router_attachments WHERE message_id = ?1")?
        .query_map([id], |r| Ok(json!({"id": r.get::<_, i64>(0)?, "filename": r.get::<_, String>(1)?, "content_type": r.get::<_, String>(2)?, "size": r.get::<_, i64>(3)?})))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    record["attachments"] = Value::Array(files);
    Ok(Outcome::data(record))
}

/// `DELETE /router/messages/{id}`.
pub fn delete_message(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let id = call.params.required_int("id")?;
    stored_message(conn, id)?;
    conn.execute("DELETE FROM router_messages WHERE id = ?1", [id])?;
    Ok(Outcome::data(true))
}

/// `GET /router/messages/{id}/attachments/{aid}`: the file, base64 in `content`.
pub fn message_attachment(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let (id, aid) = (call.params.required_int("id")?, call.params.required_int("aid")?);
    stored_message(conn, id)?;
    let (filename, content_type, content): (String, String, Vec<u8>) = conn
        .query_row(
            "SELECT filename, content_type, content FROM router_attachments WHERE id = ?1 AND message_id = ?2",
            [aid, id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?
        .ok_or_else(|| Fault::new(404, 4, format!("Message {id} has no attachment {aid}")))?;
    Ok(Outcome::data(
        json!({"id": aid, "filename": filename, "content_type": content_type, "content": base64(&content)}),
    ))
}

fn delivery_record(r: &Row) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": r.get::<_, i64>("id")?,
        "route_id": r.get::<_, i64>("route_id")?,
        "action": r.get::<_, String>("action")?,
        "target": r.get::<_, String>("target")?,
        "status": r.get::<_, String>("status")?,
        "response_code": r.get::<_, Option<i64>>("response_code")?,
        "error": r.get::<_, Option<String>>("error")?.unwrap_or_default(),
        "created": r.get::<_, String>("created")?,
    }))
}

/// `GET /router/deliveries`: what the actions sent, newest first.
pub fn deliveries(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let (start, limit) = call.params.window(100, 1000)?;
    let mut stmt = conn.prepare_cached("SELECT * FROM deliveries ORDER BY id DESC LIMIT ?1 OFFSET ?2")?;
    let mut rows = stmt.query_map(params![limit + 1, start], delivery_record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    Ok(Outcome::page(rows, limit, more))
}

/// `GET /router/deliveries/{id}`.
pub fn get_delivery(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let id = call.params.required_int("id")?;
    let record = conn
        .query_row("SELECT * FROM deliveries WHERE id = ?1", [id], delivery_record)
        .optional()?
        .ok_or_else(|| Fault::new(404, 4, format!("No delivery {id}")))?;
    Ok(Outcome::data(record))
}

fn rule_of(route: &Value) -> Result<Rule> {
    match (&route["filter"], route["expression"].as_str()) {
        (Value::Object(_), _) => router_rules::filter(&route["filter"]),
        (_, Some(e)) => router_rules::expression(e),
        _ => Ok(Rule { any: false, conditions: vec![] }),
    }
}

fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Sandbox only (`POST /v2/sandbox/inbound`): a message arrives at an
/// inbound domain and goes through the active routes in priority order.
pub fn receive(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let recipient = p.required_text("recipient")?;
    let domain = recipient.rsplit('@').next().unwrap_or_default().to_lowercase();
    let ours: bool = conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM router_domains WHERE domain = ?1 AND verified = 1)",
        [&domain],
        |r| r.get(0),
    )?;
    if !ours {
        return Err(Fault::invalid(format!("{domain} is not a verified inbound domain of the account")));
    }
    let from = p.text("from").unwrap_or_default();
    let sender = p.text("sender").unwrap_or_else(|| from.clone());
    let headers = match p.json("headers")? {
        Some(Value::Object(map)) => map,
        _ => Map::new(),
    };
    let message = json!({
        "recipient": recipient, "from": from, "sender": sender, "subject": p.text("subject").unwrap_or_default(),
        "text": p.text("text").unwrap_or_default(), "html": p.text("html").unwrap_or_default(), "headers": headers,
    });
    let read = |field: &str, name: Option<&str>| -> Option<String> {
        match field {
            "header" => {
                let name = name?.to_lowercase();
                headers.iter().find(|(k, _)| k.to_lowercase() == name).and_then(|(_, v)| v.as_str().map(str::to_string))
            }
            other => message[other].as_str().map(str::to_string),
        }
    };
    let all: Vec<Value> = conn
        .prepare_cached("SELECT * FROM routes WHERE is_active = 1 ORDER BY priority, id")?
        .query_map([], route_record)?
        .collect::<rusqlite::Result<_>>()?;
    let mut outcome = Outcome::data(Value::Null);
    let mut matched = Vec::new();
    'routes: for route in &all {
        if !rule_of(route)?.accepts(&read) {
            continue;
        }
        let route_id = route["id"].as_i64().unwrap_or_default();
        matched.push(route_id);
        for action in route["actions"].as_array().cloned().unwrap_or_default() {
            match action["type"].as_str() {
                Some("stop") => break 'routes,
                Some("webhook") => {
                    let payload = json!({"route_id": route_id, "message": message});
                    outcome.jobs.push(Job::Deliver {
                        delivery_id: queue(
                            conn,
                            route_id,
                            "webhook",
                            action["url"].as_str().unwrap_or_default(),
                            &payload,
                        )?,
                    });
                }
                Some("store") => {
                    let ttl = action["ttl_days"].as_i64().unwrap_or(7);
                    let expires = crate::store::stamp(chrono::Local::now().naive_local() + Duration::days(ttl));
                    conn.execute(
                        "INSERT INTO router_messages (route_id, recipient, sender, from_address, subject, text, html, headers, received, expires)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                        params![route_id, message["recipient"].as_str(), message["sender"].as_str(), message["from"].as_str(), message["subject"].as_str(), message["text"].as_str(), message["html"].as_str(), message["headers"].to_string(), now(), expires],
                    )?;
                    let stored = conn.last_insert_rowid();
                    if let Some(url) = action["notify_url"].as_str() {
                        let payload =
                            json!({"route_id": route_id, "message_id": stored, "subject": message["subject"]});
                        outcome
                            .jobs
                            .push(Job::Deliver { delivery_id: queue(conn, route_id, "notify", url, &payload)? });
                    }
                }
                Some("forward") => {
                    conn.execute(
                        "INSERT INTO deliveries (route_id, action, target, payload, status, created) VALUES (?1, 'forward', ?2, ?3, 'forwarded', ?4)",
                        params![route_id, action["email"].as_str(), message.to_string(), now()],
                    )?;
                }
                _ => {}
            }
        }
    }
    outcome.data = json!({"routes": matched});
    Ok(outcome)
}

fn queue(conn: &Connection, route_id: i64, action: &str, url: &str, payload: &Value) -> Result<i64> {
    conn.execute(
        "INSERT INTO deliveries (route_id, action, target, payload, status, created) VALUES (?1, ?2, ?3, ?4, 'queued', ?5)",
        params![route_id, action, url, payload.to_string(), now()],
    )?;
    Ok(conn.last_insert_rowid())
}

/// What a queued delivery sends: its address, body and signature header.
pub fn outgoing(conn: &Connection, delivery_id: i64) -> Result<(String, String, String)> {
    let (url, body, key): (String, String, String) = conn.query_row(
        "SELECT d.target, d.payload, r.signing_key FROM deliveries d JOIN routes r ON r.id = d.route_id WHERE d.id = ?1",
        [delivery_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    Ok((url, body.clone(), super::signature::sign(&key, &body)))
}

/// Records how a delivery went.
pub fn delivered(conn: &Connection, delivery_id: i64, code: Option<u16>, error: Option<String>) -> Result<()> {
    let status = if code.is_some_and(|c| (200..300).contains(&c)) { "delivered" } else { "failed" };
    conn.execute(
        "UPDATE deliveries SET status = ?2, response_code = ?3, error = ?4 WHERE id = ?1",
        params![delivery_id, status, code, error],
    )?;
    Ok(())
}
