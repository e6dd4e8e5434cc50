//! What fuzzing found that is not fixed yet, each input in
//! `findings/<target>/`, replayed through its target as the app runs a
//! command: on a thread of 2 MB, tokio's. Ignored until fixed (`cargo test
//! -p fuzz --test findings -- --ignored`): a fixed finding moves to
//! `corpus/<target>/`, where the test run keeps it fixed.

use std::path::Path;

/// Every finding of `target`, replayed.
fn replay(target: &str) {
    let run = fuzz::target(target).unwrap_or_else(|| panic!("no target {target}"));
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("findings").join(target);
    for file in std::fs::read_dir(&folder).expect("a findings folder").map(|e| e.expect("an entry").path()) {
        let bytes = std::fs::read(&file).expect("a finding");
        let replay = std::thread::Builder::new().stack_size(2 << 20).spawn(move || run(&bytes));
        assert!(replay.expect("a thread").join().is_ok(), "{} panicked", file.display());
    }
}

/// HTML of 20,000 nested blockquotes, 240 KB: html2text (the letter's text
/// version, and triage's text of an HTML-only reply, read when a thread
/// opens) overflows the stack and the app aborts; parsing it (ammonia's
/// `clean` and html2text alike, both html5ever) takes seconds, growing
/// with the square of the depth.
#[test]
#[ignore = "open: reported to triage's reading and the letter's text version"]
fn reply_html_findings() {
    replay("reply_html");
}
