//! Pages deep into a campaign's events (all of them, or those of one type)
//! without walking every event before them: every thousandth (time, id)
//! place after a window's start is remembered. Events are never changed once written, so a campaign's
//! newest event id tells whether the places still hold.

use crate::fault::Result;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

const STEP: i64 = 1000;

fn version(conn: &Connection, campaign_id: i64) -> Result<i64> {
    Ok(conn.query_row("SELECT coalesce(max(id), 0) FROM events WHERE campaign_id = ?1", [campaign_id], |r| r.get(0))?)
}

fn nearest(
    conn: &Connection,
    campaign_id: i64,
    from: &str,
    version: i64,
    start: i64,
) -> Result<Option<(i64, String, i64)>> {
    Ok(conn
        .prepare_cached(
            "SELECT position, event_time, id FROM event_anchors WHERE campaign_id = ?1 AND from_time = ?2
             AND version = ?3 AND position <= ?4 ORDER BY position DESC LIMIT 1",
        )?
        .query_row(params![campaign_id, from, version, start], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?)
}

/// The type condition on parameter `n`: a plain equality when there is a
/// type (so the type's index serves the order), a no-op on the empty one.
fn type_clause(kind: &str, n: u8) -> String {
    if kind.is_empty() {
        format!("?{n} = ''")
    } else {
        format!("event_type = ?{n}")
    }
}

/// Where the anchors of a window and a type are kept.
fn anchor_key(from: &str, kind: &str) -> String {
    format!("{from}|{kind}")
}

fn rebuild(conn: &Connection, campaign_id: i64, (from, kind): (&str, &str), version: i64) -> Result<()> {
    let key = anchor_key(from, kind);
    let tx = conn.unchecked_transaction()?;
    tx.execute("DELETE FROM event_anchors WHERE campaign_id = ?1 AND from_time = ?2", params![campaign_id, key])?;
    {
        let mut insert = tx.prepare_cached(
            "INSERT INTO event_anchors (campaign_id, from_time, version, position, event_time, id) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        insert.execute(params![campaign_id, key, version, 0, "", 0])?;
        let mut stmt = tx.prepare_cached(&format!(
            "SELECT event_time, id FROM events WHERE campaign_id = ?1 AND event_time >= ?2
             AND {} ORDER BY event_time, id",
            type_clause(kind, 3)
        ))?;
        let places =
            stmt.query_map(params![campaign_id, from, kind], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
        for (position, place) in places.enumerate() {
            let (time, id) = place?;
            if position > 0 && position as i64 % STEP == 0 {
                insert.execute(params![campaign_id, key, version, position as i64, time, id])?;
            }
        }
    }
    tx.commit()?;
    Ok(())
}

/// Events of a campaign between `from` and `to` in time order (only those
/// of type `kind` unless it is empty), `limit` of them from place `start`,
/// and whether more follow. Many events share a
/// second (every message of a send), so places are (time, id) pairs, and
/// the rows after a place are read in two index ranges: the rest of its
/// second, then the later seconds.
pub fn page(
    conn: &Connection,
    campaign_id: i64,
    (from, to): (&str, &str),
    kind: &str,
    (start, limit): (i64, i64),
    record: impl Fn(&rusqlite::Row) -> rusqlite::Result<Value>,
) -> Result<(Vec<Value>, bool)> {
    let (position, time, id) = if start < STEP {
        (0, String::new(), 0)
    } else {
        let version = version(conn, campaign_id)?;
        let key = anchor_key(from, kind);
        match nearest(conn, campaign_id, &key, version, start)? {
            Some(found) if start - found.0 < 2 * STEP => found,
            _ => {
                rebuild(conn, campaign_id, (from, kind), version)?;
                nearest(conn, campaign_id, &key, version, start)?.unwrap_or((0, String::new(), 0))
            }
        }
    };
    let need = start - position + limit + 1;
    let ids_of = |sql: &str, args: &[&dyn rusqlite::ToSql]| -> Result<Vec<i64>> {
        Ok(conn.prepare_cached(sql)?.query_map(args, |r| r.get(0))?.collect::<rusqlite::Result<Vec<i64>>>()?)
    };
    let mut ids = if position == 0 {
        ids_of(
            &format!(
                "SELECT id FROM events WHERE campaign_id = ?1 AND event_time >= ?2 AND event_time <= ?3
                 AND {} ORDER BY event_time, id LIMIT ?4",
                type_clause(kind, 5)
            ),
            &[&campaign_id, &from, &to, &need, &kind],
        )?
    } else {
        ids_of(
            &format!(
                "SELECT id FROM events WHERE campaign_id = ?1 AND event_time = ?2 AND id >= ?3 AND event_time <= ?4
                 AND {} ORDER BY id LIMIT ?5",
                type_clause(kind, 6)
            ),
            &[&campaign_id, &time, &id, &to, &need, &kind],
        )?
    };
    if position > 0 && (ids.len() as i64) < need {
        let rest = need - ids.len() as i64;
        ids.extend(ids_of(
            &format!(
                "SELECT id FROM events WHERE campaign_id = ?1 AND event_time > ?2 AND event_time <= ?3
                 AND {} ORDER BY event_time, id LIMIT ?4",
                type_clause(kind, 5)
            ),
            &[&campaign_id, &time, &to, &rest, &kind],
        )?);
    }
    let chosen: Vec<i64> = ids.into_iter().skip((start - position) as usize).collect();
    let more = chosen.len() as i64 > limit;
    let wanted: Vec<String> = chosen.iter().take(limit as usize).map(i64::to_string).collect();
    if wanted.is_empty() {
        return Ok((Vec::new(), false));
    }
    let sql = format!("SELECT * FROM events WHERE id IN ({}) ORDER BY event_time, id", wanted.join(","));
    let rows = conn.prepare(&sql)?.query_map([], record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok((rows, more))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store;

    /// Events at a handful of seconds, so that many share a second, as the
    /// messages of one send do.
    fn add(conn: &Connection, n: usize, rng: &mut fastrand::Rng) {
        for _ in 0..n {
            let time = format!("2026-01-1{} 0{}:00:00", rng.u8(..3), rng.u8(..2));
            let kind = ["SENT", "SENT", "OPENED"][rng.usize(..3)];
            conn.execute(
                "INSERT INTO events (campaign_id, member_id, list_id, email, domain, event_type, event_time)
                 VALUES (1, 1, 1, 'a@b.c', 'b.c', ?2, ?1)",
                [time, kind.to_string()],
            )
            .unwrap();
        }
    }

    fn ids(conn: &Connection, from: &str, to: &str, start: i64) -> Vec<i64> {
        typed_ids(conn, from, to, "", start)
    }

    fn typed_ids(conn: &Connection, from: &str, to: &str, kind: &str, start: i64) -> Vec<i64> {
        let record = |r: &rusqlite::Row| Ok(Value::from(r.get::<_, i64>("id")?));
        let (rows, _) = page(conn, 1, (from, to), kind, (start, 30), record).unwrap();
        rows.into_iter().map(|v| v.as_i64().unwrap()).collect()
    }

    fn walked(conn: &Connection, from: &str, to: &str, start: i64) -> Vec<i64> {
        typed_walked(conn, from, to, "", start)
    }

    fn typed_walked(conn: &Connection, from: &str, to: &str, kind: &str, start: i64) -> Vec<i64> {
        conn.prepare(
            "SELECT id FROM events WHERE campaign_id = 1 AND event_time >= ?1 AND event_time <= ?2
             AND (?4 = '' OR event_type = ?4) ORDER BY event_time, id LIMIT 30 OFFSET ?3",
        )
        .unwrap()
        .query_map(params![from, to, start, kind], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect()
    }

    #[test]
    fn anchored_pages_match_walking_the_events_as_more_arrive() {
        let conn = store::open(None).unwrap();
        let mut rng = fastrand::Rng::with_seed(4);
        add(&conn, 4500, &mut rng);
        for (from, to) in
            [("2026-01-01 00:00:00", "2026-12-31 00:00:00"), ("2026-01-10 00:00:00", "2026-01-20 00:00:00")]
        {
            for start in [0, 999, 1000, 1500, 2222, 3999, 4470, 5000] {
                assert_eq!(ids(&conn, from, to, start), walked(&conn, from, to, start), "{from} {to} {start}");
            }
        }
        for start in [0, 1000, 1400, 2100] {
            let (from, to) = ("2026-01-01 00:00:00", "2026-12-31 00:00:00");
            assert_eq!(typed_ids(&conn, from, to, "OPENED", start), typed_walked(&conn, from, to, "OPENED", start));
        }
        add(&conn, 700, &mut rng);
        for start in [1000, 2500, 5100] {
            let (from, to) = ("2026-01-01 00:00:00", "2026-12-31 00:00:00");
            assert_eq!(ids(&conn, from, to, start), walked(&conn, from, to, start), "after more events, {start}");
        }
    }
}
