//! Files of subscribers to import, checked on this computer before
//! anything is sent: CSV and TSV of any delimiter in UTF-8, UTF-16,
//! Windows-1251 or KOI8-R, and XLSX and ODS workbooks; the header and the
//! address column found; each row's address judged (missing, invalid, a
//! duplicate, a likely typo with its fix, a role's mailbox).

mod address;
mod check;
mod columns;
mod decode;
mod lines;
mod table;

pub use address::{Judge, Verdict};
pub use check::{check_bytes, check_file, FileCheck, Reason, RowProblem};
pub use columns::names_an_address;
pub use decode::{Encoding, Unreadable};
