//! A sheet's rows as they are read, one cell at a time, wherever in the
//! sheet it is: only the rows that hold a value are kept, each as wide as
//! its last value, and every cell is counted against the bounds in
//! `limits` before it is kept. A sheet that names a cell at `XFD1048576`
//! costs one row of memory, not seventeen billion cells.

use super::limits::{Past, CELLS, COLUMNS, FIELD_BYTES, ROWS, SHEET_TEXT_BYTES};
use super::Unreadable;
use crate::error::FileLimit;
use std::collections::BTreeMap;

/// A spreadsheet's non-empty rows, each with the number the spreadsheet
/// shows for it (from 1).
pub type SheetRows = Vec<(u64, Vec<String>)>;

/// A workbook's sheet as read: which it is of the workbook's sheets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sheet {
    /// Every sheet of the workbook, in its order.
    pub names: Vec<String>,
    /// The one read.
    pub name: String,
    pub rows: SheetRows,
}

/// The sheet to read of `names`: the one asked for, or the first.
pub fn chosen(names: &[String], asked: Option<&str>) -> Result<String, Unreadable> {
    match asked {
        Some(asked) => names.iter().find(|n| n.as_str() == asked).cloned().ok_or(Unreadable::NoSuchSheet),
        None => names.first().cloned().ok_or(Unreadable::Empty),
    }
}

/// Rows kept as cells arrive, counted against the bounds.
#[derive(Default)]
pub struct Grid {
    rows: BTreeMap<u64, Vec<String>>,
    cells: u64,
    text: u64,
}

impl Grid {
    /// Keeps a cell's text at a row and column counted from 0; an empty
    /// cell costs nothing.
    pub fn put(&mut self, row: u64, column: u64, text: String) -> Result<(), Unreadable> {
        self.put_repeated(row, column, text, 1)
    }

    /// Keeps a cell's text `times` times from a column on (a cell that says
    /// it repeats), every bound checked before any of it is kept.
    pub fn put_repeated(&mut self, row: u64, column: u64, text: String, times: u64) -> Result<(), Unreadable> {
        if text.is_empty() || times == 0 {
            return Ok(());
        }
        let past = |limit, max| Unreadable::Limit(Past::of(limit, max));
        if row >= ROWS {
            return Err(past(FileLimit::Rows, ROWS));
        }
        let end = column.saturating_add(times);
        if end > COLUMNS {
            return Err(past(FileLimit::Columns, COLUMNS));
        }
        if text.len() as u64 > FIELD_BYTES {
            return Err(Unreadable::Limit(Past::in_row(FileLimit::Field, FIELD_BYTES, row + 1)));
        }
        let cells = self.rows.entry(row).or_default();
        self.cells += end.saturating_sub(cells.len() as u64);
        self.text += text.len() as u64 * times;
        if self.cells > CELLS || self.text > SHEET_TEXT_BYTES {
            return Err(past(FileLimit::Cells, CELLS));
        }
        if (cells.len() as u64) < end {
            cells.resize(end as usize, String::new());
        }
        // A cell read twice (the same place named again) is kept once.
        cells[column as usize..end as usize].fill(text);
        Ok(())
    }

    /// Keeps a row again below itself until it was there `times` times in
    /// all (a row that says it repeats); an empty row costs nothing.
    pub fn repeat_row(&mut self, row: u64, times: u64) -> Result<(), Unreadable> {
        let Some(cells) = self.rows.get(&row).cloned() else { return Ok(()) };
        let more = times.saturating_sub(1);
        if row.saturating_add(more) >= ROWS {
            return Err(Unreadable::Limit(Past::of(FileLimit::Rows, ROWS)));
        }
        let text: u64 = cells.iter().map(|c| c.len() as u64).sum();
        self.cells = self.cells.saturating_add((cells.len() as u64).saturating_mul(more));
        self.text = self.text.saturating_add(text.saturating_mul(more));
        if self.cells > CELLS || self.text > SHEET_TEXT_BYTES {
            return Err(Unreadable::Limit(Past::of(FileLimit::Cells, CELLS)));
        }
        for step in 1..times {
            self.rows.insert(row + step, cells.clone());
        }
        Ok(())
    }

    /// The rows kept, in order, numbered as the spreadsheet shows them.
    pub fn into_rows(self) -> SheetRows {
        self.rows.into_iter().map(|(row, cells)| (row + 1, cells)).collect()
    }
}

/// A number as a cell shows it: a whole number without a fraction (a phone
/// number typed as a number), else as written.
pub fn number_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// A date and time as ISO text: `YYYY-MM-DD`, with ` HH:MM:SS` when the
/// time is not midnight.
pub fn date_text(year: u16, month: u8, day: u8, hour: u8, minute: u8, second: u8) -> String {
    if (hour, minute, second) == (0, 0, 0) {
        format!("{year:04}-{month:02}-{day:02}")
    } else {
        format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_far_apart_cost_only_their_rows() {
        let mut grid = Grid::default();
        grid.put(0, 0, "email".into()).unwrap();
        grid.put(0, 2, "city".into()).unwrap();
        grid.put(999_999, 1, "a@x.ru".into()).unwrap();
        grid.put(5, 3, String::new()).unwrap();
        assert_eq!(
            grid.into_rows(),
            vec![
                (1, vec!["email".to_string(), String::new(), "city".into()]),
                (1_000_000, vec![String::new(), "a@x.ru".into()]),
            ]
        );
    }

    #[test]
    fn a_cell_past_excel_s_last_row_or_column_is_refused() {
        let mut grid = Grid::default();
        let rows = grid.put(ROWS, 0, "x".into()).unwrap_err();
        assert_eq!(rows, Unreadable::Limit(Past::of(FileLimit::Rows, ROWS)));
        let columns = grid.put(0, COLUMNS, "x".into()).unwrap_err();
        assert_eq!(columns, Unreadable::Limit(Past::of(FileLimit::Columns, COLUMNS)));
        assert!(grid.put(ROWS - 1, COLUMNS - 1, "x".into()).is_ok(), "XFD1048576 itself is a cell");
    }

    #[test]
    fn wide_rows_are_counted_to_the_cells_bound() {
        let mut grid = Grid::default();
        let mut refused = None;
        for row in 0..1000 {
            if let Err(e) = grid.put(row, COLUMNS - 1, "x".into()) {
                refused = Some((row, e));
                break;
            }
        }
        let (row, e) = refused.expect("refused before a thousand rows of 16,384 cells");
        assert_eq!(row, CELLS / COLUMNS);
        assert_eq!(e, Unreadable::Limit(Past::of(FileLimit::Cells, CELLS)));
    }

    #[test]
    fn numbers_and_dates_read_as_a_person_typed_them() {
        assert_eq!(number_text(79161234567.0), "79161234567");
        assert_eq!(number_text(2.5), "2.5");
        assert_eq!(date_text(1990, 1, 1, 0, 0, 0), "1990-01-01");
        assert_eq!(date_text(2024, 3, 4, 9, 30, 0), "2024-03-04 09:30:00");
    }
}
