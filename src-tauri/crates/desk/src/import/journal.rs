//! An import's journal on disk: what was decided, then one line per batch
//! the service took (the file's rows it covered), per row it refused, and
//! how the import ended. Each line is handed to the system as its batch is
//! answered, so after a lost connection, a crash of the app or a restart
//! the import goes on from the rows no line covers. A batch in flight when
//! the app stopped has no line and is sent again: the service keys a
//! list's subscribers by address, so the batch adds nobody twice.
//!
//! For the same reason a line need not reach the disk itself before the
//! next batch goes: the system loses the last lines only when the computer
//! itself stops, and then their batches are sent again to no harm. Lines
//! are made durable at most a second apart, and the first and last at once,
//! which keeps a million-row import from waiting on the disk a thousand
//! times.
//!
//! One file per import, `<data>/imports/<account>/<id>.jsonl`; an ended
//! import's journal stays as the history of the account's file imports.

use super::plan::ImportPlan;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// How an import ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Ending {
    /// Every row was sent or skipped.
    Finished,
    /// The marketer stopped it for good.
    Cancelled,
}

/// The file as it was when the import began: a changed file is not resumed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileMark {
    pub size: u64,
    pub modified_ms: i64,
}

impl FileMark {
    pub fn of(path: &Path) -> std::io::Result<FileMark> {
        let meta = std::fs::metadata(path)?;
        let modified_ms = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_millis() as i64);
        Ok(FileMark { size: meta.len(), modified_ms })
    }
}

/// The journal's first line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Header {
    pub id: String,
    pub started_at: String,
    pub list_name: String,
    /// The file on this computer.
    pub path: String,
    /// The plan with every new field made: columns name fields by number.
    pub plan: ImportPlan,
    pub file: FileMark,
    /// Data rows in the file, and of them the ones to send, when known at
    /// the start; an import counts them while it sends ([`Line::Counted`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_send: Option<u64>,
    /// Subscribers in the list before: after minus before are the new ones.
    pub members_before: Option<u64>,
}

/// A line after the first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "line")]
pub enum Line {
    /// The service took the batch of the file's rows `from..=to` that were
    /// to be sent: `rows` of them.
    Sent {
        from: u64,
        to: u64,
        rows: u64,
    },
    /// The service refused one row, with its words.
    Refused {
        row: u64,
        address: String,
        message: String,
    },
    /// The whole file was read: its data rows, and of them the ones to send.
    Counted {
        rows: u64,
        to_send: u64,
    },
    Ended {
        ending: Ending,
        at: String,
        members_after: Option<u64>,
    },
}

/// A journal as read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Journal {
    pub path: PathBuf,
    pub header: Header,
    /// The spans of rows taken, as written.
    pub sent: Vec<(u64, u64)>,
    pub sent_rows: u64,
    pub refused: Vec<(u64, String, String)>,
    /// The file's data rows and the ones to send, once counted.
    pub counted: Option<(u64, u64)>,
    pub ended: Option<(Ending, String, Option<u64>)>,
}

impl Journal {
    /// The spans, sorted and merged, for quick look-ups while reading a
    /// file of a million rows.
    pub fn covered(&self) -> Covered {
        let mut spans: Vec<(u64, u64)> = self.sent.clone();
        spans.extend(self.refused.iter().map(|r| (r.0, r.0)));
        spans.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(spans.len());
        for (from, to) in spans {
            match merged.last_mut() {
                Some(last) if from <= last.1 + 1 => last.1 = last.1.max(to),
                _ => merged.push((from, to)),
            }
        }
        Covered(merged)
    }
}

/// Rows covered by a journal, looked up by row.
#[derive(Debug, Clone, Default)]
pub struct Covered(Vec<(u64, u64)>);

impl Covered {
    pub fn contains(&self, row: u64) -> bool {
        let at = self.0.partition_point(|(from, _)| *from <= row);
        at > 0 && self.0[at - 1].1 >= row
    }
}

/// Writes a journal's lines, each flushed to the disk before the next
/// batch is counted as taken.
pub struct Writer {
    file: File,
    synced: std::time::Instant,
}

/// The longest a journal's lines wait to be made durable.
const SYNC_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl Writer {
    /// Starts a journal with its header.
    pub fn create(path: &Path, header: &Header) -> std::io::Result<Writer> {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        let file = OpenOptions::new().create_new(true).append(true).open(path)?;
        let mut writer = Writer { file, synced: std::time::Instant::now() };
        writer.append_json(header, true)?;
        Ok(writer)
    }

    /// Goes on with a journal.
    pub fn reopen(path: &Path) -> std::io::Result<Writer> {
        Ok(Writer { file: OpenOptions::new().append(true).open(path)?, synced: std::time::Instant::now() })
    }

    pub fn append(&mut self, line: &Line) -> std::io::Result<()> {
        let now = matches!(line, Line::Ended { .. }) || self.synced.elapsed() >= SYNC_EVERY;
        self.append_json(line, now)
    }

    fn append_json<T: Serialize>(&mut self, value: &T, sync: bool) -> std::io::Result<()> {
        let mut bytes = serde_json::to_vec(value).map_err(std::io::Error::other)?;
        bytes.push(b'\n');
        self.file.write_all(&bytes)?;
        if sync {
            self.file.sync_data()?;
            self.synced = std::time::Instant::now();
        }
        Ok(())
    }
}

impl Drop for Writer {
    /// What is written is made durable when the upload stops (a pause, an end).
    fn drop(&mut self) {
        let _ = self.file.sync_data();
    }
}

/// Reads a journal. A last line cut short by a crash is left out: the
/// batch it told of is sent again.
pub fn read(path: &Path) -> std::io::Result<Journal> {
    let mut lines = BufReader::new(File::open(path)?).lines();
    let first = lines.next().ok_or_else(|| std::io::Error::other("an empty journal"))??;
    let header: Header = serde_json::from_str(&first).map_err(std::io::Error::other)?;
    let counted = header.rows.zip(header.to_send);
    let mut journal = Journal {
        path: path.to_path_buf(),
        header,
        sent: Vec::new(),
        sent_rows: 0,
        refused: Vec::new(),
        counted,
        ended: None,
    };
    for line in lines {
        let Ok(line) = serde_json::from_str::<Line>(&line?) else { continue };
        match line {
            Line::Sent { from, to, rows } => {
                journal.sent.push((from, to));
                journal.sent_rows += rows;
            }
            Line::Refused { row, address, message } => journal.refused.push((row, address, message)),
            Line::Counted { rows, to_send } => journal.counted = Some((rows, to_send)),
            Line::Ended { ending, at, members_after } => journal.ended = Some((ending, at, members_after)),
        }
    }
    Ok(journal)
}

/// The account's journals, newest first; unreadable ones passed over.
pub fn all_in(folder: &Path) -> Vec<Journal> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut journals: Vec<Journal> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .filter_map(|p| read(&p).ok())
        .collect();
    journals.sort_by(|a, b| b.header.started_at.cmp(&a.header.started_at));
    journals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::plan::{Choices, ColumnUse};

    fn header() -> Header {
        Header {
            id: "i1".into(),
            started_at: "2026-11-26T09:00:00Z".into(),
            list_name: "Клиенты".into(),
            path: "/tmp/a.csv".into(),
            plan: ImportPlan {
                list_id: 3,
                file_id: "f1".into(),
                header: true,
                columns: vec![ColumnUse::Address],
                choices: Choices { fix_typos: true, keep_roles: false, update_existing: false },
            },
            file: FileMark { size: 10, modified_ms: 1 },
            rows: None,
            to_send: None,
            members_before: Some(4),
        }
    }

    #[test]
    fn what_was_taken_is_read_back_and_a_line_cut_by_a_crash_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("imports").join("i1.jsonl");
        let mut writer = Writer::create(&path, &header()).unwrap();
        writer.append(&Line::Sent { from: 2, to: 5, rows: 4 }).unwrap();
        writer.append(&Line::Refused { row: 7, address: "x@y".into(), message: "bad".into() }).unwrap();
        assert_eq!(read(&path).unwrap().counted, None, "not counted yet");
        writer.append(&Line::Counted { rows: 10, to_send: 9 }).unwrap();
        drop(writer);
        Writer::reopen(&path).unwrap().append(&Line::Sent { from: 8, to: 9, rows: 2 }).unwrap();
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"{\"line\":\"sent\",\"fr").unwrap();
        let journal = read(&path).unwrap();
        assert_eq!(journal.header, header());
        assert_eq!((journal.sent.clone(), journal.sent_rows, journal.ended.clone()), (vec![(2, 5), (8, 9)], 6, None));
        assert_eq!(journal.counted, Some((10, 9)));
        let covered = journal.covered();
        let rows: Vec<u64> = (1..=11).filter(|r| covered.contains(*r)).collect();
        assert_eq!(rows, vec![2, 3, 4, 5, 7, 8, 9]);
        assert_eq!(all_in(&dir.path().join("imports")).len(), 1);
        assert!(Writer::create(&path, &header()).is_err(), "a journal is never started over another");
    }
}
