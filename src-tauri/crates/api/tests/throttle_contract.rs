//! The service's request limit from the client's side, against a sandbox on
//! loopback started with a limit (over a window of seconds rather than a
//! minute, so that waiting for a slot is quick): reads over the limit wait
//! as told and succeed, on either interface; a write over it is not sent
//! again and says how long to wait; the client's own budget keeps a burst
//! from being throttled at all, and background work leaves the user's
//! share of it alone. What the sandbox answered is read from its request log.

use crate::common;

use campaign_desk_api::dialogs::{self, DialogQuery};
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::sandbox::{self as only_sandbox, AnsweredRequest};
use campaign_desk_api::{account, Client, RequestBudget};
use futures_util::future::join_all;
use sandbox::{Config, Running};
use std::time::{Duration, Instant};

/// A sandbox allowing `per_window` requests per key every `window_seconds`,
/// and a client with no budget of its own (the loopback default).
async fn limited(per_window: u32, window_seconds: u64) -> (Running, Client) {
    common::serve(Config {
        rate_limit: Some(per_window),
        rate_window: Duration::from_secs(window_seconds),
        ..Config::new(common::KEY)
    })
    .await
}

async fn answered(client: &Client) -> Vec<AnsweredRequest> {
    only_sandbox::requests(client).await.expect("the sandbox's log is read whatever the limit")
}

#[tokio::test]
async fn a_burst_of_reads_over_the_limit_all_succeed_after_waiting() {
    let (_sandbox, client) = limited(4, 2).await;
    let started = Instant::now();
    let reads = join_all((0..8).map(|_| account::balance(&client))).await;
    for (n, read) in reads.iter().enumerate() {
        assert!(read.is_ok(), "read {n}: {read:?}");
    }
    let log = answered(&client).await;
    assert!(log.iter().any(AnsweredRequest::throttled), "the burst went over the limit: {log:?}");
    assert_eq!(log.iter().filter(|r| r.status == 200).count(), 8, "each read answered once: {log:?}");
    assert!(started.elapsed() >= Duration::from_secs(1), "waited: {:?}", started.elapsed());
}

#[tokio::test]
async fn a_write_over_the_limit_is_not_sent_again_and_says_how_long_to_wait() {
    let (_sandbox, client) = limited(2, 60).await;
    for _ in 0..2 {
        account::balance(&client).await.unwrap();
    }
    let started = Instant::now();
    let err = lists::create(&client, &NewList { name: "Later".into(), ..NewList::default() }).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2), "told at once, not waited: {:?}", started.elapsed());
    let seconds = err.throttled().unwrap_or_else(|| panic!("throttled: {err:?}"));
    assert!((58..=60).contains(&seconds), "{seconds}");
    assert_eq!((err.status(), err.code()), (Some(429), Some(58)));
    let writes: Vec<_> = answered(&client).await.into_iter().filter(|r| r.method == "POST").collect();
    assert_eq!(writes.len(), 1, "sent once: {writes:?}");
    assert!(writes[0].throttled());
}

#[tokio::test]
async fn a_read_on_the_legacy_interface_told_err_code_58_waits_and_succeeds() {
    let (_sandbox, client) = limited(2, 2).await;
    for _ in 0..2 {
        account::balance(&client).await.unwrap();
    }
    let started = Instant::now();
    let found = dialogs::list(&client, &DialogQuery::default()).await;
    assert!(found.is_ok(), "{found:?}");
    assert!(started.elapsed() >= Duration::from_millis(900), "waited: {:?}", started.elapsed());
    let legacy: Vec<_> = answered(&client).await.into_iter().filter(|r| r.interface == "legacy").collect();
    assert_eq!(legacy.len(), 2, "{legacy:?}");
    assert_eq!((legacy[0].status, legacy[0].code), (200, Some(58)), "throttled with HTTP 200");
    assert_eq!((legacy[1].status, legacy[1].code), (200, None), "then answered");
}

#[tokio::test]
async fn a_write_on_the_legacy_interface_told_err_code_58_comes_back_throttled() {
    let (_sandbox, client) = limited(2, 60).await;
    for _ in 0..2 {
        account::balance(&client).await.unwrap();
    }
    let err = dialogs::mark_read(&client, 1, None).await.unwrap_err();
    let seconds = err.throttled().unwrap_or_else(|| panic!("throttled: {err:?}"));
    assert!((58..=60).contains(&seconds), "the wait the legacy answer carries: {seconds}");
    assert_eq!((err.status(), err.code()), (Some(200), Some(58)));
    let legacy = answered(&client).await.into_iter().filter(|r| r.interface == "legacy").count();
    assert_eq!(legacy, 1, "not sent again");
}

#[tokio::test]
async fn the_client_s_own_budget_keeps_a_burst_from_ever_being_throttled() {
    let (_sandbox, client) = limited(4, 2).await;
    let client = client.with_budget(RequestBudget::per_minute(4).over(Duration::from_secs(2)));
    let started = Instant::now();
    let reads = join_all((0..10).map(|_| account::balance(&client))).await;
    for (n, read) in reads.iter().enumerate() {
        assert!(read.is_ok(), "read {n}: {read:?}");
    }
    let log = answered(&client).await;
    assert_eq!(log.len(), 10, "no request needed sending twice: {log:?}");
    assert!(!log.iter().any(AnsweredRequest::throttled), "{log:?}");
    assert!(started.elapsed() >= Duration::from_secs(4), "three windows' worth: {:?}", started.elapsed());
}

#[tokio::test]
async fn background_work_leaves_the_user_the_last_fifth_of_the_budget() {
    let (_sandbox, client) = limited(5, 3).await;
    let client = client.with_budget(RequestBudget::per_minute(5).over(Duration::from_secs(3)));
    let background = client.background();
    let burst = tokio::spawn(async move { join_all((0..5).map(|_| account::balance(&background))).await });
    let waited = Instant::now();
    while answered(&client).await.len() < 4 {
        assert!(waited.elapsed() < Duration::from_secs(2), "background sends four at once");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let started = Instant::now();
    account::balance(&client).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(1), "the user's request took the slot background left");
    assert_eq!(answered(&client).await.len(), 5, "the fifth background read still waits");
    for read in burst.await.unwrap() {
        read.unwrap();
    }
    assert!(!answered(&client).await.iter().any(AnsweredRequest::throttled));
}
