//! An import of a file started, resumed, paused and cancelled, and the
//! account's imports read back from their journals.
//!
//! Starting one reads the account's excluded addresses, makes the new
//! fields the plan asks for ([`super::fields`]) and writes the journal's
//! header; then the rows go, counted as they go (see [`super::upload`]). A
//! resumed import checks the file is the one it began with, by its bytes,
//! and sends what its journal does not cover. A start, a resume and the
//! cancel of a stopped import each claim the import before anything else
//! (see [`super::state`]): a pause or a cancel that comes while a resume
//! starts reaches it, and one journal is never sent by two runs.

use super::failures::ImportFailure;
use super::fields::with_fields_made;
use super::gather::hash_file;
use super::journal::{self, Ending, FileMark, Header, Journal, Line, Writer};
use super::plan::{Excluded, ImportPlan};
use super::preview::{excluded, picked_path};
use super::state::Claim;
use super::upload::send_rows;
use super::upload_state::{Control, Counts, Halt, Tuning};
use super::views::{ImportProgress, ImportRecord, ImportStatus};
use super::Action;
use crate::error::{failed, DeskError, FileProblem, Result};
use crate::files::file_name;
use crate::session::Session;
use crate::work::Kind;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Starts importing a picked file into a list as planned; answers when the
/// import ends, is paused, or stops on a failure (then it can be resumed).
pub async fn start(
    session: &Session,
    plan: &ImportPlan,
    tuning: Tuning,
    progress: impl Fn(ImportProgress) + Send + Sync,
) -> Result<ImportRecord> {
    let imports = session.imports();
    let folder = imports.journals().ok_or_else(|| DeskError::Internal { detail: "no folder for journals".into() })?;
    let path = picked_path(session, &plan.file_id)?;
    if plan.email_column().is_none() {
        return Err(refused(FileProblem::NoAddressColumn, ""));
    }
    let id = format!("{}-{:04}", chrono::Utc::now().format("%Y%m%d-%H%M%S"), fastrand::u16(..10000));
    let claim = imports.claim(&id).ok_or_else(|| DeskError::Internal { detail: format!("{id} runs already") })?;
    // A close, a quit or an update asks first while it runs.
    let _under_way = session.long_work().begin(Kind::Import);
    let list = api::lists::get(session.client(), plan.list_id).await.map_err(failed(Action::StartImport))?;
    // Read before any field is made: a read that fails leaves the list as it was.
    let excluded = excluded(session).await?;
    let plan = with_fields_made(session, plan, &list, tuning).await?;
    let header = Header {
        id: id.clone(),
        started_at: now(),
        list_name: list.name.to_string(),
        path: path.display().to_string(),
        plan: plan.clone(),
        file: FileMark::of(&path).map_err(|e| refused(FileProblem::NotRead, e))?,
        rows: None,
        to_send: None,
        members_before: Some(*list.counts.count_all as u64),
    };
    let journal_path = folder.join(format!("{id}.jsonl"));
    Writer::create(&journal_path, &header).map_err(|e| DeskError::storage(Action::StartImport, &journal_path, e))?;
    if let Ok(file) = super::file::open_file_with(&path, &plan.reading) {
        let names: Vec<String> = file.header().map(<[String]>::to_vec).unwrap_or_default();
        imports.remember(plan.list_id, &names, &plan.columns);
    }
    let journal =
        journal::read(&journal_path).map_err(|e| DeskError::storage(Action::StartImport, &journal_path, e))?;
    go_on(session, claim, journal, excluded, tuning, progress).await
}

/// Goes on with an import stopped short of its end. One that runs already
/// is not run twice: its record says it runs.
pub async fn resume(
    session: &Session,
    import_id: &str,
    tuning: Tuning,
    progress: impl Fn(ImportProgress) + Send + Sync,
) -> Result<ImportRecord> {
    let Some(claim) = session.imports().claim(import_id) else {
        return Ok(record(session, &find(session, import_id)?));
    };
    let _under_way = session.long_work().begin(Kind::Import);
    let journal = find(session, import_id)?;
    if journal.ended.is_some() {
        drop(claim);
        return Ok(record(session, &journal));
    }
    let control = claim.running.control.clone();
    let ready = match same_file(&journal, &control).await {
        Ok(()) => excluded(session).await,
        Err(err) => Err(err),
    };
    match ready {
        Ok(excluded) => go_on(session, claim, journal, excluded, tuning, progress).await,
        // Cancelled or paused while it started: that is what it did.
        Err(_) if control.stopping() => go_on(session, claim, journal, Default::default(), tuning, progress).await,
        Err(err) => Err(err),
    }
}

/// Whether the file is the one the import began with: of the same size
/// and the same bytes (by the hash the journal keeps); a journal without
/// one goes by the time of the file's last change. A check stopped by a
/// pause or a cancel passes: nothing is sent after it.
async fn same_file(journal: &Journal, control: &Control) -> Result<()> {
    let path = PathBuf::from(&journal.header.path);
    let mark = FileMark::of(&path).map_err(|e| refused(FileProblem::NotRead, e))?;
    let Some(kept) = journal.sha256.clone() else {
        return if mark == journal.header.file { Ok(()) } else { Err(refused(FileProblem::Changed, "")) };
    };
    if mark.size != journal.header.file.size {
        return Err(refused(FileProblem::Changed, ""));
    }
    let control = control.clone();
    let hashed = crate::blocking::blocking(move || hash_file(&path, &|| control.stopping()))
        .await?
        .map_err(|e| refused(FileProblem::NotRead, e))?;
    match hashed {
        Some(now) if now != kept => Err(refused(FileProblem::Changed, "")),
        _ => Ok(()),
    }
}

/// Asks a running import to pause: the batches on their way finish.
pub fn pause(session: &Session, import_id: &str) {
    if let Some(running) = session.imports().running(import_id) {
        running.control.pause();
    }
}

/// Stops an import for good: a running one (or one starting) at its next
/// batch, a stopped one at once. What was sent stays in the list.
pub fn cancel(session: &Session, import_id: &str) -> Result<()> {
    let Some(claim) = session.imports().claim_or(import_id, Control::cancel) else { return Ok(()) };
    let journal = find(session, import_id)?;
    if journal.ended.is_none() {
        end(&journal, Ending::Cancelled, None)?;
    }
    drop(claim);
    Ok(())
}

/// The account's imports of files, newest first; `list_id` keeps one list's.
pub fn records(session: &Session, list_id: Option<i64>) -> Vec<ImportRecord> {
    let Some(folder) = session.imports().journals().map(Path::to_path_buf) else { return Vec::new() };
    journal::all_in(&folder)
        .iter()
        .filter(|j| list_id.is_none_or(|id| j.header.plan.list_id == id))
        .map(|j| record(session, j))
        .collect()
}

pub(crate) fn find(session: &Session, import_id: &str) -> Result<Journal> {
    let folder = session.imports().journals().map(Path::to_path_buf);
    let path = folder.and_then(|f| crate::journal_file::path_of(&f, import_id));
    let path = path.ok_or_else(|| DeskError::Internal { detail: format!("no import {import_id}") })?;
    journal::read(&path).map_err(|e| DeskError::storage(Action::ResumeImport, &path, e))
}

fn refused(problem: FileProblem, detail: impl std::fmt::Display) -> DeskError {
    DeskError::in_area(ImportFailure::FileRefused { problem, detail: detail.to_string() })
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Rows per second over the last seconds of an upload.
struct Rate(VecDeque<(Instant, u64)>);

impl Rate {
    const WINDOW_SECS: f64 = 10.0;

    fn note(&mut self, done: u64) -> Option<f64> {
        let now = Instant::now();
        self.0.push_back((now, done));
        while self.0.len() > 2 && now.duration_since(self.0[0].0).as_secs_f64() > Rate::WINDOW_SECS {
            self.0.pop_front();
        }
        let (then, before) = *self.0.front()?;
        let seconds = now.duration_since(then).as_secs_f64();
        (seconds > 0.2).then(|| (done - before) as f64 / seconds)
    }
}

/// Runs the upload of a journal's import under its claim, then writes how
/// it ended; a claim the marketer paused or cancelled sends nothing.
async fn go_on(
    session: &Session,
    claim: Claim,
    journal: Journal,
    excluded: Arc<Excluded>,
    tuning: Tuning,
    progress: impl Fn(ImportProgress) + Send + Sync,
) -> Result<ImportRecord> {
    let id = journal.header.id.clone();
    let running = claim.running.clone();
    let rate = Mutex::new(Rate(VecDeque::new()));
    let shown = running.progress.clone();
    let tell = |counts: &Counts| {
        let done = counts.sent + counts.refused;
        let rows_per_second = rate.lock().unwrap_or_else(|p| p.into_inner()).note(done);
        let to_send = counts.to_send_in_all();
        let left = to_send.map(|to_send| to_send.saturating_sub(done));
        let now = ImportProgress {
            import_id: id.clone(),
            sent: counts.sent,
            refused: counts.refused,
            to_send,
            rows_per_second,
            seconds_left: rows_per_second
                .filter(|r| *r > 0.0)
                .zip(left)
                .map(|(r, left)| (left as f64 / r).ceil() as u64),
            waiting: counts.waiting,
        };
        *shown.lock().unwrap_or_else(|p| p.into_inner()) = now.clone();
        progress(now);
    };
    // The page learns the import's id (to pause or cancel it) before a batch goes.
    tell(&Counts {
        sent: journal.sent_rows,
        refused: journal.refused.len() as u64,
        to_send: journal.counted.map(|(_, to_send)| to_send),
        again: journal.again,
        ..Counts::default()
    });
    let control = &running.control;
    let sent = match (control.cancelled(), control.stopping()) {
        (true, _) => Err(Halt::Cancelled),
        (_, true) => Err(Halt::Paused),
        _ => send_rows(session.client(), &journal, excluded, control, tuning, &tell).await,
    };
    let outcome = match sent {
        Ok(()) => {
            let after = api::lists::get(session.client(), journal.header.plan.list_id).await.ok();
            end(&journal, Ending::Finished, after.map(|l| *l.counts.count_all as u64))
        }
        Err(Halt::Cancelled) => end(&journal, Ending::Cancelled, None),
        Err(Halt::Paused) => Ok(()),
        Err(Halt::NetworkLost) => Err(DeskError::Unreachable {
            action: Action::UploadRows.into(),
            detail: "the service stayed out of reach; the import goes on from where it stopped when resumed".into(),
        }),
        Err(Halt::Failed(err)) => Err(err),
    };
    // Let go once the journal says how it ended, not before: a resume that
    // came meanwhile finds it running, then ended.
    drop(claim);
    outcome?;
    let journal = journal::read(&journal.path).map_err(|e| DeskError::storage(Action::UploadRows, &journal.path, e))?;
    Ok(record(session, &journal))
}

fn end(journal: &Journal, ending: Ending, members_after: Option<u64>) -> Result<()> {
    let line = Line::Ended { ending, at: now(), members_after };
    Writer::reopen(&journal.path)
        .and_then(|mut w| w.append(&line))
        .map_err(|e| DeskError::storage(Action::UploadRows, &journal.path, e))
}

/// What the page is shown of an import.
pub(crate) fn record(session: &Session, journal: &Journal) -> ImportRecord {
    let header = &journal.header;
    let running = session.imports().running(&header.id);
    let (status, ended_at, added) = match (&journal.ended, &running) {
        (_, Some(_)) => (ImportStatus::Running, None, None),
        (Some((Ending::Finished, at, after)), _) => {
            let added = after.zip(header.members_before).map(|(after, before)| after.saturating_sub(before));
            (ImportStatus::Finished, Some(at.clone()), added)
        }
        (Some((Ending::Cancelled, at, _)), _) => (ImportStatus::Cancelled, Some(at.clone()), None),
        (None, None) => (ImportStatus::Stopped, None, None),
    };
    let progress = match running {
        Some(running) => running.progress.lock().unwrap_or_else(|p| p.into_inner()).clone(),
        None => ImportProgress {
            import_id: header.id.clone(),
            sent: journal.sent_rows,
            refused: journal.refused.len() as u64,
            to_send: journal.to_send(),
            ..ImportProgress::default()
        },
    };
    ImportRecord {
        id: header.id.clone(),
        list_id: header.plan.list_id,
        list_name: header.list_name.clone(),
        file_name: file_name(Path::new(&header.path)),
        started_at: header.started_at.clone(),
        ended_at,
        status,
        rows: journal.counted.map(|(rows, _)| rows),
        skipped: journal.counted.zip(journal.to_send()).map(|((rows, _), to_send)| rows.saturating_sub(to_send)),
        progress,
        added,
    }
}
