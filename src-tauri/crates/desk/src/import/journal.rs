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
//! A line cut short by the computer stopping is cut off the file before the
//! next line is written after it, so it never swallows that line.
//!
//! One file per import, `<data>/imports/<account>/<id>.jsonl`, the user's
//! alone (it names their file and holds refused addresses); an ended
//! import's journal stays as the history of the account's file imports for
//! [`KEPT_FOR_DAYS`] days after it ended.

use super::plan::ImportPlan;
use crate::journal_file::JournalFile;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Days an ended import's journal is kept after its end.
pub const KEPT_FOR_DAYS: i64 = 30;

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

/// The file as it was when the import began: its size, and when it was
/// changed last. A file of another size is not resumed; its content is
/// then told by its hash ([`Line::Hashed`]), and only when no hash was
/// kept (a journal of an earlier version) by the time of its change.
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
    /// The service refused one row, with its words. `again`: the row was
    /// sent in place of an earlier refused row with the same address.
    Refused {
        row: u64,
        address: String,
        message: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        again: bool,
    },
    /// The service took one row sent in place of an earlier row with the
    /// same address that it refused (see [`super::plan::Fate::SendAgain`]).
    SentAgain {
        row: u64,
    },
    /// The whole file was read: its data rows, and of them the ones to send.
    Counted {
        rows: u64,
        to_send: u64,
    },
    /// The file's SHA-256, hex: a resumed import sends from the same bytes.
    Hashed {
        sha256: String,
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
    /// Rows the service took in place of a refused row with their address.
    pub sent_again: Vec<u64>,
    /// Rows sent in place of a refused row, taken or refused: rows to send
    /// beyond the count, which never knows of the service's refusals.
    pub again: u64,
    /// The file's data rows and the ones to send, once counted.
    pub counted: Option<(u64, u64)>,
    /// The file's SHA-256, once read.
    pub sha256: Option<String>,
    pub ended: Option<(Ending, String, Option<u64>)>,
}

impl Journal {
    /// What the service was sent or refused, for quick look-ups while
    /// reading a file of a million rows.
    pub fn covered(&self) -> Covered {
        let mut spans: Vec<(u64, u64)> = self.sent.clone();
        spans.extend(self.refused.iter().map(|r| (r.0, r.0)));
        spans.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(spans.len());
        for (from, to) in spans {
            match merged.last_mut() {
                Some(last) if from <= last.1.saturating_add(1) => last.1 = last.1.max(to),
                _ => merged.push((from, to)),
            }
        }
        let one_by_one = self.refused_rows().into_iter().chain(self.sent_again.iter().copied()).collect();
        Covered { spans: merged, one_by_one }
    }

    /// The rows the service refused.
    pub fn refused_rows(&self) -> HashSet<u64> {
        self.refused.iter().map(|r| r.0).collect()
    }

    /// Rows to send in all, once the file is counted.
    pub fn to_send(&self) -> Option<u64> {
        self.counted.map(|(_, to_send)| to_send + self.again)
    }
}

/// Rows covered by a journal, looked up by row.
#[derive(Debug, Clone, Default)]
pub struct Covered {
    /// The spans of rows sent in batches, and the refused rows, merged.
    spans: Vec<(u64, u64)>,
    /// Rows answered one by one: refused, or sent again.
    one_by_one: HashSet<u64>,
}

impl Covered {
    /// Whether a row sent in a batch was answered. A span covers the rows
    /// between its ends that were sent, and so those skipped then.
    pub fn contains(&self, row: u64) -> bool {
        let at = self.spans.partition_point(|(from, _)| *from <= row);
        at > 0 && self.spans[at - 1].1 >= row
    }

    /// Whether a row sent on its own was answered: a row skipped as a
    /// repeat inside a batch's span, sent again later, is covered only by
    /// a line of its own.
    pub fn contains_alone(&self, row: u64) -> bool {
        self.one_by_one.contains(&row)
    }
}

/// Writes a journal's lines, each flushed to the disk before the next
/// batch is counted as taken.
pub struct Writer {
    file: JournalFile,
    synced: std::time::Instant,
}

/// The longest a journal's lines wait to be made durable.
const SYNC_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl Writer {
    /// Starts a journal with its header, readable by the user alone.
    pub fn create(path: &Path, header: &Header) -> std::io::Result<Writer> {
        if let Some(folder) = path.parent() {
            crate::private::create_dir_all(folder)?;
        }
        let mut file = JournalFile::create_new(path)?;
        file.append(header, true)?;
        Ok(Writer { file, synced: std::time::Instant::now() })
    }

    /// Goes on with a journal, after cutting off a last line the computer
    /// stopped in the middle of.
    pub fn reopen(path: &Path) -> std::io::Result<Writer> {
        Ok(Writer { file: JournalFile::reopen(path)?, synced: std::time::Instant::now() })
    }

    pub fn append(&mut self, line: &Line) -> std::io::Result<()> {
        let now = matches!(line, Line::Ended { .. }) || self.synced.elapsed() >= SYNC_EVERY;
        self.file.append(line, now)?;
        if now {
            self.synced = std::time::Instant::now();
        }
        Ok(())
    }
}

impl Drop for Writer {
    /// What is written is made durable when the upload stops (a pause, an end).
    fn drop(&mut self) {
        let _ = self.file.sync();
    }
}

/// Reads a journal. A last line cut short by a crash is left out: the
/// batch it told of is sent again.
pub fn read(path: &Path) -> std::io::Result<Journal> {
    parse(path.to_path_buf(), &std::fs::read(path)?)
}

/// A journal from its bytes, kept at `path`: the header, then every line
/// that reads whole (one cut short, or not the app's, is passed over).
pub fn parse(path: PathBuf, bytes: &[u8]) -> std::io::Result<Journal> {
    let mut lines = bytes.split(|b| *b == b'\n');
    let first = lines.next().filter(|line| !line.is_empty());
    let first = first.ok_or_else(|| std::io::Error::other("an empty journal"))?;
    let header: Header = serde_json::from_slice(first).map_err(std::io::Error::other)?;
    let counted = header.rows.zip(header.to_send);
    let mut journal = Journal {
        path,
        header,
        sent: Vec::new(),
        sent_rows: 0,
        refused: Vec::new(),
        sent_again: Vec::new(),
        again: 0,
        counted,
        sha256: None,
        ended: None,
    };
    for line in lines {
        let Ok(line) = serde_json::from_slice::<Line>(line) else { continue };
        match line {
            Line::Sent { from, to, rows } => {
                journal.sent.push((from, to));
                journal.sent_rows = journal.sent_rows.saturating_add(rows);
            }
            Line::Refused { row, address, message, again } => {
                journal.refused.push((row, address, message));
                journal.again += u64::from(again);
            }
            Line::SentAgain { row } => {
                journal.sent_again.push(row);
                journal.sent_rows += 1;
                journal.again += 1;
            }
            Line::Counted { rows, to_send } => journal.counted = Some((rows, to_send)),
            Line::Hashed { sha256 } => journal.sha256 = Some(sha256),
            Line::Ended { ending, at, members_after } => journal.ended = Some((ending, at, members_after)),
        }
    }
    Ok(journal)
}

/// The journals in `folder`, their paths: the files the app names so.
fn journal_paths(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "jsonl")).collect()
}

/// The account's journals, newest first; unreadable ones passed over.
pub fn all_in(folder: &Path) -> Vec<Journal> {
    let mut journals: Vec<Journal> = journal_paths(folder).iter().filter_map(|p| read(p).ok()).collect();
    journals.sort_by(|a, b| b.header.started_at.cmp(&a.header.started_at));
    journals
}

/// Removes the journals of imports that ended more than
/// [`KEPT_FOR_DAYS`] days before `now`; those stopped short of their end
/// stay, to be resumed. Only a file untouched as long is read at all (its
/// end is its last line).
pub fn prune(folder: &Path, now: chrono::DateTime<chrono::Utc>) {
    let kept_for = chrono::Duration::days(KEPT_FOR_DAYS);
    let untouched = |path: &Path| {
        let changed = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        changed.is_some_and(|at| now - chrono::DateTime::<chrono::Utc>::from(at) > kept_for)
    };
    for path in journal_paths(folder).into_iter().filter(|p| untouched(p)) {
        let Ok(journal) = read(&path) else { continue };
        let Some((_, at, _)) = journal.ended else { continue };
        let ended = chrono::DateTime::parse_from_rfc3339(&at).map(|at| at.with_timezone(&chrono::Utc));
        if ended.is_ok_and(|ended| now - ended > kept_for) {
            if let Err(err) = std::fs::remove_file(&path) {
                log::warn!("an old import's journal was not removed: {err}");
            }
        }
    }
}

#[cfg(test)]
mod tests;
