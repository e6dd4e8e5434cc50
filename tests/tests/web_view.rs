//! The web view is the app's own: the page cannot be sent away from the
//! app's origin, and the keys that reload a browser (F5, Ctrl+R), pressed
//! as a person presses them, leave the page as it was; a reload would drop
//! sends waiting in their undo window without a word.

use e2e::desktop::Desktop;
use e2e::keyboard::KeyboardLayout;
use e2e::App;

/// What the app's log says when it keeps the web view from leaving.
const KEPT: &str = "the web view was kept from leaving the app";

#[tokio::test]
async fn the_page_cannot_be_sent_away_from_the_app() {
    let app = App::launch("web-view-stays").await;
    app.open_demo().await;
    app.script("window.__samePage = true; location.href = 'https://example.com/'; return true").await;
    let log = app.data_dir().join("logs").join("campaign-desk.log");
    e2e::webdriver::wait_for(e2e::app::PATIENCE, "the refusal in the app's log", || {
        let log = log.clone();
        async move { std::fs::read_to_string(log).ok().filter(|text| text.contains(KEPT)) }
    })
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let still = app.script("return [window.__samePage === true, location.protocol]").await;
    assert_eq!(still, serde_json::json!([true, "tauri:"]), "the app's page, not another");
    app.wait("[data-testid=nav-lists]").await;
    app.close().await;
}

#[tokio::test]
async fn f5_and_ctrl_r_do_not_reload_the_page() {
    let mut desktop = Desktop::start().await;
    let app = App::launch_with_env("web-view-no-reload", &[("DISPLAY", desktop.display())]).await;
    app.open_demo().await;
    // A reload would first say the page is leaving, then start a new one without these.
    app.script(
        "window.__samePage = true; addEventListener('beforeunload', () => { window.__leaving = true }); return true",
    )
    .await;
    let keyboard = KeyboardLayout::set(desktop.display(), "us");
    desktop.focus_window("Campaign Desk").await;
    keyboard.press(&["F5", "ctrl+r", "ctrl+shift+r"]);
    // Keys reach the page in order: once Ctrl+K has opened the palette, the ones before it were handled.
    keyboard.press(&["ctrl+k"]);
    app.wait_script("return document.activeElement?.dataset.testid ?? ''", "the palette opened by Ctrl+K", |v| {
        v == "palette-input"
    })
    .await;
    let page = app.script("return [window.__samePage === true, window.__leaving === true]").await;
    assert_eq!(page, serde_json::json!([true, false]), "the page was reloaded");
    drop(keyboard);
    app.close().await;
}
