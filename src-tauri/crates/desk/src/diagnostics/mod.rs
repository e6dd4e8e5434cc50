//! What a person sends with a bug report: the log folder (the app's
//! rotating log and any crash report, see [`crash`]) opened in the system's
//! file manager, and a summary copied to the clipboard: the app's version,
//! the system, the locale, how many accounts, and the log's last lines.
//! Never a key, never a subscriber's address.

mod commands;

pub use commands::AREA;

pub mod crash;
mod failures;
pub mod last_run;
mod log_lines;
pub use failures::DiagnosticsFailure;
pub use last_run::CrashOffer;
use log_lines::{hide_addresses, last_log_lines};
pub use log_lines::{LOG_FILE_NAME, LOG_LINES};

use crate::command::Cx;
use crate::error::{DeskError, Result};
use crate::host::Host;
use crate::Desk;
use std::path::PathBuf;

/// What the app knows of itself and its system, set as it starts.
#[derive(Debug, Clone)]
pub struct AppFacts {
    pub version: String,
    /// The system's locale, as the OS names it (`ru-RU`).
    pub locale: String,
    /// Where the log and crash reports are written.
    pub log_dir: PathBuf,
}

/// What diagnostics know of the app; the file manager and the clipboard
/// are the host's.
#[derive(Default)]
pub(crate) struct Diagnostics {
    facts: crate::slot::Slot<AppFacts>,
    /// The last run's report, when it ended without ending, until dismissed.
    last_crash: std::sync::Mutex<Option<CrashOffer>>,
}

impl Diagnostics {
    /// The app's facts, once the shell has set them.
    fn facts(&self) -> Result<AppFacts> {
        self.facts.get().ok_or(DeskError::Internal { detail: "diagnostics not set up".into() })
    }
}

/// The app's version, locale and log folder, set as the app starts. The
/// shell sets them, and the last run's marks below, as it starts and ends:
/// no command runs then, so these take the desk.
pub fn set_app_facts(desk: &Desk, facts: AppFacts) {
    desk.part::<Diagnostics>().facts.set(facts);
}

/// Shows the log folder in the system's file manager. The native menu
/// asks for it too, outside any command, with the desk.
pub fn open_log_folder(desk: &Desk) -> Result<()> {
    let dir = desk.part::<Diagnostics>().facts()?.log_dir;
    std::fs::create_dir_all(&dir).map_err(not_opened)?;
    desk.host()
        .open_folder(&dir)
        .map_err(|detail| DeskError::in_area(DiagnosticsFailure::LogFolderNotOpened { detail }))
}

/// Marks this run as begun in the log folder (see [`last_run`]) and
/// keeps the last run's report to offer when it ended without ending.
pub fn begin_run(desk: &Desk) -> Result<()> {
    let diagnostics = desk.part::<Diagnostics>();
    let facts = diagnostics.facts()?;
    let offer = last_run::begin(&facts.log_dir, &facts.version);
    if let Some(offer) = &offer {
        log::warn!("the last run ended without closing; its report: {}", offer.report);
    }
    *diagnostics.last_crash.lock().unwrap_or_else(|p| p.into_inner()) = offer;
    Ok(())
}

/// Marks this run as ended cleanly.
pub fn end_run(desk: &Desk) {
    if let Ok(facts) = desk.part::<Diagnostics>().facts() {
        last_run::end(&facts.log_dir);
    }
}

/// The last run's report, when it ended without ending and the user
/// has not dismissed it.
pub fn last_crash(cx: &Cx<'_>) -> Option<CrashOffer> {
    cx.part::<Diagnostics>().last_crash.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// The user has seen the last run's report: it is offered no more.
pub fn dismiss_crash(cx: &Cx<'_>) {
    *cx.part::<Diagnostics>().last_crash.lock().unwrap_or_else(|p| p.into_inner()) = None;
}

/// Puts the last run's report on the clipboard, under the app's version
/// and system, addresses hidden.
pub fn copy_crash_report(cx: &Cx<'_>) -> Result<()> {
    let facts = cx.part::<Diagnostics>().facts()?;
    let report = last_crash(cx).map(|offer| offer.report).unwrap_or_default();
    let text = std::fs::read(facts.log_dir.join(&report))
        .map(|b| String::from_utf8_lossy(&b).lines().map(hide_addresses).collect::<Vec<_>>().join("\n"))
        .map_err(not_opened)?;
    copy(&*cx.host(), &format!("{}Report: {report}\n\n{text}\n", about(&facts)))
}

/// The log folder, or a file in it, that the system could not open.
fn not_opened(err: std::io::Error) -> DeskError {
    DeskError::in_area(DiagnosticsFailure::LogFolderNotOpened { detail: err.to_string() })
}

fn copy(host: &dyn Host, text: &str) -> Result<()> {
    host.copy_text(text).map_err(|detail| DeskError::in_area(DiagnosticsFailure::ClipboardUnavailable { detail }))
}

/// Puts an error the page caught on the clipboard (its message and
/// stack, as `details`), under the app's version and system.
pub fn copy_error_report(cx: &Cx<'_>, details: &str) -> Result<()> {
    let facts = cx.part::<Diagnostics>().facts()?;
    copy(&*cx.host(), &format!("{}\n{details}\n", about(&facts)))
}

/// Puts the summary for a bug report on the clipboard. The native menu
/// asks for it too, outside any command, with the desk.
pub fn copy_diagnostics(desk: &Desk) -> Result<()> {
    let summary = diagnostics_summary(desk)?;
    copy(&*desk.host(), &summary)
}

/// The summary for a bug report.
pub fn diagnostics_summary(desk: &Desk) -> Result<String> {
    let facts = desk.part::<Diagnostics>().facts()?;
    let accounts = desk.accounts().map(|a| a.accounts.len().to_string()).unwrap_or_else(|_| "unreadable".into());
    let crashes = crash::reports_in(&facts.log_dir);
    let mut summary = format!(
        "{}Accounts: {accounts}\nCrash reports: {}\n",
        about(&facts),
        if crashes.is_empty() { "none".to_string() } else { crashes.join(", ") },
    );
    summary.push_str(&format!("\nThe log's last lines ({}):\n", facts.log_dir.display()));
    for line in last_log_lines(&facts.log_dir, LOG_LINES) {
        summary.push_str(&hide_addresses(&line));
        summary.push('\n');
    }
    Ok(summary)
}

/// The app's version, the system and its locale, a line each.
fn about(facts: &AppFacts) -> String {
    format!(
        "Campaign Desk {}\nSystem: {} {} ({})\nLocale: {}\n",
        facts.version,
        std::env::consts::OS,
        std::env::consts::ARCH,
        std::env::consts::FAMILY,
        facts.locale
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Unheard;
    use std::path::Path;
    use std::sync::{Arc, Mutex};

    /// A host whose clipboard keeps the last text copied.
    #[derive(Default)]
    struct Clipboard(Mutex<String>);

    impl crate::host::Host for Clipboard {
        fn open_folder(&self, _: &Path) -> std::result::Result<(), String> {
            Ok(())
        }

        fn copy_text(&self, text: &str) -> std::result::Result<(), String> {
            *self.0.lock().unwrap() = text.to_string();
            Ok(())
        }
    }

    /// A host with no file manager and a clipboard that is always busy.
    struct Failing;

    impl crate::host::Host for Failing {
        fn open_folder(&self, _: &Path) -> std::result::Result<(), String> {
            Err("no file manager".into())
        }

        fn copy_text(&self, _: &str) -> std::result::Result<(), String> {
            Err("busy".into())
        }
    }

    fn desk_with_log(lines: &str) -> (tempfile::TempDir, Desk, Arc<Clipboard>) {
        let dir = tempfile::tempdir().unwrap();
        let log_dir = dir.path().join("logs");
        std::fs::create_dir_all(&log_dir).unwrap();
        std::fs::write(log_dir.join("campaign-desk.log"), lines).unwrap();
        let desk = Desk::new(dir.path().join("data"), crate::secrets::Secrets::with_service("unused"));
        set_app_facts(&desk, AppFacts { version: "1.2.3".into(), locale: "ru-RU".into(), log_dir });
        let copied = Arc::new(Clipboard::default());
        desk.set_host(copied.clone());
        (dir, desk, copied)
    }

    #[test]
    fn the_summary_says_what_runs_where_and_ends_with_the_log() {
        let log: String = (1..=250).map(|n| format!("line {n}\n")).collect();
        let (_dir, desk, copied) = desk_with_log(&log);
        copy_diagnostics(&desk).unwrap();
        let summary = copied.0.lock().unwrap().clone();
        assert!(summary.starts_with("Campaign Desk 1.2.3\n"), "{summary}");
        assert!(summary.contains(&format!("System: {}", std::env::consts::OS)), "{summary}");
        assert!(summary.contains("Locale: ru-RU"), "{summary}");
        assert!(summary.contains("Accounts: "), "{summary}");
        assert!(summary.contains("line 250\n") && summary.contains("line 51\n"), "{summary}");
        assert!(!summary.contains("line 50\n"), "only the last {LOG_LINES} lines: {summary}");
    }

    #[test]
    fn an_error_report_carries_the_version_with_the_details() {
        let (_dir, desk, copied) = desk_with_log("");
        copy_error_report(&Cx::new(&desk, &Unheard), "TypeError: x is undefined\n  at Page (page.tsx:3)").unwrap();
        let report = copied.0.lock().unwrap().clone();
        assert!(report.starts_with("Campaign Desk 1.2.3\nSystem: "), "{report}");
        assert!(report.contains("\nTypeError: x is undefined\n  at Page (page.tsx:3)\n"), "{report}");
    }

    #[test]
    fn addresses_in_the_log_are_not_copied() {
        let (_dir, desk, _) = desk_with_log("INFO GET /v2/members ann.lee@shop.example 200\nuser@ sent\n");
        let summary = diagnostics_summary(&desk).unwrap();
        assert!(!summary.contains("ann.lee@shop.example"), "{summary}");
        assert!(summary.contains("INFO GET /v2/members {email} 200"), "{summary}");
        assert!(summary.contains("user@ sent"), "{summary}");
    }

    #[test]
    fn a_clipboard_that_fails_is_reported() {
        let (_dir, desk, _) = desk_with_log("");
        desk.set_host(Arc::new(Failing));
        assert_eq!(
            copy_error_report(&Cx::new(&desk, &Unheard), "x"),
            Err(DeskError::in_area(DiagnosticsFailure::ClipboardUnavailable { detail: "busy".into() }))
        );
        assert_eq!(
            open_log_folder(&desk),
            Err(DeskError::in_area(DiagnosticsFailure::LogFolderNotOpened { detail: "no file manager".into() }))
        );
    }
}
