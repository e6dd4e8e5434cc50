//! The app as a whole: it speaks the desktop's language (and switches), and
//! a second launch brings the running window forward instead of starting
//! another copy.

use e2e::App;

/// Russian, in the dark theme: the English tests see the light one and the theme test both.
const RUSSIAN: [(&str, &str); 2] = [("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")];

/// English words of the UI that must not show on a Russian screen.
const ENGLISH: [&str; 12] = [
    "Lists",
    "Campaigns",
    "Subscribers",
    "Switch account",
    "New list",
    "Active",
    "Unsubscribed",
    "Created",
    "Cancel",
    "Demo workspace",
    "All lists",
    "Could not",
];

async fn assert_russian(app: &App, screen: &str) {
    let text = app.script("return document.body.innerText").await;
    let text = text.as_str().unwrap_or_default();
    assert!(
        text.chars().any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))),
        "{screen}: no Russian: {text}"
    );
    for word in ENGLISH {
        assert!(!text.contains(word), "{screen}: English “{word}” on a Russian screen:\n{text}");
    }
}

#[tokio::test]
async fn started_in_russian_the_app_speaks_russian_everywhere_and_switches_to_english() {
    let mut app = App::launch_seeding_the_demo("russian", &RUSSIAN).await;
    app.wait_text("[data-testid=open-demo]", "the Russian demo button", |t| t == "Открыть демо-аккаунт").await;
    assert_russian(&app, "accounts").await;
    app.screenshot("ru-accounts").await;

    app.open_demo().await;
    app.wait_text("h1", "the Russian heading", |t| t == "Списки").await;
    let count = app
        .wait_text(
            "[data-testid=list-row][data-list-name='Новости и акции'] td:nth-child(2)",
            "the count",
            |t| !t.is_empty(),
        )
        .await;
    assert_eq!(count.replace(['\u{a0}', '\u{202f}'], " "), "50 000", "Russian digit grouping");
    // The demo a Russian start makes is a Russian roaster's, as many subscribers as the English one.
    let lists = app.wait_text("[data-testid=lists-table]", "the demo's lists", |t| t.contains("Кофейный клуб")).await;
    assert!(!lists.contains("Newsletter") && !lists.contains("Coffee club"), "{lists}");
    assert_russian(&app, "lists").await;
    app.screenshot("ru-lists").await;

    app.click("[data-testid=list-row][data-list-name='Новости и акции'] [data-testid=open-list]").await;
    app.wait_count("[data-testid=table-row]", "subscribers", |n| n >= 10).await;
    app.wait_text("[data-testid=tab-unsubscribed]", "the Russian state filter", |t| t.starts_with("Отписались")).await;
    assert_russian(&app, "subscribers").await;
    app.screenshot("ru-subscribers").await;

    app.click("[data-testid=back-to-lists]").await;
    app.click_to_show("[data-testid=new-list]", "[data-testid=list-name]").await;
    app.click("[data-testid=list-name-submit]").await;
    let error = app.wait_text("[data-testid=error]", "the Russian error", |t| !t.is_empty()).await;
    assert!(error.contains("не заполнено"), "{error}");
    assert_russian(&app, "new-list error").await;
    app.screenshot("ru-new-list-error").await;
    app.click("[data-testid=dialog-cancel]").await;

    app.click_to_show("[data-testid=nav-inbound]", "[data-testid=route-row]").await;
    app.wait_text("[data-testid=inbound-page] h1", "the Russian title", |t| t == "Входящая почта").await;
    assert_russian(&app, "inbound").await;
    app.screenshot("ru-inbound").await;

    for (area, title) in [
        ("campaigns", "Рассылки"),
        ("automations", "Автоматизация"),
        ("templates", "Шаблоны"),
        ("transactional", "Транзакционные письма"),
        ("account", "Аккаунт"),
    ] {
        app.click(&format!("[data-testid=nav-{area}]")).await;
        app.wait_text("h1", "the Russian title", |t| t == title).await;
        // Each area's content: a table (plain, or the kit's grid) or the templates' cards.
        app.wait("table, [role=grid], [data-testid=template-card]").await;
        assert_russian(&app, area).await;
        app.screenshot(&format!("ru-{area}")).await;
    }
    app.click_to_show("[data-testid=nav-automations]", "[data-testid=automation-row]").await;
    app.click_to_show("[data-testid=automation-row] [data-testid=open-automation]", "[data-testid=automation-trigger]")
        .await;
    app.wait("[data-testid=launch-check]").await;
    assert_russian(&app, "automation").await;
    app.screenshot("ru-automation").await;

    app.click("[data-testid=nav-reports]").await;
    app.wait_text("h1", "the Russian reports", |t| t == "Отчёты").await;
    app.wait("[data-testid=report-campaigns]").await;
    assert_russian(&app, "reports").await;
    app.screenshot("ru-reports").await;

    app.choose("[data-testid=language]", "English").await;
    app.wait_text("[data-testid=nav-lists]", "English navigation", |t| t.contains("Lists")).await;
    app.screenshot("switched-to-english").await;
    app.close().await;
}

#[tokio::test]
async fn a_second_launch_focuses_the_first_and_exits() {
    let mut app = App::launch("single-instance").await;
    app.open_demo().await;
    app.launch_second(&[]).await;
    let focused = app.script("return document.hasFocus()").await;
    assert_eq!(focused.as_bool(), Some(true), "the first window has the focus");
    app.wait("[data-testid=lists-table]").await;
    app.screenshot("first-window-still-there").await;
    app.close().await;
}

#[tokio::test]
async fn switching_account_goes_back_to_the_accounts_screen() {
    let mut app = App::launch("switch-account").await;
    app.open_demo().await;
    app.click("[data-testid=list-row][data-list-name=Newsletter] [data-testid=open-list]").await;
    app.wait_count("[data-testid=table-row]", "subscribers", |n| n >= 10).await;
    app.click("[data-testid=switch-account]").await;
    app.wait("[data-testid=account-list]").await;
    assert_eq!(app.route().await, "/accounts");
    app.screenshot("accounts-after-switch").await;
    app.close().await;
}

/// Whether the page kept the webview's own menu away from the last right
/// click (a listener after the app's, which sees what it decided).
const WEBVIEW_MENU_KEPT_AWAY: &str = "return window.__menuPrevented";
const WATCH_MENU_EVENTS: &str =
    "window.__menuPrevented = null; addEventListener('contextmenu', e => window.__menuPrevented = e.defaultPrevented); return true";

#[tokio::test]
async fn right_click_shows_the_apps_menu_and_never_the_webviews() {
    let mut app = App::launch("context-menu").await;
    app.open_demo().await;
    app.script(WATCH_MENU_EVENTS).await;
    let newsletter = "[data-testid=list-row][data-list-name=Newsletter]";
    app.wait_text(&format!("{newsletter} td:nth-child(2)"), "the Newsletter count", |t| !t.is_empty()).await;

    // On a row: its own actions, the same as its ⋯ button's, where the pointer is.
    app.right_click(&format!("{newsletter} td:nth-child(3)")).await;
    let items = app.wait_count("[data-testid=context-menu] [role=menuitem]", "the row's menu", |n| n > 0).await;
    assert_eq!(items, ["Open", "Rename…", "Delete…"], "the row's menu");
    assert_eq!(app.script(WEBVIEW_MENU_KEPT_AWAY).await, true, "the webview's menu was not kept away");
    app.screenshot("row-context-menu").await;
    app.press(&["\u{E00C}"]).await;
    app.wait_count("[data-testid=context-menu]", "the menu to close", |n| n == 0).await;

    // Its Rename does what the ⋯ button's does.
    app.right_click(&format!("{newsletter} td:nth-child(2)")).await;
    app.click("[data-testid=context-menu] [data-testid=rename-list]").await;
    let name = app
        .wait_script("return document.querySelector('[data-testid=list-name]')?.value", "the rename dialog", |v| {
            v.is_string()
        })
        .await;
    assert_eq!(name, "Newsletter");

    // In a text field, from the keyboard (Shift+F10): its own editing, on what is selected in it.
    app.script("const f = document.querySelector('[data-testid=list-name]'); f.focus(); f.setSelectionRange(0, 4); return true").await;
    app.press(&["\u{E008}", "\u{E03A}"]).await;
    let items = app.wait_count("[data-testid=context-menu] [role=menuitem]", "the field's menu", |n| n > 0).await;
    let labels: Vec<&str> = items.iter().map(|i| i.split_once("Ctrl").map_or(i.as_str(), |(l, _)| l.trim())).collect();
    assert_eq!(labels, ["Cut", "Copy", "Paste", "Select all"]);
    app.wait_script("return document.activeElement.dataset.testid", "the keyboard on the first item", |v| {
        v == "context-cut"
    })
    .await;
    app.screenshot("field-context-menu").await;
    app.click("[data-testid=context-menu] [data-testid=context-cut]").await;
    app.wait_script("return document.querySelector('[data-testid=list-name]').value", "the cut", |v| v == "letter")
        .await;
    // What was cut is on the system's clipboard: Ctrl+V gives it back.
    app.script("const f = document.querySelector('[data-testid=list-name]'); f.setSelectionRange(6, 6); return true")
        .await;
    app.press(&["\u{E009}", "v"]).await;
    let field = "return document.querySelector('[data-testid=list-name]').value";
    app.wait_script(field, "Ctrl+V after the cut", |v| v == "letterNews").await;
    // The menu's Paste pastes it too: the window gives the page clipboard access.
    app.right_click("[data-testid=list-name]").await;
    app.click("[data-testid=context-menu] [data-testid=context-paste]").await;
    let said = "const t = document.querySelector('[data-testid=toast]'); if (t) return t.innerText;";
    let outcome = app.wait_script(&format!("{said} {field}"), "the paste", |v| v != "letterNews").await;
    app.screenshot("after-paste").await;
    assert_eq!(outcome.as_str().unwrap_or_default(), "letterNewsNews", "pasted, not refused");
    app.click("[data-testid=dialog-cancel]").await;

    // Anywhere else: nothing, rather than the webview's Reload.
    app.script("window.__menuPrevented = null; return true").await;
    app.right_click("h1").await;
    app.wait_script(WEBVIEW_MENU_KEPT_AWAY, "the right click on the heading", |v| !v.is_null()).await;
    assert_eq!(app.script(WEBVIEW_MENU_KEPT_AWAY).await, true, "the webview's menu was not kept away");
    assert_eq!(app.script("return document.querySelectorAll('[data-testid=context-menu]').length").await, 0);
    app.screenshot("nothing-on-the-heading").await;
    app.close().await;
}
