//! Saved segments, on the paths the public clients call (`/segments…`; the
//! spec is silent on them): a name and the conditions of one list, counted,
//! and applied to a member listing by `segment_id`. A record is
//! `{id, list_id, name, esegment, created, updated}`, `esegment` keyed by
//! the list's id as a campaign's is.

use super::members::{order_clause, record};
use super::segments;
use super::validate::list_exists;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Map, Value};

const DEFAULT_PAGE: i64 = 100;
const MAX_PAGE: i64 = 1000;
const MAX_NAME: usize = 200;

fn segment_record(r: &Row) -> rusqlite::Result<Value> {
    let esegment: String = r.get("esegment")?;
    Ok(json!({
        "id": r.get::<_, i64>("id")?,
        "list_id": r.get::<_, i64>("list_id")?,
        "name": r.get::<_, String>("name")?,
        "esegment": serde_json::from_str::<Value>(&esegment).unwrap_or(Value::Null),
        "created": r.get::<_, String>("created")?,
        "updated": r.get::<_, String>("updated")?,
    }))
}

fn stored(conn: &Connection, id: i64) -> Result<Value> {
    conn.query_row("SELECT * FROM segments WHERE id = ?1", [id], segment_record)
        .optional()?
        .ok_or_else(|| Fault::new(404, 4, format!("No segment {id}")))
}

/// The conditions sent for `list_id`, keyed by it as stored: either keyed
/// already (by that list only) or the bare `{match, c}` of one list. A
/// saved segment says something: at least one condition.
fn conditions_for(list_id: i64, sent: Value) -> Result<Value> {
    let keyed = match sent {
        Value::Object(o) if o.contains_key("c") || o.contains_key("match") => {
            Value::Object(Map::from_iter([(list_id.to_string(), Value::Object(o))]))
        }
        other => other,
    };
    segments::validate(&keyed)?;
    let rules = keyed.as_object().ok_or_else(|| Fault::invalid("esegment must be keyed by list id"))?;
    if let Some(other) = rules.keys().find(|k| **k != list_id.to_string()) {
        return Err(Fault::invalid(format!("esegment names list {other}; the segment is of list {list_id}")));
    }
    let rule = rules.get(&list_id.to_string()).ok_or_else(|| Fault::missing("esegment"))?;
    if rule.get("c").and_then(Value::as_array).is_none_or(Vec::is_empty) {
        return Err(Fault::invalid("A segment needs at least one condition"));
    }
    Ok(keyed)
}

fn name(p: &Params) -> Result<Option<String>> {
    match p.text("name") {
        Some(name) if name.chars().count() > MAX_NAME => {
            Err(Fault::invalid(format!("A segment name is at most {MAX_NAME} characters")))
        }
        other => Ok(other),
    }
}

/// `GET /segments`: every saved segment, or a list's (`list_id`), oldest first.
pub fn list(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.int("list_id")?;
    if let Some(id) = list_id {
        list_exists(conn, id)?;
    }
    let rows = conn
        .prepare_cached("SELECT * FROM segments WHERE (?1 IS NULL OR list_id = ?1) ORDER BY id")?
        .query_map([list_id], segment_record)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// `POST /segments {list_id, name, esegment}`: the new record.
pub fn add(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let list_id = p.required_int("list_id")?;
    let name = name(p)?.ok_or_else(|| Fault::missing("name"))?;
    let sent = p.json("esegment")?.ok_or_else(|| Fault::missing("esegment"))?;
    list_exists(conn, list_id)?;
    let esegment = conditions_for(list_id, sent)?;
    let at = now();
    conn.execute(
        "INSERT INTO segments (list_id, name, esegment, created, updated) VALUES (?1, ?2, ?3, ?4, ?4)",
        params![list_id, name, esegment.to_string(), at],
    )?;
    Ok(Outcome::data(stored(conn, conn.last_insert_rowid())?))
}

/// `GET /segments/{id}`.
pub fn get(conn: &Connection, call: &Call) -> Result<Outcome> {
    Ok(Outcome::data(stored(conn, call.params.required_int("id")?)?))
}

/// `PUT /segments/{id} {name?, esegment?}`: only what is sent changes; a
/// segment stays with its list.
pub fn update(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let id = p.required_int("id")?;
    let old = stored(conn, id)?;
    let list_id = old["list_id"].as_i64().unwrap_or_default();
    if p.int("list_id")?.is_some_and(|other| other != list_id) {
        return Err(Fault::invalid(format!("Segment {id} is of list {list_id}; it cannot move to another")));
    }
    let name = name(p)?;
    let esegment = p.json("esegment")?.map(|sent| conditions_for(list_id, sent)).transpose()?;
    if name.is_none() && esegment.is_none() {
        return Err(Fault::new(422, 11, "Nothing to change: send name or esegment"));
    }
    conn.execute(
        "UPDATE segments SET name = coalesce(?2, name), esegment = coalesce(?3, esegment), updated = ?4 WHERE id = ?1",
        params![id, name, esegment.map(|e| e.to_string()), now()],
    )?;
    Ok(Outcome::data(stored(conn, id)?))
}

/// `DELETE /segments/{id}`.
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.required_int("id")?;
    if conn.execute("DELETE FROM segments WHERE id = ?1", [id])? == 0 {
        return Err(Fault::new(404, 4, format!("No segment {id}")));
    }
    Ok(Outcome::data(true))
}

/// The list and the keyed conditions a call names: a saved segment
/// (`segment_id`), or a list and conditions sent with it.
fn named_segment(conn: &Connection, p: &Params) -> Result<(i64, Value)> {
    if let Some(id) = p.int("segment_id")? {
        let saved = stored(conn, id)?;
        return Ok((saved["list_id"].as_i64().unwrap_or_default(), saved["esegment"].clone()));
    }
    let list_id = p.required_int("list_id")?;
    let sent = p.json("esegment")?.ok_or_else(|| Fault::missing("esegment"))?;
    list_exists(conn, list_id)?;
    Ok((list_id, conditions_for(list_id, sent)?))
}

/// The columns a rule reads, in its order: the address, then `merge_1` to `merge_10`.
const TESTED: &str = "email, merge_1, merge_2, merge_3, merge_4, merge_5, merge_6, merge_7, merge_8, merge_9, merge_10";

/// Whether the row (selected with [`TESTED`] from column `at` on) is in.
fn admitted(rule: Option<&segments::Rule>, row: &Row, at: usize) -> rusqlite::Result<bool> {
    let Some(rule) = rule else { return Ok(true) };
    let values = (at..at + 11).map(|i| row.get::<_, Option<String>>(i)).collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rule.admits(&values.iter().map(|v| v.as_deref().unwrap_or_default()).collect::<Vec<_>>()))
}

/// `POST /segments/count {segment_id}` or `{list_id, esegment}`:
/// `{list_id, count, active}`: the list's members who match, in any state,
/// and those of them a campaign would reach.
pub fn count(conn: &Connection, call: &Call) -> Result<Outcome> {
    let (list_id, esegment) = named_segment(conn, &call.params)?;
    let rule = segments::Rule::of(Some(&esegment), list_id);
    let mut stmt = conn.prepare_cached(&format!("SELECT state, {TESTED} FROM members WHERE list_id = ?1"))?;
    let mut rows = stmt.query([list_id])?;
    let (mut count, mut active) = (0i64, 0i64);
    while let Some(row) = rows.next()? {
        if admitted(rule.as_ref(), row, 1)? {
            count += 1;
            active += i64::from(row.get_ref(0)?.as_str().is_ok_and(|s| s == "active"));
        }
    }
    Ok(Outcome::data(json!({"list_id": list_id, "count": count, "active": active})))
}

/// `GET /lists/{id}/members?segment_id=`: a page of the list's members in the
/// saved segment, with the listing's other filters and order.
pub fn members(conn: &Connection, list_id: i64, segment_id: i64, p: &Params) -> Result<Outcome> {
    let saved = stored(conn, segment_id)?;
    if saved["list_id"].as_i64() != Some(list_id) {
        return Err(Fault::invalid(format!("Segment {segment_id} is not of list {list_id}")));
    }
    let rule = segments::Rule::of(Some(&saved["esegment"]), list_id);
    let (start, limit) = p.window(DEFAULT_PAGE, MAX_PAGE)?;
    let order = order_clause(p.text("order"))?;
    let sql = format!(
        "SELECT {TESTED}, * FROM members WHERE list_id = ?1 AND (?2 IS NULL OR state = ?2) AND (?3 IS NULL OR id = ?3)
         AND (?4 IS NULL OR email = ?4) ORDER BY {order}"
    );
    let mut stmt = conn.prepare(&sql)?;
    let mut rows = stmt.query(params![list_id, p.text("state"), p.int("member_id")?, p.text("email")])?;
    let (mut page, mut skipped) = (Vec::new(), 0);
    while let Some(row) = rows.next()? {
        if !admitted(rule.as_ref(), row, 0)? {
            continue;
        }
        if skipped < start {
            skipped += 1;
            continue;
        }
        page.push(record(row)?);
        if page.len() as i64 > limit {
            break;
        }
    }
    let has_more = page.len() as i64 > limit;
    page.truncate(limit as usize);
    Ok(Outcome::page(page, limit, has_more))
}

/// `GET /segments/fields?list_id=`: what a list's segments may look at (the
/// address and the list's additional fields, with their titles, types and
/// choices) and the operators.
pub fn fields(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let mut out = vec![json!({"field": "email", "title": "Email", "type": "email"})];
    for (merge_id, def) in super::fields::for_list(conn, list_id)? {
        let (title, choices) = match &def["title"] {
            Value::Object(o) => (o.get("name").cloned().unwrap_or(Value::Null), o.get("choices").cloned()),
            other => (other.clone(), None),
        };
        let mut field = json!({"field": format!("merge_{merge_id}"), "title": title, "type": def["type"]});
        if let Some(choices) = choices {
            field["choices"] = choices;
        }
        out.push(field);
    }
    Ok(Outcome::data(json!({"list_id": list_id, "fields": out, "operators": segments::OPS})))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_are_kept_keyed_by_their_own_list() {
        let bare = json!({"match": "any", "c": [{"field": "email", "op": "ends", "value": ".ru"}]});
        assert_eq!(conditions_for(7, bare.clone()).unwrap(), json!({"7": bare}));
        assert_eq!(conditions_for(7, json!({"7": bare})).unwrap(), json!({"7": bare}));
        let other = conditions_for(7, json!({"8": bare})).unwrap_err();
        assert_eq!((other.status, other.code), (422, 2));
        let empty = conditions_for(7, json!({"match": "all", "c": []})).unwrap_err();
        assert_eq!((empty.status, empty.code), (422, 2));
        let bad = conditions_for(7, json!({"c": [{"field": "phone", "op": "is", "value": 1}]})).unwrap_err();
        assert_eq!((bad.status, bad.code), (422, 2));
    }
}
