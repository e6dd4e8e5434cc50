//! Inbound processing against the sandbox over loopback: domains added,
//! checked and removed; routes made, changed, put in order and given new
//! keys; a message that arrives kept, read and removed; the settings; a
//! read-only sub-account shown as such and a shut-out one as closed; and
//! every change whose answer was lost settled by reading it back.

use desk::inbound::{
    self, ActionForm, AttachmentMode, ConditionField, ConditionForm, ConditionOp, InboundAccess, InboundSettingsView,
    RouteForm, RuleForm,
};
use desk::DeskError;
use sandbox::ops::RouterAccess;
use serde_json::json;

use crate::common::lost_answers as lost;
use crate::common::service;

const KEY: &str = "inbound-key";

fn keep(description: &str, rule: RuleForm) -> RouteForm {
    RouteForm {
        description: description.into(),
        active: true,
        rule,
        actions: vec![ActionForm::Store { ttl_days: 3, notify_url: String::new() }],
    }
}

fn from_matching(pattern: &str) -> RuleForm {
    RuleForm::Conditions {
        any: false,
        conditions: vec![ConditionForm {
            field: ConditionField::From,
            header: String::new(),
            op: ConditionOp::Matches,
            value: pattern.into(),
        }],
    }
}

fn failure(err: DeskError) -> String {
    match err {
        DeskError::InArea { area, failure } if area == "inbound" => failure["code"].as_str().unwrap().to_string(),
        other => panic!("an inbound failure, not {other:?}"),
    }
}

async fn arrive(session: &desk::Session, to: &str, from: &str, subject: &str) -> serde_json::Value {
    let body = json!({"recipient": to, "from": from, "subject": subject, "text": "Два пакета, пожалуйста.", "headers": {"X-Shop": "yes"}});
    session.client().post(&["sandbox", "inbound"], body).await.unwrap().data
}

#[tokio::test(flavor = "multi_thread")]
async fn domains_routes_and_what_they_kept() {
    let (_service, session) = service::started(KEY).await;
    let overview = inbound::overview(&session).await.unwrap();
    assert_eq!(overview.access, InboundAccess::Full);
    let own = overview.domains.iter().find(|d| d.service).expect("the service's subdomain").domain.clone();
    assert_eq!(overview.mx.len(), 2, "{:?}", overview.mx);

    // An own domain: added, its MX checked; a name that is none refused in the area's words.
    let added = inbound::add_domain(&session, "orders@In.Shop.example").await.unwrap();
    assert_eq!((added.domain.as_str(), added.verified), ("in.shop.example", false));
    assert!(inbound::verify_domain(&session, added.id).await.unwrap().verified);
    let unfound = inbound::add_domain(&session, "mail.shop.invalid").await.unwrap();
    assert!(!inbound::verify_domain(&session, unfound.id).await.unwrap().verified);
    inbound::delete_domain(&session, unfound.id).await.unwrap();
    assert_eq!(failure(inbound::add_domain(&session, "in.shop.example").await.unwrap_err()), "domainTaken");
    assert_eq!(failure(inbound::add_domain(&session, "no such_domain").await.unwrap_err()), "domainInvalid");
    let service_domain = overview.domains.iter().find(|d| d.service).unwrap().id;
    assert_eq!(failure(inbound::delete_domain(&session, service_domain).await.unwrap_err()), "serviceDomainStays");

    // Routes: a pattern that does not compile never leaves the app.
    let refused = inbound::save_route(&session, None, &keep("Сломанный", from_matching("(unclosed"))).await;
    assert_eq!(failure(refused.unwrap_err()), "patternInvalid");
    assert!(inbound::routes(&session).await.unwrap().is_empty());
    let orders =
        inbound::save_route(&session, None, &keep("Заказы", from_matching(r"@customer\.example$"))).await.unwrap();
    let mut stop = keep("Спам", from_matching("^spam@"));
    stop.actions = vec![ActionForm::Stop];
    let stop = inbound::save_route(&session, None, &stop).await.unwrap();
    let names: Vec<String> = inbound::routes(&session).await.unwrap().into_iter().map(|r| r.description).collect();
    assert_eq!(names, ["Заказы", "Спам"], "a new route is tried last");

    // Changed as written, read back the same.
    let mut changed = keep("Заказы", from_matching(r"@customer\.example$"));
    changed
        .actions
        .push(ActionForm::Webhook { url: "https://hooks.shop.example/in".into(), attachments: AttachmentMode::Url });
    let saved = inbound::save_route(&session, Some(orders.id), &changed).await.unwrap();
    assert_eq!(saved.actions, changed.actions);
    assert_eq!(saved.rule, changed.rule);

    let order = inbound::reorder_routes(&session, &[stop.id, orders.id]).await.unwrap();
    assert_eq!(order.iter().map(|r| r.id).collect::<Vec<_>>(), [stop.id, orders.id]);

    // A message arrives: the stop route does not take it, the orders route keeps it.
    let to = format!("orders@{own}");
    assert_eq!(arrive(&session, &to, "anna@customer.example", "Заказ 42").await["routes"], json!([orders.id]));
    let kept = inbound::messages(&session, 0).await.unwrap();
    assert_eq!(kept.rows.len(), 1);
    assert_eq!((kept.rows[0].subject.as_str(), kept.rows[0].route_id), ("Заказ 42", Some(orders.id)));
    let whole = inbound::message(&session, kept.rows[0].id).await.unwrap();
    assert_eq!(whole.text, "Два пакета, пожалуйста.");
    assert!(whole.headers.contains(&("X-Shop".into(), "yes".into())), "{:?}", whole.headers);
    inbound::delete_message(&session, kept.rows[0].id).await.unwrap();
    assert!(inbound::messages(&session, 0).await.unwrap().rows.is_empty());
    let deliveries = inbound::deliveries(&session, 0).await.unwrap();
    let webhook = deliveries.rows.iter().find(|d| d.action == "webhook").expect("the webhook's delivery");
    assert_eq!(inbound::delivery(&session, webhook.id).await.unwrap().target, "https://hooks.shop.example/in");

    // A new key, different from the one the route had.
    let before = api::router::route(session.client(), orders.id).await.unwrap().signing_key.0;
    let key = inbound::rekey_route(&session, orders.id).await.unwrap();
    assert!(key.len() >= 20 && key != before);

    let wanted = InboundSettingsView { pass_autoreply: true, pass_list_mail: false };
    assert_eq!(inbound::save_settings(&session, wanted).await.unwrap(), wanted);
    assert_eq!(inbound::overview(&session).await.unwrap().settings, wanted);

    inbound::delete_route(&session, stop.id).await.unwrap();
    assert_eq!(inbound::routes(&session).await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_read_only_sub_account_sees_the_area_read_only_and_a_shut_out_one_closed() {
    let config = sandbox::Config {
        subaccounts: vec![("reader".into(), RouterAccess::ReadOnly), ("outsider".into(), RouterAccess::Denied)],
        ..sandbox::Config::new(KEY)
    };
    let running = sandbox::start(config).await.unwrap();
    let reader = service::session(&running, "reader");
    assert_eq!(inbound::overview(&reader).await.unwrap().access, InboundAccess::Full, "not known before a change");
    let refused = inbound::save_route(&reader, None, &keep("Заказы", RuleForm::Everything)).await.unwrap_err();
    assert_eq!(failure(refused), "readOnly");
    assert_eq!(inbound::overview(&reader).await.unwrap().access, InboundAccess::ReadOnly, "remembered");
    assert!(inbound::routes(&reader).await.is_ok(), "reading goes on");

    let outsider = service::session(&running, "outsider");
    let closed = inbound::overview(&outsider).await.unwrap();
    assert_eq!(closed.access, InboundAccess::Denied);
    assert!(closed.domains.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn every_change_whose_answer_was_lost_is_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let serve =
        |faults| sandbox::start(sandbox::Config { db: Some(db.clone()), faults, ..sandbox::Config::new(lost::KEY) });
    let healthy = serve(Default::default()).await.unwrap();
    let setup = lost::session(&healthy);
    let own = inbound::overview(&setup).await.unwrap().domains.into_iter().find(|d| d.service).unwrap().domain;
    let kept = inbound::save_route(&setup, None, &keep("Всё", RuleForm::Everything)).await.unwrap();
    arrive(&setup, &format!("info@{own}"), "anna@example.com", "Вопрос").await;
    let message = inbound::messages(&setup, 0).await.unwrap().rows[0].id;
    healthy.stop().await;

    let losing = serve(lost::applied_then_dropped()).await.unwrap();
    let session = lost::session(&losing);
    // The routes as listed whole: what a lost create made is told from them.
    inbound::routes(&session).await.unwrap();
    let domain = inbound::add_domain(&session, "in.shop.example").await.expect("the domain, found listed");
    assert!(inbound::verify_domain(&session, domain.id).await.expect("its state, read again").verified);
    let made =
        inbound::save_route(&session, None, &keep("Заказы", from_matching("@shop"))).await.expect("the new route");
    assert_eq!(made.description, "Заказы");
    let mut changed = keep("Заказы", from_matching("@shop"));
    changed.active = false;
    assert!(!inbound::save_route(&session, Some(made.id), &changed).await.expect("read back as changed").active);
    let order = inbound::reorder_routes(&session, &[made.id, kept.id]).await.expect("the order, read back");
    assert_eq!(order.iter().map(|r| r.id).collect::<Vec<_>>(), [made.id, kept.id]);
    assert!(!inbound::rekey_route(&session, made.id).await.expect("the key in force").is_empty());
    let wanted = InboundSettingsView { pass_autoreply: true, pass_list_mail: true };
    assert_eq!(inbound::save_settings(&session, wanted).await.expect("read back"), wanted);
    inbound::delete_message(&session, message).await.expect("gone, read back");
    inbound::delete_route(&session, kept.id).await.expect("gone, read back");
    inbound::delete_domain(&session, domain.id).await.expect("gone, read back");
    losing.stop().await;

    let healthy = serve(Default::default()).await.unwrap();
    let after = lost::session(&healthy);
    let routes = inbound::routes(&after).await.unwrap();
    assert_eq!(routes.iter().map(|r| (r.id, r.active)).collect::<Vec<_>>(), [(made.id, false)], "made once");
    assert!(inbound::overview(&after).await.unwrap().domains.iter().all(|d| d.domain != "in.shop.example"));
    assert!(inbound::messages(&after, 0).await.unwrap().rows.is_empty());
}
