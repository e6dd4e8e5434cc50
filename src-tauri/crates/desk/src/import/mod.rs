//! Files of subscribers imported into a list. First checked on this
//! computer before anything is sent: CSV and TSV of any delimiter in UTF-8,
//! UTF-16, Windows-1251 or KOI8-R, and XLSX, ODS and XLS workbooks, each held
//! to bounds that keep a hostile file from taking the app down; the header
//! and the address column found; each row's address judged (missing,
//! invalid, a duplicate, a likely typo with its fix, a role's mailbox) and
//! held against the account's unsubscribed and complained addresses. Then
//! sent in batches, a journal on disk keeping what the service took, so an
//! import paused, cut off or interrupted by a restart goes on where it was.

mod bounded;
mod cell_refs;
mod check;
mod columns;
mod commands;
mod dates;
mod decode;
mod errors_file;
mod failures;
mod fields;
mod file;
mod from_address;
mod gather;
#[cfg(any(test, feature = "hostile-files"))]
pub mod hostile;
mod journal;
mod kept;
mod limits;
mod lines;
mod ods;
mod plan;
mod preview;
mod run;
mod send;
mod sheet;
mod state;
mod table;
mod upload;
mod upload_state;
mod views;
mod xls;
mod xls_child;
mod xlsx;
mod zipped;

pub use check::{check, check_bytes, check_file, check_file_with, FileCheck, Reason, RowJudge, RowProblem};
pub use columns::names_an_address;
pub use dates::SlashOrder;
pub use decode::Encoding;
pub use errors_file::{save as save_errors, ErrorFileWords, ErrorsOf};
pub use failures::ImportFailure;
pub use file::{open_bytes, open_file, open_file_with, read_table, OpenedFile, Reading, Row};
pub use from_address::{
    clean_list, import_from_address, service_imports, AddressImportForm, ServiceImport, ServiceImportStatus,
};
/// A journal read from its bytes, as resuming an import reads its file.
pub use journal::parse as parse_journal;
pub use limits::Past;
pub use limits::Unreadable;
pub use plan::{Choices, ColumnUse, ImportPlan};
pub use preview::{inspect, inspect_as, pick};
pub use run::{cancel, pause, records, resume, start};
pub use state::Imports;
pub use upload_state::Tuning;
pub use views::{ColumnView, ImportPreview, ImportProgress, ImportRecord, ImportStatus, ProblemCounts, ProblemRow};
pub use xls::{
    read_with as read_xls_with, set_reader as set_xls_reader, XlsReader, DEADLINE as XLS_DEADLINE,
    SUBCOMMAND as XLS_SUBCOMMAND,
};
pub use xls_child::read_xls_main;

use crate::error::{DeskError, FileProblem};

pub use commands::AREA;

crate::codes! {
    /// What the user was doing with an import, when something failed.
    pub enum Action: Action {
        PickImportFile,
        CheckImport,
        StartImport,
        UploadRows,
        ResumeImport,
        SaveImportErrors,
        FollowImport,
        LoadImports,
        CleanList,
    }
    /// A field of the import's forms, named when its value is refused.
    pub enum Field: FormField { ImportUrl, ImportColumn }
}

/// A file that cannot be read, as the page is told.
pub(crate) fn unreadable(unreadable: Unreadable) -> DeskError {
    let (problem, detail) = match unreadable {
        Unreadable::File(detail) => (FileProblem::NotRead, detail),
        Unreadable::Empty => (FileProblem::Empty, String::new()),
        Unreadable::OtherWorkbook => (FileProblem::OtherWorkbook, String::new()),
        Unreadable::Damaged(detail) => (FileProblem::Damaged, detail),
        Unreadable::NoSuchSheet => (FileProblem::NoSuchSheet, String::new()),
        Unreadable::Limit(Past { limit, max, row }) => {
            return DeskError::in_area(ImportFailure::FileLimit { limit, max, row })
        }
    };
    DeskError::in_area(ImportFailure::FileRefused { problem, detail })
}
