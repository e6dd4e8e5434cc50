//! A file's bytes as text, or as a spreadsheet's rows: its byte-order mark
//! first, then UTF-16 by its zero bytes, then UTF-8 if it is valid, else
//! the Cyrillic code page `chardetng` finds (Windows-1251 or KOI8-R); a zip
//! is opened as a workbook (`calamine`: XLSX or ODS).

use calamine::{Data, Reader, Sheets};
use encoding_rs::{KOI8_R, KOI8_U, UTF_16BE, UTF_16LE, WINDOWS_1251};
use serde::Serialize;
use std::io::Cursor;

/// How a file's text was written, or which spreadsheet it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Encoding {
    #[serde(rename = "utf-8")]
    Utf8,
    /// UTF-8 with a byte-order mark, as Excel saves "CSV UTF-8".
    #[serde(rename = "utf-8-sig")]
    Utf8Sig,
    /// Excel's "Unicode text".
    #[serde(rename = "utf-16le")]
    Utf16Le,
    #[serde(rename = "utf-16be")]
    Utf16Be,
    /// Excel's CSV on a Russian Windows.
    #[serde(rename = "windows-1251")]
    Windows1251,
    #[serde(rename = "koi8-r")]
    Koi8R,
    #[serde(rename = "xlsx")]
    Xlsx,
    #[serde(rename = "ods")]
    Ods,
}

/// Why a file could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// The file could not be opened or read (the system's words).
    File(String),
    Empty,
    /// A workbook of another kind than XLSX or ODS (an old `.xls`, `.xlsb`).
    OtherWorkbook,
    /// A zip that is no workbook, or a workbook that does not open.
    Damaged(String),
}

/// A spreadsheet's non-empty rows, each with the number the spreadsheet
/// shows for it.
pub type SheetRows = Vec<(u64, Vec<String>)>;

/// What a file holds.
pub enum Content {
    Text(String),
    Sheet(SheetRows),
}

/// The file's bytes read as what they are.
pub fn decode(bytes: Vec<u8>) -> Result<(Encoding, Content), Unreadable> {
    if bytes.is_empty() {
        return Err(Unreadable::Empty);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return workbook(bytes);
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        return Err(Unreadable::OtherWorkbook);
    }
    let encoding = text_encoding(&bytes);
    let text = match encoding {
        Encoding::Utf8 => String::from_utf8(bytes).unwrap_or_default(),
        Encoding::Utf8Sig => String::from_utf8_lossy(&bytes[3..]).into_owned(),
        Encoding::Utf16Le => UTF_16LE.decode_with_bom_removal(&bytes).0.into_owned(),
        Encoding::Utf16Be => UTF_16BE.decode_with_bom_removal(&bytes).0.into_owned(),
        Encoding::Koi8R => KOI8_R.decode_without_bom_handling(&bytes).0.into_owned(),
        _ => WINDOWS_1251.decode_without_bom_handling(&bytes).0.into_owned(),
    };
    Ok((encoding, Content::Text(text)))
}

fn text_encoding(bytes: &[u8]) -> Encoding {
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Encoding::Utf8Sig;
    }
    if bytes.starts_with(&[0xFF, 0xFE]) {
        return Encoding::Utf16Le;
    }
    if bytes.starts_with(&[0xFE, 0xFF]) {
        return Encoding::Utf16Be;
    }
    if let Some(utf16) = utf16_without_mark(bytes) {
        return utf16;
    }
    if std::str::from_utf8(bytes).is_ok() {
        return Encoding::Utf8;
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(&bytes[..bytes.len().min(64 * 1024)], bytes.len() <= 64 * 1024);
    let guess = detector.guess(Some(b"ru"), false);
    if guess == KOI8_U || guess == KOI8_R {
        Encoding::Koi8R
    } else {
        Encoding::Windows1251
    }
}

/// UTF-16 without a byte-order mark: its line breaks, delimiters and any
/// Latin letters put a zero in every other byte (at odd places
/// little-endian), where text in any one-byte encoding has none.
fn utf16_without_mark(bytes: &[u8]) -> Option<Encoding> {
    let sample = &bytes[..bytes.len().min(4096) & !1];
    let pairs = sample.len() / 2;
    if pairs < 2 {
        return None;
    }
    let zeros_at = |odd: usize| sample.iter().skip(odd).step_by(2).filter(|b| **b == 0).count();
    let (even, odd) = (zeros_at(0), zeros_at(1));
    let many = |zeros: usize| zeros * 20 >= pairs;
    match (even, odd) {
        (0, odd) if many(odd) => Some(Encoding::Utf16Le),
        (even, 0) if many(even) => Some(Encoding::Utf16Be),
        _ => None,
    }
}

fn workbook(bytes: Vec<u8>) -> Result<(Encoding, Content), Unreadable> {
    let damaged = |e: calamine::Error| Unreadable::Damaged(e.to_string());
    let mut book = calamine::open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(damaged)?;
    let encoding = match &book {
        Sheets::Xlsx(_) => Encoding::Xlsx,
        Sheets::Ods(_) => Encoding::Ods,
        _ => return Err(Unreadable::OtherWorkbook),
    };
    let range = match book.worksheet_range_at(0) {
        Some(range) => range.map_err(damaged)?,
        None => return Err(Unreadable::Empty),
    };
    let first_row = range.start().map_or(0, |(row, _)| row as u64);
    let first_column = range.start().map_or(0, |(_, column)| column as usize);
    let rows = range
        .rows()
        .enumerate()
        .map(|(i, cells)| {
            // Cells left of the range's first are empty: the columns keep
            // the places the spreadsheet shows.
            let text = std::iter::repeat_n(String::new(), first_column).chain(cells.iter().map(cell_text));
            (first_row + i as u64 + 1, text.collect())
        })
        .collect();
    Ok((encoding, Content::Sheet(rows)))
}

/// A cell as its text: a whole number without a fraction (a phone number
/// typed as a number), a date as the spreadsheet's ISO text.
fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: Vec<u8>) -> (Encoding, String) {
        match decode(bytes).unwrap() {
            (encoding, Content::Text(text)) => (encoding, text),
            _ => panic!("text expected"),
        }
    }

    const RUSSIAN: &str = "Имя;Электронная почта\nИван Петров;ivan@пример.рф\nМария Сидорова;maria@mail.ru\n";

    #[test]
    fn each_encoding_excel_writes_is_found_and_decoded() {
        assert_eq!(text(RUSSIAN.as_bytes().to_vec()), (Encoding::Utf8, RUSSIAN.into()));
        let with_mark = [&[0xEF, 0xBB, 0xBF][..], RUSSIAN.as_bytes()].concat();
        assert_eq!(text(with_mark), (Encoding::Utf8Sig, RUSSIAN.into()));
        let cp1251 = WINDOWS_1251.encode(RUSSIAN).0.into_owned();
        assert_eq!(text(cp1251), (Encoding::Windows1251, RUSSIAN.into()));
        let koi8 = KOI8_R.encode(RUSSIAN).0.into_owned();
        assert_eq!(text(koi8), (Encoding::Koi8R, RUSSIAN.into()));
        let le: Vec<u8> = RUSSIAN.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(text([&[0xFF, 0xFE][..], &le].concat()), (Encoding::Utf16Le, RUSSIAN.into()));
        assert_eq!(text(le), (Encoding::Utf16Le, RUSSIAN.into()), "without its mark");
        let be: Vec<u8> = RUSSIAN.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(text([&[0xFE, 0xFF][..], &be].concat()), (Encoding::Utf16Be, RUSSIAN.into()));
    }

    #[test]
    fn what_is_not_a_table_is_said_so() {
        assert_eq!(decode(Vec::new()).err(), Some(Unreadable::Empty));
        assert_eq!(decode(vec![0xD0, 0xCF, 0x11, 0xE0, 0, 0]).err(), Some(Unreadable::OtherWorkbook));
        assert!(matches!(decode(b"PK\x03\x04broken".to_vec()).err(), Some(Unreadable::Damaged(_))));
    }

    #[test]
    fn a_whole_number_cell_keeps_no_fraction() {
        assert_eq!(cell_text(&Data::Float(79161234567.0)), "79161234567");
        assert_eq!(cell_text(&Data::Float(2.5)), "2.5");
        assert_eq!(cell_text(&Data::String("a@b.ru".into())), "a@b.ru");
    }
}
