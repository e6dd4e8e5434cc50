//! Additional fields of a list (`merge_1` … `merge_10`).

use super::validate::list_exists;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Map, Value};

pub const MAX_FIELDS: i64 = 10;
pub const MAX_VAR_LEN: usize = 10;

/// A definition as stored and answered: `title` (an object with `name` and
/// `choices` for choice fields), `type`, `req` (`on`/`off`), `var`.
pub fn normalize(def: &Map<String, Value>) -> Result<Value> {
    let kind = match def.get("type").and_then(Value::as_str).unwrap_or("text") {
        k @ ("text" | "date" | "choice") => k,
        other => return Err(Fault::invalid(format!("Field type must be text, date or choice, not {other}"))),
    };
    let (name, choices) = match def.get("title") {
        Some(Value::Object(o)) => (
            o.get("name").and_then(Value::as_str).unwrap_or_default().to_string(),
            o.get("choices").cloned().unwrap_or_else(|| json!([])),
        ),
        Some(Value::String(s)) => (s.clone(), def.get("choices").cloned().unwrap_or_else(|| json!([]))),
        _ => (String::new(), json!([])),
    };
    if name.trim().is_empty() {
        return Err(Fault::missing("title"));
    }
    let var = def.get("var").and_then(Value::as_str).unwrap_or_default().trim().to_string();
    if var.chars().count() > MAX_VAR_LEN {
        return Err(Fault::new(500, 59, format!("Field variable \"{var}\" is longer than {MAX_VAR_LEN} characters")));
    }
    let required = Params(def.clone()).flag("req");
    let title = if kind == "choice" { json!({"name": name, "choices": choices}) } else { json!(name) };
    Ok(json!({"title": title, "type": kind, "req": if required { "on" } else { "off" }, "var": var}))
}

pub fn for_list(conn: &Connection, list_id: i64) -> Result<Vec<(i64, Value)>> {
    let mut stmt =
        conn.prepare_cached("SELECT merge_id, definition FROM fields WHERE list_id = ?1 ORDER BY merge_id")?;
    let rows = stmt.query_map([list_id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (id, text) = row?;
        out.push((id, serde_json::from_str(&text).unwrap_or(Value::Null)));
    }
    Ok(out)
}

pub fn store(conn: &Connection, list_id: i64, merge_id: i64, def: &Value) -> Result<()> {
    conn.execute(
        "INSERT INTO fields (list_id, merge_id, definition) VALUES (?1, ?2, ?3)
         ON CONFLICT(list_id, merge_id) DO UPDATE SET definition = ?3",
        params![list_id, merge_id, def.to_string()],
    )?;
    Ok(())
}

/// The fields a new list gets when none are given: a copy of the default
/// list's (the account's oldest list), or first and last name.
pub fn defaults(conn: &Connection) -> Result<Vec<Value>> {
    let oldest: Option<i64> = conn.query_row("SELECT min(id) FROM lists", [], |r| r.get(0))?;
    if let Some(list_id) = oldest {
        return Ok(for_list(conn, list_id)?.into_iter().map(|(_, d)| d).collect());
    }
    Ok(vec![
        json!({"title": "First name", "type": "text", "req": "off", "var": "name"}),
        json!({"title": "Last name", "type": "text", "req": "off", "var": "lastname"}),
    ])
}

fn definition_from(params: &Params) -> Map<String, Value> {
    let mut def = Map::new();
    for key in ["title", "type", "req", "var", "choices"] {
        if let Some(v) = params.raw(key) {
            def.insert(key.into(), v.clone());
        }
    }
    def
}

/// Legacy: `lists.add_merge`.
pub fn add(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let def = normalize(&definition_from(&call.params))?;
    let used: Vec<i64> = for_list(conn, list_id)?.into_iter().map(|(id, _)| id).collect();
    let merge_id = (1..=MAX_FIELDS)
        .find(|id| !used.contains(id))
        .ok_or_else(|| Fault::invalid(format!("A list has at most {MAX_FIELDS} additional fields")))?;
    store(conn, list_id, merge_id, &def)?;
    Ok(Outcome::data(json!({"merge_id": merge_id})))
}

fn existing(conn: &Connection, list_id: i64, merge_id: i64) -> Result<Value> {
    list_exists(conn, list_id)?;
    let text: Option<String> = conn
        .query_row("SELECT definition FROM fields WHERE list_id = ?1 AND merge_id = ?2", [list_id, merge_id], |r| {
            r.get(0)
        })
        .optional()?;
    text.and_then(|t| serde_json::from_str(&t).ok())
        .ok_or_else(|| Fault::new(404, 4, format!("List {list_id} has no field merge_{merge_id}")))
}

/// Legacy: `lists.update_merge`. Only sent keys change.
pub fn update(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    let merge_id = call.params.required_int("merge_id")?;
    let mut def = existing(conn, list_id, merge_id)?.as_object().cloned().unwrap_or_default();
    let changes = definition_from(&call.params);
    if changes.is_empty() {
        return Err(Fault::new(422, 11, "Nothing to change: send title, type, req or var"));
    }
    def.extend(changes);
    store(conn, list_id, merge_id, &normalize(&def)?)?;
    Ok(Outcome::data(true))
}

/// Legacy: `lists.delete_merge`. The field's values go with it.
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    let merge_id = call.params.required_int("merge_id")?;
    existing(conn, list_id, merge_id)?;
    conn.execute("DELETE FROM fields WHERE list_id = ?1 AND merge_id = ?2", [list_id, merge_id])?;
    conn.execute(&format!("UPDATE members SET merge_{merge_id} = NULL WHERE list_id = ?1"), [list_id])?;
    Ok(Outcome::data(true))
}
