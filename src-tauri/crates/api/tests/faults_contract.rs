//! The client against a sandbox that fails on purpose: 503s, dropped
//! connections and 429s. Faults are drawn from a fixed seed, so each run
//! sees the same ones.

mod common;

use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::{ApiKey, Client, Error, RetryPolicy};
use sandbox::faults::Faults;
use std::time::Duration;

async fn faulty(faults: Faults) -> (sandbox::Running, Client) {
    let running = sandbox::start(sandbox::Config { faults, seed: 11, ..sandbox::Config::new(common::KEY) })
        .await
        .expect("sandbox starts");
    let retry = RetryPolicy {
        max_retries: 6,
        base_delay: Duration::from_millis(5),
        max_delay: Duration::from_millis(20),
        max_retry_after: Duration::from_secs(1),
    };
    let client = Client::new(&running.base_url(), ApiKey::new(common::KEY)).unwrap().with_retry_policy(retry);
    (running, client)
}

#[tokio::test]
async fn reads_get_through_failures_and_dropped_connections() {
    let (_sandbox, client) = faulty(Faults { fail_rate: 0.25, drop_rate: 0.15, ..Faults::default() }).await;
    for n in 0..40 {
        let result = lists::list(&client, None).await;
        assert!(result.is_ok(), "read {n} failed: {result:?}");
    }
}

#[tokio::test]
async fn reads_wait_out_429s() {
    let (_sandbox, client) = faulty(Faults { throttle_rate: 0.4, retry_after: 0, ..Faults::default() }).await;
    for _ in 0..20 {
        lists::list(&client, None).await.unwrap();
    }
}

#[tokio::test]
async fn a_dropped_write_is_reported_as_maybe_applied_not_repeated() {
    let (_sandbox, client) = faulty(Faults { drop_rate: 1.0, ..Faults::default() }).await;
    let err = lists::create(&client, &NewList { name: "Once".into(), ..NewList::default() }).await.unwrap_err();
    assert!(matches!(err, Error::OutcomeUnknown(_)), "{err:?}");
}

#[tokio::test]
async fn a_write_applied_before_the_connection_dropped_is_there_once() {
    let (_sandbox, client) = faulty(Faults { applied_drop_rate: 1.0, ..Faults::default() }).await;
    let err = lists::create(&client, &NewList { name: "Applied".into(), ..NewList::default() }).await.unwrap_err();
    assert!(matches!(err, Error::OutcomeUnknown(_)), "{err:?}");
    let named: Vec<_> = lists::list(&client, None).await.unwrap().into_iter().filter(|l| l.name == "Applied").collect();
    assert_eq!(named.len(), 1, "applied once, not repeated");
}

#[tokio::test]
async fn once_the_network_is_gone_every_request_fails_however_often_it_is_tried() {
    let (_sandbox, client) = faulty(Faults { down_after: Some(3), ..Faults::default() }).await;
    for _ in 0..3 {
        lists::list(&client, None).await.unwrap();
    }
    for _ in 0..2 {
        assert!(lists::list(&client, None).await.is_err(), "gone for good");
    }
}

#[tokio::test]
async fn a_failed_write_reports_the_503() {
    let (_sandbox, client) = faulty(Faults { fail_rate: 1.0, ..Faults::default() }).await;
    let err = lists::create(&client, &NewList { name: "Once".into(), ..NewList::default() }).await.unwrap_err();
    assert_eq!(err.status(), Some(503));
}

#[tokio::test]
async fn latency_is_added_to_every_answer() {
    let (_sandbox, client) = faulty(Faults { latency: Duration::from_millis(120), ..Faults::default() }).await;
    let started = std::time::Instant::now();
    lists::list(&client, None).await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(120), "{:?}", started.elapsed());
}
