//! CSV as the user's spreadsheet program opens it: UTF-8 with a byte-order
//! mark (without one, Excel reads the file in the system's old code page
//! and Cyrillic turns to noise), and the separator Excel expects in the
//! user's language: `;` where the decimal mark is a comma (Russian), `,`
//! elsewhere; the user picks. Cells keep their exact text; only what a
//! spreadsheet would run as a formula is kept from running.

use serde::Deserialize;
use std::borrow::Cow;
use std::io::Write;

/// What separates a CSV file's cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum CsvSeparator {
    Comma,
    Semicolon,
}

impl CsvSeparator {
    fn byte(self) -> u8 {
        match self {
            CsvSeparator::Comma => b',',
            CsvSeparator::Semicolon => b';',
        }
    }
}

/// What a CSV file starts with: a byte-order mark, so spreadsheet programs read UTF-8.
const BYTE_ORDER_MARK: &str = "\u{FEFF}";

/// A CSV file being written row by row: quoted where needed, CRLF line ends.
pub(crate) struct CsvWriter<W: Write> {
    rows: csv::Writer<W>,
}

impl<W: Write> CsvWriter<W> {
    pub(crate) fn start(mut out: W, separator: CsvSeparator) -> std::io::Result<Self> {
        out.write_all(BYTE_ORDER_MARK.as_bytes())?;
        let rows = csv::WriterBuilder::new()
            .delimiter(separator.byte())
            .terminator(csv::Terminator::CRLF)
            .quote_style(csv::QuoteStyle::Necessary)
            .flexible(true)
            .from_writer(out);
        Ok(CsvWriter { rows })
    }

    pub(crate) fn row(&mut self, cells: &[String]) -> std::io::Result<()> {
        self.rows
            .write_record(cells.iter().map(|cell| kept_from_running(cell).into_owned()))
            .map_err(std::io::Error::other)
    }

    /// Writes out what is buffered and hands back the output.
    pub(crate) fn finish(self) -> std::io::Result<W> {
        self.rows.into_inner().map_err(|e| e.into_error())
    }
}

/// A cell a spreadsheet would read as a formula (`=…`, `@…`, a sign before
/// anything but a number, or a leading tab or carriage return, which some
/// programs strip before looking) gets a leading `'`, which shows it as
/// typed. A phone number or an amount with its sign (`+7 (916) 123-45-67`,
/// `-1 204,50`) is no formula and stays exactly as it is.
pub(crate) fn kept_from_running(cell: &str) -> Cow<'_, str> {
    let runs = match cell.chars().next() {
        Some('=' | '@' | '\t' | '\r') => true,
        Some('+' | '-') => !is_plain_number(&cell[1..]),
        _ => false,
    };
    if runs {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// Digits, with the spaces, dashes, brackets and marks numbers and phone
/// numbers are written with; nothing a formula could call. A lone sign is
/// text too.
fn is_plain_number(rest: &str) -> bool {
    rest.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')' | '.' | ','))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(rows: &[Vec<String>], separator: CsvSeparator) -> Vec<u8> {
        let mut file = CsvWriter::start(Vec::new(), separator).unwrap();
        for row in rows {
            file.row(row).unwrap();
        }
        file.finish().unwrap()
    }

    fn rows() -> Vec<Vec<String>> {
        [
            ["Имя", "Телефон", "Код"],
            ["Анна; старшая", "+7 (916) 123-45-67", "01234"],
            ["Борис", "+79161234567", "Nan"],
            ["Вера \"В.\"", "-1 204,50", "+"],
        ]
        .iter()
        .map(|row| row.iter().map(|c| c.to_string()).collect())
        .collect()
    }

    #[test]
    fn for_russian_excel_a_byte_order_mark_and_semicolons_that_read_back_as_columns() {
        let bytes = written(&rows(), CsvSeparator::Semicolon);
        assert!(bytes.starts_with("\u{FEFF}Имя;Телефон;Код\r\n".as_bytes()));
        let mut reader = csv::ReaderBuilder::new().delimiter(b';').has_headers(false).from_reader(&bytes[3..]);
        let read: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(String::from).collect()).collect();
        assert_eq!(read, rows(), "every cell comes back exactly, phone numbers and codes included");
    }

    #[test]
    fn elsewhere_commas() {
        let text = String::from_utf8(written(&rows(), CsvSeparator::Comma)).unwrap();
        assert!(text.starts_with('\u{FEFF}'));
        assert_eq!(text.lines().nth(1), Some("Анна; старшая,+7 (916) 123-45-67,01234"));
        assert_eq!(text.lines().nth(3), Some("\"Вера \"\"В.\"\"\",\"-1 204,50\",+"));
    }

    #[test]
    fn only_what_would_run_as_a_formula_is_guarded() {
        for formula in
            ["=1+2", "@SUM(A1)", "+A1", "-cmd|' /C calc'!A0", "+1+HYPERLINK(\"x\")", "\t=1", "\r=1", "-2+3*A1"]
        {
            assert_eq!(kept_from_running(formula), format!("'{formula}"), "{formula:?}");
        }
        for text in ["+7 (916) 123-45-67", "+79161234567", "-5", "-1 204,50", "+", "-", "Анна", "01234", " =x"] {
            assert_eq!(kept_from_running(text), text, "{text:?}");
        }
    }
}
