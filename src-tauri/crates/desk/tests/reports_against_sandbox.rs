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
