//! The account at a glance, the Reports area's first screen: what is going
//! out now and how far it has got, the last campaigns' rates over time, and
//! when the account's readers open (by weekday and hour).

use super::views::{drawn, ChartTheme, ChartView, ChartWords, Counts, Rates, NARROW};
use super::ReportCampaign;
use crate::error::{failed, Result};
use crate::plausible::Plausible;
use crate::reports::Action;
use crate::sent::went_out;
use crate::session::Session;
use crate::views::service_moment;
use api::campaigns::{Campaign, CampaignStatus};
use charts::{Series, TimeAxis};
use chrono::{Datelike, Timelike};
use serde::Serialize;

/// Campaigns on the rates-over-time chart.
const TREND: usize = 12;
/// Campaigns whose opens make the best-time chart.
const BEST_TIME: usize = 20;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SendingView {
    pub campaign: ReportCampaign,
    pub sent: i64,
    /// Active subscribers of its lists: about how many it goes to.
    pub of: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct OverviewView {
    pub sending: Vec<SendingView>,
    /// Open and click rates (in percent) of the last campaigns, oldest first.
    pub trend: ChartView,
    /// Opens by weekday (rows, Monday first) and hour (columns).
    pub best_time: ChartView,
    /// Opens the best-time chart is made of, and from how many campaigns.
    pub best_time_opens: i64,
    pub best_time_campaigns: u32,
    /// Why `best_time` is empty when the service's hours are missing.
    pub best_time_gap: Option<super::ChartGap>,
}

/// How far a campaign going out has got.
async fn sending(client: &api::Client, campaign: Campaign) -> SendingView {
    let lists = futures_util::future::join_all(campaign.list_id.0.iter().map(|&id| api::lists::get(client, id))).await;
    let of = lists.into_iter().map(|list| list.ok().map(|l| *l.counts.count_active)).sum::<Option<i64>>();
    SendingView { sent: *campaign.emails_sent, of: of.filter(|n| *n > 0), campaign: campaign.into() }
}

/// Adds a campaign's hourly opens to the weekday-by-hour grid, leaving out
/// hours dated outside the campaign's span.
fn add_opens(grid: &mut [Vec<f64>], hours: &[api::reports::HourActivity], span: Plausible) -> i64 {
    let mut total = 0;
    for hour in hours {
        if let Some(at) = span.moment(&hour.hour) {
            grid[at.weekday().num_days_from_monday() as usize][at.hour() as usize] += *hour.opened as f64;
            total += *hour.opened;
        }
    }
    total
}

/// The account at a glance. What cannot change any more (the figures of
/// campaigns that finished sending long ago) is kept and not asked again,
/// and the list is the one the area's table read a moment before: a
/// return to the screen asks for what may have changed.
pub async fn overview(session: &Session, theme: ChartTheme, words: &ChartWords) -> Result<OverviewView> {
    let reports = session.reports();
    let _reading = reports.background.screen_reads();
    let client = session.client();
    // One listing serves both: what went out, newest first, and what is going out.
    let all = super::listing::all(session).await.map_err(failed(Action::LoadReport))?;
    let sent: Vec<Campaign> = all.iter().filter(|c| went_out(c)).cloned().collect();
    let going = all.into_iter().filter(|c| c.status == CampaignStatus::Processing);
    // Campaigns sent at a time (not automations, which send all along).
    let mut trend_of: Vec<&Campaign> =
        sent.iter().filter(|c| c.delivery_time.as_deref().is_some_and(|t| !t.is_empty())).take(TREND).collect();
    trend_of.reverse();
    let best_of: Vec<&Campaign> = sent.iter().take(BEST_TIME).collect();
    let (sending, (summaries, timelines)) = tokio::join!(
        futures_util::future::join_all(going.map(|c| sending(client, c))),
        super::reading::for_overview(session, &trend_of, &best_of),
    );
    let mut labels = Vec::new();
    let (mut opened, mut clicked) = (Vec::new(), Vec::new());
    for (campaign, summary) in trend_of.iter().zip(summaries) {
        let rates = Rates::from(Counts::from(&summary.map_err(failed(Action::LoadReport))?));
        let day = campaign.delivery_time.as_deref().and_then(service_moment);
        labels.push(day.map(|d| charts::day_month(&words.day_month, d.date())).unwrap_or_default());
        opened.push(rates.opened.unwrap_or(0.0) * 100.0);
        clicked.push(rates.clicked.unwrap_or(0.0) * 100.0);
    }
    let series = [
        Series { name: words.open_rate.clone(), values: opened },
        Series { name: words.click_rate.clone(), values: clicked },
    ];
    let mut grid = vec![vec![0.0; 24]; 7];
    let mut best_time_opens = 0;
    let mut best_time_gap = None;
    for (campaign, (hours, gap)) in best_of.iter().zip(timelines) {
        best_time_gap = super::gaps::either(best_time_gap, gap);
        best_time_opens += add_opens(&mut grid, &hours, Plausible::of(campaign));
    }
    let hours: Vec<String> = (0..24).map(|h| format!("{h:02}")).collect();
    let theme = theme.into();
    Ok(OverviewView {
        sending,
        trend: drawn(charts::lines(&TimeAxis { labels }, &series, NARROW, 240, theme))?,
        best_time: drawn(charts::heatmap(&words.weekdays, &hours, &grid, NARROW, theme))?,
        best_time_opens,
        best_time_campaigns: best_of.len() as u32,
        best_time_gap,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_fall_on_their_weekday_and_hour() {
        let hour = |at: &str, opened: i64| -> api::reports::HourActivity {
            serde_json::from_value(serde_json::json!({"hour": at, "opened": opened, "clicked": 0})).unwrap()
        };
        let mut grid = vec![vec![0.0; 24]; 7];
        // 2026-11-16 is a Monday, 2026-11-22 a Sunday.
        let hours = [
            hour("2026-11-16 09:00:00", 5),
            hour("2026-11-22 21:00:00", 2),
            hour("2026-11-23 09:00:00", 1),
            hour("0001-01-01 00:00:00", 40),
        ];
        let total = add_opens(&mut grid, &hours, Plausible::since(Some("2026-11-16 08:00:00")));
        assert_eq!(total, 8, "the hour dated in the year 1 is left out");
        assert_eq!(grid[0][9], 6.0, "two Mondays at nine");
        assert_eq!(grid[6][21], 2.0);
    }
}
