//! The Reports area against the demo sandbox on loopback: the campaigns
//! that went out, and one campaign's whole dashboard.

use desk::reports::{self, ChartTheme, ChartWords};
use desk::Desk;

#[path = "common/demo.rs"]
mod demo;
#[path = "common/host.rs"]
mod host;

#[path = "common/chart_words.rs"]
mod chart_words;

fn words() -> ChartWords {
    chart_words::russian()
}

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
async fn counted_opens_outlive_a_restart_and_only_what_came_since_is_read_again() {
    let demo::Demo { session, desk, dir } = demo::open("kept-counts").await;
    let sent = reports::campaigns(&session).await.unwrap().into_iter().max_by_key(|c| c.sent).unwrap();
    let heard = std::sync::Mutex::new(Vec::new());
    let hear = |read: desk::work::Progress| heard.lock().unwrap().push(read.done);
    let first = reports::open_details(&session, sent.id, ChartTheme::Light, &words(), hear).await.unwrap();
    let read_first = std::mem::take(&mut *heard.lock().unwrap());
    assert!(read_first.windows(2).all(|w| w[0] <= w[1]), "the opens read, as they grow: {read_first:?}");
    let read_first = *read_first.last().expect("told how many opens were read");
    assert!(read_first > 0);
    let file = dir.path().join("counted").join("demo").join(format!("{}.json", sent.id));
    assert!(file.exists(), "what is final is kept on disk");
    drop((session, desk));

    // A mark in what was kept: a restart that uses it shows it in its
    // figures; one that read every open again, or counted one twice, would not.
    let mut kept: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let machine_opens = &mut kept["counted"]["opens"]["counted"]["machine_opens"];
    *machine_opens = (machine_opens.as_i64().expect("the kept count of machines' opens") + 1000).into();
    std::fs::write(&file, serde_json::to_vec(&kept).unwrap()).unwrap();
    let desk = Desk::new(dir.path().into(), desk::secrets::Secrets::with_service("campaign-desk-kept-counts-test"));
    desk.open_account("demo").await.unwrap();
    let session = desk.session().await.unwrap();
    let again = reports::open_details(&session, sent.id, ChartTheme::Light, &words(), hear).await.unwrap();
    let read_again = heard.lock().unwrap().last().copied().unwrap();
    assert!(read_again < read_first, "only what came since is read: {read_again} of {read_first}");
    assert_eq!(again.openers.machine_opens, first.openers.machine_opens + 1000, "the kept count, and only it");
    assert_eq!(
        (again.openers.by_people, again.openers.by_machines_only),
        (first.openers.by_people, first.openers.by_machines_only)
    );
    assert_eq!(again.devices, first.devices);

    // A kept count of another sending of the campaign is not this one's.
    kept["sent_at"] = "2001-01-01 00:00:00".into();
    std::fs::write(&file, serde_json::to_vec(&kept).unwrap()).unwrap();
    let desk = Desk::new(dir.path().into(), desk::secrets::Secrets::with_service("campaign-desk-kept-counts-test"));
    desk.open_account("demo").await.unwrap();
    let fresh = reports::open_details(&desk.session().await.unwrap(), sent.id, ChartTheme::Light, &words(), |_| ())
        .await
        .unwrap();
    assert_eq!(fresh.openers, first.openers, "counted anew");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_campaigns_that_went_out_last_are_counted_ahead_once_the_account_opens() {
    let demo::Demo { session, desk, dir } = demo::open("ahead").await;
    // Far faster than the app's pace in the background, which would take minutes.
    session.pace_background(std::time::Duration::from_millis(20));
    let sent = reports::campaigns(&session).await.unwrap();
    assert!(!sent.is_empty());
    let kept = |id: i64| dir.path().join("counted").join("demo").join(format!("{id}.json"));
    let ahead: Vec<i64> = sent.iter().take(5).map(|c| c.id).collect();
    let waited = std::time::Instant::now();
    while !ahead.iter().all(|id| kept(*id).exists()) {
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(60),
            "no dashboard opened, yet these are counted: {ahead:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(sent.iter().skip(5).all(|c| !kept(c.id).exists()), "only the five that went out last");

    // Marked, then opened after a restart: the dashboard shows the count
    // kept ahead (and what came since), which is what counting anew gives.
    for id in &ahead {
        let mut file: serde_json::Value = serde_json::from_slice(&std::fs::read(kept(*id)).unwrap()).unwrap();
        let machine_opens = &mut file["counted"]["opens"]["counted"]["machine_opens"];
        *machine_opens = (machine_opens.as_i64().expect("a count of machines' opens") + 1000).into();
        std::fs::write(kept(*id), serde_json::to_vec(&file).unwrap()).unwrap();
    }
    drop((session, desk));
    let desk = Desk::new(dir.path().into(), desk::secrets::Secrets::with_service("campaign-desk-ahead-test"));
    desk.open_account("demo").await.unwrap();
    let session = desk.session().await.unwrap();
    let counting_anew = desk::Session::for_client(session.client().clone());
    for id in ahead {
        let shown = reports::open_details(&session, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
        let anew = reports::open_details(&counting_anew, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
        assert_eq!(
            shown.openers.machine_opens,
            anew.openers.machine_opens + 1000,
            "campaign {id}: the count kept ahead"
        );
    }
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
    assert!(matches!(too_few, Err(desk::DeskError::CompareCount { min: 2, max: 5 })), "{too_few:?}");

    let overview = reports::overview(&session, ChartTheme::Dark, &words()).await.unwrap();
    assert_eq!(overview.best_time.marks.len(), 7 * 24, "a cell per weekday and hour");
    let counted: f64 = overview.best_time.marks.iter().map(|m| m.values[0].value).sum();
    assert_eq!(counted as i64, overview.best_time_opens, "every open in its cell");
    assert!(overview.best_time_opens > 0 && overview.best_time_campaigns as usize == sent.len().min(20));
    assert!(overview.best_time.svg.contains("пн"));
    let sent_at_a_time = sent.iter().filter(|c| c.sent_at.is_some()).count();
    assert!(sent_at_a_time > 0);
    assert_eq!(overview.trend.marks.len(), sent_at_a_time.min(12), "a point per recent campaign sent at a time");
}

#[tokio::test(flavor = "multi_thread")]
async fn row_reports_page_sort_and_filter_as_the_service_does() {
    use reports::{EventFilter, EventKind, RecipientReport, ReportOrder, ReportSort};
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("rows").await;
    let sent = reports::campaigns(&session).await.unwrap().into_iter().max_by_key(|c| c.sent).unwrap();
    let view = reports::dashboard(&session, sent.id, ChartTheme::Light, &words()).await.unwrap();

    // Every opener, a page at a time, once each.
    let mut openers = std::collections::HashSet::new();
    let mut start = 0;
    loop {
        let page = reports::recipients(&session, sent.id, RecipientReport::Opened, None, start, 1000).await.unwrap();
        assert!(page.rows.iter().all(|r| r.opened_at.is_some() && r.sent_at.is_some()), "opened rows say when");
        openers.extend(page.rows.iter().map(|r| r.member_id));
        start += 1000;
        if !page.has_more {
            break;
        }
    }
    assert_eq!(openers.len() as i64, view.counts.opened, "the opened report lists every opener once");

    let by_email = ReportOrder { by: ReportSort::Email, descending: true };
    let page = reports::recipients(&session, sent.id, RecipientReport::Sent, Some(by_email), 0, 50).await.unwrap();
    assert_eq!(page.rows.len(), 50);
    assert!(page.has_more);
    assert!(page.rows.windows(2).all(|w| w[0].email >= w[1].email), "sorted by address, descending");
    let bounced = reports::recipients(&session, sent.id, RecipientReport::Bounced, None, 0, 100).await.unwrap();
    assert_eq!(bounced.rows.len() as i64, view.counts.bounced.min(100));
    assert!(bounced.rows.iter().all(|r| r.bounce_code.is_some()), "bounces carry their SMTP code");

    // Events: by type, then one clicker's, with a subscriber field added.
    let fields = reports::event_fields(&session, sent.id).await.unwrap();
    assert!(fields.iter().any(|f| f.key == "merge_1" && !f.title.is_empty()), "{fields:?}");
    let clicks = EventFilter { kind: Some(EventKind::Clicked), ..EventFilter::default() };
    let page = reports::events(&session, sent.id, &clicks, None, 0, 100).await.unwrap();
    assert!(!page.rows.is_empty() && page.rows.iter().all(|e| e.kind == EventKind::Clicked && e.link.is_some()));
    let email = page.rows[0].email.clone();
    let theirs = EventFilter { email: Some(email.clone()), fields: vec!["merge_1".into()], ..EventFilter::default() };
    let page = reports::events(&session, sent.id, &theirs, None, 0, 100).await.unwrap();
    assert!(page.rows.iter().all(|e| e.email == email && e.fields.len() == 1));
    let kinds: Vec<EventKind> = page.rows.iter().map(|e| e.kind).collect();
    assert!(kinds.contains(&EventKind::Sent) && kinds.contains(&EventKind::Clicked), "{kinds:?}");
    let opens = EventFilter { kind: Some(EventKind::Opened), ..EventFilter::default() };
    let by_time = ReportOrder { by: ReportSort::Time, descending: true };
    let page = reports::events(&session, sent.id, &opens, Some(by_time), 0, 200).await.unwrap();
    assert!(page.rows.windows(2).all(|w| w[0].at >= w[1].at), "newest first");
    assert!(page.rows.iter().any(|e| e.by_machine), "opens by privacy proxies are marked");
    let none = EventFilter { to: Some("2001-01-01T00:00".into()), ..EventFilter::default() };
    assert!(reports::events(&session, sent.id, &none, None, 0, 100).await.unwrap().rows.is_empty(), "a time range");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_chart_and_a_table_are_saved_where_the_user_picks_and_read_back() {
    let demo::Demo { session, desk, dir } = demo::open("export").await;
    let sent = reports::campaigns(&session).await.unwrap().into_iter().max_by_key(|c| c.sent).unwrap();
    let view = reports::dashboard(&session, sent.id, ChartTheme::Light, &words()).await.unwrap();
    let picked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let asked = picked.clone();
    let out = dir.path().join("exports");
    std::fs::create_dir_all(&out).unwrap();
    desk.set_host(host::picker(move |name: &str| {
        asked.lock().unwrap().push(name.to_string());
        Some(out.join(name))
    }));

    let table = desk::export::TableExport {
        header: vec!["Ссылка".into(), "Переходы".into()],
        rows: view.link_rows.iter().map(|r| vec![r.url.clone(), r.clicks.to_string()]).collect(),
        numeric_columns: vec![1],
    };
    let comma = desk::export::TableFormat::Csv(desk::export::CsvSeparator::Comma);
    let written = desk.export_table("Переходы", &table, comma).await.unwrap();
    let text = std::fs::read_to_string(dir.path().join("exports").join("Переходы.csv")).unwrap();
    assert_eq!(written, Some(text.len() as u64));
    let lines: Vec<&str> = text.trim_start_matches('\u{FEFF}').lines().collect();
    assert_eq!(lines[0], "Ссылка,Переходы");
    assert_eq!(lines.len(), view.link_rows.len() + 1, "every link, read back");
    let first = &view.link_rows[0];
    assert!(lines[1].ends_with(&format!(",{}", first.clicks)) && lines[1].contains(&first.url), "{}", lines[1]);

    desk.export_chart("Воронка", &view.funnel.svg, desk::export::ChartFormat::Png).await.unwrap();
    let png = std::fs::read(dir.path().join("exports").join("Воронка.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    assert_eq!(*picked.lock().unwrap(), ["Переходы.csv", "Воронка.png"], "the names suggested in the save dialog");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_row_report_is_exported_page_by_page_with_progress_and_can_be_cancelled() {
    use reports::{RecipientReport, RowsExport, RowsExportRequest};
    let temp = tempfile::Builder::new().prefix("desk-rows-export-").tempdir().unwrap();
    let dir = temp.path();
    let desk = Desk::new(dir.to_path_buf(), desk::secrets::Secrets::with_service("campaign-desk-reports-test"));
    desk.open_account("demo").await.expect("demo opens");
    let session = desk.session().await.unwrap();
    let sent = reports::campaigns(&session).await.unwrap().into_iter().max_by_key(|c| c.sent).unwrap();
    let out = dir.join("exports");
    std::fs::create_dir_all(&out).unwrap();
    let target = out.clone();
    desk.set_host(host::picker(move |name: &str| Some(target.join(name))));
    let header: Vec<String> =
        ["Адрес", "Домен", "Отправлено", "Открыто", "Переход", "Код", "Причина"].map(String::from).to_vec();
    let request = |name: &str| RowsExportRequest {
        campaign_id: sent.id,
        what: RowsExport::Recipients(RecipientReport::Sent),
        header: header.clone(),
        name: name.to_string(),
        format: desk::export::TableFormat::Csv(desk::export::CsvSeparator::Semicolon),
    };

    let seen = std::sync::Mutex::new(Vec::new());
    let size = desk
        .export_rows(&session, &request("Все получатели"), "export-all", |p| seen.lock().unwrap().push(p))
        .await
        .unwrap()
        .expect("saved");
    let text = std::fs::read_to_string(out.join("Все получатели.csv")).unwrap();
    assert_eq!(size, text.len() as u64);
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').trim_end().split("\r\n").collect();
    assert!(text.starts_with('\u{feff}'), "a byte-order mark for Excel");
    assert_eq!(lines[0], "Адрес;Домен;Отправлено;Открыто;Переход;Код;Причина", "semicolons, as Russian Excel expects");
    assert_eq!(lines.len() as i64 - 1, sent.sent, "a line per recipient");
    let seen = seen.into_inner().unwrap();
    assert!(seen.len() > 2, "progress page by page: {seen:?}");
    assert!(seen.windows(2).all(|w| w[0].done <= w[1].done));
    let last = seen.last().unwrap();
    assert_eq!((last.done, last.total), (sent.sent as u64, Some(sent.sent as u64)));

    // Every click, with a subscriber field, as a workbook.
    let clicks = RowsExport::Events(reports::EventFilter {
        kind: Some(reports::EventKind::Clicked),
        fields: vec!["merge_1".into()],
        ..Default::default()
    });
    let header: Vec<String> =
        ["Время", "Событие", "Адрес", "Ссылка", "Регион", "Устройство", "Система", "Машина", "Имя"]
            .map(String::from)
            .to_vec();
    let xlsx = RowsExportRequest {
        what: clicks,
        header: header.clone(),
        format: desk::export::TableFormat::Xlsx,
        ..request("Переходы")
    };
    desk.export_rows(&session, &xlsx, "export-clicks", |_| {}).await.unwrap().expect("saved");
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(out.join("Переходы.xlsx")).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    assert_eq!(rows[0], header);
    let view = reports::dashboard(&session, sent.id, ChartTheme::Light, &words()).await.unwrap();
    let clicks_counted: i64 = view.link_rows.iter().map(|l| l.clicks).sum();
    assert_eq!(rows.len() as i64 - 1, clicks_counted, "a row per click");
    assert!(rows[1..].iter().all(|r| r[1] == "CLICKED" && r[3].starts_with("https://")), "{:?}", &rows[1]);
    std::fs::remove_file(out.join("Переходы.xlsx")).unwrap();

    // Cancelled after the first page: an error that says so, and no file at all.
    let desk = std::sync::Arc::new(desk);
    let canceller = desk.clone();
    let cancelled = desk
        .export_rows(&session, &request("Отменённый"), "export-cancelled", |p| {
            if p.done > 0 {
                canceller.tasks().cancel("export-cancelled");
            }
        })
        .await;
    assert_eq!(cancelled, Err(desk::DeskError::Cancelled));
    let left: Vec<_> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, vec![std::ffi::OsString::from("Все получатели.csv")], "nothing of the cancelled export is left");
}

#[tokio::test(flavor = "multi_thread")]
async fn opens_counted_bit_by_bit_while_a_campaign_goes_out_equal_one_count_of_them_all() {
    use api::campaigns::{self, CampaignContent, CampaignStatus};
    use std::time::{Duration, Instant};
    // An hour of the campaign's life passes in a fifth of a second; its opens
    // come over a few seconds (the same ones every run: the sandbox's seed is fixed).
    let config = sandbox::Config { clock_speed: 20_000.0, ..sandbox::Config::new("counting-key") };
    let service = sandbox::start(config).await.unwrap();
    let client = api::Client::new(&service.base_url(), api::ApiKey::new("counting-key")).unwrap();
    let list_id = api::lists::create(&client, &api::lists::NewList { name: "Readers".into(), ..Default::default() })
        .await
        .unwrap();
    let readers: Vec<api::members::NewMember> = (0..600)
        .map(|n| api::members::NewMember { email: format!("reader{n}@mail{}.example", n % 7), ..Default::default() })
        .collect();
    api::members::add_batch(&client, list_id, &readers, Default::default()).await.unwrap();
    let content = CampaignContent {
        list_ids: Some(vec![list_id]),
        name: Some("Counted".into()),
        subject: Some("Counted".into()),
        from_name: Some("Shop".into()),
        from_email: Some("shop@shop.example".into()),
        html: Some(r#"<a href="https://shop.example/a">A</a><a id="unsub_link" href="%ОТПИСАТЬСЯ%">U</a>"#.into()),
        ..Default::default()
    };
    let id = campaigns::create(&client, &content).await.unwrap();
    campaigns::launch(&client, id).await.unwrap();

    // The dashboard kept open: its details read again and again as opens
    // come in. This sandbox's events are in its reports the moment they
    // happen, and its clock runs fast: a second's lag is plenty, so what is
    // counted settles read after read.
    let watching = desk::Session::for_client(client.clone()).with_report_lag(Duration::from_secs(1));
    let mut reads = 0;
    let mut sent_at = None;
    while sent_at.is_none_or(|at: Instant| at.elapsed() < Duration::from_secs(8)) {
        reports::open_details(&watching, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
        reads += 1;
        if sent_at.is_none() && campaigns::get(&client, id).await.unwrap().status == CampaignStatus::Sent {
            sent_at = Some(Instant::now());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let kept = reports::open_details(&watching, id, ChartTheme::Light, &words(), |_| ()).await.unwrap();
    // Weeks later in the campaign's time: nothing comes any more; a fresh
    // session reads every open at once.
    let fresh = reports::open_details(&desk::Session::for_client(client), id, ChartTheme::Light, &words(), |_| ())
        .await
        .unwrap();
    assert!(reads > 20, "read while the opens came in: {reads} times");
    assert!(fresh.openers.by_people > 100 && fresh.openers.by_machines_only > 0, "{:?}", fresh.openers);
    assert_eq!(kept.openers, fresh.openers, "no open counted twice or lost");
    assert_eq!(kept.counts, fresh.counts);
    for (kept, fresh) in [
        (&kept.devices, &fresh.devices),
        (&kept.modes, &fresh.modes),
        (&kept.browsers, &fresh.browsers),
        (&kept.bounce_categories, &fresh.bounce_categories),
    ] {
        assert_eq!(kept.marks, fresh.marks);
    }
    service.stop().await;
}
