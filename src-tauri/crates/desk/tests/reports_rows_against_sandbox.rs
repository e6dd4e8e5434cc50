//! The Reports area's rows against the demo sandbox on loopback: recipients
//! and events paged, sorted and filtered as the service does, and what a
//! report shows saved where the user picks (a chart, a table, a whole row
//! report page by page).

use desk::reports::{self, ChartTheme};
use desk::Desk;

use crate::common::chart_words;
use crate::common::cx::cx;
use crate::common::demo;
use crate::common::host;
use chart_words::russian as words;

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
    let view = reports::breakdown(&session, sent.id, ChartTheme::Light).await.unwrap();
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
    let written = desk::export::export_table(&cx(&desk), "Переходы", &table, comma).await.unwrap();
    let text = std::fs::read_to_string(dir.path().join("exports").join("Переходы.csv")).unwrap();
    assert_eq!(written, Some(text.len() as u64));
    let lines: Vec<&str> = text.trim_start_matches('\u{FEFF}').lines().collect();
    assert_eq!(lines[0], "Ссылка,Переходы");
    assert_eq!(lines.len(), view.link_rows.len() + 1, "every link, read back");
    let first = &view.link_rows[0];
    assert!(lines[1].ends_with(&format!(",{}", first.clicks)) && lines[1].contains(&first.url), "{}", lines[1]);

    let funnel = reports::dashboard(&session, sent.id, ChartTheme::Light, &words()).await.unwrap().funnel;
    let png = desk::export::ChartFormat::Png;
    desk::export::export_chart(&cx(&desk), "Воронка", &funnel.svg, png).await.unwrap();
    let png = std::fs::read(dir.path().join("exports").join("Воронка.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    assert_eq!(*picked.lock().unwrap(), ["Переходы.csv", "Воронка.png"], "the names suggested in the save dialog");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_row_report_is_exported_page_by_page_with_progress_and_can_be_cancelled() {
    use reports::{RecipientReport, RowsExport, RowsExportRequest};
    let temp = tempfile::Builder::new().prefix("desk-rows-export-").tempdir().unwrap();
    let dir = temp.path();
    demo::place(dir);
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
    let size = reports::export_rows(&cx(&desk), &session, &request("Все получатели"), "export-all", |p| {
        seen.lock().unwrap().push(p)
    })
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
    reports::export_rows(&cx(&desk), &session, &xlsx, "export-clicks", |_| {}).await.unwrap().expect("saved");
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(out.join("Переходы.xlsx")).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    assert_eq!(rows[0], header);
    let view = reports::breakdown(&session, sent.id, ChartTheme::Light).await.unwrap();
    let clicks_counted: i64 = view.link_rows.iter().map(|l| l.clicks).sum();
    assert_eq!(rows.len() as i64 - 1, clicks_counted, "a row per click");
    assert!(rows[1..].iter().all(|r| r[1] == "CLICKED" && r[3].starts_with("https://")), "{:?}", &rows[1]);
    std::fs::remove_file(out.join("Переходы.xlsx")).unwrap();

    // Cancelled after the first page: an error that says so, and no file at all.
    let desk = std::sync::Arc::new(desk);
    let canceller = desk.clone();
    let cancelled =
        reports::export_rows(&cx(&desk), &session, &request("Отменённый"), "export-cancelled", |p| {
            if p.done > 0 {
                canceller.tasks().cancel("export-cancelled");
            }
        })
        .await;
    assert_eq!(cancelled, Err(desk::DeskError::Cancelled));
    let left: Vec<_> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, vec![std::ffi::OsString::from("Все получатели.csv")], "nothing of the cancelled export is left");
}
