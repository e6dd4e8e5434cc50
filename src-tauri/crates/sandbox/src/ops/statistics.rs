//! The statistics store. Events become statistics when their time comes:
//! each campaign's due events are folded, in (time, id) order past a
//! watermark, into counts per dimension: recipients per event type (each
//! counted once) and per recipient domain, clicks per link, bounces per
//! SMTP code, opens per region, web service and system, opens and clicks
//! per hour. The clock folds a batch on every tick, and a report folds
//! what is left of its campaign before reading, so reports read counts,
//! never the event log, and stay quick however many events there are.

use crate::fault::Result;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{Map, Value};

/// Events folded per campaign on one tick of the clock.
const TICK_BUDGET: i64 = 50_000;

/// Where a campaign's folding stands: through which (time, id) place, and
/// the newest event id it has seen.
fn watermark(conn: &Connection, campaign_id: i64) -> Result<(String, i64, i64)> {
    Ok(conn
        .prepare_cached("SELECT through_time, through_id, newest_id FROM stats_folded WHERE campaign_id = ?1")?
        .query_row([campaign_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?
        .unwrap_or_default())
}

/// Forgets a campaign's statistics, to count them again from its first event.
fn forget(conn: &Connection, campaign_id: i64) -> Result<()> {
    for table in ["stats_members", "stats_counts", "stats_folded"] {
        conn.execute(&format!("DELETE FROM {table} WHERE campaign_id = ?1"), [campaign_id])?;
    }
    Ok(())
}

/// Folds the campaign's due events not yet counted, at most `budget`;
/// answers whether any were left over. An event recorded after folding
/// with a time already folded (history written late) makes the campaign
/// count again from the start, so counts never miss one.
fn fold(conn: &Connection, campaign_id: i64, now: &str, budget: i64) -> Result<bool> {
    let (mut time, mut id, newest) = watermark(conn, campaign_id)?;
    let late: bool = conn
        .prepare_cached(
            // Only events recorded since the last fold are looked at.
            "SELECT EXISTS (SELECT 1 FROM events INDEXED BY events_newest WHERE campaign_id = ?1 AND id > ?2
                AND (event_time, id) < (?3, ?4))",
        )?
        .query_row(params![campaign_id, newest, time, id], |r| r.get(0))?;
    if late {
        forget(conn, campaign_id)?;
        (time, id) = (String::new(), 0);
    }
    let due: bool = conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM events INDEXED BY events_by_campaign WHERE campaign_id = ?1
                AND event_time <= ?2 AND (event_time, id) > (?3, ?4))",
        )?
        .query_row(params![campaign_id, now, time, id], |r| r.get(0))?;
    if !due {
        return Ok(false);
    }
    let tx = conn.unchecked_transaction()?;
    tx.execute_batch("DROP TABLE IF EXISTS temp.stats_batch; DROP TABLE IF EXISTS temp.stats_fresh;")?;
    tx.execute(
        "CREATE TEMP TABLE stats_batch AS SELECT id, event_type, event_time, member_id, domain, url, bounce_code,
            bounce_reason, region, webservice, os
         FROM events INDEXED BY events_by_campaign WHERE campaign_id = ?1 AND event_time <= ?2 AND (event_time, id) > (?3, ?4)
         ORDER BY event_time, id LIMIT ?5",
        params![campaign_id, now, time, id, budget + 1],
    )?;
    let batched: i64 = tx.query_row("SELECT count(*) FROM stats_batch", [], |r| r.get(0))?;
    if batched == 0 {
        return Ok(false);
    }
    let left_over = batched > budget;
    if left_over {
        tx.execute(
            "DELETE FROM stats_batch WHERE id = (SELECT id FROM stats_batch ORDER BY event_time DESC, id DESC LIMIT 1)",
            [],
        )?;
    }
    // Recipients seen for the first time in each event type.
    tx.execute(
        "CREATE TEMP TABLE stats_fresh AS SELECT b.event_type, b.member_id, max(b.domain) AS domain FROM stats_batch b
         WHERE NOT EXISTS (SELECT 1 FROM stats_members m WHERE m.campaign_id = ?1 AND m.event_type = b.event_type
            AND m.member_id = b.member_id)
         GROUP BY b.event_type, b.member_id",
        [campaign_id],
    )?;
    tx.execute(
        "INSERT INTO stats_members (campaign_id, event_type, member_id) SELECT ?1, event_type, member_id FROM stats_fresh",
        [campaign_id],
    )?;
    let count = |dimension: &str, key: &str, from: &str, filter: &str| -> rusqlite::Result<usize> {
        tx.execute(
            &format!(
                "INSERT INTO stats_counts (campaign_id, dimension, key, n, note)
                 SELECT ?1, {dimension}, {key}, count(*), NULL FROM {from} WHERE {filter} GROUP BY 2, 3
                 ON CONFLICT (campaign_id, dimension, key) DO UPDATE SET n = n + excluded.n"
            ),
            [campaign_id],
        )
    };
    count("'type'", "event_type", "stats_fresh", "true")?;
    count("'domain:' || event_type", "domain", "stats_fresh", "true")?;
    count("'url'", "url", "stats_batch", "event_type = 'CLICKED' AND url IS NOT NULL")?;
    count(
        "'bounce'",
        "CAST(bounce_code AS TEXT)",
        "stats_batch",
        "event_type = 'BOUNCED' AND bounce_code IS NOT NULL",
    )?;
    for column in ["region", "webservice", "os"] {
        count(
            &format!("'{column}'"),
            column,
            "stats_batch",
            &format!("event_type = 'OPENED' AND {column} IS NOT NULL"),
        )?;
    }
    count(
        "'hour:' || event_type",
        "substr(event_time, 1, 13) || ':00:00'",
        "stats_batch",
        "event_type IN ('OPENED', 'CLICKED')",
    )?;
    tx.execute(
        "UPDATE stats_counts SET note = (SELECT max(bounce_reason) FROM stats_batch b
            WHERE b.event_type = 'BOUNCED' AND CAST(b.bounce_code AS TEXT) = stats_counts.key)
         WHERE campaign_id = ?1 AND dimension = 'bounce' AND note IS NULL",
        [campaign_id],
    )?;
    tx.execute(
        "INSERT INTO stats_folded (campaign_id, through_time, through_id, newest_id)
         SELECT ?1, event_time, id, max(?2, (SELECT max(id) FROM stats_batch))
         FROM stats_batch ORDER BY event_time DESC, id DESC LIMIT 1
         ON CONFLICT (campaign_id) DO UPDATE SET through_time = excluded.through_time,
            through_id = excluded.through_id, newest_id = excluded.newest_id",
        params![campaign_id, if late { 0 } else { newest }],
    )?;
    tx.execute_batch("DROP TABLE temp.stats_batch; DROP TABLE temp.stats_fresh;")?;
    tx.commit()?;
    Ok(left_over)
}

/// Folds every campaign's newly due events, a batch each (the clock's tick).
pub fn fold_due(conn: &Connection, now: &str) -> Result<()> {
    let campaigns: Vec<i64> = conn
        .prepare_cached(
            "SELECT c.id FROM campaigns c LEFT JOIN stats_folded f ON f.campaign_id = c.id
             WHERE EXISTS (SELECT 1 FROM events e INDEXED BY events_by_campaign WHERE e.campaign_id = c.id
                AND e.event_time <= ?1
                AND (e.event_time, e.id) > (coalesce(f.through_time, ''), coalesce(f.through_id, 0)))",
        )?
        .query_map([now], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for campaign_id in campaigns {
        fold(conn, campaign_id, now, TICK_BUDGET)?;
    }
    Ok(())
}

/// Brings a campaign's statistics up to `now` before a report reads them.
pub fn settle(conn: &Connection, campaign_id: i64, now: &str) -> Result<()> {
    while fold(conn, campaign_id, now, i64::MAX / 2)? {}
    Ok(())
}

/// A campaign's counts in one dimension, largest first.
pub fn counts(conn: &Connection, campaign_id: i64, dimension: &str) -> Result<Vec<(String, i64, Option<String>)>> {
    let rows = conn
        .prepare_cached(
            "SELECT key, n, note FROM stats_counts WHERE campaign_id = ?1 AND dimension = ?2 ORDER BY n DESC, key",
        )?
        .query_map(params![campaign_id, dimension], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Recipients counted once for an event type.
pub fn recipients(conn: &Connection, campaign_id: i64, event_type: &str) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT n FROM stats_counts WHERE campaign_id = ?1 AND dimension = 'type' AND key = ?2")?
        .query_row(params![campaign_id, event_type], |r| r.get(0))
        .optional()?
        .unwrap_or(0))
}

/// A dimension's counts as a JSON map from key to count.
pub fn count_map(rows: Vec<(String, i64, Option<String>)>) -> Map<String, Value> {
    rows.into_iter().map(|(key, n, _)| (key, Value::from(n))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store;

    fn add(conn: &Connection, rng: &mut fastrand::Rng, n: usize) {
        for _ in 0..n {
            let kind = ["SENT", "OPENED", "OPENED", "CLICKED", "BOUNCED"][rng.usize(..5)];
            let member = rng.i64(1..60);
            let time = format!("2026-01-{:02} {:02}:00:00", 1 + rng.u8(..3), rng.u8(..3));
            conn.execute(
                "INSERT INTO events (campaign_id, member_id, list_id, email, domain, event_type, event_time, url,
                    bounce_code, bounce_reason, region)
                 VALUES (1, ?1, 1, 'x', ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    member,
                    format!("d{}.example", member % 4),
                    kind,
                    time,
                    (kind == "CLICKED").then(|| format!("https://a.example/{}", rng.u8(..3))),
                    (kind == "BOUNCED").then_some(550),
                    (kind == "BOUNCED").then_some("5.1.1 no such user"),
                    (kind == "OPENED").then(|| ["Казань", "Москва"][rng.usize(..2)]),
                ],
            )
            .unwrap();
        }
    }

    /// What the counts must be: computed straight from the event log.
    fn expected(conn: &Connection, now: &str, sql: &str) -> Vec<(String, i64)> {
        conn.prepare(sql)
            .unwrap()
            .query_map([now], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(|r| r.unwrap())
            .collect()
    }

    fn folded(conn: &Connection, dimension: &str) -> Vec<(String, i64)> {
        let mut rows: Vec<(String, i64)> =
            counts(conn, 1, dimension).unwrap().into_iter().map(|(k, n, _)| (k, n)).collect();
        rows.sort();
        rows
    }

    fn check(conn: &Connection, now: &str) {
        let types = expected(
            conn,
            now,
            "SELECT event_type, count(DISTINCT member_id) FROM events WHERE event_time <= ?1 GROUP BY 1 ORDER BY 1",
        );
        assert_eq!(folded(conn, "type"), types, "recipients per type at {now}");
        let links = expected(
            conn,
            now,
            "SELECT url, count(*) FROM events WHERE event_time <= ?1 AND event_type = 'CLICKED' GROUP BY 1 ORDER BY 1",
        );
        assert_eq!(folded(conn, "url"), links);
        let opened_domains = expected(
            conn,
            now,
            "SELECT domain, count(DISTINCT member_id) FROM events WHERE event_time <= ?1 AND event_type = 'OPENED'
             GROUP BY 1 ORDER BY 1",
        );
        assert_eq!(folded(conn, "domain:OPENED"), opened_domains);
        let hours = expected(
            conn,
            now,
            "SELECT substr(event_time, 1, 13) || ':00:00', count(*) FROM events WHERE event_time <= ?1
             AND event_type = 'OPENED' GROUP BY 1 ORDER BY 1",
        );
        assert_eq!(folded(conn, "hour:OPENED"), hours);
        let places = expected(
            conn,
            now,
            "SELECT region, count(*) FROM events WHERE event_time <= ?1 AND event_type = 'OPENED' GROUP BY 1 ORDER BY 1",
        );
        assert_eq!(folded(conn, "region"), places);
    }

    #[test]
    fn folding_in_small_batches_counts_what_the_event_log_says_as_events_fall_due() {
        let conn = store::open(None).unwrap();
        let mut rng = fastrand::Rng::with_seed(11);
        add(&conn, &mut rng, 400);
        // Part of the events are due; fold them a few at a time, as the clock does.
        let now = "2026-01-02 01:00:00";
        while fold(&conn, 1, now, 7).unwrap() {}
        check(&conn, now);
        // Later: the rest fall due, and more events arrive, some in seconds already counted.
        add(&conn, &mut rng, 300);
        let later = "2026-01-09 00:00:00";
        while fold(&conn, 1, later, 13).unwrap() {}
        check(&conn, later);
        assert!(!fold(&conn, 1, later, 13).unwrap(), "nothing left to fold");
        let bounces = counts(&conn, 1, "bounce").unwrap();
        assert_eq!(bounces[0].2.as_deref(), Some("5.1.1 no such user"), "a code keeps its reason");
    }
}
