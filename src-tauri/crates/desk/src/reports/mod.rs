//! Reports: the campaigns that went out, and one campaign's dashboard
//! (counts and rates, a funnel, opens and clicks over time, clicks per
//! link), its charts drawn by the `charts` crate in the reader's theme and
//! with the page's own words.

use crate::desk::Session;
use crate::error::{failed, Action, Result};
use crate::views::service_time;
use api::campaigns::{Campaign, CampaignFilter, CampaignStatus};
use charts::{Bar, Series, TimeAxis};
use serde::{Deserialize, Serialize};

/// A campaign as the Reports area lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReportCampaign {
    pub id: i64,
    pub name: String,
    pub subject: Option<String>,
    /// When it went out (or is set to), in the service's time.
    pub sent_at: Option<String>,
    pub sent: i64,
    /// Still going out: its figures grow.
    pub sending: bool,
}

/// What a campaign is called where it is listed: its name, else its
/// subject, else its number.
pub(crate) fn display_name(c: &Campaign) -> String {
    c.name.0.clone().or(c.subject.0.clone()).unwrap_or_else(|| format!("#{}", *c.id))
}

/// The campaigns that went out (to anyone), newest first.
pub(crate) async fn sent_campaigns(client: &api::Client) -> api::Result<Vec<Campaign>> {
    let all = api::campaigns::list(client, &CampaignFilter::default()).await?;
    Ok(all.into_iter().filter(|c| *c.emails_sent > 0).collect())
}

impl From<Campaign> for ReportCampaign {
    fn from(c: Campaign) -> Self {
        ReportCampaign {
            id: *c.id,
            name: display_name(&c),
            subject: c.subject.0,
            sent_at: service_time(c.delivery_time.as_deref()),
            sent: *c.emails_sent,
            sending: c.status == CampaignStatus::Processing,
        }
    }
}

/// The campaigns that went out, newest first.
pub async fn campaigns(session: &Session) -> Result<Vec<ReportCampaign>> {
    let sent = sent_campaigns(session.client()).await.map_err(failed(Action::LoadReport))?;
    Ok(sent.into_iter().map(ReportCampaign::from).collect())
}

/// The reader's theme, which the charts follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ChartTheme {
    Light,
    Dark,
}

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
        }
    }
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

fn share(part: i64, whole: i64) -> Option<f64> {
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
const TOP: usize = 10;

/// A breakdown's largest entries as bars.
fn top_bars(counts: std::collections::BTreeMap<String, i64>) -> Vec<Bar> {
    let mut bars: Vec<Bar> = counts.into_iter().map(|(label, n)| Bar { label, value: n as f64 }).collect();
    bars.sort_by(|a, b| b.value.total_cmp(&a.value));
    bars.truncate(TOP);
    bars
}

fn domain_row(row: &serde_json::Map<String, serde_json::Value>) -> DomainRow {
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

const WIDE: u32 = 760;

/// Who clicked a link: a page of them, earliest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ClickersPage {
    pub rows: Vec<Clicker>,
    pub has_more: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Clicker {
    pub email: String,
    pub at: Option<String>,
}

/// Clickers shown at once; the page asks for more.
const CLICKERS_PAGE: u64 = 100;

/// Who clicked `url` in a campaign, from `start` on.
pub async fn link_clickers(session: &Session, campaign_id: i64, url: &str, start: u64) -> Result<ClickersPage> {
    let mut pager =
        api::reports::who_clicked(session.client(), campaign_id, url).starting_at(start).page_size(CLICKERS_PAGE);
    let page = pager.next_page().await.map_err(failed(Action::LoadReport))?;
    Ok(page.map_or(ClickersPage { rows: Vec::new(), has_more: false }, |page| ClickersPage {
        has_more: page.has_more,
        rows: page
            .items
            .into_iter()
            .map(|c| Clicker { email: c.email.0, at: service_time(c.click_time.as_deref()) })
            .collect(),
    }))
}

/// Hours drawn one by one; later activity is summed per day.
const HOURLY_FOR: usize = 48;

/// Opens and clicks per point of the time axis: hours for the first two
/// days after the first activity, days after that.
fn activity_axis(hours: &[api::reports::HourActivity]) -> (TimeAxis, Vec<f64>, Vec<f64>) {
    let mut labels = Vec::new();
    let (mut opens, mut clicks) = (Vec::new(), Vec::new());
    for (i, hour) in hours.iter().enumerate() {
        let at = chrono::NaiveDateTime::parse_from_str(&hour.hour, "%Y-%m-%d %H:%M:%S").ok();
        let (label, new_point) = match at {
            Some(at) if i < HOURLY_FOR => (at.format("%H:00").to_string(), true),
            Some(at) => {
                let day = at.format("%d.%m").to_string();
                let same = labels.last() == Some(&day);
                (day, !same)
            }
            None => (hour.hour.to_string(), true),
        };
        if new_point {
            labels.push(label);
            opens.push(0.0);
            clicks.push(0.0);
        }
        if let (Some(o), Some(c)) = (opens.last_mut(), clicks.last_mut()) {
            *o += *hour.opened as f64;
            *c += *hour.clicked as f64;
        }
    }
    (TimeAxis { labels }, opens, clicks)
}

/// A campaign's dashboard, every request it needs made side by side.
pub async fn dashboard(
    session: &Session,
    campaign_id: i64,
    theme: ChartTheme,
    words: &ChartWords,
) -> Result<DashboardView> {
    let client = session.client();
    let (campaign, summary, timeline, links, bounces, clients, places, domains) = tokio::join!(
        api::campaigns::get(client, campaign_id),
        api::reports::summary(client, campaign_id),
        api::reports::timeline(client, campaign_id),
        api::reports::clicks_per_link(client, campaign_id),
        api::reports::bounces_per_code(client, campaign_id),
        api::reports::opens_per_client(client, campaign_id),
        api::reports::opens_per_place(client, campaign_id),
        api::reports::per_domain(client, campaign_id),
    );
    let campaign = campaign.map_err(failed(Action::LoadReport))?;
    let summary = summary.map_err(failed(Action::LoadReport))?;
    let counts = Counts {
        sent: *summary.sent,
        delivered: *summary.delivered,
        opened: *summary.opened,
        clicked: *summary.clicks,
        bounced: *summary.bounced,
        unsubscribed: *summary.unsubscribed,
        complained: *summary.complained,
    };
    let theme = match theme {
        ChartTheme::Light => charts::Theme::Light,
        ChartTheme::Dark => charts::Theme::Dark,
    };
    let steps = [
        (&words.sent, counts.sent),
        (&words.delivered, counts.delivered),
        (&words.opened, counts.opened),
        (&words.clicked, counts.clicked),
    ]
    .map(|(label, value)| Bar { label: label.clone(), value: value as f64 });
    let drawn = |chart: std::result::Result<charts::Chart, String>| {
        chart.map(ChartView::from).map_err(|detail| crate::DeskError::Internal { detail })
    };
    let (axis, opens, clicks) = activity_axis(&timeline.unwrap_or_default());
    let series =
        [Series { name: words.opens.clone(), values: opens }, Series { name: words.clicks.clone(), values: clicks }];
    let mut link_rows: Vec<LinkRow> =
        links.unwrap_or_default().into_iter().map(|l| LinkRow { url: l.url.0, clicks: *l.clicks }).collect();
    link_rows.sort_by_key(|l| std::cmp::Reverse(l.clicks));
    let bars: Vec<Bar> =
        link_rows.iter().take(TOP).map(|l| Bar { label: l.url.clone(), value: l.clicks as f64 }).collect();
    let bounce_bars: Vec<Bar> = bounces
        .unwrap_or_default()
        .into_iter()
        .map(|b| Bar { label: format!("{} · {}", *b.bounce_code, b.description.0), value: *b.count as f64 })
        .collect();
    let mut domains: Vec<DomainRow> = domains.unwrap_or_default().iter().map(domain_row).collect();
    domains.sort_by_key(|d| std::cmp::Reverse(d.sent));
    domains.truncate(TOP);
    Ok(DashboardView {
        campaign: campaign.into(),
        counts,
        rates: counts.into(),
        funnel: drawn(charts::funnel(&steps, WIDE, theme))?,
        activity: drawn(charts::lines(&axis, &series, WIDE, 260, theme))?,
        links: drawn(charts::bars(&bars, WIDE, theme))?,
        link_rows,
        bounces: drawn(charts::bars(&bounce_bars, WIDE, theme))?,
        clients: drawn(charts::bars(&top_bars(clients.unwrap_or_default()), WIDE, theme))?,
        places: drawn(charts::bars(&top_bars(places.unwrap_or_default()), WIDE, theme))?,
        domains,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hour(at: &str, opened: i64, clicked: i64) -> api::reports::HourActivity {
        serde_json::from_value(serde_json::json!({"hour": at, "opened": opened, "clicked": clicked})).unwrap()
    }

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

    #[test]
    fn activity_is_hourly_for_two_days_then_daily() {
        let mut hours: Vec<_> =
            (0..48).map(|h| hour(&format!("2026-03-{:02} {:02}:00:00", 1 + h / 24, h % 24), 2, 1)).collect();
        hours.push(hour("2026-03-03 09:00:00", 5, 1));
        hours.push(hour("2026-03-03 17:00:00", 3, 0));
        hours.push(hour("2026-03-05 10:00:00", 1, 0));
        let (axis, opens, clicks) = activity_axis(&hours);
        assert_eq!(axis.labels.len(), 48 + 2);
        assert_eq!(axis.labels[0], "00:00");
        assert_eq!(&axis.labels[48..], ["03.03", "05.03"]);
        assert_eq!(opens[48], 8.0, "a day sums its hours");
        assert_eq!(clicks[48], 1.0);
        assert_eq!(opens.iter().sum::<f64>(), 48.0 * 2.0 + 9.0, "nothing lost");
    }
}
