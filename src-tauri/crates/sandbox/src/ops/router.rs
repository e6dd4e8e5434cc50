//! Inbound processing (`/router`): domains that receive mail, routes tested
//! in ascending priority, and what their actions leave behind: stored
//! messages with their time to live, and webhook deliveries. A sub-account
//! with read-only rights gets code 2 on any change; one without rights gets
//! code 2 on everything here.

use super::router_rules;
use super::{Call, Outcome, RouterAccess};
use crate::fault::{Fault, Result};
use crate::store::{now, set_setting, setting};
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Value};

pub const SERVICE_DOMAIN: &str = "northwind.inbound.sandbox.test";
pub const MX_HOSTS: [&str; 2] = ["mx1.inbound.sandbox.test", "mx2.inbound.sandbox.test"];

pub(super) fn guard(call: &Call, changes: bool) -> Result<()> {
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

pub(super) fn route_record(r: &Row) -> rusqlite::Result<Value> {
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
