//! Address lists.

use super::fields;
use super::validate::{is_email, list_exists};
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::php;
use crate::store::now;
use rusqlite::{params_from_iter, Connection, Row};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

const CONTACT: [&str; 10] =
    ["company", "abuse_name", "abuse_email", "phone", "address", "city", "zip", "country", "url", "description"];
const COUNTED_STATES: [&str; 6] = ["active", "bounced", "inactive", "complained", "unconfirmed", "unsubscribed"];

fn record(row: &Row) -> rusqlite::Result<(i64, Map<String, Value>)> {
    let id: i64 = row.get("id")?;
    let mut map = Map::new();
    map.insert("id".into(), json!(id));
    map.insert("name".into(), json!(row.get::<_, String>("name")?));
    map.insert("state".into(), json!(row.get::<_, String>("state")?));
    for key in CONTACT {
        map.insert(key.into(), json!(row.get::<_, Option<String>>(key)?.unwrap_or_default()));
    }
    map.insert("creation_date".into(), json!(row.get::<_, String>("creation_date")?));
    Ok((id, map))
}

fn counts(conn: &Connection, only: Option<i64>) -> Result<HashMap<i64, HashMap<String, i64>>> {
    let mut stmt = conn.prepare_cached(
        "SELECT list_id, state, count(*) FROM members WHERE ?1 IS NULL OR list_id = ?1 GROUP BY list_id, state",
    )?;
    let mut out: HashMap<i64, HashMap<String, i64>> = HashMap::new();
    let rows = stmt.query_map([only], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?)))?;
    for row in rows {
        let (list, state, n) = row?;
        out.entry(list).or_default().insert(state, n);
    }
    Ok(out)
}

/// Legacy: `lists.get`; v2 `GET /lists` and `GET /lists/{id}`. Newest first.
pub fn get(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.int("list_id")?;
    let state = call.params.text("state");
    let merge_json = call.params.flag("merge_json") && !call.legacy;
    let mut stmt = conn.prepare_cached(
        "SELECT * FROM lists WHERE (?1 IS NULL OR id = ?1) AND (?2 IS NULL OR state = ?2) ORDER BY id DESC",
    )?;
    let lists = stmt.query_map(rusqlite::params![list_id, state], record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    if lists.is_empty() {
        return Err(Fault::new(404, 4, "No lists found"));
    }
    let counts = counts(conn, list_id)?;
    let mut out = Vec::with_capacity(lists.len());
    for (id, mut map) in lists {
        let per_state = counts.get(&id).cloned().unwrap_or_default();
        for state in COUNTED_STATES {
            map.insert(format!("count_{state}"), json!(per_state.get(state).copied().unwrap_or(0)));
        }
        map.insert("count_all".into(), json!(per_state.values().sum::<i64>()));
        for (merge_id, def) in fields::for_list(conn, id)? {
            let encoded = if merge_json { def.to_string() } else { php::serialize(&def) };
            map.insert(format!("merge_{merge_id}"), json!(encoded));
        }
        if call.legacy {
            let count: Vec<Value> = COUNTED_STATES
                .iter()
                .map(|s| json!({"state": s, "count": per_state.get(*s).copied().unwrap_or(0)}))
                .collect();
            map.insert("count".into(), Value::Array(count));
            map.insert("stat".into(), json!([]));
        }
        out.push(Value::Object(map));
    }
    Ok(Outcome::data(out))
}

fn check_abuse_email(call: &Call) -> Result<()> {
    match call.params.text("abuse_email") {
        Some(email) if !is_email(&email) => Err(Fault::new(422, 6, format!("Invalid abuse_email: {email}"))),
        _ => Ok(()),
    }
}

/// Legacy: `lists.add`; v2 `POST /lists`.
pub fn add(conn: &Connection, call: &Call) -> Result<Outcome> {
    let name = call.params.required_text("name")?;
    check_abuse_email(call)?;
    let defs = match call.params.json("fields")? {
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::Object(o) => fields::normalize(o),
                _ => Err(Fault::invalid("Each field definition must be an object")),
            })
            .collect::<Result<Vec<_>>>()?,
        Some(_) => return Err(Fault::invalid("fields must be a JSON array of field definitions")),
        None => fields::defaults(conn)?,
    };
    if defs.len() as i64 > fields::MAX_FIELDS {
        return Err(Fault::invalid(format!("A list has at most {} additional fields", fields::MAX_FIELDS)));
    }
    let profile = |key: &str| call.params.text(key).or_else(|| account_profile(conn, key));
    let values: Vec<Option<String>> = CONTACT.iter().map(|k| profile(k)).collect();
    let tx = conn.unchecked_transaction()?;
    tx.execute(
        "INSERT INTO lists (name, creation_date, company, abuse_name, abuse_email, phone, address, city, zip, country, url, description)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params_from_iter([Some(name), Some(now())].into_iter().chain(values)),
    )?;
    let list_id = tx.last_insert_rowid();
    for (i, def) in defs.iter().enumerate() {
        fields::store(&tx, list_id, i as i64 + 1, def)?;
    }
    tx.commit()?;
    Ok(Outcome::data(json!({"list_id": list_id})))
}

/// Contact data of the account profile, the default for new lists.
fn account_profile(conn: &Connection, key: &str) -> Option<String> {
    crate::store::setting(conn, &format!("profile.{key}")).ok().flatten()
}

/// Legacy: `lists.update`; v2 `PUT /lists/{id}`. Only sent fields change.
pub fn update(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    check_abuse_email(call)?;
    for key in std::iter::once("name").chain(CONTACT) {
        if let Some(value) = call.params.text(key) {
            conn.execute(&format!("UPDATE lists SET {key} = ?1 WHERE id = ?2"), rusqlite::params![value, list_id])?;
        }
    }
    Ok(Outcome::data(true))
}

/// Legacy: `lists.delete` (answers the number of active subscribers
/// removed); v2 `DELETE /lists/{id}` (204).
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let tx = conn.unchecked_transaction()?;
    let active: i64 =
        tx.query_row("SELECT count(*) FROM members WHERE list_id = ?1 AND state = 'active'", [list_id], |r| r.get(0))?;
    tx.execute("DELETE FROM members WHERE list_id = ?1", [list_id])?;
    tx.execute("DELETE FROM fields WHERE list_id = ?1", [list_id])?;
    tx.execute("DELETE FROM lists WHERE id = ?1", [list_id])?;
    tx.commit()?;
    Ok(Outcome::data(active))
}
