//! Pages deep into big lists without walking every row before them: every
//! thousandth member id of a list (per state filter) is remembered as an
//! anchor, and a page starts from the nearest anchor. Anchors stay valid while
//! members are only appended, and appended members are anchored as they come
//! (an import of a million reads its last page as fast as its first); a
//! delete, a move or a state change bumps the list's version and they are
//! rebuilt on the next deep read.

use crate::fault::Result;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

pub const STEP: i64 = 1000;

fn version(conn: &Connection, list_id: i64) -> Result<i64> {
    Ok(conn
        .query_row("SELECT version FROM list_versions WHERE list_id = ?1", [list_id], |r| r.get(0))
        .optional()?
        .unwrap_or(0))
}

/// The nearest remembered place at or before `start`: (position, member id).
fn nearest(conn: &Connection, list_id: i64, state: &str, version: i64, start: i64) -> Result<Option<(i64, i64)>> {
    Ok(conn
        .prepare_cached(
            "SELECT position, member_id FROM page_anchors WHERE list_id = ?1 AND state = ?2 AND version = ?3
             AND position <= ?4 ORDER BY position DESC LIMIT 1",
        )?
        .query_row(params![list_id, state, version, start], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

fn rebuild(conn: &Connection, list_id: i64, state: &str, version: i64) -> Result<()> {
    let tx = conn.unchecked_transaction()?;
    tx.execute("DELETE FROM page_anchors WHERE list_id = ?1 AND state = ?2", params![list_id, state])?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO page_anchors (list_id, state, version, position, member_id) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    insert.execute(params![list_id, state, version, 0, 0])?;
    let sql = if state.is_empty() {
        "SELECT id FROM members WHERE list_id = ?1 AND ?2 = '' ORDER BY id"
    } else {
        "SELECT id FROM members WHERE list_id = ?1 AND state = ?2 ORDER BY id"
    };
    let mut stmt = tx.prepare_cached(sql)?;
    let ids = stmt.query_map(params![list_id, state], |r| r.get::<_, i64>(0))?;
    for (position, id) in ids.enumerate() {
        let (position, id) = (position as i64, id?);
        if position > 0 && position % STEP == 0 {
            insert.execute(params![list_id, state, version, position, id])?;
        }
    }
    drop(stmt);
    drop(insert);
    tx.commit()?;
    Ok(())
}

/// Anchors the members appended after a list's last anchor (of this state
/// filter and version): only they are walked. Nothing is done for a list
/// whose anchors are out of date: its next deep read rebuilds them.
pub fn extend(conn: &Connection, list_id: i64, state: &str) -> Result<()> {
    let version = version(conn, list_id)?;
    let Some((last, last_id)) = nearest(conn, list_id, state, version, i64::MAX)? else { return Ok(()) };
    let sql = if state.is_empty() {
        "SELECT id FROM members WHERE list_id = ?1 AND ?2 = '' AND id >= ?3 ORDER BY id"
    } else {
        "SELECT id FROM members WHERE list_id = ?1 AND state = ?2 AND id >= ?3 ORDER BY id"
    };
    let mut stmt = conn.prepare_cached(sql)?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO page_anchors (list_id, state, version, position, member_id) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let ids = stmt.query_map(params![list_id, state, last_id], |r| r.get::<_, i64>(0))?;
    for (offset, id) in ids.enumerate() {
        let position = last + offset as i64;
        if position > last && position % STEP == 0 {
            insert.execute(params![list_id, state, version, position, id?])?;
        }
    }
    Ok(())
}

/// Anchors the members a batch appended to a list (read in id order, of
/// every state); a list with no anchors yet starts them here.
pub fn appended(conn: &Connection, list_id: i64) -> Result<()> {
    let any: bool = conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM page_anchors WHERE list_id = ?1 AND state = '')",
        [list_id],
        |r| r.get(0),
    )?;
    if !any {
        conn.execute(
            "INSERT INTO page_anchors (list_id, state, version, position, member_id) VALUES (?1, '', ?2, 0, 0)",
            params![list_id, version(conn, list_id)?],
        )?;
    }
    extend(conn, list_id, "")
}

/// Where to begin reading for `start`: (position, member id) of an anchor.
fn anchor(conn: &Connection, list_id: i64, state: &str, start: i64) -> Result<(i64, i64)> {
    if start < STEP {
        return Ok((0, 0));
    }
    let version = version(conn, list_id)?;
    if let Some((position, id)) = nearest(conn, list_id, state, version, start)? {
        if start - position < 2 * STEP {
            return Ok((position, id));
        }
        // Members appended since: anchored now, walking only them.
        extend(conn, list_id, state)?;
        return Ok(nearest(conn, list_id, state, version, start)?.unwrap_or((position, id)));
    }
    rebuild(conn, list_id, state, version)?;
    Ok(nearest(conn, list_id, state, version, start)?.unwrap_or((0, 0)))
}

/// A page of a list's members in id order, optionally of one state, and
/// whether more follow.
pub fn members_in_order(
    conn: &Connection,
    list_id: i64,
    state: Option<&str>,
    start: i64,
    limit: i64,
    record: impl Fn(&rusqlite::Row) -> rusqlite::Result<Value>,
) -> Result<(Vec<Value>, bool)> {
    let state_key = state.unwrap_or("");
    let (position, from_id) = anchor(conn, list_id, state_key, start)?;
    let sql = if state.is_some() {
        "SELECT * FROM members WHERE list_id = ?1 AND state = ?2 AND id >= ?3 ORDER BY id LIMIT ?4 OFFSET ?5"
    } else {
        "SELECT * FROM members WHERE list_id = ?1 AND ?2 = '' AND id >= ?3 ORDER BY id LIMIT ?4 OFFSET ?5"
    };
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt
        .query_map(params![list_id, state_key, from_id, limit + 1, start - position], record)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let has_more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    Ok((rows, has_more))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store;

    fn ids(conn: &Connection, list_id: i64, state: Option<&str>, start: i64, limit: i64) -> Vec<i64> {
        let record = |r: &rusqlite::Row| Ok(Value::from(r.get::<_, i64>("id")?));
        let (rows, _) = members_in_order(conn, list_id, state, start, limit, record).unwrap();
        rows.into_iter().map(|v| v.as_i64().unwrap()).collect()
    }

    fn walked(conn: &Connection, list_id: i64, state: Option<&str>, start: i64, limit: i64) -> Vec<i64> {
        let mut stmt = conn
            .prepare("SELECT id FROM members WHERE list_id = ?1 AND (?2 IS NULL OR state = ?2) ORDER BY id LIMIT ?3 OFFSET ?4")
            .unwrap();
        stmt.query_map(params![list_id, state, limit, start], |r| r.get(0)).unwrap().map(|r| r.unwrap()).collect()
    }

    fn add(conn: &Connection, list_id: i64, n: usize, tag: &str) {
        for i in 0..n {
            let state = if i % 7 == 0 { "unsubscribed" } else { "active" };
            conn.execute(
                "INSERT INTO members (list_id, email, state, optin_time, lastedit_time) VALUES (?1, ?2, ?3, 'x', 'x')",
                params![list_id, format!("{tag}{i}@example.com"), state],
            )
            .unwrap();
        }
    }

    fn agree(conn: &Connection, list_id: i64) {
        for state in [None, Some("active"), Some("unsubscribed")] {
            for start in [0, 1, 999, 1000, 1001, 2345, 3999, 4100, 9000] {
                assert_eq!(
                    ids(conn, list_id, state, start, 50),
                    walked(conn, list_id, state, start, 50),
                    "{state:?} {start}"
                );
            }
        }
    }

    #[test]
    fn pages_from_anchors_match_walking_the_list_through_every_change() {
        let conn = store::open(None).unwrap();
        for name in ["A", "B"] {
            conn.execute("INSERT INTO lists (name, creation_date) VALUES (?1, 'x')", [name]).unwrap();
        }
        add(&conn, 1, 2600, "a");
        add(&conn, 2, 1500, "b");
        add(&conn, 1, 1200, "c");
        agree(&conn, 1);
        add(&conn, 1, 300, "d");
        agree(&conn, 1);
        conn.execute("DELETE FROM members WHERE list_id = 1 AND id % 11 = 0", []).unwrap();
        agree(&conn, 1);
        conn.execute("UPDATE members SET state = 'bounced' WHERE list_id = 1 AND id % 13 = 0", []).unwrap();
        agree(&conn, 1);
        conn.execute("UPDATE members SET list_id = 1 WHERE list_id = 2 AND id % 3 = 0", []).unwrap();
        agree(&conn, 1);
        agree(&conn, 2);
    }

    #[test]
    fn members_appended_in_batches_are_anchored_as_they_come() {
        let conn = store::open(None).unwrap();
        for name in ["A", "B"] {
            conn.execute("INSERT INTO lists (name, creation_date) VALUES (?1, 'x')", [name]).unwrap();
        }
        let anchored = |list: i64| -> Vec<i64> {
            let mut stmt = conn
                .prepare("SELECT position FROM page_anchors WHERE list_id = ?1 AND state = '' ORDER BY position")
                .unwrap();
            stmt.query_map([list], |r| r.get(0)).unwrap().map(|r| r.unwrap()).collect()
        };
        for (list, n, tag) in [(1, 700, "a"), (2, 900, "b"), (1, 700, "c"), (1, 1800, "d")] {
            add(&conn, list, n, tag);
            appended(&conn, list).unwrap();
        }
        assert_eq!(anchored(1), [0, 1000, 2000, 3000], "every thousandth member of A, without a deep read");
        agree(&conn, 1);
        agree(&conn, 2);
        conn.execute("DELETE FROM members WHERE list_id = 1 AND id % 5 = 0", []).unwrap();
        add(&conn, 1, 100, "e");
        appended(&conn, 1).unwrap();
        agree(&conn, 1);
    }
}
