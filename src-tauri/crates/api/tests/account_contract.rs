//! The account area and transactional mail against a live sandbox: senders
//! and their confirmation, sending domains and their check, webhooks with
//! event validation, the subscriber cap, and transactional mail gated on a
//! verified domain.

use crate::common;

use campaign_desk_api::account::{self, WebhookKind};
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, NewMember};
use campaign_desk_api::transactional::{self, Message};
use campaign_desk_api::{ApiKey, Client};
use std::time::Duration;

#[tokio::test]
async fn a_sender_is_confirmed_with_the_code_the_service_mails() {
    let (_sandbox, client) = common::sandbox().await;
    account::request_sender_code(&client, "news@shop.example").await.unwrap();
    let senders = account::senders(&client).await.unwrap();
    assert_eq!((senders[0].email.as_str(), *senders[0].confirmed), ("news@shop.example", false));
    assert_eq!(account::confirm_sender(&client, "news@shop.example", "000000x").await.unwrap_err().code(), Some(52));
    let outbox = client.get(&["sandbox", "outbox"], &[]).await.unwrap().data;
    let body = outbox[0]["body"].as_str().unwrap();
    let code: String = body.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(code.len(), 6, "{body}");
    account::confirm_sender(&client, "news@shop.example", &code).await.unwrap();
    assert!(*account::senders(&client).await.unwrap()[0].confirmed);
    assert_eq!(account::request_sender_code(&client, "not an address").await.unwrap_err().code(), Some(6));
}

#[tokio::test]
async fn domains_get_records_to_publish_and_a_check_that_sets_valid() {
    let (_sandbox, client) = common::sandbox().await;
    let added = account::add_domain(&client, "shop.example").await.unwrap();
    assert!(!*added.valid);
    assert!(added.records.iter().any(|r| r.kind == "TXT" && r.host == "mail._domainkey.shop.example"));
    assert_eq!(account::add_domain(&client, "shop.example").await.unwrap_err().code(), Some(56));
    assert_eq!(account::add_domain(&client, "not a domain").await.unwrap_err().code(), Some(54));
    assert_eq!(account::add_domain(&client, "gmail.com").await.unwrap_err().code(), Some(55));
    account::add_domain(&client, "never.invalid").await.unwrap();
    let checked = account::check_domains(&client).await.unwrap();
    let valid: Vec<(&str, bool)> = checked.iter().map(|d| (d.domain.as_str(), *d.valid)).collect();
    assert_eq!(valid, [("never.invalid", false), ("shop.example", true)]);
    account::delete_domain(&client, "never.invalid").await.unwrap();
    assert_eq!(account::delete_domain(&client, "never.invalid").await.unwrap_err().code(), Some(4));
}

#[tokio::test]
async fn webhooks_take_only_their_own_events_one_url_each() {
    let (_sandbox, client) = common::sandbox().await;
    account::set_webhook(&client, WebhookKind::Mass, "open", "https://hooks.example/open").await.unwrap();
    account::set_webhook(&client, WebhookKind::Mass, "open", "https://hooks.example/open2").await.unwrap();
    let err =
        account::set_webhook(&client, WebhookKind::Mass, "delivered", "https://hooks.example/d").await.unwrap_err();
    assert_eq!(err.code(), Some(53), "delivered is a transactional event");
    account::set_webhook(&client, WebhookKind::Transactional, "delivered", "https://hooks.example/d").await.unwrap();
    let err = account::set_webhook(&client, WebhookKind::Transactional, "subscribe", "https://hooks.example/s")
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(53));
    assert_eq!(
        account::set_webhook(&client, WebhookKind::Mass, "click", "ftp://x").await.unwrap_err().status(),
        Some(422)
    );
    let mass = account::webhooks(&client, WebhookKind::Mass).await.unwrap();
    assert_eq!((mass.len(), mass[0].url.as_str()), (1, "https://hooks.example/open2"));
    assert_eq!(account::webhooks(&client, WebhookKind::Transactional).await.unwrap()[0].event, "delivered");
    account::delete_webhook(&client, WebhookKind::Mass, "open").await.unwrap();
    assert!(account::webhooks(&client, WebhookKind::Mass).await.unwrap().is_empty());
    assert_eq!(account::delete_webhook(&client, WebhookKind::Mass, "open").await.unwrap_err().code(), Some(4));
}

#[tokio::test]
async fn the_subscriber_cap_is_enforced() {
    let running =
        sandbox::start(sandbox::Config { limit_members: Some(3), ..sandbox::Config::new(common::KEY) }).await.unwrap();
    let client = Client::new(&running.base_url(), ApiKey::new(common::KEY)).unwrap();
    let (a, b) = (
        lists::create(&client, &NewList { name: "A".into(), ..Default::default() }).await.unwrap(),
        lists::create(&client, &NewList { name: "B".into(), ..Default::default() }).await.unwrap(),
    );
    let member = |e: &str| NewMember { email: e.into(), ..NewMember::default() };
    let batch = vec![member("1@x.example"), member("2@x.example")];
    members::add_batch(&client, a, &batch, AddOptions::default()).await.unwrap();
    members::add(&client, b, &member("1@x.example"), AddOptions::default()).await.unwrap();
    members::add(&client, b, &member("3@x.example"), AddOptions::default()).await.unwrap();
    let err = members::add(&client, b, &member("4@x.example"), AddOptions::default()).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(402), Some(8)));
    let balance = account::balance(&client).await.unwrap();
    assert_eq!((*balance.limit_members, *balance.members), (3, 3));
}

#[tokio::test]
async fn transactional_mail_needs_a_verified_domain_then_reports_its_outcome() {
    let running = sandbox::start(sandbox::Config {
        clock_speed: 5_000_000.0,
        tick: Duration::from_millis(50),
        ..sandbox::Config::new(common::KEY)
    })
    .await
    .unwrap();
    let client = Client::new(&running.base_url(), ApiKey::new(common::KEY)).unwrap();
    let message = |to: &str| Message {
        to: to.into(),
        from_email: "orders@shop.example".into(),
        subject: Some("Your order".into()),
        html: r#"<p>Thanks! <a href="https://shop.example/orders/1">Your order</a></p>"#.into(),
        ..Message::default()
    };
    let err = transactional::send(&client, &message("ann@example.com")).await.unwrap_err();
    assert_eq!(err.code(), Some(34));
    assert_eq!(transactional::stats(&client, None, None).await.unwrap_err().code(), Some(34));
    assert_eq!(transactional::log(&client, &[], None).next_page().await.unwrap_err().code(), Some(34));
    account::add_domain(&client, "shop.example").await.unwrap();
    account::check_domains(&client).await.unwrap();

    let mut ids = Vec::new();
    for n in 0..60 {
        ids.push(transactional::send(&client, &message(&format!("buyer{n}@example.com"))).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    let first = transactional::status(&client, &ids[0]).await.unwrap();
    assert_eq!(first.to, "buyer0@example.com");
    assert!([3, 4, 6, 7, 8, 9].contains(&first.status), "{first:?}");
    let stats = transactional::stats(&client, None, None).await.unwrap();
    assert_eq!(stats.sent, 60);
    assert_eq!(*stats.delivered, 60 - *stats.bounced);
    assert!(*stats.opened > 0, "{stats:?}");
    let log = transactional::log(&client, &[], None).page_size(25).collect_all().await.unwrap();
    assert_eq!(log.len(), 60);
    assert_eq!(*log[0].transaction_id, **ids.last().unwrap(), "newest first");
    let one = transactional::log(&client, &["buyer7@example.com"], None).collect_all().await.unwrap();
    assert_eq!(one.len(), 1);
    let opened = log.iter().filter(|d| d.status == 7 || d.status == 6).count() as i64;
    assert!(opened <= *stats.opened);
}

#[tokio::test]
async fn configured_webhooks_receive_the_events_as_they_happen() {
    let (_sandbox, client) = common::fast_sandbox(5).await;
    let (hook, seen) = common::receiver().await;
    account::set_webhook(&client, WebhookKind::Mass, "open", &hook).await.unwrap();
    let (campaign, _) = common::sent_campaign(&client, 150).await;
    let opens = campaign_desk_api::reports::EventQuery {
        event_type: Some("OPENED".into()),
        from: Some("2000-01-01 00:00:00".into()),
        to: Some("2100-01-01 00:00:00".into()),
        ..Default::default()
    };
    let events = campaign_desk_api::reports::events(&client, campaign, &opens).unwrap().collect_all().await.unwrap();
    assert!(!events.is_empty());
    for _ in 0..500 {
        if seen.lock().unwrap().len() >= events.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let posts = seen.lock().unwrap().clone();
    assert_eq!(posts.len(), events.len(), "one POST per open");
    assert!(posts.iter().all(|p| p.contains("\"event\":\"open\"")));
}
