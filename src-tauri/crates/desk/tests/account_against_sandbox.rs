//! The account's page against the sandbox over loopback: money and limits,
//! a sender confirmed with the code the service mailed, a sending domain
//! added, checked and removed, webhooks set and removed; and every one of
//! those writes settled when its answer is lost, by reading back.

use desk::account::{self, AccountFailure, WebhookFor};
use desk::DeskError;

use crate::common::demo;
use crate::common::lost_answers as lost;
use crate::common::service;

const KEY: &str = "account-key";

/// The code the service mailed to `to`, read from the sandbox's outbox.
async fn mailed_code(session: &desk::Session, to: &str) -> String {
    let mail: Vec<serde_json::Value> =
        session.client().get(&["sandbox", "outbox"], &[]).await.unwrap().decode().unwrap();
    let body = mail.iter().find(|m| m["to"] == to).expect("a code was mailed")["body"].as_str().unwrap().to_string();
    body.chars().filter(char::is_ascii_digit).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sender_is_confirmed_with_the_mailed_code_and_a_wrong_code_says_so() {
    let (_service, session) = service::started(KEY).await;
    account::request_sender_code(&session, " news@shop.example ").await.unwrap();
    let senders = account::overview(&session).await.unwrap().senders;
    assert_eq!(senders.len(), 1);
    assert!(!senders[0].confirmed, "asked, not yet confirmed");

    let wrong = account::confirm_sender(&session, "news@shop.example", "000000").await;
    let code = mailed_code(&session, "news@shop.example").await;
    assert_ne!(code, "000000");
    assert_eq!(wrong, Err(DeskError::in_area(AccountFailure::CodeWrong)));
    account::confirm_sender(&session, "news@shop.example", &code).await.unwrap();
    let senders = account::overview(&session).await.unwrap().senders;
    assert!(senders[0].confirmed);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_demo_shows_the_code_its_service_mailed_and_a_real_account_never_reads_it() {
    let demo::Demo { desk: _desk, session, dir: _dir } = demo::open("account-code").await;
    assert_eq!(account::demo_mailed_code(&session, "team@northwind-cafe.com").await.unwrap(), None, "none mailed yet");
    account::request_sender_code(&session, "team@northwind-cafe.com").await.unwrap();
    let code = account::demo_mailed_code(&session, "Team@northwind-cafe.com").await.unwrap().expect("the code mailed");
    account::confirm_sender(&session, "team@northwind-cafe.com", &code).await.unwrap();

    let (_service, real) = service::started(KEY).await;
    account::request_sender_code(&real, "news@shop.example").await.unwrap();
    assert_eq!(account::demo_mailed_code(&real, "news@shop.example").await.unwrap(), None);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_domain_shows_its_records_is_verified_by_the_check_and_can_be_removed() {
    let (_service, session) = service::started(KEY).await;
    let added = account::add_domain(&session, "news@Shop.example").await.unwrap();
    assert_eq!(added.domain, "shop.example");
    assert!(!added.verified);
    let purposes: Vec<_> = added.records.iter().map(|r| r.purpose).collect();
    assert!(purposes.contains(&account::RecordPurpose::Spf) && purposes.contains(&account::RecordPurpose::Dkim));
    assert!(added.checked.is_none(), "never looked up yet");

    assert_eq!(
        account::add_domain(&session, "shop.example").await,
        Err(DeskError::in_area(AccountFailure::DomainTaken))
    );
    assert_eq!(account::add_domain(&session, "gmail.com").await, Err(DeskError::in_area(AccountFailure::DomainPublic)));
    assert_eq!(
        account::add_domain(&session, "not a domain").await,
        Err(DeskError::in_area(AccountFailure::DomainInvalid))
    );

    let checked = account::check_domains(&session).await.unwrap();
    let shop = checked.iter().find(|d| d.domain == "shop.example").unwrap();
    assert!(shop.verified && shop.checked.is_some());

    account::delete_domain(&session, "shop.example").await.unwrap();
    assert!(account::overview(&session).await.unwrap().domains.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_balance_says_money_and_limits() {
    let (_service, session) = service::started(KEY).await;
    let balance = account::overview(&session).await.unwrap().balance;
    assert_eq!(balance.currency.as_deref(), Some("RUB"));
    assert_eq!(balance.money, Some(0.0));
    assert_eq!(balance.subscriber_limit, None, "unlimited");
    assert!(balance.messages_left > 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn webhooks_list_every_event_of_both_kinds_and_are_set_and_removed() {
    let (_service, session) = service::started(KEY).await;
    let before = account::webhooks(&session).await.unwrap();
    assert!(before.mass.iter().any(|h| h.event == "unsub") && before.mass.iter().all(|h| h.url.is_empty()));
    assert!(before.transactional.iter().any(|h| h.event == "delivered"));

    account::set_webhook(&session, WebhookFor::Mass, "unsub", "https://hooks.shop.example/unsub").await.unwrap();
    account::set_webhook(&session, WebhookFor::Transactional, "dropped", "https://hooks.shop.example/t").await.unwrap();
    let set = account::webhooks(&session).await.unwrap();
    let url =
        |hooks: &[account::WebhookView], event: &str| hooks.iter().find(|h| h.event == event).unwrap().url.clone();
    assert_eq!(url(&set.mass, "unsub"), "https://hooks.shop.example/unsub");
    assert_eq!(url(&set.transactional, "dropped"), "https://hooks.shop.example/t");
    assert_eq!(url(&set.transactional, "unsub"), "", "kinds apart");

    account::delete_webhook(&session, WebhookFor::Mass, "unsub").await.unwrap();
    assert_eq!(url(&account::webhooks(&session).await.unwrap().mass, "unsub"), "");
}

/// A store of its own, served healthy and then losing every write's answer.
async fn store() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    (dir, db)
}

async fn serve(db: &std::path::Path, faults: sandbox::faults::Faults) -> sandbox::Running {
    let config = sandbox::Config { db: Some(db.to_path_buf()), faults, ..sandbox::Config::new(lost::KEY) };
    sandbox::start(config).await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_write_whose_answer_was_lost_is_read_back_and_settled() {
    let (_dir, db) = store().await;
    let healthy = serve(&db, Default::default()).await;
    account::request_sender_code(&lost::session(&healthy), "news@shop.example").await.unwrap();
    let code = mailed_code(&lost::session(&healthy), "news@shop.example").await;
    healthy.stop().await;

    let losing = serve(&db, lost::applied_then_dropped()).await;
    let session = lost::session(&losing);
    account::confirm_sender(&session, "news@shop.example", &code).await.expect("read back: confirmed");
    account::request_sender_code(&session, "sales@shop.example").await.expect("read back: asked");
    let added = account::add_domain(&session, "shop.example").await.expect("read back: added");
    assert_eq!(added.domain, "shop.example");
    assert!(!added.records.is_empty(), "the records come with the reading");
    account::delete_domain(&session, "shop.example").await.expect("read back: gone");
    account::set_webhook(&session, WebhookFor::Mass, "open", "https://hooks.shop.example/o")
        .await
        .expect("read back: set");
    account::delete_webhook(&session, WebhookFor::Mass, "open").await.expect("read back: removed");
    losing.stop().await;

    let healthy = serve(&db, Default::default()).await;
    let now = account::overview(&lost::session(&healthy)).await.unwrap();
    let senders: Vec<_> = now.senders.iter().map(|s| (s.email.as_str(), s.confirmed)).collect();
    assert_eq!(senders, [("news@shop.example", true), ("sales@shop.example", false)]);
    assert!(now.domains.is_empty());
    healthy.stop().await;

    // Cut off, nothing can be read back: the change is reported unknown.
    let cut = serve(&db, lost::dropped()).await;
    let outcome = account::add_domain(&lost::session(&cut), "other.example").await;
    assert!(
        matches!(outcome, Err(DeskError::OutcomeUnknown { .. }) | Err(DeskError::Unreachable { .. })),
        "{outcome:?}"
    );
}

/// A web server on loopback that answers one request with `answer`, and
/// hands back the request it got.
async fn one_answer(answer: &'static str) -> (String, tokio::task::JoinHandle<String>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hooks/unsub?token=secret", listener.local_addr().unwrap());
    let served = tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.unwrap();
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            let n = socket.read(&mut buf).await.unwrap();
            got.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&got).to_string();
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head
                    .lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap())
                    })
                    .unwrap_or(0usize);
                if body.len() >= length {
                    break;
                }
            }
        }
        socket.write_all(answer.as_bytes()).await.unwrap();
        socket.shutdown().await.ok();
        String::from_utf8_lossy(&got).to_string()
    });
    (url, served)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_test_delivery_posts_a_sample_event_and_shows_what_came_back() {
    let (url, served) = one_answer("HTTP/1.1 202 Accepted\r\nContent-Length: 14\r\n\r\nthanks,\nnoted\u{7}").await;
    let answer = account::test_webhook(WebhookFor::Mass, "unsub", &url).await.unwrap();
    assert_eq!(answer.status, 202);
    assert_eq!(answer.body, "thanks, noted", "lines joined, hidden characters gone");
    let request = served.await.unwrap();
    assert!(request.starts_with("POST /hooks/unsub?token=secret"), "{request}");
    let body: serde_json::Value = serde_json::from_str(request.split_once("\r\n\r\n").unwrap().1).unwrap();
    assert_eq!(
        (body["test"].clone(), body["event"].clone(), body["kind"].clone()),
        (true.into(), "unsub".into(), "mass".into())
    );

    // Nothing listens there: said, without the URL's secret.
    let closed = {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        listener.local_addr().unwrap()
    };
    match account::test_webhook(WebhookFor::Transactional, "send", &format!("http://{closed}/?token=secret")).await {
        Err(DeskError::Unreachable { detail, .. }) => assert!(!detail.contains("secret"), "{detail}"),
        other => panic!("unreachable, not {other:?}"),
    }
}
