//! Mass campaigns: the status machine of the spec, content rules at launch,
//! schedule and moderation, pause and resume, resend to unopened, copies,
//! attachments by address, folders, segments and personalisation.

use super::content::{self, Content};
use super::validate::list_exists;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::{now, setting};
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Map, Value};

const TEXT_FIELDS: [&str; 14] = [
    "name",
    "subject",
    "from_name",
    "from_email",
    "plain_text",
    "amp_html",
    "to_email",
    "analytics",
    "analytics_tag",
    "analytics_source",
    "analytics_medium",
    "analytics_content",
    "analytics_term",
    "type",
];
const YES_NO_FIELDS: [(&str, &str); 5] = [
    ("track_opens", "Y"),
    ("track_clicks", "Y"),
    ("plain_clicks", "N"),
    ("allow_time_zone", "N"),
    ("allow_best_time", "N"),
];
const NUMBER_FIELDS: [&str; 3] = ["limit", "wait_time", "no_images_add"];

/// Statuses in which nothing may change any more through campaign updates.
const LOCKED: [&str; 5] = ["CREATED", "PROCESSING", "SENT", "DELETED", "SUBSCRIBE"];

pub fn not_found(campaign_id: i64) -> Fault {
    Fault::new(404, 22, format!("Campaign {campaign_id} does not exist"))
}

pub(super) fn locked(status: &str) -> Fault {
    Fault::new(422, 21, format!("The campaign is {status} and cannot be changed"))
}

/// One stored campaign.
pub struct Stored {
    pub id: i64,
    pub status: String,
    pub list_ids: Vec<i64>,
    pub fields: Map<String, Value>,
    pub folder_id: i64,
    pub delivery_time: Option<String>,
    pub emails_sent: i64,
    pub created: String,
    pub updated: String,
    pub resend_of: Option<i64>,
}

fn stored(row: &Row) -> rusqlite::Result<Stored> {
    let text = |name: &str| row.get::<_, String>(name);
    Ok(Stored {
        id: row.get("id")?,
        status: text("status")?,
        list_ids: serde_json::from_str(&text("list_ids")?).unwrap_or_default(),
        fields: serde_json::from_str(&text("fields")?).unwrap_or_default(),
        folder_id: row.get("folder_id")?,
        delivery_time: row.get("delivery_time")?,
        emails_sent: row.get("emails_sent")?,
        created: text("created")?,
        updated: text("updated")?,
        resend_of: row.get("resend_of")?,
    })
}

impl Stored {
    /// A campaign not yet stored, for checking its content.
    pub fn draft(list_ids: Vec<i64>, fields: Map<String, Value>) -> Stored {
        Stored {
            id: 0,
            status: "DRAFT".into(),
            list_ids,
            fields,
            folder_id: 0,
            delivery_time: None,
            emails_sent: 0,
            created: String::new(),
            updated: String::new(),
            resend_of: None,
        }
    }

    pub fn text(&self, key: &str) -> Option<&str> {
        self.fields.get(key).and_then(Value::as_str)
    }

    pub fn content(&self) -> Content<'_> {
        Content {
            subject: self.text("subject"),
            from_name: self.text("from_name"),
            from_email: self.text("from_email"),
            html: self.text("html"),
            plain_text: self.text("plain_text"),
            amp_html: self.text("amp_html"),
        }
    }

    fn record(&self) -> Value {
        let mut record = Map::new();
        record.insert("id".into(), json!(self.id));
        record.insert("channel".into(), json!("email"));
        for (key, default) in YES_NO_FIELDS {
            record.insert(key.into(), json!(default));
        }
        record.insert("personalizeToEmail".into(), json!("off"));
        record.insert("no_images_add".into(), json!(0));
        record.insert("analytics".into(), json!("N"));
        record.insert("type".into(), json!("html"));
        record.extend(self.fields.clone());
        record.insert("status".into(), json!(self.status));
        record.insert("list_id".into(), json!(self.list_ids));
        record.insert("folder_id".into(), json!(self.folder_id));
        record.insert("delivery_time".into(), json!(self.delivery_time.clone().unwrap_or_default()));
        record.insert("emails_sent".into(), json!(self.emails_sent));
        record.insert("auto".into(), json!(0));
        record.insert("created".into(), json!(self.created));
        record.insert("updated".into(), json!(self.updated));
        Value::Object(record)
    }
}

pub fn load(conn: &Connection, campaign_id: i64) -> Result<Stored> {
    conn.query_row("SELECT * FROM campaigns WHERE id = ?1 AND status != 'DELETED'", [campaign_id], stored)
        .optional()?
        .ok_or_else(|| not_found(campaign_id))
}

fn yes_no(value: &Value) -> Option<&'static str> {
    match value {
        Value::Bool(b) => Some(if *b { "Y" } else { "N" }),
        Value::Number(n) => Some(if n.as_i64() == Some(0) { "N" } else { "Y" }),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" | "1" | "on" | "true" => Some("Y"),
            "n" | "no" | "0" | "off" | "false" => Some("N"),
            _ => None,
        },
        _ => None,
    }
}

/// The list ids of `list_id`: a JSON or serialized array, or one id.
pub fn list_ids(conn: &Connection, p: &Params) -> Result<Option<Vec<i64>>> {
    let ids = match p.json("list_id")? {
        None => return Ok(None),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok())))
            .collect::<Option<Vec<i64>>>()
            .ok_or_else(|| Fault::invalid("list_id must hold list identifiers"))?,
        Some(Value::Number(n)) => vec![n.as_i64().ok_or_else(|| Fault::invalid("list_id must be an integer"))?],
        Some(_) => return Err(Fault::invalid("list_id must be a list identifier or an array of them")),
    };
    if ids.is_empty() {
        return Err(Fault::missing("list_id"));
    }
    for id in &ids {
        list_exists(conn, *id)?;
    }
    Ok(Some(ids))
}

/// The layout an `html` parameter stands for: code, an HTML template's
/// number, or `tmpl<campaign_id>`.
fn layout(conn: &Connection, value: &str) -> Result<String> {
    if let Some(id) = value.strip_prefix("tmpl").and_then(|s| s.parse::<i64>().ok()) {
        return Ok(load(conn, id)?.text("html").unwrap_or_default().to_string());
    }
    if let Ok(template_id) = value.trim().parse::<i64>() {
        let html: Option<String> =
            conn.query_row("SELECT html FROM html_templates WHERE id = ?1", [template_id], |r| r.get(0)).optional()?;
        return html.ok_or_else(|| Fault::new(500, 28, format!("HTML template {template_id} does not exist")));
    }
    Ok(value.to_string())
}

/// Writes the campaign parameters that were sent over `fields`.
fn apply_fields(conn: &Connection, p: &Params, fields: &mut Map<String, Value>) -> Result<()> {
    for key in TEXT_FIELDS {
        if p.has(key) {
            fields.insert(key.into(), json!(p.text(key).unwrap_or_default()));
        }
    }
    if let Some(html) = p.text("html") {
        fields.insert("html".into(), json!(layout(conn, &html)?));
    } else if p.has("html") {
        fields.insert("html".into(), json!(""));
    }
    for (key, _) in YES_NO_FIELDS {
        if let Some(value) = p.raw(key) {
            let flag = yes_no(value).ok_or_else(|| Fault::invalid(format!("{key} must be Y or N")))?;
            fields.insert(key.into(), json!(flag));
        }
    }
    if p.has("personalizeToEmail") {
        fields.insert("personalizeToEmail".into(), json!(if p.flag("personalizeToEmail") { "on" } else { "off" }));
    }
    for key in NUMBER_FIELDS {
        if let Some(n) = p.int(key)? {
            fields.insert(key.into(), json!(n));
        }
    }
    if let Some(segment) = p.json("esegment")? {
        super::segments::validate(&segment)?;
        fields.insert("esegment".into(), segment);
    }
    Ok(())
}

pub fn save(conn: &Connection, c: &Stored) -> Result<()> {
    conn.execute(
        "UPDATE campaigns SET status = ?2, list_ids = ?3, fields = ?4, folder_id = ?5, delivery_time = ?6, updated = ?7
         WHERE id = ?1",
        params![
            c.id,
            c.status,
            json!(c.list_ids).to_string(),
            Value::Object(c.fields.clone()).to_string(),
            c.folder_id,
            c.delivery_time,
            now()
        ],
    )?;
    Ok(())
}

pub fn insert(
    conn: &Connection,
    status: &str,
    list_ids: &[i64],
    fields: &Map<String, Value>,
    resend_of: Option<i64>,
) -> Result<i64> {
    let time = now();
    conn.execute(
        "INSERT INTO campaigns (status, list_ids, fields, resend_of, created, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
        params![status, json!(list_ids).to_string(), Value::Object(fields.clone()).to_string(), resend_of, time],
    )?;
    Ok(conn.last_insert_rowid())
}

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
        super::campaign_extras::count_launch(conn, campaign.id)?;
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
            if launch == "MODERATING" && super::campaign_extras::returned_by_moderation(conn, campaign.id)? {
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
