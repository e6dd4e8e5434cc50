//! A delimited text as records (`csv`: quoted fields with delimiters,
//! quotes and line breaks inside), its delimiter found from its first
//! records, each record numbered as a spreadsheet shows it: a record with
//! line breaks inside is one row, and a blank line is a row of its own.

use super::bounded::Bounded;
use super::lines::UnixLines;
use std::io::Read;

/// The delimiters files come with: Excel's in most of the world, Excel's on
/// a Russian Windows, "Unicode text" and the odd export.
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];

/// Records the delimiter is found from.
const SNIFFED: usize = 50;

fn reader<R: Read>(text: R, delimiter: u8) -> csv::Reader<R> {
    csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(text)
}

/// The delimiter that splits the first records into the same number of
/// fields, most of them: the one whose commonest field count is most
/// common and largest. A file of one column gets a comma.
pub fn delimiter(head: &str) -> u8 {
    let mut best = (b',', 0usize, 1usize);
    for delimiter in DELIMITERS {
        let mut counts = std::collections::HashMap::<usize, usize>::new();
        for record in reader(head.as_bytes(), delimiter).records().take(SNIFFED).flatten() {
            *counts.entry(record.len()).or_default() += 1;
        }
        let Some((&fields, &often)) = counts.iter().max_by_key(|(fields, often)| (**often, **fields)) else {
            continue;
        };
        if fields > 1 && (often, fields) > (best.1, best.2) {
            best = (delimiter, often, fields);
        }
    }
    best.0
}

/// Where a record was read: the lines from where the reader began (blank
/// lines before it included) to where it stopped, and the line ends
/// inside its quoted fields.
struct Span {
    from: u64,
    to: u64,
    inside: u64,
}

impl Span {
    fn of<R: Read>(record: &csv::StringRecord, reader: &csv::Reader<R>) -> Self {
        let inside = record.iter().map(|field| field.bytes().filter(|b| *b == b'\n').count() as u64).sum();
        Span { from: record.position().map_or(1, |p| p.line()), to: reader.position().line(), inside }
    }

    /// The blank lines before the record; `ended`: whether a line end
    /// closed it (all but perhaps the last record of a file).
    fn blanks(&self, ended: bool) -> u64 {
        (self.to - self.from).saturating_sub(self.inside + u64::from(ended))
    }
}

/// Calls `each` with every record of a text whose line ends are `\n`
/// (see `lines`) and the row a spreadsheet shows it on, in order, while it
/// answers true; stops at the first record that cannot be read (answering
/// it), or that is past the bounds of a field or a record (see `bounded`). A record is handled once the next is read: whether a line end
/// closed it counts its lines.
pub fn for_each_record<R: Read>(
    text: UnixLines<R>,
    delimiter: u8,
    mut each: impl FnMut(u64, &csv::StringRecord) -> bool,
) -> csv::Result<()> {
    let mut reader = reader(Bounded::new(text, delimiter), delimiter);
    let (mut current, mut next) = (csv::StringRecord::new(), csv::StringRecord::new());
    if !reader.read_record(&mut current)? {
        return Ok(());
    }
    let mut span = Span::of(&current, &reader);
    let mut row = 0u64;
    loop {
        let more = reader.read_record(&mut next)?;
        let ended = more || reader.get_ref().ends_with_line_end();
        row += 1 + span.blanks(ended);
        if !each(row, &current) || !more {
            return Ok(());
        }
        span = Span::of(&next, &reader);
        std::mem::swap(&mut current, &mut next);
    }
}

/// The first `n` records of a text's first part, for finding the header
/// and the address column.
pub fn first_records(head: &str, delimiter: u8, n: usize) -> Vec<Vec<String>> {
    reader(head.as_bytes(), delimiter)
        .records()
        .take(n)
        .flatten()
        .filter(|record| record.iter().any(|cell| !cell.trim().is_empty()))
        .map(|record| record.iter().map(str::to_string).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delimiter_is_the_one_that_splits_records_alike() {
        assert_eq!(delimiter("name;email\nIvan;ivan@x.ru\nAnna;anna@x.ru\n"), b';');
        assert_eq!(delimiter("name,email\nIvan,ivan@x.ru\n"), b',');
        assert_eq!(delimiter("name\temail\nIvan\tivan@x.ru\n"), b'\t');
        assert_eq!(delimiter("name|email|city\nIvan|ivan@x.ru|Omsk\n"), b'|');
        // A comma inside quotes does not split a semicolon file.
        assert_eq!(delimiter("name;email\n\"Petrov, Ivan\";ivan@x.ru\n\"Ivanova, Anna\";anna@x.ru\n"), b';');
        assert_eq!(delimiter("ivan@x.ru\nanna@x.ru\n"), b',', "one column");
    }

    #[test]
    fn rows_are_numbered_as_a_spreadsheet_shows_them() {
        let text = "email;note\r\na@x.ru;\"two\r\nlines\"\r\n\r\nb@x.ru;\"say \"\"hi\"\"; twice\"\r\n\r\n\r\nc@x.ru;\n";
        let mut seen = Vec::new();
        for_each_record(UnixLines::new(text.as_bytes()), b';', |row, record| {
            seen.push((row, record.get(0).unwrap().to_string()));
            true
        })
        .unwrap();
        let rows: Vec<(u64, &str)> = seen.iter().map(|(r, e)| (*r, e.as_str())).collect();
        assert_eq!(rows, vec![(1, "email"), (2, "a@x.ru"), (4, "b@x.ru"), (7, "c@x.ru")]);
        let mut quoted = Vec::new();
        for_each_record(UnixLines::new(text.as_bytes()), b';', |_, record| {
            quoted.push(record.get(1).unwrap_or_default().to_string());
            true
        })
        .unwrap();
        assert_eq!(quoted[1], "two\nlines", "a line break in a cell, as Excel makes it");
        assert_eq!(quoted[2], "say \"hi\"; twice");
    }

    #[test]
    fn blank_lines_before_a_last_record_with_no_line_end_are_rows() {
        for text in ["email\n\n\nc@x.ru", "email\n\n\nc@x.ru\n", "email\r\n\r\n\r\nc@x.ru"] {
            let mut rows = Vec::new();
            for_each_record(UnixLines::new(text.as_bytes()), b',', |row, _| {
                rows.push(row);
                true
            })
            .unwrap();
            assert_eq!(rows, vec![1, 4], "{text:?}");
        }
    }

    #[test]
    fn leading_blank_lines_are_rows_too() {
        let mut rows = Vec::new();
        for_each_record(UnixLines::new("\n\nemail\na@x.ru\n".as_bytes()), b',', |row, _| {
            rows.push(row);
            true
        })
        .unwrap();
        assert_eq!(rows, vec![3, 4]);
    }
}
