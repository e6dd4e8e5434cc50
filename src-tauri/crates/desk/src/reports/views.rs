//! What the Reports area shows, as the page gets it: charts drawn in the
//! reader's theme and words, counts and rates, and pages of rows; and the
//! drawing of them that more than one report shares.

use super::gaps::ChartGap;
use super::ReportCampaign;
pub(super) use crate::chart_view::drawn;
pub use crate::chart_view::{ChartMark, ChartTheme, ChartView, LegendEntry, MarkValue};
use crate::error::Result;
use charts::Bar;
use serde::{Deserialize, Serialize};

/// The words the charts draw, in the reader's language (from the page's
/// catalogue: `desk` writes no sentences).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ChartWords {
    pub sent: String,
    pub delivered: String,
    pub opened: String,
    pub clicked: String,
    pub opens: String,
    pub clicks: String,
    pub delivery_rate: String,
    pub open_rate: String,
    pub click_rate: String,
    pub click_to_open: String,
    pub unsubscribe_rate: String,
    /// The unit after a number of hours ("h", "ч").
    pub hour: String,
    /// The decimal separator ("." or ",").
    pub decimal: String,
    /// A day of the year, `DD` and `MM` in the reader's order ("DD.MM", "MM/DD").
    pub day_month: String,
    /// How a percentage is written, `#` standing for the number ("#%", "# %").
    pub percent: String,
    /// Monday to Sunday, short.
    pub weekdays: Vec<String>,
    pub mobile: String,
    pub desktop: String,
    pub tablet: String,
    pub other_device: String,
    pub light_mode: String,
    pub dark_mode: String,
    pub bounce_hard: String,
    pub bounce_soft: String,
    pub bounce_blocked: String,
    pub bounce_spam: String,
}

/// Recipients counted once per outcome.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub sent: i64,
    pub delivered: i64,
    pub opened: i64,
    pub clicked: i64,
    pub bounced: i64,
    pub unsubscribed: i64,
    pub complained: i64,
}

/// Shares, from 0 to 1; `None` when what they are a share of is zero.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Rates {
    /// Delivered of sent.
    pub delivered: Option<f64>,
    /// Opened of delivered.
    pub opened: Option<f64>,
    /// Clicked of delivered.
    pub clicked: Option<f64>,
    /// Clicked of opened.
    pub click_to_open: Option<f64>,
    /// Bounced of sent.
    pub bounced: Option<f64>,
    /// Unsubscribed of delivered.
    pub unsubscribed: Option<f64>,
    /// Complained of delivered.
    pub complained: Option<f64>,
}

pub(super) fn share(part: i64, whole: i64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

impl From<Counts> for Rates {
    fn from(c: Counts) -> Self {
        Rates {
            delivered: share(c.delivered, c.sent),
            opened: share(c.opened, c.delivered),
            clicked: share(c.clicked, c.delivered),
            click_to_open: share(c.clicked, c.opened),
            bounced: share(c.bounced, c.sent),
            unsubscribed: share(c.unsubscribed, c.delivered),
            complained: share(c.complained, c.delivered),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LinkRow {
    pub url: String,
    pub clicks: i64,
}

/// One campaign's dashboard.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DashboardView {
    pub campaign: ReportCampaign,
    pub counts: Counts,
    pub rates: Rates,
    pub funnel: ChartView,
    /// Opens and clicks per hour for the first two days, per day after.
    pub activity: ChartView,
    /// Why `activity` is empty when the service's hours are missing.
    pub activity_gap: Option<ChartGap>,
    /// Hours of activity the service dated outside the campaign's span
    /// (before it went out, or after now), left out of the chart.
    pub dropped_times: u32,
}

/// What a dashboard shows below its first screen, read once it comes into view.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BreakdownView {
    pub links: ChartView,
    pub link_rows: Vec<LinkRow>,
    /// Bounces per SMTP code ("550 · mailbox unavailable").
    pub bounces: ChartView,
    /// Opens per mail client and system, most first.
    pub clients: ChartView,
    /// Opens per region, most first.
    pub places: ChartView,
    /// Per recipient domain, most recipients first.
    pub domains: Vec<DomainRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DomainRow {
    pub domain: String,
    pub sent: i64,
    pub delivered: i64,
    pub opened: i64,
    /// Delivered of sent.
    pub delivery_rate: Option<f64>,
    /// Opened of delivered.
    pub open_rate: Option<f64>,
}

/// Rows shown of a breakdown (clients, places, domains, links).
pub(super) const TOP: usize = 10;

/// A breakdown's largest entries as bars.
pub(super) fn top(counts: std::collections::BTreeMap<String, i64>) -> Vec<Bar> {
    charts::tally::top(counts.into_iter().map(|(label, n)| (label, n as f64)), TOP)
}

pub(super) fn domain_row(row: &serde_json::Map<String, serde_json::Value>) -> DomainRow {
    let n = |key: &str| row.get(key).and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok())).unwrap_or(0);
    let (sent, delivered, opened) = (n("sent"), n("delivered"), n("opened"));
    DomainRow {
        domain: row.get("domain").and_then(|v| v.as_str()).unwrap_or_default().to_string(),
        sent,
        delivered,
        opened,
        delivery_rate: share(delivered, sent),
        open_rate: share(opened, delivered),
    }
}

/// Chart widths in pixels: a whole row of the page, and half of one (the
/// page shows them at about this size, so their text reads at its size).
pub(super) const WIDE: u32 = 760;
pub(super) const NARROW: u32 = 480;

/// A page of a report's rows, in the service's order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReportPage<T> {
    pub rows: Vec<T>,
    pub has_more: bool,
}

impl<T> ReportPage<T> {
    /// The rows of the service's page (none when it had nothing more), each made a view.
    pub(crate) fn of<W>(page: Option<api::paging::Page<W>>, view: impl FnMut(W) -> T) -> Self {
        page.map_or(ReportPage { rows: Vec::new(), has_more: false }, |page| ReportPage {
            has_more: page.has_more,
            rows: page.items.into_iter().map(view).collect(),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Clicker {
    pub email: String,
    pub at: Option<String>,
}

impl From<&api::reports::Summary> for Counts {
    fn from(summary: &api::reports::Summary) -> Self {
        Counts {
            sent: *summary.sent,
            delivered: *summary.delivered,
            opened: *summary.opened,
            clicked: *summary.clicks,
            bounced: *summary.bounced,
            unsubscribed: *summary.unsubscribed,
            complained: *summary.complained,
        }
    }
}

/// From sending to clicks, in recipients.
pub(super) fn funnel(counts: &Counts, words: &ChartWords, theme: charts::Theme) -> Result<ChartView> {
    let steps = [
        (&words.sent, counts.sent),
        (&words.delivered, counts.delivered),
        (&words.opened, counts.opened),
        (&words.clicked, counts.clicked),
    ]
    .map(|(label, value)| Bar { label: label.clone(), value: value as f64 });
    drawn(charts::funnel(&steps, WIDE, theme))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_shares_of_what_they_are_rates_of() {
        let counts = Counts {
            sent: 1000,
            delivered: 950,
            opened: 380,
            clicked: 95,
            bounced: 50,
            unsubscribed: 19,
            complained: 1,
        };
        let rates = Rates::from(counts);
        assert_eq!(rates.delivered, Some(0.95));
        assert_eq!(rates.opened, Some(0.4));
        assert_eq!(rates.clicked, Some(0.1));
        assert_eq!(rates.click_to_open, Some(0.25));
        assert_eq!(rates.bounced, Some(0.05));
        let none = Rates::from(Counts {
            sent: 0,
            delivered: 0,
            opened: 0,
            clicked: 0,
            bounced: 0,
            unsubscribed: 0,
            complained: 0,
        });
        assert_eq!(none.opened, None, "no share of nothing");
    }
}
