//! Retries, timeouts and refusals against real sockets on loopback.

use crate::common;

use campaign_desk_api::{account, ApiKey, Client, Error};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// What a scripted server received, one request a connection.
#[derive(Clone, Default)]
struct Received(Arc<Mutex<Vec<String>>>);

impl Received {
    fn count(&self) -> usize {
        self.0.lock().unwrap().len()
    }
    fn first(&self) -> String {
        self.0.lock().unwrap()[0].clone()
    }
}

/// A tiny HTTP server answering each connection with the next canned reply.
async fn scripted(replies: Vec<String>) -> (String, Received) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let received = Received::default();
    let log = received.clone();
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else {
                return;
            };
            let mut buf = vec![0u8; 8192];
            let read = socket.read(&mut buf).await.unwrap_or(0);
            let n = {
                let mut requests = log.0.lock().unwrap();
                requests.push(String::from_utf8_lossy(&buf[..read]).into_owned());
                requests.len() - 1
            };
            let reply = replies[n.min(replies.len() - 1)].clone();
            if reply == "DROP" {
                drop(socket);
                continue;
            }
            let _ = socket.write_all(reply.as_bytes()).await;
            let _ = socket.shutdown().await;
        }
    });
    (format!("http://{addr}/v2"), received)
}

fn reply(status: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
}

fn ok_balance() -> String {
    reply(
        "200 OK",
        r#"{"response":{"msg":{"err_code":0,"text":"OK","type":"message"},"data":{"limit_members":0,"members":5}}}"#,
    )
}

fn bad_gateway() -> String {
    reply("502 Bad Gateway", "bad")
}

fn too_many() -> String {
    reply("429 Too Many Requests", r#"{"error":{"code":58,"message":"Too many requests","details":{"retry_after":1}}}"#)
}

fn dropped() -> String {
    "DROP".into()
}

fn client(url: &str) -> Client {
    Client::new(url, ApiKey::new("k")).unwrap().with_retry_policy(common::fast_retries())
}

#[tokio::test]
async fn reads_retry_through_5xx_and_dropped_connections() {
    let (url, hits) = scripted(vec![bad_gateway(), dropped(), ok_balance()]).await;
    let balance = account::balance(&client(&url)).await.unwrap();
    assert_eq!(balance.members, 5);
    assert_eq!(hits.count(), 3);
}

#[tokio::test]
async fn reads_give_up_after_the_retry_budget() {
    let (url, hits) = scripted(vec![bad_gateway()]).await;
    let err = account::balance(&client(&url)).await.unwrap_err();
    assert_eq!(err.status(), Some(502));
    assert_eq!(hits.count(), 3, "one try and two retries");
}

#[tokio::test]
async fn writes_are_never_retried_after_a_server_error() {
    let (url, hits) = scripted(vec![bad_gateway(), ok_balance()]).await;
    let err = client(&url).post(&["lists"], serde_json::json!({"name": "x"})).await.unwrap_err();
    assert_eq!(err.status(), Some(502));
    assert_eq!(hits.count(), 1);
}

#[tokio::test]
async fn a_429_waits_for_retry_after_then_succeeds() {
    let (url, hits) = scripted(vec![too_many(), ok_balance()]).await;
    let started = std::time::Instant::now();
    account::balance(&client(&url)).await.unwrap();
    assert!(started.elapsed() >= std::time::Duration::from_millis(950), "waited {:?}", started.elapsed());
    assert_eq!(hits.count(), 2);
}

#[tokio::test]
async fn an_unreachable_host_is_a_clear_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let err = account::balance(&client(&format!("http://127.0.0.1:{port}/v2"))).await.unwrap_err();
    assert!(matches!(err, Error::Unreachable(_)), "{err:?}");
}

#[tokio::test]
async fn the_balance_answers_from_the_sandbox() {
    let (_sandbox, client) = common::sandbox().await;
    let balance = account::balance(&client).await.unwrap();
    assert_eq!((*balance.limit_members, *balance.members), (0, 0));
}

#[tokio::test]
async fn requests_name_the_app_and_carry_the_key_only_where_it_belongs() {
    let (url, hits) = scripted(vec![ok_balance()]).await;
    account::balance(&client(&url)).await.unwrap();
    let request = hits.first().to_ascii_lowercase();
    assert!(request.starts_with("get /v2/account/balance "), "{request}");
    assert!(request.contains("user-agent: campaigndesk/"), "{request}");
    assert!(request.contains("authorization: bearer k\r\n"), "{request}");

    let legacy = reply("200 OK", r#"{"response":{"msg":{"err_code":0,"text":"OK"},"data":1}}"#);
    let (url, hits) = scripted(vec![legacy]).await;
    let key = "legacy-secret-key";
    let client = Client::new(&url, ApiKey::new(key)).unwrap();
    client.legacy("lists.get", serde_json::Map::new(), true).await.unwrap();
    let request = hits.first();
    let request_line = request.lines().next().unwrap_or_default();
    assert!(request_line.starts_with("POST / "), "{request_line}");
    assert!(!request_line.contains(key), "the key is never in the address");
    assert!(request.contains(&format!("\"api_key\":\"{key}\"")), "{request}");
}

#[tokio::test]
async fn a_redirect_is_not_followed_and_the_other_host_never_sees_the_key() {
    let (elsewhere, reached) = scripted(vec![ok_balance()]).await;
    let moved = |status: &str| {
        format!("HTTP/1.1 {status}\r\nlocation: {elsewhere}/account/balance\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
    };
    let (url, hits) = scripted(vec![moved("307 Temporary Redirect"), moved("308 Permanent Redirect")]).await;
    let key = "redirect-canary-key";
    let client = Client::new(&url, ApiKey::new(key)).unwrap().with_retry_policy(common::fast_retries());
    let err = account::balance(&client).await.unwrap_err();
    assert_eq!(err.status(), Some(307), "{err:?}");
    let err = client.legacy("lists.get", serde_json::Map::new(), false).await.unwrap_err();
    assert_eq!(err.status(), Some(308), "{err:?}");
    assert_eq!(hits.count(), 2);
    assert_eq!(reached.count(), 0, "the redirect target was never contacted");
}

#[tokio::test]
async fn an_oversized_answer_is_refused_not_read_into_memory() {
    let huge = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        campaign_desk_api::answer::MAX_BODY_BYTES + 1
    );
    let (url, _) = scripted(vec![huge]).await;
    let err = account::balance(&client(&url)).await.unwrap_err();
    assert!(matches!(err, Error::Decode(ref d) if d.contains("larger than")), "{err:?}");
}

#[tokio::test]
async fn a_write_cut_after_sending_may_have_been_applied() {
    let (url, hits) = scripted(vec![dropped()]).await;
    let err = client(&url).post(&["lists"], serde_json::json!({"name": "x"})).await.unwrap_err();
    assert!(matches!(err, Error::OutcomeUnknown(_)), "{err:?}");
    assert_eq!(hits.count(), 1, "never sent twice");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let err = client(&format!("http://127.0.0.1:{port}/v2")).post(&["lists"], serde_json::json!({})).await.unwrap_err();
    assert!(matches!(err, Error::Unreachable(_)), "a refused connection sent nothing: {err:?}");
}
