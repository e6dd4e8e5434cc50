//! The demo workspace speaks the language the app starts in: the system's,
//! told at start, or the one the page says it shows; a demo already made
//! keeps its own until it is reset.

use desk::accounts::DEMO_ID;
use desk::host::Language;
use desk::secrets::Secrets;
use desk::{lists, Desk};

use crate::common::cx::cx;

async fn list_names(desk: &Desk) -> Vec<String> {
    let session = desk.session().await.expect("the demo open");
    let mut names: Vec<String> = lists::all(&session).await.unwrap().into_iter().map(|l| l.name).collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_russian_start_makes_a_russian_demo_and_a_reset_follows_the_page() {
    let dir = tempfile::Builder::new().prefix("desk-demo-language-").tempdir().unwrap();
    let desk = Desk::new(dir.path().into(), Secrets::with_service("campaign-desk-demo-language-test"));
    desk.set_system_languages(&["ru-RU", "en-US"]);
    desk.open_account(DEMO_ID).await.unwrap();
    let russian = list_names(&desk).await;
    assert!(russian.iter().any(|n| n == "Новости и акции"), "{russian:?}");
    assert!(!russian.iter().any(|n| n == "Newsletter"), "{russian:?}");

    // The page switched to English: the demo made so far stays, a new one speaks English.
    desk::language::set_language(&cx(&desk), Language::En);
    assert_eq!(list_names(&desk).await, russian);
    desk.reset_demo().await.unwrap();
    let english = list_names(&desk).await;
    assert!(english.iter().any(|n| n == "Newsletter"), "{english:?}");
    assert_eq!(english.len(), russian.len(), "the same lists");
}
