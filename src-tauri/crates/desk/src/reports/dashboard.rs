//! One campaign's dashboard: counts and rates, a funnel, opens and clicks
//! over time; below them, read when they come into view, clicks per link
//! (and who clicked), bounces per code, opens per mail client and place,
//! recipients per domain. What cannot change
//! any more is kept and not asked again (see `figures`).

use super::figures::Breakdown;
use super::views::{
    domain_row, drawn, funnel, top, BreakdownView, ChartTheme, ChartWords, Clicker, Counts, DashboardView, DomainRow,
    LinkRow, ReportPage, NARROW, TOP, WIDE,
};
use crate::error::{failed, Result};
use crate::plausible::Plausible;
use crate::reports::Action;
use crate::session::Session;
use crate::views::service_time;
use charts::Bar;

/// Clickers shown at once; the page asks for more.
const CLICKERS_PAGE: u64 = 100;

/// Who clicked `url` in a campaign, from `start` on.
pub async fn link_clickers(session: &Session, campaign_id: i64, url: &str, start: u64) -> Result<ReportPage<Clicker>> {
    let mut pager =
        api::reports::who_clicked(session.client(), campaign_id, url).starting_at(start).page_size(CLICKERS_PAGE);
    let page = pager.next_page().await.map_err(failed(Action::LoadReport))?;
    Ok(ReportPage::of(page, |c| Clicker { email: c.email.0, at: service_time(c.click_time.as_deref()) }))
}

/// Opens and clicks per hour, as the service counts them, and how many
/// hours were dated outside the campaign's span (and left out).
fn activity(hours: &[api::reports::HourActivity], span: Plausible) -> (charts::tally::Activity, u32) {
    let mut activity = charts::tally::Activity::default();
    let mut dropped = 0;
    for hour in hours {
        match span.moment(&hour.hour) {
            Some(at) => activity.add(at, *hour.opened as f64, *hour.clicked as f64),
            None => dropped += 1,
        }
    }
    (activity, dropped)
}

/// A campaign's dashboard, its first screen: the campaign beside its
/// summary and hours where they are not kept or may have changed, side by
/// side (a campaign whose figures are settled and kept costs the campaign
/// alone). What is below (see [`breakdown`]) is read when it comes into view.
pub async fn dashboard(
    session: &Session,
    campaign_id: i64,
    theme: ChartTheme,
    words: &ChartWords,
) -> Result<DashboardView> {
    let reports = session.reports();
    let _reading = reports.background.screen_reads();
    let (campaign, shown) = super::reading::for_dashboard(session, campaign_id).await?;
    let counts = Counts::from(&shown.summary);
    let theme = theme.into();
    let (activity, dropped_times) = activity(&shown.hours, Plausible::of(&campaign));
    let (axis, series) = activity.drawn(&words.opens, &words.clicks, &words.day_month);
    Ok(DashboardView {
        campaign: campaign.into(),
        counts,
        rates: counts.into(),
        funnel: funnel(&counts, words, theme)?,
        activity: drawn(charts::lines(&axis, &series, WIDE, 260, theme))?,
        activity_gap: shown.gap,
        dropped_times,
    })
}

/// A campaign's clicks per link, bounces per code, opens per client and
/// place, and recipients per domain: kept when they cannot change any
/// more, else read (five requests side by side).
pub async fn breakdown(session: &Session, campaign_id: i64, theme: ChartTheme) -> Result<BreakdownView> {
    let reports = session.reports();
    let _reading = reports.background.screen_reads();
    let Breakdown { links, bounces, clients, places, domains } =
        super::reading::for_breakdown(session, campaign_id).await?;
    let theme = theme.into();
    let mut link_rows: Vec<LinkRow> = links.into_iter().map(|l| LinkRow { url: l.url.0, clicks: *l.clicks }).collect();
    link_rows.sort_by_key(|l| std::cmp::Reverse(l.clicks));
    let bars: Vec<Bar> =
        link_rows.iter().take(TOP).map(|l| Bar { label: l.url.clone(), value: l.clicks as f64 }).collect();
    let bounce_bars: Vec<Bar> = bounces
        .into_iter()
        .map(|b| Bar { label: format!("{} · {}", *b.bounce_code, b.description.0), value: *b.count as f64 })
        .collect();
    let mut domains: Vec<DomainRow> = domains.iter().map(domain_row).collect();
    domains.sort_by_key(|d| std::cmp::Reverse(d.sent));
    domains.truncate(TOP);
    Ok(BreakdownView {
        links: drawn(charts::bars(&bars, WIDE, theme))?,
        link_rows,
        bounces: drawn(charts::bars(&bounce_bars, WIDE, theme))?,
        clients: drawn(charts::bars(&top(clients), NARROW, theme))?,
        places: drawn(charts::bars(&top(places), NARROW, theme))?,
        domains,
    })
}
