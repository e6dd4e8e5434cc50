//! Faults in the middle of an import, through a sandbox on loopback, each
//! put exactly where it hurts: one 503 on reading the account's excluded
//! addresses (the legacy interface) is tried again like any read, and a
//! new field whose create met a 503 or lost its answer is settled by
//! reading the fields back: the import neither fails its check nor stops.

use crate::common::imports;

use desk::import::{self, ColumnUse, ImportStatus, Tuning};
use imports::{field_titles, members_of, plan, prepared, write_file, Service};
use sandbox::faults::Faults;

/// The next request to each of these operations fails with a 503.
fn failing_once(operations: &[&str]) -> Faults {
    Faults { fail_next: operations.iter().map(|o| o.to_string()).collect(), ..Faults::default() }
}

#[tokio::test(flavor = "multi_thread")]
async fn one_503_on_reading_the_excluded_addresses_does_not_fail_the_file_s_check() {
    let service = Service::new();
    let healthy = service.serve(Faults::default()).await;
    let (list_id, _) = prepared(&service, &healthy).await;
    let (path, _) = write_file(service.dir.path(), 50);
    healthy.stop().await;

    let running = service.serve(failing_once(&["lists.get_unsubscribed", "lists.get_complaints"])).await;
    let session = service.session(&running);
    let plan = plan(&session, list_id, &path);
    let preview = import::inspect(&session, list_id, &plan.file_id).await.expect("checked through the 503s");
    assert_eq!(preview.rows, 53);
    let asked = api::sandbox::requests(session.client()).await.unwrap();
    let failed = asked.iter().filter(|r| r.status == 503).count();
    assert_eq!(failed, 2, "both reads met their fault: {asked:#?}");
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_503_and_a_lost_answer_on_making_new_fields_do_not_stop_the_import() {
    let service = Service::new();
    let healthy = service.serve(Faults::default()).await;
    let (list_id, _) = prepared(&service, &healthy).await;
    let (path, mut expected) = write_file(service.dir.path(), 500);
    let text = std::fs::read_to_string(&path).unwrap().replace('\n', ";+7 900\n").replacen(";+7 900", ";Телефон", 1);
    std::fs::write(&path, text).unwrap();
    healthy.stop().await;

    // The first create is refused with a 503 before it is made; sent again,
    // it is made and its answer cut; the reads of the excluded addresses
    // meet a 503 each as well.
    let fields = "POST /v2/lists/*/fields";
    let faults = Faults {
        cut_next: vec![fields.into()],
        ..failing_once(&[fields, "lists.get_unsubscribed", "lists.get_complaints"])
    };
    let running = service.serve(faults).await;
    let session = service.session(&running);
    let mut plan = plan(&session, list_id, &path);
    plan.columns.push(ColumnUse::NewField { title: "Телефон".into() });
    let tuning = Tuning { batch_rows: 100, ..Tuning::default() };
    let done = import::start(&session, &plan, tuning, |_| {}).await.expect("the import goes through the faults");
    assert_eq!((done.status, done.progress.sent), (ImportStatus::Finished, 500));

    let titles = field_titles(session.client(), list_id).await;
    for title in ["Город", "Телефон"] {
        assert_eq!(titles.iter().filter(|t| *t == title).count(), 1, "{title} made once: {titles:?}");
    }
    let reader = api::members::get(session.client(), list_id, "reader42@coffee.example").await.unwrap();
    let values: Vec<String> = reader.merges.iter().map(|(_, v)| v.to_string()).collect();
    assert_eq!(values, ["Город 42", "+7 900"]);
    expected.insert("gone@coffee.example".into());
    assert_eq!(members_of(session.client(), list_id).await, expected);
    let asked = api::sandbox::requests(session.client()).await.unwrap();
    assert_eq!(asked.iter().filter(|r| r.status == 503).count(), 3, "{asked:#?}");
    running.stop().await;
}
