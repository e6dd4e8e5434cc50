//! The Reports area against the demo sandbox on loopback: the campaigns
//! that went out, and one campaign's whole dashboard.

use desk::reports::{self, ChartTheme, ChartWords};
use desk::Desk;

fn words() -> ChartWords {
    ChartWords {
        sent: "Отправлено".into(),
        delivered: "Доставлено".into(),
        opened: "Открыли".into(),
        clicked: "Перешли".into(),
        opens: "Открытия".into(),
        clicks: "Переходы".into(),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sent_demo_campaign_has_a_whole_dashboard() {
    let dir = std::env::temp_dir().join(format!("desk-reports-{}", fastrand::u64(..)));
    let desk = Desk::new(dir, desk::secrets::Secrets::with_service("campaign-desk-reports-test"));
    desk.open_account("demo").await.expect("demo opens");
    let session = desk.session().await.unwrap();
    let campaigns = reports::campaigns(&session).await.unwrap();
    assert!(campaigns.len() >= 2, "the demo's sent campaigns: {campaigns:?}");
    assert!(campaigns.iter().all(|c| c.sent > 0));
    let sent = campaigns.iter().max_by_key(|c| c.sent).unwrap();

    let view = reports::dashboard(&session, sent.id, ChartTheme::Dark, &words()).await.unwrap();
    let c = view.counts;
    assert!(c.sent >= c.delivered && c.delivered >= c.opened && c.opened >= c.clicked && c.clicked > 0, "{c:?}");
    assert_eq!(view.rates.click_to_open, Some(c.clicked as f64 / c.opened as f64));
    // The funnel in the page's words, its values exact in the marks.
    assert!(view.funnel.svg.contains("Отправлено") && view.funnel.svg.contains("Перешли"));
    assert_eq!(view.funnel.marks[0].values[0].value, c.sent as f64);
    assert!(!view.activity.marks.is_empty(), "opens over time");
    let opens: f64 = view.activity.marks.iter().map(|m| m.values[0].value).sum();
    assert!(opens >= c.opened as f64, "every open counted over time ({opens}) at least once per opener ({})", c.opened);
    assert!(!view.link_rows.is_empty() && view.links.marks.len() == view.link_rows.len().min(10));
    assert!(view.link_rows.windows(2).all(|w| w[0].clicks >= w[1].clicks), "most clicked first");
    let top = &view.link_rows[0];
    let clickers = reports::link_clickers(&session, sent.id, &top.url, 0).await.unwrap();
    assert_eq!(clickers.rows.len() as i64, top.clicks.min(100), "who clicked the top link");
    assert_eq!(clickers.has_more, top.clicks > 100);
    assert!(view.activity.svg.to_lowercase().contains("#8b85ff"), "the dark theme");
    assert!(!view.clients.marks.is_empty() && !view.places.marks.is_empty(), "where and in what it was read");
    let bounced: f64 = view.bounces.marks.iter().map(|m| m.values[0].value).sum();
    assert_eq!(bounced as i64, c.bounced, "every bounce under its code");
    assert!(!view.domains.is_empty());
    assert!(
        view.domains.iter().all(|d| d.delivery_rate.is_some_and(|r| (0.0..=1.0).contains(&r))),
        "{:?}",
        view.domains
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_chart_and_a_table_are_saved_where_the_user_picks_and_read_back() {
    let dir = std::env::temp_dir().join(format!("desk-export-{}", fastrand::u64(..)));
    let desk = Desk::new(dir.clone(), desk::secrets::Secrets::with_service("campaign-desk-reports-test"));
    desk.open_account("demo").await.expect("demo opens");
    let session = desk.session().await.unwrap();
    let sent = reports::campaigns(&session).await.unwrap().into_iter().max_by_key(|c| c.sent).unwrap();
    let view = reports::dashboard(&session, sent.id, ChartTheme::Light, &words()).await.unwrap();
    let picked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let asked = picked.clone();
    let out = dir.join("exports");
    std::fs::create_dir_all(&out).unwrap();
    desk.set_save_picker(std::sync::Arc::new(move |name: &str| {
        asked.lock().unwrap().push(name.to_string());
        Some(out.join(name))
    }));

    let table = desk::export::TableExport {
        header: vec!["Ссылка".into(), "Переходы".into()],
        rows: view.link_rows.iter().map(|r| vec![r.url.clone(), r.clicks.to_string()]).collect(),
    };
    let written = desk.export_table("Переходы", &table, desk::export::TableFormat::Csv).await.unwrap();
    let text = std::fs::read_to_string(dir.join("exports").join("Переходы.csv")).unwrap();
    assert_eq!(written, Some(text.len() as u64));
    let lines: Vec<&str> = text.trim_start_matches('\u{FEFF}').lines().collect();
    assert_eq!(lines[0], "Ссылка,Переходы");
    assert_eq!(lines.len(), view.link_rows.len() + 1, "every link, read back");
    let first = &view.link_rows[0];
    assert!(lines[1].ends_with(&format!(",{}", first.clicks)) && lines[1].contains(&first.url), "{}", lines[1]);

    desk.export_chart("Воронка", &view.funnel.svg, desk::export::ChartFormat::Png).await.unwrap();
    let png = std::fs::read(dir.join("exports").join("Воронка.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    assert_eq!(*picked.lock().unwrap(), ["Переходы.csv", "Воронка.png"], "the names suggested in the save dialog");
}
