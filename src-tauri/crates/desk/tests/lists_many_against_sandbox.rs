//! Many subscribers at once against a live sandbox on loopback: a list, a
//! filter or the rows ticked saved as CSV or XLSX page by page, and one
//! change made to many records through a service that loses answers and
//! asks to slow down.

use desk::export::{CsvSeparator, TableFormat};
use desk::lists::{self, BulkAction, Chosen, ExportWords, SubscriberExport, SubscriberFilter, SubscriberQuery};
use desk::views::SubscriberState;
use std::path::PathBuf;

use crate::common::cx::cx;
use crate::common::host;

fn words() -> ExportWords {
    ExportWords {
        email: "Эл. почта".into(),
        state: "Статус".into(),
        subscribed_at: "Подписан".into(),
        active: "Активен".into(),
        unsubscribed: "Отписан".into(),
        bounced: "Недоставка".into(),
        complained: "Жалоба".into(),
        unconfirmed: "Не подтвердил".into(),
        inactive: "Неактивен".into(),
        unknown: "?".into(),
    }
}

fn session_at(running: &sandbox::Running) -> desk::Session {
    crate::common::service::session(running, "k")
}

/// A desk whose save dialog picks `name` in `out`.
fn desk_saving_into(dir: &tempfile::TempDir, out: PathBuf) -> desk::Desk {
    let desk =
        desk::Desk::new(dir.path().join("data"), desk::secrets::Secrets::with_service("campaign-desk-many-test"));
    desk.set_host(host::picker(move |name| Some(out.join(name))));
    desk
}

/// A list "Клуб" with a postcode and a phone field and `n` subscribers,
/// every third unsubscribed; answers its id.
async fn club(session: &desk::Session, n: usize) -> i64 {
    let list = lists::create(session, "Клуб").await.unwrap();
    for (title, variable) in [("Индекс", "zip"), ("Телефон", "phone")] {
        let form = lists::FieldForm {
            title: title.into(),
            kind: lists::FieldType::Text,
            required: false,
            variable: variable.into(),
            choices: vec![],
        };
        lists::add_field(session, list, &form).await.unwrap();
    }
    let fields = lists::detail(session, list).await.unwrap().fields;
    let id = |title: &str| fields.iter().find(|f| f.title == title).unwrap().id;
    let (zip, phone) = (id("Индекс"), id("Телефон"));
    let members: Vec<api::members::NewMember> = (0..n)
        .map(|i| {
            let mut m = api::members::NewMember { email: format!("guest{i:05}@zerno.ru"), ..Default::default() };
            m.merges.set(zip, format!("0{:04}", i % 10_000));
            m.merges.set(phone, format!("+7916{i:07}"));
            m
        })
        .collect();
    for batch in members.chunks(500) {
        api::members::add_batch(session.client(), list, batch, Default::default()).await.unwrap();
    }
    for i in (0..n).step_by(3) {
        api::members::unsubscribe(session.client(), list, &format!("guest{i:05}@zerno.ru")).await.unwrap();
    }
    list
}

/// A page of a list's subscribers, in the service's order, not narrowed.
fn page_of(list_id: i64, start: u64, limit: u64) -> SubscriberQuery {
    serde_json::from_value(serde_json::json!({"listId": list_id, "start": start, "limit": limit})).unwrap()
}

fn everyone(list_id: i64) -> SubscriberFilter {
    SubscriberFilter { list_id, ..SubscriberFilter::default() }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_list_a_filter_and_the_rows_ticked_are_saved_page_by_page_with_text_kept_as_text() {
    let running = sandbox::start(sandbox::Config::new("k")).await.unwrap();
    let session = session_at(&running);
    let list = club(&session, 1_234).await;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let desk = desk_saving_into(&dir, out.clone());
    let request =
        |which: Chosen, name: &str, format| SubscriberExport { which, words: words(), name: name.into(), format };

    // The whole list, for Russian Excel, page by page.
    let seen = std::sync::Mutex::new(Vec::new());
    let csv = request(Chosen::Matching(everyone(list)), "Клуб", TableFormat::Csv(CsvSeparator::Semicolon));
    let held = std::sync::Mutex::new(Vec::new());
    let size = lists::export_subscribers(&cx(&desk), &session, &csv, "all", |p| {
        seen.lock().unwrap().push(p);
        held.lock().unwrap().push(desk.long_work().under_way().exports);
    })
    .await
    .unwrap()
    .expect("saved");
    assert!(held.into_inner().unwrap().iter().all(|n| *n == 1), "a close or an update waits while it is written");
    assert!(desk.long_work().under_way().is_nothing(), "and not after");
    let bytes = std::fs::read(out.join("Клуб.csv")).unwrap();
    assert_eq!(size, bytes.len() as u64);
    let text = String::from_utf8(bytes).unwrap();
    let header = text.lines().next().unwrap();
    assert!(header.starts_with("\u{feff}Эл. почта;Статус;Подписан;"), "{header}");
    let columns: Vec<&str> = header.split(';').collect();
    let (zip, phone) =
        (columns.iter().position(|c| *c == "Индекс").unwrap(), columns.iter().position(|c| *c == "Телефон").unwrap());
    let lines: Vec<&str> = text.trim_end().split("\r\n").skip(1).collect();
    assert_eq!(lines.len(), 1_234, "a line per subscriber");
    let first = lines.iter().find(|l| l.starts_with("guest00001@")).unwrap();
    let cells: Vec<&str> = first.split(';').collect();
    assert_eq!((cells[1], cells[zip], cells[phone]), ("Активен", "00001", "+79160000001"), "{first}");
    assert!(cells[2].len() == 19 && cells[2].as_bytes()[10] == b' ', "a time as files show it: {first}");
    let seen = seen.into_inner().unwrap();
    assert!(seen.len() >= 4, "progress page by page (500 at a time): {seen:?}");
    assert_eq!(seen.last().map(|p| (p.done, p.total)), Some((1_234, Some(1_234))));

    // What a filter matches, as a workbook: text stays text.
    let unsubscribed = SubscriberFilter { state: Some(SubscriberState::Unsubscribed), ..everyone(list) };
    lists::export_subscribers(
        &cx(&desk),
        &session,
        &request(Chosen::Matching(unsubscribed), "Отписались", TableFormat::Xlsx),
        "gone",
        |_| {},
    )
    .await
    .unwrap()
    .expect("saved");
    use calamine::{Data, Reader};
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(out.join("Отписались.xlsx")).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(sheet.height() - 1, 1_234usize.div_ceil(3), "a row per unsubscribed subscriber");
    let guest3 = sheet.rows().find(|r| r[0] == Data::String("guest00003@zerno.ru".into())).expect("guest 3 left");
    assert_eq!(guest3[1], Data::String("Отписан".into()));
    assert_eq!(guest3[zip], Data::String("00003".into()), "a leading zero kept");
    assert_eq!(guest3[phone], Data::String("+79160000003".into()), "a phone number as typed");

    // The rows ticked: nothing more is read from the service than the fields.
    let page = lists::subscribers(&session, &page_of(list, 0, 5)).await.unwrap();
    let ticked = Chosen::Rows { list_id: list, rows: page.rows[1..3].to_vec() };
    lists::export_subscribers(
        &cx(&desk),
        &session,
        &request(ticked, "Двое", TableFormat::Csv(CsvSeparator::Comma)),
        "two",
        |_| {},
    )
    .await
    .unwrap()
    .expect("saved");
    let text = std::fs::read_to_string(out.join("Двое.csv")).unwrap();
    let lines: Vec<&str> = text.trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].ends_with("Эл. почта,Статус,Подписан,First name,Last name,Индекс,Телефон"),
        "every field by its title"
    );
    assert!(lines[1].starts_with(&page.rows[1].email) && lines[2].starts_with(&page.rows[2].email));

    // Cancelled after the first page: said so, and no file at all.
    let desk = std::sync::Arc::new(desk);
    let canceller = desk.clone();
    let stopped = lists::export_subscribers(
        &cx(&desk),
        &session,
        &request(Chosen::Matching(everyone(list)), "Отменён", TableFormat::Xlsx),
        "stop",
        |p| {
            if p.done > 0 {
                canceller.tasks().cancel("stop");
            }
        },
    )
    .await;
    assert_eq!(stopped, Err(desk::DeskError::Cancelled));
    let mut left: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    left.sort();
    assert_eq!(left, ["Двое.csv", "Клуб.csv", "Отписались.xlsx"], "nothing of the cancelled export is left");
}

/// The states of a list's subscribers, by address.
async fn states(session: &desk::Session, list_id: i64) -> std::collections::BTreeMap<String, SubscriberState> {
    let mut all = std::collections::BTreeMap::new();
    let mut start = 0;
    loop {
        let page = lists::subscribers(session, &page_of(list_id, start, 500)).await.unwrap();
        all.extend(page.rows.iter().map(|r| (r.email.clone(), r.state)));
        if !page.has_more {
            return all;
        }
        start += 500;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_of_many_ends_with_every_record_changed_once_though_answers_are_lost_and_the_service_throttles() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let clean = sandbox::start(sandbox::Config { db: Some(db.clone()), ..sandbox::Config::new("k") }).await.unwrap();
    let (list, other) = {
        let session = session_at(&clean);
        (club(&session, 90).await, lists::create(&session, "Дегустация").await.unwrap())
    };
    clean.stop().await;
    let faults =
        sandbox::faults::Faults { applied_drop_rate: 0.25, throttle_rate: 0.15, retry_after: 1, ..Default::default() };
    let faulty = sandbox::start(sandbox::Config { db: Some(db), faults, ..sandbox::Config::new("k") }).await.unwrap();
    let session = session_at(&faulty);
    let desk = desk_saving_into(&dir, dir.path().to_path_buf());

    // Everyone still active is unsubscribed: 60 of the 90.
    let active = SubscriberFilter { state: Some(SubscriberState::Active), ..everyone(list) };
    let seen = std::sync::Mutex::new(Vec::new());
    let outcome = lists::change_subscribers(
        &cx(&desk),
        &session,
        &Chosen::Matching(active),
        BulkAction::Unsubscribe,
        60,
        "unsubscribe",
        |p| seen.lock().unwrap().push(p),
    )
    .await
    .unwrap();
    assert_eq!((outcome.done, outcome.failed, outcome.not_tried, outcome.cancelled), (60, 0, 0, false), "{outcome:?}");
    let now = states(&session, list).await;
    assert_eq!(now.len(), 90);
    assert!(now.values().all(|s| *s == SubscriberState::Unsubscribed), "{now:?}");
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.first().map(|p| p.total), Some(None), "unknown while the filter is read");
    assert_eq!(seen.last().map(|p| (p.done, p.total)), Some((60, Some(60))));

    // Ten ticked rows are copied, ten others moved: each once.
    let first_rows = |start| page_of(list, start, 10);
    let copied_rows = lists::subscribers(&session, &first_rows(0)).await.unwrap().rows;
    let ticked = Chosen::Rows { list_id: list, rows: copied_rows };
    let copied = lists::change_subscribers(
        &cx(&desk),
        &session,
        &ticked,
        BulkAction::Copy { to_list_id: other },
        10,
        "copy",
        |_| {},
    )
    .await
    .unwrap();
    assert_eq!((copied.done, copied.failed), (10, 0), "{copied:?}");
    assert_eq!(states(&session, other).await.len(), 10, "copied once each");
    let moved_rows = lists::subscribers(&session, &first_rows(10)).await.unwrap().rows;
    let ticked = Chosen::Rows { list_id: list, rows: moved_rows.clone() };
    let moved = lists::change_subscribers(
        &cx(&desk),
        &session,
        &ticked,
        BulkAction::Move { to_list_id: other },
        10,
        "move",
        |_| {},
    )
    .await
    .unwrap();
    assert_eq!((moved.done, moved.failed), (10, 0), "{moved:?}");
    let (here, there) = (states(&session, list).await, states(&session, other).await);
    assert_eq!((here.len(), there.len()), (80, 20));
    assert!(moved_rows.iter().all(|r| there.contains_key(&r.email) && !here.contains_key(&r.email)));

    // The rest are deleted.
    let deleted = lists::change_subscribers(
        &cx(&desk),
        &session,
        &Chosen::Matching(everyone(list)),
        BulkAction::Delete,
        80,
        "delete",
        |_| {},
    )
    .await
    .unwrap();
    assert_eq!((deleted.done, deleted.failed), (80, 0), "{deleted:?}");
    assert!(states(&session, list).await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_record_the_service_throttles_again_and_again_is_changed_once_it_lets_it_through() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let clean = sandbox::start(sandbox::Config { db: Some(db.clone()), ..sandbox::Config::new("k") }).await.unwrap();
    let (list, rows) = {
        let session = session_at(&clean);
        let list = club(&session, 8).await;
        (list, lists::subscribers(&session, &page_of(list, 0, 8)).await.unwrap().rows)
    };
    clean.stop().await;
    // Four requests in five are told to wait a second: most records are
    // throttled several times in a row before one goes through.
    let faults = sandbox::faults::Faults { throttle_rate: 0.8, retry_after: 1, ..Default::default() };
    let busy =
        sandbox::start(sandbox::Config { db: Some(db.clone()), faults, ..sandbox::Config::new("k") }).await.unwrap();
    let desk = desk_saving_into(&dir, dir.path().to_path_buf());
    let ticked = Chosen::Rows { list_id: list, rows };
    let outcome = lists::change_subscribers(
        &cx(&desk),
        &session_at(&busy),
        &ticked,
        BulkAction::Unsubscribe,
        8,
        "unsubscribe",
        |_| {},
    )
    .await
    .unwrap();
    busy.stop().await;
    assert_eq!((outcome.done, outcome.failed), (8, 0), "{outcome:?}");
    let clean = sandbox::start(sandbox::Config { db: Some(db), ..sandbox::Config::new("k") }).await.unwrap();
    let now = states(&session_at(&clean), list).await;
    assert_eq!(now.len(), 8);
    assert!(now.values().all(|s| *s == SubscriberState::Unsubscribed), "{now:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_of_many_stopped_halfway_says_what_was_done_and_what_was_not_tried() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let clean = sandbox::start(sandbox::Config { db: Some(db.clone()), ..sandbox::Config::new("k") }).await.unwrap();
    let list = club(&session_at(&clean), 300).await;
    clean.stop().await;
    // A distant service: the change takes long enough to be stopped in the middle.
    let faults = sandbox::faults::Faults { latency: std::time::Duration::from_millis(20), ..Default::default() };
    let running = sandbox::start(sandbox::Config { db: Some(db), faults, ..sandbox::Config::new("k") }).await.unwrap();
    let session = session_at(&running);
    let desk = std::sync::Arc::new(desk_saving_into(&dir, dir.path().to_path_buf()));
    let canceller = desk.clone();
    let outcome = lists::change_subscribers(
        &cx(&desk),
        &session,
        &Chosen::Matching(everyone(list)),
        BulkAction::Delete,
        300,
        "halfway",
        |p| {
            if p.done >= 20 {
                canceller.tasks().cancel("halfway");
            }
        },
    )
    .await
    .unwrap();
    assert!(outcome.cancelled, "{outcome:?}");
    assert!(outcome.done >= 20 && outcome.not_tried > 0, "{outcome:?}");
    assert_eq!(outcome.done + outcome.failed + outcome.not_tried, 300);
    assert_eq!(
        states(&session, list).await.len() as u64,
        300 - outcome.done,
        "what was said done is done, and only that"
    );
}
