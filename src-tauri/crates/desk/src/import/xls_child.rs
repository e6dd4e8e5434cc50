//! The child process that reads an `.xls` workbook for the app (see
//! `xls`): `read-xls [--sheet NAME]` takes the workbook on its input and
//! writes one JSON `Line` a line: the sheets, each non-empty cell of the
//! sheet read, then the end. Whatever calamine does to this process on a
//! hostile file (a reservation past the address space, a panic, a loop)
//! ends here, not in the app.

use super::limits::WORKBOOK_FILE_BYTES;
use super::sheet::{date_text, number_text};
use super::xls::Line;
use calamine::{Data, Reader, SheetType, Xls};
use std::io::{Cursor, Read, Write};

/// The address space the child may take (on Unix): room for the program
/// and a sheet within the bounds, not for what a hostile file declares.
#[cfg(unix)]
const ADDRESS_SPACE: u64 = 4 << 30;

/// Runs the child with the arguments after `read-xls`; its exit code.
pub fn read_xls_main(args: &[String]) -> i32 {
    limit_address_space();
    let asked = match args {
        [] => None,
        [flag, name] if flag == "--sheet" => Some(name.as_str()),
        _ => return 2,
    };
    let mut bytes = Vec::new();
    if std::io::stdin().take(WORKBOOK_FILE_BYTES + 1).read_to_end(&mut bytes).is_err() {
        return 1;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = lines(&bytes, asked, &mut |line| {
        serde_json::to_writer(&mut out, &line).map_err(std::io::Error::other)?;
        out.write_all(b"\n")
    });
    match written.and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// Writes the workbook's lines.
fn lines(bytes: &[u8], asked: Option<&str>, write: &mut dyn FnMut(Line) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut book = match Xls::new(Cursor::new(bytes)) {
        Ok(book) => book,
        Err(e) => return write(Line::Damaged(e.to_string())),
    };
    let names: Vec<String> =
        book.sheets_metadata().iter().filter(|s| s.typ == SheetType::WorkSheet).map(|s| s.name.clone()).collect();
    let name = match asked {
        Some(asked) if names.iter().any(|n| n == asked) => asked.to_string(),
        Some(_) => return write(Line::NoSuchSheet),
        None => match names.first() {
            Some(first) => first.clone(),
            None => return write(Line::Empty),
        },
    };
    let range = match book.worksheet_range(&name) {
        Ok(range) => range,
        Err(e) => return write(Line::Damaged(e.to_string())),
    };
    write(Line::Sheets { names, name })?;
    let (top, left) = range.start().unwrap_or((0, 0));
    for (row, column, cell) in range.used_cells() {
        let text = text(cell);
        if !text.is_empty() {
            write(Line::Cell(top.saturating_add(row as u32), left.saturating_add(column as u32), text))?;
        }
    }
    write(Line::End)
}

/// A cell as its text; a date as ISO text.
fn text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::Float(f) => number_text(*f),
        Data::Int(i) => i.to_string(),
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::DateTime(date) if date.is_datetime() => {
            let (year, month, day, hour, minute, second, _) = date.to_ymd_hms_milli();
            date_text(year, month, day, hour, minute, second)
        }
        Data::DateTime(duration) => number_text(duration.as_f64()),
        Data::Bool(b) => b.to_string(),
        Data::Error(e) => e.to_string(),
    }
}

#[cfg(unix)]
fn limit_address_space() {
    let limit = libc::rlimit { rlim_cur: ADDRESS_SPACE as libc::rlim_t, rlim_max: ADDRESS_SPACE as libc::rlim_t };
    // SAFETY: setrlimit reads the struct given and changes only this
    // process's own limit.
    unsafe {
        libc::setrlimit(libc::RLIMIT_AS, &limit);
    }
}

#[cfg(not(unix))]
fn limit_address_space() {}
