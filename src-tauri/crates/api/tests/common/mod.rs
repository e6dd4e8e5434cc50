#![allow(dead_code)]
//! A live sandbox on loopback for each test.

use campaign_desk_api::{ApiKey, Client, RetryPolicy};
use sandbox::{start, Config, Running};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const KEY: &str = "contract-test-key";

pub async fn sandbox() -> (Running, Client) {
    serve(Config::new(KEY)).await
}

/// A sandbox holding the demo business.
pub async fn demo_sandbox() -> (Running, Client) {
    serve(Config { demo: true, ..Config::new(KEY) }).await
}

pub async fn serve(config: Config) -> (Running, Client) {
    let running = start(config).await.expect("sandbox starts");
    let client = Client::new(&running.base_url(), ApiKey::new(KEY))
        .expect("loopback address is accepted")
        .with_retry_policy(fast_retries());
    (running, client)
}

pub fn fast_retries() -> RetryPolicy {
    RetryPolicy {
        max_retries: 2,
        base_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(40),
        deadline: Duration::from_secs(10),
    }
}

pub const CAMPAIGN_HTML: &str = r#"<p>New beans</p><a href="https://northwind.example/shop">Shop</a>
<a href="https://northwind.example/blog">Blog</a><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a>"#;

/// A sandbox where a week of reading takes well under a second.
pub async fn fast_sandbox(seed: u64) -> (Running, Client) {
    let config = Config { clock_speed: 5_000_000.0, tick: Duration::from_millis(50), seed, ..Config::new(KEY) };
    serve(config).await
}

/// Sends a campaign to `recipients` new subscribers and waits for its events.
pub async fn sent_campaign(client: &Client, recipients: usize) -> (i64, i64) {
    use campaign_desk_api::campaigns::{self, CampaignContent, CampaignStatus};
    use campaign_desk_api::lists::{self, NewList};
    use campaign_desk_api::members::{self, AddOptions, NewMember};
    let list_id = lists::create(client, &NewList { name: "Readers".into(), ..NewList::default() }).await.unwrap();
    let batch: Vec<NewMember> = (0..recipients)
        .map(|n| NewMember { email: format!("r{n}@mail{}.example", n % 4), ..Default::default() })
        .collect();
    for chunk in batch.chunks(1000) {
        members::add_batch(client, list_id, chunk, AddOptions::default()).await.unwrap();
    }
    let content = CampaignContent {
        list_ids: Some(vec![list_id]),
        subject: Some("Beans".into()),
        from_name: Some("Northwind".into()),
        from_email: Some("news@northwind.example".into()),
        html: Some(CAMPAIGN_HTML.into()),
        ..CampaignContent::default()
    };
    let id = campaigns::create(client, &content).await.unwrap();
    campaigns::launch(client, id).await.unwrap();
    for _ in 0..300 {
        if campaigns::get(client, id).await.unwrap().status == CampaignStatus::Sent {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    (id, list_id)
}

/// A receiver that keeps every request it gets.
pub async fn receiver() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = std::sync::Arc::clone(&seen);
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut buf = vec![0u8; 65536];
            let mut got = Vec::new();
            loop {
                let n = socket.read(&mut buf).await.unwrap_or(0);
                got.extend_from_slice(&buf[..n]);
                let text = String::from_utf8_lossy(&got).to_string();
                let complete = text.split_once("\r\n\r\n").is_some_and(|(head, body)| {
                    let length = head
                        .lines()
                        .find_map(|l| {
                            l.to_lowercase()
                                .strip_prefix("content-length:")
                                .map(|v| v.trim().parse::<usize>().unwrap_or(0))
                        })
                        .unwrap_or(0);
                    body.len() >= length
                });
                if n == 0 || complete {
                    break;
                }
            }
            log.lock().unwrap().push(String::from_utf8_lossy(&got).to_string());
            let _ = socket.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").await;
        }
    });
    (url, seen)
}
