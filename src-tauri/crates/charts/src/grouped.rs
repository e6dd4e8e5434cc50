//! Bars in groups: one row of bars per measure, one bar per series in the
//! series' colour (campaigns side by side, rate by rate).

use crate::{drawing_failed, shorten, Chart, Mark, Series, Theme, LABEL_CHARS};
use plotters::prelude::*;

const BAR: u32 = 12;
const GAP: u32 = 3;
const GROUP_PAD: u32 = 12;
const PAD: u32 = 8;
const LABEL_WIDTH: i32 = 170;
const VALUE_WIDTH: i32 = 70;

/// One group per label in `groups`; each series gives one value per group.
/// Values are written with `written` (a percentage, a count); the bars share
/// one scale, from zero to the largest value.
pub fn grouped_bars(
    groups: &[String],
    series: &[Series],
    width: u32,
    theme: Theme,
    written: impl Fn(f64) -> String,
) -> Result<Chart, String> {
    let per_group = BAR * series.len().max(1) as u32 + GAP * series.len().saturating_sub(1) as u32 + GROUP_PAD;
    let height = PAD * 2 + per_group * groups.len().max(1) as u32;
    let max = series.iter().flat_map(|s| s.values.iter().copied()).filter(|v| v.is_finite()).fold(0.0, f64::max);
    let top = if max > 0.0 { max } else { 1.0 };
    let room = (width as i32 - LABEL_WIDTH - VALUE_WIDTH).max(40);
    let text = ("sans-serif", 13).into_font().color(&theme.text());
    let small = ("sans-serif", 11).into_font().color(&theme.text());
    let mut svg = String::new();
    let mut marks = Vec::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        for (g, label) in groups.iter().enumerate() {
            let y0 = (PAD + per_group * g as u32) as i32;
            root.draw(&Text::new(shorten(label, LABEL_CHARS), (4, y0 + 2), text.clone())).map_err(drawing_failed)?;
            for (n, line) in series.iter().enumerate() {
                let value = line.values.get(g).copied().filter(|v| v.is_finite()).unwrap_or(0.0).max(0.0);
                let y = y0 + (n as u32 * (BAR + GAP)) as i32;
                let length = ((value / top) * room as f64).round().max(if value > 0.0 { 2.0 } else { 0.0 }) as i32;
                root.draw(&Rectangle::new(
                    [(LABEL_WIDTH, y), (LABEL_WIDTH + length, y + BAR as i32)],
                    theme.series(n).filled(),
                ))
                .map_err(drawing_failed)?;
                root.draw(&Text::new(written(value), (LABEL_WIDTH + length + 6, y), small.clone()))
                    .map_err(drawing_failed)?;
            }
            marks.push(Mark {
                x: 0,
                y: y0,
                width: width as i32,
                height: (per_group - GROUP_PAD) as i32,
                label: printable::printable(label),
                values: series
                    .iter()
                    .map(|s| (printable::printable(&s.name), s.values.get(g).copied().unwrap_or(0.0)))
                    .collect(),
            });
        }
        root.present().map_err(drawing_failed)?;
    }
    Ok(Chart { svg, width, height, marks, legend: crate::legend(series, theme) })
}
