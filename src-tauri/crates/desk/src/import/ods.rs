//! An ODS workbook's sheet read as its `content.xml` streams. A row or a
//! cell may say it repeats (`table:number-rows-repeated`,
//! `table:number-columns-repeated`): empty ones only move the place the
//! next is read at, and a repeated value is kept as many times as it
//! repeats, each counted against the bounds, so a repeat of a billion ends
//! at the bound, not in the memory. (calamine's reader builds every sheet
//! whole, as a range, before one can be chosen.)

use super::limits::{Past, FIELD_BYTES};
use super::sheet::{number_text, Grid, Sheet};
use super::zipped::{damaged, part, xml, Archive};
use super::Unreadable;
use crate::error::FileLimit;
use quick_xml::events::{BytesRef, BytesStart, Event};

/// A cell being read.
struct Cell {
    repeat: u64,
    /// The value its attributes give (a number, a date), else its text.
    value: Option<String>,
    text: String,
    paragraphs: usize,
}

/// Where the reader is in the sheet it reads.
#[derive(Default)]
struct Place {
    row: u64,
    row_repeat: u64,
    column: u64,
    cell: Option<Cell>,
    /// Inside a comment, whose words are no cell's.
    in_annotation: usize,
}

/// Reads the sheet asked for (or the first) of an ODS whose zip was vetted.
pub fn read(mut archive: Archive<'_>, asked: Option<&str>) -> Result<Sheet, Unreadable> {
    let content = part(&mut archive, "content.xml").ok_or_else(|| damaged("no content.xml"))?;
    let mut reader = xml(content);
    let (mut names, mut name, mut grid) = (Vec::new(), None::<String>, Grid::default());
    let (mut tables, mut reading) = (0usize, false);
    let mut at = Place::default();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_event_into(&mut buf).map_err(damaged)? {
            Event::Start(e) if e.name().as_ref() == "table:table" => {
                tables += 1;
                if tables == 1 {
                    let this = attribute(&e, "table:name")?.unwrap_or_default();
                    if name.is_none() && asked.is_none_or(|asked| asked == this) {
                        (name, reading, at) = (Some(this.clone()), true, Place::default());
                    }
                    names.push(this);
                }
            }
            Event::End(e) if e.name().as_ref() == "table:table" => {
                tables = tables.saturating_sub(1);
                reading &= tables > 0;
            }
            Event::Start(e) if reading && tables == 1 => opened(&e, &mut at)?,
            Event::End(e) if reading && tables == 1 => closed(e.name().as_ref(), &mut at, &mut grid)?,
            Event::Text(t) if reading => add(&mut at, &t.xml10_content())?,
            Event::GeneralRef(r) if reading => add(&mut at, &entity(&r)?)?,
            Event::Eof => break,
            _ => {}
        }
    }
    let name = match (name, asked) {
        (Some(name), _) => name,
        (None, Some(_)) => return Err(Unreadable::NoSuchSheet),
        (None, None) => return Err(Unreadable::Empty),
    };
    Ok(Sheet { names, name, rows: grid.into_rows() })
}

fn opened(e: &BytesStart<'_>, at: &mut Place) -> Result<(), Unreadable> {
    match e.name().as_ref() {
        "table:table-row" => {
            at.row_repeat = repeat(e, "table:number-rows-repeated")?;
            at.column = 0;
        }
        "table:table-cell" | "table:covered-table-cell" => {
            let value = value(e)?;
            at.cell = Some(Cell {
                repeat: repeat(e, "table:number-columns-repeated")?,
                value,
                text: String::new(),
                paragraphs: 0,
            });
        }
        "office:annotation" => at.in_annotation += 1,
        "text:p" | "text:h" if at.in_annotation == 0 => {
            if let Some(cell) = at.cell.as_mut() {
                if cell.paragraphs > 0 {
                    cell.text.push('\n');
                }
                cell.paragraphs += 1;
            }
        }
        "text:s" => {
            let spaces = attribute(e, "text:c")?.and_then(|c| c.trim().parse::<u64>().ok()).unwrap_or(1);
            let row = at.row;
            if spaces > FIELD_BYTES {
                return Err(Unreadable::Limit(Past::in_row(FileLimit::Field, FIELD_BYTES, row + 1)));
            }
            add(at, &" ".repeat(spaces as usize))?;
        }
        "text:tab" => add(at, "\t")?,
        "text:line-break" => add(at, "\n")?,
        _ => {}
    }
    Ok(())
}

fn closed(name: &str, at: &mut Place, grid: &mut Grid) -> Result<(), Unreadable> {
    match name {
        "table:table-cell" | "table:covered-table-cell" => {
            let Some(cell) = at.cell.take() else { return Ok(()) };
            let text = cell.value.unwrap_or(cell.text);
            grid.put_repeated(at.row, at.column, text, cell.repeat)?;
            at.column = at.column.saturating_add(cell.repeat);
        }
        "table:table-row" => {
            grid.repeat_row(at.row, at.row_repeat)?;
            at.row = at.row.saturating_add(at.row_repeat);
        }
        "office:annotation" => at.in_annotation = at.in_annotation.saturating_sub(1),
        _ => {}
    }
    Ok(())
}

/// Words of the cell being read, unless they are a comment's.
fn add(at: &mut Place, words: &str) -> Result<(), Unreadable> {
    let row = at.row;
    match at.cell.as_mut() {
        Some(cell) if at.in_annotation == 0 => {
            if (cell.text.len() + words.len()) as u64 > FIELD_BYTES {
                return Err(Unreadable::Limit(Past::in_row(FileLimit::Field, FIELD_BYTES, row + 1)));
            }
            cell.text.push_str(words);
            Ok(())
        }
        _ => Ok(()),
    }
}

fn attribute(e: &BytesStart<'_>, name: &str) -> Result<Option<String>, Unreadable> {
    match e.try_get_attribute(name).map_err(damaged)? {
        Some(a) => Ok(Some(a.normalized_value(quick_xml::XmlVersion::Implicit1_0).map_err(damaged)?.into_owned())),
        None => Ok(None),
    }
}

/// How many times a row or cell repeats: at least once.
fn repeat(e: &BytesStart<'_>, name: &str) -> Result<u64, Unreadable> {
    Ok(attribute(e, name)?.and_then(|n| n.trim().parse::<u64>().ok()).unwrap_or(1).max(1))
}

/// The value a cell's attributes give: a number as typed, a date as ISO
/// text; `None` for text, whose words are the value.
fn value(e: &BytesStart<'_>) -> Result<Option<String>, Unreadable> {
    let kind = attribute(e, "office:value-type")?;
    Ok(match kind.as_deref() {
        Some("float" | "percentage" | "currency") => {
            attribute(e, "office:value")?.and_then(|v| v.trim().parse::<f64>().ok()).map(number_text)
        }
        Some("date") => attribute(e, "office:date-value")?.map(|d| iso_date(&d)),
        Some("boolean") => attribute(e, "office:boolean-value")?,
        _ => None,
    })
}

/// `2024-03-01T00:00:00` as `2024-03-01`; a time of day kept after a space.
fn iso_date(value: &str) -> String {
    let (date, time) = value.split_once('T').unwrap_or((value, ""));
    let time = time.split('.').next().unwrap_or_default();
    if time.is_empty() || time == "00:00:00" {
        date.to_string()
    } else {
        format!("{date} {time}")
    }
}

fn entity(r: &BytesRef<'_>) -> Result<String, Unreadable> {
    if let Some(c) = r.resolve_char_ref().map_err(damaged)? {
        return Ok(c.to_string());
    }
    Ok(match r.as_ref() {
        "amp" => "&",
        "lt" => "<",
        "gt" => ">",
        "quot" => "\"",
        "apos" => "'",
        _ => "",
    }
    .to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_keep_their_day_and_a_time_when_there_is_one() {
        assert_eq!(iso_date("2024-03-01"), "2024-03-01");
        assert_eq!(iso_date("2024-03-01T00:00:00"), "2024-03-01");
        assert_eq!(iso_date("2024-03-01T10:30:00.5"), "2024-03-01 10:30:00");
    }
}
