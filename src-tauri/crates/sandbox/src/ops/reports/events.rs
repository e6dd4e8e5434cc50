//! `reports.events`: every event of a campaign, by time, address and type,
//! as the spec's records.

use super::{campaign_id, order, page, DEFAULT_LIMIT, MAX_LIMIT, SORTABLE};
use crate::fault::{Fault, Result};
use crate::ops::{Call, Outcome};
use crate::params::Params;
use crate::store::now;
use rusqlite::{types::Value as Sql, Connection};
use serde_json::{json, Value};

/// `YYYY-DD-MM HH:ii:ss`, the spec's form for event time filters.
fn event_filter_time(text: &str) -> Result<String> {
    chrono::NaiveDateTime::parse_from_str(text.trim(), "%Y-%d-%m %H:%M:%S")
        .map(crate::store::stamp)
        .map_err(|_| Fault::invalid(format!("{text} is not a time written YYYY-DD-MM HH:ii:ss")))
}

/// `reports.events`: every event, filtered by time (today by default),
/// address and type, with the subscriber fields named in `merge`.
pub fn events(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let id = campaign_id(conn, p)?;
    let today = chrono::Local::now().format("%Y-%m-%d").to_string();
    let from = match p.text("time_start") {
        Some(t) => event_filter_time(&t)?,
        None => format!("{today} 00:00:00"),
    };
    let to = match p.text("time_end") {
        Some(t) => event_filter_time(&t)?,
        None => format!("{today} 23:59:59"),
    };
    let to = to.min(now());
    let merge: Vec<String> = match p.json("merge")? {
        Some(Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        Some(_) => return Err(Fault::invalid("merge must be a JSON array of field names")),
        None if call.legacy => return Err(Fault::missing("merge")),
        None => Vec::new(),
    };
    let allowed_merge = |f: &str| {
        matches!(f, "optin_time" | "rating" | "gender" | "source" | "device")
            || f.strip_prefix("merge_").and_then(|n| n.parse::<u8>().ok()).is_some_and(|n| (1..=10).contains(&n))
    };
    if let Some(bad) = merge.iter().find(|f| !allowed_merge(f)) {
        return Err(Fault::invalid(format!("merge cannot name {bad}")));
    }
    let (email, kind) = (p.text("email"), p.text("event_type"));
    let mut outcome = if email.is_none() && p.text("order").is_none() {
        let window = p.window(DEFAULT_LIMIT, MAX_LIMIT)?;
        let kind = kind.map(|k| k.to_ascii_uppercase()).unwrap_or_default();
        let (rows, more) = crate::ops::event_paging::page(conn, id, (&from, &to), &kind, window, event_record)?;
        Outcome::page(rows, window.1, more)
    } else {
        filtered_events(conn, p, id, (from, to), email, kind)?
    };
    if !merge.is_empty() {
        if let Value::Array(rows) = &mut outcome.data {
            for row in rows.iter_mut() {
                let member_id = row["member_id"].as_i64().unwrap_or_default();
                for field in &merge {
                    let value: Option<Sql> = conn
                        .query_row(&format!("SELECT {field} FROM members WHERE id = ?1"), [member_id], |r| r.get(0))
                        .ok();
                    row[field] = match value {
                        Some(Sql::Text(t)) => json!(t),
                        Some(Sql::Integer(n)) => json!(n),
                        _ => json!(""),
                    };
                }
            }
        }
    }
    Ok(outcome)
}

/// Events filtered by address or type, or in another order: through the
/// indexes on those columns.
fn filtered_events(
    conn: &Connection,
    p: &Params,
    id: i64,
    (from, to): (String, String),
    email: Option<String>,
    kind: Option<String>,
) -> Result<Outcome> {
    let columns: Vec<&str> = SORTABLE.iter().map(|(_, c)| *c).collect();
    let order = order(p, &columns, "event_time asc, id asc")?;
    let mut sql = String::from("SELECT * FROM events WHERE campaign_id = ?1 AND event_time >= ?2 AND event_time <= ?3");
    let mut args = vec![Sql::from(id), Sql::from(from), Sql::from(to)];
    if let Some(email) = email {
        // Without statistics the planner would walk the time index instead.
        sql = sql.replace("FROM events WHERE", "FROM events INDEXED BY events_by_email WHERE");
        args.push(Sql::from(email));
        sql.push_str(&format!(" AND email = ?{}", args.len()));
    }
    if let Some(kind) = kind {
        args.push(Sql::from(kind.to_ascii_uppercase()));
        sql.push_str(&format!(" AND event_type = ?{}", args.len()));
    }
    sql.push_str(&format!(" ORDER BY {order}"));
    page(conn, &sql, args, p, event_record)
}

fn event_record(r: &rusqlite::Row) -> rusqlite::Result<Value> {
    let time: String = r.get("event_time")?;
    let text = |name: &str| -> rusqlite::Result<String> { Ok(r.get::<_, Option<String>>(name)?.unwrap_or_default()) };
    let url = text("url")?;
    let ip = text("ip")?;
    let ip_aton = ip.split('.').filter_map(|o| o.parse::<u64>().ok()).fold(0u64, |acc, o| acc * 256 + o);
    Ok(json!({
        "event_date": time.get(..10).unwrap_or_default(),
        "event_time": time,
        "event_type": r.get::<_, String>("event_type")?,
        "bounce_category": text("bounce_category")?,
        "bounce_code": r.get::<_, Option<i64>>("bounce_code")?.map(|c| c.to_string()).unwrap_or_default(),
        "bounce_reason": text("bounce_reason")?,
        "email": r.get::<_, String>("email")?,
        "domain": r.get::<_, String>("domain")?,
        "user_id": 1,
        "campaign_id": r.get::<_, i64>("campaign_id")?,
        "member_id": r.get::<_, i64>("member_id")?,
        "list_id": r.get::<_, i64>("list_id")?,
        "url_hash": if url.is_empty() { String::new() } else { format!("{:016x}", fxhash(&url)) },
        "url_pers": url,
        "url_original": url,
        "ip": ip,
        "ip_aton": if ip.is_empty() { json!("") } else { json!(ip_aton) },
        "region": text("region")?,
        "OS": text("os")?,
        "browser": text("browser")?,
        "webservice": text("webservice")?,
        "user_agent": text("user_agent")?,
        "referer": "",
        "language": text("language")?,
        "device": text("device")?,
        "dark_mode": r.get::<_, Option<i64>>("dark_mode")?.unwrap_or(0),
    }))
}

fn fxhash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
