//! The request log against a real sandbox: one record per request with its
//! method, path, status (and the service's code) and time, and never the
//! key, a query string or a subscriber's address, whichever interface.

use campaign_desk_api as api;
use campaign_desk_api::{ApiKey, Client};
use std::sync::Mutex;

/// Every record logged in this test process.
struct Kept(Mutex<Vec<String>>);

impl log::Log for Kept {
    fn enabled(&self, _: &log::Metadata) -> bool {
        true
    }

    fn log(&self, record: &log::Record) {
        let line = format!("{} {} {}", record.level(), record.target(), record.args());
        self.0.lock().unwrap().push(line);
    }

    fn flush(&self) {}
}

static KEPT: Kept = Kept(Mutex::new(Vec::new()));

#[tokio::test]
async fn each_request_is_logged_without_the_key_the_query_or_an_address() {
    log::set_logger(&KEPT).unwrap();
    log::set_max_level(log::LevelFilter::Info);
    let key = format!("canary-{:016x}", fastrand::u64(..));
    let running = sandbox::start(sandbox::Config::new(key.clone())).await.unwrap();
    let client = Client::new(&running.base_url(), ApiKey::new(&key)).unwrap();

    let list = api::lists::create(&client, &api::lists::NewList { name: "Logged".into(), ..Default::default() })
        .await
        .unwrap();
    let _ = api::members::find(&client, "ann.lee@shop.example").await;
    let _ = client.get(&["lists", &list.to_string(), "members", "ann.lee@shop.example"], &[]).await;
    client.legacy("lists.get", serde_json::Map::new(), true).await.unwrap();
    let refused = api::lists::get(&client, 999_999).await;
    assert!(refused.is_err());

    let lines = KEPT.0.lock().unwrap().clone();
    let all = lines.join("\n");
    assert!(lines.iter().any(|l| l.starts_with("INFO api POST /v2/lists 201 in ")), "{all}");
    assert!(lines.iter().any(|l| l.starts_with("INFO api POST / lists.get 200 in ")), "the legacy call: {all}");
    assert!(
        lines.iter().any(|l| l.starts_with("WARN api GET /v2/lists/999999 404 code 4 in ")),
        "a refusal with its code: {all}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with(&format!("WARN api GET /v2/lists/{list}/members/{{email}} 404 code "))),
        "an address in the path is hidden: {all}"
    );
    assert!(!all.contains(&key), "the key was logged: {all}");
    assert!(!all.contains("ann.lee"), "an address was logged: {all}");
    assert!(!all.contains('?') && !all.contains("api_key"), "a query was logged: {all}");
}
