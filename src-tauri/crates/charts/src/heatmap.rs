//! A grid of cells shaded by their value: opens by weekday and hour.

use crate::{drawing_failed, Chart, Mark, Theme};
use plotters::prelude::*;

const CELL_HEIGHT: u32 = 26;
const LABEL_WIDTH: i32 = 44;
const HEAD: u32 = 22;

/// `values[row][column]`, one row per label in `rows` and one column per
/// label in `columns`; the darkest cell is the largest value. Every cell is
/// a mark with its row's and column's labels and its value.
pub fn heatmap(
    rows: &[String],
    columns: &[String],
    values: &[Vec<f64>],
    width: u32,
    theme: Theme,
) -> Result<Chart, String> {
    let height = HEAD + CELL_HEIGHT * rows.len().max(1) as u32 + 4;
    let cell_width = ((width as i32 - LABEL_WIDTH) / columns.len().max(1) as i32).max(4);
    let max = values.iter().flatten().copied().filter(|v| v.is_finite()).fold(0.0, f64::max);
    let text = ("sans-serif", 13).into_font().color(&theme.text());
    let colour = theme.series(0);
    let mut svg = String::new();
    let mut marks = Vec::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        for (c, label) in columns.iter().enumerate() {
            // Every third column is labelled; all are marked.
            if c % 3 == 0 {
                let x = LABEL_WIDTH + cell_width * c as i32;
                root.draw(&Text::new(printable::printable(label), (x, 4), text.clone())).map_err(drawing_failed)?;
            }
        }
        for (r, label) in rows.iter().enumerate() {
            let y = (HEAD + CELL_HEIGHT * r as u32) as i32;
            root.draw(&Text::new(printable::printable(label), (4, y + 7), text.clone())).map_err(drawing_failed)?;
            for (c, column) in columns.iter().enumerate() {
                let value = values.get(r).and_then(|row| row.get(c)).copied().filter(|v| v.is_finite()).unwrap_or(0.0);
                let x = LABEL_WIDTH + cell_width * c as i32;
                let strength = if max > 0.0 { (value / max).clamp(0.0, 1.0) } else { 0.0 };
                let cell = [(x + 1, y + 1), (x + cell_width - 1, y + CELL_HEIGHT as i32 - 1)];
                root.draw(&Rectangle::new(cell, theme.grid().filled())).map_err(drawing_failed)?;
                if strength > 0.0 {
                    root.draw(&Rectangle::new(cell, colour.mix(0.12 + 0.88 * strength).filled()))
                        .map_err(drawing_failed)?;
                }
                marks.push(Mark {
                    x,
                    y,
                    width: cell_width,
                    height: CELL_HEIGHT as i32,
                    label: printable::printable(&format!("{label} {column}")),
                    values: vec![(String::new(), value)],
                });
            }
        }
        root.present().map_err(drawing_failed)?;
    }
    Ok(Chart { svg, width, height, marks, legend: Vec::new() })
}
