//! A delimited text as records (`csv`: quoted fields with delimiters,
//! quotes and line breaks inside), its delimiter found from its first
//! records, each record numbered as a spreadsheet shows it: a record with
//! line breaks inside is one row, and a blank line is a row of its own.

/// The delimiters files come with: Excel's in most of the world, Excel's on
/// a Russian Windows, "Unicode text" and the odd export.
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];

/// Records the delimiter is found from.
const SNIFFED: usize = 50;

fn reader(text: &str, delimiter: u8) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(text.as_bytes())
}

/// The delimiter that splits the first records into the same number of
/// fields, most of them: the one whose commonest field count is most
/// common and largest. A file of one column gets a comma.
pub fn delimiter(text: &str) -> u8 {
    let mut best = (b',', 0usize, 1usize);
    for delimiter in DELIMITERS {
        let mut counts = std::collections::HashMap::<usize, usize>::new();
        for record in reader(text, delimiter).records().take(SNIFFED).flatten() {
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

/// Calls `each` with every record and the row a spreadsheet shows it on,
/// in order, while it answers true; stops at the first record that cannot
/// be read (answering it).
pub fn for_each_record(
    text: &str,
    delimiter: u8,
    mut each: impl FnMut(u64, &csv::StringRecord) -> bool,
) -> csv::Result<()> {
    let mut reader = reader(text, delimiter);
    let mut record = csv::StringRecord::new();
    let mut row = 0u64;
    while reader.read_record(&mut record)? {
        // The reader passes over blank lines before a record and counts
        // them in its span: each is a row of its own.
        let from = record.position().map_or(0, |p| p.byte() as usize);
        let blanks = blank_lines(text.as_bytes(), from);
        row += 1 + blanks as u64;
        if !each(row, &record) {
            break;
        }
    }
    Ok(())
}

/// The blank lines from `at` on (before the next record): line ends with
/// nothing before them, `\r\n` one of them, and the `\n` of the previous
/// record's `\r\n` not one.
fn blank_lines(bytes: &[u8], at: usize) -> usize {
    let mut at = at.min(bytes.len());
    if at > 0 && bytes[at - 1] == b'\r' && bytes.get(at) == Some(&b'\n') {
        at += 1;
    }
    let mut blanks = 0;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => at += 2,
            b'\r' | b'\n' => at += 1,
            _ => break,
        }
        blanks += 1;
    }
    blanks
}

/// The first `n` records, for finding the header and the address column.
pub fn first_records(text: &str, delimiter: u8, n: usize) -> Vec<Vec<String>> {
    let mut first = Vec::new();
    let _ = for_each_record(text, delimiter, |_, record| {
        first.push(record.iter().map(str::to_string).collect());
        first.len() < n
    });
    first
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
        for_each_record(text, b';', |row, record| {
            seen.push((row, record.get(0).unwrap().to_string()));
            true
        })
        .unwrap();
        let rows: Vec<(u64, &str)> = seen.iter().map(|(r, e)| (*r, e.as_str())).collect();
        assert_eq!(rows, vec![(1, "email"), (2, "a@x.ru"), (4, "b@x.ru"), (7, "c@x.ru")]);
        let mut quoted = Vec::new();
        for_each_record(text, b';', |_, record| {
            quoted.push(record.get(1).unwrap_or_default().to_string());
            true
        })
        .unwrap();
        assert_eq!(quoted[1], "two\r\nlines");
        assert_eq!(quoted[2], "say \"hi\"; twice");
    }

    #[test]
    fn leading_blank_lines_are_rows_too() {
        let mut rows = Vec::new();
        for_each_record("\n\nemail\na@x.ru\n", b',', |row, _| {
            rows.push(row);
            true
        })
        .unwrap();
        assert_eq!(rows, vec![3, 4]);
    }
}
