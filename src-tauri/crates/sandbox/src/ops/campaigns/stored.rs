//! A stored campaign: its row, its record as both interfaces answer it, and
//! writing it back.

use crate::fault::{Fault, Result};
use crate::ops::content::Content;
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Map, Value};

pub(super) const YES_NO_FIELDS: [(&str, &str); 5] = [
    ("track_opens", "Y"),
    ("track_clicks", "Y"),
    ("plain_clicks", "N"),
    ("allow_time_zone", "N"),
    ("allow_best_time", "N"),
];

pub fn not_found(campaign_id: i64) -> Fault {
    Fault::new(404, 22, format!("Campaign {campaign_id} does not exist"))
}

pub(in crate::ops) fn locked(status: &str) -> Fault {
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

pub(super) fn stored(row: &Row) -> rusqlite::Result<Stored> {
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

    pub(super) fn record(&self) -> Value {
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
