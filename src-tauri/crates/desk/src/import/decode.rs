//! A file as text read as it goes, or as a spreadsheet's rows. The text's
//! encoding is found from its first part: its byte-order mark, then UTF-16
//! by its zero bytes, then UTF-8 if it is valid, else the Cyrillic code
//! page `chardetng` finds (Windows-1251 or KOI8-R), unless the user named
//! it; it is decoded as it is read (`encoding_rs_io`), so a file of any
//! size takes little memory. A zip is opened as a workbook (XLSX or ODS),
//! its central directory checked first (see `zipped`), and one sheet of it
//! read cell by cell within the bounds of `limits`; an old Excel workbook
//! (a compound file) is read in a child process (see `xls`).

use super::limits::{Past, Unreadable, WORKBOOK_FILE_BYTES};
use super::lines::UnixLines;
use super::sheet::Sheet;
use super::zipped::{self, Kind};
use crate::error::FileLimit;
use encoding_rs::{KOI8_R, KOI8_U, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1251};
use encoding_rs_io::DecodeReaderBytesBuilder;
use serde::{Deserialize, Serialize};
use std::io::{Cursor, Read};
use std::sync::Arc;

/// How much of a text file its encoding and layout are found from.
const HEAD: usize = 64 * 1024;

/// How a file's text was written, or which spreadsheet it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// Old Excel's workbook (BIFF8).
    #[serde(rename = "xls")]
    Xls,
}

/// A text read as it goes: UTF-8 with `\n` line ends.
pub type Text = UnixLines<Box<dyn Read + Send>>;

/// What a file holds.
pub enum Content {
    /// The text, and its first part (whole lines of it) for the layout.
    Text {
        head: String,
        text: Text,
    },
    Sheet(Arc<Sheet>),
}

/// What the user said of a file, over what is found by itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct Told<'a> {
    pub encoding: Option<Encoding>,
    pub sheet: Option<&'a str>,
}

/// Reads what `source` holds.
pub fn open(mut source: impl Read + Send + 'static, told: Told<'_>) -> Result<(Encoding, Content), Unreadable> {
    let failed = |e: std::io::Error| Unreadable::File(e.to_string());
    let mut first = Vec::with_capacity(HEAD);
    (&mut source).take(HEAD as u64).read_to_end(&mut first).map_err(failed)?;
    if first.is_empty() {
        return Err(Unreadable::Empty);
    }
    let zip = first.starts_with(b"PK\x03\x04");
    let compound = first.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]);
    if zip || compound {
        (&mut source).take(WORKBOOK_FILE_BYTES + 1 - first.len() as u64).read_to_end(&mut first).map_err(failed)?;
        if first.len() as u64 > WORKBOOK_FILE_BYTES {
            return Err(Unreadable::Limit(Past::of(FileLimit::FileSize, WORKBOOK_FILE_BYTES)));
        }
        if compound {
            return Ok((Encoding::Xls, Content::Sheet(Arc::new(super::xls::read(first, told.sheet)?))));
        }
        return workbook(&first, told.sheet);
    }
    let whole = first.len() < HEAD;
    let encoding = match told.encoding {
        Some(told) if !matches!(told, Encoding::Xlsx | Encoding::Ods | Encoding::Xls) => told,
        _ => text_encoding(&first, whole),
    };
    let codec = match encoding {
        Encoding::Utf8 | Encoding::Utf8Sig => UTF_8,
        Encoding::Utf16Le => UTF_16LE,
        Encoding::Utf16Be => UTF_16BE,
        Encoding::Koi8R => KOI8_R,
        _ => WINDOWS_1251,
    };
    let mut head = codec.decode_with_bom_removal(&first).0.into_owned().replace("\r\n", "\n").replace('\r', "\n");
    if !whole {
        // A record cut at the end of the first part would mislead the layout.
        head.truncate(head.rfind('\n').map_or(0, |at| at + 1));
    }
    let all: Box<dyn Read + Send> = Box::new(Cursor::new(first).chain(source));
    let decoded = DecodeReaderBytesBuilder::new().encoding(Some(codec)).build(all);
    Ok((encoding, Content::Text { head, text: UnixLines::new(Box::new(decoded)) }))
}

/// The encoding of a text from its first part (`whole`: the whole text).
fn text_encoding(bytes: &[u8], whole: bool) -> Encoding {
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
    match std::str::from_utf8(bytes) {
        Ok(_) => return Encoding::Utf8,
        // Valid up to a character cut at the end of the first part.
        Err(cut) if !whole && cut.error_len().is_none() => return Encoding::Utf8,
        Err(_) => {}
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, whole);
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

fn workbook(bytes: &[u8], sheet: Option<&str>) -> Result<(Encoding, Content), Unreadable> {
    let (archive, kind) = zipped::vet(bytes)?;
    match kind {
        Kind::Xlsx => Ok((Encoding::Xlsx, Content::Sheet(Arc::new(super::xlsx::read(bytes, archive, sheet)?)))),
        Kind::Ods => Ok((Encoding::Ods, Content::Sheet(Arc::new(super::ods::read(archive, sheet)?)))),
        Kind::Other => Err(Unreadable::OtherWorkbook),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_bytes(bytes: Vec<u8>) -> Result<(Encoding, Content), Unreadable> {
        open(Cursor::new(bytes), Told::default())
    }

    /// The text read whole, and its first part as the layout sees it.
    fn text(bytes: Vec<u8>) -> (Encoding, String) {
        match open_bytes(bytes).unwrap() {
            (encoding, Content::Text { head, mut text }) => {
                let mut all = String::new();
                text.read_to_string(&mut all).unwrap();
                assert_eq!(head, all, "a short file's first part is all of it");
                (encoding, all)
            }
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
        assert_eq!(open_bytes(Vec::new()).err(), Some(Unreadable::Empty));
        // An old Excel workbook goes to its reader, here none: refused, not read.
        assert!(matches!(open_bytes(vec![0xD0, 0xCF, 0x11, 0xE0, 0, 0]).err(), Some(Unreadable::Damaged(_))));
        assert!(matches!(open_bytes(b"PK\x03\x04broken".to_vec()).err(), Some(Unreadable::Damaged(_))));
    }

    #[test]
    fn a_long_file_s_encoding_is_found_from_its_first_part_and_all_of_it_decoded() {
        let line = "Иван Петров;ivan@пример.рф\r\n";
        let long = line.repeat(HEAD / line.len() * 3);
        let cp1251 = WINDOWS_1251.encode(&long).0.into_owned();
        let (Encoding::Windows1251, Content::Text { head, mut text }) = open_bytes(cp1251).unwrap() else {
            panic!("Windows-1251 text expected")
        };
        assert!(head.ends_with('\n') && head.len() < long.len(), "whole lines of the first part");
        let mut all = String::new();
        text.read_to_string(&mut all).unwrap();
        assert_eq!(all, long.replace("\r\n", "\n"));
        // UTF-8 cut mid-character at the end of the first part is still UTF-8.
        let utf8 = format!("a{}", "я".repeat(HEAD));
        assert!(matches!(open_bytes(utf8.into_bytes()), Ok((Encoding::Utf8, _))));
    }
}
