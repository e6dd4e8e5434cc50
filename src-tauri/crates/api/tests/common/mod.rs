#![allow(dead_code)]
//! A live sandbox on loopback for each test.

use campaign_desk_api::{ApiKey, Client, RetryPolicy};
use sandbox::{start, Config, Running};
use std::time::Duration;

pub const KEY: &str = "contract-test-key";

pub async fn sandbox() -> (Running, Client) {
    serve(Config::new(KEY)).await
}

/// A sandbox holding the demo business.
pub async fn demo_sandbox() -> (Running, Client) {
    serve(Config { demo: true, ..Config::new(KEY) }).await
}

async fn serve(config: Config) -> (Running, Client) {
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
        max_retry_after: Duration::from_secs(2),
    }
}
