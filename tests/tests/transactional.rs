//! Transactional mail in the demo workspace, dark: the counts of the last
//! days against the days before, over another period, and the log, narrowed
//! to one outcome; a message written as HTML, asked about, sent, and found in
//! the log by its own id, its outcome read again from the service.

use e2e::App;

const ROW: &str = "[data-testid=message-row]";

#[tokio::test]
async fn a_message_is_sent_after_asking_and_found_in_the_log_by_its_id() {
    let mut app = App::launch_with_env("transactional", &[("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-transactional]", "[data-testid=message-stats]").await;
    app.wait("[data-testid=message-log], [data-testid=transactional-page] p").await;
    app.screenshot("transactional").await;

    // Another period: its counts, and its chart against the days before.
    app.choose_value("[data-testid=message-period]", "7").await;
    app.wait("[data-testid=message-stats][aria-label='Last 7 days']").await;
    app.wait("[data-testid=message-period-chart]").await;

    // Narrowed to one outcome, the log shows only messages it became of.
    app.choose("[data-testid=message-outcome]", "Bounced").await;
    let outcomes = "return [...document.querySelectorAll('[data-testid=message-row]')].map(r => r.dataset.outcome)";
    app.wait_script(outcomes, "only bounced messages", |shown| {
        let shown = shown.as_array().cloned().unwrap_or_default();
        !shown.is_empty() && shown.iter().all(|o| o == "bounced")
    })
    .await;
    app.choose("[data-testid=message-outcome]", "Any outcome").await;

    app.click_to_show("[data-testid=new-message]", "[data-testid=message-to]").await;
    app.type_into("[data-testid=message-to]", "anna.petrova@example.com").await;
    app.type_into("[data-testid=message-from]", "orders@northwind-cafe.com").await;
    app.type_into("[data-testid=message-subject]", "Your order 4242 is on its way").await;
    // The body opens in blocks: this one is written as HTML.
    app.click_to_show("[data-testid=message-body-html]", "[data-testid=message-html]").await;
    app.type_into("[data-testid=message-html]", "<p>Thank you! Order 4242 left the roastery today.</p>").await;
    app.type_into("[data-testid=message-id]", "order-4242").await;
    // A file from the computer goes with it, picked in the system's dialog
    // (a Latin name: xdotool drops keys of another layout under load; names
    // in Cyrillic are tested against the sandbox).
    let files = tempfile::tempdir().unwrap();
    let receipt = files.path().join("receipt-4242.pdf");
    std::fs::write(&receipt, b"%PDF-1.4 receipt").unwrap();
    app.click("[data-testid=message-attach]").await;
    e2e::native_dialog::open(&receipt).await;
    app.wait_text("[data-testid=message-attachment]", "the file listed", |t| t.contains("receipt-4242.pdf")).await;
    app.screenshot("transactional-new").await;
    app.click_to_show("[data-testid=review-message]", "[data-testid=confirm]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("Send to anna.petrova@example.com now?")).await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the toast", |t| t.contains("Sent to anna.petrova@example.com (id order-4242).")).await;

    let mine = format!("{ROW}[data-message-id=order-4242]");
    app.wait(&mine).await;
    app.type_into("[data-testid=message-search]", "anna.petrova@example.com").await;
    let recipients =
        "return [...document.querySelectorAll('[data-testid=message-row] [role=gridcell]:nth-child(2)')].map(c => c.textContent)";
    app.wait_script(recipients, "only her messages", |shown| {
        let shown = shown.as_array().cloned().unwrap_or_default();
        !shown.is_empty() && shown.iter().all(|r| r == "anna.petrova@example.com")
    })
    .await;

    app.click_to_show(&format!("{mine} [data-testid=open-message]"), "[data-testid=message-facts][data-fresh=true]")
        .await;
    app.wait_text("[data-testid=message-facts]", "its id", |t| t.contains("order-4242")).await;
    app.wait_text("[data-testid=message-files]", "the file it carried", |t| t.contains("receipt-4242.pdf")).await;
    app.screenshot("transactional-message").await;
    app.close().await;
}
