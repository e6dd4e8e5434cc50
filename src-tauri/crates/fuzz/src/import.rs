//! A file to import (CSV or TSV in any encoding, XLSX, ODS), checked as
//! the import dialog and `check-import` check it: opened, its layout found
//! and every row judged.

/// The bytes as a picked file's.
pub fn import(data: &[u8]) {
    if let Ok(check) = desk::import::check_bytes(data.to_vec()) {
        assert!(check.problems.len() as u64 <= check.rows, "more problems than rows: {check:?}");
    }
}
