//! Counting a campaign's opens when the connection is lost in the middle:
//! what was read is kept, and the next count reads on from there.

use api::{ApiKey, Client, RetryPolicy};
use desk::reports::{self, ChartTheme};
use desk::Session;
use sandbox::faults::Faults;
use std::path::Path;
use std::time::Duration;

use crate::common::chart_words;

const KEY: &str = "faults-key";

/// The demo business (its year of opens spread over months) in the store `db`.
async fn demo(db: &Path, faults: Faults) -> sandbox::Running {
    let config = sandbox::Config { db: Some(db.into()), demo: true, faults, ..sandbox::Config::new(KEY) };
    sandbox::start(config).await.expect("sandbox starts")
}

/// A client that does not try again: a lost connection reaches the count.
fn impatient(service: &sandbox::Running) -> Client {
    let once = RetryPolicy { max_retries: 0, ..RetryPolicy::default() };
    Client::new(&service.base_url(), ApiKey::new(KEY)).unwrap().with_retry_policy(once)
}

/// The moment before which the kept count of opens is final, if any is kept.
fn kept_until(file: &Path) -> Option<String> {
    let kept: serde_json::Value = serde_json::from_slice(&std::fs::read(file).ok()?).ok()?;
    kept["counted"]["opens"]["until"].as_str().map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_count_cut_off_by_a_lost_connection_keeps_what_it_read_and_the_next_reads_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let kept = dir.path().join("counted");
    let words = chart_words::russian();
    let counting =
        |client| Session::for_client(client).with_report_lag(Duration::from_secs(1)).keeping_counts_in(kept.clone());

    // The network goes after the campaign, its summary and the first page
    // of its opens and of its bounces (a page each, side by side, before
    // more are read ahead): the opens' next pages never come.
    let id = {
        let healthy = demo(&db, Faults::default()).await;
        let sent = reports::campaigns(&Session::for_client(impatient(&healthy))).await.unwrap();
        healthy.stop().await;
        sent.iter().max_by_key(|c| c.sent).expect("the demo's campaigns").id
    };
    let first_pages = 2 + 1 + 1;
    let cut = demo(&db, Faults { down_after: Some(first_pages), ..Faults::default() }).await;
    let broken = reports::open_details(&counting(impatient(&cut)), id, ChartTheme::Light, &words, |_| ()).await;
    assert!(broken.is_err(), "the connection was lost mid-count");
    cut.stop().await;
    let file = kept.join(format!("{id}.json"));
    let read_before = kept_until(&file).expect("what was read before the connection went is kept");

    // Back on the network, after a restart: the count reads on from there.
    let service = demo(&db, Faults::default()).await;
    let shown =
        reports::open_details(&counting(impatient(&service)), id, ChartTheme::Light, &words, |_| ()).await.unwrap();
    let read_after = kept_until(&file).unwrap();
    assert!(read_after > read_before, "read on: {read_before} then {read_after}");
    let anew = reports::open_details(&Session::for_client(impatient(&service)), id, ChartTheme::Light, &words, |_| ())
        .await
        .unwrap();
    assert!(anew.openers.by_people > 0);
    assert_eq!(shown, anew, "nothing counted twice or left out");
}
