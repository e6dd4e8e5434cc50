//! The desk against a service whose answers mislead: one that ignores where
//! a page starts, one that always says more follow, one that dates events
//! in the year 1. The inbox thread, the count of opens (started at every
//! account open), a row export and a dashboard each end, and stay small; a
//! read cut short by a repeated page says so instead of passing for whole.

use api::{ApiKey, Client};
use desk::codes::WorkspaceAction;
use desk::inbox::{self, DialogFilter, DialogQuery, ThreadEntry};
use desk::reports::{self, ChartTheme, RecipientReport, RowsExport, RowsExportRequest};
use desk::{Desk, DeskError, Session};
use sandbox::faults::Faults;
use std::path::Path;
use std::time::Duration;

use crate::common::chart_words;
use crate::common::cx::cx;
use crate::common::host;

const KEY: &str = "misreporting-key";

/// Work that does not end in time fails the test instead of hanging it.
async fn ends<T>(work: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(60), work).await.expect("it ends")
}

/// The demo business in the store `db` (seeded the first time), answering with `faults`.
async fn demo(db: &Path, faults: Faults) -> (sandbox::Running, Session) {
    let config = sandbox::Config { db: Some(db.into()), demo: true, faults, ..sandbox::Config::new(KEY) };
    let service = sandbox::start(config).await.expect("sandbox starts");
    let client = Client::new(&service.base_url(), ApiKey::new(KEY)).unwrap();
    (service, Session::for_client(client))
}

/// The demo's campaign sent to the most, read from a healthy service.
async fn biggest_campaign(db: &Path) -> reports::ReportCampaign {
    let (healthy, session) = demo(db, Faults::default()).await;
    let sent = reports::campaigns(&session).await.unwrap();
    healthy.stop().await;
    sent.into_iter().max_by_key(|c| c.sent).expect("the demo's campaigns")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thread_whose_pages_are_always_the_first_is_read_once_and_reported_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults { ignore_offset: true, has_more_forever: true, ..Faults::default() };
    let (_service, session) = demo(&dir.path().join("service.sqlite"), faults).await;
    let query = DialogQuery { filter: DialogFilter::All, limit: 20, ..DialogQuery::default() };
    let dialog = inbox::dialogs(&session, &query).await.unwrap().rows[0].id;
    let err = ends(inbox::thread(&session, dialog)).await.unwrap_err();
    assert_eq!(
        err,
        DeskError::EndlessPaging { action: desk::inbox::Action::LoadThread.into(), read: 200 },
        "one full page, then the repeat"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thread_whose_pages_are_always_full_shows_each_entry_once() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults { has_more_forever: true, ..Faults::default() };
    let (_service, session) = demo(&dir.path().join("service.sqlite"), faults).await;
    let query = DialogQuery { filter: DialogFilter::All, limit: 20, ..DialogQuery::default() };
    let dialog = inbox::dialogs(&session, &query).await.unwrap().rows[0].id;
    let thread = ends(inbox::thread(&session, dialog)).await.unwrap();
    let ids: Vec<i64> = thread
        .entries
        .iter()
        .map(|e| match e {
            ThreadEntry::Message(m) => m.id,
            ThreadEntry::Event { id, .. } => *id,
        })
        .collect();
    let mut once = ids.clone();
    once.sort_unstable();
    once.dedup();
    assert!(!ids.is_empty());
    assert_eq!(ids.len(), once.len(), "each entry once, read to the first empty page");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_count_of_opens_ends_when_the_service_always_says_more_and_fails_when_it_ignores_where_a_page_starts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let words = chart_words::russian();
    let id = biggest_campaign(&db).await.id;
    let healthy = {
        let (service, session) = demo(&db, Faults::default()).await;
        let details = reports::open_details(&session, id, ChartTheme::Light, &words, |_| ()).await.unwrap();
        service.stop().await;
        details
    };

    let (service, session) = demo(&db, Faults { has_more_forever: true, ..Faults::default() }).await;
    let counted = ends(reports::open_details(&session, id, ChartTheme::Light, &words, |_| ())).await.unwrap();
    assert_eq!(counted.openers, healthy.openers, "read to the first empty page: every open, once");
    service.stop().await;

    let (_service, session) = demo(&db, Faults { ignore_offset: true, ..Faults::default() }).await;
    let err = ends(reports::open_details(&session, id, ChartTheme::Light, &words, |_| ())).await.err();
    assert!(
        matches!(err, Some(DeskError::EndlessPaging { action, read: 1.. }) if action == desk::reports::Action::LoadReport.into()),
        "the first page, then the repeat reported, not a count of part of the opens: {err:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_row_export_ends_when_the_service_always_says_more_and_fails_when_it_ignores_where_a_page_starts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let sent = biggest_campaign(&db).await;
    let out = dir.path().join("exports");
    std::fs::create_dir_all(&out).unwrap();
    let desk = Desk::new(dir.path().join("app"), desk::secrets::Secrets::with_service("campaign-desk-misreport-test"));
    let target = out.clone();
    desk.set_host(host::picker(move |name: &str| Some(target.join(name))));
    let request = |name: &str| RowsExportRequest {
        campaign_id: sent.id,
        what: RowsExport::Recipients(RecipientReport::Sent),
        header: ["a", "b", "c", "d", "e", "f", "g"].map(String::from).to_vec(),
        name: name.to_string(),
        format: desk::export::TableFormat::Xlsx,
    };
    let rows = |name: &str| {
        use calamine::Reader;
        let mut book: calamine::Xlsx<_> = calamine::open_workbook(out.join(name)).unwrap();
        book.worksheet_range_at(0).unwrap().unwrap().rows().count() as i64
    };

    let (service, session) = demo(&db, Faults { has_more_forever: true, ..Faults::default() }).await;
    ends(reports::export_rows(&cx(&desk), &session, &request("more"), "more", |_| ())).await.unwrap().expect("saved");
    assert_eq!(rows("more.xlsx") - 1, sent.sent, "every recipient once, then the empty page ends it");
    service.stop().await;

    let (_service, session) = demo(&db, Faults { ignore_offset: true, ..Faults::default() }).await;
    let err = ends(reports::export_rows(&cx(&desk), &session, &request("first"), "first", |_| ())).await.unwrap_err();
    assert!(
        matches!(err, DeskError::EndlessPaging { action, read: 1.. } if action == WorkspaceAction::ExportReport.into()),
        "the first page, then the repeat reported, not a file cut short saved as whole: {err:?}"
    );
    let left: Vec<_> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["more.xlsx"], "nothing of the failed export is left");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dashboard_with_hours_dated_in_the_year_one_leaves_them_out_and_stays_small() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let id = biggest_campaign(&db).await.id;
    let (_service, session) = demo(&db, Faults { bad_timestamp: true, ..Faults::default() }).await;
    let view = ends(reports::dashboard(&session, id, ChartTheme::Light, &chart_words::russian())).await.unwrap();
    assert!(view.dropped_times > 0, "the misdated hours are counted");
    let points = view.activity.marks.len();
    assert!(points <= charts::tally::HOURLY_FOR + charts::tally::MOST_DAYS, "{points} points");
}
