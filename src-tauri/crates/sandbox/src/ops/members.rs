//! Subscribers. One record per address per list; an address that
//! unsubscribed sits on the account's unsubscribe list and cannot be
//! subscribed again through the API.

use super::validate::{self, list_exists};
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension, Row, ToSql};
use serde_json::{json, Map, Value};

const ORDERABLE: [&str; 8] = ["id", "email", "state", "optin_time", "lastedit_time", "unsub_time", "rating", "list_id"];

/// `field direction` over the orderable fields; `id asc` by default.
pub(super) fn order_clause(order: Option<String>) -> Result<String> {
    let Some(order) = order else {
        return Ok("id ASC".into());
    };
    let mut words = order.split_whitespace();
    let field = words.next().unwrap_or("id");
    let direction = words.next().unwrap_or("asc").to_ascii_lowercase();
    if !ORDERABLE.contains(&field) || !matches!(direction.as_str(), "asc" | "desc") || words.next().is_some() {
        return Err(Fault::invalid(format!(
            "order must be \"field asc|desc\" with field one of {}",
            ORDERABLE.join(", ")
        )));
    }
    Ok(format!("{field} {direction}, id {direction}"))
}

const MERGES: usize = 10;

pub(super) fn record(row: &Row) -> rusqlite::Result<Value> {
    let mut map = Map::new();
    map.insert("id".into(), json!(row.get::<_, i64>("id")?));
    map.insert("list_id".into(), json!(row.get::<_, i64>("list_id")?));
    map.insert("email".into(), json!(row.get::<_, String>("email")?));
    map.insert("state".into(), json!(row.get::<_, String>("state")?));
    for n in 1..=MERGES {
        if let Some(v) = row.get::<_, Option<String>>(format!("merge_{n}").as_str())? {
            map.insert(format!("merge_{n}"), json!(v));
        }
    }
    for key in ["gender", "source", "optin_time", "lastedit_time"] {
        map.insert(key.into(), json!(row.get::<_, String>(key)?));
    }
    for key in ["device", "unsub_time"] {
        map.insert(key.into(), json!(row.get::<_, Option<String>>(key)?.unwrap_or_default()));
    }
    map.insert("rating".into(), json!(row.get::<_, i64>("rating")?));
    map.insert("region".into(), json!(row.get::<_, Option<i64>>("region")?));
    Ok(Value::Object(map))
}

/// The record selected by `member_id`, or by `email` within `list_id_key`.
pub(super) fn locate(conn: &Connection, p: &Params, list_id_key: &str) -> Result<(i64, i64, String, String)> {
    let found = if let Some(member_id) = p.int("member_id")? {
        conn.query_row("SELECT id, list_id, email, state FROM members WHERE id = ?1", [member_id], tuple).optional()?
    } else {
        let email = p.required_text("email")?;
        let list_id = p.required_int(list_id_key)?;
        list_exists(conn, list_id)?;
        conn.query_row(
            "SELECT id, list_id, email, state FROM members WHERE list_id = ?1 AND email = ?2",
            params![list_id, email],
            tuple,
        )
        .optional()?
    };
    found.ok_or_else(Fault::no_such_member)
}

fn tuple(r: &Row) -> rusqlite::Result<(i64, i64, String, String)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
}

pub(super) fn is_unsubscribed(conn: &Connection, email: &str) -> Result<bool> {
    Ok(conn.query_row("SELECT EXISTS(SELECT 1 FROM unsubscribed WHERE email = ?1)", [email], |r| r.get(0))?)
}

fn resubscribe_refused(email: &str) -> Fault {
    Fault::new(422, 10, format!("{email} unsubscribed and cannot be subscribed again through the API"))
}

/// The writable values of one subscriber, from a call or a batch row.
struct Values {
    email: String,
    merges: [Option<String>; MERGES],
    gender: Option<String>,
    region: Option<i64>,
    state: Option<String>,
    source: Option<String>,
}

impl Values {
    fn read(p: &Params, check_email: bool) -> Result<Values> {
        let email = p.required_text("email")?;
        let email = if check_email { validate::email(&email)? } else { email };
        let merges = std::array::from_fn(|i| p.text(&format!("merge_{}", i + 1)));
        let state = p.text("state");
        if let Some(s) = &state {
            if !matches!(s.as_str(), "active" | "inactive") {
                return Err(Fault::invalid(format!("state may only be set to active or inactive, not {s}")));
            }
        }
        Ok(Values {
            email,
            merges,
            gender: validate::gender(p.text("gender"))?,
            region: p.int("region")?,
            state,
            source: p.text("source"),
        })
    }

    fn insert(&self, conn: &Connection, list_id: i64, source: &str) -> Result<i64> {
        let time = now();
        let mut stmt = conn.prepare_cached(
            "INSERT INTO members (list_id, email, state, merge_1, merge_2, merge_3, merge_4, merge_5, merge_6,
                merge_7, merge_8, merge_9, merge_10, gender, source, region, optin_time, lastedit_time)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?17)",
        )?;
        let [m1, m2, m3, m4, m5, m6, m7, m8, m9, m10] = &self.merges;
        stmt.execute(params![
            list_id,
            self.email,
            self.state.as_deref().unwrap_or("active"),
            m1,
            m2,
            m3,
            m4,
            m5,
            m6,
            m7,
            m8,
            m9,
            m10,
            self.gender.as_deref().unwrap_or("n"),
            self.source.as_deref().unwrap_or(source),
            self.region,
            time
        ])?;
        Ok(conn.last_insert_rowid())
    }

    /// Writes the values that were sent onto an existing record.
    fn apply(&self, conn: &Connection, member_id: i64) -> Result<()> {
        let mut sets = vec!["lastedit_time = ?1".to_string()];
        let mut args: Vec<Box<dyn ToSql>> = vec![Box::new(now())];
        let mut push = |column: String, value: Box<dyn ToSql>| {
            args.push(value);
            sets.push(format!("{column} = ?{}", args.len()));
        };
        for (i, v) in self.merges.iter().enumerate() {
            if let Some(v) = v {
                push(format!("merge_{}", i + 1), Box::new(v.clone()));
            }
        }
        if let Some(g) = &self.gender {
            push("gender".into(), Box::new(g.clone()));
        }
        if let Some(r) = self.region {
            push("region".into(), Box::new(r));
        }
        if let Some(s) = &self.source {
            push("source".into(), Box::new(s.clone()));
        }
        if let Some(s) = &self.state {
            push("state".into(), Box::new(s.clone()));
        }
        args.push(Box::new(member_id));
        let sql = format!("UPDATE members SET {} WHERE id = ?{}", sets.join(", "), args.len());
        conn.execute(&sql, rusqlite::params_from_iter(args.iter().map(|a| a.as_ref())))?;
        Ok(())
    }
}

/// The highest member id so far; members added later have higher ones.
pub fn newest_member(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT coalesce(max(id), 0) FROM members", [], |r| r.get(0))?)
}

fn existing_id(conn: &Connection, list_id: i64, email: &str) -> Result<Option<i64>> {
    Ok(conn
        .query_row("SELECT id FROM members WHERE list_id = ?1 AND email = ?2", params![list_id, email], |r| r.get(0))
        .optional()?)
}

/// Adds one subscriber, or (with `update`) refreshes the existing record.
fn upsert(conn: &Connection, list_id: i64, v: &Values, update: bool, source: &str) -> Result<i64> {
    if is_unsubscribed(conn, &v.email)? {
        return Err(resubscribe_refused(&v.email));
    }
    match existing_id(conn, list_id, &v.email)? {
        Some(id) if update => {
            v.apply(conn, id)?;
            Ok(id)
        }
        Some(_) => Err(Fault::new(409, 7, format!("{} is already in list {list_id}", v.email))),
        None => v.insert(conn, list_id, source),
    }
}

/// Legacy: `lists.add_member`; v2 `POST /lists/{id}/members`.
pub fn add(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let list_id = p.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let values = Values::read(p, !p.flag("no_check"))?;
    let before = newest_member(conn)?;
    super::account::check_member_limit(conn, std::iter::once(values.email.as_str()))?;
    let id = upsert(conn, list_id, &values, p.flag("update"), "api")?;
    super::automations::members_added(conn, list_id, "add", before)?;
    Ok(Outcome::data(json!({"member_id": id})))
}

/// Rows of a batch: a JSON array of objects, or the older text form
/// `a@x.com,Ann;b@x.com,Bob;` (address first, then the fields in order).
fn batch_rows(p: &Params) -> Result<Vec<Params>> {
    match p.raw("batch") {
        Some(Value::String(text)) if !text.trim_start().starts_with('[') => Ok(text
            .split(';')
            .map(str::trim)
            .filter(|row| !row.is_empty())
            .map(|row| {
                let mut map = Map::new();
                for (i, col) in row.split(',').enumerate() {
                    let key = if i == 0 { "email".to_string() } else { format!("merge_{i}") };
                    map.insert(key, json!(col.trim()));
                }
                Params(map)
            })
            .collect()),
        _ => match p.json("batch")? {
            Some(Value::Array(rows)) => rows
                .into_iter()
                .map(|row| match row {
                    Value::Object(map) => Ok(Params(map)),
                    _ => Err(Fault::invalid("Each batch row must be an object")),
                })
                .collect(),
            Some(_) => Err(Fault::invalid("batch must be an array of subscribers")),
            None => Err(Fault::missing("batch")),
        },
    }
}

/// Legacy: `lists.add_member_batch`; v2 `POST /lists/{id}/members/batch`.
/// All or nothing: one bad address refuses the whole batch and names it.
/// Addresses on the account's unsubscribe list are skipped, and an address
/// already in the list keeps its record (refreshed with `update`). Answers
/// the ids of the batch's records, comma separated, in order.
pub fn add_batch(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let list_id = p.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let check = !p.flag("no_check");
    let rows = batch_rows(p)?.iter().map(|row| Values::read(row, check)).collect::<Result<Vec<_>>>()?;
    let update = p.flag("update");
    super::account::check_member_limit(conn, rows.iter().map(|r| r.email.as_str()))?;
    let before = newest_member(conn)?;
    let tx = conn.unchecked_transaction()?;
    let mut ids = Vec::with_capacity(rows.len());
    for row in &rows {
        if is_unsubscribed(&tx, &row.email)? {
            continue;
        }
        match existing_id(&tx, list_id, &row.email)? {
            Some(id) => {
                if update {
                    row.apply(&tx, id)?;
                }
                ids.push(id);
            }
            None => ids.push(row.insert(&tx, list_id, "api")?),
        }
    }
    super::automations::members_added(&tx, list_id, "add", before)?;
    super::paging::appended(&tx, list_id)?;
    tx.commit()?;
    let text: Vec<String> = ids.iter().map(i64::to_string).collect();
    Ok(Outcome::data(text.join(",")))
}

/// Legacy: `lists.update_member`; v2 `PUT /lists/{id}/members/{email}`.
pub fn update(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let (id, _, email, state) = locate(conn, p, "list_id")?;
    let mut values = Values::read(&with_email(p, &email), false)?;
    if values.state.as_deref() == Some("active") && (state == "unsubscribed" || is_unsubscribed(conn, &email)?) {
        return Err(resubscribe_refused(&email));
    }
    values.email = email;
    values.apply(conn, id)?;
    Ok(Outcome::data(true))
}

fn with_email(p: &Params, email: &str) -> Params {
    let mut p = p.clone();
    p.set("email", json!(email));
    p
}

/// Legacy: `lists.delete_member`; v2 `DELETE /lists/{id}/members/{email}`.
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let (id, ..) = locate(conn, &call.params, "list_id")?;
    conn.execute("DELETE FROM members WHERE id = ?1", [id])?;
    Ok(Outcome::data(true))
}

/// Legacy: `lists.unsubscribe_member`: with `list_id` that list only,
/// without it every list. Answers the number of records unsubscribed.
pub fn unsubscribe(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let email = match p.int("member_id")? {
        Some(_) => locate(conn, p, "list_id")?.2,
        None => p.required_text("email")?,
    };
    let list_id = p.int("list_id")?;
    if let Some(id) = list_id {
        list_exists(conn, id)?;
    }
    let time = now();
    let tx = conn.unchecked_transaction()?;
    let changed = tx.execute(
        "UPDATE members SET state = 'unsubscribed', unsub_time = ?1, lastedit_time = ?1
         WHERE email = ?2 AND (?3 IS NULL OR list_id = ?3)",
        params![time, email, list_id],
    )?;
    if changed == 0 {
        return Err(Fault::no_such_member());
    }
    tx.execute("INSERT OR IGNORE INTO unsubscribed (email, unsub_time) VALUES (?1, ?2)", params![email, time])?;
    tx.commit()?;
    Ok(Outcome::data(changed as i64))
}

/// The target of a move or copy: `to_list_id` (v2), or `list_id` (legacy).
fn target_list(conn: &Connection, call: &Call) -> Result<i64> {
    let key = if call.params.has("to_list_id") { "to_list_id" } else { "list_id" };
    let target = call.params.required_int(key)?;
    list_exists(conn, target)?;
    Ok(target)
}

fn source_key(call: &Call) -> &'static str {
    if call.params.has("from_list_id") {
        "from_list_id"
    } else {
        "list_id"
    }
}

/// Legacy: `lists.move_member`; v2 `POST /lists/{id}/members/{email}/move`.
pub fn move_member(conn: &Connection, call: &Call) -> Result<Outcome> {
    let (id, _, email, _) = locate(conn, &call.params, source_key(call))?;
    let target = target_list(conn, call)?;
    if existing_id(conn, target, &email)?.is_some_and(|other| other != id) {
        return Err(Fault::new(409, 7, format!("{email} is already in list {target}")));
    }
    conn.execute("UPDATE members SET list_id = ?1, lastedit_time = ?2 WHERE id = ?3", params![target, now(), id])?;
    Ok(Outcome::data(true))
}

/// Legacy: `lists.copy_member`; v2 `POST /lists/{id}/members/{email}/copy`.
pub fn copy_member(conn: &Connection, call: &Call) -> Result<Outcome> {
    let (id, _, email, _) = locate(conn, &call.params, source_key(call))?;
    let target = target_list(conn, call)?;
    if existing_id(conn, target, &email)?.is_some() {
        return Err(Fault::new(409, 7, format!("{email} is already in list {target}")));
    }
    let columns = "email, state, merge_1, merge_2, merge_3, merge_4, merge_5, merge_6, merge_7, merge_8, merge_9, \
                   merge_10, gender, source, device, rating, region, optin_time, unsub_time";
    conn.execute(
        &format!(
            "INSERT INTO members (list_id, lastedit_time, {columns}) SELECT ?1, ?2, {columns} FROM members WHERE id = ?3"
        ),
        params![target, now(), id],
    )?;
    Ok(Outcome::data(json!({"member_id": conn.last_insert_rowid()})))
}
