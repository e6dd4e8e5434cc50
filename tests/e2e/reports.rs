//! Reports in the real window: a sent demo campaign's dashboard with every
//! chart drawn, reached from the list and from a reply in the inbox.

use e2e::App;

async fn drawn_charts(app: &App) -> serde_json::Value {
    app.script(
        "return [...document.querySelectorAll('[data-testid=chart-image]')].map(i => \
         ({ loaded: i.complete && i.naturalWidth > 0, svg: decodeURIComponent(i.src).includes('<svg') }))",
    )
    .await
}

#[tokio::test]
async fn a_sent_campaign_shows_its_dashboard_with_every_chart_drawn() {
    let mut app = App::launch("reports").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-reports]", "[data-testid=report-campaign]").await;
    app.screenshot("campaigns").await;
    app.click("[data-testid=report-campaign] [data-testid=open-report]").await;
    app.wait("[data-testid=dashboard]").await;
    app.wait_count("[data-testid=report-card]", "the eight cards", |n| n == 8).await;
    let charts = e2e::webdriver::wait_for(e2e::app::PATIENCE, "every chart drawn", || async {
        let charts = drawn_charts(&app).await;
        let all = charts.as_array().cloned().unwrap_or_default();
        (all.len() == 6 && all.iter().all(|c| c["loaded"] == true && c["svg"] == true)).then_some(all)
    })
    .await;
    assert!(charts.is_ok(), "funnel, activity, links, clients, places, bounces: {:?}", drawn_charts(&app).await);
    app.wait_count("[data-testid=domain-table] tbody tr", "recipient domains", |n| n > 0).await;
    let cards = app.script("return document.querySelector('[data-testid=report-cards]').innerText").await;
    assert!(cards.as_str().unwrap_or_default().contains('%'), "rates on the cards: {cards}");
    let links = app.wait_count("[data-testid=link-table] tbody tr", "clicks per link", |n| n > 0).await;
    let marks = app
        .script("return document.querySelectorAll('[data-testid=chart-links] [data-testid=chart-mark]').length")
        .await;
    assert_eq!(marks.as_u64(), Some(links.len().min(10) as u64), "a mark per bar");
    app.screenshot("dashboard").await;
    // Drill into the most clicked link: who clicked it, as many as its clicks.
    let clicks =
        app.script("return document.querySelector('[data-testid=link-table] tbody tr td:last-child').innerText").await;
    let clicks: usize = clicks.as_str().unwrap_or_default().replace(|c: char| !c.is_ascii_digit(), "").parse().unwrap();
    app.click("[data-testid=drill-link]").await;
    let shown = app.wait_count("[data-testid=clicker]", "who clicked", |n| n > 0).await;
    assert!(shown.iter().all(|c| c.contains('@')), "addresses: {shown:?}");
    assert_eq!(shown.len(), clicks.min(100), "a row per click, a page at a time");
    app.screenshot("who-clicked").await;
    app.click("[data-testid=dialog-cancel]").await;
    app.scroll_to("[data-testid=dashboard]", "1e9").await;
    app.screenshot("breakdowns").await;
    app.close().await;
}

#[tokio::test]
async fn a_reply_leads_to_its_campaign_report_in_russian_and_dark() {
    let mut app = App::launch_with_env("reports-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    app.click("[data-testid=dialog-row]").await;
    app.click("[data-testid=replier-report]").await;
    app.wait("[data-testid=dashboard]").await;
    app.wait_text("h2", "Russian headings", |t| t == "От отправки до переходов").await;
    e2e::webdriver::wait_for(e2e::app::PATIENCE, "the charts", || async {
        let charts = drawn_charts(&app).await;
        charts.as_array().is_some_and(|a| a.len() >= 2 && a.iter().all(|c| c["loaded"] == true)).then_some(())
    })
    .await
    .unwrap();
    let svg =
        app.script("return decodeURIComponent(document.querySelector('[data-testid=chart-funnel] img').src)").await;
    assert!(svg.as_str().unwrap_or_default().contains("Отправлено"), "the funnel in Russian");
    assert!(svg.as_str().unwrap_or_default().to_lowercase().contains("#8b85ff"), "in the dark theme's colours");
    app.screenshot("ru-dark-dashboard").await;
    app.close().await;
}
