//! An import of a file started, resumed, paused and cancelled, and the
//! account's imports read back from their journals.
//!
//! Starting one makes the new fields the plan asks for and writes the
//! journal's header; then the rows go, counted as they go (see
//! [`super::upload`]). A resumed import checks the file is the one it
//! began with and sends what its journal does not cover.

use super::file::open_file;
use super::journal::{self, Ending, FileMark, Header, Journal, Line, Writer};
use super::plan::{ColumnUse, Excluded, ImportPlan};
use super::preview::{excluded, file_name, picked_path};
use super::upload::{send_rows, Counts, Halt, Tuning};
use super::views::{ImportProgress, ImportRecord, ImportStatus};
use super::Action;
use crate::error::{failed, DeskError, FileProblem, Result};
use crate::lists::{FieldForm, FieldType};
use crate::session::Session;
use std::collections::VecDeque;
use std::path::Path;
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
        return Err(DeskError::ImportFileRefused { problem: FileProblem::NoAddressColumn, detail: String::new() });
    }
    let list = api::lists::get(session.client(), plan.list_id).await.map_err(failed(Action::StartImport))?;
    let plan = with_fields_made(session, plan, &list).await?;
    let excluded = excluded(session).await?;
    let id = format!("{}-{:04}", chrono::Utc::now().format("%Y%m%d-%H%M%S"), fastrand::u16(..10000));
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
    if let Ok(file) = open_file(&path) {
        let names: Vec<String> = file.header().map(<[String]>::to_vec).unwrap_or_default();
        imports.remember(plan.list_id, &names, &plan.columns);
    }
    let journal =
        journal::read(&journal_path).map_err(|e| DeskError::storage(Action::StartImport, &journal_path, e))?;
    go_on(session, journal, excluded, tuning, progress).await
}

/// Goes on with an import stopped short of its end.
pub async fn resume(
    session: &Session,
    import_id: &str,
    tuning: Tuning,
    progress: impl Fn(ImportProgress) + Send + Sync,
) -> Result<ImportRecord> {
    let journal = find(session, import_id)?;
    if journal.ended.is_some() || session.imports().running(import_id).is_some() {
        return Ok(record(session, &journal));
    }
    let path = Path::new(&journal.header.path);
    match FileMark::of(path) {
        Ok(mark) if mark == journal.header.file => {}
        Ok(_) => return Err(refused(FileProblem::Changed, "")),
        Err(e) => return Err(refused(FileProblem::NotRead, e)),
    }
    let excluded = excluded(session).await?;
    go_on(session, journal, excluded, tuning, progress).await
}

/// Asks a running import to pause: the batches on their way finish.
pub fn pause(session: &Session, import_id: &str) {
    if let Some(running) = session.imports().running(import_id) {
        running.control.pause();
    }
}

/// Stops an import for good: a running one at its next batch, a stopped
/// one at once. What was sent stays in the list.
pub fn cancel(session: &Session, import_id: &str) -> Result<()> {
    if let Some(running) = session.imports().running(import_id) {
        running.control.cancel();
        return Ok(());
    }
    let journal = find(session, import_id)?;
    if journal.ended.is_none() {
        end(&journal, Ending::Cancelled, None)?;
    }
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
    let safe = import_id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    let path = folder.filter(|_| safe).map(|f| f.join(format!("{import_id}.jsonl")));
    let path = path.ok_or_else(|| DeskError::Internal { detail: format!("no import {import_id}") })?;
    journal::read(&path).map_err(|e| DeskError::storage(Action::ResumeImport, &path, e))
}

fn refused(problem: FileProblem, detail: impl std::fmt::Display) -> DeskError {
    DeskError::ImportFileRefused { problem, detail: detail.to_string() }
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The plan with each new field made in the list (a text field, its
/// variable from its title), the columns naming them by number.
async fn with_fields_made(session: &Session, plan: &ImportPlan, list: &api::lists::List) -> Result<ImportPlan> {
    let mut plan = plan.clone();
    let mut taken: Vec<String> = list.fields().into_iter().map(|f| f.def.var).collect();
    for column in plan.columns.iter_mut() {
        let ColumnUse::NewField { title } = column else { continue };
        let variable = variable_for(title, &taken);
        let form = FieldForm {
            title: title.clone(),
            kind: FieldType::Text,
            required: false,
            variable: variable.clone(),
            choices: Vec::new(),
        };
        let field_id = crate::lists::add_field(session, plan.list_id, &form).await?;
        taken.push(variable);
        *column = ColumnUse::Field { field_id };
    }
    Ok(plan)
}

/// A template variable for a new field: its title in Latin letters, at
/// most ten, not one the list has (`ГОРОД` → `GOROD`, then `GOROD2`).
fn variable_for(title: &str, taken: &[String]) -> String {
    let latin: String = deunicode::deunicode(title).chars().filter(char::is_ascii_alphanumeric).collect();
    let latin = latin.trim_start_matches(|c: char| c.is_ascii_digit()).to_uppercase();
    let base: String = if latin.is_empty() { "FIELD".into() } else { latin.chars().take(8).collect() };
    let free = |v: &str| crate::lists::variable_problem(v, taken).is_none();
    if free(&base) {
        return base;
    }
    (2..100)
        .map(|n| format!("{base}{n}"))
        .find(|v| free(v))
        .unwrap_or_else(|| format!("F{}", fastrand::u32(..99_999_999)))
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

/// Runs the upload of a journal's import, then writes how it ended.
async fn go_on(
    session: &Session,
    journal: Journal,
    excluded: Arc<Excluded>,
    tuning: Tuning,
    progress: impl Fn(ImportProgress) + Send + Sync,
) -> Result<ImportRecord> {
    let imports = session.imports();
    let id = journal.header.id.clone();
    let running = imports.start_running(&id);
    let rate = Mutex::new(Rate(VecDeque::new()));
    let shown = running.progress.clone();
    let tell = |counts: &Counts| {
        let done = counts.sent + counts.refused;
        let rows_per_second = rate.lock().unwrap_or_else(|p| p.into_inner()).note(done);
        let left = counts.to_send.map(|to_send| to_send.saturating_sub(done));
        let now = ImportProgress {
            import_id: id.clone(),
            sent: counts.sent,
            refused: counts.refused,
            to_send: counts.to_send,
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
        ..Counts::default()
    });
    let sent = send_rows(session.client(), &journal, excluded, &running.control, tuning, &tell).await;
    imports.stop_running(&id);
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
            to_send: journal.counted.map(|(_, to_send)| to_send),
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
        skipped: journal.counted.map(|(rows, to_send)| rows.saturating_sub(to_send)),
        progress,
        added,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_field_s_variable_is_its_title_in_latin_letters_and_free() {
        assert_eq!(variable_for("Город", &[]), "GOROD");
        assert_eq!(variable_for("Город", &["gorod".into()]), "GOROD2");
        assert_eq!(variable_for("1-й телефон клиента", &[]), "ITELEFON");
        assert_eq!(variable_for("…", &[]), "FIELD");
        assert_eq!(variable_for("Email", &[]), "EMAIL2", "the service fills EMAIL itself");
    }
}
