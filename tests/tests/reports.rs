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

/// Scrolls the dashboard down to what is below its first screen, as a
/// person does, and waits for it to be read and shown.
async fn scroll_below(app: &App) {
    app.script("document.querySelector('[data-testid=breakdown-loading]')?.scrollIntoView(); return null").await;
    app.wait("[data-testid=chart-links]").await;
}

#[tokio::test]
async fn a_sent_campaign_shows_its_dashboard_with_every_chart_drawn() {
    let mut app = App::launch("reports").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-reports]", "[data-testid=report-campaign]").await;
    app.screenshot("campaigns").await;
    app.click_to_show("[data-testid=report-campaign] [data-testid=open-report]", "[data-testid=dashboard]").await;
    app.wait("[data-testid=dashboard]").await;
    app.wait_count("[data-testid=report-card]", "the eight cards", |n| n == 8).await;
    // Below the first screen, read only once it comes into view.
    app.wait("[data-testid=chart-devices]").await;
    assert_eq!(app.script("return document.querySelectorAll('[data-testid=chart-links]').length").await, 0);
    app.wait("[data-testid=breakdown-loading]").await;
    scroll_below(&app).await;
    let charts = e2e::webdriver::wait_for(e2e::app::PATIENCE, "every chart drawn", || async {
        let charts = drawn_charts(&app).await;
        let all = charts.as_array().cloned().unwrap_or_default();
        (all.len() == 10 && all.iter().all(|c| c["loaded"] == true && c["svg"] == true)).then_some(all)
    })
    .await;
    assert!(
        charts.is_ok(),
        "funnel, activity, links, clients, places, devices, reading modes, browsers, bounces by code and by category: {:?}",
        drawn_charts(&app).await
    );
    app.wait_count("[data-testid=domain-table] tbody tr", "recipient domains", |n| n > 0).await;
    let cards = app.script("return document.querySelector('[data-testid=report-cards]').innerText").await;
    assert!(cards.as_str().unwrap_or_default().contains('%'), "rates on the cards: {cards}");
    // Opens by machines are counted apart and left out until the reader counts them.
    app.wait("[data-testid=count-machines]").await;
    let opened = "return document.querySelectorAll('[data-testid=report-card]')[2].innerText";
    let without = app.script(opened).await;
    app.click("[data-testid=count-machines]").await;
    let with = e2e::webdriver::wait_for(e2e::app::PATIENCE, "the open rate with machines", || async {
        let now = app.script(opened).await;
        (now != without).then_some(now)
    })
    .await;
    assert!(with.is_ok(), "counting opens by machines changes the opened card: {without}");
    app.click("[data-testid=count-machines]").await;
    let links = app.wait_count("[data-testid=link-table] tbody tr", "clicks per link", |n| n > 0).await;
    let marks = app
        .script("return document.querySelectorAll('[data-testid=chart-links] [data-testid=chart-mark]').length")
        .await;
    assert_eq!(marks.as_u64(), Some(links.len().min(10) as u64), "a mark per bar");
    app.screenshot("dashboard").await;
    app.script("document.querySelector('[data-testid=chart-devices]').scrollIntoView(); return null").await;
    app.screenshot("devices-and-modes").await;
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
    // Export the clicks per link as CSV through the OS's save dialog, then read the file back.
    let saved = app.data_dir().join("exported").join("clicks per link.csv");
    std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
    app.click("[data-testid=link-table-tools] [data-testid=export-table]").await;
    app.click("[data-testid=export-csv]").await;
    e2e::native_dialog::save_as(&saved).await;
    app.wait_toast("the saved note", |t| !t.is_empty()).await;
    let csv = std::fs::read_to_string(&saved).expect("the CSV where it was saved");
    let shown = app.script("return [...document.querySelectorAll('[data-testid=link-row]')].map(r => [...r.cells].map(c => c.innerText.trim()))").await;
    let mut lines = csv.trim_start_matches('\u{feff}').lines();
    assert_eq!(lines.next(), Some("Link,Clicks"), "the header in the page's words");
    let rows: Vec<Vec<String>> = lines.map(|l| l.split(',').map(str::to_string).collect()).collect();
    let shown: Vec<Vec<String>> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().replace(|c: char| c.is_whitespace() || c == ',', ""))
                .collect()
        })
        .collect();
    assert_eq!(rows, shown, "every row of the table, as shown");
    app.scroll_to("[data-testid=dashboard]", "1e9").await;
    app.screenshot("breakdowns").await;
    app.close().await;
}

#[tokio::test]
async fn the_overview_shows_the_best_time_and_two_campaigns_compare_side_by_side() {
    let mut app = App::launch("reports-compare").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-reports]", "[data-testid=report-campaign]").await;
    for chart in ["chart-trend", "chart-best-time"] {
        app.wait(&format!("[data-testid={chart}] img")).await;
    }
    let cells = app
        .script("return document.querySelectorAll('[data-testid=chart-best-time] [data-testid=chart-mark]').length")
        .await;
    assert_eq!(cells.as_u64(), Some(7 * 24), "a cell per weekday and hour");
    app.screenshot("overview").await;
    let compare = "[data-testid=compare]";
    let disabled = app.script(&format!("return document.querySelector('{compare}').disabled")).await;
    assert_eq!(disabled, serde_json::json!(true), "nothing to compare yet");
    app.script("document.querySelectorAll('[data-testid=pick-campaign]')[0].click(); return null").await;
    app.script("document.querySelectorAll('[data-testid=pick-campaign]')[1].click(); return null").await;
    app.click(compare).await;
    let rows = app.wait_count("[data-testid=compared-campaign]", "two campaigns", |n| n == 2).await;
    assert!(rows.iter().all(|r| r.contains('%')), "rates per campaign: {rows:?}");
    let charts = e2e::webdriver::wait_for(e2e::app::PATIENCE, "both comparison charts", || async {
        let charts = drawn_charts(&app).await;
        charts.as_array().is_some_and(|a| a.len() == 2 && a.iter().all(|c| c["loaded"] == true)).then_some(())
    })
    .await;
    assert!(charts.is_ok(), "{:?}", drawn_charts(&app).await);
    let legends = app
        .script("return [...document.querySelectorAll('[data-testid=chart-legend]')].map(l => l.children.length)")
        .await;
    assert_eq!(legends, serde_json::json!([2, 2]), "each chart names both campaigns in their colours");
    app.screenshot("comparison").await;
    app.close().await;
}

#[tokio::test]
async fn a_cards_figure_opens_its_recipients_and_events_filter_down_to_a_subscriber() {
    let mut app = App::launch("reports-rows").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-reports]", "[data-testid=report-campaign]").await;
    app.click_to_show("[data-testid=report-campaign] [data-testid=open-report]", "[data-testid=dashboard]").await;
    app.wait_count("[data-testid=report-card]", "the cards", |n| n == 8).await;
    let number = |text: &str| -> usize { text.replace(|c: char| !c.is_ascii_digit(), "").parse().unwrap_or(0) };
    // Once the opens by machines are counted, the card counts people only.
    let machines = app
        .wait_text("[data-testid=machine-opens]", "opens by machines counted", |t| t.contains("only by machine"))
        .await;
    let machines = number(machines.split_whitespace().next().unwrap_or_default());
    let people = app.script("return document.querySelectorAll('[data-testid=report-card]')[2].innerText").await;
    let people = number(people.as_str().unwrap().lines().last().unwrap());
    // The "Opened" card opens the service's openers: the people it counts and
    // those who opened only by machine, as the page says.
    app.click("[data-testid=report-card]:nth-child(3)").await;
    app.wait("[data-testid=report-rows]").await;
    app.wait_count("[data-testid=recipients-table] [data-testid=table-row]", "openers", |n| n > 5).await;
    let rows = app
        .script("return document.querySelector('[data-testid=recipients-table]').getAttribute('aria-rowcount')")
        .await;
    let opened = rows.as_str().and_then(|r| r.parse::<usize>().ok()).unwrap();
    assert_eq!(opened, people + machines, "a row per opener, people ({people}) and machines ({machines}) alike");
    if machines > 0 {
        let said =
            app.wait_text("[data-testid=opened-by-machines]", "the machines among them", |t| !t.is_empty()).await;
        let named = said.split(": ").nth(1).and_then(|rest| rest.split(" recipient").next()).unwrap_or_default();
        assert_eq!(number(named), machines, "{said}");
    }
    app.click("[data-testid=sort-email]").await;
    let emails =
        app.wait_count("[data-testid=recipients-table] [data-testid=table-row]", "sorted by address", |n| n > 5).await;
    let addresses: Vec<String> =
        emails.iter().map(|r| r.split_whitespace().next().unwrap_or_default().to_string()).collect();
    let mut sorted = addresses.clone();
    sorted.sort();
    assert_eq!(addresses, sorted, "by address, as the service sorts");
    app.screenshot("openers").await;
    // The whole report, every page of it, saved through the OS's save dialog.
    let saved = app.data_dir().join("exported").join("openers.csv");
    std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
    app.click("[data-testid=rows-export]").await;
    app.click("[data-testid=rows-export-csv]").await;
    e2e::native_dialog::save_as(&saved).await;
    app.wait_toast("the saved note", |t| !t.is_empty()).await;
    let csv = std::fs::read_to_string(&saved).expect("the export where it was saved");
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').trim_end().split("\r\n").collect();
    assert!(lines[0].starts_with("Address,Domain,Sent,Opened"), "{}", lines[0]);
    assert_eq!(lines.len() - 1, opened, "a line per opener, not just the rows on screen");
    // Events: clicks only, then one clicker's, with a subscriber field.
    app.click("[data-testid=tab-events]").await;
    app.click("[data-testid=event-kind] option[value=clicked]").await;
    let clicks = app.wait_count("[data-testid=events-table] [data-testid=table-row]", "clicks", |n| n > 0).await;
    assert!(clicks.iter().all(|r| r.contains("Clicked") && r.contains("https://")), "{clicks:?}");
    let email = clicks[0].lines().find(|l| l.contains('@')).unwrap().trim().to_string();
    app.click("[data-testid=event-kind] option[value='']").await;
    app.type_into("[data-testid=event-email]", &email).await;
    app.click("[data-testid=event-email-submit]").await;
    app.click("[data-testid=event-fields]").await;
    app.click("[data-testid=event-field-merge_1]").await;
    let theirs = app
        .wait_count("[data-testid=events-table] [data-testid=table-row]", "one subscriber's events", |n| n >= 2)
        .await;
    assert!(theirs.iter().all(|r| r.contains(&email)), "{theirs:?}");
    assert!(theirs.iter().any(|r| r.contains("Sent")) && theirs.iter().any(|r| r.contains("Clicked")));
    app.screenshot("events").await;
    // A row opens the subscriber in their list.
    app.click("[data-testid=events-table] [data-testid=table-row]").await;
    app.wait_text("[data-testid=members-table] [data-testid=table-row]", "the subscriber", |t| t.contains(&email))
        .await;
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
    app.click("[data-testid=open-rows]").await;
    app.wait_count("[data-testid=recipients-table] [data-testid=table-row]", "the recipients", |n| n > 0).await;
    app.wait_text("[data-testid=tab-events]", "Russian tabs", |t| t == "Все события").await;
    app.screenshot("ru-dark-rows").await;
    // The openers: the service's, and how many of them opened only by machine.
    app.click("[data-testid=tab-opened]").await;
    let said =
        app.wait_text("[data-testid=opened-by-machines]", "the machines among the openers", |t| !t.is_empty()).await;
    assert!(said.starts_with("Сервис показывает всех, кто открыл письмо"), "{said}");
    app.screenshot("ru-dark-openers").await;
    app.click("[data-testid=report-rows] header a").await;
    app.click("[data-testid=dashboard] header a").await;
    app.wait("[data-testid=chart-best-time] img").await;
    let weekdays =
        app.script("return decodeURIComponent(document.querySelector('[data-testid=chart-best-time] img').src)").await;
    let weekdays = weekdays.as_str().unwrap_or_default();
    assert!(weekdays.split(['>', '<']).any(|text| text.trim() == "пн"), "Russian weekdays on the best-time chart");
    app.screenshot("ru-dark-overview").await;
    app.close().await;
}

#[tokio::test]
async fn in_russian_a_table_exports_for_russian_excel_and_the_reader_can_choose_commas() {
    let mut app = App::launch("reports-csv-ru").await;
    app.open_demo().await;
    app.choose("[data-testid=language]", "Русский").await;
    app.click_to_show("[data-testid=nav-reports]", "[data-testid=report-campaign]").await;
    app.click_to_show("[data-testid=report-campaign] [data-testid=open-report]", "[data-testid=dashboard]").await;
    scroll_below(&app).await;
    let shown = app.wait_count("[data-testid=link-table] tbody tr", "clicks per link", |n| n > 0).await;
    let folder = app.data_dir().join("exported");
    std::fs::create_dir_all(&folder).unwrap();
    let export = |name: &'static str| {
        let saved = folder.join(name);
        let app = &app;
        async move {
            // The charts above may still be arriving and move the menu's button.
            app.click_to_show("[data-testid=link-table-tools] [data-testid=export-table]", "[data-testid=export-csv]")
                .await;
            app.click("[data-testid=export-csv]").await;
            e2e::native_dialog::save_as(&saved).await;
            // The note of an earlier export may still be up: wait for the file itself.
            let written = || std::future::ready(std::fs::read(&saved).ok());
            e2e::webdriver::wait_for(e2e::app::PATIENCE, name, written).await.expect("the CSV where it was saved")
        }
    };

    // As Russian Excel opens it as columns: a byte-order mark, then semicolons.
    let bytes = export("russian-excel.csv").await;
    assert!(bytes.starts_with("\u{feff}Ссылка;Переходы\r\n".as_bytes()), "{:?}", String::from_utf8_lossy(&bytes));
    let text = String::from_utf8(bytes).unwrap();
    let rows: Vec<&str> = text.trim_end().split("\r\n").skip(1).collect();
    assert_eq!(rows.len(), shown.len(), "every link");
    assert!(rows.iter().all(|r| r.rsplit_once(';').is_some_and(|(_, n)| n.parse::<u64>().is_ok())), "{rows:?}");

    // The reader picks commas in the menu; the next export has them, and the menu keeps the pick.
    app.click_to_show("[data-testid=link-table-tools] [data-testid=export-table]", "[data-testid=csv-comma]").await;
    app.click("[data-testid=csv-comma]").await;
    app.wait_script(
        "return document.querySelector('[data-testid=csv-comma]')?.dataset.state ?? ''",
        "comma picked",
        |v| v == "checked",
    )
    .await;
    app.press(&["\u{E00C}"]).await;
    let text = String::from_utf8(export("commas.csv").await).unwrap();
    assert!(text.starts_with("\u{feff}Ссылка,Переходы\r\n"), "{text}");
    app.click_to_show("[data-testid=link-table-tools] [data-testid=export-table]", "[data-testid=csv-comma]").await;
    app.wait_script(
        "return document.querySelector('[data-testid=csv-comma]')?.dataset.state ?? ''",
        "comma kept",
        |v| v == "checked",
    )
    .await;
    app.screenshot("export-menu-separator").await;
    app.close().await;
}
