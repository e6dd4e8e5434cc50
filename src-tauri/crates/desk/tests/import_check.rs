//! A file of subscribers checked before an import (`desk::import`), as
//! files come: workbooks (XLSX, ODS) with their rows where the spreadsheet
//! shows them, any delimiter and encoding with blank lines and quoted
//! fields anywhere (property tests), damaged and mixed files, and a
//! million rows.

use desk::import::{check_bytes, Encoding, FileCheck, Reason, Unreadable};
use encoding_rs::{KOI8_R, WINDOWS_1251};
use proptest::prelude::*;
use std::io::Write;

fn problems(check: &FileCheck) -> Vec<(u64, Reason)> {
    check.problems.iter().map(|p| (p.row, p.reason)).collect()
}

#[test]
fn an_xlsx_workbook_is_read_with_its_rows_where_excel_shows_them() {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    // The table starts at B3, as people leave a margin.
    let rows = [["Имя", "Эл. почта", "Телефон"], ["Иван", "ivan@пример.рф", ""], ["Анна", "anna@gmial.com", ""]];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate().filter(|(_, cell)| !cell.is_empty()) {
            sheet.write_string(2 + r as u32, 1 + c as u16, *cell).unwrap();
        }
    }
    sheet.write_number(3, 3, 79161234567.0).unwrap();
    let check = check_bytes(book.save_to_buffer().unwrap()).unwrap();
    assert_eq!((check.encoding, check.delimiter, check.header, check.email_column), (Encoding::Xlsx, None, true, 2));
    assert_eq!(check.rows, 2);
    assert_eq!(problems(&check), vec![(5, Reason::TypoDomain)], "the row Excel shows: 5");
}

/// A one-sheet ODS workbook, as LibreOffice writes its essentials.
fn ods(rows: &[&[&str]]) -> Vec<u8> {
    let mut cells = String::new();
    for row in rows {
        cells.push_str("<table:table-row>");
        for cell in *row {
            cells.push_str(&format!(
                "<table:table-cell office:value-type=\"string\"><text:p>{cell}</text:p></table:table-cell>"
            ));
        }
        cells.push_str("</table:table-row>");
    }
    let content = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
         <office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" \
         xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" \
         xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.2\">\
         <office:body><office:spreadsheet><table:table table:name=\"Лист1\">{cells}</table:table>\
         </office:spreadsheet></office:body></office:document-content>"
    );
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("mimetype", stored).unwrap();
    zip.write_all(b"application/vnd.oasis.opendocument.spreadsheet").unwrap();
    zip.start_file("content.xml", stored).unwrap();
    zip.write_all(content.as_bytes()).unwrap();
    zip.start_file("META-INF/manifest.xml", stored).unwrap();
    zip.write_all(
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
          <manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\">\
          <manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"application/vnd.oasis.opendocument.spreadsheet\"/>\
          <manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>\
          </manifest:manifest>",
    )
    .unwrap();
    zip.finish().unwrap().into_inner()
}

#[test]
fn an_ods_workbook_is_read_too() {
    let rows: &[&[&str]] = &[&["Email Address", "Name"], &["ivan@x.ru", "Ivan"], &["IVAN@X.RU", "Ivan again"]];
    let check = check_bytes(ods(rows)).unwrap();
    assert_eq!((check.encoding, check.header, check.email_column, check.rows), (Encoding::Ods, true, 0, 2));
    assert_eq!(problems(&check), vec![(3, Reason::Duplicate)]);
}

#[test]
fn a_damaged_workbook_or_an_empty_file_cannot_be_read_and_says_so() {
    let mut book = rust_xlsxwriter::Workbook::new();
    book.add_worksheet().write_string(0, 0, "a@x.ru").unwrap();
    let mut bytes = book.save_to_buffer().unwrap();
    bytes.truncate(bytes.len() / 2);
    assert!(matches!(check_bytes(bytes), Err(Unreadable::Damaged(_))));
    assert_eq!(check_bytes(Vec::new()).err(), Some(Unreadable::Empty));
}

#[test]
fn a_utf8_file_with_lines_in_windows_1251_still_has_its_addresses_checked() {
    let mut bytes = "email;имя\nivan@x.ru;Иван\n".as_bytes().to_vec();
    bytes.extend(WINDOWS_1251.encode("anna@x.ru;Анна\nbad-address;Пётр\n").0.iter());
    let check = check_bytes(bytes).unwrap();
    assert_eq!(check.encoding, Encoding::Windows1251, "not valid UTF-8 as a whole");
    assert_eq!((check.rows, problems(&check)), (3, vec![(4, Reason::InvalidAddress)]));
}

#[test]
fn a_million_rows_are_checked_with_each_problem_in_its_row() {
    let mut file = String::from("E-mail,Name\n");
    for i in 0..1_000_000u32 {
        match i % 100_000 {
            // A row whose address an earlier row had, in capitals.
            7 => file.push_str(&format!("PERSON{}@EXAMPLE.RU,Again\n", i - 1)),
            8 => file.push_str(",Nobody\n"),
            _ => file.push_str(&format!("person{i}@example.ru,\"Person, {i}\"\n")),
        }
    }
    let check = check_bytes(file.into_bytes()).unwrap();
    assert_eq!(check.rows, 1_000_000);
    let want: Vec<(u64, Reason)> = (0..10u64)
        .flat_map(|k| [(k * 100_000 + 9, Reason::Duplicate), (k * 100_000 + 10, Reason::MissingAddress)])
        .collect();
    assert_eq!(problems(&check), want);
}

/// A file's text in one of the encodings a text file comes in.
fn encoded(text: &str, encoding: Encoding) -> Vec<u8> {
    match encoding {
        Encoding::Utf8 => text.as_bytes().to_vec(),
        Encoding::Utf8Sig => [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat(),
        Encoding::Utf16Le => [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect(),
        Encoding::Utf16Be => [0xFE, 0xFF].into_iter().chain(text.encode_utf16().flat_map(u16::to_be_bytes)).collect(),
        Encoding::Windows1251 => WINDOWS_1251.encode(text).0.into_owned(),
        Encoding::Koi8R => KOI8_R.encode(text).0.into_owned(),
        Encoding::Xlsx | Encoding::Ods | Encoding::Xls => unreachable!("not text"),
    }
}

fn a_text_encoding() -> impl Strategy<Value = Encoding> {
    prop_oneof![
        Just(Encoding::Utf8),
        Just(Encoding::Utf8Sig),
        Just(Encoding::Utf16Le),
        Just(Encoding::Utf16Be),
        Just(Encoding::Windows1251),
        Just(Encoding::Koi8R),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the encoding, the delimiter, the line ends, the blank lines
    /// and the quoted names with delimiters and line breaks inside: the
    /// layout is found, every record is counted, and the one bad address is
    /// reported on the row a spreadsheet shows it on.
    #[test]
    fn any_text_file_is_read_whole_and_its_rows_numbered_as_shown(
        encoding in a_text_encoding(),
        delimiter in prop::sample::select(vec![',', ';', '\t', '|']),
        crlf in any::<bool>(),
        names in prop::collection::vec("[А-Яа-яA-Za-z]{1,8}( [А-Яа-я]{1,8})?", 3..40),
        blanks in prop::collection::vec(0usize..3, 40),
        bad_at in any::<prop::sample::Index>(),
        quoted_at in any::<prop::sample::Index>(),
    ) {
        let end = if crlf { "\r\n" } else { "\n" };
        let bad = bad_at.index(names.len());
        let quoted = quoted_at.index(names.len());
        let mut text = format!("Имя{delimiter}Электронная почта{delimiter}Город{end}");
        let mut row = 1u64;
        let mut bad_row = 0;
        for (i, name) in names.iter().enumerate() {
            for _ in 0..blanks[i] {
                text.push_str(end);
                row += 1;
            }
            row += 1;
            let address = if i == bad { "нет адреса".to_string() } else { format!("subscriber{i}@example.ru") };
            if i == bad {
                bad_row = row;
            }
            let name = if i == quoted { format!("\"{name}{delimiter} \"\"в кавычках\"\"{end}вторая строка\"") } else { name.clone() };
            text.push_str(&format!("{name}{delimiter}{address}{delimiter}Омск{end}"));
        }
        let check = check_bytes(encoded(&text, encoding)).unwrap();
        prop_assert_eq!(check.encoding, encoding);
        prop_assert_eq!(check.delimiter, Some(delimiter));
        prop_assert!(check.header);
        prop_assert_eq!(check.email_column, 1);
        prop_assert_eq!(check.rows, names.len() as u64);
        prop_assert_eq!(problems(&check), vec![(bad_row, Reason::InvalidAddress)]);
    }
}
