//! Campaigns side by side: their rates as a table and as bars, and their
//! open curves overlaid from the moment each went out.

use super::failures::ReportsFailure;
use super::figures::Wanted;
use super::views::{drawn, ChartTheme, ChartView, ChartWords, Counts, Rates, WIDE};
use super::ReportCampaign;
use crate::error::{failed, DeskError, Result};
use crate::reports::Action;
use crate::session::Session;
use crate::views::service_moment;
use charts::{Series, TimeAxis};
use chrono::NaiveDateTime;
use serde::Serialize;

/// Campaigns compared at once.
pub const COMPARED: std::ops::RangeInclusive<usize> = 2..=5;

/// Hours after sending the open curves follow.
const CURVE_HOURS: i64 = 72;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ComparedCampaign {
    pub campaign: ReportCampaign,
    pub counts: Counts,
    pub rates: Rates,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ComparisonView {
    /// In the order asked for.
    pub campaigns: Vec<ComparedCampaign>,
    /// Each rate as a group of bars, a bar per campaign.
    pub rates: ChartView,
    /// Opens so far as a share (in percent) of the opens of the first three
    /// days, hour by hour after sending, a line per campaign.
    pub opens: ChartView,
    /// Why `opens` is empty when the service's hours are missing.
    pub opens_gap: Option<super::ChartGap>,
}

/// A campaign's opens per hour after it went out, as cumulative percentages
/// of its opens in the first `CURVE_HOURS`.
fn open_curve(sent_at: Option<NaiveDateTime>, hours: &[api::reports::HourActivity]) -> Vec<f64> {
    let parsed: Vec<(NaiveDateTime, f64)> =
        hours.iter().filter_map(|h| Some((service_moment(&h.hour)?, *h.opened as f64))).collect();
    let Some(start) = sent_at.or_else(|| parsed.iter().map(|(at, _)| *at).min()) else { return Vec::new() };
    let start = start.date().and_hms_opt(chrono::Timelike::hour(&start), 0, 0).unwrap_or(start);
    let mut per_hour = vec![0.0; CURVE_HOURS as usize + 1];
    for (at, opens) in parsed {
        let after = (at - start).num_hours();
        if (0..=CURVE_HOURS).contains(&after) {
            per_hour[after as usize] += opens;
        }
    }
    let total: f64 = per_hour.iter().sum();
    let mut so_far = 0.0;
    per_hour
        .into_iter()
        .map(|opens| {
            so_far += opens;
            if total > 0.0 {
                100.0 * so_far / total
            } else {
                0.0
            }
        })
        .collect()
}

/// Reads one rate of a campaign.
type RateOf = fn(&Rates) -> Option<f64>;

/// Two to five campaigns side by side.
pub async fn compare(
    session: &Session,
    campaign_ids: &[i64],
    theme: ChartTheme,
    words: &ChartWords,
) -> Result<ComparisonView> {
    if !COMPARED.contains(&campaign_ids.len()) {
        return Err(DeskError::in_area(ReportsFailure::CompareCount {
            min: *COMPARED.start() as u32,
            max: *COMPARED.end() as u32,
        }));
    }
    let reports = session.reports();
    let _reading = reports.background.screen_reads();
    let client = session.client();
    let read = futures_util::future::join_all(campaign_ids.iter().map(|&id| api::campaigns::get(client, id))).await;
    let read: Vec<api::campaigns::Campaign> =
        read.into_iter().collect::<api::Result<_>>().map_err(failed(Action::LoadReport))?;
    // Their figures as the overview keeps them: those that cannot change any more are not asked again.
    let each: Vec<_> = read.iter().map(|campaign| (campaign, Wanted::OVERVIEW)).collect();
    let (mut figures, _) =
        super::reading::for_overview(session, &each, usize::MAX).await.map_err(failed(Action::LoadReport))?;
    let mut campaigns = Vec::new();
    let mut curves = Vec::new();
    let mut opens_gap = None;
    for campaign in &read {
        let summary = figures.summaries.remove(&*campaign.id).unwrap_or_default();
        let (hours, gap) = figures.hours.remove(&*campaign.id).unwrap_or_default();
        let sent_at = campaign.delivery_time.as_deref().and_then(service_moment);
        let curve = open_curve(sent_at, &hours);
        let counts = Counts::from(&summary);
        let compared = ComparedCampaign { campaign: campaign.clone().into(), counts, rates: counts.into() };
        opens_gap = super::gaps::either(opens_gap, gap);
        curves.push(Series { name: compared.campaign.name.clone(), values: curve });
        campaigns.push(compared);
    }
    let groups: [(&String, RateOf); 5] = [
        (&words.delivery_rate, |r: &Rates| r.delivered),
        (&words.open_rate, |r: &Rates| r.opened),
        (&words.click_rate, |r: &Rates| r.clicked),
        (&words.click_to_open, |r: &Rates| r.click_to_open),
        (&words.unsubscribe_rate, |r: &Rates| r.unsubscribed),
    ];
    let bars: Vec<Series> = campaigns
        .iter()
        .map(|c| Series {
            name: c.campaign.name.clone(),
            values: groups.iter().map(|(_, rate)| rate(&c.rates).unwrap_or(0.0)).collect(),
        })
        .collect();
    let labels: Vec<String> = groups.iter().map(|(label, _)| label.to_string()).collect();
    let percent =
        |share: f64| words.percent.replace('#', &format!("{:.1}", share * 100.0).replace('.', &words.decimal));
    let axis = TimeAxis { labels: (0..=CURVE_HOURS).map(|h| format!("+{h} {}", words.hour)).collect() };
    let theme = theme.into();
    Ok(ComparisonView {
        rates: drawn(charts::grouped_bars(&labels, &bars, WIDE, theme, percent))?,
        opens: drawn(charts::lines(&axis, &curves, WIDE, 260, theme))?,
        opens_gap,
        campaigns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hour(at: &str, opened: i64) -> api::reports::HourActivity {
        serde_json::from_value(serde_json::json!({"hour": at, "opened": opened, "clicked": 0})).unwrap()
    }

    #[test]
    fn an_open_curve_climbs_to_all_opens_from_the_hour_it_went_out() {
        let sent = NaiveDateTime::parse_from_str("2026-03-02 09:40:00", "%Y-%m-%d %H:%M:%S").ok();
        let curve = open_curve(
            sent,
            &[hour("2026-03-02 09:00:00", 30), hour("2026-03-02 11:00:00", 10), hour("2026-03-09 11:00:00", 99)],
        );
        assert_eq!(curve.len(), CURVE_HOURS as usize + 1);
        assert_eq!(curve[0], 75.0, "the sending hour's opens");
        assert_eq!(curve[1], 75.0);
        assert_eq!(curve[2], 100.0);
        assert_eq!(*curve.last().unwrap(), 100.0, "opens after three days are left out of the curve");
        assert!(open_curve(None, &[]).is_empty());
    }
}
