//! Charts and tables saved into a file the user picks in the OS's save
//! dialog: a chart as SVG (as drawn) or PNG (rendered at twice its size, so
//! it stays sharp on high-density screens and in documents); a table as CSV
//! (see [`csv_file`]) or XLSX, where text stays text (`01234`, `+7916…`) and
//! only the columns that hold numbers by type are numbers. A table too
//! long to hold is saved page by page ([`streamed`]).

use crate::codes::WorkspaceAction;
use crate::command::Cx;
use crate::error::{DeskError, Result};
use serde::Deserialize;

mod csv_file;
mod streamed;
pub use csv_file::CsvSeparator;
pub(crate) use csv_file::CsvWriter;
pub(crate) use streamed::{save_streamed, Opened, RowPages};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ChartFormat {
    Svg,
    Png,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum TableFormat {
    Csv(CsvSeparator),
    Xlsx,
}

impl TableFormat {
    pub(crate) fn extension(self) -> &'static str {
        match self {
            TableFormat::Csv(_) => "csv",
            TableFormat::Xlsx => "xlsx",
        }
    }
}

/// A table: its column names and its rows, as shown, and which columns
/// hold numbers (written as plain numbers, `1204`, not as shown).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TableExport {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub numeric_columns: Vec<u16>,
}

/// A time as files show it: `YYYY-MM-DD HH:MM:SS` (spreadsheets read it as
/// a time in every language), empty when there is none.
pub(crate) fn written_time(iso: Option<String>) -> String {
    iso.map(|t| t.replace('T', " ")).unwrap_or_default()
}

/// How much larger than drawn a chart's PNG is.
const PNG_SCALE: f32 = 2.0;

/// A chart's SVG as a PNG, its text in the system's fonts.
pub fn png(svg: &str) -> std::result::Result<Vec<u8>, String> {
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size().scale_by(PNG_SCALE).ok_or("the chart has no size")?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the chart is too large")?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(PNG_SCALE, PNG_SCALE), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// A table as CSV with `separator`.
pub fn csv(table: &TableExport, separator: CsvSeparator) -> Vec<u8> {
    let write = || {
        let mut file = CsvWriter::start(Vec::new(), separator)?;
        for row in std::iter::once(&table.header).chain(&table.rows) {
            file.row(row)?;
        }
        file.finish()
    };
    write().expect("writing into memory does not fail")
}

/// Writes one cell of a sheet: text as text, always (a spreadsheet would
/// read `01234` as 1234, `+79161234567` as 7.9E+10 and `Nan` as not a
/// number); in a `numeric` column, a number (digits grouped or not) as a
/// number.
pub(crate) fn xlsx_cell(
    sheet: &mut rust_xlsxwriter::Worksheet,
    row: u32,
    column: u16,
    value: &str,
    numeric: bool,
) -> std::result::Result<(), String> {
    let number = value.replace(['\u{a0}', '\u{202f}', ' '], "").parse::<f64>().ok().filter(|n| n.is_finite());
    match number {
        Some(n) if numeric => sheet.write_number(row, column, n),
        _ => sheet.write_string(row, column, value),
    }
    .map(|_| ())
    .map_err(|e| e.to_string())
}

/// A sheet's header row, in bold.
pub(crate) fn xlsx_header(
    sheet: &mut rust_xlsxwriter::Worksheet,
    header: &[String],
) -> std::result::Result<(), String> {
    let bold = rust_xlsxwriter::Format::new().set_bold();
    for (c, name) in header.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, name, &bold).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A table as an XLSX workbook of one sheet.
pub fn xlsx(table: &TableExport) -> std::result::Result<Vec<u8>, String> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    xlsx_header(sheet, &table.header)?;
    for (r, row) in table.rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            let column = c as u16;
            xlsx_cell(sheet, r as u32 + 1, column, value, table.numeric_columns.contains(&column))?;
        }
    }
    book.save_to_buffer().map_err(|e| e.to_string())
}

/// Saves `bytes` where the user picks, offering `suggested`; `None` when
/// they cancel. Answers the file's size.
pub(crate) async fn save_picked(cx: &Cx<'_>, suggested: &str, bytes: Vec<u8>) -> Result<Option<u64>> {
    let Some(path) = cx.pick_save_path(suggested).await else { return Ok(None) };
    crate::files::save(&path, bytes, WorkspaceAction::ExportReport).await.map(Some)
}

/// Saves a chart where the user picks; `None` when they cancel.
pub async fn export_chart(cx: &Cx<'_>, name: &str, svg: &str, format: ChartFormat) -> Result<Option<u64>> {
    let (bytes, extension) = match format {
        ChartFormat::Svg => (svg.as_bytes().to_vec(), "svg"),
        ChartFormat::Png => (png(svg).map_err(|detail| DeskError::Internal { detail })?, "png"),
    };
    save_picked(cx, &format!("{name}.{extension}"), bytes).await
}

/// Saves a table where the user picks; `None` when they cancel.
pub async fn export_table(cx: &Cx<'_>, name: &str, table: &TableExport, format: TableFormat) -> Result<Option<u64>> {
    let bytes = match format {
        TableFormat::Csv(separator) => csv(table, separator),
        TableFormat::Xlsx => xlsx(table).map_err(|detail| DeskError::Internal { detail })?,
    };
    save_picked(cx, &format!("{name}.{}", format.extension()), bytes).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> TableExport {
        TableExport {
            header: vec!["Ссылка".into(), "Переходы".into()],
            rows: vec![
                vec!["https://shop.example/a?x=1,2".into(), "1 204".into()],
                vec!["=HYPERLINK(\"evil\")".into(), "3".into()],
                vec!["Он сказал \"да\"".into(), "0".into()],
            ],
            numeric_columns: vec![1],
        }
    }

    #[test]
    fn csv_quotes_what_needs_it_and_keeps_formulas_as_text() {
        let text = String::from_utf8(csv(&table(), CsvSeparator::Comma)).unwrap();
        assert!(text.starts_with('\u{FEFF}'), "a byte-order mark for spreadsheet programs");
        let lines: Vec<&str> = text.trim_start_matches('\u{FEFF}').split("\r\n").collect();
        assert_eq!(lines[0], "Ссылка,Переходы");
        assert_eq!(lines[1], "\"https://shop.example/a?x=1,2\",1 204");
        assert_eq!(lines[2], "\"'=HYPERLINK(\"\"evil\"\")\",3");
        assert_eq!(lines[3], "\"Он сказал \"\"да\"\"\",0");
    }

    #[test]
    fn xlsx_is_a_workbook() {
        let bytes = xlsx(&table()).unwrap();
        assert_eq!(&bytes[..2], b"PK", "an XLSX file is a zip");
    }

    #[test]
    fn xlsx_keeps_text_as_text_and_numbers_only_where_the_column_has_them() {
        use calamine::{Data, Reader};
        let table = TableExport {
            header: vec!["Код".into(), "Телефон".into(), "Имя".into(), "Отправлено".into()],
            rows: vec![
                vec!["01234".into(), "+79161234567".into(), "Nan".into(), "1 204".into()],
                vec!["1e3".into(), "79161234567".into(), "inf".into(), "—".into()],
            ],
            numeric_columns: vec![3],
        };
        let bytes = xlsx(&table).unwrap();
        let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
        let sheet = book.worksheet_range_at(0).unwrap().unwrap();
        let text = |s: &str| Data::String(s.into());
        assert_eq!(sheet.get((1, 0)), Some(&text("01234")));
        assert_eq!(sheet.get((1, 1)), Some(&text("+79161234567")));
        assert_eq!(sheet.get((1, 2)), Some(&text("Nan")));
        assert_eq!(sheet.get((1, 3)), Some(&Data::Float(1204.0)));
        assert_eq!(sheet.get((2, 0)), Some(&text("1e3")));
        assert_eq!(sheet.get((2, 1)), Some(&text("79161234567")));
        assert_eq!(sheet.get((2, 2)), Some(&text("inf")));
        assert_eq!(sheet.get((2, 3)), Some(&text("—")), "a numeric column's blank mark stays as shown");
    }

    #[test]
    fn a_chart_renders_to_a_png_twice_its_size() {
        let chart =
            charts::bars(&[charts::Bar { label: "Открыли".into(), value: 3.0 }], 300, charts::Theme::Light).unwrap();
        let bytes = png(&chart.svg).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        let width = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
        assert_eq!(width, 600);
    }
}
