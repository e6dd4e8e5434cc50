//! Retries, timeouts and refusals against real sockets on loopback.

mod common;

use campaign_desk_api::{account, ApiKey, Client, Error};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A tiny HTTP server answering each connection with the next canned reply.
async fn scripted(replies: Vec<String>) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&hits);
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else {
                return;
            };
            let n = counter.fetch_add(1, Ordering::SeqCst);
            let reply = replies[n.min(replies.len() - 1)].clone();
            let mut buf = vec![0u8; 8192];
            let _ = socket.read(&mut buf).await;
            if reply == "DROP" {
                drop(socket);
                continue;
            }
            let _ = socket.write_all(reply.as_bytes()).await;
            let _ = socket.shutdown().await;
        }
    });
    (format!("http://{addr}/v2"), hits)
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
    reply(
        "429 Too Many Requests",
        r#"{"error":{"code":58,"message":"Too many requests","details":{"retry_after":1}}}"#,
    )
}

fn dropped() -> String {
    "DROP".into()
}

fn client(url: &str) -> Client {
    Client::new(url, ApiKey::new("k"))
        .unwrap()
        .with_retry_policy(common::fast_retries())
}

#[tokio::test]
async fn reads_retry_through_5xx_and_dropped_connections() {
    let (url, hits) = scripted(vec![bad_gateway(), dropped(), ok_balance()]).await;
    let balance = account::balance(&client(&url)).await.unwrap();
    assert_eq!(balance.members, 5);
    assert_eq!(hits.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn reads_give_up_after_the_retry_budget() {
    let (url, hits) = scripted(vec![bad_gateway()]).await;
    let err = account::balance(&client(&url)).await.unwrap_err();
    assert_eq!(err.status(), Some(502));
    assert_eq!(hits.load(Ordering::SeqCst), 3, "one try and two retries");
}

#[tokio::test]
async fn writes_are_never_retried_after_a_server_error() {
    let (url, hits) = scripted(vec![bad_gateway(), ok_balance()]).await;
    let err = client(&url)
        .post(&["lists"], serde_json::json!({"name": "x"}))
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(502));
    assert_eq!(hits.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_429_waits_for_retry_after_then_succeeds() {
    let (url, hits) = scripted(vec![too_many(), ok_balance()]).await;
    let started = std::time::Instant::now();
    account::balance(&client(&url)).await.unwrap();
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(950),
        "waited {:?}",
        started.elapsed()
    );
    assert_eq!(hits.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn an_unreachable_host_is_a_clear_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let err = account::balance(&client(&format!("http://127.0.0.1:{port}/v2")))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Unreachable(_)), "{err:?}");
}

#[tokio::test]
async fn the_balance_answers_from_the_sandbox() {
    let (_sandbox, client) = common::sandbox().await;
    let balance = account::balance(&client).await.unwrap();
    assert_eq!((balance.limit_members, balance.members), (0, 0));
}
