use super::*;
use crate::import::plan::{Choices, ColumnUse};
use std::fs::File;
use std::io::Write;

fn header() -> Header {
    Header {
        id: "i1".into(),
        started_at: "2026-11-26T09:00:00Z".into(),
        list_name: "Клиенты".into(),
        path: "/tmp/a.csv".into(),
        plan: ImportPlan {
            list_id: 3,
            file_id: "f1".into(),
            header: true,
            columns: vec![ColumnUse::Address],
            choices: Choices { fix_typos: true, keep_roles: false, update_existing: false },
            reading: Default::default(),
        },
        file: FileMark { size: 10, modified_ms: 1 },
        rows: None,
        to_send: None,
        members_before: Some(4),
    }
}

#[test]
fn what_was_taken_is_read_back_and_a_line_cut_by_a_crash_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("imports").join("i1.jsonl");
    let mut writer = Writer::create(&path, &header()).unwrap();
    writer.append(&Line::Sent { from: 2, to: 5, rows: 4 }).unwrap();
    writer.append(&Line::Refused { row: 7, address: "x@y".into(), message: "bad".into(), again: false }).unwrap();
    assert_eq!(read(&path).unwrap().counted, None, "not counted yet");
    writer.append(&Line::Counted { rows: 10, to_send: 9 }).unwrap();
    drop(writer);
    Writer::reopen(&path).unwrap().append(&Line::Sent { from: 8, to: 9, rows: 2 }).unwrap();
    std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"{\"line\":\"sent\",\"fr").unwrap();
    let journal = read(&path).unwrap();
    assert_eq!(journal.header, header());
    assert_eq!((journal.sent.clone(), journal.sent_rows, journal.ended.clone()), (vec![(2, 5), (8, 9)], 6, None));
    assert_eq!(journal.counted, Some((10, 9)));
    let covered = journal.covered();
    let rows: Vec<u64> = (1..=11).filter(|r| covered.contains(*r)).collect();
    assert_eq!(rows, vec![2, 3, 4, 5, 7, 8, 9]);
    assert_eq!(all_in(&dir.path().join("imports")).len(), 1);
    assert!(Writer::create(&path, &header()).is_err(), "a journal is never started over another");
}

#[test]
fn a_line_torn_by_a_crash_is_cut_on_reopening_and_swallows_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i1.jsonl");
    Writer::create(&path, &header()).unwrap().append(&Line::Sent { from: 2, to: 5, rows: 4 }).unwrap();
    let whole = std::fs::metadata(&path).unwrap().len();
    std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"{\"line\":\"sent\",\"fr").unwrap();
    let mut writer = Writer::reopen(&path).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), whole, "cut back to its last whole line");
    writer.append(&Line::Sent { from: 6, to: 9, rows: 4 }).unwrap();
    let journal = read(&path).unwrap();
    assert_eq!((journal.sent, journal.sent_rows), (vec![(2, 5), (6, 9)], 8), "the next run's first line is read");
    drop(writer);
    Writer::reopen(&path).unwrap();
    assert_eq!(read(&path).unwrap().sent_rows, 8, "a whole journal is left as it is");
}

#[test]
fn a_row_sent_again_is_covered_by_its_own_line_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i1.jsonl");
    let mut writer = Writer::create(&path, &header()).unwrap();
    writer.append(&Line::Sent { from: 2, to: 20, rows: 18 }).unwrap();
    writer.append(&Line::Refused { row: 5, address: "a@x.ru".into(), message: "bad".into(), again: false }).unwrap();
    writer.append(&Line::Counted { rows: 30, to_send: 25 }).unwrap();
    writer.append(&Line::SentAgain { row: 9 }).unwrap();
    writer.append(&Line::Refused { row: 12, address: "b@x.ru".into(), message: "bad".into(), again: true }).unwrap();
    let journal = read(&path).unwrap();
    let covered = journal.covered();
    assert!(covered.contains(11), "inside a batch's span");
    assert!(!covered.contains_alone(11), "a row skipped there was never sent on its own");
    assert!(covered.contains_alone(9) && covered.contains_alone(5) && covered.contains_alone(12));
    assert_eq!((journal.sent_rows, journal.again, journal.to_send()), (19, 2, Some(27)));
    assert_eq!(journal.refused_rows(), [5, 12].into());
}

#[test]
fn any_bytes_read_as_a_journal_or_as_an_error_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i1.jsonl");
    Writer::create(&path, &header()).unwrap().append(&Line::Sent { from: 2, to: 5, rows: 4 }).unwrap();
    let good = std::fs::read(&path).unwrap();
    proptest::proptest!(|(cut in 0..good.len(), noise in proptest::collection::vec(proptest::num::u8::ANY, 0..64))| {
        let mut bytes = good[..cut].to_vec();
        bytes.extend(&noise);
        let _ = parse(path.clone(), &bytes);
    });
    let huge = b"\n{\"line\":\"sent\",\"from\":1,\"to\":2,\"rows\":18446744073709551615}";
    let journal = parse(path.clone(), &[&good[..], &huge[..], &huge[..]].concat()).unwrap();
    assert_eq!(journal.sent_rows, u64::MAX, "counted without overflowing");
}

#[cfg(unix)]
#[test]
fn a_journal_is_the_user_s_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("imports").join("acct-1").join("i1.jsonl");
    Writer::create(&path, &header()).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(path.parent().unwrap()), 0o700);
    assert_eq!(mode(&path), 0o600);
}

#[test]
fn journals_of_imports_ended_a_month_ago_are_removed_and_the_rest_stay() {
    let dir = tempfile::tempdir().unwrap();
    let now = chrono::Utc::now();
    let days_ago = |days: i64| (now - chrono::Duration::days(days)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let journal = |id: &str, ended: Option<i64>, touched: i64| {
        let path = dir.path().join(format!("{id}.jsonl"));
        let mut writer = Writer::create(&path, &Header { id: id.into(), ..header() }).unwrap();
        if let Some(days) = ended {
            let line = Line::Ended { ending: Ending::Finished, at: days_ago(days), members_after: None };
            writer.append(&line).unwrap();
        }
        drop(writer);
        let at = std::time::SystemTime::now() - std::time::Duration::from_secs(touched as u64 * 86_400);
        File::options().append(true).open(&path).unwrap().set_modified(at).unwrap();
        path
    };
    let old = journal("old", Some(40), 40);
    let recent = journal("recent", Some(5), 5);
    let stopped = journal("stopped", None, 90);
    let touched_since = journal("touched", Some(40), 1);
    prune(dir.path(), now);
    assert!(!old.exists(), "ended forty days ago");
    assert!(recent.exists() && stopped.exists(), "ended lately, or still to resume");
    assert!(touched_since.exists(), "a file changed lately is not read to decide");
}
