//! A file of subscribers checked on this computer before anything is sent:
//! how it is written, where its addresses are, and each row's first
//! problem, numbered as the spreadsheet shows the row.

use super::decode::Encoding;
use super::file::{open_bytes, open_file_with, OpenedFile, Reading, Row};
use super::limits::Unreadable;
use crate::address::{Judge, Verdict};
use serde::Serialize;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::path::Path;

/// What is wrong with a row, in the order a row's first problem is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    MissingAddress,
    InvalidAddress,
    /// The address of an earlier row, whatever its case.
    Duplicate,
    /// A likely typo of a big mailbox provider's domain: the fix is offered.
    TypoDomain,
    /// A mailbox of a role (`info@`): a warning.
    RoleAddress,
    /// Unsubscribed from this account before: never subscribed again by an
    /// import. Found against the account, never by the file's check.
    Unsubscribed,
    /// Marked a letter of this account as spam: never subscribed again.
    Complained,
    /// Refused by the service as it was sent.
    Refused,
}

/// A row with a problem: the row a spreadsheet shows (the header is row 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowProblem {
    pub row: u64,
    pub reason: Reason,
    /// The address meant, for a typo.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
}

/// A file as checked.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileCheck {
    pub encoding: Encoding,
    /// `None` for a spreadsheet.
    pub delimiter: Option<char>,
    pub header: bool,
    /// Counted from 0.
    pub email_column: usize,
    /// Data records: the header and blank records not counted.
    pub rows: u64,
    /// Sorted by row.
    pub problems: Vec<RowProblem>,
    /// The sheet read, of a workbook.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<String>,
    /// What the user said of the file over what was found, when they did.
    #[serde(skip_serializing_if = "Reading::is_empty")]
    pub overrides: Reading,
}

impl FileCheck {
    /// Whether every row can be imported as it is.
    pub fn clean(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Reads and checks a file, as it goes: a text file of any size takes
/// little memory.
pub fn check_file(path: &Path) -> Result<FileCheck, Unreadable> {
    check_file_with(path, &Reading::default())
}

/// Reads and checks a file as the user said it is written.
pub fn check_file_with(path: &Path, reading: &Reading) -> Result<FileCheck, Unreadable> {
    Ok(FileCheck { overrides: reading.clone(), ..check(open_file_with(path, reading)?)? })
}

/// Checks a file's bytes.
pub fn check_bytes(bytes: Vec<u8>) -> Result<FileCheck, Unreadable> {
    check(open_bytes(bytes)?)
}

/// Checks an opened file's rows.
pub fn check(file: OpenedFile) -> Result<FileCheck, Unreadable> {
    let (encoding, delimiter, layout, sheet) = (file.encoding, file.delimiter, file.layout.clone(), file.sheet.clone());
    let mut rows = 0;
    let mut problems = Vec::new();
    let mut judge = RowJudge::new(layout.email_column);
    file.for_each_row(|row, cells| {
        rows += 1;
        if let Some((reason, suggestion)) = judge.judge(cells) {
            problems.push(RowProblem { row, reason, suggestion });
        }
        true
    })?;
    let email_column = layout.email_column;
    let overrides = Reading::default();
    Ok(FileCheck { encoding, delimiter, header: layout.header, email_column, rows, problems, sheet, overrides })
}

/// Each row's first problem, rows taken in order: an address judged on
/// its own, then against the rows before it.
pub struct RowJudge {
    email_column: usize,
    judge: Judge,
    /// The addresses of earlier rows, lower-cased, as 64-bit hashes: a
    /// million rows' addresses in under 20 MB, and two of them alike by
    /// chance about once in thirty million such files.
    seen: HashSet<u64>,
}

impl RowJudge {
    pub fn new(email_column: usize) -> Self {
        RowJudge { email_column, judge: Judge::default(), seen: HashSet::new() }
    }

    /// The row's first problem, with the address meant for a typo.
    pub fn judge(&mut self, cells: Row<'_>) -> Option<(Reason, Option<String>)> {
        let address = cells.cell(self.email_column);
        match self.judge.judge(address) {
            Verdict::Missing => Some((Reason::MissingAddress, None)),
            Verdict::Invalid => Some((Reason::InvalidAddress, None)),
            _ if !self.seen.insert(key(address)) => Some((Reason::Duplicate, None)),
            Verdict::Typo(meant) => Some((Reason::TypoDomain, Some(meant))),
            Verdict::Role => Some((Reason::RoleAddress, None)),
            Verdict::Fine => None,
        }
    }
}

/// An address as duplicates are told by: trimmed, in lower case, hashed.
pub(super) fn key(address: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    address.trim().to_lowercase().hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(check: &FileCheck) -> Vec<(u64, Reason, Option<&str>)> {
        check.problems.iter().map(|p| (p.row, p.reason, p.suggestion.as_deref())).collect()
    }

    #[test]
    fn each_row_carries_its_first_problem_numbered_as_the_spreadsheet_shows_it() {
        let file = "Имя;E-mail;Город\n\
                    Иван;ivan@пример.рф;Омск\n\
                    Анна;;Томск\n\
                    ;;\n\
                    Пётр;petr@;Омск\n\
                    Иван 2;IVAN@пример.рф;Омск\n\
                    Олег;oleg@gmial.com;Омск\n\
                    Магазин;info@coffee.ru;Омск\n\
                    Ирина;\"irina@mail.ry\";\"Омск;центр\"\n\
                    Лев;lev+news@x.ru;Омск\n";
        let check = check_bytes(file.as_bytes().to_vec()).unwrap();
        assert_eq!(
            (check.encoding, check.delimiter, check.header, check.email_column, check.rows),
            (Encoding::Utf8, Some(';'), true, 1, 8),
            "the blank record is no row of data"
        );
        assert_eq!(
            problems(&check),
            vec![
                (3, Reason::MissingAddress, None),
                (5, Reason::InvalidAddress, None),
                (6, Reason::Duplicate, None),
                (7, Reason::TypoDomain, Some("oleg@gmail.com")),
                (8, Reason::RoleAddress, None),
                (9, Reason::TypoDomain, Some("irina@mail.ru")),
            ]
        );
        assert!(!check.clean());
    }

    #[test]
    fn the_json_is_the_one_object_the_terminal_prints() {
        let check = check_bytes(b"a@x.ru\nb@gmial.com\n".to_vec()).unwrap();
        assert_eq!(
            serde_json::to_value(&check).unwrap(),
            serde_json::json!({"encoding": "utf-8", "delimiter": ",", "header": false, "email_column": 0, "rows": 2,
                "problems": [{"row": 2, "reason": "typo_domain", "suggestion": "b@gmail.com"}]})
        );
    }

    #[test]
    fn a_clean_file_has_no_problems() {
        let check = check_bytes(b"email\nanna@x.ru\nivan@y.ru\n".to_vec()).unwrap();
        assert!(check.clean() && check.rows == 2 && check.header);
    }
}
