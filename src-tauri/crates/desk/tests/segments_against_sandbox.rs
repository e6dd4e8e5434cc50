//! A list's segments against a live sandbox: conditions counted and the
//! table's rows found for them page by page without walking the list again,
//! saved segments made, applied, renamed and deleted (also when every
//! answer is lost), and a service without saved segments.

use api::members::{AddOptions, NewMember};
use api::{ApiKey, Client};
use desk::letter::{Segment, SegmentCondition, SegmentField, SegmentOp};
use desk::lists::{self, ListSegment, SubscriberFilter, SubscriberQuery};
use desk::{DeskError, Session};

const KEY: &str = "segments-key";

async fn serve(config: sandbox::Config) -> (sandbox::Running, Client, Session) {
    let running = sandbox::start(config).await.expect("sandbox starts");
    let client = Client::new(&running.base_url(), ApiKey::new(KEY)).unwrap();
    (running, client.clone(), Session::for_client(client))
}

/// A list of `size` members in which every fourth is in the club
/// (`merge_1`, written in any case).
async fn club_list(client: &Client, size: usize) -> i64 {
    let list = api::lists::NewList { name: "Клуб".into(), ..Default::default() };
    let id = api::lists::create(client, &list).await.unwrap();
    let members: Vec<NewMember> = (0..size)
        .map(|n| {
            let mut m = NewMember { email: format!("reader{n:04}@mail.ru"), ..Default::default() };
            m.merges.set(
                1,
                if n % 4 == 3 {
                    if n % 8 == 3 {
                        "Club"
                    } else {
                        "CLUB"
                    }
                } else {
                    "guest"
                },
            );
            m
        })
        .collect();
    for chunk in members.chunks(1000) {
        api::members::add_batch(client, id, chunk, AddOptions::default()).await.unwrap();
    }
    id
}

fn club() -> Segment {
    Segment {
        match_all: true,
        conditions: vec![SegmentCondition { field: SegmentField::Field(1), op: SegmentOp::Is, value: "club".into() }],
    }
}

fn page(list_id: i64, start: u64, conditions: Option<Segment>) -> SubscriberQuery {
    SubscriberQuery {
        filter: SubscriberFilter { list_id, conditions, ..SubscriberFilter::default() },
        start,
        limit: 100,
    }
}

#[tokio::test]
async fn conditions_are_counted_and_their_rows_found_page_by_page_each_page_one_request() {
    let (_running, client, session) = serve(sandbox::Config::new(KEY)).await;
    let list_id = club_list(&client, 1200).await;
    api::sandbox::forget_requests(&client).await.unwrap();
    let count = lists::count_segment(&session, list_id, &ListSegment::Conditions(club())).await.unwrap();
    assert_eq!(count, Some(lists::SegmentCount { matching: 300, active: Some(300) }));
    let asked = api::sandbox::requests(&client).await.unwrap();
    assert_eq!(
        asked.iter().map(|r| r.path.as_str()).collect::<Vec<_>>(),
        ["/v2/segments/count"],
        "conditions are counted by the service in one request, not by reading the list's three pages: {asked:?}"
    );

    let mut found = Vec::new();
    for start in [0, 100, 200] {
        api::sandbox::forget_requests(&client).await.unwrap();
        let rows = lists::subscribers(&session, &page(list_id, start, Some(club()))).await.unwrap();
        let asked = api::sandbox::requests(&client).await.unwrap();
        assert_eq!(asked.len(), 1, "page at {start} starts where the page before it stopped: {asked:?}");
        assert_eq!(rows.start, start);
        assert_eq!(rows.has_more, start < 200, "the last page says so");
        found.extend(rows.rows.into_iter().map(|r| r.email));
    }
    let expected: Vec<String> = (0..1200).filter(|n| n % 4 == 3).map(|n| format!("reader{n:04}@mail.ru")).collect();
    assert_eq!(found, expected, "every match once, in the list's order");

    // Read again from the top, the walk starts anew: a member who joined the
    // club since is found.
    let mut changes = api::members::MemberChanges::default();
    changes.merges.set(1, "club");
    api::members::update(&client, list_id, "reader0000@mail.ru", &changes).await.unwrap();
    let first = lists::subscribers(&session, &page(list_id, 0, Some(club()))).await.unwrap();
    assert_eq!(first.rows[0].email, "reader0000@mail.ru");

    // No condition narrows nothing: the service's own paging.
    let none = Segment { match_all: true, conditions: vec![] };
    let everyone = lists::subscribers(&session, &page(list_id, 1100, Some(none))).await.unwrap();
    assert_eq!((everyone.rows.len(), everyone.has_more), (100, false));
}

#[tokio::test]
async fn a_saved_segment_is_listed_applied_renamed_changed_and_deleted() {
    let (_running, client, session) = serve(sandbox::Config::new(KEY)).await;
    let list_id = club_list(&client, 40).await;
    assert!(matches!(lists::save_segment(&session, list_id, "  ", &club()).await, Err(DeskError::Required { .. })));
    let empty = Segment { match_all: false, conditions: vec![] };
    assert!(matches!(lists::save_segment(&session, list_id, "Пусто", &empty).await, Err(DeskError::Required { .. })));

    let saved = lists::save_segment(&session, list_id, " Клубные ", &club()).await.unwrap();
    assert_eq!((saved.name.as_str(), saved.list_id, saved.segment.as_ref()), ("Клубные", list_id, Some(&club())));
    let listed = lists::saved_segments(&session, Some(list_id)).await.unwrap();
    assert!(listed.offered);
    assert_eq!(listed.segments, vec![saved.clone()]);

    let in_segment = SubscriberQuery {
        filter: SubscriberFilter { list_id, segment_id: Some(saved.id), ..SubscriberFilter::default() },
        ..page(list_id, 0, None)
    };
    let rows = lists::subscribers(&session, &in_segment).await.unwrap().rows;
    assert_eq!(rows.len(), 10);
    let count = lists::count_segment(&session, list_id, &ListSegment::Saved(saved.id)).await.unwrap().unwrap();
    assert_eq!(count.matching, 10);

    let renamed = lists::edit_segment(&session, saved.id, Some("Клуб"), None).await.unwrap();
    assert_eq!((renamed.name.as_str(), renamed.segment.as_ref()), ("Клуб", Some(&club())));
    let guests = Segment {
        match_all: true,
        conditions: vec![SegmentCondition { value: "guest".into(), ..club().conditions[0].clone() }],
    };
    let changed = lists::edit_segment(&session, saved.id, None, Some(&guests)).await.unwrap();
    assert_eq!(changed.segment, Some(guests));
    let count = lists::count_segment(&session, list_id, &ListSegment::Saved(saved.id)).await.unwrap().unwrap();
    assert_eq!(count.matching, 30);

    lists::delete_segment(&session, saved.id).await.unwrap();
    assert!(lists::saved_segments(&session, None).await.unwrap().segments.is_empty());
    let err = lists::delete_segment(&session, saved.id).await.unwrap_err();
    assert!(matches!(err, DeskError::Refused { service_code: 4, status: 404, .. }), "{err:?}");
}

#[tokio::test]
async fn saving_renaming_and_deleting_are_settled_when_every_answer_is_lost() {
    let store = tempfile::tempdir().unwrap();
    let db = store.path().join("service.sqlite");
    let (healthy, client, _) = serve(sandbox::Config { db: Some(db.clone()), ..sandbox::Config::new(KEY) }).await;
    let list_id = club_list(&client, 8).await;
    healthy.stop().await;
    let faults = sandbox::faults::Faults { applied_drop_rate: 1.0, ..Default::default() };
    let (_lossy, _, session) = serve(sandbox::Config { db: Some(db), faults, ..sandbox::Config::new(KEY) }).await;

    let saved = lists::save_segment(&session, list_id, "Клуб", &club()).await.expect("made, read back");
    let all = lists::saved_segments(&session, Some(list_id)).await.unwrap().segments;
    assert_eq!(all.iter().map(|s| s.id).collect::<Vec<_>>(), vec![saved.id], "exactly one, not lost, not doubled");
    let renamed = lists::edit_segment(&session, saved.id, Some("Клуб+"), None).await.expect("renamed, read back");
    assert_eq!(renamed.name, "Клуб+");
    lists::delete_segment(&session, saved.id).await.expect("deleted, read back");
    assert!(lists::saved_segments(&session, None).await.unwrap().segments.is_empty());
}

#[tokio::test]
async fn a_service_without_saved_segments_says_so_and_conditions_still_filter() {
    let config = sandbox::Config { contract_only: true, ..sandbox::Config::new(KEY) };
    let (_running, client, session) = serve(config).await;
    let list_id = club_list(&client, 40).await;
    let saved = lists::saved_segments(&session, Some(list_id)).await.unwrap();
    assert!(!saved.offered && saved.segments.is_empty());
    let counted = lists::count_segment(&session, list_id, &ListSegment::Conditions(club())).await.unwrap();
    assert_eq!(
        counted,
        Some(lists::SegmentCount { matching: 10, active: Some(10) }),
        "counted here, by the rules the rows are found by"
    );
    let err = lists::save_segment(&session, list_id, "Клуб", &club()).await.unwrap_err();
    assert!(matches!(err, DeskError::NotOffered { .. }), "{err:?}");
    let rows = lists::subscribers(&session, &page(list_id, 0, Some(club()))).await.unwrap();
    assert_eq!(rows.rows.len(), 10, "the rows are found here, whatever the service keeps");
}
