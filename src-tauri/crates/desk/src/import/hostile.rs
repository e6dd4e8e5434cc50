//! Files made to take a reader down, each a few kilobytes, for the tests
//! that show they are refused cleanly (the import's and the terminal's
//! `check-import`) and as seeds for fuzzing. Built for the tests and with
//! the feature `hostile-files` only; never part of the app.

use std::io::{Cursor, Read, Write};

/// A small XLSX: a header and one address, as Excel's library writes it.
pub fn plain_xlsx() -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (row, text) in ["email", "anna@example.ru"].iter().enumerate() {
        sheet.write_string(row as u32, 0, *text).expect("a cell");
    }
    book.save_to_buffer().expect("a workbook")
}

/// The zip again, each part's text changed by `change` (given its name),
/// packed with deflate.
pub fn rezip(bytes: &[u8], change: impl Fn(&str, String) -> String) -> Vec<u8> {
    let mut from = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    let mut to = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let packed = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for index in 0..from.len() {
        let mut part = from.by_index(index).expect("a part");
        let name = part.name().expect("a name").to_string();
        let mut text = String::new();
        part.read_to_string(&mut text).expect("a text part");
        to.start_file(name.as_str(), packed).expect("a new part");
        to.write_all(change(&name, text).as_bytes()).expect("written");
    }
    to.finish().expect("a zip").into_inner()
}

/// Its table of shared texts declares a trillion of them (it holds two):
/// a reader that makes room for what is declared asks for 24 TB.
pub fn xlsx_declaring_a_trillion_texts() -> Vec<u8> {
    rezip(&plain_xlsx(), |name, text| {
        if !name.ends_with("sharedStrings.xml") {
            return text;
        }
        let declared = regex_free_replace(&text, "uniqueCount=\"", "1000000000000");
        regex_free_replace(&declared, " count=\"", "1000000000000")
    })
}

/// Its sheet spans `A1:XFD1048576`, with a value in both corners: a reader
/// that makes a range from the extreme cells makes 17 billion of them.
pub fn xlsx_spanning_the_whole_sheet() -> Vec<u8> {
    rezip(&plain_xlsx(), |name, text| extreme_cells(name, text, 0))
}

/// The sheet of `xlsx_spanning_the_whole_sheet`, padded to unpack to 64 MB
/// from a few kilobytes.
pub fn xlsx_zip_bomb() -> Vec<u8> {
    rezip(&plain_xlsx(), |name, text| extreme_cells(name, text, 64 << 20))
}

fn extreme_cells(name: &str, text: String, padding: usize) -> String {
    if !name.ends_with("sheet1.xml") {
        return text;
    }
    let far = format!(
        "{}<row r=\"1048576\"><c r=\"XFD1048576\" t=\"inlineStr\"><is><t>far</t></is></c></row></sheetData>",
        " ".repeat(padding)
    );
    let spanned = match (text.find("<dimension ref=\""), text.find("<sheetViews")) {
        (Some(from), Some(to)) => format!("{}<dimension ref=\"A1:XFD1048576\"/>{}", &text[..from], &text[to..]),
        _ => text,
    };
    spanned.replace("</sheetData>", &far)
}

/// `attribute` (written with its opening quote) given `value` wherever it is.
fn regex_free_replace(text: &str, attribute: &str, value: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(attribute) {
        let after = &rest[at + attribute.len()..];
        let end = after.find('"').unwrap_or(0);
        out.push_str(&rest[..at + attribute.len()]);
        out.push_str(value);
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// A one-sheet ODS of these rows (XML, inside `<table:table>`).
pub fn ods(rows: &str) -> Vec<u8> {
    let content = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
         <office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" \
         xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" \
         xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.2\">\
         <office:body><office:spreadsheet><table:table table:name=\"Лист1\">{rows}</table:table>\
         </office:spreadsheet></office:body></office:document-content>"
    );
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("mimetype", stored).expect("a part");
    zip.write_all(b"application/vnd.oasis.opendocument.spreadsheet").expect("written");
    zip.start_file("content.xml", stored).expect("a part");
    zip.write_all(content.as_bytes()).expect("written");
    zip.start_file("META-INF/manifest.xml", stored).expect("a part");
    zip.write_all(
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
          <manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\">\
          <manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"application/vnd.oasis.opendocument.spreadsheet\"/>\
          <manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>\
          </manifest:manifest>",
    )
    .expect("written");
    zip.finish().expect("a zip").into_inner()
}

/// Sixty thousand rows, each one cell repeated across all 16,384
/// columns: a billion cells (50 GB as calamine keeps them) from 9 MB.
pub fn ods_repeating_cells() -> Vec<u8> {
    let row = "<table:table-row><table:table-cell table:number-columns-repeated=\"16384\" \
               office:value-type=\"string\"><text:p>x</text:p></table:table-cell></table:table-row>";
    ods(&row.repeat(60_000))
}

/// One row with an address, repeated a billion times.
pub fn ods_repeating_rows() -> Vec<u8> {
    ods("<table:table-row><table:table-cell><text:p>email</text:p></table:table-cell></table:table-row>\
         <table:table-row table:number-rows-repeated=\"1000000000\"><table:table-cell \
         office:value-type=\"string\"><text:p>anna@example.ru</text:p></table:table-cell></table:table-row>")
}

/// A CSV whose second row opens a quote that never closes, the rest of the
/// file (300 KB of rows) inside it.
pub fn csv_with_an_unclosed_quote() -> Vec<u8> {
    let mut text = String::from("email,note\nanna@example.ru,\"never closed\n");
    text.push_str(&"ivan@example.ru,fine\n".repeat(15_000));
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{DeskError, FileLimit};
    use crate::import::limits::{CELLS, FIELD_BYTES, PACKING_RATIO, ROWS};
    use crate::import::{check_bytes, Past, Reason, Unreadable};
    use std::time::{Duration, Instant};

    /// The check's refusal, quickly: no reader got far into the file.
    fn refused(bytes: Vec<u8>) -> Unreadable {
        let started = Instant::now();
        let refused = check_bytes(bytes).expect_err("refused");
        assert!(started.elapsed() < Duration::from_secs(10), "{refused:?} took {:?}", started.elapsed());
        refused
    }

    #[test]
    fn a_workbook_declaring_a_trillion_texts_is_refused_for_what_it_holds() {
        assert_eq!(refused(xlsx_declaring_a_trillion_texts()), Unreadable::Limit(Past::of(FileLimit::Declared, 2)));
    }

    #[test]
    fn a_sheet_spanning_every_cell_is_read_by_the_cells_it_has() {
        let started = Instant::now();
        let check = check_bytes(xlsx_spanning_the_whole_sheet()).unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!((check.rows, check.email_column), (2, 0));
        let problems: Vec<(u64, Reason)> = check.problems.iter().map(|p| (p.row, p.reason)).collect();
        assert_eq!(problems, vec![(1_048_576, Reason::MissingAddress)], "the far corner is a row without an address");
    }

    #[test]
    fn a_zip_bomb_is_refused_from_its_directory() {
        assert_eq!(refused(xlsx_zip_bomb()), Unreadable::Limit(Past::of(FileLimit::Packing, PACKING_RATIO)));
    }

    #[test]
    fn ods_repeats_end_at_the_bounds() {
        assert_eq!(refused(ods_repeating_cells()), Unreadable::Limit(Past::of(FileLimit::Cells, CELLS)));
        assert_eq!(refused(ods_repeating_rows()), Unreadable::Limit(Past::of(FileLimit::Rows, ROWS)));
    }

    #[test]
    fn a_quote_that_never_closes_is_refused_with_its_row() {
        let past = Past::in_row(FileLimit::Field, FIELD_BYTES, 2);
        assert_eq!(refused(csv_with_an_unclosed_quote()), Unreadable::Limit(past));
        assert_eq!(
            crate::import::unreadable(Unreadable::Limit(past)),
            DeskError::in_area(crate::import::ImportFailure::FileLimit {
                limit: FileLimit::Field,
                max: FIELD_BYTES,
                row: Some(2)
            }),
            "the page is told the bound and the row"
        );
    }

    #[test]
    fn an_ordinary_ods_with_repeats_reads_as_libreoffice_shows_it() {
        let rows = "<table:table-row><table:table-cell><text:p>Имя</text:p></table:table-cell>\
            <table:table-cell table:number-columns-repeated=\"2\"/><table:table-cell><text:p>E-mail</text:p></table:table-cell></table:table-row>\
            <table:table-row table:number-rows-repeated=\"2\"><table:table-cell table:number-columns-repeated=\"1024\"/></table:table-row>\
            <table:table-row><table:table-cell><text:p>Анна</text:p><office:annotation><text:p>note</text:p></office:annotation></table:table-cell>\
            <table:table-cell table:number-columns-repeated=\"2\"/><table:table-cell><text:p>anna@x.ru</text:p></table:table-cell></table:table-row>\
            <table:table-row table:number-rows-repeated=\"1048570\"><table:table-cell table:number-columns-repeated=\"1024\"/></table:table-row>";
        let check = check_bytes(ods(rows)).unwrap();
        assert_eq!((check.rows, check.email_column, check.header), (1, 3, true));
        assert!(check.problems.is_empty(), "{:?}", check.problems);
    }
}
