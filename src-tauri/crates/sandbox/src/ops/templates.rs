//! Templates: the old store of HTML templates (`/templates`, `/templates/{id}`),
//! and saved templates, which are campaigns in status `TEMPLATE`
//! (`/templates/saved`, created by `POST /templates`).

use super::campaigns::{self, not_found};
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Map, Value};

fn missing(id: i64) -> Fault {
    Fault::new(500, 28, format!("HTML template {id} does not exist"))
}

fn html_template(row: &rusqlite::Row) -> rusqlite::Result<Value> {
    Ok(json!({"id": row.get::<_, i64>(0)?, "name": row.get::<_, String>(1)?, "html": row.get::<_, String>(2)?}))
}

/// v2 `GET /templates` (optional `id`, exact `name`) and `GET /templates/{id}`;
/// legacy `campaigns.get_templates`. Newest first.
pub fn html_templates(conn: &Connection, call: &Call) -> Result<Outcome> {
    let (id, name) = (call.params.int("id")?, call.params.text("name"));
    let mut stmt = conn.prepare_cached(
        "SELECT id, name, html FROM html_templates WHERE (?1 IS NULL OR id = ?1) AND (?2 IS NULL OR name = ?2)
         ORDER BY id DESC",
    )?;
    let rows = stmt.query_map(params![id, name], html_template)?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// v2 `GET /templates/{id}`: one HTML template, 500/28 when missing.
pub fn html_template_by_id(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.required_int("id")?;
    let row = conn
        .query_row("SELECT id, name, html FROM html_templates WHERE id = ?1", [id], html_template)
        .optional()?
        .ok_or_else(|| missing(id))?;
    Ok(Outcome::data(vec![row]))
}

/// v2 `PUT /templates/{id}`: only sent fields change.
pub fn update_html_template(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let id = p.required_int("id")?;
    let exists: bool =
        conn.query_row("SELECT EXISTS(SELECT 1 FROM html_templates WHERE id = ?1)", [id], |r| r.get(0))?;
    if !exists {
        return Err(missing(id));
    }
    let (name, layout) = (p.text("name"), p.text("template"));
    if name.is_none() && layout.is_none() {
        return Err(Fault::new(422, 11, "Nothing to change: send name or template"));
    }
    if let Some(name) = name {
        conn.execute("UPDATE html_templates SET name = ?1 WHERE id = ?2", params![name, id])?;
    }
    if let Some(layout) = layout {
        conn.execute("UPDATE html_templates SET html = ?1 WHERE id = ?2", params![layout, id])?;
    }
    Ok(Outcome::data(json!({"id": id})))
}

/// v2 `DELETE /templates/{id}`; legacy `campaigns.delete_template`. An HTML
/// template, or else a saved template, by id.
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.required_int("id")?;
    if conn.execute("DELETE FROM html_templates WHERE id = ?1", [id])? > 0 {
        return Ok(Outcome::data(true));
    }
    if conn.execute("UPDATE campaigns SET status = 'DELETED' WHERE id = ?1 AND status = 'TEMPLATE'", [id])? > 0 {
        return Ok(Outcome::data(true));
    }
    Err(missing(id))
}

/// v2 `GET /templates/saved`; legacy `campaigns.get_saved_templates`:
/// `{id, name, folder_id}`, no layout.
pub fn saved(conn: &Connection, call: &Call) -> Result<Outcome> {
    let (id, name) = (call.params.int("id")?, call.params.text("name"));
    let mut stmt = conn.prepare_cached(
        "SELECT id, json_extract(fields, '$.name'), folder_id FROM campaigns WHERE status = 'TEMPLATE'
         AND (?1 IS NULL OR id = ?1) AND (?2 IS NULL OR json_extract(fields, '$.name') = ?2) ORDER BY id DESC",
    )?;
    let rows = stmt
        .query_map(params![id, name], |r| {
            Ok(json!({"id": r.get::<_, i64>(0)?, "name": r.get::<_, Option<String>>(1)?.unwrap_or_default(),
                "folder_id": r.get::<_, i64>(2)?}))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// v2 `POST /templates`; legacy `campaigns.add_template`: saves a layout, or
/// a campaign's layout (`template` its id, with `campaign_id`), as a saved
/// template. Campaigns made from it later are not touched by its changes.
pub fn save(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let name = p.required_text("name")?;
    let template = p.text("template").or_else(|| p.text("body")).ok_or_else(|| Fault::missing("template"))?;
    let source = p.int("campaign_id")?.or_else(|| template.trim().parse::<i64>().ok());
    let mut fields = Map::new();
    let mut list_ids = Vec::new();
    match source {
        Some(campaign_id) => {
            let campaign = campaigns::load(conn, campaign_id).map_err(|_| not_found(campaign_id))?;
            fields = campaign.fields.clone();
            list_ids = campaign.list_ids.clone();
        }
        None => {
            fields.insert("html".into(), json!(template));
        }
    }
    fields.insert("name".into(), json!(name));
    let id = campaigns::insert(conn, "TEMPLATE", &list_ids, &fields, None)?;
    Ok(Outcome::data(json!({"id": id})))
}

/// Adds an HTML template to the old store; used by the demo data.
pub fn add_html_template(conn: &Connection, name: &str, html: &str) -> Result<i64> {
    conn.execute("INSERT INTO html_templates (name, html, created) VALUES (?1, ?2, ?3)", params![name, html, now()])?;
    Ok(conn.last_insert_rowid())
}
