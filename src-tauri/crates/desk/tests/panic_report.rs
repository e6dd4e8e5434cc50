//! The panic hook, installed as the app installs it, in a process of its
//! own (a hook is global): a panic on any thread leaves its report.

use desk::diagnostics::crash::{install_panic_hook, reports_in};

#[test]
fn a_panic_leaves_a_report_in_the_log_folder() {
    let dir = tempfile::tempdir().unwrap();
    let log_dir = dir.path().join("logs");
    install_panic_hook(log_dir.clone(), "9.8.7".into());
    let outcome = std::thread::Builder::new()
        .name("worker".into())
        .spawn(|| {
            let reason = String::from("the answer was not what it should be");
            panic!("deliberate: {reason}");
        })
        .unwrap()
        .join();
    assert!(outcome.is_err(), "the thread panicked");

    let reports = reports_in(&log_dir);
    assert_eq!(reports.len(), 1, "{reports:?}");
    let report = std::fs::read_to_string(log_dir.join(&reports[0])).unwrap();
    assert!(report.starts_with("Campaign Desk 9.8.7 stopped: panic at "), "{report}");
    assert!(report.contains("deliberate: the answer was not what it should be"), "{report}");
    assert!(report.contains(&format!("{}:", file!())), "where it happened: {report}");
    assert!(report.contains("thread: worker"), "{report}");
    assert!(report.contains("backtrace:\n"), "{report}");
}
