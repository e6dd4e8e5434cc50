//! The rows of an imported file: CSV text, or a sheet of an Excel (xls,
//! xlsx) or OpenDocument (ods) workbook.

use crate::ops::Mapping;
use calamine::{Data, Reader};
use std::io::Cursor;

pub fn rows(mapping: &Mapping, bytes: Vec<u8>) -> Result<Vec<Vec<String>>, String> {
    if mapping.kind == "csv" {
        let text = String::from_utf8(bytes).map_err(|_| "the file is not UTF-8 text".to_string())?;
        return Ok(crate::csv::rows(&text));
    }
    let mut workbook = calamine::open_workbook_auto_from_rs(Cursor::new(bytes))
        .map_err(|e| format!("the file is not a readable {} workbook ({e})", mapping.kind))?;
    let names = workbook.sheet_names();
    let name = match (&mapping.sheet_name, mapping.sheet_index) {
        (Some(name), _) => {
            names.iter().find(|n| *n == name).cloned().ok_or_else(|| format!("the workbook has no sheet {name}"))?
        }
        (None, Some(index)) => names.get(index).cloned().ok_or_else(|| format!("the workbook has no sheet {index}"))?,
        (None, None) => names.first().cloned().ok_or("the workbook has no sheets")?,
    };
    let range = workbook.worksheet_range(&name).map_err(|e| format!("sheet {name} could not be read ({e})"))?;
    Ok(range
        .rows()
        .map(|row| row.iter().map(cell_text).collect::<Vec<_>>())
        .filter(|row| row.iter().any(|cell| !cell.trim().is_empty()))
        .collect())
}

fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string(),
    }
}
