//! Campaign reports, from the events the simulator records. Only events
//! whose time has come are counted.

mod events;

use super::campaigns;
use super::statistics;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::params::Params;
use crate::store::now;
use rusqlite::{params_from_iter, types::Value as Sql, Connection};
use serde_json::{json, Map, Value};

pub use events::events;

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 1000;

/// Sortable fields of the spec, and the column each reads.
const SORTABLE: [(&str, &str); 19] = [
    ("event_date", "event_time"),
    ("event_time", "event_time"),
    ("campaign_id", "campaign_id"),
    ("list_id", "list_id"),
    ("event_type", "event_type"),
    ("bounce_category", "bounce_category"),
    ("bounce_code", "bounce_code"),
    ("bounce_reason", "bounce_reason"),
    ("email", "email"),
    ("domain", "domain"),
    ("member_id", "member_id"),
    ("ip", "ip"),
    ("region", "region"),
    ("OS", "os"),
    ("browser", "browser"),
    ("webservice", "webservice"),
    ("user_agent", "user_agent"),
    ("url_original", "url"),
    ("device", "device"),
];

fn campaign_id(conn: &Connection, p: &Params) -> Result<i64> {
    let id = p.required_int("campaign_id")?;
    conn.query_row("SELECT 1 FROM campaigns WHERE id = ?1", [id], |_| Ok(())).map_err(|_| campaigns::not_found(id))?;
    Ok(id)
}

/// `field direction` over the sortable fields, as SQL; `default` otherwise.
fn order(p: &Params, allowed: &[&str], default: &str) -> Result<String> {
    let Some(text) = p.text("order") else { return Ok(default.to_string()) };
    let mut words = text.split_whitespace();
    let (field, direction) = (words.next().unwrap_or_default(), words.next().unwrap_or("asc").to_ascii_lowercase());
    let column = SORTABLE.iter().find(|(name, _)| *name == field).map(|(_, column)| *column);
    match column {
        Some(column) if allowed.contains(&column) && matches!(direction.as_str(), "asc" | "desc") => {
            Ok(format!("{column} {direction}, id {direction}"))
        }
        _ => Err(Fault::invalid(format!("order must be \"field asc|desc\" over the sortable fields, not {text}"))),
    }
}

fn page(
    conn: &Connection,
    sql: &str,
    args: Vec<Sql>,
    p: &Params,
    row: impl Fn(&rusqlite::Row) -> rusqlite::Result<Value>,
) -> Result<Outcome> {
    let (start, limit) = p.window(DEFAULT_LIMIT, MAX_LIMIT)?;
    let sql = format!("{sql} LIMIT {} OFFSET {start}", limit + 1);
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query_map(params_from_iter(args), row)?.collect::<rusqlite::Result<Vec<_>>>()?;
    let has_more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    Ok(Outcome::page(rows, limit, has_more))
}

/// Row reports: one row per recipient the metric counts.
pub fn rows(conn: &Connection, call: &Call, metric: &str) -> Result<Outcome> {
    let p = &call.params;
    let id = campaign_id(conn, p)?;
    let (kind, extra) = match metric {
        "sent" => ("SENT", ""),
        "delivered" => (
            "SENT",
            "AND NOT EXISTS (SELECT 1 FROM events b WHERE b.campaign_id = e.campaign_id
            AND b.member_id = e.member_id AND b.event_type = 'BOUNCED' AND b.event_time <= ?2)",
        ),
        "opened" => ("OPENED", ""),
        "clicked" => ("CLICKED", ""),
        "bounced" => ("BOUNCED", ""),
        "complained" => ("COMPLAINED", ""),
        "unsubscribed" => ("UNSUBSCRIBED", ""),
        other => return Err(Fault::invalid(format!("Unknown report {other}"))),
    };
    let first = |t: &str| {
        format!(
            "(SELECT min(x.event_time) FROM events x WHERE x.campaign_id = e.campaign_id AND x.member_id = e.member_id
              AND x.event_type = '{t}' AND x.event_time <= ?2)"
        )
    };
    let order = order(
        p,
        &["event_time", "email", "member_id", "list_id", "bounce_code", "bounce_reason", "domain"],
        "event_time asc, id asc",
    )?;
    let sql = format!(
        "SELECT * FROM (SELECT min(e.id) AS id, e.member_id, e.campaign_id, e.list_id, e.email, e.domain,
            max(e.bounce_code) AS bounce_code, max(e.bounce_reason) AS bounce_reason, min(e.event_time) AS event_time,
            {sent} AS sent_time, {open} AS open_time, {click} AS click_time
         FROM events e WHERE e.campaign_id = ?1 AND e.event_type = '{kind}' AND e.event_time <= ?2 {extra}
         GROUP BY e.member_id) ORDER BY {order}",
        sent = first("SENT"),
        open = first("OPENED"),
        click = first("CLICKED"),
    );
    page(conn, &sql, vec![Sql::from(id), Sql::from(now())], p, |r| {
        Ok(json!({
            "id": r.get::<_, i64>("id")?,
            "member_id": r.get::<_, i64>("member_id")?,
            "campaign_id": r.get::<_, i64>("campaign_id")?,
            "list_id": r.get::<_, i64>("list_id")?,
            "bounce_code": r.get::<_, Option<i64>>("bounce_code")?.map(|c| c.to_string()).unwrap_or_default(),
            "bounce_reason": r.get::<_, Option<String>>("bounce_reason")?.unwrap_or_default(),
            "email": r.get::<_, String>("email")?,
            "sent_time": r.get::<_, Option<String>>("sent_time")?.unwrap_or_default(),
            "open_time": r.get::<_, Option<String>>("open_time")?.unwrap_or_default(),
            "click_time": r.get::<_, Option<String>>("click_time")?.unwrap_or_default(),
        }))
    })
}

/// `reports.summary`: recipients counted once per metric.
pub fn summary(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = settled(conn, &call.params)?;
    Ok(Outcome::data(per_outcome(|kind| statistics::recipients(conn, id, kind), "clicks")?))
}

/// Messages per outcome from a count per event type; `delivered` is what
/// was sent and did not bounce. Campaign summaries name clicks `clicks`,
/// transactional statistics `clicked`.
pub fn per_outcome(count: impl Fn(&str) -> Result<i64>, clicks_key: &str) -> Result<Value> {
    let (sent, bounced) = (count("SENT")?, count("BOUNCED")?);
    let mut outcome = json!({
        "sent": sent,
        "delivered": sent - bounced,
        "opened": count("OPENED")?,
        "bounced": bounced,
        "unsubscribed": count("UNSUBSCRIBED")?,
        "complained": count("COMPLAINED")?,
    });
    outcome[clicks_key] = json!(count("CLICKED")?);
    Ok(outcome)
}

/// A campaign's id from the call, its statistics brought up to now.
fn settled(conn: &Connection, p: &Params) -> Result<i64> {
    let id = campaign_id(conn, p)?;
    statistics::settle(conn, id, &now())?;
    Ok(id)
}

/// `reports.clickstat`: clicks per link, most first.
pub fn clickstat(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = settled(conn, &call.params)?;
    let rows: Vec<Value> =
        statistics::counts(conn, id, "url")?.into_iter().map(|(url, n, _)| json!({"url": url, "clicks": n})).collect();
    Ok(Outcome::data(rows))
}

/// `reports.userclicks`: who clicked a given link.
pub fn userclicks(conn: &Connection, call: &Call) -> Result<Outcome> {
    let p = &call.params;
    let id = campaign_id(conn, p)?;
    let url = p.required_text("url")?;
    let sql = "SELECT url, email, event_time FROM events WHERE campaign_id = ?1 AND event_type = 'CLICKED'
               AND event_time <= ?2 AND url = ?3 ORDER BY event_time, id";
    page(conn, sql, vec![Sql::from(id), Sql::from(now()), Sql::from(url)], p, |r| {
        Ok(
            json!({"url": r.get::<_, String>(0)?, "email": r.get::<_, String>(1)?, "click_time": r.get::<_, String>(2)?}),
        )
    })
}

/// `reports.bouncestat`: bounces per SMTP code.
pub fn bouncestat(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = settled(conn, &call.params)?;
    let rows: Vec<Value> = statistics::counts(conn, id, "bounce")?
        .into_iter()
        .map(|(code, n, reason)| {
            json!({"bounce_code": code.parse::<i64>().unwrap_or_default(), "count": n, "description": reason.unwrap_or_default()})
        })
        .collect();
    Ok(Outcome::data(rows))
}

/// `domains`: per recipient mail domain, most recipients first.
pub fn domains(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = settled(conn, &call.params)?;
    let per = |kind: &str| -> Result<Map<String, Value>> {
        Ok(statistics::count_map(statistics::counts(conn, id, &format!("domain:{kind}"))?))
    };
    let (sent, bounced, opened, clicked) = (per("SENT")?, per("BOUNCED")?, per("OPENED")?, per("CLICKED")?);
    let n = |map: &Map<String, Value>, domain: &str| map.get(domain).and_then(Value::as_i64).unwrap_or(0);
    let mut rows: Vec<(String, i64)> = sent.iter().map(|(d, v)| (d.clone(), v.as_i64().unwrap_or(0))).collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let rows: Vec<Value> = rows
        .into_iter()
        .map(|(domain, sent)| {
            let bounced = n(&bounced, &domain);
            json!({"domain": domain, "sent": sent, "delivered": sent - bounced, "bounced": bounced,
                "opened": n(&opened, &domain), "clicked": n(&clicked, &domain)})
        })
        .collect();
    Ok(Outcome::data(rows))
}

/// `reports.geo`: opens per city, only non-zero.
pub fn geo(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = settled(conn, &call.params)?;
    Ok(Outcome::data(Value::Object(statistics::count_map(statistics::counts(conn, id, "region")?))))
}

/// `reports.clients`: opens per mail client and per system (`win`, `linux`, `mac`, …).
pub fn clients(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = settled(conn, &call.params)?;
    let mut map = statistics::count_map(statistics::counts(conn, id, "webservice")?);
    map.extend(statistics::count_map(statistics::counts(conn, id, "os")?));
    Ok(Outcome::data(Value::Object(map)))
}

/// `codes`: confirmation codes; the sandbox sends none.
pub fn codes(conn: &Connection, call: &Call) -> Result<Outcome> {
    campaign_id(conn, &call.params)?;
    Ok(Outcome::data(json!([])))
}

/// `timeline` (public clients): opens and clicks per hour.
pub fn timeline(conn: &Connection, call: &Call) -> Result<Outcome> {
    let id = settled(conn, &call.params)?;
    let mut hours: std::collections::BTreeMap<String, (i64, i64)> = std::collections::BTreeMap::new();
    for (hour, n, _) in statistics::counts(conn, id, "hour:OPENED")? {
        hours.entry(hour).or_default().0 += n;
    }
    for (hour, n, _) in statistics::counts(conn, id, "hour:CLICKED")? {
        hours.entry(hour).or_default().1 += n;
    }
    let rows: Vec<Value> = hours
        .into_iter()
        .map(|(hour, (opened, clicked))| json!({"hour": hour, "opened": opened, "clicked": clicked}))
        .collect();
    Ok(Outcome::data(rows))
}

/// `POST /reports/compare {periods: [{start, end}]}` (public clients): every
/// campaign's messages per outcome within each period (dates `YYYY-MM-DD`).
pub fn compare(conn: &Connection, call: &Call) -> Result<Outcome> {
    let periods = match call.params.json("periods")? {
        Some(Value::Array(periods)) if !periods.is_empty() => periods,
        _ => return Err(Fault::missing("periods")),
    };
    let mut out = Vec::new();
    for period in periods {
        let text = |k: &str| period.get(k).and_then(Value::as_str).map(str::to_string);
        let (Some(start), Some(end)) = (text("start"), text("end")) else {
            return Err(Fault::invalid("each period needs start and end (YYYY-MM-DD)"));
        };
        let (from, to) = (format!("{start} 00:00:00"), format!("{end} 23:59:59").min(now()));
        let count = |kind: &str| -> Result<i64> {
            Ok(conn.query_row(
                "SELECT count(DISTINCT campaign_id || ':' || member_id) FROM events WHERE campaign_id > 0
                 AND event_type = ?1 AND event_time >= ?2 AND event_time <= ?3",
                rusqlite::params![kind, from, to],
                |r| r.get(0),
            )?)
        };
        let mut summary = per_outcome(count, "clicks")?;
        summary["start"] = json!(start);
        summary["end"] = json!(end);
        out.push(summary);
    }
    Ok(Outcome::data(out))
}

/// v2 `GET /reports/{campaign_id}/{metric}`.
pub fn by_metric(conn: &Connection, call: &Call) -> Result<Outcome> {
    let metric = call.params.required_text("metric")?;
    match metric.as_str() {
        "summary" => summary(conn, call),
        "events" => events(conn, call),
        "clickstat" => clickstat(conn, call),
        "userclicks" => userclicks(conn, call),
        "bouncestat" => bouncestat(conn, call),
        "domains" => domains(conn, call),
        "geo" => geo(conn, call),
        "clients" => clients(conn, call),
        "codes" => codes(conn, call),
        "timeline" => timeline(conn, call),
        "variants" => {
            campaign_id(conn, &call.params)?;
            Ok(Outcome::data(json!([])))
        }
        other => rows(conn, call, other).map_err(|fault| {
            if fault.message.starts_with("Unknown report") {
                Fault::new(404, 1001, format!("No report named {other}"))
            } else {
                fault
            }
        }),
    }
}
