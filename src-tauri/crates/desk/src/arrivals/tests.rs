use super::*;
use crate::command::Unheard;
use crate::secrets::Secrets;

#[test]
fn links_to_the_four_screens_are_read() {
    assert_eq!(route_of("campaign-desk://campaign/12"), Some(Route::Campaign(12)));
    assert_eq!(route_of("campaign-desk://report/12"), Some(Route::Report(12)));
    assert_eq!(route_of("campaign-desk://dialog/34"), Some(Route::Dialog(34)));
    assert_eq!(route_of("campaign-desk://list/5"), Some(Route::List(5)));
    assert_eq!(route_of("campaign-desk://report/12/"), Some(Route::Report(12)), "a trailing slash");
    assert_eq!(route_of("CAMPAIGN-DESK://Report/7"), Some(Route::Report(7)), "schemes and hosts have no case");
    assert_eq!(route_of(" campaign-desk://list/5\n"), Some(Route::List(5)), "spaces around it");
}

#[test]
fn anything_else_is_refused() {
    for bad in [
        "",
        "campaign-desk://",
        "campaign-desk://report",
        "campaign-desk://report/",
        "campaign-desk://report/0",
        "campaign-desk://report/-3",
        "campaign-desk://report/+3",
        "campaign-desk://report/1.5",
        "campaign-desk://report/12abc",
        "campaign-desk://report/99999999999999999999",
        "campaign-desk://report/12/rows",
        "campaign-desk://report//12",
        "campaign-desk://report/12?x=1",
        "campaign-desk://report/12#top",
        "campaign-desk://user@report/12",
        "campaign-desk://report:80/12",
        "campaign-desk://settings/1",
        "campaign-desk:report/12",
        "https://report/12",
        "javascript:alert(1)",
        "file:///etc/passwd",
        &format!("campaign-desk://report/{}", "1".repeat(300)),
    ] {
        assert_eq!(route_of(bad), None, "{bad:?}");
    }
}

#[test]
fn ids_the_page_cannot_hold_exactly_are_refused() {
    // 2^53 - 1 is the largest whole number a JavaScript number holds exactly.
    assert_eq!(route_of("campaign-desk://dialog/9007199254740991"), Some(Route::Dialog(9_007_199_254_740_991)));
    for beyond in ["9007199254740992", "9007199254740993", "9223372036854775807"] {
        assert_eq!(route_of(&format!("campaign-desk://dialog/{beyond}")), None, "{beyond}");
    }
}

#[test]
fn only_links_are_taken_from_a_launch() {
    let args = ["/usr/bin/campaign-desk", "--data-dir", "/tmp/x", "campaign-desk://list/5", "--demo"];
    assert_eq!(links_in(&args).collect::<Vec<_>>(), ["campaign-desk://list/5"]);
    assert_eq!(links_in(&["campaign-desk://list/5"]).count(), 0, "the program's own name is no link");
    let other_cases = ["campaign-desk", "CAMPAIGN-DESK://Report/7", " Campaign-Desk:list/5"];
    assert_eq!(links_in(&other_cases).count(), 2, "a scheme has no case");
    assert!(!is_link("campaign-desks://list/5") && !is_link("--data-dir") && !is_link("campaign"));
}

#[test]
fn the_route_reaches_the_page_as_it_expects() {
    let arrival = Arrival::Link { route: Route::Dialog(34) };
    assert_eq!(
        serde_json::to_value(arrival).unwrap(),
        serde_json::json!({"kind": "link", "route": {"to": "dialog", "id": 34}})
    );
}

fn desk() -> (Desk, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (Desk::new(dir.path().to_path_buf(), Secrets::default()), dir)
}

fn watcher() -> (Arc<Mutex<Vec<Arrival>>>, ArrivalWatcher) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let into = seen.clone();
    (seen, Arc::new(move |arrival| into.lock().unwrap().push(arrival)))
}

#[test]
fn a_link_before_the_page_watches_waits_for_it_and_a_bad_one_is_dropped() {
    let (desk, _dir) = desk();
    assert!(link_arrived(&desk, "campaign-desk://report/3"));
    assert!(!link_arrived(&desk, "campaign-desk://nowhere/3"));
    let (seen, watch) = watcher();
    watch_arrivals(&Cx::new(&desk, &Unheard), watch);
    assert!(link_arrived(&desk, "campaign-desk://list/4"));
    let expected = [Arrival::Link { route: Route::Report(3) }, Arrival::Link { route: Route::List(4) }];
    assert_eq!(*seen.lock().unwrap(), expected);
    // A page loaded again watches anew, and is not handed the old ones.
    let (again, watch) = watcher();
    watch_arrivals(&Cx::new(&desk, &Unheard), watch);
    assert!(again.lock().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_dropped_with_no_account_open_or_a_folder_goes_nowhere() {
    let (desk, dir) = desk();
    let (seen, watch) = watcher();
    watch_arrivals(&Cx::new(&desk, &Unheard), watch);
    let file = dir.path().join("subscribers.csv");
    std::fs::write(&file, "email\nann@example.com\n").unwrap();
    assert!(!file_dropped(&desk, file).await, "no account open");
    assert!(!file_dropped(&desk, dir.path().to_path_buf()).await, "a folder");
    assert!(seen.lock().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_dropped_is_granted_to_the_open_account_s_imports_and_named_to_the_page() {
    let (desk, dir) = desk();
    desk.reset_demo().await.unwrap();
    let (seen, watch) = watcher();
    watch_arrivals(&Cx::new(&desk, &Unheard), watch);
    let file = dir.path().join("подписчики.csv");
    std::fs::write(&file, "email\nann@example.com\n").unwrap();
    assert!(file_dropped(&desk, file.clone()).await);
    let arrived = seen.lock().unwrap().clone();
    let [Arrival::Dropped { file: picked }] = arrived.as_slice() else { panic!("{arrived:?}") };
    assert_eq!(picked.name, "подписчики.csv", "the page learns its name, not its folder");
    let session = desk.session().await.unwrap();
    assert_eq!(session.imports().picked(&picked.file_id), Some(file), "the import reads it by its id");
}
