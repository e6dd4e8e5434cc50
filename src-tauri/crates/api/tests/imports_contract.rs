//! Imports from a file address, their history, the last status and
//! cleaning, against a live sandbox.

use crate::common;

use campaign_desk_api::imports::{self, ImportReport, ImportRequest, ImportStatus};
use campaign_desk_api::lists::{self, ListState, NewList};
use campaign_desk_api::members::{self, AddOptions, MemberQuery, NewMember};
use campaign_desk_api::Client;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn list(client: &Client) -> i64 {
    lists::create(client, &NewList { name: "Imported".into(), ..NewList::default() }).await.unwrap()
}

/// A file to import, by its `file://` address; removed when dropped.
struct Upload {
    url: String,
    _path: tempfile::TempPath,
}

fn csv_file(text: &str) -> Upload {
    let path = tempfile::Builder::new().prefix("import-").suffix(".csv").tempfile().unwrap().into_temp_path();
    std::fs::write(&path, text).unwrap();
    Upload { url: format!("file://{}", path.display()), _path: path }
}

async fn finished(client: &Client, list_id: i64) -> ImportReport {
    for _ in 0..200 {
        let report = imports::result(client, list_id).await.unwrap();
        if report.is_finished() {
            return report;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the import did not finish");
}

#[tokio::test]
async fn a_csv_import_adds_valid_rows_and_counts_the_rest() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    members::add(
        &client,
        id,
        &NewMember { email: "old@example.com".into(), ..Default::default() },
        AddOptions::default(),
    )
    .await
    .unwrap();
    let file = csv_file(
        "Email;First name;City\r\nann@example.com;Ann;Riga\r\nnot-an-address;Bad;X\r\n\"bob@example.com\";\"Bob \"\"B\"\"\";Oslo\r\nold@example.com;Old;Y\r\n",
    );
    let mut request = ImportRequest::csv(file.url.clone(), 0);
    request.merge_columns.insert(1, 1);
    request.merge_columns.insert(3, 2);
    let import_id = imports::start(&client, id, &request).await.unwrap();
    let report = finished(&client, id).await;
    assert_eq!(report.id, import_id);
    assert_eq!(report.status, ImportStatus::Done);
    assert_eq!((*report.total, *report.added, *report.invalid, *report.skipped), (4, 2, 1, 1));
    let bob = members::get(&client, id, "bob@example.com").await.unwrap();
    assert_eq!((bob.merges.get(1), bob.merges.get(3)), (Some("Bob \"B\""), Some("Oslo")));
    assert_eq!(bob.source.as_deref(), Some("excel"));
    assert_eq!(members::get(&client, id, "old@example.com").await.unwrap().merges.get(1), None, "kept without update");
    assert_eq!(lists::get(&client, id).await.unwrap().state, ListState::Active, "unblocked after the import");
}

#[tokio::test]
async fn update_refreshes_existing_subscribers() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    members::add(
        &client,
        id,
        &NewMember { email: "c@example.com".into(), ..Default::default() },
        AddOptions::default(),
    )
    .await
    .unwrap();
    let file = csv_file("c@example.com,Cleo\n");
    let mut request = ImportRequest::csv(file.url.clone(), 0);
    request.merge_columns.insert(1, 1);
    request.update = true;
    imports::start(&client, id, &request).await.unwrap();
    let report = finished(&client, id).await;
    assert_eq!((*report.added, *report.updated), (0, 1));
    assert_eq!(members::get(&client, id, "c@example.com").await.unwrap().merges.get(1), Some("Cleo"));
}

#[tokio::test]
async fn files_are_fetched_over_loopback_http_too() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    let body: String = (0..2500).map(|n| format!("p{n}@example.com,P{n}\n")).collect();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.unwrap();
        let mut buf = [0u8; 4096];
        let _ = socket.read(&mut buf).await;
        let head = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/csv\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        );
        socket.write_all(head.as_bytes()).await.unwrap();
        socket.write_all(body.as_bytes()).await.unwrap();
    });
    imports::start(&client, id, &ImportRequest::csv(format!("http://{addr}/export.csv"), 0)).await.unwrap();
    let report = finished(&client, id).await;
    assert_eq!((report.status, *report.added), (ImportStatus::Done, 2500));
    let all = members::list(&client, id, &MemberQuery::default()).page_size(1000).collect_all().await.unwrap();
    assert_eq!(all.len(), 2500);
}

#[tokio::test]
async fn a_missing_file_fails_the_import_with_a_reason() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    imports::start(&client, id, &ImportRequest::csv("file:///nonexistent/list.csv", 0)).await.unwrap();
    let report = finished(&client, id).await;
    assert_eq!(report.status, ImportStatus::Failed);
    assert!(report.error.as_deref().unwrap_or_default().contains("could not be read"), "{:?}", report.error);
    assert_eq!(lists::get(&client, id).await.unwrap().state, ListState::Active);
}

#[tokio::test]
async fn bad_import_requests_are_refused_with_codes() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    let err = client
        .post(&["lists", &id.to_string(), "members", "import"], serde_json::json!({"type": "csv", "email": 0}))
        .await
        .unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(3)));
    let file = csv_file("a@x.com\n");
    let err = imports::start(&client, 999, &ImportRequest::csv(file.url.clone(), 0)).await.unwrap_err();
    assert_eq!(err.code(), Some(5));
    let mut xml = ImportRequest::csv(file.url.clone(), 0);
    xml.file_type = imports::FileType::Xml;
    assert_eq!(imports::start(&client, id, &xml).await.unwrap_err().code(), Some(2), "the sandbox reads no XML files");
    assert_eq!(imports::result(&client, id).await.unwrap_err().code(), Some(4), "no import yet");
}

#[tokio::test]
async fn history_and_last_status_follow_the_imports() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    assert!(imports::history(&client, id).await.unwrap().is_empty());
    let (a, b) = (csv_file("a@example.com\n"), csv_file("b@example.com\n"));
    let first = imports::start(&client, id, &ImportRequest::csv(a.url.clone(), 0)).await.unwrap();
    finished(&client, id).await;
    let second = imports::start(&client, id, &ImportRequest::csv(b.url.clone(), 0)).await.unwrap();
    finished(&client, id).await;
    let ids: Vec<i64> = imports::history(&client, id).await.unwrap().iter().map(|r| *r.id).collect();
    assert_eq!(ids, [second, first], "newest first");
    let status = imports::last_status(&client, id).await.unwrap();
    assert_eq!((status.state, status.import.map(|i| *i.id)), (ListState::Active, Some(second)));
}

#[tokio::test]
async fn cleaning_removes_only_records_that_cannot_be_mailed() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    for email in ["keep@example.com", "gone@example.com"] {
        members::add(&client, id, &NewMember { email: email.into(), ..Default::default() }, AddOptions::default())
            .await
            .unwrap();
    }
    members::unsubscribe(&client, id, "gone@example.com").await.unwrap();
    assert_eq!(imports::clean(&client, id).await.unwrap(), 0, "unsubscribed records stay on record");
    assert_eq!(lists::get(&client, id).await.unwrap().counts.count_all, 2);
}

#[tokio::test]
async fn cleaning_removes_bounced_and_complained_records() {
    let (_sandbox, client) = common::demo_sandbox().await;
    let partners =
        lists::list(&client, None).await.unwrap().into_iter().find(|l| l.name == "Wholesale partners").unwrap();
    let before = partners.counts.clone();
    assert!(*before.count_bounced + *before.count_complained > 0, "the demo list has some to clean");
    let removed = imports::clean(&client, *partners.id).await.unwrap();
    assert_eq!(removed as i64, *before.count_bounced + *before.count_complained);
    let after = lists::get(&client, *partners.id).await.unwrap().counts;
    assert_eq!((*after.count_bounced, *after.count_complained), (0, 0));
    assert_eq!(after.count_unsubscribed, before.count_unsubscribed);
}

#[tokio::test]
async fn an_excel_workbook_imports_from_the_sheet_asked_for() {
    let (_sandbox, client) = common::sandbox().await;
    let id = list(&client).await;
    let mut book = rust_xlsxwriter::Workbook::new();
    let notes = book.add_worksheet().set_name("Notes").unwrap();
    notes.write_string(0, 0, "not addresses").unwrap();
    let sheet = book.add_worksheet().set_name("Customers").unwrap();
    for (row, (email, name, orders)) in
        [("Email", "Name", 0.0), ("xl1@example.com", "Xena", 3.0), ("xl2@example.com", "Yuri", 12.0)].iter().enumerate()
    {
        sheet.write_string(row as u32, 0, *email).unwrap();
        sheet.write_string(row as u32, 1, *name).unwrap();
        if row > 0 {
            sheet.write_number(row as u32, 2, *orders).unwrap();
        }
    }
    let file = tempfile::Builder::new().prefix("customers-").suffix(".xlsx").tempfile().unwrap();
    let path = file.path();
    book.save(path).unwrap();
    let mut request = ImportRequest::csv(format!("file://{}", path.display()), 0);
    request.file_type = imports::FileType::Xlsx;
    request.sheet_name = Some("Customers".into());
    request.merge_columns.insert(1, 1);
    request.merge_columns.insert(6, 2);
    imports::start(&client, id, &request).await.unwrap();
    let report = finished(&client, id).await;
    assert_eq!((report.status, *report.added), (ImportStatus::Done, 2), "{report:?}");
    let yuri = members::get(&client, id, "xl2@example.com").await.unwrap();
    assert_eq!((yuri.merges.get(1), yuri.merges.get(6)), (Some("Yuri"), Some("12")));
    let mut missing = ImportRequest::csv(format!("file://{}", path.display()), 0);
    missing.file_type = imports::FileType::Xlsx;
    missing.sheet_name = Some("Nope".into());
    imports::start(&client, id, &missing).await.unwrap();
    let failed = finished(&client, id).await;
    assert_eq!(failed.status, ImportStatus::Failed);
    assert!(failed.error.0.unwrap_or_default().contains("no sheet Nope"));
}

#[tokio::test]
async fn a_confined_sandbox_reads_only_picked_files_and_reaches_only_loopback() {
    let grants = sandbox::FileGrants::default();
    let config =
        sandbox::Config { outbound: sandbox::Outbound::Confined(grants.clone()), ..sandbox::Config::new(common::KEY) };
    let (_sandbox, client) = common::serve(config).await;
    let id = list(&client).await;
    let unpicked = csv_file("ann@example.com\n");
    imports::start(&client, id, &ImportRequest::csv(unpicked.url.clone(), 0)).await.unwrap();
    let report = finished(&client, id).await;
    assert_eq!(report.status, ImportStatus::Failed);
    assert!(report.error.as_deref().unwrap_or_default().contains("not picked"), "{:?}", report.error);

    imports::start(&client, id, &ImportRequest::csv("https://example.com/list.csv", 0)).await.unwrap();
    let report = finished(&client, id).await;
    assert!(report.error.as_deref().unwrap_or_default().contains("loopback"), "{:?}", report.error);

    grants.grant(std::path::Path::new(unpicked.url.trim_start_matches("file://")));
    imports::start(&client, id, &ImportRequest::csv(unpicked.url.clone(), 0)).await.unwrap();
    let report = finished(&client, id).await;
    assert_eq!((report.status, *report.added), (ImportStatus::Done, 1));
}
