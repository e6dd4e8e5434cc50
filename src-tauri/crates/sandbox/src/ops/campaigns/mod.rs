//! Mass campaigns: the status machine of the spec, content rules at launch,
//! schedule and moderation, pause and resume, resend to unopened, copies,
//! attachments by address, folders, segments and personalisation.

mod fields;
mod launches;
mod stored;

use super::content;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::store::setting;
use fields::apply_fields;
pub use fields::list_ids;
pub(crate) use launches::returned_key;
use launches::{count_launch, returned_by_moderation};
use rusqlite::{params, Connection};
use serde_json::{json, Map};
pub(super) use stored::locked;
use stored::stored;
pub use stored::{insert, load, not_found, save, Stored};

/// Statuses in which nothing may change any more through campaign updates.
const LOCKED: [&str; 5] = ["CREATED", "PROCESSING", "SENT", "DELETED", "SUBSCRIBE"];

/// Legacy: `campaigns.create`; v2 `POST /campaigns`. Creating never sends: a draft.
pub fn create(conn: &Connection, call: &Call) -> Result<Outcome> {
    let list_ids = list_ids(conn, &call.params)?.ok_or_else(|| Fault::missing("list_id"))?;
    let mut fields = Map::new();
    apply_fields(conn, &call.params, &mut fields)?;
    let id = insert(conn, "DRAFT", &list_ids, &fields, None)?;
    Ok(Outcome::data(json!({"campaign_id": id})))
}

/// Seconds moderation takes in this sandbox.
fn moderation_delay(conn: &Connection) -> Result<i64> {
    Ok(setting(conn, "moderation_delay")?.and_then(|v| v.parse().ok()).unwrap_or(0))
}

fn parse_time(text: &str) -> Option<chrono::NaiveDateTime> {
    crate::store::parse_stamp(text)
}

/// When moderation will have passed for something sent to it now.
pub fn moderation_at(conn: &Connection) -> Result<String> {
    super::simulator::after(conn, moderation_delay(conn)?)
}

/// Legacy: `campaigns.update`; v2 `PUT /campaigns/{id}`. Content changes in
/// drafts; `status` launches (`SCHEDULE`, `MODERATING`) or takes a planned
/// campaign back to `DRAFT`.
pub fn update(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let mut campaign = load(conn, p.required_int("campaign_id")?)?;
    let target = p.text("status").map(|s| s.to_ascii_uppercase());
    if matches!(target.as_deref(), Some("SCHEDULE" | "MODERATING")) {
        count_launch(conn, campaign.id)?;
    }
    let changes_content = p.0.keys().any(|k| !matches!(k.as_str(), "campaign_id" | "status" | "delivery_time"));
    if LOCKED.contains(&campaign.status.as_str()) {
        return Err(locked(&campaign.status));
    }
    if changes_content {
        if !matches!(campaign.status.as_str(), "DRAFT" | "TEMPLATE") {
            return Err(locked(&campaign.status));
        }
        if let Some(ids) = list_ids(conn, p)? {
            campaign.list_ids = ids;
        }
        apply_fields(conn, p, &mut campaign.fields)?;
    }
    match target.as_deref() {
        None => {}
        Some("DRAFT") => {
            if !matches!(campaign.status.as_str(), "DRAFT" | "SCHEDULE" | "MODERATING") {
                return Err(locked(&campaign.status));
            }
            campaign.status = "DRAFT".into();
            campaign.delivery_time = None;
        }
        Some(launch @ ("SCHEDULE" | "MODERATING")) => {
            if campaign.status != "DRAFT" {
                return Err(locked(&campaign.status));
            }
            content::check(&campaign.content())?;
            if launch == "SCHEDULE" {
                let when = p.text("delivery_time").ok_or_else(|| {
                    Fault::new(422, 16, "delivery_time (YYYY-MM-DD HH:MM:SS) is required to schedule")
                })?;
                let parsed = parse_time(&when)
                    .ok_or_else(|| Fault::new(422, 16, format!("delivery_time {when} is not YYYY-MM-DD HH:MM:SS")))?;
                if parsed <= chrono::Local::now().naive_local() {
                    return Err(Fault::new(422, 16, format!("delivery_time {when} is in the past")));
                }
                campaign.delivery_time = Some(crate::store::stamp(parsed));
            } else {
                let at = moderation_at(conn)?;
                conn.execute("UPDATE campaigns SET moderation_at = ?2 WHERE id = ?1", params![campaign.id, at])?;
            }
            campaign.status = launch.into();
            if launch == "MODERATING" && returned_by_moderation(conn, campaign.id)? {
                campaign.status = "NEED-FIX".into();
            }
        }
        Some(other) => return Err(Fault::invalid(format!("status may be DRAFT, SCHEDULE or MODERATING, not {other}"))),
    }
    save(conn, &campaign)?;
    Ok(Outcome::data(true))
}

/// Legacy: `campaigns.delete`. A campaign that is sending cannot be deleted.
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let mut campaign = load(conn, call.params.required_int("campaign_id")?)?;
    if matches!(campaign.status.as_str(), "CREATED" | "PROCESSING") {
        return Err(locked(&campaign.status));
    }
    campaign.status = "DELETED".into();
    save(conn, &campaign)?;
    Ok(Outcome::data(true))
}

/// Legacy: `campaigns.copy`: a draft with the same content and lists.
pub fn copy(conn: &Connection, call: &Call) -> Result<Outcome> {
    let source = load(conn, call.params.required_int("campaign_id")?)?;
    let mut fields = source.fields.clone();
    let name = source.text("name").unwrap_or("Campaign");
    fields.insert("name".into(), json!(format!("{name} (copy)")));
    let id = insert(conn, "DRAFT", &source.list_ids, &fields, None)?;
    Ok(Outcome::data(json!({"campaign_id": id})))
}

/// Moves a campaign from one status to the next; `refusal` names the
/// campaigns that may move, for the answer when this one may not.
fn move_status(conn: &Connection, call: &Call, from: &str, to: &str, refusal: &str) -> Result<Outcome> {
    let mut campaign = load(conn, call.params.required_int("campaign_id")?)?;
    if campaign.status != from {
        return Err(Fault::new(422, 21, format!("Only {refusal}; this one is {}", campaign.status)));
    }
    campaign.status = to.into();
    save(conn, &campaign)?;
    Ok(Outcome::data(true))
}

/// Legacy: `campaigns.pause`: a campaign that is sending stops where it is.
pub fn pause(conn: &Connection, call: &Call) -> Result<Outcome> {
    move_status(conn, call, "PROCESSING", "PAUSED", "a campaign that is sending can be paused")
}

/// Legacy: `campaigns.restart_paused`: sending goes on where it stopped.
pub fn resume(conn: &Connection, call: &Call) -> Result<Outcome> {
    move_status(conn, call, "PAUSED", "PROCESSING", "a paused campaign can be resumed")
}

/// Legacy: `campaigns.resend_unopened`: a new campaign to the recipients of a
/// sent one who did not open it, through moderation.
pub fn resend(conn: &Connection, call: &Call) -> Result<Outcome> {
    let source = load(conn, call.params.required_int("campaign_id")?)?;
    if source.status != "SENT" {
        return Err(Fault::new(422, 21, format!("Only a sent campaign can be resent; this one is {}", source.status)));
    }
    let mut fields = source.fields.clone();
    apply_fields(conn, &call.params, &mut fields)?;
    let id = insert(conn, "MODERATING", &source.list_ids, &fields, Some(source.id))?;
    conn.execute("UPDATE campaigns SET moderation_at = ?2 WHERE id = ?1", params![id, moderation_at(conn)?])?;
    Ok(Outcome::data(json!({"campaign_id": id})))
}

/// Legacy: `campaigns.get`; v2 `GET /campaigns[/{id}]`. Newest first;
/// deleted campaigns only when asked for by status.
pub fn get(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let campaign_id = p.int("campaign_id")?;
    let status = p.text("status").map(|s| s.to_ascii_uppercase());
    let list_id = p.int("list_id")?;
    let kind = p.text("type");
    let start = p.text("start");
    let end = p.text("end").map(|e| format!("{e} 23:59:59"));
    let limit = p.int("limit")?.unwrap_or(-1);
    let mut stmt = conn.prepare_cached(
        "SELECT * FROM campaigns
         WHERE (?1 IS NULL OR id = ?1)
           AND (CASE WHEN ?2 IS NOT NULL THEN status = ?2
                     WHEN ?1 IS NOT NULL THEN status != 'DELETED'
                     ELSE status NOT IN ('DELETED', 'TEMPLATE') END)
           AND (?3 IS NULL OR EXISTS (SELECT 1 FROM json_each(list_ids) WHERE value = ?3))
           AND (?4 IS NULL OR created >= ?4) AND (?5 IS NULL OR created <= ?5)
         ORDER BY id DESC LIMIT ?6",
    )?;
    let mut campaigns = stmt
        .query_map(params![campaign_id, status, list_id, start, end, limit], stored)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if let Some(kind) = kind {
        campaigns.retain(|c| c.text("type").unwrap_or("html") == kind);
    }
    if let (Some(id), true) = (campaign_id, campaigns.is_empty()) {
        return Err(not_found(id));
    }
    let member = match (campaign_id, p.int("member_id")?) {
        (Some(_), Some(member_id)) => Some(super::personalize::Member::load(conn, member_id)?),
        _ => None,
    };
    let records = campaigns
        .iter()
        .map(|c| {
            let mut record = c.record();
            if let Some(member) = &member {
                super::personalize::apply(&mut record, member);
            }
            record
        })
        .collect::<Vec<_>>();
    Ok(Outcome::data(records))
}
