//! The account at a glance, the Reports area's first screen: what is going
//! out now and how far it has got, the last campaigns' rates over time, and
//! when the account's readers open (by weekday and hour).

use super::figures::Wanted;
use super::reading::OverviewFigures;
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
/// Requests for figures the overview spends before it shows: those of the
/// newest campaigns; the rest is filled in after, in the background.
pub const FIRST_READS: usize = 6;

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
    /// Campaigns on the trend so far, of how many it is made of.
    pub trend_campaigns: u32,
    pub trend_of: u32,
    /// Opens by weekday (rows, Monday first) and hour (columns).
    pub best_time: ChartView,
    /// Opens the best-time chart is made of, from how many campaigns so
    /// far, of how many it is made of.
    pub best_time_opens: i64,
    pub best_time_campaigns: u32,
    pub best_time_of: u32,
    /// Whether the figures of more campaigns are being read for the charts
    /// (the view comes again as they arrive).
    pub coming: bool,
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

/// The campaigns on the overview's charts and how they are drawn.
struct Charts {
    /// Sent at a time (not automations, which send all along), oldest first.
    trend: Vec<Campaign>,
    /// The last that went out, newest first.
    best: Vec<Campaign>,
    sending: Vec<SendingView>,
    theme: ChartTheme,
    words: ChartWords,
}

impl Charts {
    /// What each campaign is wanted for, newest first.
    fn asked(&self, newest_first: &[Campaign]) -> Vec<(Campaign, Wanted)> {
        let on = |of: &[Campaign], c: &Campaign| of.iter().any(|o| o.id == c.id);
        newest_first
            .iter()
            .map(|c| (c, Wanted { summary: on(&self.trend, c), timeline: on(&self.best, c), breakdown: false }))
            .filter(|(_, wanted)| wanted.any())
            .map(|(c, wanted)| (c.clone(), wanted))
            .collect()
    }

    /// The overview, drawn from the figures known so far.
    fn drawn(&self, figures: &OverviewFigures, coming: bool) -> Result<OverviewView> {
        let words = &self.words;
        let mut labels = Vec::new();
        let (mut opened, mut clicked) = (Vec::new(), Vec::new());
        for campaign in &self.trend {
            let Some(summary) = figures.summaries.get(&*campaign.id) else { continue };
            let rates = Rates::from(Counts::from(summary));
            let day = campaign.delivery_time.as_deref().and_then(service_moment);
            labels.push(day.map(|d| charts::day_month(&words.day_month, d.date())).unwrap_or_default());
            opened.push(rates.opened.unwrap_or(0.0) * 100.0);
            clicked.push(rates.clicked.unwrap_or(0.0) * 100.0);
        }
        let trend_campaigns = labels.len() as u32;
        let series = [
            Series { name: words.open_rate.clone(), values: opened },
            Series { name: words.click_rate.clone(), values: clicked },
        ];
        let mut grid = vec![vec![0.0; 24]; 7];
        let (mut best_time_opens, mut best_time_campaigns, mut best_time_gap) = (0, 0, None);
        for campaign in &self.best {
            let Some((hours, gap)) = figures.hours.get(&*campaign.id) else { continue };
            best_time_gap = super::gaps::either(best_time_gap, *gap);
            best_time_opens += add_opens(&mut grid, hours, Plausible::of(campaign));
            best_time_campaigns += 1;
        }
        let hours: Vec<String> = (0..24).map(|h| format!("{h:02}")).collect();
        let theme = self.theme.into();
        Ok(OverviewView {
            sending: self.sending.clone(),
            trend: drawn(charts::lines(&TimeAxis { labels }, &series, NARROW, 240, theme))?,
            trend_campaigns,
            trend_of: self.trend.len() as u32,
            best_time: drawn(charts::heatmap(&words.weekdays, &hours, &grid, NARROW, theme))?,
            best_time_opens,
            best_time_campaigns,
            best_time_of: self.best.len() as u32,
            coming,
            best_time_gap,
        })
    }
}

/// The account at a glance. The figures of the newest campaigns are read
/// first, within [`FIRST_READS`] requests, and the view says how many it
/// shows; the rest are read in the background after, and the view comes
/// again to `more` as they arrive (stopped by the next overview, or when
/// the session goes). What cannot change any more (the figures of
/// campaigns that finished sending long ago) is kept and not asked again,
/// and the list is the one the area's table read a moment before: a
/// return to the screen asks for what may have changed.
pub async fn overview(
    session: &Session,
    theme: ChartTheme,
    words: &ChartWords,
    more: impl Fn(OverviewView) + Send + Sync + 'static,
) -> Result<OverviewView> {
    let reports = session.reports();
    let reading = reports.background.screen_reads();
    let client = session.client();
    // One listing serves both: what went out, newest first, and what is going out.
    let all = super::listing::all(session).await.map_err(failed(Action::LoadReport))?;
    let sent: Vec<Campaign> = all.iter().filter(|c| went_out(c)).cloned().collect();
    let going = all.into_iter().filter(|c| c.status == CampaignStatus::Processing);
    let mut trend: Vec<Campaign> = sent
        .iter()
        .filter(|c| c.delivery_time.as_deref().is_some_and(|t| !t.is_empty()))
        .take(TREND)
        .cloned()
        .collect();
    trend.reverse();
    let best = sent.iter().take(BEST_TIME).cloned().collect();
    let mut charts = Charts { trend, best, sending: Vec::new(), theme, words: words.clone() };
    let asked = charts.asked(&sent);
    let asked: Vec<(&Campaign, Wanted)> = asked.iter().map(|(c, wanted)| (c, *wanted)).collect();
    let (sending, read) = tokio::join!(
        futures_util::future::join_all(going.map(|c| sending(client, c))),
        super::reading::for_overview(session, &asked, FIRST_READS),
    );
    let (mut figures, later) = read.map_err(failed(Action::LoadReport))?;
    charts.sending = sending;
    let view = charts.drawn(&figures, !later.is_empty())?;
    drop(reading);
    let filling = (!later.is_empty()).then(|| {
        let session = session.clone();
        tokio::spawn(async move {
            super::reading::fill_overview(&session, later, &mut figures, |figures, last| {
                if let Ok(view) = charts.drawn(figures, !last) {
                    more(view);
                }
            })
            .await;
        })
    });
    reports.overview_filling.replace(filling);
    Ok(view)
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
