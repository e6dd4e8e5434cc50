//! The sandbox as a service on this machine: it listens on loopback only,
//! takes requests as large as real mail, and states every refusal (even one
//! made before an operation runs) in the service's error shape.

use campaign_desk_sandbox as sandbox;
use serde_json::{json, Value};

const KEY: &str = "refusals";

async fn service() -> (sandbox::Running, reqwest::Client) {
    (sandbox::start(sandbox::Config::new(KEY)).await.unwrap(), reqwest::Client::new())
}

/// Status, content type and body of an answer.
async fn read(response: reqwest::Response) -> (u16, String, Value) {
    let status = response.status().as_u16();
    let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let text = response.text().await.unwrap();
    (status, kind, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// An error in v2's shape: `{error: {code, message}}` as JSON.
fn assert_v2_error(answer: &(u16, String, Value), status: u16, code: i64) {
    let (got, kind, body) = answer;
    assert_eq!(*got, status, "{body}");
    assert!(kind.starts_with("application/json"), "{kind}: {body}");
    assert_eq!(body["error"]["code"], json!(code), "{body}");
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
}

#[tokio::test]
async fn it_listens_on_loopback_only() {
    let (running, http) = service().await;
    assert!(running.addr.ip().is_loopback(), "{}", running.addr);
    // The address this machine reaches the outside world from (a UDP
    // "connection" sends nothing): the sandbox must not answer there.
    let outward = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|socket| socket.connect("192.0.2.1:9").map(|_| socket))
        .and_then(|socket| socket.local_addr())
        .map(|addr| addr.ip())
        .ok()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified());
    if let Some(ip) = outward {
        let elsewhere = format!("http://{ip}:{}/v2/lists", running.addr.port());
        let reached = http.get(&elsewhere).bearer_auth(KEY).timeout(std::time::Duration::from_secs(2)).send().await;
        assert!(reached.is_err(), "the sandbox answered at {elsewhere}");
    }
    let here = http.get(format!("{}/lists", running.base_url())).bearer_auth(KEY).send().await.unwrap();
    assert!(here.status().is_success() || here.status() == 404, "{}", here.status());
}

#[tokio::test]
async fn a_reply_as_large_as_real_mail_is_taken() {
    let (running, http) = service().await;
    let base = running.base_url();
    let post = |path: &str, body: Value| http.post(format!("{base}{path}")).bearer_auth(KEY).json(&body).send();
    let (_, _, list) = read(post("/lists", json!({"name": "Big replies"})).await.unwrap()).await;
    let list_id = list["response"]["data"]["list_id"].as_i64().unwrap();
    post(&format!("/lists/{list_id}/members"), json!({"email": "ann@example.com"})).await.unwrap();
    let campaign = json!({"list_id": [list_id], "subject": "S", "from_name": "N", "from_email": "n@x.example",
        "html": "<p>Hi <a id=\"unsub_link\" href=\"%UNSUB%\">unsubscribe</a></p>"});
    let (_, _, created) = read(post("/campaigns", campaign).await.unwrap()).await;
    let campaign_id = created["response"]["data"]["campaign_id"].as_i64().unwrap();
    // Eight megabytes of HTML: four times what axum takes by default.
    let html = format!("<p>{}</p>", "Спасибо за письмо. ".repeat(8 * 1024 * 1024 / 33));
    let reply = json!({"campaign_id": campaign_id, "email": "ann@example.com", "subject": "Re: S", "html": html});
    let (status, _, body) = read(post("/sandbox/replies", reply).await.unwrap()).await;
    assert_eq!(status, 201, "{body}");
    assert!(body["response"]["data"]["dialog_id"].as_i64().is_some(), "{body}");
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_in_the_error_shape() {
    let (running, http) = service().await;
    let body = vec![b' '; 65 * 1024 * 1024];
    let response = http
        .post(format!("{}/sandbox/replies", running.base_url()))
        .bearer_auth(KEY)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_v2_error(&read(response).await, 413, 2);
}

#[tokio::test]
async fn unknown_paths_and_methods_are_refused_in_the_error_shape() {
    let (running, http) = service().await;
    let root = format!("http://{}", running.addr);
    let outside = http.get(format!("{root}/no/such/place")).send().await.unwrap();
    assert_v2_error(&read(outside).await, 404, 1001);
    let inside = http.get(format!("{root}/v2/no-such-thing")).bearer_auth(KEY).send().await.unwrap();
    assert_v2_error(&read(inside).await, 404, 1001);
    let wrong_method = http.patch(format!("{root}/v2/lists")).bearer_auth(KEY).send().await.unwrap();
    assert_v2_error(&read(wrong_method).await, 405, 1001);
    let download = http.post(format!("{root}/files/some-token")).send().await.unwrap();
    assert_v2_error(&read(download).await, 405, 1001);
}

#[tokio::test]
async fn a_malformed_body_is_refused_in_the_error_shape() {
    let (running, http) = service().await;
    let response = http
        .post(format!("{}/lists", running.base_url()))
        .bearer_auth(KEY)
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await
        .unwrap();
    let answer = read(response).await;
    assert!(answer.0 == 400 || answer.0 == 422, "{answer:?}");
    assert_v2_error(&answer, answer.0, 2);
}

#[tokio::test]
async fn the_legacy_interface_refuses_an_oversized_body_in_its_own_shape() {
    let (running, http) = service().await;
    let body = vec![b' '; 65 * 1024 * 1024];
    let response = http.post(format!("http://{}/", running.addr)).body(body).send().await.unwrap();
    let (status, kind, body) = read(response).await;
    assert_eq!(status, 200, "{body}");
    assert!(kind.starts_with("application/json"), "{kind}");
    assert_eq!(body["response"]["msg"]["err_code"], json!(2), "{body}");
    assert_eq!(body["response"]["msg"]["type"], json!("error"), "{body}");
}
