//! Transactional mail against the sandbox over loopback: refused (code 34)
//! until the sender's domain is verified; then a message sent shows in the
//! log with its own id, its outcome is read, and the period's counts hold
//! it; a send whose answer was lost is found by its id, sent once.

use desk::account;
use desk::transactional::{self, MessageForm, MessageOutcome};
use desk::DeskError;

use crate::common::lost_answers as lost;
use crate::common::service;

const KEY: &str = "transactional-key";

fn form(message_id: &str) -> MessageForm {
    MessageForm {
        to: "anna@example.com".into(),
        from_email: "orders@shop.example".into(),
        from_name: "Кофейня".into(),
        subject: "Заказ №42 принят".into(),
        html: "<p>Спасибо!</p>".into(),
        message_id: message_id.into(),
        ..MessageForm::default()
    }
}

async fn verified(session: &desk::Session) {
    account::add_domain(session, "shop.example").await.unwrap();
    account::check_domains(session).await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn refused_until_the_domain_is_verified_then_sent_logged_and_counted() {
    let (_service, session) = service::started(KEY).await;
    match transactional::log(&session, None, None, 0).await {
        Err(DeskError::Refused { service_code: 34, .. }) => {}
        other => panic!("code 34 before a verified domain, not {other:?}"),
    }
    verified(&session).await;

    let sent = transactional::send(&session, &form("order-42")).await.unwrap();
    assert_eq!(sent.message_id, "order-42");
    let mine = transactional::send(&session, &form("")).await.unwrap();
    assert!(mine.message_id.starts_with("desk-"), "an id of its own: {}", mine.message_id);

    let log = transactional::log(&session, Some(" anna@example.com "), None, 0).await.unwrap();
    let ids: Vec<&str> = log.rows.iter().map(|r| r.message_id.as_str()).collect();
    assert_eq!(ids, [mine.message_id.as_str(), "order-42"], "newest first");
    assert_eq!(log.rows[1].subject, "Заказ №42 принят");
    assert!(log.rows[1].sent_at.is_some());
    assert!(transactional::log(&session, Some("boris@example.com"), None, 0).await.unwrap().rows.is_empty());

    // Narrowed to one outcome: only messages it became of, the others left out.
    let outcome = log.rows[0].outcome;
    let narrowed = transactional::log(&session, None, Some(outcome), 0).await.unwrap();
    assert!(!narrowed.rows.is_empty() && narrowed.rows.iter().all(|r| r.outcome == outcome), "{narrowed:?}");
    let other = if outcome == MessageOutcome::Bounced { MessageOutcome::Opened } else { MessageOutcome::Bounced };
    assert!(transactional::log(&session, None, Some(other), 0).await.unwrap().rows.iter().all(|r| r.outcome == other));

    let one = transactional::message_now(&session, &sent.transaction_id).await.unwrap();
    assert_eq!(one.message_id, "order-42");
    assert_ne!(one.outcome, MessageOutcome::Unknown);

    let stats = transactional::stats(&session, 30).await.unwrap();
    assert_eq!(stats.sent, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_send_whose_answer_was_lost_is_found_by_its_id_and_made_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let serve =
        |faults| sandbox::start(sandbox::Config { db: Some(db.clone()), faults, ..sandbox::Config::new(lost::KEY) });
    let healthy = serve(Default::default()).await.unwrap();
    verified(&lost::session(&healthy)).await;
    healthy.stop().await;

    let losing = serve(lost::applied_then_dropped()).await.unwrap();
    let sent = transactional::send(&lost::session(&losing), &form("")).await.expect("found by its id");
    losing.stop().await;

    let healthy = serve(Default::default()).await.unwrap();
    let log = transactional::log(&lost::session(&healthy), None, None, 0).await.unwrap();
    let ids: Vec<(&str, &str)> = log.rows.iter().map(|r| (r.transaction_id.as_str(), r.message_id.as_str())).collect();
    assert_eq!(ids, [(sent.transaction_id.as_str(), sent.message_id.as_str())], "sent once");
}
