//! The client against a sandbox that fails on purpose: 503s, dropped
//! connections and 429s, and answers that page wrongly (a start ignored,
//! more said to follow for ever). Faults are drawn from a fixed seed, so
//! each run sees the same ones.

use crate::common;

use campaign_desk_api::dialogs;
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, MemberQuery, NewMember};
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
        deadline: Duration::from_secs(10),
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
async fn legacy_reads_get_through_failures_and_dropped_connections_as_rest_reads_do() {
    let (_sandbox, client) = faulty(Faults { fail_rate: 0.25, drop_rate: 0.15, ..Faults::default() }).await;
    for n in 0..40 {
        let result = members::everywhere(&client, members::Everywhere::Unsubscribed, 0, 100).await;
        assert!(result.is_ok(), "read {n} failed: {result:?}");
    }
}

#[tokio::test]
async fn one_503_on_a_legacy_read_is_tried_again_and_one_on_a_legacy_write_is_not() {
    let faults = Faults {
        fail_next: vec!["lists.get_complaints".into(), "lists.unsubscribe_member".into()],
        ..Faults::default()
    };
    let (_sandbox, client) = faulty(faults).await;
    let read = members::everywhere(&client, members::Everywhere::Complained, 0, 100).await;
    assert!(read.as_ref().is_ok_and(Vec::is_empty), "{read:?}");
    let id = lists::create(&client, &NewList { name: "Once".into(), ..NewList::default() }).await.unwrap();
    members::add(
        &client,
        id,
        &NewMember { email: "a@example.com".into(), ..NewMember::default() },
        AddOptions::default(),
    )
    .await
    .unwrap();
    let write = members::unsubscribe_everywhere(&client, "a@example.com").await.unwrap_err();
    assert_eq!(write.status(), Some(503), "a write is never sent again by itself");
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

/// A walk that does not end in time fails the test instead of hanging it.
async fn ends<T>(walk: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(30), walk).await.expect("the walk ends")
}

/// A list of `n` subscribers.
async fn list_of(client: &Client, n: usize) -> i64 {
    let id = lists::create(client, &NewList { name: "Paged".into(), ..NewList::default() }).await.unwrap();
    let batch: Vec<NewMember> =
        (0..n).map(|i| NewMember { email: format!("m{i:02}@example.com"), ..NewMember::default() }).collect();
    members::add_batch(client, id, &batch, AddOptions::default()).await.unwrap();
    id
}

#[tokio::test]
async fn a_service_that_ignores_where_a_page_starts_is_read_once_and_reported_not_for_ever() {
    let (_sandbox, client) = faulty(Faults { ignore_offset: true, ..Faults::default() }).await;
    let id = list_of(&client, 23).await;
    let mut pager = members::list(&client, id, &MemberQuery::default()).page_size(10);
    let first = ends(pager.next_page()).await.unwrap().expect("the first page");
    assert_eq!(first.items.len(), 10);
    let err = ends(pager.next_page()).await.unwrap_err();
    assert!(matches!(err, Error::EndlessPaging { read: 10 }), "the repeat is reported, not an end: {err:?}");
    let walk = members::list(&client, id, &MemberQuery::default()).page_size(10).collect_all();
    let err = ends(walk).await.unwrap_err();
    assert!(matches!(err, Error::EndlessPaging { read: 10 }), "not 10 of 23 taken for the whole list: {err:?}");
}

#[tokio::test]
async fn a_service_that_always_says_more_is_read_to_its_first_short_page() {
    let (_sandbox, client) = faulty(Faults { has_more_forever: true, ..Faults::default() }).await;
    let id = list_of(&client, 23).await;
    let mut pager = members::list(&client, id, &MemberQuery::default()).page_size(10);
    let mut pages = Vec::new();
    while let Some(page) = ends(pager.next_page()).await.unwrap() {
        pages.push((page.items.len(), page.has_more));
    }
    assert_eq!(pages, [(10, true), (10, true), (3, false)], "a page short of its limit is the last");
}

#[tokio::test]
async fn both_lies_at_once_still_end() {
    let faults = Faults { ignore_offset: true, has_more_forever: true, ..Faults::default() };
    let (_sandbox, client) = faulty(faults).await;
    let id = list_of(&client, 23).await;
    let err = ends(members::list(&client, id, &MemberQuery::default()).page_size(10).collect_all()).await.unwrap_err();
    assert!(matches!(err, Error::EndlessPaging { read: 10 }), "{err:?}");
}

#[tokio::test]
async fn a_walk_that_reaches_its_ceiling_fails_and_says_how_far_it_read() {
    let (_sandbox, client) = faulty(Faults { has_more_forever: true, ..Faults::default() }).await;
    let id = list_of(&client, 23).await;
    let walk = members::list(&client, id, &MemberQuery::default()).page_size(5).at_most(15).collect_all();
    let err = ends(walk).await.unwrap_err();
    assert!(matches!(err, Error::EndlessPaging { read: 15 }), "{err:?}");
}

#[tokio::test]
async fn a_legacy_thread_that_always_answers_a_full_first_page_ends_reported() {
    let faults = Faults { ignore_offset: true, has_more_forever: true, ..Faults::default() };
    let config = sandbox::Config {
        clock_speed: 5_000_000.0,
        tick: Duration::from_millis(50),
        seed: 3,
        faults,
        ..sandbox::Config::new(common::KEY)
    };
    let (_sandbox, client) = common::serve(config).await;
    common::sent_campaign(&client, 2500).await;
    let dialog = dialogs::list(&client, &dialogs::DialogQuery::default()).await.unwrap();
    let dialog = dialog.first().expect("readers replied");
    let err = ends(dialogs::thread(&client, *dialog.id).page_size(200).collect_all()).await.unwrap_err();
    assert!(matches!(err, Error::EndlessPaging { read: 200 }), "the full page once, then the repeat reported: {err:?}");
}
