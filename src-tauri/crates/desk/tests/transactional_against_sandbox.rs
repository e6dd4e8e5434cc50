//! Transactional mail against the sandbox over loopback: refused (code 34)
//! until the sender's domain is verified; then a message sent shows in the
//! log with its own id, its outcome is read, and the period's counts hold
//! it; a send whose answer was lost is found by its id, sent once.

use desk::account;
use desk::chart_view::ChartTheme;
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

/// The chart's words, in Russian as a Russian marketer reads them.
fn words() -> transactional::PeriodWords {
    transactional::PeriodWords {
        sent: "Отправлено".into(),
        delivered: "Доставлено".into(),
        opened: "Открыто".into(),
        clicked: "Переходы".into(),
        bounced: "Недоставлено".into(),
        complained: "Жалобы".into(),
        current: "Последние 7 дней".into(),
        previous: "7 дней до них".into(),
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

    let period = transactional::period(&session, 30, ChartTheme::Light, &words()).await.unwrap();
    assert_eq!(period.current.sent, 2);
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

#[tokio::test(flavor = "multi_thread")]
async fn files_go_with_a_message_as_they_are_when_it_is_sent_and_a_missing_one_sends_nothing() {
    let (_service, session) = service::started(KEY).await;
    verified(&session).await;
    let dir = tempfile::tempdir().unwrap();
    let invoice = dir.path().join("Счёт №42.pdf");
    let terms = dir.path().join("terms.txt");
    std::fs::write(&invoice, b"first version").unwrap();
    std::fs::write(&terms, vec![b'x'; 3000]).unwrap();
    let files = vec![
        transactional::grant_attachment(&session, invoice.clone()),
        transactional::grant_attachment(&session, terms.clone()),
    ];
    // Changed after it was picked: what goes is the file as it is at the send.
    std::fs::write(&invoice, vec![b'%'; 12_345]).unwrap();

    let sent =
        transactional::send(&session, &MessageForm { attachments: files.clone(), ..form("with-files") }).await.unwrap();
    let one = transactional::message_now(&session, &sent.transaction_id).await.unwrap();
    assert_eq!(one.files, ["Счёт №42.pdf", "terms.txt"], "in the order picked");

    // A picked file gone by the time of sending: said by name, and nothing is sent.
    std::fs::remove_file(&terms).unwrap();
    let logged = || async { transactional::log(&session, None, None, 0).await.unwrap().rows.len() };
    let sent_before = logged().await;
    match transactional::send(&session, &MessageForm { attachments: files, ..form("file-gone") }).await {
        Err(DeskError::InArea { failure, .. }) => {
            assert_eq!(failure["code"], "attachmentUnreadable", "{failure}");
            assert_eq!(failure["name"], "terms.txt");
        }
        other => panic!("the missing file named, not {other:?}"),
    }
    assert_eq!(logged().await, sent_before, "nothing went");

    // Together larger than a message carries: refused before anything is sent.
    let big = dir.path().join("catalogue.pdf");
    std::fs::File::create(&big).unwrap().set_len(transactional::ATTACHMENTS_MAX_BYTES + 1).unwrap();
    let big = vec![transactional::grant_attachment(&session, big)];
    match transactional::send(&session, &MessageForm { attachments: big, ..form("too-big") }).await {
        Err(DeskError::InArea { failure, .. }) => assert_eq!(failure["code"], "attachmentsTooLarge", "{failure}"),
        other => panic!("too large, not {other:?}"),
    }
    assert_eq!(logged().await, sent_before);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_period_is_counted_beside_the_one_before_it_and_drawn() {
    let (_service, session) = service::started(KEY).await;
    verified(&session).await;
    for n in 0..3 {
        transactional::send(&session, &form(&format!("period-{n}"))).await.unwrap();
    }
    let period = transactional::period(&session, 7, ChartTheme::Dark, &words()).await.unwrap();
    assert_eq!((period.days, period.current.sent, period.previous.sent), (7, 3, 0));
    let sent = period.chart.marks.iter().find(|m| m.label == "Отправлено").expect("the sent bars");
    let values: Vec<f64> = sent.values.iter().map(|v| v.value).collect();
    assert_eq!(values, [3.0, 0.0]);
    assert_eq!(
        period.chart.legend.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
        ["Последние 7 дней", "7 дней до них"]
    );
}
