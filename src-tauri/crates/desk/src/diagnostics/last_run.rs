//! Whether the last run ended as it should. A panic writes its own report
//! (see [`crash`](super::crash)), but an abort (out of memory, a panic in a
//! release build's other thread), a kill or a power cut write nothing: so
//! a marker, `running.json` in the log folder, is written as the app
//! starts and removed as it ends cleanly. Found at the next start, the
//! last run ended without ending: its panic report, or else a report of
//! its own written now (when it started, the version, the log's last
//! lines), is offered to the user.

use super::crash;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The marker's name in the log folder.
pub const MARKER: &str = "running.json";

/// A run as its marker tells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Run {
    version: String,
    /// RFC 3339, UTC.
    started_at: String,
    pid: u32,
}

/// A run that ended without ending, as the page is offered it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CrashOffer {
    /// The report's file name in the log folder.
    pub report: String,
    /// When the run that ended had started (RFC 3339).
    pub started_at: String,
    /// Whether the run's panic left the report; otherwise the app ended
    /// with no word (killed, out of memory, an abort) and this start wrote it.
    pub panicked: bool,
}

/// Marks this run as begun; answers the last run's offer when it ended
/// without ending. Called once, as the app starts.
pub fn begin(log_dir: &Path, version: &str) -> Option<CrashOffer> {
    let marker = log_dir.join(MARKER);
    let offer = std::fs::read(&marker).ok().map(|bytes| offer_for(log_dir, &bytes));
    let run = Run { version: version.to_string(), started_at: now(), pid: std::process::id() };
    if let Err(e) = write_marker(&marker, &run) {
        log::warn!("the running marker was not written: {e}");
    }
    offer
}

/// Marks this run as ended cleanly.
pub fn end(log_dir: &Path) {
    let _ = std::fs::remove_file(log_dir.join(MARKER));
}

/// The report of the run whose marker held `bytes`: the panic report it
/// wrote, or one written now.
fn offer_for(log_dir: &Path, bytes: &[u8]) -> CrashOffer {
    let run: Option<Run> = serde_json::from_slice(bytes).ok();
    let started_at = run.as_ref().map(|r| r.started_at.clone()).unwrap_or_default();
    let panic_report = crash::reports_in(log_dir)
        .into_iter()
        .rfind(|name| name.starts_with("panic-") && stamp_of(name) >= file_stamp(&started_at).as_str());
    if let Some(report) = panic_report {
        return CrashOffer { report, started_at, panicked: true };
    }
    let report = match write_ended_report(log_dir, run.as_ref()) {
        Ok(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
        Err(e) => {
            log::warn!("the report of the last run was not written: {e}");
            String::new()
        }
    };
    CrashOffer { report, started_at, panicked: false }
}

/// A report's time, from its name (`panic-2024-03-01T10-00-00.000Z.txt`).
fn stamp_of(name: &str) -> &str {
    name.trim_start_matches("panic-").trim_start_matches("crash-").trim_end_matches(".txt")
}

/// An RFC 3339 time as report names write it.
fn file_stamp(rfc3339: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(rfc3339)
        .map(|t| t.with_timezone(&chrono::Utc).format("%Y-%m-%dT%H-%M-%S%.3fZ").to_string())
        .unwrap_or_default()
}

fn write_ended_report(log_dir: &Path, run: Option<&Run>) -> std::io::Result<PathBuf> {
    let (version, started_at, pid) = match run {
        Some(run) => (run.version.as_str(), run.started_at.as_str(), run.pid.to_string()),
        None => ("(unknown)", "(unknown)", "(unknown)".to_string()),
    };
    let mut report = format!(
        "Campaign Desk {version} ended without closing (killed, out of memory, or an abort): no panic was reported.\n\
         started: {started_at}\nprocess: {pid}\nsystem: {} {}\nfound: {}\n\nThe log's last lines:\n",
        std::env::consts::OS,
        std::env::consts::ARCH,
        now(),
    );
    for line in super::log_lines::last_log_lines(log_dir, super::log_lines::LOG_LINES) {
        report.push_str(&super::log_lines::hide_addresses(&line));
        report.push('\n');
    }
    let path = log_dir.join(format!("crash-{}.txt", chrono::Utc::now().format("%Y-%m-%dT%H-%M-%S%.3fZ")));
    let mut file = crate::private::open_options().create(true).truncate(true).write(true).open(&path)?;
    file.write_all(report.as_bytes())?;
    file.sync_all()?;
    Ok(path)
}

fn write_marker(path: &Path, run: &Run) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        crate::private::create_dir_all(dir)?;
    }
    let mut file = crate::private::open_options().create(true).truncate(true).write(true).open(path)?;
    file.write_all(&serde_json::to_vec(run).unwrap_or_default())?;
    file.sync_all()
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clean_end_leaves_nothing_to_offer() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(begin(dir.path(), "1.0.0"), None, "a first start");
        assert!(dir.path().join(MARKER).exists());
        end(dir.path());
        assert_eq!(begin(dir.path(), "1.0.0"), None);
    }

    #[test]
    fn a_run_killed_without_a_word_is_reported_at_the_next_start() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("campaign-desk.log"), "INFO account opened: demo\nINFO sent to anna@x.ru\n")
            .unwrap();
        begin(dir.path(), "1.0.0");
        // Killed here: no end.
        let offer = begin(dir.path(), "1.0.1").expect("offered");
        assert!(!offer.panicked && offer.report.starts_with("crash-"), "{offer:?}");
        let report = std::fs::read_to_string(dir.path().join(&offer.report)).unwrap();
        assert!(report.starts_with("Campaign Desk 1.0.0 ended without closing"), "{report}");
        assert!(report.contains("INFO account opened: demo") && report.contains("sent to {email}"), "{report}");
        assert!(!report.contains("anna@x.ru"));
        end(dir.path());
        assert_eq!(begin(dir.path(), "1.0.1"), None, "offered once");
    }

    #[test]
    fn a_run_that_panicked_offers_its_own_report() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("panic-2001-01-01T00-00-00.000Z.txt"), "an older run's").unwrap();
        begin(dir.path(), "1.0.0");
        let name = format!("panic-{}.txt", chrono::Utc::now().format("%Y-%m-%dT%H-%M-%S%.3fZ"));
        std::fs::write(dir.path().join(&name), "Campaign Desk 1.0.0 stopped: panic").unwrap();
        let offer = begin(dir.path(), "1.0.0").expect("offered");
        assert_eq!((offer.report, offer.panicked), (name, true));
    }
}
