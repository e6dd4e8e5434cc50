//! The parameters that write a campaign's fields: texts, yes-or-no flags,
//! numbers, its layout, segment and lists.

use super::load;
use super::stored::YES_NO_FIELDS;
use crate::fault::{Fault, Result};
use crate::ops::validate::list_exists;
use crate::params::Params;
use rusqlite::{Connection, OptionalExtension};
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

const NUMBER_FIELDS: [&str; 3] = ["limit", "wait_time", "no_images_add"];

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
pub(super) fn apply_fields(conn: &Connection, p: &Params, fields: &mut Map<String, Value>) -> Result<()> {
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
        crate::ops::segments::validate(&segment)?;
        fields.insert("esegment".into(), segment);
    }
    Ok(())
}
