//! The client goes through the proxy the system names (here `HTTPS_PROXY`,
//! `HTTP_PROXY` and `ALL_PROXY`, as on Linux), except to this computer: the
//! sandbox on loopback is reached directly, whatever the settings say.
//!
//! Alone in its test binary: it sets the process's environment.

mod common;

use campaign_desk_api::{account, ApiKey, Client};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A proxy that notes the first line of every request it is sent and refuses it.
async fn refusing_proxy() -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut buf = vec![0u8; 8192];
            let read = socket.read(&mut buf).await.unwrap_or(0);
            let head = String::from_utf8_lossy(&buf[..read]);
            log.lock().unwrap().push(head.lines().next().unwrap_or_default().to_string());
            let _ = socket.write_all(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").await;
            let _ = socket.shutdown().await;
        }
    });
    (address, seen)
}

#[tokio::test]
async fn the_system_proxy_carries_requests_to_the_service_but_never_to_this_computer() {
    let (proxy, seen) = refusing_proxy().await;
    for name in ["HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY"] {
        std::env::set_var(name, &proxy);
        std::env::remove_var(name.to_lowercase());
    }
    std::env::remove_var("NO_PROXY");
    std::env::remove_var("no_proxy");

    let remote =
        Client::new("https://service.example/v2", ApiKey::new("k")).unwrap().with_retry_policy(common::fast_retries());
    assert!(account::balance(&remote).await.is_err(), "the proxy refuses");
    assert_eq!(
        seen.lock().unwrap().first().map(String::as_str),
        Some("CONNECT service.example:443 HTTP/1.1"),
        "the service is asked for through the proxy"
    );

    let before = seen.lock().unwrap().len();
    let (_sandbox, local) = common::sandbox().await;
    let balance = account::balance(&local).await;
    assert!(balance.is_ok(), "the sandbox on loopback is reached directly: {balance:?}");
    let localhost =
        Client::new(&local.address().v2.as_str().replace("127.0.0.1", "localhost"), ApiKey::new(common::KEY))
            .unwrap()
            .with_retry_policy(common::fast_retries());
    let balance = account::balance(&localhost).await;
    assert!(balance.is_ok(), "and so is localhost: {balance:?}");
    assert_eq!(
        seen.lock().unwrap().len(),
        before,
        "nothing for this computer went to the proxy: {:?}",
        seen.lock().unwrap()
    );
}
