//! Conformance for what every call shares, and the account: the success
//! envelope, errors in v2 and in the legacy interface, where the key may go,
//! a wrong method on a known path, and the balance. One test per rule that
//! `spec/service-api.md` states, named after the rule, over raw HTTP against
//! a fresh sandbox; the typed client's contract tests cover the same ground
//! from the client's side.

use serde_json::json;

use crate::common::service;
use service::{code, service, KEY};

#[tokio::test]
async fn success_envelope_has_msg_err_code_0_text_ok_and_data() {
    let s = service().await;
    let (status, body) = s.v2("GET", "/account/balance", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["response"]["msg"], json!({"err_code": 0, "text": "OK", "type": "message"}));
    assert!(body["response"]["data"].is_object());
}

#[tokio::test]
async fn v2_errors_are_an_error_object_with_code_and_message() {
    let s = service().await;
    let (status, body) = s.v2("PUT", "/lists/9", Some(json!({"name": "x"}))).await;
    assert_eq!((status, code(&body)), (404, 5));
    assert!(body["error"]["message"].is_string());
}

#[tokio::test]
async fn legacy_failures_answer_http_200_with_a_non_zero_err_code() {
    let s = service().await;
    let body = s.legacy("lists.update", json!({"list_id": 9, "name": "x"})).await;
    assert_eq!(body["response"]["msg"]["err_code"], 5);
}

#[tokio::test]
async fn the_key_is_accepted_in_the_bearer_header_or_the_api_key_query() {
    let s = service().await;
    let by_query = s.http.get(format!("{}/account/balance?api_key={KEY}", s.base)).send().await.unwrap();
    assert_eq!(by_query.status(), 200);
    let none = s.http.get(format!("{}/account/balance", s.base)).send().await.unwrap();
    assert_eq!(none.status(), 401);
}

#[tokio::test]
async fn balance_has_limit_members_limit_emails_and_members() {
    let s = service().await;
    let (_, body) = s.v2("GET", "/account/balance", None).await;
    let data = &body["response"]["data"];
    assert_eq!((data["limit_members"].as_i64(), data["members"].as_i64()), (Some(0), Some(0)), "0 means unlimited");
    assert!(data["limit_emails"].is_i64());
}

#[tokio::test]
async fn a_wrong_method_on_a_known_path_answers_the_error_body() {
    let s = service().await;
    for (method, path) in [("PATCH", "/lists"), ("DELETE", "/account/balance"), ("GET", "/dialogs/1/reply")] {
        let (status, body) = s.v2(method, path, None).await;
        assert_eq!(status, 405, "{method} {path}");
        assert_eq!(code(&body), 1001, "{method} {path}: {body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains(method)), "{body}");
    }
}
