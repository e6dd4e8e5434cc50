//! Automations: campaigns in status `SUBSCRIBE` that send by themselves when
//! a subscriber event occurs, after an optional delay. Content is checked on
//! creation; they work only after moderation, and a content change sends
//! them to moderation again.

mod queue;

use super::campaigns::{self, Stored};
use super::content;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Map, Value};

pub use queue::{members_added, reader_listeners, sent_to, tick, ReaderListener};

const EVENTS: [&str; 8] = ["form", "add", "upload", "open", "click", "href", "edit", "rating"];
const ALONE: [&str; 3] = ["open", "click", "edit"];

/// `GET /automations/events` (v2 only, from the service's newest clients):
/// the trigger events an automation may watch, and which must stand alone.
pub fn trigger_events(_conn: &Connection, _call: &Call) -> Result<Outcome> {
    let events: Vec<Value> = EVENTS.iter().map(|e| json!({"event": e, "alone": ALONE.contains(e)})).collect();
    Ok(Outcome::data(events))
}
const CONTENT: [&str; 5] = ["subject", "from_name", "from_email", "html", "plain_text"];

fn missing(id: i64) -> Fault {
    Fault::new(404, 22, format!("Automation {id} does not exist"))
}

/// The trigger events: known, and `open`, `click` and `edit` only alone.
fn events(text: &str) -> Result<String> {
    let list: Vec<&str> = text.split(',').map(str::trim).filter(|e| !e.is_empty()).collect();
    if let Some(unknown) = list.iter().find(|e| !EVENTS.contains(e)) {
        return Err(Fault::invalid(format!("Unknown trigger event {unknown}; use {}", EVENTS.join(", "))));
    }
    if list.len() > 1 && list.iter().any(|e| ALONE.contains(e)) {
        return Err(Fault::new(401, 2, "open, click and edit cannot be combined with other events"));
    }
    if list.is_empty() {
        return Err(Fault::missing("event"));
    }
    Ok(list.join(","))
}

fn delay_unit(text: &str) -> Result<&'static str> {
    match text {
        "hour" => Ok("hour"),
        "day" => Ok("day"),
        "week" => Ok("week"),
        other => Err(Fault::invalid(format!("delay_2 must be hour, day or week, not {other}"))),
    }
}

fn delay_seconds(fields: &Map<String, Value>) -> i64 {
    let quantity = fields.get("delay_1").and_then(Value::as_i64).unwrap_or(0);
    let unit = match fields.get("delay_2").and_then(Value::as_str) {
        Some("hour") => 3600,
        Some("day") => 86_400,
        Some("week") => 604_800,
        _ => 0,
    };
    quantity * unit
}

/// The first moment at or after `due` at the automation's `schedule_time`
/// (`HH:MM`), when it has one.
fn at_schedule_time(due: &str, fields: &Map<String, Value>) -> String {
    let Some(time) = fields.get("schedule_time").and_then(Value::as_str).filter(|t| !t.is_empty()) else {
        return due.to_string();
    };
    let (Some(due_at), Ok(clock)) = (crate::store::parse_stamp(due), chrono::NaiveTime::parse_from_str(time, "%H:%M"))
    else {
        return due.to_string();
    };
    let same_day = due_at.date().and_time(clock);
    let at = if same_day >= due_at { same_day } else { same_day + chrono::Duration::days(1) };
    crate::store::stamp(at)
}

/// Writes the automation settings that were sent.
fn apply(p: &Params, fields: &mut Map<String, Value>) -> Result<()> {
    if let Some(time) = p.text("schedule_time") {
        chrono::NaiveTime::parse_from_str(&time, "%H:%M")
            .map_err(|_| Fault::invalid(format!("schedule_time is a time of day as HH:MM, not {time}")))?;
    }
    for key in ["name", "subject", "from_name", "from_email", "html", "plain_text", "campaigns", "schedule_time"] {
        if p.has(key) {
            fields.insert(key.into(), json!(p.text(key).unwrap_or_default()));
        }
    }
    if let Some(action) = p.text("action") {
        fields.insert("action".into(), json!(events(&action)?));
    }
    if let Some(quantity) = p.int("delay_1")? {
        if quantity < 0 {
            return Err(Fault::invalid("delay_1 cannot be negative"));
        }
        fields.insert("delay_1".into(), json!(quantity));
    }
    if let Some(unit) = p.text("delay_2").filter(|u| u != "0") {
        fields.insert("delay_2".into(), json!(delay_unit(&unit)?));
    }
    for key in ["track_opens", "track_clicks"] {
        if p.has(key) {
            fields.insert(key.into(), json!(if p.flag(key) { "Y" } else { "N" }));
        }
    }
    if p.has("analytics") {
        fields.insert("analytics".into(), json!(if p.flag("analytics") { "Y" } else { "N" }));
    }
    if let Some(auto) = p.int("auto")? {
        if !(0..=2).contains(&auto) {
            return Err(Fault::invalid("auto must be 0, 1 or 2"));
        }
        fields.insert("auto".into(), json!(auto));
    }
    if let Some(segment) = p.json("esegment")? {
        super::segments::validate(&segment)?;
        fields.insert("esegment".into(), segment);
    }
    Ok(())
}

fn record(c: &Stored) -> Value {
    let mut r = Map::new();
    r.insert("id".into(), json!(c.id));
    for key in
        ["name", "subject", "from_name", "from_email", "html", "plain_text", "action", "campaigns", "schedule_time"]
    {
        r.insert(key.into(), json!(c.text(key).unwrap_or_default()));
    }
    let lists = match c.list_ids.as_slice() {
        [one] => one.to_string(),
        many => json!(many).to_string(),
    };
    r.insert("list_id".into(), json!(lists));
    r.insert("status".into(), json!("SUBSCRIBE"));
    r.insert("auto_delay1".into(), c.fields.get("delay_1").cloned().unwrap_or(json!(0)));
    r.insert("auto_delay2".into(), c.fields.get("delay_2").cloned().unwrap_or(json!(0)));
    r.insert("auto".into(), c.fields.get("auto").cloned().unwrap_or(json!(1)));
    r.insert("emails_sent".into(), json!(c.emails_sent));
    if let Some(segment) = c.fields.get("esegment") {
        r.insert("esegment".into(), segment.clone());
    }
    Value::Object(r)
}

/// An automation by id: 404/22 when missing, 422/20 for another campaign.
fn load(conn: &Connection, id: i64) -> Result<Stored> {
    let campaign = campaigns::load(conn, id).map_err(|_| missing(id))?;
    if campaign.status != "SUBSCRIBE" {
        return Err(Fault::new(422, 20, format!("Campaign {id} is not an automation")));
    }
    Ok(campaign)
}

/// v2 `GET /automations` (optional `id`); legacy `campaigns.get_automations`.
/// 404/4 when there are none.
pub fn list(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = call.params.int("id")?;
    let ids: Vec<i64> = conn
        .prepare_cached(
            "SELECT id FROM campaigns WHERE status = 'SUBSCRIBE' AND (?1 IS NULL OR id = ?1) ORDER BY id DESC",
        )?
        .query_map([id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    if ids.is_empty() {
        return Err(Fault::new(404, 4, "No automations found"));
    }
    let records = ids.into_iter().map(|id| load(conn, id).map(|c| record(&c))).collect::<Result<Vec<_>>>()?;
    Ok(Outcome::data(records))
}

/// v2 `POST /automations`; legacy `campaigns.create_auto`.
pub fn create(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    for key in ["list_id", "subject", "from_email", "from_name"] {
        if !p.has(key) {
            return Err(Fault::missing(key));
        }
    }
    let event = p.text("action").or_else(|| p.text("event")).ok_or_else(|| Fault::missing("event"))?;
    let list_ids = campaigns::list_ids(conn, p)?.ok_or_else(|| Fault::missing("list_id"))?;
    let mut fields = Map::new();
    fields.insert("action".into(), json!(events(&event)?));
    apply(p, &mut fields)?;
    let stored = Stored::draft(list_ids.clone(), fields.clone());
    content::check(&stored.content())?;
    let id = campaigns::insert(conn, "SUBSCRIBE", &list_ids, &fields, None)?;
    conn.execute(
        "UPDATE campaigns SET moderation_at = ?2 WHERE id = ?1",
        params![id, campaigns::moderation_at(conn)?],
    )?;
    Ok(Outcome::data(json!({"campaign_id": id})))
}

/// v2 `PUT /automations/{id}`; legacy `campaigns.update_auto`. Unsent
/// settings keep their values; a content change means moderation again.
pub fn update(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let mut automation = load(conn, p.required_int("campaign_id")?)?;
    if let Some(ids) = campaigns::list_ids(conn, p)? {
        automation.list_ids = ids;
    }
    apply(p, &mut automation.fields)?;
    content::check(&automation.content())?;
    campaigns::save(conn, &automation)?;
    if CONTENT.iter().any(|k| p.has(k)) {
        conn.execute(
            "UPDATE campaigns SET moderation_at = ?2 WHERE id = ?1",
            params![automation.id, campaigns::moderation_at(conn)?],
        )?;
    }
    Ok(Outcome::data(true))
}

/// v2 `DELETE /automations/{id}`; legacy `campaigns.delete_automation`.
/// Messages already queued are not sent.
pub fn delete(conn: &Connection, call: &Call) -> Result<Outcome> {
    let mut automation = load(conn, call.params.required_int("campaign_id")?)?;
    conn.execute("DELETE FROM automation_queue WHERE automation_id = ?1 AND sent_time IS NULL", [automation.id])?;
    automation.status = "DELETED".into();
    campaigns::save(conn, &automation)?;
    Ok(Outcome::data(true))
}

/// v2 `POST /automations/{id}/copy`: the same events and delays, moderated anew.
pub fn copy(conn: &Connection, call: &Call) -> Result<Outcome> {
    let source = load(conn, call.params.required_int("campaign_id")?)?;
    let id = campaigns::insert(conn, "SUBSCRIBE", &source.list_ids, &source.fields, None)?;
    conn.execute(
        "UPDATE campaigns SET moderation_at = ?2 WHERE id = ?1",
        params![id, campaigns::moderation_at(conn)?],
    )?;
    Ok(Outcome::data(json!({"campaign_id": id})))
}

fn moderated(conn: &Connection, id: i64) -> Result<bool> {
    let at: Option<String> = conn.query_row("SELECT moderation_at FROM campaigns WHERE id = ?1", [id], |r| r.get(0))?;
    Ok(at.is_some_and(|at| at <= now()))
}

/// v2 `POST /automations/{id}/trigger`; legacy `campaigns.force_auto`: sends
/// to one subscriber now, or after `delay` seconds. A previous send to the
/// same subscriber is reset, so repeating works.
pub fn trigger(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let automation = load(conn, p.required_int("campaign_id")?)?;
    let member: Option<(i64, String)> = match (p.int("member_id")?, p.text("email")) {
        (Some(id), _) => conn
            .query_row("SELECT id, email FROM members WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?,
        (None, Some(email)) => conn
            .query_row("SELECT id, email FROM members WHERE email = ?1 ORDER BY id LIMIT 1", [email], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?,
        (None, None) => return Err(Fault::missing("email")),
    };
    let (member_id, email) =
        member.ok_or_else(|| Fault::new(404, 9, "No subscriber with that address in the account"))?;
    if !moderated(conn, automation.id)? {
        return Err(Fault::new(500, 37, "The automation has not passed moderation yet"));
    }
    let due = super::simulator::after(conn, p.int("delay")?.unwrap_or(0).max(0))?;
    conn.execute(
        "INSERT INTO automation_queue (automation_id, member_id, email, due) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT(automation_id, member_id) DO UPDATE SET due = ?4, sent_time = NULL, email = ?3",
        params![automation.id, member_id, email, due],
    )?;
    Ok(Outcome::data(true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_time_moves_a_send_to_that_time_of_day() {
        let mut fields = Map::new();
        assert_eq!(at_schedule_time("2026-03-01 08:30:00", &fields), "2026-03-01 08:30:00");
        fields.insert("schedule_time".into(), json!("10:00"));
        assert_eq!(at_schedule_time("2026-03-01 08:30:00", &fields), "2026-03-01 10:00:00");
        assert_eq!(at_schedule_time("2026-03-01 11:00:00", &fields), "2026-03-02 10:00:00");
    }
}
