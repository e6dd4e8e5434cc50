//! The account used last is opened as the app starts, before the page asks:
//! the start screen takes that opening over once, and the first screen's
//! requests wait for it instead of failing.

use desk::accounts::DEMO_ID;
use desk::secrets::Secrets;
use desk::{lists, Desk, DeskError};
use std::sync::Arc;

/// A desk over a new data directory, removed when the second is dropped.
fn desk() -> (Arc<Desk>, tempfile::TempDir) {
    let dir = tempfile::Builder::new().prefix("desk-reopening-").tempdir().unwrap();
    (Arc::new(Desk::new(dir.path().into(), Secrets::with_service("campaign-desk-reopening-test"))), dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_screen_waits_for_the_opening_begun_at_start() {
    let (desk, _dir) = desk();
    desk.reopen_at_start(DEMO_ID).unwrap();
    let claimed = desk.begin_reopening().expect("claimed once");
    assert!(desk.begin_reopening().is_none(), "and only once");
    let opening = tokio::spawn({
        let desk = desk.clone();
        async move { desk.finish_reopening(claimed).await }
    });
    // Asked for at once, as the page does: the lists wait for the demo to open.
    let session = desk.session().await.expect("the session opened at start");
    assert!(!lists::all(&session).await.unwrap().is_empty(), "the demo's lists");
    opening.await.unwrap();
    let workspace = desk.reopen_last().await.unwrap().expect("the start's opening is handed over");
    assert_eq!(workspace.account.id, DEMO_ID);
    assert!(workspace.balance.subscribers > 0);
}

#[tokio::test]
async fn with_no_account_used_last_nothing_opens() {
    let (desk, _dir) = desk();
    let claimed = desk.begin_reopening().unwrap();
    desk.finish_reopening(claimed).await;
    assert!(desk.reopen_last().await.unwrap().is_none());
    assert!(matches!(desk.session().await, Err(DeskError::NoAccountOpen)));
}
