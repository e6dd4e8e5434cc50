//! Values over time: one line per series (opens and clicks per hour).

use crate::{axis_top, drawing_failed, grouped, Chart, Mark, Theme};
use plotters::prelude::*;

/// One line: its name and a value for each point of the axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub values: Vec<f64>,
}

/// The points in time, as the reader reads them (in their zone and
/// language, written by the caller): one label per point.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TimeAxis {
    pub labels: Vec<String>,
}

/// Lines over a time axis. No points draws an empty frame; one point, a dot.
pub fn lines(axis: &TimeAxis, series: &[Series], width: u32, height: u32, theme: Theme) -> Result<Chart, String> {
    let points = axis.labels.len();
    let max = series.iter().flat_map(|s| s.values.iter().copied()).filter(|v| v.is_finite()).fold(0.0, f64::max);
    let top = axis_top(max);
    let last = (points.max(2) - 1) as f64;
    let mut svg = String::new();
    let mut marks = Vec::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            // The last date is centred on the plot's right edge: room for its second half.
            .margin_right(28)
            .x_label_area_size(26)
            .y_label_area_size(64)
            .build_cartesian_2d(0f64..last, 0f64..top)
            .map_err(drawing_failed)?;
        let text = ("sans-serif", 13).into_font().color(&theme.text());
        let label_at = |x: &f64| {
            let i = x.round();
            if (x - i).abs() > 1e-6 {
                return String::new();
            }
            axis.labels.get(i as usize).map(|l| printable::printable(l)).unwrap_or_default()
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(TRANSPARENT)
            .bold_line_style(theme.grid())
            .axis_style(theme.grid())
            .label_style(text)
            .x_labels(points.clamp(2, 7))
            .x_label_formatter(&label_at)
            .y_labels(5)
            .y_label_formatter(&|y| grouped(*y))
            .draw()
            .map_err(drawing_failed)?;
        for (n, line) in series.iter().enumerate() {
            let colour = theme.series(n);
            let at = line.values.iter().enumerate().filter(|(_, v)| v.is_finite()).map(|(x, v)| (x as f64, *v));
            chart.draw_series(LineSeries::new(at.clone(), colour.stroke_width(2))).map_err(drawing_failed)?;
            if line.values.len() == 1 {
                chart.draw_series(at.map(|p| Circle::new(p, 3, colour.filled()))).map_err(drawing_failed)?;
            }
        }
        let (across, down) = chart.plotting_area().get_pixel_range();
        let step =
            if points > 1 { (across.end - across.start) as f64 / last } else { (across.end - across.start) as f64 };
        for (i, label) in axis.labels.iter().enumerate() {
            let (x, _) = chart.backend_coord(&(i as f64, 0.0));
            let half = (step / 2.0).max(1.0) as i32;
            // A point's column, kept within the plotting area.
            let (left, right) = ((x - half).max(across.start), (x + half).min(across.end));
            marks.push(Mark {
                x: left,
                y: down.start,
                width: (right - left).max(1),
                height: down.end - down.start,
                label: printable::printable(label),
                values: series
                    .iter()
                    .map(|s| (printable::printable(&s.name), s.values.get(i).copied().unwrap_or(0.0)))
                    .collect(),
            });
        }
        root.present().map_err(drawing_failed)?;
    }
    Ok(Chart { svg, width, height, marks, legend: crate::legend(series, theme) })
}
