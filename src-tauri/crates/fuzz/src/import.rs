//! A file to import (CSV or TSV in any encoding, XLSX, ODS), checked as
//! the import dialog and `check-import` check it: opened, its layout found
//! and every row judged, as found by itself or as the user corrected it.

use desk::import::{check, check_bytes, read_table, Encoding, FileCheck, Reading};

/// The bytes as a picked file's, read as the app finds it; and, after the
/// first byte, as the user said it is written (that byte picks how).
pub fn import(data: &[u8]) {
    if let Ok(check) = check_bytes(data.to_vec()) {
        rows_judged(&check);
    }
    let [told, file @ ..] = data else { return };
    if let Ok(check) = read_table(file.to_vec(), &reading(*told)).and_then(check) {
        rows_judged(&check);
    }
}

fn rows_judged(check: &FileCheck) {
    assert!(check.problems.len() as u64 <= check.rows, "more problems than rows: {check:?}");
    assert!(check.problems.windows(2).all(|p| p[0].row < p[1].row), "problems out of order: {check:?}");
}

/// What the user may correct in the import dialog, from one byte: the
/// encoding (3 bits), the delimiter (2), the header (2) and the sheet (1).
fn reading(told: u8) -> Reading {
    let encodings = [
        Encoding::Utf8,
        Encoding::Utf8Sig,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Windows1251,
        Encoding::Koi8R,
    ];
    Reading {
        encoding: encodings.get(usize::from(told & 7)).copied(),
        delimiter: [None, Some(','), Some(';'), Some('\t')][usize::from(told >> 3 & 3)],
        header: [None, Some(true), Some(false), None][usize::from(told >> 5 & 3)],
        sheet: (told & 0x80 != 0).then(|| "Лист1".to_string()),
        ..Reading::default()
    }
}
