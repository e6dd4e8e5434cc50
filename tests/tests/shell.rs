//! The app as a whole: it speaks the desktop's language (and switches), and
//! a second launch brings the running window forward instead of starting
//! another copy.

use e2e::processes::built_binary;
use e2e::App;
use std::time::{Duration, Instant};

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
    let mut app = App::launch_with_env("russian", &RUSSIAN).await;
    app.wait_text("[data-testid=open-demo]", "the Russian demo button", |t| t == "Открыть демо-аккаунт").await;
    assert_russian(&app, "accounts").await;
    app.screenshot("ru-accounts").await;

    app.open_demo().await;
    app.wait_text("h1", "the Russian heading", |t| t == "Списки").await;
    let count = app
        .wait_text("[data-testid=list-row][data-list-name=Newsletter] td:nth-child(2)", "the count", |t| !t.is_empty())
        .await;
    assert_eq!(count.replace(['\u{a0}', '\u{202f}'], " "), "50 000", "Russian digit grouping");
    assert_russian(&app, "lists").await;
    app.screenshot("ru-lists").await;

    app.click("[data-testid=list-row][data-list-name=Newsletter] [data-testid=open-list]").await;
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

    app.click("[data-testid=nav-transactional]").await;
    app.wait_text("[data-testid=coming-soon]", "the Russian notice", |t| t.contains("ещё в работе")).await;
    assert_russian(&app, "transactional").await;
    app.screenshot("ru-transactional").await;

    for (area, title) in [("campaigns", "Рассылки"), ("automations", "Автоматизация"), ("templates", "Шаблоны")]
    {
        app.click(&format!("[data-testid=nav-{area}]")).await;
        app.wait_text("h1", "the Russian title", |t| t == title).await;
        app.wait("table, [data-testid=template-card]").await;
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
    let started = Instant::now();
    let mut second = std::process::Command::new(built_binary("campaign-desk"))
        .args(["--data-dir", app.data_dir().to_str().unwrap()])
        .env("XDG_DATA_HOME", app.data_dir().join("xdg-data"))
        .env("XDG_CACHE_HOME", app.data_dir().join("xdg-cache"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = loop {
        if let Some(status) = second.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = second.kill();
            panic!("the second launch kept running beside the first");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(status.success(), "{status}");
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
