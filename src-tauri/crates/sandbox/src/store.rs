//! SQLite storage: a file, or memory for tests.

use rusqlite::Connection;
use std::path::Path;

/// The tables, made when missing (`IF NOT EXISTS`): a new store, or one a
/// run before left, which keeps its data.
const SCHEMA: &str = include_str!("schema.sql");

pub fn open(path: Option<&Path>) -> rusqlite::Result<Connection> {
    let conn = match path {
        Some(path) => Connection::open(path)?,
        None => Connection::open_in_memory()?,
    };
    conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")?;
    conn.execute_batch(SCHEMA)?;
    keep_last_message_times(&conn)?;
    conn.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS event_anchors (
            campaign_id INTEGER NOT NULL, from_time TEXT NOT NULL, version INTEGER NOT NULL,
            position INTEGER NOT NULL, event_time TEXT NOT NULL, id INTEGER NOT NULL,
            PRIMARY KEY (campaign_id, from_time, position))",
    )?;
    conn.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS page_anchors (
            list_id INTEGER NOT NULL, state TEXT NOT NULL, version INTEGER NOT NULL,
            position INTEGER NOT NULL, member_id INTEGER NOT NULL,
            PRIMARY KEY (list_id, state, position))",
    )?;
    Ok(conn)
}

/// Each dialog keeps the time of its newest message (which may still be
/// ahead of the simulated clock), so the dialog list sorts without working
/// it out for every dialog. Stores made before the column existed gain it.
fn keep_last_message_times(conn: &Connection) -> rusqlite::Result<()> {
    let has_column: bool =
        conn.query_row("SELECT count(*) FROM pragma_table_info('dialogs') WHERE name = 'last_message_at'", [], |r| {
            r.get(0)
        })?;
    if !has_column {
        conn.execute_batch(
            "ALTER TABLE dialogs ADD COLUMN last_message_at TEXT;
             UPDATE dialogs SET last_message_at = (SELECT max(created_at) FROM dialog_messages m WHERE m.dialog_id = dialogs.id);",
        )?;
    }
    conn.execute_batch(
        "CREATE TRIGGER IF NOT EXISTS dialog_last_message AFTER INSERT ON dialog_messages BEGIN
             UPDATE dialogs SET last_message_at = max(coalesce(last_message_at, ''), NEW.created_at) WHERE id = NEW.dialog_id;
         END;",
    )
}

/// Removes a store file and the journal files SQLite keeps beside it; a
/// file that is not there is no error.
pub fn remove(path: &Path) -> std::io::Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        match std::fs::remove_file(&name) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

pub fn setting(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    use rusqlite::OptionalExtension;
    conn.query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| r.get(0)).optional()
}

pub fn set_setting(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2",
        [key, value],
    )?;
    Ok(())
}

/// The service's timestamp form, `YYYY-MM-DD HH:MM:SS`.
pub const STAMP: &str = "%Y-%m-%d %H:%M:%S";

pub fn stamp(time: chrono::NaiveDateTime) -> String {
    time.format(STAMP).to_string()
}

/// A timestamp in the service's form, or `None`.
pub fn parse_stamp(text: &str) -> Option<chrono::NaiveDateTime> {
    chrono::NaiveDateTime::parse_from_str(text.trim(), STAMP).ok()
}

/// Now, in the service's form.
pub fn now() -> String {
    stamp(chrono::Local::now().naive_local())
}

#[cfg(test)]
mod upgrade_tests {
    #[test]
    fn a_store_from_before_dialogs_kept_their_last_message_time_gains_it() {
        let dir = tempfile::Builder::new().prefix("sandbox-upgrade-").tempdir().unwrap();
        let path = dir.path().join("store.db");
        {
            let old = rusqlite::Connection::open(&path).unwrap();
            old.execute_batch(
                "CREATE TABLE dialogs (id INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL, list_id INTEGER NOT NULL,
                    member_id INTEGER NOT NULL, subscriber_email TEXT NOT NULL, subject TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'open', created_at TEXT NOT NULL);
                 INSERT INTO dialogs VALUES (1, 1, 1, 1, 'ann@example.com', 'Re: Sale', 'open', '2026-03-01 10:00:00');",
            )
            .unwrap();
        }
        let conn = super::open(Some(&path)).unwrap();
        conn.execute(
            "INSERT INTO dialog_messages (dialog_id, direction, from_email, from_name, subject, body_text, body_html,
                body_text_clean, body_html_clean, created_at)
             VALUES (1, 'in', 'ann@example.com', '', 'Re: Sale', 'Hi', '', 'Hi', '', '2026-03-02 09:00:00')",
            [],
        )
        .unwrap();
        let last: String =
            conn.query_row("SELECT last_message_at FROM dialogs WHERE id = 1", [], |r| r.get(0)).unwrap();
        assert_eq!(last, "2026-03-02 09:00:00");
    }
}
