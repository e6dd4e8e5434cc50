//! Campaign Desk's charts: plain numbers in, SVG out, drawn with plotters.
//! No HTTP and no Tauri: `desk` gathers the numbers, this crate draws them.
//!
//! Every chart comes with [`Mark`]s: the places on it (a column of a line
//! chart, a bar) with their exact values, built from the same data, so the
//! page can show a value under the pointer without reading the SVG. Charts
//! follow the app's light or dark theme, are vectors (crisp on any screen),
//! and read in any script: text is the webview's own font, so Cyrillic
//! labels draw as well as Latin ones; long labels are shortened on the
//! chart and kept whole in their marks.

mod bars;
mod grouped;
mod heatmap;
mod lines;
pub mod tally;
mod theme;

pub use bars::{bars, funnel, Bar};
pub use grouped::grouped_bars;
pub use heatmap::heatmap;
pub use lines::{lines, Series, TimeAxis};
pub use theme::Theme;

use plotters::style::RGBColor;
use printable::printable;
use serde::Serialize;

/// A drawn chart: its SVG and where its values are.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Chart {
    pub svg: String,
    pub width: u32,
    pub height: u32,
    pub marks: Vec<Mark>,
    /// Each series' name and colour (`#rrggbb`), for a legend beside the
    /// chart; empty when a chart has one series.
    pub legend: Vec<(String, String)>,
}

/// The legend of charts with several series.
pub(crate) fn legend(series: &[Series], theme: Theme) -> Vec<(String, String)> {
    series
        .iter()
        .enumerate()
        .map(|(n, s)| {
            let RGBColor(r, g, b) = theme.series(n);
            (printable(&s.name), format!("#{r:02x}{g:02x}{b:02x}"))
        })
        .collect()
}

/// A place on a chart, in the chart's own pixels, and what it shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Mark {
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    /// The whole label (a shortened one on the chart stays whole here).
    pub label: String,
    /// Each value at this place, with its series' name when there are several.
    pub values: Vec<(String, f64)>,
}

/// Longest label drawn whole; longer ones end in "…".
pub const LABEL_CHARS: usize = 40;

/// A day of the year the way the reader writes it: `pattern` holds `DD` and
/// `MM` where the day and the month go ("DD.MM" in Russian, "MM/DD" in US
/// English), anything else is kept as written.
pub fn day_month(pattern: &str, date: chrono::NaiveDate) -> String {
    use chrono::Datelike;
    pattern.replace("DD", &format!("{:02}", date.day())).replace("MM", &format!("{:02}", date.month()))
}

/// A label as drawn: printable, at most `max` characters, ending in "…" when cut.
pub fn shorten(label: &str, max: usize) -> String {
    let label = printable(label);
    if label.chars().count() <= max {
        return label;
    }
    let kept: String = label.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

/// A count as an axis writes it: digits grouped by thin spaces, read the
/// same way in Russian and English.
pub fn grouped(value: f64) -> String {
    let rounded = value.round() as i64;
    let digits = rounded.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{202F}');
        }
        out.push(c);
    }
    if rounded < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// The top of a value axis: a round number at or above the largest value,
/// and 1 when there is nothing to show.
pub(crate) fn axis_top(max: f64) -> f64 {
    if !max.is_finite() || max <= 0.0 {
        return 1.0;
    }
    let magnitude = 10f64.powf(max.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|step| step * magnitude).find(|top| *top >= max).unwrap_or(max)
}

pub(crate) fn drawing_failed(err: impl std::fmt::Display) -> String {
    format!("the chart could not be drawn: {err}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_labels_are_shortened_and_short_ones_kept() {
        assert_eq!(shorten("https://shop.example/a", 28), "https://shop.example/a");
        let cut = shorten("https://shop.example/very/long/path/to/a/product?utm_source=mail", 28);
        assert_eq!(cut.chars().count(), 28);
        assert!(cut.ends_with('…'));
        assert_eq!(shorten("Весенняя распродажа кофе и чая", 10), "Весенняя…");
    }

    #[test]
    fn counts_are_grouped_and_axes_end_on_round_numbers() {
        assert_eq!(grouped(1_234_567.0), "1\u{202F}234\u{202F}567");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(axis_top(0.0), 1.0);
        assert_eq!(axis_top(7.0), 10.0);
        assert_eq!(axis_top(1_200_000.0), 2_000_000.0);
        assert_eq!(axis_top(f64::NAN), 1.0);
    }
}
