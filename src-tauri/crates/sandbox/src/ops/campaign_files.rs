//! A campaign's attachments (added by file address) and the folders
//! campaigns are kept in.

use super::campaigns::{load, locked, save};
use super::{Call, Job, Outcome};
use crate::fault::{Fault, Result};
use crate::store::now;
use rusqlite::{params, Connection};
use serde_json::json;

/// Legacy: `campaigns.attach`: a file by its address. Its size is measured
/// after the answer.
pub fn attach(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let campaign = load(conn, p.required_int("campaign_id")?)?;
    if campaign.status != "DRAFT" {
        return Err(locked(&campaign.status));
    }
    let url = p.required_text("url")?;
    let name = p.text("name").unwrap_or_else(|| url.rsplit('/').next().unwrap_or("attachment").to_string());
    conn.execute(
        "INSERT INTO attachments (campaign_id, name, url, updated_at) VALUES (?1, ?2, ?3, ?4)",
        params![campaign.id, name, url, now()],
    )?;
    let attachment_id = conn.last_insert_rowid();
    let mut outcome = Outcome::data(json!({"id": attachment_id}));
    outcome.jobs.push(Job::MeasureAttachment { attachment_id, url });
    Ok(outcome)
}

/// Legacy: `campaigns.get_attachments`.
pub fn attachments(conn: &Connection, call: &Call) -> Result<Outcome> {
    let campaign = load(conn, call.params.required_int("campaign_id")?)?;
    let mut stmt = conn.prepare_cached("SELECT * FROM attachments WHERE campaign_id = ?1 ORDER BY id")?;
    let rows = stmt
        .query_map([campaign.id], |r| {
            Ok(json!({
                "id": r.get::<_, i64>("id")?,
                "campaign_id": r.get::<_, i64>("campaign_id")?,
                "name": r.get::<_, String>("name")?,
                "size": r.get::<_, i64>("size")?,
                "updated_at": r.get::<_, String>("updated_at")?,
            }))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// Legacy: `campaigns.delete_attachment`.
pub fn delete_attachment(conn: &Connection, call: &Call) -> Result<Outcome> {
    let campaign = load(conn, call.params.required_int("campaign_id")?)?;
    if campaign.status != "DRAFT" {
        return Err(locked(&campaign.status));
    }
    let id = call.params.required_int("id")?;
    let removed = conn.execute("DELETE FROM attachments WHERE id = ?1 AND campaign_id = ?2", [id, campaign.id])?;
    if removed == 0 {
        return Err(Fault::new(404, 4, format!("The campaign has no attachment {id}")));
    }
    Ok(Outcome::data(true))
}

/// Legacy: `campaigns.get_folders`: folders with how many campaigns each holds.
pub fn folders(conn: &Connection, _call: &Call) -> Result<Outcome> {
    let mut stmt = conn.prepare_cached(
        "SELECT f.id, f.name, (SELECT count(*) FROM campaigns c WHERE c.folder_id = f.id AND c.status != 'DELETED')
         FROM folders f ORDER BY f.name",
    )?;
    let rows = stmt
        .query_map([], |r| {
            Ok(json!({"id": r.get::<_, i64>(0)?, "name": r.get::<_, String>(1)?, "count": r.get::<_, i64>(2)?}))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// Legacy: `campaigns.move_to_folder`: by `folder_id` (0 is the top level),
/// or by `folder_name`, which creates the folder when it is new.
pub fn move_to_folder(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let mut campaign = load(conn, p.required_int("campaign_id")?)?;
    let folder_id = match (p.int("folder_id")?, p.text("folder_name")) {
        (Some(0), _) => 0,
        (Some(id), _) => {
            let known: bool =
                conn.query_row("SELECT EXISTS(SELECT 1 FROM folders WHERE id = ?1)", [id], |r| r.get(0))?;
            if !known {
                return Err(Fault::new(404, 4, format!("Folder {id} does not exist")));
            }
            id
        }
        (None, Some(name)) => {
            conn.execute("INSERT OR IGNORE INTO folders (name) VALUES (?1)", [&name])?;
            conn.query_row("SELECT id FROM folders WHERE name = ?1", [&name], |r| r.get(0))?
        }
        (None, None) => return Err(Fault::missing("folder_id")),
    };
    campaign.folder_id = folder_id;
    save(conn, &campaign)?;
    Ok(Outcome::data(json!({"folder_id": folder_id})))
}
