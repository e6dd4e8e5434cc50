//! Conformance for what is sent: a campaign's states from draft to sent,
//! the unsubscribe link a launch requires, automations and their events,
//! templates, transactional messages and a campaign's report. One test per
//! rule that `spec/service-api.md` states, named after the rule, over raw
//! HTTP against a fresh sandbox.

use campaign_desk_sandbox as sandbox;
use serde_json::{json, Value};
use std::time::Duration;

use crate::common::service;
use service::{code, service, KEY, UNSUB};

#[tokio::test]
async fn a_new_campaign_is_a_draft() {
    let s = service().await;
    let list = s.list().await;
    let id = s.campaign(list, UNSUB).await;
    let (_, body) = s.v2("GET", &format!("/campaigns/{id}"), None).await;
    assert_eq!(body["response"]["data"][0]["status"], "DRAFT");
}

#[tokio::test]
async fn launch_without_unsubscribe_link_in_html_is_code_18() {
    let s = service().await;
    let list = s.list().await;
    let id = s.campaign(list, "<p>no link</p>").await;
    let (_, body) = s.v2("PUT", &format!("/campaigns/{id}"), Some(json!({"status": "MODERATING"}))).await;
    assert_eq!(code(&body), 18);
}

#[tokio::test]
async fn an_unsubscribe_id_inside_a_comment_does_not_count() {
    let s = service().await;
    let list = s.list().await;
    let id = s.campaign(list, r#"<!-- <a id="unsub_link">x</a> -->"#).await;
    let (_, body) = s.v2("PUT", &format!("/campaigns/{id}"), Some(json!({"status": "MODERATING"}))).await;
    assert_eq!(code(&body), 18);
}

#[tokio::test]
async fn schedule_moves_a_draft_to_schedule_with_its_delivery_time() {
    let s = service().await;
    let list = s.list().await;
    let id = s.campaign(list, UNSUB).await;
    let when = "2099-01-01 10:00:00";
    let (status, _) =
        s.v2("PUT", &format!("/campaigns/{id}"), Some(json!({"status": "SCHEDULE", "delivery_time": when}))).await;
    assert_eq!(status, 200);
    let (_, body) = s.v2("GET", &format!("/campaigns/{id}"), None).await;
    assert_eq!(
        (body["response"]["data"][0]["status"].as_str(), body["response"]["data"][0]["delivery_time"].as_str()),
        (Some("SCHEDULE"), Some(when))
    );
}

#[tokio::test]
async fn moderating_goes_to_processing_then_sent() {
    let s = service().await;
    let list = s.list().await;
    s.member(list, "r@y.example").await;
    let id = s.campaign(list, UNSUB).await;
    s.v2("PUT", &format!("/campaigns/{id}"), Some(json!({"status": "MODERATING"}))).await;
    let mut status = String::new();
    for _ in 0..100 {
        let (_, body) = s.v2("GET", &format!("/campaigns/{id}"), None).await;
        status = body["response"]["data"][0]["status"].as_str().unwrap_or_default().to_string();
        if status == "SENT" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status, "SENT");
}

#[tokio::test]
async fn automations_with_open_combined_with_other_events_are_401_code_2() {
    let s = service().await;
    let list = s.list().await;
    let body = json!({"list_id": list, "subject": "S", "from_email": "a@x.example", "from_name": "A", "event": "open,add", "html": UNSUB});
    let (status, reply) = s.v2("POST", "/automations", Some(body)).await;
    assert_eq!((status, code(&reply)), (401, 2));
}

#[tokio::test]
async fn automation_without_html_or_text_is_500_code_17() {
    let s = service().await;
    let list = s.list().await;
    let body = json!({"list_id": list, "subject": "S", "from_email": "a@x.example", "from_name": "A", "event": "add"});
    let (status, reply) = s.v2("POST", "/automations", Some(body)).await;
    assert_eq!((status, code(&reply)), (500, 17));
}

#[tokio::test]
async fn no_automations_is_404_code_4() {
    let s = service().await;
    let (status, body) = s.v2("GET", "/automations", None).await;
    assert_eq!((status, code(&body)), (404, 4));
}

#[tokio::test]
async fn updating_a_campaign_that_is_not_an_automation_is_422_code_20() {
    let s = service().await;
    let list = s.list().await;
    let id = s.campaign(list, UNSUB).await;
    let (status, body) = s.v2("PUT", &format!("/automations/{id}"), Some(json!({"subject": "x"}))).await;
    assert_eq!((status, code(&body)), (422, 20));
}

#[tokio::test]
async fn missing_html_template_is_500_code_28() {
    let s = service().await;
    let (status, body) = s.v2("GET", "/templates/5", None).await;
    assert_eq!((status, code(&body)), (500, 28));
}

#[tokio::test]
async fn template_update_of_a_missing_template_is_500_code_28() {
    let s = service().await;
    let (status, body) = s.v2("PUT", "/templates/5", Some(json!({}))).await;
    assert_eq!((status, code(&body)), (500, 28));
}

#[tokio::test]
async fn transactional_log_without_a_verified_domain_is_code_34() {
    let s = service().await;
    let (_, body) = s.v2("GET", "/transactional/log", None).await;
    assert_eq!(code(&body), 34);
}

#[tokio::test]
async fn report_list_limit_defaults_to_100() {
    let s = service().await;
    let list = s.list().await;
    let id = s.campaign(list, UNSUB).await;
    let (_, body) = s.v2("GET", &format!("/reports/{id}/sent"), None).await;
    assert_eq!(body["meta"]["limit"], 100);
}

#[tokio::test]
async fn template_update_without_a_changeable_field_is_422_code_11() {
    let running = sandbox::start(sandbox::Config { demo: true, ..sandbox::Config::new(KEY) }).await.unwrap();
    let http = reqwest::Client::new();
    let url = format!("{}/templates", running.base_url());
    let list: Value = http.get(&url).bearer_auth(KEY).send().await.unwrap().json().await.unwrap();
    let id = list["response"]["data"][0]["id"].as_i64().unwrap();
    let response = http.put(format!("{url}/{id}")).bearer_auth(KEY).json(&json!({})).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(code(&body), 11);
}

#[tokio::test]
async fn a_transactional_message_id_is_text() {
    let s = service().await;
    s.v2("POST", "/account/domains", Some(json!({"domain": "shop.example"}))).await;
    s.v2("GET", "/account/domains/check", None).await;
    let message = json!({"to": "ann@example.com", "from_email": "orders@shop.example", "message": "<p>Hi</p>"});
    let (status, body) = s.v2("POST", "/transactional/messages", Some(message)).await;
    assert_eq!(status, 201, "{body}");
    let id = body["response"]["data"]["transaction_id"].as_str().expect("text").to_string();
    let (status, one) = s.v2("GET", &format!("/transactional/messages/{id}"), None).await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["response"]["data"]["transaction_id"], json!(id));
}

#[tokio::test]
async fn automation_events_and_one_workflow_are_read() {
    let s = service().await;
    let (status, body) = s.v2("GET", "/automations/events", None).await;
    assert_eq!(status, 200);
    let events = body["response"]["data"].as_array().unwrap();
    let alone: Vec<&str> = events.iter().filter(|e| e["alone"] == true).filter_map(|e| e["event"].as_str()).collect();
    assert_eq!(alone, ["open", "click", "edit"]);
    assert!(events.iter().any(|e| e["event"] == "form"));
    let (status, missing) = s.v2("GET", "/workflows/12345", None).await;
    assert_eq!((status, code(&missing)), (404, 4), "{missing}");
}
