//! Workflows: named chains of automations. The spec lists only reading,
//! deleting and copying them; the demo account has one.

use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};

fn missing(id: i64) -> Fault {
    Fault::new(404, 4, format!("Workflow {id} does not exist"))
}

fn load(conn: &Connection, id: i64) -> Result<(String, Vec<i64>)> {
    conn.query_row("SELECT name, automation_ids FROM workflows WHERE id = ?1", [id], |r| {
        Ok((r.get::<_, String>(0)?, serde_json::from_str(&r.get::<_, String>(1)?).unwrap_or_default()))
    })
    .optional()?
    .ok_or_else(|| missing(id))
}

pub fn create(conn: &Connection, name: &str, automation_ids: &[i64]) -> Result<i64> {
    conn.execute(
        "INSERT INTO workflows (name, automation_ids, created) VALUES (?1, ?2, ?3)",
        params![name, json!(automation_ids).to_string(), now()],
    )?;
    Ok(conn.last_insert_rowid())
}

/// `GET /workflows`; legacy `campaigns.get_workflows`. 404/4 when none, as for automations.
pub fn list(conn: &Connection, _call: &Call) -> Result<Outcome> {
    let rows: Vec<Value> = conn
        .prepare_cached("SELECT id, name, automation_ids, created FROM workflows ORDER BY id DESC")?
        .query_map([], |r| {
            let ids: Value = serde_json::from_str(&r.get::<_, String>(2)?).unwrap_or(Value::Null);
            Ok(json!({"id": r.get::<_, i64>(0)?, "name": r.get::<_, String>(1)?, "automations": ids, "created": r.get::<_, String>(3)?}))
        })?
        .collect::<rusqlite::Result<_>>()?;
    if rows.is_empty() {
        return Err(Fault::new(404, 4, "No workflows found"));
    }
    Ok(Outcome::data(rows))
}

/// `GET /workflows/{id}` (v2 only, from the service's newest clients): one workflow.
pub fn get(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.required_int("workflow_id")?;
    let (name, automations) = load(conn, id)?;
    let created: String = conn.query_row("SELECT created FROM workflows WHERE id = ?1", [id], |r| r.get(0))?;
    Ok(Outcome::data(json!({"id": id, "name": name, "automations": automations, "created": created})))
}

/// `DELETE /workflows/{id}`; legacy `campaigns.delete_workflow`: its
/// automations stop and go with it.
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.required_int("workflow_id")?;
    let (_, automations) = load(conn, id)?;
    for automation in automations {
        conn.execute("DELETE FROM automation_queue WHERE automation_id = ?1 AND sent_time IS NULL", [automation])?;
        conn.execute("UPDATE campaigns SET status = 'DELETED' WHERE id = ?1 AND status = 'SUBSCRIBE'", [automation])?;
    }
    conn.execute("DELETE FROM workflows WHERE id = ?1", [id])?;
    Ok(Outcome::data(true))
}

/// `POST /workflows/{id}/copy`; legacy `campaigns.copy_automation`: the
/// chain with copies of its automations, moderated anew.
pub fn copy(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.required_int("workflow_id")?;
    let (name, automations) = load(conn, id)?;
    let mut copies = Vec::new();
    for automation in automations {
        let copied = super::automations::copy(
            conn,
            &Call {
                params: crate::params::Params([("campaign_id".to_string(), json!(automation))].into_iter().collect()),
                ..call.clone()
            },
        )?;
        copies.push(copied.data["campaign_id"].as_i64().unwrap_or_default());
    }
    let workflow_id = create(conn, &format!("{name} (copy)"), &copies)?;
    Ok(Outcome::data(json!({"workflow_id": workflow_id, "automations": copies})))
}
