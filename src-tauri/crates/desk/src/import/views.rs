//! What the page is shown of an import: a file as checked, with its
//! columns and problems, before anything is sent; then an import as it goes
//! and as it ended.

use super::check::Reason;
use super::plan::ColumnUse;
use crate::files::PickedFile;
use serde::Serialize;

/// One column of the file, as the mapping offers it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ColumnView {
    /// The header's name, when the file has a header.
    pub name: Option<String>,
    /// Its first values.
    pub samples: Vec<String>,
    pub suggested: ColumnUse,
    /// The order its slashed dates (03/04/2024) have, when it has any.
    pub slashes: Option<super::dates::SlashOrder>,
}

/// A row with a problem, as the check's table shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProblemRow {
    pub row: u64,
    pub reason: Reason,
    pub address: String,
    pub suggestion: Option<String>,
}

/// How many rows have each problem.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProblemCounts {
    pub missing_address: u64,
    pub invalid_address: u64,
    pub duplicate: u64,
    pub typo_domain: u64,
    pub role_address: u64,
    pub unsubscribed: u64,
    pub complained: u64,
    pub refused: u64,
}

impl ProblemCounts {
    pub fn add(&mut self, reason: Reason, n: u64) {
        let count = match reason {
            Reason::MissingAddress => &mut self.missing_address,
            Reason::InvalidAddress => &mut self.invalid_address,
            Reason::Duplicate => &mut self.duplicate,
            Reason::TypoDomain => &mut self.typo_domain,
            Reason::RoleAddress => &mut self.role_address,
            Reason::Unsubscribed => &mut self.unsubscribed,
            Reason::Complained => &mut self.complained,
            Reason::Refused => &mut self.refused,
        };
        *count += n;
    }

    pub fn total(&self) -> u64 {
        self.missing_address
            + self.invalid_address
            + self.duplicate
            + self.typo_domain
            + self.role_address
            + self.unsubscribed
            + self.complained
            + self.refused
    }
}

/// A file as checked on this computer and against the account.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    pub file: PickedFile,
    /// `utf-8`, `windows-1251`, `xlsx`…
    pub encoding: String,
    pub delimiter: Option<String>,
    pub header: bool,
    /// Data rows.
    pub rows: u64,
    pub columns: Vec<ColumnView>,
    /// The first data rows, for the preview.
    pub sample: Vec<Vec<String>>,
    pub counts: ProblemCounts,
    /// The first rows with a problem (the error file has them all).
    pub problems: Vec<ProblemRow>,
    /// Addresses of this account that unsubscribed or complained: never
    /// subscribed again by an import.
    pub excluded_in_account: u64,
    /// A workbook's sheets, in its order; empty for a text.
    pub sheets: Vec<String>,
    /// The sheet read.
    pub sheet: Option<String>,
    /// What the marketer said of the file over the app's guess, as read.
    pub reading: super::file::Reading,
}

/// Where an import is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ImportStatus {
    Running,
    /// Stopped short of its end: paused, or the app or the network went
    /// away. Goes on from its journal.
    Stopped,
    Finished,
    Cancelled,
}

/// An import as it goes: counted over every run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ImportProgress {
    pub import_id: String,
    pub sent: u64,
    pub refused: u64,
    /// Rows to send in all: unknown for the moment the file takes to count.
    pub to_send: Option<u64>,
    pub rows_per_second: Option<f64>,
    pub seconds_left: Option<u64>,
    /// Seconds the service asked the import to wait, while it waits.
    pub waiting: Option<u64>,
}

/// An import of a file into a list, running or kept as history.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ImportRecord {
    pub id: String,
    pub list_id: i64,
    pub list_name: String,
    pub file_name: String,
    pub started_at: String,
    pub ended_at: Option<String>,
    pub status: ImportStatus,
    /// Data rows in the file, once counted.
    pub rows: Option<u64>,
    pub progress: ImportProgress,
    /// Rows not sent by the marketer's choices and the checks; known once
    /// the whole file was counted.
    pub skipped: Option<u64>,
    /// Subscribers new to the list, once it finished.
    pub added: Option<u64>,
}
