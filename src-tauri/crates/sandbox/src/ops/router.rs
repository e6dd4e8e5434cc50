//! Inbound processing (`/router`): domains that receive mail, routes tested
//! in ascending priority, and what their actions leave behind: stored
//! messages with their time to live, and webhook deliveries. A sub-account
//! with read-only rights gets code 2 on any change; one without rights gets
//! code 2 on everything here.

use super::router_rules::{self, Rule};
use super::{Call, Job, Outcome, RouterAccess};
use crate::fault::{Fault, Result};
use crate::store::{now, set_setting, setting};
use chrono::Duration;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Map, Value};

pub const SERVICE_DOMAIN: &str = "northwind.inbound.sandbox.test";
pub const MX_HOSTS: [&str; 2] = ["mx1.inbound.sandbox.test", "mx2.inbound.sandbox.test"];

fn guard(call: &Call, changes: bool) -> Result<()> {
    match (call.router, changes) {
        (RouterAccess::Denied, _) => Err(Fault::new(403, 2, "This sub-account has no access to inbound processing")),
        (RouterAccess::ReadOnly, true) => Err(Fault::new(403, 2, "This sub-account may only read inbound processing")),
        _ => Ok(()),
    }
}

fn random_key() -> String {
    (0..40).map(|_| fastrand::alphanumeric()).collect()
}

fn domain_record(r: &Row) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": r.get::<_, i64>("id")?,
        "domain": r.get::<_, String>("domain")?,
        "service": r.get::<_, bool>("service")?,
        "verified": r.get::<_, bool>("verified")?,
        "created": r.get::<_, String>("created")?,
    }))
}

fn inbound_domains(conn: &Connection) -> Result<Vec<String>> {
    Ok(conn
        .prepare_cached("SELECT domain FROM router_domains")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// `GET /router/domains`: the service subdomain is made on the first request.
pub fn domains(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    conn.execute(
        "INSERT OR IGNORE INTO router_domains (domain, service, verified, created) VALUES (?1, 1, 1, ?2)",
        params![SERVICE_DOMAIN, now()],
    )?;
    let rows = conn
        .prepare_cached("SELECT * FROM router_domains ORDER BY id")?
        .query_map([], domain_record)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// `POST /router/domains`: an own domain; it receives mail once its MX
/// records point at the service and it is verified.
pub fn add_domain(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let domain = call.params.required_text("domain")?.to_lowercase();
    let valid = domain.split('.').count() >= 2
        && domain.split('.').all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    if !valid {
        return Err(Fault::new(422, 54, format!("{domain} is not a valid domain")));
    }
    if conn.execute("INSERT OR IGNORE INTO router_domains (domain, created) VALUES (?1, ?2)", params![domain, now()])?
        == 0
    {
        return Err(Fault::new(409, 56, format!("{domain} is already an inbound domain")));
    }
    let id = conn.last_insert_rowid();
    let record = conn.query_row("SELECT * FROM router_domains WHERE id = ?1", [id], domain_record)?;
    Ok(Outcome::data(record))
}

/// `POST /router/domains/{id}/verify`: the MX check; in the sandbox it finds
/// the records everywhere except under `.invalid`.
pub fn verify_domain(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let id = call.params.required_int("id")?;
    let domain: String = conn
        .query_row("SELECT domain FROM router_domains WHERE id = ?1", [id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| Fault::new(404, 4, format!("No inbound domain {id}")))?;
    let verified = !domain.ends_with(".invalid");
    conn.execute("UPDATE router_domains SET verified = ?2 WHERE id = ?1", params![id, verified])?;
    Ok(Outcome::data(conn.query_row("SELECT * FROM router_domains WHERE id = ?1", [id], domain_record)?))
}

/// `DELETE /router/domains/{id}`; the service subdomain stays.
pub fn delete_domain(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let id = call.params.required_int("id")?;
    let service: Option<bool> =
        conn.query_row("SELECT service FROM router_domains WHERE id = ?1", [id], |r| r.get(0)).optional()?;
    match service {
        None => Err(Fault::new(404, 4, format!("No inbound domain {id}"))),
        Some(true) => Err(Fault::invalid("The service subdomain cannot be removed")),
        Some(false) => {
            conn.execute("DELETE FROM router_domains WHERE id = ?1", [id])?;
            Ok(Outcome::data(true))
        }
    }
}

/// `GET /router/domains/mx`: the MX records an own domain publishes.
pub fn mx(_conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let records: Vec<Value> = MX_HOSTS
        .iter()
        .enumerate()
        .map(|(i, host)| json!({"type": "MX", "priority": 10 * (i + 1), "value": host}))
        .collect();
    Ok(Outcome::data(records))
}

fn route_record(r: &Row) -> rusqlite::Result<Value> {
    let parse = |text: Option<String>| text.and_then(|t| serde_json::from_str::<Value>(&t).ok()).unwrap_or(Value::Null);
    Ok(json!({
        "id": r.get::<_, i64>("id")?,
        "priority": r.get::<_, i64>("priority")?,
        "description": r.get::<_, String>("description")?,
        "filter": parse(r.get("filter")?),
        "expression": r.get::<_, Option<String>>("expression")?,
        "actions": parse(r.get("actions")?),
        "signing_key": r.get::<_, String>("signing_key")?,
        "is_active": r.get::<_, bool>("is_active")?,
        "created": r.get::<_, String>("created")?,
        "updated": r.get::<_, String>("updated")?,
    }))
}

fn route(conn: &Connection, id: i64) -> Result<Value> {
    conn.query_row("SELECT * FROM routes WHERE id = ?1", [id], route_record)
        .optional()?
        .ok_or_else(|| Fault::new(404, 4, format!("No route {id}")))
}

/// `GET /router/routes`, in the order they are tested.
pub fn routes(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let rows = conn
        .prepare_cached("SELECT * FROM routes ORDER BY priority, id")?
        .query_map([], route_record)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// `GET /router/routes/{id}`.
pub fn get_route(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    Ok(Outcome::data(route(conn, call.params.required_int("id")?)?))
}

/// The checked `filter` or `expression` (never both) and `actions` of a
/// create or change, over what the route had.
fn checked(conn: &Connection, call: &Call, existing: Option<&Value>) -> Result<(Option<Value>, Option<String>, Value)> {
    let p = &call.params;
    let filter = p.json("filter")?;
    let expression = p.text("expression");
    if filter.is_some() && expression.is_some() {
        return Err(Fault::invalid("A route has a filter or an expression, not both"));
    }
    let (filter, expression) = match (filter, expression, existing) {
        (Some(f), None, _) => (Some(router_rules::filter_json(&router_rules::filter(&f)?)), None),
        (None, Some(e), _) => {
            router_rules::expression(&e)?;
            (None, Some(e))
        }
        (None, None, Some(old)) => {
            (Some(old["filter"].clone()).filter(|f| !f.is_null()), old["expression"].as_str().map(str::to_string))
        }
        _ => (None, None),
    };
    let actions = match (p.json("actions")?, existing) {
        (Some(a), _) => {
            let paid = setting(conn, "plan")?.as_deref() != Some("free");
            let verified = super::account::any_domain_verified(conn)?;
            router_rules::actions(&a, paid, verified, &inbound_domains(conn)?)?
        }
        (None, Some(old)) => old["actions"].clone(),
        (None, None) => return Err(Fault::missing("actions")),
    };
    Ok((filter, expression, actions))
}

/// `POST /router/routes`.
pub fn create_route(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let p = &call.params;
    let (filter, expression, actions) = checked(conn, call, None)?;
    let next: i64 = conn.query_row("SELECT coalesce(max(priority), 0) + 10 FROM routes", [], |r| r.get(0))?;
    conn.execute(
        "INSERT INTO routes (priority, description, filter, expression, actions, signing_key, is_active, created, updated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        params![
            p.int("priority")?.unwrap_or(next),
            p.text("description").unwrap_or_default(),
            filter.map(|f| f.to_string()),
            expression,
            actions.to_string(),
            random_key(),
            !p.has("is_active") || p.flag("is_active"),
            now()
        ],
    )?;
    Ok(Outcome::data(route(conn, conn.last_insert_rowid())?))
}

/// `PUT /router/routes/{id}`: what is sent changes.
pub fn update_route(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let p = &call.params;
    let id = p.required_int("id")?;
    let old = route(conn, id)?;
    let (filter, expression, actions) = checked(conn, call, Some(&old))?;
    conn.execute(
        "UPDATE routes SET priority = ?2, description = ?3, filter = ?4, expression = ?5, actions = ?6, is_active = ?7,
            updated = ?8 WHERE id = ?1",
        params![
            id,
            p.int("priority")?.unwrap_or(old["priority"].as_i64().unwrap_or(0)),
            p.text("description").unwrap_or_else(|| old["description"].as_str().unwrap_or_default().to_string()),
            filter.map(|f| f.to_string()),
            expression,
            actions.to_string(),
            if p.has("is_active") { p.flag("is_active") } else { old["is_active"].as_bool().unwrap_or(true) },
            now()
        ],
    )?;
    Ok(Outcome::data(route(conn, id)?))
}

/// `DELETE /router/routes/{id}`.
pub fn delete_route(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let id = call.params.required_int("id")?;
    if conn.execute("DELETE FROM routes WHERE id = ?1", [id])? == 0 {
        return Err(Fault::new(404, 4, format!("No route {id}")));
    }
    Ok(Outcome::data(true))
}

/// `POST /router/routes/{id}/rekey`: a new signing key; the old one stops working.
pub fn rekey(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let id = call.params.required_int("id")?;
    route(conn, id)?;
    let key = random_key();
    conn.execute("UPDATE routes SET signing_key = ?2, updated = ?3 WHERE id = ?1", params![id, key, now()])?;
    Ok(Outcome::data(json!({"id": id, "signing_key": key})))
}

/// `POST /router/routes/reorder {order: [ids]}`: every route, in its new order.
pub fn reorder(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    let order: Vec<i64> = match call.params.json("order")? {
        Some(Value::Array(ids)) => ids
            .iter()
            .map(|v| v.as_i64().ok_or_else(|| Fault::invalid("order holds route ids")))
            .collect::<Result<_>>()?,
        _ => return Err(Fault::missing("order")),
    };
    let mut all: Vec<i64> =
        conn.prepare_cached("SELECT id FROM routes")?.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    let mut given = order.clone();
    all.sort_unstable();
    given.sort_unstable();
    if all != given {
        return Err(Fault::invalid("order must name every route once"));
    }
    let tx = conn.unchecked_transaction()?;
    for (i, id) in order.iter().enumerate() {
        tx.execute("UPDATE routes SET priority = ?2 WHERE id = ?1", params![id, (i as i64 + 1) * 10])?;
    }
    tx.commit()?;
    routes(conn, call)
}

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

/// `GET /router/settings`.
pub fn settings(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, false)?;
    let flag = |key: &str| -> Result<bool> { Ok(setting(conn, key)?.as_deref() == Some("1")) };
    Ok(Outcome::data(
        json!({"pass_autoreply": flag("router.pass_autoreply")?, "pass_list_mail": flag("router.pass_list_mail")?}),
    ))
}

/// `PUT /router/settings`: only what is sent changes.
pub fn update_settings(conn: &Connection, call: &Call) -> Result<Outcome> {
    guard(call, true)?;
    for key in ["pass_autoreply", "pass_list_mail"] {
        if call.params.has(key) {
            set_setting(conn, &format!("router.{key}"), if call.params.flag(key) { "1" } else { "0" })?;
        }
    }
    settings(conn, call)
}

fn rule_of(route: &Value) -> Result<Rule> {
    match (&route["filter"], route["expression"].as_str()) {
        (Value::Object(_), _) => router_rules::filter(&route["filter"]),
        (_, Some(e)) => router_rules::expression(e),
        _ => Ok(Rule { any: false, conditions: vec![] }),
    }
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
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
                    let expires = (chrono::Local::now().naive_local() + Duration::days(ttl))
                        .format("%Y-%m-%d %H:%M:%S")
                        .to_string();
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
