//! A create that is answered costs one request (the service may be far
//! away): nothing is read before it, counted from the client's request log
//! against a sandbox on loopback. One test in this program, so the log it
//! counts is its own.

use desk::automations::{self, AutomationForm};
use std::sync::atomic::{AtomicUsize, Ordering};

// The test helpers used by the file below; not all of them here.
#[allow(dead_code)]
#[path = "common/service.rs"]
mod service;
// Only its account and healthy service are needed here.
#[allow(dead_code)]
#[path = "common/lost_answers.rs"]
mod lost;

/// Requests the client has made in this process.
struct Counted(AtomicUsize);

impl log::Log for Counted {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.target() == "api"
    }

    fn log(&self, record: &log::Record) {
        if self.enabled(record.metadata()) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn flush(&self) {}
}

static REQUESTS: Counted = Counted(AtomicUsize::new(0));

async fn requests_for<T>(action: impl std::future::Future<Output = T>) -> (T, usize) {
    let before = REQUESTS.0.load(Ordering::SeqCst);
    let answer = action.await;
    (answer, REQUESTS.0.load(Ordering::SeqCst) - before)
}

#[tokio::test(flavor = "multi_thread")]
async fn an_answered_create_of_a_campaign_or_an_automation_is_one_request() {
    log::set_logger(&REQUESTS).unwrap();
    log::set_max_level(log::LevelFilter::Info);
    let store = lost::store().await;
    let service = store.serve(Default::default()).await;
    let session = lost::session(&service);
    let list_id = store.account.list_id;

    let (made, requests) = requests_for(desk::campaigns::create(&session, "Осень", list_id)).await;
    made.unwrap();
    assert_eq!(requests, 1, "a campaign");

    let form = AutomationForm {
        name: "Спасибо за покупку".into(),
        subject: "Спасибо".into(),
        from_name: "Northwind".into(),
        from_email: "news@northwind.example".into(),
        html: lost::LETTER.into(),
        list_ids: vec![list_id],
        ..automations::open(&session, None).await.unwrap().form
    };
    let (made, requests) = requests_for(automations::create(&session, 1, &form)).await;
    made.unwrap();
    assert_eq!(requests, 1, "an automation");
    service.stop().await;
}
