//! An XLSX workbook read cell by cell (calamine's streaming reader of a
//! worksheet), never as a range spanning its extreme cells; its table of
//! shared texts is held to what it really holds before calamine reads it
//! (see `zipped`), and its cell references to the sheet's bounds (see
//! `cell_refs`). Date cells arrive as dates, not as Excel's day numbers.

use super::sheet::{date_text, number_text, Grid, Sheet};
use super::zipped::{damaged, parts_ending, vet_shared_strings, Archive};
use super::Unreadable;
use calamine::{DataRef, Reader, SheetType, SheetVisible, Xlsx};
use std::io::Cursor;

/// Reads the sheet asked for (or the first visible one) of an XLSX whose
/// zip was vetted.
pub fn read(bytes: &[u8], mut archive: Archive<'_>, asked: Option<&str>) -> Result<Sheet, Unreadable> {
    for name in parts_ending(&archive, "sharedstrings.xml") {
        vet_shared_strings(&mut archive, &name)?;
    }
    super::cell_refs::vet(&mut archive)?;
    drop(archive);
    let mut book = Xlsx::new(Cursor::new(bytes)).map_err(damaged)?;
    let sheets: Vec<(String, bool)> = book
        .sheets_metadata()
        .iter()
        .filter(|s| s.typ == SheetType::WorkSheet)
        .map(|s| (s.name.clone(), s.visible == SheetVisible::Visible))
        .collect();
    let names: Vec<String> = sheets.iter().map(|(name, _)| name.clone()).collect();
    let name = match asked {
        Some(_) => super::sheet::chosen(&names, asked)?,
        None => sheets
            .iter()
            .find(|(_, visible)| *visible)
            .map(|(n, _)| n.clone())
            .or(names.first().cloned())
            .ok_or(Unreadable::Empty)?,
    };
    let mut grid = Grid::default();
    let mut cells = book.worksheet_cells_reader(&name).map_err(damaged)?;
    while let Some(cell) = cells.next_cell().map_err(damaged)? {
        let (row, column) = cell.get_position();
        grid.put(u64::from(row), u64::from(column), text(cell.get_value()))?;
    }
    Ok(Sheet { names, name, rows: grid.into_rows() })
}

/// A cell as its text; a date as ISO text.
fn text(cell: &DataRef<'_>) -> String {
    match cell {
        DataRef::Empty => String::new(),
        DataRef::Float(f) => number_text(*f),
        DataRef::Int(i) => i.to_string(),
        DataRef::String(s) => s.clone(),
        DataRef::SharedString(s) => s.to_string(),
        DataRef::DateTime(date) if date.is_datetime() => {
            let (year, month, day, hour, minute, second, _) = date.to_ymd_hms_milli();
            date_text(year, month, day, hour, minute, second)
        }
        DataRef::DateTime(duration) => number_text(duration.as_f64()),
        DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.clone(),
        DataRef::Bool(b) => b.to_string(),
        DataRef::Error(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{ExcelDateTime, ExcelDateTimeType};

    #[test]
    fn a_date_cell_is_its_date_not_excel_s_day_number() {
        let date = ExcelDateTime::new(32874.0, ExcelDateTimeType::DateTime, false);
        assert_eq!(text(&DataRef::DateTime(date)), "1990-01-01");
        let with_time = ExcelDateTime::new(45943.5, ExcelDateTimeType::DateTime, false);
        assert_eq!(text(&DataRef::DateTime(with_time)), "2025-10-13 12:00:00");
        assert_eq!(text(&DataRef::Float(79161234567.0)), "79161234567");
    }
}
