//! The app against a service that answers only what its contract lists
//! (the sandbox with `--contract-only`): no recipient count, no test sends,
//! no opens per hour. A launch still asks with the count, marked
//! approximate; a test send says it is not available; the charts drawn from
//! the hours say why they are empty.

use e2e::App;

const KEY: &str = "contract-only-key";
const ROW: &str = "[data-testid=campaign-row]";
const DRAFT: &str = "[data-testid=campaign-row][data-campaign-name='Holiday gift guide (draft)']";

#[tokio::test]
async fn beyond_the_contract_the_launch_asks_with_an_approximate_count_and_the_rest_says_why() {
    let sandbox = e2e::SandboxProcess::start_with(KEY, &["--demo", "--contract-only"]);
    let client = api::Client::new(&sandbox.base_url, api::ApiKey::new(KEY)).unwrap();
    let mut app = App::launch("contract-only").await;
    app.add_account("Plain service", &sandbox.base_url, KEY).await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.click_to_show(&format!("{DRAFT} [data-testid=open-campaign]"), "[data-testid=campaign-editor]").await;
    let id = app.script("return document.querySelector('[data-testid=campaign-editor]').dataset.campaignId").await;
    let id: i64 = id.as_str().unwrap().parse().unwrap();
    let lists = api::campaigns::get(&client, id).await.unwrap().list_id.0;
    let mut active = 0;
    for list in lists {
        active += *api::lists::get(&client, list).await.unwrap().counts.count_active;
    }

    // The service cannot count: the question says how many the lists hold, as "about".
    app.wait_count("[data-testid=launch-reason]", "nothing stops the launch", |n| n == 0).await;
    app.click("[data-testid=launch-send]").await;
    let reach = app.wait_text("[data-testid=launch-reach]", "the count asked about", |t| t.contains("about")).await;
    assert!(reach.contains(&format!("about {} subscribers", e2e::english(active as u64))), "{reach}");
    let question = app.wait_text("[role=dialog]", "the question", |t| t.contains("does not count")).await;
    assert!(question.contains("Send “Holiday gift guide (draft)” now?"), "{question}");
    app.screenshot("launch-asks-about").await;
    app.click("[data-testid=confirm]").await;
    app.wait_text("[data-testid=launch-countdown]", "the countdown", |t| t.contains("Sending")).await;
    app.click("[data-testid=launch-undo]").await;
    app.wait_count("[data-testid=launch-countdown]", "the countdown gone", |n| n == 0).await;
    assert_eq!(
        api::campaigns::get(&client, id).await.unwrap().status,
        api::campaigns::CampaignStatus::Draft,
        "undone: nothing left the app"
    );

    // A test send: the service has none, and the app says so.
    app.click_to_show("[data-testid=test-send]", "[data-testid=test-addresses]").await;
    app.type_into("[data-testid=test-addresses]", "anna@northwind.example").await;
    app.click("[data-testid=test-send-submit]").await;
    app.wait_text("[data-testid=test-countdown]", "ten seconds to undo", |t| t.contains("1 address")).await;
    let said = app.wait_toast("why no test went", |t| t.contains("does not let you send the test")).await;
    assert!(said.contains("no such operation"), "{said}");
    app.screenshot("test-send-not-offered").await;
    app.wait("[data-testid=campaign-editor]").await;

    // The charts of opens per hour say why they are empty; the others are drawn.
    app.click_to_show("[data-testid=nav-reports]", "[data-testid=report-campaign]").await;
    let best_time = app.wait_text("[data-testid=chart-best-time-gap]", "why best time is empty", |_| true).await;
    assert!(best_time.contains("does not report opens and clicks hour by hour"), "{best_time}");
    app.wait("[data-testid=chart-trend]").await;
    app.screenshot("overview-without-hours").await;
    app.click_to_show("[data-testid=report-campaign] [data-testid=open-report]", "[data-testid=dashboard]").await;
    let activity = app.wait_text("[data-testid=chart-activity-gap]", "why activity is empty", |_| true).await;
    assert!(activity.contains("does not report opens and clicks hour by hour"), "{activity}");
    app.wait("[data-testid=chart-funnel]").await;
    app.screenshot("dashboard-without-hours").await;
    let stored = std::fs::read_to_string(app.data_dir().join("accounts.json")).unwrap();
    let stored: serde_json::Value = serde_json::from_str(&stored).unwrap();
    let account = stored["accounts"][0]["id"].as_str().unwrap().to_string();
    app.close().await;
    let _ = keyring::Entry::new("campaign-desk", &account).and_then(|entry| entry.delete_credential());
}
