//! A change of many's journal on disk: the records it is for, as read and
//! confirmed, then one line per record as the service answers for it, and
//! how it ended. Each line reaches the disk before the next record's answer
//! is counted, so when the app stops in the middle (a crash, the power, a
//! kill) the next opening of the account says what was done and what was
//! not: deletes cannot be undone, and the user must know which went.
//!
//! One file per change, `<data>/changes/<account>/<id>.jsonl`, the user's
//! alone (0600 in a 0700 folder): it holds subscribers' addresses. A change
//! that ended keeps its journal until newer ones push it out; one that was
//! interrupted stays until the user has seen it.

use super::one::{BulkAction, SubscriberRef};
use crate::journal_file::JournalFile;
use crate::session::{AccountDir, AreaState, Session};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Ended journals kept as the account's history of changes of many.
const KEPT_ENDED: usize = 20;
/// Addresses an interrupted change names, of those done and of those not.
const NAMED: usize = 50;

/// A line of the journal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "line", rename_all_fields = "camelCase")]
enum Line {
    /// The first: what the change is, and every record it is for.
    Began { id: String, started_at: String, list_id: i64, action: BulkAction, records: Vec<(i64, String)> },
    /// The service changed this record (by its place among the records).
    Done { at: usize },
    /// The service did not change this record.
    Failed { at: usize },
    /// The change ended: every record was tried, or the user stopped it.
    Ended { cancelled: bool },
}

/// A change of many that did not end: the app stopped in its middle.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct InterruptedChange {
    pub id: String,
    /// RFC 3339, UTC.
    pub started_at: String,
    pub list_id: i64,
    pub action: BulkAction,
    /// Records it was for.
    pub total: u64,
    /// Records the service changed.
    pub done: u64,
    /// Records the service refused to change.
    pub failed: u64,
    /// The first addresses changed.
    pub done_emails: Vec<String>,
    /// The first addresses not changed, or whose answer never came (the
    /// few in flight when the app stopped may have been).
    pub not_done_emails: Vec<String>,
}

/// Where the account's journals are (`None` keeps none), and those begun
/// since the app started: running or ended, never interrupted.
pub(super) struct Journals {
    folder: Option<PathBuf>,
    begun: Mutex<Vec<String>>,
}

impl AreaState for Journals {
    fn open(dir: Option<&AccountDir>) -> Self {
        Journals { folder: dir.map(|d| d.dir("changes")), begun: Mutex::default() }
    }
}

impl Session {
    /// The same, keeping changes of many's journals in `dir`, as an
    /// account's session does in its data folder.
    pub fn keeping_changes_in(self, dir: PathBuf) -> Self {
        self.with(Journals { folder: Some(dir), begun: Mutex::default() })
    }
}

/// Writes one change's journal, each line made durable as it is written.
pub(super) struct Writer {
    file: JournalFile,
}

impl Writer {
    /// Starts the journal of a change of `action` to `records`; `None` when
    /// the session keeps no journals. A journal that cannot be written
    /// stops the change before anything is changed.
    pub(super) fn begin(
        session: &Session,
        list_id: i64,
        action: BulkAction,
        records: &[SubscriberRef],
    ) -> std::io::Result<Option<Writer>> {
        let journals = session.state::<Journals>();
        let Some(folder) = &journals.folder else { return Ok(None) };
        crate::private::create_dir_all(folder)?;
        prune(folder);
        let now = chrono::Utc::now();
        let (id, file) = new_file(folder, &now)?;
        journals.begun.lock().unwrap_or_else(|p| p.into_inner()).push(id.clone());
        let mut writer = Writer { file };
        writer.append(&Line::Began {
            id,
            started_at: now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            list_id,
            action,
            records: records.iter().map(|r| (r.member_id, r.email.clone())).collect(),
        })?;
        Ok(Some(writer))
    }

    /// The record at `at` was changed, or not.
    pub(super) fn went(&mut self, at: usize, done: bool) -> std::io::Result<()> {
        self.append(&if done { Line::Done { at } } else { Line::Failed { at } })
    }

    pub(super) fn ended(mut self, cancelled: bool) -> std::io::Result<()> {
        self.append(&Line::Ended { cancelled })
    }

    fn append(&mut self, line: &Line) -> std::io::Result<()> {
        self.file.append(line, true)
    }
}

/// A journal file of its own, named by the time (newest last in name order).
fn new_file(folder: &Path, now: &chrono::DateTime<chrono::Utc>) -> std::io::Result<(String, JournalFile)> {
    let mut tries = 0;
    loop {
        let id = format!("{}-{:04}", now.format("%Y%m%d-%H%M%S-%3f"), fastrand::u16(..10000));
        match JournalFile::create_new(&folder.join(format!("{id}.jsonl"))) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && tries < 8 => tries += 1,
            opened => return opened.map(|file| (id, file)),
        }
    }
}

/// A journal as read back.
struct Read {
    path: PathBuf,
    began: Line,
    went: Vec<(usize, bool)>,
    ended: bool,
}

/// Reads a journal; a last line cut short by the crash is left out (its
/// record is said not done, as its answer never reached the journal).
fn read(path: &Path) -> std::io::Result<Read> {
    let mut lines = BufReader::new(File::open(path)?).lines();
    let first = lines.next().ok_or_else(|| std::io::Error::other("an empty journal"))??;
    let began: Line = serde_json::from_str(&first).map_err(std::io::Error::other)?;
    if !matches!(began, Line::Began { .. }) {
        return Err(std::io::Error::other("a journal without its first line"));
    }
    let mut journal = Read { path: path.to_path_buf(), began, went: Vec::new(), ended: false };
    for line in lines {
        match serde_json::from_str::<Line>(&line?) {
            Ok(Line::Done { at }) => journal.went.push((at, true)),
            Ok(Line::Failed { at }) => journal.went.push((at, false)),
            Ok(Line::Ended { .. }) => journal.ended = true,
            Ok(Line::Began { .. }) | Err(_) => {}
        }
    }
    Ok(journal)
}

/// The account's journals, newest first; unreadable ones passed over.
fn all_in(folder: &Path) -> Vec<Read> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut journals: Vec<Read> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .filter_map(|p| read(&p).ok())
        .collect();
    journals.sort_by(|a, b| b.path.cmp(&a.path));
    journals
}

/// Removes the oldest ended journals past those kept.
fn prune(folder: &Path) {
    for old in all_in(folder).into_iter().filter(|j| j.ended).skip(KEPT_ENDED) {
        let _ = std::fs::remove_file(old.path);
    }
}

impl Read {
    fn interrupted(self) -> Option<InterruptedChange> {
        let Line::Began { id, started_at, list_id, action, records } = self.began else { return None };
        let mut done = vec![false; records.len()];
        let mut failed = 0;
        for (at, went) in self.went {
            match done.get_mut(at) {
                Some(slot) if went => *slot = true,
                Some(_) => failed += 1,
                None => {}
            }
        }
        let emails = |wanted: bool| -> Vec<String> {
            records.iter().zip(&done).filter(|(_, d)| **d == wanted).take(NAMED).map(|(r, _)| r.1.clone()).collect()
        };
        Some(InterruptedChange {
            id,
            started_at,
            list_id,
            action,
            total: records.len() as u64,
            done: done.iter().filter(|d| **d).count() as u64,
            failed,
            done_emails: emails(true),
            not_done_emails: emails(false),
        })
    }
}

/// The changes of many of the account that the app stopped in their
/// middle (it ended before they did), newest first.
pub fn interrupted_changes(session: &Session) -> Vec<InterruptedChange> {
    let journals = session.state::<Journals>();
    let Some(folder) = &journals.folder else { return Vec::new() };
    let begun = journals.begun.lock().unwrap_or_else(|p| p.into_inner()).clone();
    all_in(folder)
        .into_iter()
        .filter(|j| !j.ended)
        .filter_map(Read::interrupted)
        .filter(|c| !begun.contains(&c.id))
        .collect()
}

/// The user has seen what an interrupted change did: its journal is
/// closed as ended, kept with the others.
pub fn dismiss_interrupted(session: &Session, id: &str) -> std::io::Result<()> {
    let journals = session.state::<Journals>();
    let Some(folder) = &journals.folder else { return Ok(()) };
    let Some(path) = crate::journal_file::path_of(folder, id).filter(|p| p.exists()) else { return Ok(()) };
    Writer { file: JournalFile::reopen(&path)? }.ended(false)
}

/// The user has seen what an interrupted change of many did: it is no
/// longer said.
pub fn dismiss_interrupted_change(session: &Session, id: &str) -> crate::error::Result<()> {
    dismiss_interrupted(session, id).map_err(|e| crate::error::DeskError::StorageFailed {
        action: super::Action::ChangeSubscribers.into(),
        path: "changes".into(),
        detail: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn session(dir: &Path) -> Session {
        let client = api::Client::new("http://127.0.0.1:9", api::ApiKey::new("k")).unwrap();
        Session::for_client(client).keeping_changes_in(dir.to_path_buf())
    }

    fn records(n: i64) -> Vec<SubscriberRef> {
        (0..n).map(|i| SubscriberRef { list_id: 3, member_id: i, email: format!("guest{i}@zerno.ru") }).collect()
    }

    #[test]
    fn a_change_stopped_in_its_middle_says_what_was_done_and_a_torn_line_is_not_done() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        let mut writer = Writer::begin(&session, 3, BulkAction::Delete, &records(5)).unwrap().unwrap();
        writer.went(1, true).unwrap();
        writer.went(0, true).unwrap();
        writer.went(2, false).unwrap();
        drop(writer);
        let path = std::fs::read_dir(dir.path()).unwrap().next().unwrap().unwrap().path();
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(br#"{"line":"done","a"#).unwrap();

        assert!(interrupted_changes(&session).is_empty(), "not while the app that began it runs");
        let session = self::session(dir.path());
        let found = interrupted_changes(&session);
        assert_eq!(found.len(), 1, "the next run of the app sees it");
        let change = &found[0];
        assert_eq!((change.total, change.done, change.failed, change.list_id), (5, 2, 1, 3));
        assert_eq!(change.action, BulkAction::Delete);
        assert_eq!(change.done_emails, ["guest0@zerno.ru", "guest1@zerno.ru"]);
        assert_eq!(change.not_done_emails, ["guest2@zerno.ru", "guest3@zerno.ru", "guest4@zerno.ru"]);

        dismiss_interrupted(&session, &change.id).unwrap();
        assert!(interrupted_changes(&self::session(dir.path())).is_empty(), "seen: kept as ended");
        assert!(path.exists());
    }

    #[test]
    fn a_change_that_ended_is_not_said_interrupted() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        let mut writer = Writer::begin(&session, 3, BulkAction::Unsubscribe, &records(2)).unwrap().unwrap();
        writer.went(0, true).unwrap();
        writer.ended(true).unwrap();
        assert!(interrupted_changes(&self::session(dir.path())).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_journal_is_the_users_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("changes").join("acct");
        let session = session(&folder);
        drop(Writer::begin(&session, 3, BulkAction::Delete, &records(1)).unwrap());
        let file = std::fs::read_dir(&folder).unwrap().next().unwrap().unwrap().path();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!((mode(&folder), mode(&file)), (0o700, 0o600));
    }

    #[test]
    fn only_the_newest_ended_journals_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        let interrupted = Writer::begin(&session, 3, BulkAction::Delete, &records(1)).unwrap().unwrap();
        drop(interrupted);
        for _ in 0..KEPT_ENDED + 3 {
            Writer::begin(&session, 3, BulkAction::Delete, &records(1)).unwrap().unwrap().ended(false).unwrap();
        }
        let left = std::fs::read_dir(dir.path()).unwrap().count();
        assert!(left <= KEPT_ENDED + 2, "{left} journals left");
        assert_eq!(interrupted_changes(&self::session(dir.path())).len(), 1, "an interrupted one stays until seen");
    }
}
