//! The service's own import, from a file at a web address served on
//! loopback, followed to its end through a sandbox; the list's import
//! history; the list's cleaning.

use desk::import::{self, AddressImportForm, ServiceImportStatus};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const KEY: &str = "address-import-key";

/// Serves `body` as a CSV file to every request, on loopback.
async fn serve_file(body: &'static str) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = [0u8; 4096];
            let _ = socket.read(&mut request).await;
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = socket.write_all(head.as_bytes()).await;
            let _ = socket.write_all(body.as_bytes()).await;
        }
    });
    format!("http://{address}/subscribers.csv")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_at_a_web_address_is_imported_by_the_service_and_followed_to_its_end() {
    let (service, session) = crate::common::service::started(KEY).await;
    let list = api::lists::NewList { name: "С сайта".into(), ..Default::default() };
    let list_id = api::lists::create(session.client(), &list).await.unwrap();
    let url =
        serve_file("name,email\nАнна,anna@coffee.example\nБорис,boris@coffee.example\nнет,not-an-address\n").await;

    let seen = std::sync::Mutex::new(Vec::new());
    let form = AddressImportForm { url, email_column: 2, update_existing: false };
    let done = import::import_from_address(&session, list_id, &form, |s| seen.lock().unwrap().push(s.status))
        .await
        .expect("followed to its end");
    assert_eq!(done.status, ServiceImportStatus::Done, "{done:?}");
    assert_eq!((done.added, done.invalid), (2, 1), "{done:?}");
    assert_eq!(seen.lock().unwrap().last(), Some(&ServiceImportStatus::Done));
    let members = api::lists::get(session.client(), list_id).await.unwrap();
    assert_eq!(*members.counts.count_all, 2);

    let history = import::service_imports(&session, list_id).await.unwrap();
    assert_eq!(history.iter().map(|i| i.id).collect::<Vec<_>>(), [done.id]);

    let refused = import::import_from_address(
        &session,
        list_id,
        &AddressImportForm { url: "file:///etc/passwd".into(), email_column: 1, update_existing: false },
        |_| {},
    )
    .await;
    assert!(matches!(refused, Err(desk::DeskError::AddressRefused { .. })), "{refused:?}");
    assert_eq!(import::service_imports(&session, list_id).await.unwrap().len(), 1, "nothing was sent");

    // Cleaning removes only bounced and complained records: here, none.
    let removed = import::clean_list(&session, list_id).await.unwrap();
    let left = *api::lists::get(session.client(), list_id).await.unwrap().counts.count_all;
    assert_eq!((removed, left), (0, 2));
    service.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_start_whose_answer_was_lost_is_found_as_the_lists_latest_import() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let serve = |faults| sandbox::start(sandbox::Config { db: Some(db.clone()), faults, ..sandbox::Config::new(KEY) });
    let healthy = serve(Default::default()).await.unwrap();
    let session = crate::common::service::session(&healthy, KEY);
    let list = api::lists::NewList { name: "С сайта".into(), ..Default::default() };
    let list_id = api::lists::create(session.client(), &list).await.unwrap();
    let url = serve_file("email\nanna@coffee.example\n").await;
    let form = AddressImportForm { url, email_column: 1, update_existing: false };
    let first = import::import_from_address(&session, list_id, &form, |_| {}).await.unwrap();
    healthy.stop().await;

    // Its answer cut after the service began it: the import after the first is this one, followed to its end.
    let losing = serve(crate::common::lost_answers::applied_then_dropped()).await.unwrap();
    let done = import::import_from_address(&crate::common::service::session(&losing, KEY), list_id, &form, |_| {})
        .await
        .expect("found as the list's latest import");
    assert_ne!(done.id, first.id);
    assert_eq!(done.status, ServiceImportStatus::Done, "{done:?}");
    losing.stop().await;

    let healthy = serve(Default::default()).await.unwrap();
    let history = import::service_imports(&crate::common::service::session(&healthy, KEY), list_id).await.unwrap();
    assert_eq!(history.len(), 2, "started once: {history:?}");
}
