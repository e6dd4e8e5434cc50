//! The OS's conventions in the real window: a `campaign-desk://` link opens
//! its screen in the running app (a second launch hands it over and ends)
//! or in the app it starts; the window opens where the user left it; the
//! native menus speak the language chosen in the app, and their Edit and
//! View items work on the page.

use e2e::menu_bar;
use e2e::processes::built_binary;
use e2e::window_manager::{ask_to_close, window_gone};
use e2e::App;

/// The id of a sent campaign of the demo, the last of the reports' list
/// (not the one a test would open first by clicking).
async fn a_report_id(app: &App) -> String {
    app.click_to_show("[data-testid=nav-reports]", "[data-testid=report-campaign]").await;
    let id = app
        .script(
            "const rows = document.querySelectorAll('[data-testid=report-campaign]'); \
             return rows[rows.length - 1].dataset.campaignId",
        )
        .await;
    id.as_str().expect("a report's id").to_string()
}

#[tokio::test]
async fn a_link_opens_its_report_in_the_running_app_and_in_the_app_it_starts() {
    let mut app = App::launch("link-to-report").await;
    app.open_demo().await;
    let id = a_report_id(&app).await;
    // Somewhere else first, so that the report's page is the link's doing.
    app.click_to_show("[data-testid=nav-lists]", "[data-testid=lists-table]").await;

    app.launch_second(&[&format!("campaign-desk://report/{id}")]).await;
    app.wait(&format!("[data-testid=dashboard][data-campaign-id='{id}']")).await;
    assert_eq!(app.route().await, format!("/w/reports/{id}"));
    app.screenshot("report-from-a-link").await;

    // A link to nowhere changes nothing, and the app goes on.
    app.launch_second(&["campaign-desk://settings/1"]).await;
    app.launch_second(&["campaign-desk://list/1"]).await;
    let route = e2e::webdriver::wait_for(e2e::app::PATIENCE, "the list's page", || async {
        Some(app.route().await).filter(|r| r.starts_with("/w/lists/1"))
    })
    .await;
    assert!(route.is_ok(), "the good link after a bad one opened its list: {}", app.route().await);

    // The app started by a link opens there, once the account used last is open.
    let data = app.close().await;
    let link = format!("campaign-desk://report/{id}");
    let mut app = App::launch_binary("link-starts-the-app", &built_binary("campaign-desk"), data, &[&link], &[]).await;
    app.wait(&format!("[data-testid=dashboard][data-campaign-id='{id}']")).await;
    assert_eq!(app.route().await, format!("/w/reports/{id}"));
    app.screenshot("report-at-start").await;
    app.close().await;
}

/// The window's place on the X display: `[x, y, width, height]`.
fn geometry() -> Option<[i64; 4]> {
    let out = std::process::Command::new("xdotool")
        .args(["search", "--onlyvisible", "--name", "^Campaign Desk$", "getwindowgeometry", "--shell"])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let value = |key: &str| text.lines().find_map(|l| l.strip_prefix(&format!("{key}=")))?.trim().parse().ok();
    Some([value("X")?, value("Y")?, value("WIDTH")?, value("HEIGHT")?])
}

async fn wait_for_geometry(what: &str, expected: [i64; 4]) {
    let seen =
        e2e::webdriver::wait_for(e2e::app::PATIENCE, what, || async { geometry().filter(|g| *g == expected) }).await;
    assert!(seen.is_ok(), "{what}: the window is at {:?}, not {expected:?}", geometry());
}

#[tokio::test]
async fn the_window_opens_with_the_size_and_place_it_was_left_with() {
    let app = App::launch("window-place").await;
    app.wait("[data-testid=open-demo]").await;
    let first = geometry().expect("the window's geometry");
    assert_eq!(first[2..], [1280, 800], "the configured size at first");

    // As a person drags its corner and its title bar (no window manager here: asked of X).
    let moved = std::process::Command::new("xdotool")
        .args(["search", "--onlyvisible", "--name", "^Campaign Desk$"])
        .args(["windowsize", "%1", "1040", "660", "windowmove", "%1", "70", "45"])
        .status()
        .unwrap();
    assert!(moved.success());
    wait_for_geometry("the window resized and moved", [70, 45, 1040, 660]).await;
    let width = e2e::webdriver::wait_for(e2e::app::PATIENCE, "the page as wide as the window", || async {
        app.script("return window.innerWidth").await.as_i64().filter(|w| *w == 1040)
    })
    .await;
    assert!(width.is_ok(), "the page has the new width: {}", app.script("return window.innerWidth").await);

    ask_to_close("Campaign Desk").await;
    window_gone("Campaign Desk").await;
    let data = app.close().await;
    let kept = std::fs::read_to_string(data.path().join("window.json")).expect("the place is kept");
    let kept: serde_json::Value = serde_json::from_str(&kept).unwrap();
    assert_eq!((kept["width"].as_f64(), kept["height"].as_f64()), (Some(1040.0), Some(660.0)), "{kept}");

    let app = App::launch_again("window-place-again", data).await;
    app.wait("[data-testid=open-demo]").await;
    wait_for_geometry("the window where it was left", [70, 45, 1040, 660]).await;
    app.close().await;
}

/// The language the menus were last put up in, as the app's log says.
fn menus_language(app: &App) -> Option<String> {
    let logs = std::fs::read_dir(app.data_dir().join("logs")).ok()?;
    let mut last = None;
    for entry in logs.flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        if let Some(line) = text.lines().rev().find(|l| l.contains("the menus speak ")) {
            last = line.rsplit("the menus speak ").next().map(|l| l.trim().to_string());
        }
    }
    last
}

#[tokio::test]
async fn the_menus_follow_the_language_chosen_in_the_app() {
    let app = App::launch("menu-language").await;
    app.wait("[data-testid=open-demo]").await;
    let english = e2e::webdriver::wait_for(e2e::app::PATIENCE, "the menus in English", || async {
        menus_language(&app).filter(|l| l == "En")
    })
    .await;
    assert!(english.is_ok(), "the page told the menus its language: {:?}", menus_language(&app));

    app.choose("[data-testid=language]", "Русский").await;
    app.wait_text("[data-testid=open-demo]", "the Russian page", |t| t == "Открыть демо-аккаунт").await;
    let russian = e2e::webdriver::wait_for(e2e::app::PATIENCE, "the menus in Russian", || async {
        menus_language(&app).filter(|l| l == "Ru")
    })
    .await;
    assert!(russian.is_ok(), "the menus follow the switch: {:?}", menus_language(&app));
    app.close().await;
}

async fn field_value(app: &App) -> String {
    app.script("return document.querySelector('[data-testid=account-name]').value")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

async fn wait_for_value(app: &App, what: &str, expected: &str) {
    let seen = e2e::webdriver::wait_for(e2e::app::PATIENCE, what, || async {
        Some(field_value(app).await).filter(|v| v == expected)
    })
    .await;
    assert!(seen.is_ok(), "{what}: the field says {:?}", field_value(app).await);
}

#[tokio::test]
async fn the_edit_menu_selects_cuts_and_pastes_in_a_text_field() {
    let app = App::launch("edit-menu").await;
    app.click_to_show("[data-testid=add-account]", "[data-testid=account-name]").await;
    app.type_into("[data-testid=account-name]", "Coffee club").await;
    // Edit is the second menu: Undo, Redo, Cut, Copy, Paste, Select all.
    menu_bar::pick(1, 6);
    let selected = e2e::webdriver::wait_for(e2e::app::PATIENCE, "the text selected", || async {
        let field = "document.querySelector('[data-testid=account-name]')";
        let length = app.script(&format!("return {field}.selectionEnd - {field}.selectionStart")).await;
        length.as_i64().filter(|n| *n == 11)
    })
    .await;
    assert!(selected.is_ok(), "Select all selected the field's text");
    menu_bar::pick(1, 3);
    wait_for_value(&app, "the text cut", "").await;
    menu_bar::pick(1, 5);
    wait_for_value(&app, "the text pasted back", "Coffee club").await;
    app.close().await;
}

async fn wait_for_width(app: &App, what: &str, fits: impl Fn(i64) -> bool) {
    let seen = e2e::webdriver::wait_for(e2e::app::PATIENCE, what, || async {
        app.script("return window.innerWidth").await.as_i64().filter(|w| fits(*w))
    })
    .await;
    assert!(seen.is_ok(), "{what}: the page is {} wide", app.script("return window.innerWidth").await);
}

#[tokio::test]
async fn the_view_menu_zooms_the_page_in_and_back() {
    let app = App::launch("view-zoom").await;
    app.wait("[data-testid=open-demo]").await;
    wait_for_width(&app, "the page at its actual size", |w| w == 1280).await;
    // View is the third menu: Zoom in, Zoom out, Actual size.
    menu_bar::pick(2, 1);
    wait_for_width(&app, "the page zoomed in", |w| w < 1200).await;
    menu_bar::pick(2, 3);
    wait_for_width(&app, "the page at its actual size again", |w| w == 1280).await;
    app.close().await;
}
