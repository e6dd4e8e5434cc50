//! Conformance for replies: dialogs (in the legacy interface and on v2's
//! paths) and the router's routes. One test per rule that
//! `spec/service-api.md` states, named after the rule, over raw HTTP
//! against a fresh sandbox.

use serde_json::{json, Value};

use crate::common::service;
use service::{service, UNSUB};

#[tokio::test]
async fn dialog_list_limit_defaults_to_50_and_allows_1_to_200() {
    let s = service().await;
    assert_eq!(s.legacy("dialogs.list", json!({"limit": 201})).await["response"]["msg"]["err_code"], 2);
    assert_eq!(s.legacy("dialogs.list", json!({"limit": 0})).await["response"]["msg"]["err_code"], 2);
    assert_eq!(s.legacy("dialogs.list", json!({"limit": 200})).await["response"]["msg"]["err_code"], 0);
}

#[tokio::test]
async fn dialogs_unread_count_has_total_and_by_status() {
    let s = service().await;
    let body = s.legacy("dialogs.unreadCount", json!({})).await;
    assert_eq!(body["response"]["data"], json!({"total": 0, "by_status": {"open": 0, "closed": 0}}));
}

#[tokio::test]
async fn route_actions_are_1_to_5() {
    let s = service().await;
    let six: Vec<Value> = (0..6).map(|_| json!({"type": "stop"})).collect();
    let (status, _) = s.v2("POST", "/router/routes", Some(json!({"actions": six}))).await;
    assert_eq!(status, 422);
    let (status, _) = s.v2("POST", "/router/routes", Some(json!({"actions": []}))).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn store_ttl_days_is_1_to_30() {
    let s = service().await;
    let (status, _) =
        s.v2("POST", "/router/routes", Some(json!({"actions": [{"type": "store", "ttl_days": 0}]}))).await;
    assert_eq!(status, 422);
    let (status, _) =
        s.v2("POST", "/router/routes", Some(json!({"actions": [{"type": "store", "ttl_days": 30}]}))).await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn filter_and_expression_are_mutually_exclusive() {
    let s = service().await;
    let body = json!({"filter": {"combinator": "and", "conditions": []}, "expression": "from contains \"a\"", "actions": [{"type": "stop"}]});
    let (status, _) = s.v2("POST", "/router/routes", Some(body)).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn dialogs_in_v2_are_the_legacy_methods_on_paths() {
    let s = service().await;
    let list = s.list().await;
    s.member(list, "ann@example.com").await;
    let campaign = s.campaign(list, UNSUB).await;
    let (status, body) = s
        .v2(
            "POST",
            "/sandbox/replies",
            Some(json!({"campaign_id": campaign, "email": "ann@example.com", "subject": "Re: S", "text": "Hello"})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let dialog = body["response"]["data"]["dialog_id"].as_i64().unwrap();

    let (status, body) = s.v2("GET", "/dialogs", None).await;
    assert_eq!(status, 200);
    let legacy = s.legacy("dialogs.list", json!({})).await;
    assert_eq!(body["response"]["data"], legacy["response"]["data"], "the same operation either way");
    let (_, count) = s.v2("GET", "/dialogs/unread-count", None).await;
    assert_eq!(count["response"]["data"]["total"], json!(1), "{count}");
    let (_, messages) = s.v2("GET", &format!("/dialogs/{dialog}/messages"), None).await;
    assert_eq!(messages["response"]["data"][0]["body_text_clean"], json!("Hello"), "{messages}");
    let (status, _) = s.v2("POST", &format!("/dialogs/{dialog}/read"), None).await;
    assert_eq!(status, 200);
    let (_, count) = s.v2("GET", "/dialogs/unread-count", None).await;
    assert_eq!(count["response"]["data"]["total"], json!(0), "read: {count}");
    let (status, reply) = s
        .v2(
            "POST",
            &format!("/dialogs/{dialog}/reply"),
            Some(json!({"body_html": "<p>Thanks!</p>", "body_text": "Thanks!"})),
        )
        .await;
    assert_eq!(status, 201, "{reply}");
    for (action, state) in [("close", "closed"), ("open", "open")] {
        let (status, _) = s.v2("POST", &format!("/dialogs/{dialog}/{action}"), None).await;
        assert_eq!(status, 200, "{action}");
        let (_, one) = s.v2("GET", &format!("/dialogs/{dialog}"), None).await;
        assert_eq!(one["response"]["data"]["status"], json!(state), "{one}");
    }
    let (status, missing) = s.v2("POST", "/dialogs/999999/close", None).await;
    assert_eq!(status, 404, "{missing}");
    assert!(missing["error"]["code"].as_i64().is_some());
}
