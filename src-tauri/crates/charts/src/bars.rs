//! Horizontal bars with their labels and values (clicks per link, bounces
//! per code), and a funnel (sent → delivered → opened → clicked).

use crate::{axis_top, drawing_failed, grouped, shorten, Chart, Mark, Theme, LABEL_CHARS};
use plotters::prelude::*;

/// One bar: what it counts and how many.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub label: String,
    pub value: f64,
}

const ROW: u32 = 30;
const PAD: u32 = 8;
const VALUE_WIDTH: i32 = 90;
/// Text size of labels and values: narrow charts sit in half a page, shown
/// near their drawn size; wide ones are shown a little larger.
fn font_size(width: u32) -> f64 {
    if width < 600 {
        16.0
    } else {
        14.0
    }
}

/// The label column: a third of the chart, within reason.
fn label_width(width: u32) -> i32 {
    (width as i32 / 3).clamp(110, 300)
}

/// Bars, one row each, the longest reaching the right edge.
pub fn bars(items: &[Bar], width: u32, theme: Theme) -> Result<Chart, String> {
    draw(items, width, theme, false)
}

/// A funnel: each step's bar centred, as wide as its share of the first.
pub fn funnel(steps: &[Bar], width: u32, theme: Theme) -> Result<Chart, String> {
    draw(steps, width, theme, true)
}

fn draw(items: &[Bar], width: u32, theme: Theme, centred: bool) -> Result<Chart, String> {
    let height = PAD * 2 + ROW * items.len().max(1) as u32;
    let max = items.iter().map(|b| b.value).filter(|v| v.is_finite()).fold(0.0, f64::max);
    let top = if centred { max.max(1.0) } else { axis_top(max) };
    let label = label_width(width);
    // As many characters as the label column holds, at most LABEL_CHARS.
    let font = font_size(width);
    let label_chars = ((label as f64 / (font * 0.52)) as usize).min(LABEL_CHARS);
    let room = (width as i32 - label - VALUE_WIDTH).max(40);
    let text = ("sans-serif", font).into_font().color(&theme.text());
    let mut svg = String::new();
    let mut marks = Vec::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        if items.is_empty() {
            root.draw(&PathElement::new(
                vec![(label, (height / 2) as i32), (width as i32 - VALUE_WIDTH, (height / 2) as i32)],
                theme.grid(),
            ))
            .map_err(drawing_failed)?;
        }
        for (i, bar) in items.iter().enumerate() {
            let y = (PAD + ROW * i as u32) as i32;
            let value = if bar.value.is_finite() { bar.value.max(0.0) } else { 0.0 };
            let length = ((value / top) * room as f64).round().max(if value > 0.0 { 2.0 } else { 0.0 }) as i32;
            let start = if centred { label + (room - length) / 2 } else { label };
            root.draw(&Text::new(shorten(&bar.label, label_chars), (4, y + 8), text.clone()))
                .map_err(drawing_failed)?;
            root.draw(&Rectangle::new(
                [(start, y + 4), (start + length, y + ROW as i32 - 6)],
                theme.series(0).filled(),
            ))
            .map_err(drawing_failed)?;
            let value_at = if centred { label + room + 8 } else { start + length + 6 };
            root.draw(&Text::new(grouped(value), (value_at, y + 8), text.clone())).map_err(drawing_failed)?;
            marks.push(Mark {
                x: 0,
                y,
                width: width as i32,
                height: ROW as i32,
                label: printable::printable(&bar.label),
                values: vec![(String::new(), bar.value)],
            });
        }
        root.present().map_err(drawing_failed)?;
    }
    Ok(Chart { svg, width, height, marks, legend: Vec::new() })
}
