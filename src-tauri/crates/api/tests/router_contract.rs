//! Inbound processing against a live sandbox: domains, route rules checked
//! on save, routes tested in priority order, signed webhooks, stored
//! messages, and sub-account rights.

use crate::common;

use campaign_desk_api::router::{self, Combinator, Condition, Filter, RouteAction, RouteSpec};
use campaign_desk_api::{account, ApiKey, Client};
use sandbox::ops::RouterAccess;
use serde_json::json;
use std::time::Duration;

fn matches(field: &str, value: &str) -> Filter {
    Filter {
        combinator: Combinator::And,
        conditions: vec![Condition { field: field.into(), name: None, op: "matches".into(), value: value.into() }],
    }
}

fn spec(filter: Option<Filter>, actions: Vec<RouteAction>) -> RouteSpec {
    RouteSpec { filter, actions: Some(actions), ..RouteSpec::default() }
}

async fn inbound_address(client: &Client) -> String {
    let service = router::domains(client).await.unwrap().into_iter().find(|d| *d.service).unwrap();
    format!("support@{}", service.domain)
}

async fn receive(client: &Client, recipient: &str, from: &str, subject: &str) -> serde_json::Value {
    let body = json!({"recipient": recipient, "from": from, "subject": subject, "text": "Hello", "headers": {"X-Priority": "1"}});
    client.post(&["sandbox", "inbound"], body).await.unwrap().data
}

#[tokio::test]
async fn domains_start_with_the_service_subdomain_and_own_ones_need_their_mx() {
    let (_sandbox, client) = common::sandbox().await;
    let first = router::domains(&client).await.unwrap();
    assert_eq!(first.len(), 1);
    assert!(*first[0].service && *first[0].verified);
    let own = router::add_domain(&client, "in.shop.example").await.unwrap();
    assert!(!*own.verified);
    assert!(*router::verify_domain(&client, *own.id).await.unwrap().verified);
    let never = router::add_domain(&client, "in.never.invalid").await.unwrap();
    assert!(!*router::verify_domain(&client, *never.id).await.unwrap().verified);
    assert_eq!(router::mx_records(&client).await.unwrap().len(), 2);
    assert_eq!(router::delete_domain(&client, *first[0].id).await.unwrap_err().status(), Some(422));
    router::delete_domain(&client, *never.id).await.unwrap();
    assert_eq!(router::domains(&client).await.unwrap().len(), 2);
}

#[tokio::test]
async fn route_rules_are_checked_on_save() {
    let (_sandbox, client) = common::sandbox().await;
    router::domains(&client).await.unwrap();
    let stop = vec![RouteAction::Stop];
    let refused = |s: RouteSpec| {
        let client = client.clone();
        async move { router::create_route(&client, &s).await.unwrap_err() }
    };
    assert!(refused(spec(Some(matches("recipient", "(unclosed")), stop.clone()))
        .await
        .to_string()
        .contains("does not compile"));
    let both =
        RouteSpec { expression: Some(r#"from contains "a""#.into()), ..spec(Some(matches("from", "a")), stop.clone()) };
    assert_eq!(refused(both).await.status(), Some(422));
    assert_eq!(refused(spec(None, vec![])).await.status(), Some(422));
    assert_eq!(refused(spec(None, vec![RouteAction::Stop; 6])).await.status(), Some(422));
    let bad_url = RouteAction::Webhook { url: "ftp://x".into(), attachments: "off".into() };
    assert_eq!(refused(spec(None, vec![bad_url])).await.status(), Some(422));
    assert_eq!(
        refused(spec(None, vec![RouteAction::Store { ttl_days: 31, notify_url: None }])).await.status(),
        Some(422)
    );
    let forward = |email: &str| vec![RouteAction::Forward { email: email.into() }];
    assert_eq!(
        refused(spec(None, forward("me@elsewhere.example"))).await.code(),
        Some(34),
        "needs a verified sending domain"
    );
    account::add_domain(&client, "shop.example").await.unwrap();
    account::check_domains(&client).await.unwrap();
    let inbound = inbound_address(&client).await;
    assert_eq!(refused(spec(None, forward(&inbound))).await.status(), Some(422), "no forwarding to an inbound domain");
    router::create_route(&client, &spec(None, forward("me@elsewhere.example"))).await.unwrap();
    let header = RouteSpec { expression: Some(r#"header:X-Priority equals "1""#.into()), ..spec(None, stop) };
    assert!(router::create_route(&client, &header).await.unwrap().expression.is_some());
}

#[tokio::test]
async fn messages_go_through_routes_in_order_signed_stored_and_stopped() {
    let (_sandbox, client) = common::sandbox().await;
    let to = inbound_address(&client).await;
    let (hook, seen) = common::receiver().await;
    let webhook = router::create_route(
        &client,
        &spec(
            Some(matches("from", "@customer\\.example$")),
            vec![RouteAction::Webhook { url: hook, attachments: "off".into() }],
        ),
    )
    .await
    .unwrap();
    let store = router::create_route(&client, &spec(None, vec![RouteAction::Store { ttl_days: 3, notify_url: None }]))
        .await
        .unwrap();
    let stop =
        router::create_route(&client, &spec(Some(matches("from", "^spam@")), vec![RouteAction::Stop])).await.unwrap();

    let matched = receive(&client, &to, "ann@customer.example", "Order question").await;
    assert_eq!(matched["routes"], json!([webhook.id, store.id]));
    let mut request = String::new();
    for _ in 0..500 {
        if let Some(r) = seen.lock().unwrap().first() {
            request = r.clone();
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (head, body) = request.split_once("\r\n\r\n").expect("the webhook was called");
    let signature = head.lines().find_map(|l| l.strip_prefix("x-signature: ")).expect("signed").trim();
    assert_eq!(signature, sandbox::ops::signature::sign(&webhook.signing_key, body));
    assert!(body.contains("Order question"));

    let stored = router::messages(&client).collect_all().await.unwrap();
    assert_eq!((stored.len(), stored[0].subject.as_str()), (1, "Order question"));
    assert!(stored[0].expires > stored[0].received);

    router::reorder(&client, &[*stop.id, *webhook.id, *store.id]).await.unwrap();
    let matched = receive(&client, &to, "spam@customer.example", "Buy now").await;
    assert_eq!(matched["routes"], json!([stop.id]), "stop ends processing");
    assert_eq!(router::messages(&client).collect_all().await.unwrap().len(), 1);
    let deliveries = router::deliveries(&client).collect_all().await.unwrap();
    assert_eq!(deliveries.iter().filter(|d| d.status == "delivered").count(), 1);

    let old = webhook.signing_key.clone();
    let new = router::rekey(&client, *webhook.id).await.unwrap();
    assert_ne!(old, new);
    assert_eq!(router::route(&client, *webhook.id).await.unwrap().signing_key, new);
    router::delete_message(&client, *stored[0].id).await.unwrap();
    assert_eq!(router::message(&client, *stored[0].id).await.unwrap_err().code(), Some(4));
}

#[tokio::test]
async fn sub_account_rights_limit_the_area() {
    let config = sandbox::Config {
        subaccounts: vec![("reader".into(), RouterAccess::ReadOnly), ("outsider".into(), RouterAccess::Denied)],
        ..sandbox::Config::new(common::KEY)
    };
    let running = sandbox::start(config).await.unwrap();
    let as_key = |key: &str| Client::new(&running.base_url(), ApiKey::new(key)).unwrap();
    let reader = as_key("reader");
    assert_eq!(router::domains(&reader).await.unwrap().len(), 1, "reading is allowed");
    let err = router::create_route(&reader, &spec(None, vec![RouteAction::Stop])).await.unwrap_err();
    assert_eq!(err.code(), Some(2));
    let err = router::domains(&as_key("outsider")).await.unwrap_err();
    assert_eq!(err.code(), Some(2));
    assert!(account::balance(&as_key("outsider")).await.is_ok(), "other areas are not affected");
}
