//! An import the service runs itself, from a file at a web address
//! (`lists.upload`), followed to its end; the list's imports as the service
//! keeps them; and the list's cleaning (bounced and complained records
//! removed). The service's import is started once and never retried: a
//! second start would import the file twice over.

use super::Action;
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use api::imports::{FileType, ImportReport, ImportRequest, ImportStatus};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How often a running import is asked after.
const POLL: Duration = Duration::from_secs(1);
/// How long an import is followed before the page is told to look later.
const FOLLOWED_AT_MOST: Duration = Duration::from_secs(30 * 60);

/// What the form asks for an import from a web address.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AddressImportForm {
    pub url: String,
    /// The address column, counted from 1 as a spreadsheet's columns are.
    pub email_column: u32,
    pub update_existing: bool,
}

/// Where an import of the service's own is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ServiceImportStatus {
    Queued,
    Running,
    Done,
    Failed,
    Unknown,
}

/// An import the service ran or runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ServiceImport {
    pub id: i64,
    pub status: ServiceImportStatus,
    pub total: i64,
    pub added: i64,
    pub updated: i64,
    pub skipped: i64,
    pub invalid: i64,
    /// The service's words when it failed.
    pub error: Option<String>,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
}

impl From<&ImportReport> for ServiceImport {
    fn from(r: &ImportReport) -> Self {
        ServiceImport {
            id: *r.id,
            status: match r.status {
                ImportStatus::Queued => ServiceImportStatus::Queued,
                ImportStatus::Running => ServiceImportStatus::Running,
                ImportStatus::Done => ServiceImportStatus::Done,
                ImportStatus::Failed => ServiceImportStatus::Failed,
                ImportStatus::Unknown => ServiceImportStatus::Unknown,
            },
            total: *r.total,
            added: *r.added,
            updated: *r.updated,
            skipped: *r.skipped,
            invalid: *r.invalid,
            error: r.error.as_deref().map(str::to_string).filter(|e| !e.is_empty()),
            started_at: crate::views::service_time(r.created.as_deref()),
            finished_at: crate::views::service_time(r.finished.as_deref()),
        }
    }
}

/// A file's web address as typed: `http` or `https`, with a host.
fn file_address(typed: &str) -> Result<String> {
    use crate::error::AddressProblem;
    let typed = typed.trim();
    if typed.is_empty() {
        return Err(DeskError::Required { field: super::Field::ImportUrl.into() });
    }
    let url =
        url::Url::parse(typed).map_err(|_| DeskError::AddressRefused { problem: AddressProblem::NotAnAddress })?;
    match (url.scheme(), url.host_str()) {
        ("http" | "https", Some(host)) if !host.is_empty() => Ok(url.to_string()),
        ("http" | "https", _) => Err(DeskError::AddressRefused { problem: AddressProblem::NoHost }),
        _ => Err(DeskError::AddressRefused { problem: AddressProblem::NotAnAddress }),
    }
}

/// The file's kind from its address; CSV unless it names a workbook.
fn file_type(url: &str) -> FileType {
    let path = url.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
    match path.rsplit('.').next() {
        Some("xlsx") => FileType::Xlsx,
        Some("xls") => FileType::Xls,
        Some("ods") => FileType::Ods,
        _ => FileType::Csv,
    }
}

/// Starts the service's import of a file at a web address and follows it
/// to its end, telling `progress` each state it reports. A start whose
/// answer was lost is found as the list's latest import, if a new one.
pub async fn import_from_address(
    session: &Session,
    list_id: i64,
    form: &AddressImportForm,
    progress: impl Fn(ServiceImport),
) -> Result<ServiceImport> {
    let url = file_address(&form.url)?;
    let column =
        form.email_column.checked_sub(1).ok_or(DeskError::Required { field: super::Field::ImportColumn.into() })?;
    let request =
        ImportRequest { update: form.update_existing, file_type: file_type(&url), ..ImportRequest::csv(url, column) };
    let client = session.client();
    // The list's latest import before this one: a start whose answer is lost is the import that came after it.
    let before = api::imports::last_status(client, list_id).await.ok().map(|s| s.import.map(|i| *i.id));
    let sent = api::imports::start(client, list_id, &request).await.map_err(failed(Action::StartImport));
    let found = async {
        let before = before?;
        let latest = *api::imports::last_status(client, list_id).await.ok()?.import?.id;
        (Some(latest) != before).then_some(latest)
    };
    let id = crate::settle::settled(sent, found).await?;
    let began = tokio::time::Instant::now();
    loop {
        let report = api::imports::result(session.client(), list_id).await.map_err(failed(Action::FollowImport))?;
        let seen = ServiceImport::from(&report);
        let ours = seen.id == id;
        if ours {
            progress(seen.clone());
        }
        if ours && report.is_finished() || began.elapsed() >= FOLLOWED_AT_MOST {
            return Ok(seen);
        }
        tokio::time::sleep(POLL).await;
    }
}

/// The list's imports as the service keeps them, newest first.
pub async fn service_imports(session: &Session, list_id: i64) -> Result<Vec<ServiceImport>> {
    let history = api::imports::history(session.client(), list_id).await.map_err(failed(Action::LoadImports))?;
    Ok(history.iter().map(ServiceImport::from).collect())
}

/// Removes the list's bounced and complained records; answers how many.
/// Never retried: the count of a second cleaning would say nothing.
pub async fn clean_list(session: &Session, list_id: i64) -> Result<u64> {
    api::imports::clean(session.client(), list_id).await.map_err(failed(Action::CleanList))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_of_file_is_read_from_its_address() {
        assert_eq!(file_type("https://x.example/a/subscribers.XLSX?dl=1"), FileType::Xlsx);
        assert_eq!(file_type("https://docs.example/export?format=csv"), FileType::Csv);
        assert_eq!(file_type("http://x.example/list.ods"), FileType::Ods);
        assert!(file_address(" https://x.example/a.csv ").is_ok());
        assert!(matches!(file_address("file:///etc/passwd"), Err(DeskError::AddressRefused { .. })));
        assert!(matches!(file_address(""), Err(DeskError::Required { .. })));
    }
}
