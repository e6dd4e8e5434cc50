//! Imports from a file address (`lists.upload`), their results and history,
//! and list cleaning. The file is fetched and read after the call answers;
//! the list is `blocked` while its import runs.

use super::validate::{is_email, list_exists};
use super::{Call, Job, Mapping, Outcome};
use crate::fault::{Fault, Result};
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Value};

/// Rows written per lock of the store, so reads go on during a big import.
pub const CHUNK: usize = 1000;

fn record(row: &Row) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": row.get::<_, i64>("id")?,
        "list_id": row.get::<_, i64>("list_id")?,
        "status": row.get::<_, String>("status")?,
        "file": row.get::<_, String>("file")?,
        "type": row.get::<_, String>("type")?,
        "total": row.get::<_, i64>("total")?,
        "added": row.get::<_, i64>("added")?,
        "updated": row.get::<_, i64>("updated")?,
        "skipped": row.get::<_, i64>("skipped")?,
        "invalid": row.get::<_, i64>("invalid")?,
        "error": row.get::<_, Option<String>>("error")?.unwrap_or_default(),
        "created": row.get::<_, String>("created")?,
        "finished": row.get::<_, Option<String>>("finished")?.unwrap_or_default(),
    }))
}

/// Legacy: `lists.upload`; v2 `POST /lists/{id}/members/import`.
pub fn upload(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let list_id = p.required_int("list_id")?;
    let file = p.required_text("file")?;
    let email = p.int("email")?.ok_or_else(|| Fault::missing("email"))?;
    let kind = p.required_text("type")?;
    list_exists(conn, list_id)?;
    if !matches!(kind.as_str(), "csv" | "xls" | "xlsx" | "xml" | "ods" | "slk" | "gnumeric") {
        return Err(Fault::invalid(format!("Unknown file type {kind}")));
    }
    if !matches!(kind.as_str(), "csv" | "xls" | "xlsx" | "ods") {
        return Err(Fault::invalid(format!("The sandbox reads csv, xls, xlsx and ods files, not {kind}")));
    }
    if !(file.starts_with("file://") || file.starts_with("http://") || file.starts_with("https://")) {
        return Err(Fault::invalid("file must be the address of the file (http://, https:// or file://)"));
    }
    let mut merges = Vec::new();
    for n in 1..=10u8 {
        if let Some(column) = p.int(&format!("merge_{n}"))? {
            merges.push((n, column_number(column)?));
        }
    }
    for (merge_id, def) in super::fields::for_list(conn, list_id)? {
        let required = def.get("req").and_then(Value::as_str) == Some("on");
        if required && !merges.iter().any(|(n, _)| i64::from(*n) == merge_id) {
            return Err(Fault::missing(&format!("merge_{merge_id} (a required field of the list)")));
        }
    }
    let mapping = Mapping {
        kind: kind.clone(),
        sheet_name: p.text("sheet_name"),
        sheet_index: p.int("sheet_index")?.map(column_number).transpose()?,
        email: column_number(email)?,
        merges,
        gender: super::validate::gender(p.text("gender"))?,
        update: p.flag("update"),
    };
    conn.execute(
        "INSERT INTO imports (list_id, status, file, type, created) VALUES (?1, 'queued', ?2, ?3, ?4)",
        params![list_id, file, kind, now()],
    )?;
    let import_id = conn.last_insert_rowid();
    let mut outcome = Outcome::data(json!({"import_id": import_id}));
    outcome.jobs.push(Job::Import { import_id, file, mapping });
    Ok(outcome)
}

fn column_number(n: i64) -> Result<usize> {
    usize::try_from(n).map_err(|_| Fault::invalid("Column numbers start at 0"))
}

fn latest(conn: &Connection, list_id: i64) -> Result<Option<Value>> {
    Ok(conn
        .query_row("SELECT * FROM imports WHERE list_id = ?1 ORDER BY id DESC LIMIT 1", [list_id], record)
        .optional()?)
}

/// Legacy: `lists.get_import_result`; v2 `GET /lists/{id}/members/import`.
pub fn result(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let report = match call.params.int("import_id")? {
        Some(id) => {
            conn.query_row("SELECT * FROM imports WHERE id = ?1 AND list_id = ?2", [id, list_id], record).optional()?
        }
        None => latest(conn, list_id)?,
    };
    report.map(Outcome::data).ok_or_else(|| Fault::new(404, 4, "No import for this list"))
}

/// Legacy: `lists.get_import_history`, newest first.
pub fn history(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let mut stmt = conn.prepare_cached("SELECT * FROM imports WHERE list_id = ?1 ORDER BY id DESC")?;
    let rows = stmt.query_map([list_id], record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// Legacy: `lists.last_status`: the list's state and its latest import.
pub fn last_status(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let state: String = conn.query_row("SELECT state FROM lists WHERE id = ?1", [list_id], |r| r.get(0))?;
    Ok(Outcome::data(json!({"list_id": list_id, "state": state, "import": latest(conn, list_id)?})))
}

/// Legacy: `lists.clean_list`: removes the records that can no longer be
/// mailed (bounced and complained); unsubscribed ones stay, to keep the
/// record of who asked not to be mailed. Answers how many were removed.
pub fn clean(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_id = call.params.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let removed =
        conn.execute("DELETE FROM members WHERE list_id = ?1 AND state IN ('bounced', 'complained')", [list_id])?;
    Ok(Outcome::data(json!({"removed": removed})))
}

/// Marks the import running and the list blocked; answers the list's state before.
pub fn begin(conn: &Connection, import_id: i64) -> Result<(i64, String)> {
    let list_id: i64 = conn.query_row("SELECT list_id FROM imports WHERE id = ?1", [import_id], |r| r.get(0))?;
    let state: String = conn.query_row("SELECT state FROM lists WHERE id = ?1", [list_id], |r| r.get(0))?;
    conn.execute("UPDATE imports SET status = 'running' WHERE id = ?1", [import_id])?;
    conn.execute("UPDATE lists SET state = 'blocked' WHERE id = ?1", [list_id])?;
    Ok((list_id, state))
}

/// Counts of one import as it goes.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub total: i64,
    pub added: i64,
    pub updated: i64,
    pub skipped: i64,
    pub invalid: i64,
}

/// Writes one chunk of rows. A first row whose address column is not an
/// address is taken for a header and passed over.
pub fn write_chunk(
    conn: &Connection,
    list_id: i64,
    mapping: &Mapping,
    rows: &[Vec<String>],
    first_chunk: bool,
    tally: &mut Tally,
) -> Result<()> {
    let before = super::members::newest_member(conn)?;
    let tx = conn.unchecked_transaction()?;
    for (i, row) in rows.iter().enumerate() {
        let email = row.get(mapping.email).map(|s| s.trim()).unwrap_or_default();
        if first_chunk && i == 0 && !is_email(email) {
            continue;
        }
        tally.total += 1;
        if !is_email(email) {
            tally.invalid += 1;
            continue;
        }
        let unsubscribed: bool =
            tx.query_row("SELECT EXISTS(SELECT 1 FROM unsubscribed WHERE email = ?1)", [email], |r| r.get(0))?;
        if unsubscribed {
            tally.skipped += 1;
            continue;
        }
        let existing: Option<i64> = tx
            .query_row("SELECT id FROM members WHERE list_id = ?1 AND email = ?2", params![list_id, email], |r| {
                r.get(0)
            })
            .optional()?;
        let values: Vec<(u8, String)> =
            mapping.merges.iter().filter_map(|(n, col)| row.get(*col).map(|v| (*n, v.trim().to_string()))).collect();
        let id = match existing {
            Some(_) if !mapping.update => {
                tally.skipped += 1;
                continue;
            }
            Some(id) => {
                tally.updated += 1;
                id
            }
            None => {
                let time = now();
                tx.execute(
                    "INSERT INTO members (list_id, email, gender, source, optin_time, lastedit_time)
                     VALUES (?1, ?2, ?3, 'excel', ?4, ?4)",
                    params![list_id, email, mapping.gender.as_deref().unwrap_or("n"), time],
                )?;
                tally.added += 1;
                tx.last_insert_rowid()
            }
        };
        for (n, value) in values {
            tx.execute(&format!("UPDATE members SET merge_{n} = ?1 WHERE id = ?2"), params![value, id])?;
        }
    }
    super::automations::members_added(&tx, list_id, "upload", before)?;
    tx.commit()?;
    Ok(())
}

/// Records the outcome and gives the list its state back.
pub fn finish(
    conn: &Connection,
    import_id: i64,
    list_id: i64,
    list_state: &str,
    tally: Tally,
    error: Option<&str>,
) -> Result<()> {
    conn.execute(
        "UPDATE imports SET status = ?2, total = ?3, added = ?4, updated = ?5, skipped = ?6, invalid = ?7,
            error = ?8, finished = ?9 WHERE id = ?1",
        params![
            import_id,
            if error.is_some() { "failed" } else { "done" },
            tally.total,
            tally.added,
            tally.updated,
            tally.skipped,
            tally.invalid,
            error,
            now()
        ],
    )?;
    conn.execute("UPDATE lists SET state = ?1 WHERE id = ?2", params![list_state, list_id])?;
    Ok(())
}
