//! The bounds that keep a file from taking the app down. A file states
//! its own sizes and counts (a zip its entries' sizes, a workbook its
//! count of texts and its extreme cells); none of that is trusted: each is
//! held against these bounds before anything is reserved for it, and what
//! is read is counted as it comes. A file past one is refused whole, with
//! the bound it went past: nothing is cut off without a word.

use crate::error::FileLimit;

/// Why a file could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// The file could not be opened or read (the system's words).
    File(String),
    Empty,
    /// A workbook of another kind than XLSX, ODS or XLS (`.xlsb`, a zip of other things).
    OtherWorkbook,
    /// A zip that is no workbook, or a workbook that does not open.
    Damaged(String),
    /// A workbook without the sheet asked for.
    NoSuchSheet,
    /// Past one of the bounds that keep the app up (see `limits`).
    Limit(Past),
}

/// A text file, read as it goes: a million rows take about 100 MB.
pub const TEXT_FILE_BYTES: u64 = 1 << 30;
/// A workbook (XLSX, ODS, XLS), whose container is read whole.
pub const WORKBOOK_FILE_BYTES: u64 = 100 << 20;
/// Parts of a zip: a workbook has a few dozen.
pub const ZIP_ENTRIES: usize = 10_000;
/// What a workbook's parts unpack to, all together.
pub const UNPACKED_BYTES: u64 = 1 << 30;
/// How much tighter than its unpacked size a large part may be packed:
/// spreadsheets' XML packs 5 to 50 times, a zip bomb a thousand.
pub const PACKING_RATIO: u64 = 200;
/// Parts smaller than this are not held to the packing ratio.
pub const RATIO_FREE_BYTES: u64 = 1 << 20;
/// Excel's own: a sheet has at most 1,048,576 rows and 16,384 columns.
pub const ROWS: u64 = 1_048_576;
pub const COLUMNS: u64 = 16_384;
/// Cells a sheet's rows are kept in (those left of a row's last value
/// included): 10 million, a million subscribers with ten columns.
pub const CELLS: u64 = 10_000_000;
/// Text in a sheet's cells.
pub const SHEET_TEXT_BYTES: u64 = 256 << 20;
/// A CSV field: a cell's text. Longer is a quote that never closes.
pub const FIELD_BYTES: u64 = 128 << 10;
/// A CSV record: a row.
pub const RECORD_BYTES: u64 = 1 << 20;

/// A bound gone past, with the row it was met in when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Past {
    pub limit: FileLimit,
    pub max: u64,
    pub row: Option<u64>,
}

impl Past {
    pub fn of(limit: FileLimit, max: u64) -> Self {
        Past { limit, max, row: None }
    }

    pub fn in_row(limit: FileLimit, max: u64, row: u64) -> Self {
        Past { limit, max, row: Some(row) }
    }
}

/// The file at `path` is refused when it is larger than `max`, before a
/// byte of it is read.
pub fn file_size(path: &std::path::Path, max: u64) -> Result<u64, super::Unreadable> {
    let size = std::fs::metadata(path).map_err(|e| super::Unreadable::File(e.to_string()))?.len();
    if size > max {
        return Err(super::Unreadable::Limit(Past::of(FileLimit::FileSize, max)));
    }
    Ok(size)
}
