//! Charts and tables saved into a file the user picks in the OS's save
//! dialog: a chart as SVG (as drawn) or PNG (rendered at twice its size, so
//! it stays sharp on high-density screens and in documents); a table as CSV
//! (UTF-8 with a byte-order mark, so spreadsheet programs read Cyrillic
//! right) or XLSX.

use crate::error::{Action, DeskError, Result};
use crate::Desk;
use serde::Deserialize;

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
    Csv,
    Xlsx,
}

/// A table: its column names and its rows, as shown.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TableExport {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
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

fn csv_field(value: &str) -> String {
    if value.contains([',', '"', '\n', '\r']) || value.starts_with([' ', '=', '+', '-', '@']) {
        // Quoted; a leading formula sign is kept as text, not run by a spreadsheet.
        let value = if value.starts_with(['=', '+', '-', '@']) { format!("'{value}") } else { value.to_string() };
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.to_string()
    }
}

/// What a CSV file starts with: a byte-order mark, so spreadsheet programs read UTF-8.
pub(crate) const CSV_START: &str = "\u{FEFF}";

/// One CSV line, comma-separated, ending in CRLF.
pub(crate) fn csv_line(row: &[String]) -> String {
    let mut line = row.iter().map(|v| csv_field(v)).collect::<Vec<_>>().join(",");
    line.push_str("\r\n");
    line
}

/// A table as CSV: a byte-order mark, comma-separated, CRLF line ends.
pub fn csv(table: &TableExport) -> Vec<u8> {
    let mut out = String::from(CSV_START);
    for row in std::iter::once(&table.header).chain(&table.rows) {
        out.push_str(&csv_line(row));
    }
    out.into_bytes()
}

/// Writes one cell of a sheet: numbers (digits grouped or not) as numbers,
/// anything else as text.
pub(crate) fn xlsx_cell(
    sheet: &mut rust_xlsxwriter::Worksheet,
    row: u32,
    column: u16,
    value: &str,
) -> std::result::Result<(), String> {
    match value.replace(['\u{a0}', '\u{202f}', ' '], "").parse::<f64>() {
        Ok(n) if !value.trim().is_empty() => sheet.write_number(row, column, n),
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

/// A table as an XLSX workbook of one sheet; numbers stay numbers.
pub fn xlsx(table: &TableExport) -> std::result::Result<Vec<u8>, String> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    xlsx_header(sheet, &table.header)?;
    for (r, row) in table.rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            xlsx_cell(sheet, r as u32 + 1, c as u16, value)?;
        }
    }
    book.save_to_buffer().map_err(|e| e.to_string())
}

impl Desk {
    pub(crate) async fn save_picked(&self, suggested: &str, bytes: Vec<u8>) -> Result<Option<u64>> {
        let Some(path) = self.pick_save_path(suggested).await else { return Ok(None) };
        crate::files::save(&path, bytes, Action::ExportReport).await.map(Some)
    }

    /// Saves a chart where the user picks; `None` when they cancel.
    pub async fn export_chart(&self, name: &str, svg: &str, format: ChartFormat) -> Result<Option<u64>> {
        let (bytes, extension) = match format {
            ChartFormat::Svg => (svg.as_bytes().to_vec(), "svg"),
            ChartFormat::Png => (png(svg).map_err(|detail| DeskError::Internal { detail })?, "png"),
        };
        self.save_picked(&format!("{name}.{extension}"), bytes).await
    }

    /// Saves a table where the user picks; `None` when they cancel.
    pub async fn export_table(&self, name: &str, table: &TableExport, format: TableFormat) -> Result<Option<u64>> {
        let (bytes, extension) = match format {
            TableFormat::Csv => (csv(table), "csv"),
            TableFormat::Xlsx => (xlsx(table).map_err(|detail| DeskError::Internal { detail })?, "xlsx"),
        };
        self.save_picked(&format!("{name}.{extension}"), bytes).await
    }
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
        }
    }

    #[test]
    fn csv_quotes_what_needs_it_and_keeps_formulas_as_text() {
        let text = String::from_utf8(csv(&table())).unwrap();
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
    fn a_chart_renders_to_a_png_twice_its_size() {
        let chart =
            charts::bars(&[charts::Bar { label: "Открыли".into(), value: 3.0 }], 300, charts::Theme::Light).unwrap();
        let bytes = png(&chart.svg).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        let width = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
        assert_eq!(width, 600);
    }
}
