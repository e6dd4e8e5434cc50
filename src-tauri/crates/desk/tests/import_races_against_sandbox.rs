//! An import's runs settle every race, through a sandbox on loopback: a
//! pause or a cancel that comes while a resume starts up reaches it before
//! a row goes; a running import holds a close from its first step to its
//! end; two resumes at once send one journal once; a row the
//! service refuses leaves its address to a later row, in the same run and
//! after a resume; a file edited to the same size is not resumed, one only
//! touched is.

use crate::common::imports;

use desk::import::{self, ImportProgress, ImportRecord, ImportStatus, Tuning};
use desk::Session;
use imports::{members_of, plan, prepared, write_file, Service};
use sandbox::faults::Faults;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::Poll;

const SMALL: Tuning = Tuning {
    batch_rows: 100,
    concurrency: 1,
    patience: std::time::Duration::from_secs(120),
    first_backoff: std::time::Duration::from_millis(250),
};

/// Starts an import of `plan` and pauses it once `at` rows went.
async fn paused_at(session: &Session, plan: &desk::import::ImportPlan, at: u64) -> ImportRecord {
    let control = session.clone();
    let paused = import::start(session, plan, SMALL, move |p| {
        if p.sent >= at {
            import::pause(&control, &p.import_id);
        }
    })
    .await
    .unwrap();
    assert_eq!(paused.status, ImportStatus::Stopped);
    paused
}

/// Polls a future once, as the runtime first does: it runs up to its
/// first wait.
async fn first_step<F: Future + Unpin>(future: &mut F) -> Poll<F::Output> {
    std::future::poll_fn(|cx| Poll::Ready(std::pin::Pin::new(&mut *future).poll(cx))).await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_pause_or_a_cancel_while_a_resume_starts_up_reaches_it_before_a_row_goes() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let (path, _) = write_file(service.dir.path(), 3000);
    let paused = paused_at(&session, &plan(&session, list_id, &path), 500).await;
    let members = members_of(session.client(), list_id).await.len();

    for (cancel, ends) in [(false, ImportStatus::Stopped), (true, ImportStatus::Cancelled)] {
        // A session of its own reads the account's excluded addresses again:
        // the resume waits on the service before its first batch.
        let fresh = service.session(&running);
        let mut resuming = Box::pin(import::resume(&fresh, &paused.id, SMALL, |_| {}));
        assert!(first_step(&mut resuming).await.is_pending(), "starting up");
        if cancel {
            import::cancel(&fresh, &paused.id).unwrap();
        } else {
            import::pause(&fresh, &paused.id);
        }
        let stopped = resuming.await.unwrap();
        assert_eq!(stopped.status, ends, "cancelled: {cancel}");
        assert_eq!(stopped.progress.sent, paused.progress.sent, "no batch went");
        assert_eq!(import::records(&fresh, Some(list_id))[0].status, ends, "the journal says so too");
        assert_eq!(members_of(fresh.client(), list_id).await.len(), members);
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_running_import_holds_a_close_from_its_start_to_its_end() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let (path, _) = write_file(service.dir.path(), 3000);
    let plan = plan(&session, list_id, &path);
    let imports = |s: &Session| s.long_work().under_way().imports;

    let mut starting = Box::pin(import::start(&session, &plan, SMALL, |_| {}));
    assert!(first_step(&mut starting).await.is_pending());
    assert_eq!(imports(&session), 1, "from its first step, before a field is made");
    let control = session.clone();
    let paused = import::start(&session, &plan, SMALL, move |p| {
        if p.sent >= 500 {
            assert_eq!(imports(&control), 2, "two imports running");
            import::pause(&control, &p.import_id);
        }
    })
    .await
    .unwrap();
    assert_eq!(starting.await.unwrap().status, ImportStatus::Finished);
    assert_eq!(imports(&session), 0, "ended, paused: nothing holds a close");

    let fresh = service.session(&running);
    let mut resuming = Box::pin(import::resume(&fresh, &paused.id, SMALL, |_| {}));
    assert!(first_step(&mut resuming).await.is_pending());
    assert_eq!(imports(&fresh), 1, "a resume too, while it starts up");
    drop(resuming);
    assert_eq!(imports(&fresh), 0, "a run dropped (its task ended) holds nothing");
    let done = import::resume(&fresh, &paused.id, SMALL, |_| {}).await.unwrap();
    assert_eq!(done.status, ImportStatus::Finished, "nor keeps the import claimed");
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn two_resumes_at_once_send_one_journal_once() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let (path, mut expected) = write_file(service.dir.path(), 3000);
    let paused = paused_at(&session, &plan(&session, list_id, &path), 500).await;

    let fresh = service.session(&running);
    let most = AtomicU64::new(0);
    let heard = |p: ImportProgress| {
        let done = p.sent + p.refused;
        most.fetch_max(done, Ordering::SeqCst);
        assert!(p.to_send.is_none_or(|to_send| done <= to_send), "past the end: {p:?}");
    };
    let (first, second) = tokio::join!(
        import::resume(&fresh, &paused.id, SMALL, heard),
        import::resume(&fresh, &paused.id, SMALL, heard)
    );
    let mut statuses = [first.unwrap().status, second.unwrap().status];
    statuses.sort_by_key(|s| format!("{s:?}"));
    assert_eq!(statuses, [ImportStatus::Finished, ImportStatus::Running], "the second found it running");
    let done = &import::records(&fresh, Some(list_id))[0];
    assert_eq!(done.status, ImportStatus::Finished);
    assert_eq!((done.progress.sent, done.progress.to_send), (3000, Some(3000)), "each row counted once");
    assert_eq!(most.load(Ordering::SeqCst), 3000);
    expected.insert("gone@coffee.example".into());
    assert_eq!(members_of(fresh.client(), list_id).await, expected);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_row_the_service_refuses_leaves_its_address_to_a_later_row_in_the_run_and_after_a_resume() {
    let service = Service::new();
    let healthy = service.serve(Faults::default()).await;
    let (list_id, _) = prepared(&service, &healthy).await;
    healthy.stop().await;
    // The first row's city is one the service does not take; the row after
    // next repeats its address with a city it takes, inside the span of a
    // batch that goes before the pause. Boris is refused twice: his third
    // row is not tried.
    let mut text = String::from("Email;Город\nanna@coffee.example;не-город\nreader0@coffee.example;Омск\n");
    text.push_str("ANNA@coffee.example;Омск\n");
    for n in 1..3000 {
        text.push_str(&format!("reader{n}@coffee.example;Город {}\n", n % 50));
    }
    text.push_str("boris@coffee.example;не-город\nboris@coffee.example;не-город\nBoris@coffee.example;Томск\n");
    let path = service.dir.path().join("с отказами.csv");
    std::fs::write(&path, text).unwrap();
    let running = service.serve(Faults { refused_value: Some("не-город".into()), ..Faults::default() }).await;
    let session = service.session(&running);
    let paused = paused_at(&session, &plan(&session, list_id, &path), 300).await;
    assert_eq!(paused.progress.refused, 1, "{paused:?}");

    let done = import::resume(&service.session(&running), &paused.id, SMALL, |_| {}).await.unwrap();
    assert_eq!(done.status, ImportStatus::Finished);
    let members = members_of(session.client(), list_id).await;
    assert!(members.iter().any(|m| m.eq_ignore_ascii_case("anna@coffee.example")), "Anna's second row went");
    let anna = api::members::get(session.client(), list_id, "anna@coffee.example").await.unwrap();
    assert_eq!(anna.merges.iter().map(|(_, v)| v.to_string()).collect::<Vec<_>>(), ["Омск"]);
    assert!(!members.iter().any(|m| m.eq_ignore_ascii_case("boris@coffee.example")));
    let counts = (done.progress.sent, done.progress.refused, done.progress.to_send, done.rows, done.skipped);
    assert_eq!(counts, (3001, 3, Some(3004), Some(3005), Some(1)), "Anna's and Boris's second rows are to send");
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_edited_to_the_same_size_is_not_resumed_and_one_only_touched_is() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let (path, _) = write_file(service.dir.path(), 3000);
    let paused = paused_at(&session, &plan(&session, list_id, &path), 500).await;

    let original = std::fs::read(&path).unwrap();
    let changed_at = std::fs::metadata(&path).unwrap().modified().unwrap();
    let edited = String::from_utf8(original.clone()).unwrap().replacen("reader0@", "raeder0@", 1);
    assert_eq!(edited.len(), original.len());
    std::fs::write(&path, &edited).unwrap();
    std::fs::File::options().write(true).open(&path).unwrap().set_modified(changed_at).unwrap();
    let refused = import::resume(&session, &paused.id, SMALL, |_| {}).await;
    assert!(
        matches!(&refused, Err(desk::DeskError::InArea { area, failure })
            if area == "import" && failure["code"] == "fileRefused" && failure["problem"] == "changed"),
        "the same size, the same time, other bytes: {refused:?}"
    );

    std::fs::write(&path, &original).unwrap();
    let touched = changed_at + std::time::Duration::from_secs(3600);
    std::fs::File::options().write(true).open(&path).unwrap().set_modified(touched).unwrap();
    let done = import::resume(&session, &paused.id, SMALL, |_| {}).await.unwrap();
    assert_eq!((done.status, done.progress.sent), (ImportStatus::Finished, 3000), "the same bytes, touched");
    running.stop().await;
}
