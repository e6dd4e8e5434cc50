//! The app's rules for conditions and the service's agree: for any
//! subscribers and any conditions, the number the sandbox counts for them,
//! saved or sent as they are (as the app writes them, over HTTP on
//! loopback), is the number of rows the app's own rules find, the rules the
//! table and a change of many find subscribers by. A disagreement would
//! show one number and change another.

use api::members::{AddOptions, NewMember};
use desk::letter::{Segment, SegmentCondition, SegmentField, SegmentOp};
use desk::lists::{self, ListSegment, SegmentCount, SubscriberFilter, SubscriberQuery};
use desk::views::SubscriberState;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

const KEY: &str = "segment-rules-key";

const OPS: [SegmentOp; 8] = [
    SegmentOp::Is,
    SegmentOp::IsNot,
    SegmentOp::Contains,
    SegmentOp::NotContains,
    SegmentOp::Starts,
    SegmentOp::Ends,
    SegmentOp::Greater,
    SegmentOp::Less,
];

/// Values as subscribers' fields and conditions hold them: empty, text in
/// either case and script, numbers, dates, a space before a number.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[aAbBёЁzZ]{1,3}",
        (-12i32..12).prop_map(|n| n.to_string()),
        (0u8..20).prop_map(|n| format!("{}.5", n)),
        prop_oneof![Just("1990-05-01"), Just("2001-12-31"), Just(" 7"), Just("Club"), Just("CLUB"), Just("@MAIL")]
            .prop_map(str::to_string),
    ]
}

/// A subscriber: the start of their address and their first two fields.
fn subscriber() -> impl Strategy<Value = (String, String, String)> {
    ("[a-cA-C]{0,2}", value(), value())
}

fn condition() -> impl Strategy<Value = SegmentCondition> {
    let field = prop_oneof![Just(SegmentField::Email), Just(SegmentField::Field(1)), Just(SegmentField::Field(2))];
    (field, 0..OPS.len(), value()).prop_map(|(field, op, value)| SegmentCondition { field, op: OPS[op], value })
}

fn segment() -> impl Strategy<Value = Segment> {
    (any::<bool>(), prop::collection::vec(condition(), 1..4))
        .prop_map(|(match_all, conditions)| Segment { match_all, conditions })
}

/// One case: a new list of these subscribers, each condition set saved and
/// counted by the service, counted by the service as conditions, and its
/// rows found by the app.
async fn agree(
    session: &desk::Session,
    subscribers: &[(String, String, String)],
    segments: &[Segment],
) -> Result<(), TestCaseError> {
    let list = lists::create(session, &format!("Список {}", fastrand::u32(..))).await.unwrap();
    let members: Vec<NewMember> = subscribers
        .iter()
        .enumerate()
        .map(|(i, (start, first, second))| {
            let mut m = NewMember { email: format!("{start}{i}@mail.ru"), ..Default::default() };
            m.merges.set(1, first.as_str());
            m.merges.set(2, second.as_str());
            m
        })
        .collect();
    api::members::add_batch(session.client(), list, &members, AddOptions::default()).await.unwrap();
    for (n, segment) in segments.iter().enumerate() {
        let saved = lists::save_segment(session, list, &format!("Сегмент {n}"), segment).await.unwrap();
        let service = lists::count_segment(session, list, &ListSegment::Saved(saved.id)).await.unwrap().unwrap();
        let conditions =
            lists::count_segment(session, list, &ListSegment::Conditions(segment.clone())).await.unwrap().unwrap();
        prop_assert_eq!(&service, &conditions, "saved and sent as conditions: {:?}", segment);
        let filter = SubscriberFilter { list_id: list, conditions: Some(segment.clone()), ..Default::default() };
        let rows = lists::subscribers(session, &SubscriberQuery { filter, start: 0, limit: 100 }).await.unwrap().rows;
        let active = rows.iter().filter(|r| r.state == SubscriberState::Active).count() as u64;
        let app = SegmentCount { matching: rows.len() as u64, active: Some(active) };
        prop_assert_eq!(service, app, "{:?} over {:?}", segment, subscribers);
    }
    lists::delete(session, list).await.unwrap();
    Ok(())
}

#[test]
fn for_any_conditions_the_service_counts_what_the_apps_rules_keep() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let running = runtime.block_on(sandbox::start(sandbox::Config::new(KEY))).unwrap();
    let client = api::Client::new(&running.base_url(), api::ApiKey::new(KEY)).unwrap();
    let session = desk::Session::for_client(client);
    let cases = std::env::var("SEGMENT_RULE_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let strategy = (prop::collection::vec(subscriber(), 1..10), prop::collection::vec(segment(), 1..4));
    let result =
        runner.run(&strategy, |(subscribers, segments)| runtime.block_on(agree(&session, &subscribers, &segments)));
    if let Err(failure) = result {
        panic!("{failure}");
    }
}
