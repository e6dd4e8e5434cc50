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
