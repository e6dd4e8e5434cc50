//! Reading subscribers: listings (with deep pages from remembered places),
//! one record, an address across the account, its history, and an address
//! check.

use super::members::{is_unsubscribed, locate, order_clause, record};
use super::validate::{self, list_exists};
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension, ToSql};
use serde_json::json;

const DEFAULT_PAGE: i64 = 100;
const MAX_PAGE: i64 = 1000;

fn select_page(conn: &Connection, filter: &str, args: &[&dyn ToSql], p: &Params) -> Result<Outcome> {
    let (start, limit) = p.window(DEFAULT_PAGE, MAX_PAGE)?;
    let order = order_clause(p.text("order"))?;
    let sql = format!("SELECT * FROM members WHERE {filter} ORDER BY {order} LIMIT {} OFFSET {start}", limit + 1);
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query_map(args, record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    let has_more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    Ok(Outcome::page(rows, limit, has_more))
}

/// Legacy: `lists.get_members`; v2 `GET /lists/{id}/members`.
pub fn list(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let list_id = p.required_int("list_id")?;
    list_exists(conn, list_id)?;
    if let Some(segment_id) = p.int("segment_id")? {
        return super::saved_segments::members(conn, list_id, segment_id, p);
    }
    let state = p.text("state");
    let member_id = p.int("member_id")?;
    let email = p.text("email");
    if member_id.is_none() && email.is_none() && p.text("order").is_none() {
        let (start, limit) = p.window(DEFAULT_PAGE, MAX_PAGE)?;
        let (rows, has_more) = super::paging::members_in_order(conn, list_id, state.as_deref(), start, limit, record)?;
        return Ok(Outcome::page(rows, limit, has_more));
    }
    select_page(
        conn,
        "list_id = ?1 AND (?2 IS NULL OR state = ?2) AND (?3 IS NULL OR id = ?3) AND (?4 IS NULL OR email = ?4)",
        &[&list_id, &state, &member_id, &email],
        p,
    )
}

fn by_state(conn: &Connection, call: &Call, state: &str) -> Result<Outcome> {
    let list_id = call.params.int("list_id")?;
    if let Some(id) = list_id {
        list_exists(conn, id)?;
    }
    select_page(conn, "state = ?1 AND (?2 IS NULL OR list_id = ?2)", &[&state, &list_id], &call.params)
}

/// Legacy: `lists.get_unsubscribed` (every list when no `list_id`).
pub fn unsubscribed(conn: &Connection, call: &Call) -> Result<Outcome> {
    by_state(conn, call, "unsubscribed")
}

/// Legacy: `lists.get_complaints`.
pub fn complaints(conn: &Connection, call: &Call) -> Result<Outcome> {
    by_state(conn, call, "complained")
}

/// Legacy: `lists.get_member`; v2 `GET /lists/{id}/members/{email}`: one
/// record, an object, as the public clients' fixture answers it.
pub fn get(conn: &Connection, call: &Call) -> Result<Outcome> {
    let (id, ..) = locate(conn, &call.params, "list_id")?;
    let row = conn.query_row("SELECT * FROM members WHERE id = ?1", [id], record)?;
    Ok(Outcome::data(row))
}

/// v2 `GET /members?email=`: the address in every list of the account.
pub fn find(conn: &Connection, call: &Call) -> Result<Outcome> {
    let email = call.params.required_text("email")?;
    let mut stmt = conn.prepare_cached("SELECT * FROM members WHERE email = ?1 ORDER BY id")?;
    let rows = stmt.query_map([email], record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    if rows.is_empty() {
        return Err(Fault::no_such_member());
    }
    Ok(Outcome::data(rows))
}

/// Legacy: `lists.member_activity`: the address's campaign events, newest
/// first, filtered by kind (`sent`, `opened`, `clicked`, `bounced`,
/// `unsubscribed`), time and campaign.
pub fn activity(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let email = p.required_text("email")?;
    let known: bool =
        conn.query_row("SELECT EXISTS(SELECT 1 FROM members WHERE email = ?1)", [&email], |r| r.get(0))?;
    if !known {
        return Err(Fault::no_such_member());
    }
    let kind = match p.text("filter").as_deref() {
        None => None,
        Some("sent") => Some("SENT"),
        Some("opened") => Some("OPENED"),
        Some("clicked") => Some("CLICKED"),
        Some("bounced") => Some("BOUNCED"),
        Some("unsubscribed") => Some("UNSUBSCRIBED"),
        Some(other) => {
            return Err(Fault::invalid(format!(
                "filter must be sent, opened, clicked, bounced or unsubscribed, not {other}"
            )))
        }
    };
    let mut stmt = conn.prepare_cached(
        "SELECT e.member_id, e.event_time, e.campaign_id, e.list_id, e.event_type, e.bounce_category, e.bounce_reason,
            e.url, json_extract(c.fields, '$.name')
         FROM events e LEFT JOIN campaigns c ON c.id = e.campaign_id
         WHERE e.email = ?1 AND e.campaign_id > 0 AND e.event_time <= ?2 AND (?3 IS NULL OR e.event_type = ?3)
           AND (?4 IS NULL OR e.event_time >= ?4) AND (?5 IS NULL OR e.event_time <= ?5) AND (?6 IS NULL OR e.campaign_id = ?6)
         ORDER BY e.event_time DESC, e.id DESC",
    )?;
    let rows = stmt
        .query_map(params![email, now(), kind, p.text("start_time"), p.text("end_time"), p.int("campaign_id")?], |r| {
            let kind: String = r.get(4)?;
            let (action, text) = match kind.as_str() {
                "SENT" => ("campaign-sent", "Campaign sent".to_string()),
                "OPENED" => ("campaign-opened", "Opened the campaign".to_string()),
                "CLICKED" => {
                    ("campaign-clicked", format!("Clicked {}", r.get::<_, Option<String>>(7)?.unwrap_or_default()))
                }
                "UNSUBSCRIBED" => ("unsubscribe", "Unsubscribed".to_string()),
                "BOUNCED" => ("bounced", "The message bounced".to_string()),
                _ => ("abuse-report", "Marked the message as spam".to_string()),
            };
            let mut row = json!({
                "member_id": r.get::<_, i64>(0)?,
                "action_time": r.get::<_, String>(1)?,
                "campaign_id": r.get::<_, i64>(2)?,
                "list_id": r.get::<_, i64>(3)?,
                "action": action,
                "action_text": text,
                "campaign_name": r.get::<_, Option<String>>(8)?.unwrap_or_default(),
            });
            if kind == "BOUNCED" {
                row["bounce_category"] = json!(r.get::<_, Option<String>>(5)?);
                row["bounce_reason"] = json!(r.get::<_, Option<String>>(6)?);
            }
            Ok(row)
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// `GET /lists/{id}/check-email?email=` (public clients): whether an address
/// is valid, in the list (and in what state), and on the unsubscribe list.
pub fn check_email(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let list_id = p.required_int("list_id")?;
    list_exists(conn, list_id)?;
    let email = p.required_text("email")?;
    let member: Option<(i64, String)> = conn
        .query_row("SELECT id, state FROM members WHERE list_id = ?1 AND email = ?2", params![list_id, email], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    Ok(Outcome::data(json!({
        "email": email,
        "valid": validate::is_email(&email),
        "in_list": member.is_some(),
        "member_id": member.as_ref().map(|m| m.0),
        "state": member.map(|m| m.1),
        "unsubscribed": is_unsubscribed(conn, &email)?,
    })))
}
