//! Conformance: one test per rule that `spec/service-api.md` states (a
//! status, a code, a default, a limit, a state change), named after the
//! rule, over raw HTTP against a fresh sandbox. The typed client's contract
//! tests cover the same ground from the client's side.

use campaign_desk_sandbox as sandbox;
use serde_json::{json, Value};
use std::time::Duration;

const KEY: &str = "conformance";

struct Service {
    _running: sandbox::Running,
    http: reqwest::Client,
    base: String,
    root: String,
}

async fn service() -> Service {
    let running =
        sandbox::start(sandbox::Config { tick: Duration::from_millis(30), ..sandbox::Config::new(KEY) }).await.unwrap();
    let base = running.base_url();
    let root = format!("http://{}/", running.addr);
    Service { _running: running, http: reqwest::Client::new(), base, root }
}

impl Service {
    async fn v2(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut request = self.http.request(method, format!("{}{path}", self.base)).bearer_auth(KEY);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn legacy(&self, method: &str, params: Value) -> Value {
        let mut body = params;
        body["method"] = json!(method);
        body["api_key"] = json!(KEY);
        self.http.post(&self.root).json(&body).send().await.unwrap().json().await.unwrap()
    }

    async fn list(&self) -> i64 {
        let (_, body) = self.v2("POST", "/lists", Some(json!({"name": "L"}))).await;
        body["response"]["data"]["list_id"].as_i64().unwrap()
    }

    async fn member(&self, list: i64, email: &str) -> i64 {
        let (_, body) = self.v2("POST", &format!("/lists/{list}/members"), Some(json!({"email": email}))).await;
        body["response"]["data"]["member_id"].as_i64().unwrap()
    }

    async fn campaign(&self, list: i64, html: &str) -> i64 {
        let body =
            json!({"list_id": [list], "subject": "S", "from_name": "N", "from_email": "n@x.example", "html": html});
        let (_, reply) = self.v2("POST", "/campaigns", Some(body)).await;
        reply["response"]["data"]["campaign_id"].as_i64().unwrap()
    }
}

fn code(body: &Value) -> i64 {
    body["error"]["code"].as_i64().unwrap_or_default()
}

const UNSUB: &str = r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%">x</a>"#;

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
async fn balance_has_limit_members_limit_emails_and_members() {
    let s = service().await;
    let (_, body) = s.v2("GET", "/account/balance", None).await;
    let data = &body["response"]["data"];
    assert_eq!((data["limit_members"].as_i64(), data["members"].as_i64()), (Some(0), Some(0)), "0 means unlimited");
    assert!(data["limit_emails"].is_i64());
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
async fn a_wrong_method_on_a_known_path_answers_the_error_body() {
    let s = service().await;
    for (method, path) in [("PATCH", "/lists"), ("DELETE", "/account/balance"), ("GET", "/dialogs/1/reply")] {
        let (status, body) = s.v2(method, path, None).await;
        assert_eq!(status, 405, "{method} {path}");
        assert_eq!(code(&body), 1001, "{method} {path}: {body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains(method)), "{body}");
    }
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
