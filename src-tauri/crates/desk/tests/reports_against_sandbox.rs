//! The Reports area against the demo sandbox on loopback: the campaigns
//! that went out, one campaign's whole dashboard (opens by machines apart),
//! campaigns side by side and the account's best time.

use desk::reports::{self, ChartTheme};

use crate::common::chart_words;
use crate::common::demo;
use crate::common::overview;
use chart_words::russian as words;

#[tokio::test(flavor = "multi_thread")]
async fn a_sent_demo_campaign_has_a_whole_dashboard() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("reports").await;
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
    // Below the first screen, read as it comes into view.
    let view = reports::breakdown(&session, sent.id, ChartTheme::Dark).await.unwrap();
    assert!(!view.link_rows.is_empty() && view.links.marks.len() == view.link_rows.len().min(10));
    assert!(view.link_rows.windows(2).all(|w| w[0].clicks >= w[1].clicks), "most clicked first");
    let top = &view.link_rows[0];
    let clickers = reports::link_clickers(&session, sent.id, &top.url, 0).await.unwrap();
    assert_eq!(clickers.rows.len() as i64, top.clicks.min(100), "who clicked the top link");
    assert_eq!(clickers.has_more, top.clicks > 100);
    assert!(view.links.svg.to_lowercase().contains("#8b85ff"), "the dark theme");
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
async fn opens_by_machines_are_counted_apart_and_left_out_of_the_open_rate() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("machines").await;
    let sent = reports::campaigns(&session).await.unwrap().into_iter().max_by_key(|c| c.sent).unwrap();
    let view = reports::dashboard(&session, sent.id, ChartTheme::Light, &words()).await.unwrap();
    let machines = reports::open_details(&session, sent.id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
    let o = machines.openers;
    assert!(o.by_machines_only > 0, "the simulator's privacy proxies opened some messages: {o:?}");
    assert!(o.machine_opens >= o.by_machines_only);
    assert_eq!(o.by_people + o.by_machines_only, view.counts.opened, "every opener is a person's or a machine's");
    assert_eq!(machines.counts.opened, o.by_people);
    assert_eq!(machines.counts.sent, view.counts.sent);
    assert!(machines.rates.opened < view.rates.opened, "{:?} < {:?}", machines.rates.opened, view.rates.opened);
    assert_eq!(machines.funnel.marks[2].values[0].value, o.by_people as f64, "the funnel's opened step");
    let devices: Vec<&str> = machines.devices.marks.iter().map(|m| m.label.as_str()).collect();
    assert!(devices.contains(&"Смартфон") && devices.contains(&"Компьютер"), "{devices:?}");
    let modes: f64 = machines.modes.marks.iter().map(|m| m.values[0].value).sum();
    let by_devices: f64 = machines.devices.marks.iter().map(|m| m.values[0].value).sum();
    assert_eq!(modes, by_devices, "every person's open in one mode and on one device");

    // Each proxy open, read straight from the events report, is one the app calls a machine's.
    let client = session.client();
    let query = api::reports::EventQuery {
        from: Some("2000-01-01 00:00:00".into()),
        to: Some("2100-01-01 00:00:00".into()),
        event_type: Some("OPENED".into()),
        ..Default::default()
    };
    let opens = api::reports::events(client, sent.id, &query).unwrap().page_size(1000).collect_all().await.unwrap();
    let proxy = opens.iter().filter(|e| e.ip.0.as_deref().is_some_and(|ip| ip.starts_with("17.58."))).count();
    assert_eq!(proxy as i64, o.machine_opens);
    assert_eq!(opens.len() as i64 - o.machine_opens, modes as i64, "people's opens, by device and by mode");
    let browsers: f64 = machines.browsers.marks.iter().map(|m| m.values[0].value).sum();
    assert_eq!(browsers, modes, "every person's open under its browser (the demo's readers all have one)");
    let categorised: f64 = machines.bounce_categories.marks.iter().map(|m| m.values[0].value).sum();
    assert_eq!(categorised as i64, view.counts.bounced, "every bounce in its category");
    assert!(machines.bounce_categories.marks.iter().any(|m| m.label == "Адреса нет"));
}

#[tokio::test(flavor = "multi_thread")]
async fn campaigns_compare_side_by_side_and_the_account_shows_its_best_time() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("compare").await;
    let sent = reports::campaigns(&session).await.unwrap();
    let ids: Vec<i64> = sent.iter().take(2).map(|c| c.id).collect();
    let view = reports::compare(&session, &ids, ChartTheme::Light, &words()).await.unwrap();
    assert_eq!(view.campaigns.iter().map(|c| c.campaign.id).collect::<Vec<_>>(), ids, "in the order asked");
    for (compared, dashboard_of) in view.campaigns.iter().zip(&ids) {
        let one = reports::dashboard(&session, *dashboard_of, ChartTheme::Light, &words()).await.unwrap();
        assert_eq!(compared.rates, one.rates, "the same rates as the campaign's own dashboard");
    }
    assert_eq!(view.rates.marks.len(), 5, "delivery, open, click, click-to-open and unsubscribe rates");
    assert_eq!(view.rates.marks[1].values.len(), 2, "a bar per campaign");
    assert!(view.rates.svg.contains("Открываемость") && view.rates.svg.contains(" %"));
    let last = view.opens.marks.last().unwrap();
    assert!(last.label.starts_with("+72"), "{}", last.label);
    for (n, value) in last.values.iter().enumerate() {
        assert!(
            value.value > 0.0 && value.value <= 100.0,
            "campaign {n}'s curve ends at its share of opens: {value:?}"
        );
    }
    let too_few = reports::compare(&session, &ids[..1], ChartTheme::Light, &words()).await;
    assert_eq!(too_few, Err(desk::DeskError::in_area(reports::ReportsFailure::CompareCount { min: 2, max: 5 })));

    session.pace_background(std::time::Duration::from_millis(5));
    let (overview, _) = overview::open(&session, ChartTheme::Dark, &words()).await.whole().await;
    assert_eq!(overview.best_time.marks.len(), 7 * 24, "a cell per weekday and hour");
    let counted: f64 = overview.best_time.marks.iter().map(|m| m.values[0].value).sum();
    assert_eq!(counted as i64, overview.best_time_opens, "every open in its cell");
    assert!(overview.best_time_opens > 0 && overview.best_time_campaigns as usize == sent.len().min(20));
    assert_eq!((overview.best_time_of, overview.trend_campaigns), (overview.best_time_campaigns, overview.trend_of));
    assert!(overview.best_time.svg.contains("пн"));
    let sent_at_a_time = sent.iter().filter(|c| c.sent_at.is_some()).count();
    assert!(sent_at_a_time > 0);
    assert_eq!(overview.trend.marks.len(), sent_at_a_time.min(12), "a point per recent campaign sent at a time");
}
