//! Files imported into a list through a sandbox on loopback: through a
//! service that fails a fifth of its requests, drops connections after
//! carrying writes out and asks the app to slow down, every row ends up in
//! the list exactly once; an import cut off mid-way (its task killed, as a
//! crash would) or paused goes on from its journal and adds nobody twice.

use crate::common::imports;

use desk::import::{self, ImportPlan, ImportStatus, Tuning};
use imports::{members_of, plan, prepared, write_file, Service};
use sandbox::faults::Faults;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn a_hundred_thousand_rows_through_a_failing_service_end_in_the_list_exactly_once() {
    let service = Service::new();
    let healthy = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &healthy).await;
    let (path, mut expected) = write_file(service.dir.path(), 100_000);
    let plan = plan(&session, list_id, &path);
    healthy.stop().await;

    let failing =
        Faults { fail_rate: 0.2, applied_drop_rate: 0.05, throttle_rate: 0.05, retry_after: 1, ..Faults::default() };
    let running = service.serve(failing).await;
    let session = service.session(&running);
    let plan = ImportPlan { file_id: session.imports().grant(path.clone()), ..plan };
    let mut record: Option<String> = None;
    // The network may stay bad for longer than the import's patience: the
    // marketer resumes it, as the app offers.
    for _ in 0..5 {
        let sent = match &record {
            None => import::start(&session, &plan, Tuning::default(), |_| {}).await,
            Some(id) => import::resume(&session, id, Tuning::default(), |_| {}).await,
        };
        match sent {
            Ok(done) if done.status == ImportStatus::Finished => break,
            Ok(stopped) => record = Some(stopped.id),
            Err(err) => {
                record = import::records(&session, Some(list_id)).first().map(|r| r.id.clone());
                eprintln!("stopped: {err:?}; resuming");
            }
        }
    }
    running.stop().await;

    let healthy = service.serve(Faults::default()).await;
    let session = service.session(&healthy);
    let records = import::records(&session, Some(list_id));
    let done = &records[0];
    assert_eq!(done.status, ImportStatus::Finished, "{done:?}");
    assert_eq!((done.rows, done.progress.to_send, done.progress.sent), (Some(100_003), Some(100_000), 100_000));
    assert_eq!(done.skipped, Some(3), "the duplicate, the row without an address, the unsubscribed address");
    assert_eq!(done.added, Some(100_000));
    expected.insert("gone@coffee.example".into());
    assert_eq!(members_of(session.client(), list_id).await, expected);
    let city = api::members::get(session.client(), list_id, "reader42@coffee.example").await.unwrap();
    assert_eq!(city.merges.iter().map(|(_, v)| v.to_string()).collect::<Vec<_>>(), ["Город 42"]);
    healthy.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_import_killed_mid_way_or_paused_goes_on_from_its_journal_and_adds_nobody_twice() {
    let service = Service::new();
    let running = service.serve(Faults { latency: Duration::from_millis(30), ..Faults::default() }).await;
    let (list_id, session) = prepared(&service, &running).await;
    let (path, mut expected) = write_file(service.dir.path(), 20_000);
    let plan = plan(&session, list_id, &path);
    let small = Tuning { batch_rows: 200, ..Tuning::default() };

    // Killed once a few batches went: the task dies where it is, as in a crash.
    let (went, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let task = {
        let (session, plan) = (session.clone(), plan.clone());
        tokio::spawn(async move {
            import::start(&session, &plan, small, move |p| {
                let _ = went.send(p.sent);
            })
            .await
        })
    };
    while heard.recv().await.is_some_and(|sent| sent < 3000) {}
    task.abort();
    let _ = task.await;
    let fresh = service.session(&running);
    let records = import::records(&fresh, Some(list_id));
    assert_eq!(records.len(), 1);
    let killed = &records[0];
    assert_eq!(killed.status, ImportStatus::Stopped, "a killed import is left to resume");
    assert!(killed.progress.sent >= 3000 && killed.progress.sent < 20_000, "{killed:?}");

    // Resumed, then paused by the marketer once more went.
    let id = killed.id.clone();
    let task = {
        let (session, id) = (fresh.clone(), id.clone());
        let (went, heard_more) = tokio::sync::mpsc::unbounded_channel();
        heard = heard_more;
        tokio::spawn(async move {
            import::resume(&session, &id, small, move |p| {
                let _ = went.send(p.sent);
            })
            .await
        })
    };
    while heard.recv().await.is_some_and(|sent| sent < 10_000) {}
    import::pause(&fresh, &id);
    let paused = task.await.unwrap().expect("a pause is no failure");
    assert_eq!(paused.status, ImportStatus::Stopped);
    assert!(paused.progress.sent < 20_000, "paused before the end: {paused:?}");

    let finished = import::resume(&service.session(&running), &id, small, |_| {}).await.unwrap();
    assert_eq!(finished.status, ImportStatus::Finished);
    assert_eq!(finished.progress.sent, 20_000, "the rows sent, each counted once over three runs");
    assert_eq!((finished.rows, finished.progress.to_send), (Some(20_003), Some(20_000)), "counted while sending");
    expected.insert("gone@coffee.example".into());
    assert_eq!(members_of(fresh.client(), list_id).await, expected);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stopped_import_can_be_cancelled_and_a_changed_file_is_not_resumed() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let (path, _) = write_file(service.dir.path(), 3000);
    let plan = plan(&session, list_id, &path);
    let small = Tuning { batch_rows: 100, concurrency: 1, ..Tuning::default() };
    let control_session = session.clone();
    let paused = import::start(&session, &plan, small, move |p| {
        if p.sent >= 500 {
            let id = import::records(&control_session, None)[0].id.clone();
            import::pause(&control_session, &id);
        }
    })
    .await
    .unwrap();
    assert_eq!(paused.status, ImportStatus::Stopped);

    std::fs::write(&path, "Email\nsomeone@else.example\n").unwrap();
    let refused = import::resume(&session, &paused.id, small, |_| {}).await;
    assert!(
        matches!(&refused, Err(desk::DeskError::InArea { area, failure })
            if area == "import" && failure["code"] == "fileRefused" && failure["problem"] == "changed"),
        "{refused:?}"
    );
    import::cancel(&session, &paused.id).unwrap();
    assert_eq!(import::records(&session, Some(list_id))[0].status, ImportStatus::Cancelled);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_review_and_the_start_read_the_account_s_excluded_addresses_once() {
    let service = Service::new();
    let running = service.serve(Faults::default()).await;
    let (list_id, session) = prepared(&service, &running).await;
    let (path, _) = write_file(service.dir.path(), 50);
    let plan = plan(&session, list_id, &path);
    api::sandbox::forget_requests(session.client()).await.unwrap();
    let preview = import::inspect(&session, list_id, &plan.file_id).await.unwrap();
    assert_eq!(preview.rows, 53);
    let done = import::start(&session, &plan, Tuning::default(), |_| {}).await.unwrap();
    assert_eq!((done.status, done.skipped), (ImportStatus::Finished, Some(3)), "the unsubscribed address stays out");
    let asked = api::sandbox::requests(session.client()).await.unwrap();
    let reads = |method: &str| asked.iter().filter(|r| r.path == method).count();
    assert_eq!((reads("lists.get_unsubscribed"), reads("lists.get_complaints")), (1, 1), "{asked:#?}");
    running.stop().await;
}
