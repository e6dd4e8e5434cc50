//! A change of many against a live sandbox on loopback changes exactly what
//! the user confirmed: a subscriber who joins between the question and the
//! change is left alone and the user is asked again with the real number;
//! the count shown for conditions is the number the change finds; a close
//! waits while it runs; and when the app ends in its middle, the next
//! opening says what it did.

use desk::letter::{Segment, SegmentCondition, SegmentField, SegmentOp};
use desk::lists::{self, BulkAction, Chosen, ListSegment, ListsFailure, SubscriberFilter, SubscriberQuery};
use desk::work::UnderWay;
use desk::DeskError;
use std::sync::{Arc, Mutex};

use crate::common::cx::cx;

const KEY: &str = "many-confirmed-key";

fn session_at(running: &sandbox::Running) -> desk::Session {
    crate::common::service::session(running, KEY)
}

fn desk_in(dir: &tempfile::TempDir) -> desk::Desk {
    desk::Desk::new(dir.path().join("data"), desk::secrets::Secrets::with_service("campaign-desk-confirmed-test"))
}

/// Adds these addresses to the list, as a sign-up form or an import beside the change would.
async fn join(session: &desk::Session, list: i64, emails: impl IntoIterator<Item = String>) {
    let members: Vec<api::members::NewMember> =
        emails.into_iter().map(|email| api::members::NewMember { email, ..Default::default() }).collect();
    for batch in members.chunks(500) {
        api::members::add_batch(session.client(), list, batch, Default::default()).await.unwrap();
    }
}

fn guests(n: usize) -> impl Iterator<Item = String> {
    (0..n).map(|i| format!("guest{i:03}@zerno.ru"))
}

/// Every address in the list, in its order.
async fn emails(session: &desk::Session, list_id: i64) -> Vec<String> {
    let mut all = Vec::new();
    loop {
        let query: SubscriberQuery =
            serde_json::from_value(serde_json::json!({"listId": list_id, "start": all.len(), "limit": 500})).unwrap();
        let page = lists::subscribers(session, &query).await.unwrap();
        all.extend(page.rows.into_iter().map(|r| r.email));
        if !page.has_more {
            return all;
        }
    }
}

fn everyone(list_id: i64) -> SubscriberFilter {
    SubscriberFilter { list_id, ..SubscriberFilter::default() }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_subscriber_who_joins_after_the_question_is_not_changed_and_the_user_is_asked_again_with_the_real_number() {
    let running = sandbox::start(sandbox::Config::new(KEY)).await.unwrap();
    let session = session_at(&running);
    let list = lists::create(&session, "Клуб").await.unwrap();
    join(&session, list, guests(20)).await;
    let dir = tempfile::tempdir().unwrap();
    let desk = desk_in(&dir);
    let all = Chosen::Matching(everyone(list));

    // The user was asked "Delete 20 subscribers?"; Olga signs up before they answer.
    join(&session, list, ["olga@zerno.ru".to_string()]).await;
    let asked = lists::change_subscribers(&cx(&desk), &session, &all, BulkAction::Delete, 20, "first", |_| {}).await;
    assert_eq!(asked, Err(DeskError::in_area(ListsFailure::ChosenChanged { confirmed: 20, found: 21 })));
    assert_eq!(emails(&session, list).await.len(), 21, "nothing was deleted");

    // Asked again, they confirm 21; Pavel signs up before the change runs.
    join(&session, list, ["pavel@zerno.ru".to_string()]).await;
    let outcome =
        lists::change_subscribers(&cx(&desk), &session, &all, BulkAction::Delete, 21, "second", |_| {}).await.unwrap();
    assert_eq!((outcome.done, outcome.failed, outcome.cancelled), (21, 0, false), "{outcome:?}");
    assert_eq!(emails(&session, list).await, ["pavel@zerno.ru"], "only those confirmed were deleted");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_count_shown_for_conditions_is_the_number_a_change_of_them_is_made_to() {
    let running = sandbox::start(sandbox::Config::new(KEY)).await.unwrap();
    let session = session_at(&running);
    let list = lists::create(&session, "Клуб").await.unwrap();
    join(&session, list, guests(30)).await;
    let guest01 = Segment {
        match_all: true,
        conditions: vec![SegmentCondition {
            field: SegmentField::Email,
            op: SegmentOp::Starts,
            value: "GUEST01".into(),
        }],
    };
    let shown = lists::count_segment(&session, list, &ListSegment::Conditions(guest01.clone())).await.unwrap().unwrap();
    assert_eq!(shown.matching, 10);
    let dir = tempfile::tempdir().unwrap();
    let desk = desk_in(&dir);
    let which = Chosen::Matching(SubscriberFilter { conditions: Some(guest01), ..everyone(list) });
    let outcome =
        lists::change_subscribers(&cx(&desk), &session, &which, BulkAction::Unsubscribe, shown.matching, "t", |_| {})
            .await
            .unwrap();
    assert_eq!((outcome.done, outcome.failed), (10, 0), "{outcome:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn closing_the_window_or_updating_waits_while_a_change_of_many_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (list, slow) = guests_behind_a_slow_service(&dir, 40, 30).await;
    let session = session_at(&slow);
    let desk = Arc::new(desk_in(&dir));
    let told = Arc::new(Mutex::new(Vec::new()));
    let heard = told.clone();
    desk::closing::watch_close(&cx(&desk), Arc::new(move |under_way| heard.lock().unwrap().push(under_way)));

    let (went, mut going) = tokio::sync::watch::channel(0);
    let change = tokio::spawn({
        let (desk, session) = (desk.clone(), session.clone());
        async move {
            let all = Chosen::Matching(everyone(list));
            lists::change_subscribers(&cx(&desk), &session, &all, BulkAction::Unsubscribe, 40, "t", |p| {
                went.send_replace(p.done);
            })
            .await
        }
    });
    going.wait_for(|done| *done > 0).await.unwrap();
    assert!(!desk::closing::close_requested(&desk), "the close waits for the change");
    assert!(!desk::closing::exit_requested(&desk), "and a quit");
    let waiting = desk::updates::restart_app(&cx(&desk));
    assert!(
        matches!(&waiting, Err(DeskError::InArea { area, failure })
            if area == "updates" && failure["code"] == "waitsForWork" && failure["underWay"]["changes"] == 1),
        "{waiting:?}"
    );
    assert_eq!(told.lock().unwrap()[0], UnderWay { changes: 1, ..UnderWay::default() }, "the page is told what runs");

    let outcome = change.await.unwrap().unwrap();
    assert_eq!(outcome.done, 40);
    assert!(desk::closing::close_requested(&desk), "nothing runs any more");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_the_apps_end_interrupts_says_at_the_next_opening_what_it_did() {
    let dir = tempfile::tempdir().unwrap();
    let (list, slow) = guests_behind_a_slow_service(&dir, 200, 20).await;
    let journals = dir.path().join("changes");
    let session = session_at(&slow).keeping_changes_in(journals.clone());
    let desk = Arc::new(desk_in(&dir));

    // The app ends in the change's middle: its work stops where it is.
    let (went, mut going) = tokio::sync::watch::channel(0);
    let change = tokio::spawn({
        let (desk, session) = (desk.clone(), session.clone());
        async move {
            let all = Chosen::Matching(everyone(list));
            lists::change_subscribers(&cx(&desk), &session, &all, BulkAction::Delete, 200, "t", |p| {
                went.send_replace(p.done);
            })
            .await
        }
    });
    going.wait_for(|done| *done >= 20).await.unwrap();
    change.abort();
    let _ = change.await;
    assert!(lists::interrupted_changes(&session).is_empty(), "not said while the app that ran it runs");

    // The next opening of the account.
    let reopened = session_at(&slow).keeping_changes_in(journals);
    let found = lists::interrupted_changes(&reopened);
    assert_eq!(found.len(), 1, "{found:?}");
    let interrupted = &found[0];
    assert_eq!((interrupted.total, interrupted.list_id, interrupted.action), (200, list, BulkAction::Delete));
    assert!(interrupted.done >= 20 && interrupted.done < 200, "{interrupted:?}");
    let left = emails(&reopened, list).await;
    assert!(interrupted.done_emails.iter().all(|e| !left.contains(e)), "what it says was deleted is gone");
    let gone = 200 - left.len() as u64;
    assert!(
        gone >= interrupted.done && gone <= interrupted.done + 4,
        "beyond what it says, at most the few in flight went: {gone} gone, {} said",
        interrupted.done
    );
    lists::dismiss_interrupted_change(&reopened, &interrupted.id).unwrap();
    assert!(lists::interrupted_changes(&session_at(&slow).keeping_changes_in(dir.path().join("changes"))).is_empty());
}

/// A list "Клуб" of `n` guests, made quickly, then the same service
/// answering each request `latency_ms` late, so a change of many is caught
/// in its middle.
async fn guests_behind_a_slow_service(dir: &tempfile::TempDir, n: usize, latency_ms: u64) -> (i64, sandbox::Running) {
    let db = dir.path().join("service.sqlite");
    let config = |faults| sandbox::Config { db: Some(db.clone()), faults, ..sandbox::Config::new(KEY) };
    let clean = sandbox::start(config(Default::default())).await.unwrap();
    let session = session_at(&clean);
    let list = lists::create(&session, "Клуб").await.unwrap();
    join(&session, list, guests(n)).await;
    clean.stop().await;
    let latency = std::time::Duration::from_millis(latency_ms);
    (list, sandbox::start(config(sandbox::faults::Faults { latency, ..Default::default() })).await.unwrap())
}
