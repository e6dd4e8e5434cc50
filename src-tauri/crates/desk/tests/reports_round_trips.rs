//! What the Reports area's screens cost in requests, counted by the service
//! itself (the sandbox's request log), against the demo business: a year
//! of campaigns, all but the newest sent long ago, two automations that
//! send all along, one campaign paused mid-way. What cannot change any
//! more is kept per account and not asked again; counting ahead keeps it
//! too, reading only what is new, and never in a burst.

use api::campaigns::{Campaign, CampaignStatus};
use desk::reports::{self, ChartTheme, ChartWords};
use desk::Session;
use std::path::Path;
use std::time::Duration;

use crate::common::{chart_words, overview};

const KEY: &str = "round-trips-key";

fn words() -> ChartWords {
    chart_words::russian()
}

/// One request the service answered: its path, and when it came (RFC 3339).
#[derive(Debug, serde::Deserialize)]
struct Served {
    path: String,
    at: String,
}

/// The requests the service answered since the last call, and a fresh log.
async fn served(client: &api::Client) -> Vec<Served> {
    let all = client.get(&["sandbox", "requests"], &[]).await.unwrap().decode().unwrap();
    client.delete(&["sandbox", "requests"], None).await.unwrap();
    all
}

/// How many requests `action` cost, and what it answered.
async fn cost<T>(client: &api::Client, action: impl std::future::Future<Output = T>) -> (T, Vec<Served>) {
    served(client).await;
    let answer = action.await;
    (answer, served(client).await)
}

/// The demo business in a sandbox of its own, its store in `dir`.
async fn demo(dir: &Path) -> (sandbox::Running, api::Client) {
    let config = sandbox::Config { db: Some(dir.join("service.sqlite")), demo: true, ..sandbox::Config::new(KEY) };
    let service = sandbox::start(config).await.expect("sandbox starts");
    let client = api::Client::new(&service.base_url(), api::ApiKey::new(KEY)).unwrap();
    (service, client)
}

/// A session keeping what it counts in `dir`, as an account's does in its
/// data directory: a new one over the same `dir` is the app started again.
fn session(client: &api::Client, dir: &Path) -> Session {
    Session::for_client(client.clone()).keeping_counts_in(dir.join("counted"))
}

/// Whether a campaign's figures can no longer change, as the app judges it.
fn settled(c: &Campaign) -> bool {
    let sent =
        c.delivery_time.as_deref().and_then(|t| chrono::NaiveDateTime::parse_from_str(t, "%Y-%m-%d %H:%M:%S").ok());
    let after = chrono::Duration::from_std(reports::FINAL_AFTER + reports::REPORT_LAG).unwrap();
    c.status == CampaignStatus::Sent && sent.is_some_and(|sent| sent + after < chrono::Local::now().naive_local())
}

/// The campaigns that went out, newest first, as the overview reads them:
/// the trend's (sent at a time, the last twelve) and the best time's (the last twenty).
async fn on_the_overview(client: &api::Client) -> (Vec<Campaign>, Vec<Campaign>) {
    let all = api::campaigns::list(client, &Default::default()).await.unwrap();
    let sent: Vec<Campaign> = all.into_iter().filter(|c| *c.emails_sent > 0).collect();
    let trend = sent.iter().filter(|c| c.delivery_time.as_deref().is_some_and(|t| !t.is_empty())).take(12).cloned();
    (trend.collect(), sent.iter().take(20).cloned().collect())
}

/// Pages a walk of `records` asks for in pages of `size`, at most `ahead`
/// at once: one first, then twice as many each time, until one is short
/// (or the last, full, says nothing follows).
fn pages_asked(records: usize, size: usize, ahead: usize) -> usize {
    let (mut asked, mut batch) = (0, 1);
    loop {
        asked += batch.min(ahead);
        if records <= asked * size {
            return asked;
        }
        batch *= 2;
    }
}

/// The Reports area's first screen: the campaigns' table, then the overview under it, as first shown.
async fn first_screen(session: &Session) -> overview::Overview {
    reports::campaigns(session).await.unwrap();
    overview::open(session, ChartTheme::Light, &words()).await
}

/// The first screen whole: its overview filled in.
async fn whole_first_screen(session: &Session) -> desk::reports::OverviewView {
    first_screen(session).await.whole().await.0
}

/// A dashboard's first screen as the page reads it: the dashboard, then its details.
async fn first_screen_of(session: &Session, id: i64) {
    let view = reports::dashboard(session, id, ChartTheme::Light, &words()).await.unwrap();
    assert_eq!(view.campaign.id, id);
    reports::open_details(session, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
}

/// A dashboard read whole: its first screen, then what is below it, scrolled to.
async fn dashboard(session: &Session, id: i64) {
    first_screen_of(session, id).await;
    reports::breakdown(session, id, ChartTheme::Light).await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_overview_and_a_settled_dashboard_ask_only_what_may_still_change_even_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (service, client) = demo(dir.path()).await;
    let (trend, best) = on_the_overview(&client).await;
    let changing = |of: &[Campaign]| of.iter().filter(|c| !settled(c)).count();
    assert!(changing(&best) >= 2 && changing(&best) < best.len(), "the demo has both kinds");

    let app = session(&client, dir.path());
    app.pace_background(Duration::from_millis(5));
    // Shown first with the newest campaigns' figures, six requests' worth;
    // the rest filled in after, in the background.
    let (shown, first) = cost(&client, first_screen(&app)).await;
    assert_eq!(first.len(), 1 + 6, "the list, and six requests for the newest figures: {first:?}");
    let shown_first = shown.first.clone();
    assert!(shown_first.coming, "more to come");
    assert_eq!((shown_first.trend_of as usize, shown_first.best_time_of as usize), (trend.len(), best.len()));
    assert!(shown_first.trend_campaigns < shown_first.trend_of && shown_first.trend_campaigns > 0, "{shown_first:?}");
    assert_eq!(shown_first.trend.marks.len(), shown_first.trend_campaigns as usize, "a point per campaign shown");
    let ((whole, again), filled) = cost(&client, shown.whole()).await;
    assert!(!whole.coming && again > 1, "came again as the figures arrived, {again} times");
    assert_eq!((whole.trend_campaigns, whole.best_time_campaigns), (whole.trend_of, whole.best_time_of));
    assert_eq!(
        first.len() + filled.len(),
        1 + trend.len() + best.len(),
        "the list once, a summary and an hours' read each: {first:?} {filled:?}"
    );
    // Back to the screen later: the list is asked again, and nothing else.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, warm) = cost(&client, whole_first_screen(&app)).await;
    assert_eq!(warm.len(), 1, "back a moment later, the list alone: {warm:?}");

    // Two of them side by side: the campaigns, and figures the overview kept.
    let pair: Vec<i64> = best.iter().filter(|c| settled(c)).take(2).map(|c| *c.id).collect();
    let (compared, asked) = cost(&client, reports::compare(&app, &pair, ChartTheme::Light, &words())).await;
    assert_eq!(compared.unwrap().campaigns.len(), 2);
    assert_eq!(asked.len(), 2, "{asked:?}");

    // The smallest campaign sent long ago: its opens fit one page.
    let small = best.iter().filter(|c| settled(c)).min_by_key(|c| *c.emails_sent).unwrap();
    let id = *small.id;
    let (_, first) = cost(&client, first_screen_of(&app, id)).await;
    let paths: Vec<&str> = first.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(
        paths.iter().filter(|p| **p == format!("/v2/campaigns/{id}")).count(),
        1,
        "the campaign once for the dashboard and its details: {paths:?}"
    );
    assert_eq!(paths.iter().filter(|p| p.ends_with("/summary")).count(), 0, "the summary the overview kept: {paths:?}");
    assert_eq!(first.len(), 1 + 2, "the campaign, one page of opens and one of bounces: {paths:?}");
    // Scrolled down: the five breakdowns, and the campaign is not asked again.
    let (_, below) = cost(&client, reports::breakdown(&app, id, ChartTheme::Light)).await;
    assert_eq!(below.len(), 5, "{below:?}");
    let (_, warm) = cost(&client, dashboard(&app, id)).await;
    assert_eq!(warm.len(), 1, "the campaign alone: {warm:?}");

    // A campaign whose figures may still change, opened from the overview
    // a moment after it read them: its summary and hours serve as read.
    let recent = best.iter().find(|c| !settled(c) && trend.iter().any(|t| t.id == c.id)).unwrap();
    let (_, fresh) = cost(&client, dashboard(&app, *recent.id)).await;
    let paths: Vec<&str> = fresh.iter().map(|r| r.path.as_str()).collect();
    assert!(
        !paths.iter().any(|p| p.ends_with("/summary") || p.ends_with("/timeline")),
        "what the overview read a moment ago: {paths:?}"
    );
    drop(app);

    // Started again: what had settled is on disk.
    let again = session(&client, dir.path());
    let (_, restarted) = cost(&client, dashboard(&again, id)).await;
    assert_eq!(restarted.len(), 1, "the campaign alone: {restarted:?}");
    again.pace_background(Duration::from_millis(5));
    let (_, restarted) = cost(&client, whole_first_screen(&again)).await;
    assert_eq!(
        restarted.len(),
        1 + changing(&trend) + changing(&best),
        "the list, and what may still change: {restarted:?}"
    );
    service.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dashboard_reads_the_campaign_and_its_summary_once_and_no_page_past_a_short_one() {
    let dir = tempfile::tempdir().unwrap();
    let (service, client) = demo(dir.path()).await;
    let (_, best) = on_the_overview(&client).await;
    // Still changing: an automation, which sends all along.
    let automation = best.iter().find(|c| c.status == CampaignStatus::Subscribe).expect("the demo's automations");
    let id = *automation.id;
    let app = session(&client, dir.path());
    let (_, cold) = cost(&client, dashboard(&app, id)).await;
    let paths: Vec<&str> = cold.iter().map(|r| r.path.as_str()).collect();
    let count = |end: &str| paths.iter().filter(|p| p.ends_with(end)).count();
    assert_eq!((count(&format!("/campaigns/{id}")), count("/summary")), (1, 1), "{paths:?}");
    let opens = api::reports::events(
        &client,
        id,
        &api::reports::EventQuery {
            from: Some("2000-01-01 00:00:00".into()),
            to: Some("2100-01-01 00:00:00".into()),
            event_type: Some("OPENED".into()),
            ..Default::default()
        },
    )
    .unwrap()
    .page_size(1000)
    .collect_all()
    .await
    .unwrap()
    .len();
    served(&client).await;
    let opens_read = pages_asked(opens, 1000, 4);
    assert_eq!(count("/events"), opens_read + 1, "{opens} opens, and the bounces in one page: {paths:?}");
    assert_eq!(cold.len(), 8 + opens_read + 1, "{paths:?}");

    // Its figures may change, but not within a moment: the campaign, and
    // the events that came since they were counted.
    let (_, warm) = cost(&client, dashboard(&app, id)).await;
    assert_eq!(warm.len(), 3, "{warm:?}");
    service.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn counting_ahead_keeps_what_settled_so_dashboards_cost_the_campaign_and_again_it_reads_only_what_is_new() {
    let dir = tempfile::tempdir().unwrap();
    let (service, client) = demo(dir.path()).await;
    let (trend, best) = on_the_overview(&client).await;
    let sent = best.clone();
    let app = session(&client, dir.path());
    app.pace_background(Duration::from_millis(5));
    let (_, ahead) = cost(&client, reports::count_ahead(app.clone())).await;
    assert!(ahead.len() > 20, "the first time, the last campaigns counted and their figures read: {}", ahead.len());

    // A settled campaign counted ahead: its dashboard costs the campaign alone.
    let counted = sent.iter().take(5).find(|c| settled(c)).expect("a settled one among the last five");
    let (_, shown) = cost(&client, dashboard(&app, *counted.id)).await;
    assert_eq!(shown.len(), 1, "{shown:?}");
    // One still changing: its figures, and only the events since the count.
    let changing = sent.iter().take(5).find(|c| !settled(c)).unwrap();
    let (_, shown) = cost(&client, dashboard(&app, *changing.id)).await;
    let events = shown.iter().filter(|r| r.path.ends_with("/events")).count();
    assert_eq!((shown.len(), events), (8 + 2, 2), "one short page of opens and one of bounces: {shown:?}");
    // The overview's settled figures were filled in too.
    let (_, overview) = cost(&client, whole_first_screen(&app)).await;
    let still = trend.iter().chain(&best).filter(|c| !settled(c)).count();
    assert!(overview.len() <= 1 + still, "{overview:?}");
    drop(app);

    // Started again, counting ahead again reads only what may be new.
    let again = session(&client, dir.path());
    again.pace_background(Duration::from_millis(5));
    let (_, ahead) = cost(&client, reports::count_ahead(again.clone())).await;
    let changing = sent.iter().take(5).filter(|c| !settled(c)).count();
    assert_eq!(
        ahead.len(),
        1 + 2 * changing,
        "the list, then a page of opens and bounces of those still changing: {ahead:?}"
    );
    service.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_background_count_at_start_comes_one_request_at_a_time_never_in_a_burst() {
    let dir = tempfile::tempdir().unwrap();
    let (service, client) = demo(dir.path()).await;
    let app = session(&client, dir.path());
    served(&client).await;
    let started = std::time::Instant::now();
    let counting = tokio::spawn(reports::count_ahead(app.clone()));
    // Two turns and a half of the background's pace after it starts.
    tokio::time::sleep(Duration::from_secs(5) + reports::BACKGROUND_EVERY * 5 / 2).await;
    counting.abort();
    let seen = served(&client).await;
    let at: Vec<chrono::DateTime<chrono::FixedOffset>> =
        seen.iter().map(|r| chrono::DateTime::parse_from_rfc3339(&r.at).unwrap()).collect();
    assert!(!seen.is_empty() && seen.len() <= 3, "{:?} in {:?}: {seen:?}", seen.len(), started.elapsed());
    for pair in at.windows(2) {
        let apart = (pair[1] - pair[0]).to_std().unwrap();
        assert!(apart >= reports::BACKGROUND_EVERY - Duration::from_millis(50), "{apart:?} apart: {seen:?}");
    }
    assert!(reports::BACKGROUND_EVERY >= Duration::from_secs(6), "at most ten a minute");
    service.stop().await;
}
