//! The demo's first seed is all or nothing: an interrupted seed leaves no
//! store behind, and the next start seeds a complete one.

use campaign_desk_sandbox as sandbox;

async fn list_count(running: &sandbox::Running) -> usize {
    let lists: serde_json::Value = reqwest::Client::new()
        .get(format!("{}/lists", running.base_url()))
        .bearer_auth("k")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    lists["response"]["data"].as_array().map(Vec::len).unwrap_or(0)
}

#[tokio::test]
async fn a_seed_cut_short_is_discarded_and_the_next_start_seeds_whole() {
    let temp = tempfile::Builder::new().prefix("sandbox-seed-").tempdir().unwrap();
    let dir = temp.path();
    let store = dir.join("workspace.sqlite");
    // What quitting mid-seed leaves: a partial file beside the store, no store.
    std::fs::write(dir.join("workspace.seeding"), b"half a database").unwrap();
    let config = || sandbox::Config { db: Some(store.clone()), demo: true, ..sandbox::Config::new("k") };
    let running = sandbox::start(config()).await.expect("starts despite the leftover");
    let seeded = list_count(&running).await;
    assert!(seeded >= 5, "the demo's lists are there: {seeded}");
    assert!(!dir.join("workspace.seeding").exists(), "the partial file is gone");
    running.stop().await;

    let again = sandbox::start(config()).await.unwrap();
    assert_eq!(list_count(&again).await, seeded, "the second start reuses the store");
    again.stop().await;
    std::fs::remove_file(&store).expect("a stopped sandbox holds the store no more");
}
