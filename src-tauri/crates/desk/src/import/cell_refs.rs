//! A worksheet's cell references (`<c r="B3">`, `<row r="3">`) and its
//! dimension (`<dimension ref="B3:D5">`) held to Excel's bounds before the
//! spreadsheet reader sees them: it reads them in 32-bit arithmetic that
//! overflows on a column of fifteen letters, a row past four billion or a
//! dimension that ends before it starts, and would panic or land the cell
//! elsewhere. Any part of the zip may be named a worksheet by the
//! workbook's relationships, so every part is streamed; one that is not
//! XML is left to whatever reads it.

use super::limits::{COLUMNS, ROWS};
use super::zipped::{damaged, xml, Archive};
use super::Unreadable;
use quick_xml::events::{BytesStart, Event};

/// Refuses the workbook as damaged when a part holds a reference outside
/// the sheet.
pub fn vet(archive: &mut Archive<'_>) -> Result<(), Unreadable> {
    for index in 0..archive.len() {
        let part = archive.by_index(index).map_err(damaged)?;
        let name = part.name().map_err(damaged)?.into_owned();
        let mut reader = xml(part);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_event_into(&mut buf) {
                Ok(Event::Start(e)) => vet_element(&e).map_err(|what| damaged(format!("{name}: {what}")))?,
                Ok(Event::Eof) | Err(_) => break,
                Ok(_) => {}
            }
        }
    }
    Ok(())
}

fn vet_element(e: &BytesStart<'_>) -> Result<(), String> {
    let (attribute, check): (&str, fn(&str) -> Option<()>) = match e.local_name().as_ref() {
        "c" => ("r", |r| cell(r).map(drop)),
        "row" => ("r", |r| row(r).map(drop)),
        "dimension" => ("ref", dimension),
        _ => return Ok(()),
    };
    let Some(value) = e.try_get_attribute(attribute).map_err(|e| e.to_string())? else { return Ok(()) };
    let value = value.value.into_owned();
    check(&value).ok_or_else(|| format!("a reference outside the sheet: {attribute}=\"{value}\""))
}

/// A row's number, 1 to 1,048,576.
fn row(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 7 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| (1..=ROWS).contains(n))
}

/// A cell's (row, column): one to three letters up to XFD, then its row.
fn cell(text: &str) -> Option<(u64, u64)> {
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    if !(1..=3).contains(&letters) {
        return None;
    }
    let column = text.bytes().take(letters).fold(0u64, |n, b| n * 26 + u64::from(b.to_ascii_uppercase() - b'A') + 1);
    let row = row(&text[letters..])?;
    (column <= COLUMNS).then_some((row, column))
}

/// A cell, or two that start no later than they end.
fn dimension(text: &str) -> Option<()> {
    match text.split_once(':') {
        None => cell(text).map(drop),
        Some((start, end)) => {
            let (start, end) = (cell(start)?, cell(end)?);
            (start.0 <= end.0 && start.1 <= end.1).then_some(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::check_bytes;
    use crate::import::hostile::{plain_xlsx, rezip};

    /// The plain workbook with its sheet's `from` written `to`.
    fn with_sheet(from: &str, to: &str) -> Vec<u8> {
        rezip(&plain_xlsx(), |name, text| if name.ends_with("sheet1.xml") { text.replacen(from, to, 1) } else { text })
    }

    fn refused_as_damaged(bytes: Vec<u8>) {
        match check_bytes(bytes) {
            Err(Unreadable::Damaged(detail)) => assert!(detail.contains("outside the sheet"), "{detail}"),
            other => panic!("not refused as damaged: {other:?}"),
        }
    }

    #[test]
    fn a_reference_outside_the_sheet_refuses_the_workbook_as_damaged() {
        refused_as_damaged(with_sheet("r=\"A2\"", "r=\"ZZZZZZZZZZZZZZZ2\""));
        refused_as_damaged(with_sheet("r=\"A2\"", "r=\"A99999999999\""));
        refused_as_damaged(with_sheet("<row r=\"2\"", "<row r=\"4294967297\""));
        refused_as_damaged(with_sheet("<dimension ref=\"A1:A2\"/>", "<dimension ref=\"B3:D1\"/>"));
        refused_as_damaged(with_sheet("r=\"A2\"", "r=\"XFE2\""));
        refused_as_damaged(with_sheet("r=\"A2\"", "r=\"A1048577\""));
    }

    #[test]
    fn references_at_excel_s_bounds_read() {
        assert!(check_bytes(plain_xlsx()).is_ok());
        assert_eq!(cell("XFD1048576"), Some((ROWS, COLUMNS)));
        assert_eq!(cell("a1"), Some((1, 1)));
        assert_eq!(dimension("A1:XFD1048576"), Some(()));
        assert_eq!(dimension("B3"), Some(()));
        for bad in ["", "A", "1", "A0", "AAAA1", "A1B", "A-1", "A01048577"] {
            assert_eq!(cell(bad), None, "{bad}");
        }
    }
}
