//! A chart drawn in Rust as the page gets it (its SVG and where its exact
//! values are), in the reader's theme: shared by every area that draws one.

use crate::error::Result;
use serde::{Deserialize, Serialize};

/// The reader's theme, which the charts follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ChartTheme {
    Light,
    Dark,
}

impl From<ChartTheme> for charts::Theme {
    fn from(theme: ChartTheme) -> Self {
        match theme {
            ChartTheme::Light => charts::Theme::Light,
            ChartTheme::Dark => charts::Theme::Dark,
        }
    }
}

/// A drawn chart and where its exact values are.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ChartView {
    pub svg: String,
    pub width: u32,
    pub height: u32,
    pub marks: Vec<ChartMark>,
    /// Each series' name and colour, when a chart has several.
    pub legend: Vec<LegendEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LegendEntry {
    pub name: String,
    /// `#rrggbb`.
    pub colour: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ChartMark {
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    pub label: String,
    pub values: Vec<MarkValue>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MarkValue {
    /// The series, when a chart has several; empty otherwise.
    pub series: String,
    pub value: f64,
}

impl From<charts::Chart> for ChartView {
    fn from(chart: charts::Chart) -> Self {
        ChartView {
            svg: chart.svg,
            width: chart.width,
            height: chart.height,
            marks: chart
                .marks
                .into_iter()
                .map(|m| ChartMark {
                    x: m.x,
                    y: m.y,
                    width: m.width,
                    height: m.height,
                    label: m.label,
                    values: m.values.into_iter().map(|(series, value)| MarkValue { series, value }).collect(),
                })
                .collect(),
            legend: chart.legend.into_iter().map(|(name, colour)| LegendEntry { name, colour }).collect(),
        }
    }
}

/// A chart drawn, or the drawing's failure as the app's own.
pub(crate) fn drawn(chart: std::result::Result<charts::Chart, String>) -> Result<ChartView> {
    chart.map(ChartView::from).map_err(|detail| crate::DeskError::Internal { detail })
}
