//! Conformance for lists and their members: creating, changing, deleting
//! and listing lists, their default fields, an address in several lists,
//! and unsubscribing. One test per rule that `spec/service-api.md` states,
//! named after the rule, over raw HTTP against a fresh sandbox.

use serde_json::json;

use crate::common::service;
use service::{code, service, KEY};

#[tokio::test]
async fn get_lists_with_no_lists_is_404_code_4() {
    let s = service().await;
    let (status, body) = s.v2("GET", "/lists", None).await;
    assert_eq!((status, code(&body)), (404, 4));
}

#[tokio::test]
async fn create_list_without_name_is_422_code_3() {
    let s = service().await;
    let (status, body) = s.v2("POST", "/lists", Some(json!({"company": "x"}))).await;
    assert_eq!((status, code(&body)), (422, 3));
}

#[tokio::test]
async fn create_list_answers_201_with_list_id() {
    let s = service().await;
    let (status, body) = s.v2("POST", "/lists", Some(json!({"name": "N"}))).await;
    assert_eq!(status, 201);
    assert!(body["response"]["data"]["list_id"].is_i64());
}

#[tokio::test]
async fn field_var_longer_than_10_characters_is_500_code_59() {
    let s = service().await;
    let fields = json!([{"title": "T", "type": "text", "req": "off", "var": "abcdefghijk"}]).to_string();
    let (status, body) = s.v2("POST", "/lists", Some(json!({"name": "N", "fields": fields}))).await;
    assert_eq!((status, code(&body)), (500, 59));
}

#[tokio::test]
async fn invalid_abuse_email_on_update_is_422_code_6() {
    let s = service().await;
    let list = s.list().await;
    let (status, body) = s.v2("PUT", &format!("/lists/{list}"), Some(json!({"abuse_email": "nope"}))).await;
    assert_eq!((status, code(&body)), (422, 6));
}

#[tokio::test]
async fn delete_list_answers_204_with_an_empty_body() {
    let s = service().await;
    let list = s.list().await;
    let response = s.http.delete(format!("{}/lists/{list}", s.base)).bearer_auth(KEY).send().await.unwrap();
    assert_eq!(response.status(), 204);
    assert!(response.text().await.unwrap().is_empty());
}

#[tokio::test]
async fn delete_missing_list_is_404_code_5() {
    let s = service().await;
    let (status, body) = s.v2("DELETE", "/lists/77", None).await;
    assert_eq!((status, code(&body)), (404, 5));
}

#[tokio::test]
async fn lists_come_newest_first() {
    let s = service().await;
    let (a, b) = (s.list().await, s.list().await);
    let (_, body) = s.v2("GET", "/lists", None).await;
    let ids: Vec<i64> =
        body["response"]["data"].as_array().unwrap().iter().map(|l| l["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [b, a]);
}

#[tokio::test]
async fn a_first_list_without_fields_gets_first_and_last_name() {
    let s = service().await;
    let list = s.list().await;
    let (_, body) = s.v2("GET", &format!("/lists/{list}?merge_json=1"), None).await;
    let record = &body["response"]["data"][0];
    assert!(record["merge_1"].as_str().unwrap().contains("First name"));
    assert!(record["merge_2"].as_str().unwrap().contains("Last name"));
}

#[tokio::test]
async fn the_same_address_is_a_separate_record_in_each_list() {
    let s = service().await;
    let (a, b) = (s.list().await, s.list().await);
    assert_ne!(s.member(a, "x@y.example").await, s.member(b, "x@y.example").await);
}

#[tokio::test]
async fn unsubscribe_with_list_id_changes_only_that_list() {
    let s = service().await;
    let (a, b) = (s.list().await, s.list().await);
    s.member(a, "x@y.example").await;
    s.member(b, "x@y.example").await;
    let body = s.legacy("lists.unsubscribe_member", json!({"email": "x@y.example", "list_id": a})).await;
    assert_eq!(body["response"]["data"], 1);
}

#[tokio::test]
async fn unsubscribe_without_list_id_changes_every_list() {
    let s = service().await;
    let (a, b) = (s.list().await, s.list().await);
    s.member(a, "x@y.example").await;
    s.member(b, "x@y.example").await;
    let body = s.legacy("lists.unsubscribe_member", json!({"email": "x@y.example"})).await;
    assert_eq!(body["response"]["data"], 2);
}

#[tokio::test]
async fn unsubscribed_addresses_cannot_be_subscribed_again_through_the_api() {
    let s = service().await;
    let (a, b) = (s.list().await, s.list().await);
    s.member(a, "x@y.example").await;
    s.legacy("lists.unsubscribe_member", json!({"email": "x@y.example"})).await;
    let (status, _) = s.v2("POST", &format!("/lists/{b}/members"), Some(json!({"email": "x@y.example"}))).await;
    assert!(status >= 400);
}

/// The public clients' fixture answers a member read with one record, an
/// object, not an array of one.
#[tokio::test]
async fn a_member_read_answers_one_object() {
    let s = service().await;
    let list = s.list().await;
    let id = s.member(list, "anna@example.com").await;
    let (status, body) = s.v2("GET", &format!("/lists/{list}/members/anna%40example.com"), None).await;
    assert_eq!(status, 200);
    let data = &body["response"]["data"];
    assert!(data.is_object(), "one object: {data}");
    assert_eq!(
        (data["email"].as_str(), data["id"].as_i64().or(data["id"].as_str().and_then(|s| s.parse().ok()))),
        (Some("anna@example.com"), Some(id))
    );
}
