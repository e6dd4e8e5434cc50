//! A file of subscribers opened for reading its rows: how it is written,
//! where its addresses are, its first records for a preview, then its data
//! rows as they are read (the header and blank rows passed over), each with
//! the row number a spreadsheet shows for it. The check and the upload read
//! a file through this, so both number and skip rows alike.

use super::columns::{layout, Layout};
use super::decode::{open, Content, Encoding, Text, Told};
use super::limits::Unreadable;
use super::limits::TEXT_FILE_BYTES;
use super::sheet::Sheet;
use super::{kept, table};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// Records the header and the address column are found from.
const SAMPLED: usize = 200;

/// What the user said of a file where the app's guess was wrong (each
/// `None` is found by itself), and how its dates are read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Reading {
    /// A text's encoding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<Encoding>,
    /// A text's delimiter (`,` `;` `|` or a tab).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delimiter: Option<char>,
    /// Whether the first row names the columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<bool>,
    /// A workbook's sheet, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<String>,
    /// The list's date fields: their values go as the service's dates.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub date_fields: Vec<u8>,
    /// Which part of a slashed date (03/04/2024) is the day, for each date
    /// field, as its column told or the marketer said; unsaid, such dates
    /// go as they are. Each column has its own: a file can hold birthdays
    /// written day first beside sign-up days written month first.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub slash_orders: BTreeMap<u8, super::dates::SlashOrder>,
}

impl Reading {
    /// Whether nothing was said: all is found by itself.
    pub fn is_empty(&self) -> bool {
        *self == Reading::default()
    }

    fn told(&self) -> Told<'_> {
        Told { encoding: self.encoding, sheet: self.sheet.as_deref() }
    }
}

/// A file opened, its layout found, its rows not read yet.
pub struct OpenedFile {
    pub encoding: Encoding,
    /// `None` for a spreadsheet.
    pub delimiter: Option<char>,
    pub layout: Layout,
    /// The first non-blank records, the header among them when there is one.
    pub first: Vec<Vec<String>>,
    /// A workbook's sheets, in its order; empty for a text.
    pub sheets: Vec<String>,
    /// The sheet read.
    pub sheet: Option<String>,
    source: Source,
}

enum Source {
    Text { text: Text, delimiter: u8 },
    Sheet(Arc<Sheet>),
}

/// One data row's cells.
#[derive(Clone, Copy)]
pub enum Row<'a> {
    Record(&'a csv::StringRecord),
    Cells(&'a [String]),
}

impl<'a> Row<'a> {
    /// The cell of a column; `""` past the row's end.
    pub fn cell(&self, column: usize) -> &'a str {
        match self {
            Row::Record(record) => record.get(column).unwrap_or(""),
            Row::Cells(cells) => cells.get(column).map_or("", String::as_str),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Row::Record(record) => record.len(),
            Row::Cells(cells) => cells.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn is_blank(&self) -> bool {
        (0..self.len()).all(|column| self.cell(column).trim().is_empty())
    }

    /// The cells as owned text (a row for a preview or an error file).
    pub fn to_vec(self) -> Vec<String> {
        (0..self.len()).map(|column| self.cell(column).to_string()).collect()
    }
}

/// Opens a file; a text file of any size is read as it goes.
pub fn open_file(path: &Path) -> Result<OpenedFile, Unreadable> {
    open_file_with(path, &Reading::default())
}

/// Opens a file as the user said it is written. A file larger than the
/// bounds is refused before it is read; a workbook read once is kept
/// (see `kept`), so the preview, the count and the upload read it once.
pub fn open_file_with(path: &Path, reading: &Reading) -> Result<OpenedFile, Unreadable> {
    super::limits::file_size(path, TEXT_FILE_BYTES)?;
    let content = kept::open(path, reading.sheet.as_deref(), || {
        let file = std::fs::File::open(path).map_err(|e| Unreadable::File(e.to_string()))?;
        open(std::io::BufReader::with_capacity(1 << 16, file), reading.told())
    })?;
    opened(content, reading)
}

/// Opens a file's bytes.
pub fn open_bytes(bytes: Vec<u8>) -> Result<OpenedFile, Unreadable> {
    read_table(bytes, &Reading::default())
}

/// Opens a file's bytes as the user said they are written: the one way in
/// for whatever reads files of subscribers, in a test or a fuzzer.
pub fn read_table(bytes: Vec<u8>, reading: &Reading) -> Result<OpenedFile, Unreadable> {
    if bytes.len() as u64 > TEXT_FILE_BYTES {
        return Err(Unreadable::Limit(super::limits::Past::of(crate::error::FileLimit::FileSize, TEXT_FILE_BYTES)));
    }
    opened(open(std::io::Cursor::new(bytes), reading.told())?, reading)
}

fn opened((encoding, content): (Encoding, Content), reading: &Reading) -> Result<OpenedFile, Unreadable> {
    let mut file = match content {
        Content::Text { head, text } => {
            let told = reading.delimiter.filter(char::is_ascii).map(|d| d as u8);
            let delimiter = told.unwrap_or_else(|| table::delimiter(&head));
            let first = table::first_records(&head, delimiter, SAMPLED);
            OpenedFile {
                encoding,
                delimiter: Some(char::from(delimiter)),
                layout: layout(&first),
                first,
                sheets: Vec::new(),
                sheet: None,
                source: Source::Text { text, delimiter },
            }
        }
        Content::Sheet(sheet) => {
            let first: Vec<Vec<String>> = sheet.rows.iter().take(SAMPLED).map(|(_, cells)| cells.clone()).collect();
            OpenedFile {
                encoding,
                delimiter: None,
                layout: layout(&first),
                first,
                sheets: sheet.names.clone(),
                sheet: Some(sheet.name.clone()),
                source: Source::Sheet(sheet),
            }
        }
    };
    if let Some(header) = reading.header {
        file.layout.header = header;
    }
    Ok(file)
}

impl OpenedFile {
    /// The column names from the header, when there is one.
    pub fn header(&self) -> Option<&[String]> {
        self.layout.header.then(|| self.first.first().map(Vec::as_slice)).flatten()
    }

    /// The first data rows, for a preview.
    pub fn sample(&self, n: usize) -> &[Vec<String>] {
        let data = &self.first[usize::from(self.layout.header).min(self.first.len())..];
        &data[..n.min(data.len())]
    }

    /// The widest of the first records: the columns a mapping offers.
    pub fn width(&self) -> usize {
        self.first.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Calls `each` with every data row and its number, in order, while it
    /// answers true.
    pub fn for_each_row(self, mut each: impl FnMut(u64, Row<'_>) -> bool) -> Result<(), Unreadable> {
        let mut header_pending = self.layout.header;
        let mut data = |row: u64, cells: Row<'_>| {
            if cells.is_blank() {
                return true;
            }
            if std::mem::take(&mut header_pending) {
                return true;
            }
            each(row, cells)
        };
        match self.source {
            Source::Text { text, delimiter } => table::for_each_record(text, delimiter, |row, record| {
                data(row, Row::Record(record))
            })
            .map_err(|e| match e.into_kind() {
                csv::ErrorKind::Io(e) => match super::bounded::past(&e) {
                    Some(past) => Unreadable::Limit(past),
                    None => Unreadable::File(e.to_string()),
                },
                other => Unreadable::Damaged(format!("{other:?}")),
            }),
            Source::Sheet(sheet) => {
                for (row, cells) in &sheet.rows {
                    if !data(*row, Row::Cells(cells)) {
                        break;
                    }
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_rows_come_numbered_without_the_header_and_blank_rows() {
        let file = open_bytes("Имя;E-mail\nИван;ivan@x.ru\n;\nАнна;anna@x.ru\n".as_bytes().to_vec()).unwrap();
        assert_eq!(file.header(), Some(&["Имя".to_string(), "E-mail".to_string()][..]));
        assert_eq!(
            file.sample(5),
            &[vec!["Иван".to_string(), "ivan@x.ru".into()], vec!["Анна".into(), "anna@x.ru".into()]]
        );
        let mut rows = Vec::new();
        file.for_each_row(|row, cells| {
            rows.push((row, cells.cell(1).to_string(), cells.cell(7).to_string()));
            true
        })
        .unwrap();
        assert_eq!(rows, vec![(2, "ivan@x.ru".into(), String::new()), (4, "anna@x.ru".into(), String::new())]);
    }

    #[test]
    fn a_file_past_its_size_is_refused_before_it_is_read() {
        use crate::error::FileLimit;
        use crate::import::limits::{Past, WORKBOOK_FILE_BYTES};
        let dir = tempfile::tempdir().unwrap();
        let text = dir.path().join("huge.csv");
        std::fs::File::create(&text).unwrap().set_len(TEXT_FILE_BYTES + 1).unwrap();
        let refused = open_file(&text).err();
        assert_eq!(refused, Some(Unreadable::Limit(Past::of(FileLimit::FileSize, TEXT_FILE_BYTES))));
        let book = dir.path().join("huge.xlsx");
        let file = std::fs::File::create(&book).unwrap();
        std::io::Write::write_all(&mut &file, b"PK\x03\x04").unwrap();
        file.set_len(WORKBOOK_FILE_BYTES + 1).unwrap();
        let refused = open_file(&book).err();
        assert_eq!(refused, Some(Unreadable::Limit(Past::of(FileLimit::FileSize, WORKBOOK_FILE_BYTES))));
    }

    #[test]
    fn reading_stops_when_told() {
        let file = open_bytes(b"a@x.ru\nb@x.ru\nc@x.ru\n".to_vec()).unwrap();
        let mut seen = 0;
        file.for_each_row(|_, _| {
            seen += 1;
            seen < 2
        })
        .unwrap();
        assert_eq!(seen, 2);
    }
}
