//! What a person sends with a bug report, from the real window: the Help
//! menu copies a summary of the app, its system and its log to the system
//! clipboard (pasted back here, as a person would paste it into a report).

use e2e::App;

#[tokio::test]
async fn help_copies_the_diagnostics_to_the_clipboard() {
    let mut app = App::launch("diagnostics").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=diagnostics-menu]", "[data-testid=copy-diagnostics]").await;
    app.screenshot("diagnostics-menu").await;
    app.click("[data-testid=copy-diagnostics]").await;
    app.wait_toast("the copy confirmed", |t| t.starts_with("Diagnostics copied")).await;

    // Pasted into a field of the app: one line, so the lines run together.
    app.click_to_show("[data-testid=new-list]", "[data-testid=list-name]").await;
    app.click("[data-testid=list-name]").await;
    app.press(&["\u{E009}", "v"]).await;
    let pasted = app
        .wait_script("return document.querySelector('[data-testid=list-name]').value", "the pasted diagnostics", |v| {
            v.as_str().is_some_and(|s| !s.is_empty())
        })
        .await;
    let pasted = pasted.as_str().unwrap_or_default();
    assert!(pasted.starts_with(&format!("Campaign Desk {}", env!("CARGO_PKG_VERSION"))), "{pasted}");
    assert!(pasted.contains("System: linux"), "{pasted}");
    assert!(pasted.contains("Accounts: 1"), "the demo workspace: {pasted}");
    assert!(pasted.contains("account opened: demo"), "the log's last lines: {pasted}");
    app.screenshot("diagnostics-pasted").await;
    app.close().await;
}

/// An app that ends without closing (killed here; out of memory or an abort
/// alike) leaves its marker; the next start writes the report and offers
/// it, in the window, to copy for a bug report.
#[tokio::test]
async fn a_killed_app_offers_its_report_at_the_next_start() {
    let app = App::launch("crash-offer").await;
    app.open_demo().await;
    app.wait("[data-testid=current-account]").await;
    assert_eq!(app.script("return Boolean(document.querySelector('[data-testid=crash-offer]'))").await, false);
    let logs = app.data_dir().join("logs");
    assert!(logs.join("running.json").exists(), "the run is marked as it starts");
    let data_dir = app.crash();

    let mut app = App::launch_again("crash-offer-again", data_dir).await;
    app.wait("[data-testid=current-account], [data-testid=open-demo]").await;
    if app.script("return Boolean(document.querySelector('[data-testid=open-demo]'))").await == serde_json::json!(true)
    {
        app.open_demo().await;
    }
    let offer = app.wait_text("[data-testid=crash-offer]", "the offer", |t| t.contains("closed unexpectedly")).await;
    assert!(offer.contains("ended without closing"), "{offer}");
    let report = app.attribute("[data-testid=crash-offer]", "data-report").await;
    assert!(report.starts_with("crash-") && report.ends_with(".txt"), "{report}");
    let written = std::fs::read_to_string(logs_of(&app).join(&report)).unwrap();
    assert!(written.contains("ended without closing") && written.contains("account opened: demo"), "{written}");
    app.screenshot("crash-offer").await;
    app.choose("[data-testid=language]", "Русский").await;
    app.wait_text("[data-testid=crash-offer]", "the offer in Russian", |t| t.contains("закрылся неожиданно")).await;
    app.screenshot("crash-offer-ru").await;
    app.choose("[data-testid=language]", "English").await;
    app.wait_text("[data-testid=crash-offer]", "the offer in English", |t| t.contains("closed unexpectedly")).await;
    app.click("[data-testid=crash-offer-copy]").await;
    app.wait_toast("the copy confirmed", |t| t.starts_with("Report copied")).await;
    app.click("[data-testid=crash-offer-dismiss]").await;
    app.wait_script("return document.querySelector('[data-testid=crash-offer]') === null", "the offer closed", |v| {
        v == true
    })
    .await;
    // Closed as a person closes it: the mark goes with a clean end.
    let marker = logs_of(&app).join("running.json");
    e2e::window_manager::ask_to_close("Campaign Desk").await;
    e2e::window_manager::window_gone("Campaign Desk").await;
    e2e::webdriver::wait_for(std::time::Duration::from_secs(20), "the mark removed", || {
        let gone = !marker.exists();
        async move { gone.then_some(()) }
    })
    .await
    .unwrap();
    app.close().await;
}

fn logs_of(app: &App) -> std::path::PathBuf {
    app.data_dir().join("logs")
}
