//! The demo's first seed is all or nothing: an interrupted seed leaves no
//! store behind, and the next start seeds a complete one.

use campaign_desk_sandbox as sandbox;
use sandbox::DemoLanguage as Language;

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

async fn data(running: &sandbox::Running, path: &str) -> serde_json::Value {
    let answer: serde_json::Value = reqwest::Client::new()
        .get(format!("{}{path}", running.base_url()))
        .bearer_auth("k")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    answer["response"]["data"].clone()
}

#[tokio::test]
async fn the_demo_reads_like_a_russian_roasters_list_gathered_over_years_and_every_campaign_reached_someone() {
    let config = sandbox::Config { demo: true, demo_language: Language::Ru, ..sandbox::Config::new("k") };
    let running = sandbox::start(config).await.unwrap();
    let campaigns = data(&running, "/campaigns?status=SENT&limit=100").await;
    let sent = campaigns.as_array().expect("the sent campaigns");
    assert!(sent.len() >= 10, "{campaigns}");
    for campaign in sent {
        let reached = campaign["emails_sent"].as_i64().unwrap_or_default();
        assert!(reached > 0, "{} reached nobody: its segment names what no subscriber has", campaign["name"]);
    }

    let first = data(&running, "/lists/1/members?limit=1000").await;
    let last = data(&running, "/lists/1/members?limit=1000&start=49000").await;
    let year = |m: &serde_json::Value| m["optin_time"].as_str().unwrap()[..4].parse::<i32>().unwrap();
    let (earliest, latest) = (year(&first[0]), year(&last[999]));
    assert!(latest - earliest >= 5, "subscribed from {earliest} to {latest}");
    let (cyrillic, names) = first_names_in_cyrillic(&running).await;
    assert!(cyrillic * 2 > names, "most names are Russian, in Cyrillic: {cyrillic} of {names}");
    assert!(cyrillic < names, "and some are English");
    running.stop().await;
}

/// Of the first thousand subscribers of the demo's first list, how many have a first name in Cyrillic.
async fn first_names_in_cyrillic(running: &sandbox::Running) -> (usize, usize) {
    let first = data(running, "/lists/1/members?limit=1000").await;
    let names: Vec<&str> = first.as_array().unwrap().iter().filter_map(|m| m["merge_1"].as_str()).collect();
    (names.iter().filter(|n| n.chars().any(|c| ('А'..='я').contains(&c))).count(), names.len())
}

#[tokio::test]
async fn the_english_demo_s_subscribers_have_english_names_but_a_few() {
    let config = sandbox::Config { demo: true, demo_language: Language::En, ..sandbox::Config::new("k") };
    let running = sandbox::start(config).await.unwrap();
    let (cyrillic, names) = first_names_in_cyrillic(&running).await;
    assert!(cyrillic * 5 < names, "most names are English: {cyrillic} of {names} in Cyrillic");
    assert!(cyrillic > 0, "and a few are Russian");
    running.stop().await;
}
