//! What a person sends with a bug report: the log folder (the app's
//! rotating log and any crash report, see [`crash`]) opened in the system's
//! file manager, and a summary copied to the clipboard: the app's version,
//! the system, the locale, how many accounts, and the log's last lines.
//! Never a key, never a subscriber's address.

pub mod crash;

use crate::error::{DeskError, Result};
use crate::Desk;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Opens a folder in the system's file manager.
pub type FolderOpener = Arc<dyn Fn(&Path) -> std::result::Result<(), String> + Send + Sync>;
/// Puts text on the system clipboard.
pub type Clipboard = Arc<dyn Fn(&str) -> std::result::Result<(), String> + Send + Sync>;

/// How many of the log's last lines a summary carries.
pub const LOG_LINES: usize = 200;

/// The log file's name, before its extension (`.log`) and, once set aside
/// by rotation, the time it was.
pub const LOG_FILE_NAME: &str = "campaign-desk";

/// What the app knows of itself and its system, set as it starts.
#[derive(Debug, Clone)]
pub struct AppFacts {
    pub version: String,
    /// The system's locale, as the OS names it (`ru-RU`).
    pub locale: String,
    /// Where the log and crash reports are written.
    pub log_dir: PathBuf,
}

/// The hooks diagnostics go through.
#[derive(Default)]
pub(crate) struct Diagnostics {
    facts: crate::slot::Slot<AppFacts>,
    folder_opener: crate::slot::Slot<FolderOpener>,
    clipboard: crate::slot::Slot<Clipboard>,
}

impl Desk {
    /// Where the log is and how to reach the system, set as the app starts.
    pub fn set_diagnostics(&self, facts: AppFacts, folder_opener: FolderOpener, clipboard: Clipboard) {
        self.diagnostics.facts.set(facts);
        self.diagnostics.folder_opener.set(folder_opener);
        self.diagnostics.clipboard.set(clipboard);
    }

    fn facts(&self) -> Result<AppFacts> {
        self.diagnostics.facts.get().ok_or(DeskError::Internal { detail: "diagnostics not set up".into() })
    }

    /// Shows the log folder in the system's file manager.
    pub fn open_log_folder(&self) -> Result<()> {
        let dir = self.facts()?.log_dir;
        std::fs::create_dir_all(&dir).map_err(|e| DeskError::LogFolderNotOpened { detail: e.to_string() })?;
        let opener =
            self.diagnostics.folder_opener.get().ok_or(DeskError::LogFolderNotOpened { detail: "no opener".into() })?;
        opener(&dir).map_err(|detail| DeskError::LogFolderNotOpened { detail })
    }

    fn copy(&self, text: &str) -> Result<()> {
        let clipboard = self
            .diagnostics
            .clipboard
            .get()
            .ok_or(DeskError::ClipboardUnavailable { detail: "no clipboard".into() })?;
        clipboard(text).map_err(|detail| DeskError::ClipboardUnavailable { detail })
    }

    /// Puts an error the page caught on the clipboard (its message and
    /// stack, as `details`), under the app's version and system.
    pub fn copy_error_report(&self, details: &str) -> Result<()> {
        let facts = self.facts()?;
        self.copy(&format!("{}\n{details}\n", about(&facts)))
    }

    /// Puts the summary for a bug report on the clipboard.
    pub fn copy_diagnostics(&self) -> Result<()> {
        let summary = self.diagnostics_summary()?;
        self.copy(&summary)
    }

    /// The summary for a bug report.
    pub fn diagnostics_summary(&self) -> Result<String> {
        let facts = self.facts()?;
        let accounts = self.accounts().map(|a| a.accounts.len().to_string()).unwrap_or_else(|_| "unreadable".into());
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

/// The last `count` lines of the newest log file in `dir`.
fn last_log_lines(dir: &Path, count: usize) -> Vec<String> {
    let newest = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(LOG_FILE_NAME))
        .filter(|e| e.path().extension().is_some_and(|x| x == "log"))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max();
    let Some((_, path)) = newest else { return Vec::new() };
    let text = std::fs::read(&path).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..].iter().map(|l| l.to_string()).collect()
}

/// The line with every word that looks like a mail address written
/// `{email}`: a line from a library the app does not control could hold
/// a subscriber's.
fn hide_addresses(line: &str) -> String {
    line.split(' ')
        .map(|word| match word.split_once('@') {
            Some((user, domain)) if !user.is_empty() && domain.contains('.') => "{email}",
            _ => word,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Logs a failure the user is told of: what they were doing and the
/// service's code and status, not its message (which can quote an address).
pub(crate) fn log_failure(err: &DeskError) {
    let value = serde_json::to_value(err).unwrap_or_default();
    let said: Vec<String> = ["code", "action", "serviceCode", "status"]
        .into_iter()
        .filter_map(|name| {
            let v = value.get(name)?;
            Some(format!("{name} {}", v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        })
        .collect();
    log::warn!(target: "desk", "failed: {}", said.join(", "));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desk_with_log(lines: &str) -> (tempfile::TempDir, Desk, Arc<std::sync::Mutex<String>>) {
        let dir = tempfile::tempdir().unwrap();
        let log_dir = dir.path().join("logs");
        std::fs::create_dir_all(&log_dir).unwrap();
        std::fs::write(log_dir.join("campaign-desk.log"), lines).unwrap();
        let desk = Desk::new(dir.path().join("data"), crate::secrets::Secrets::with_service("unused"));
        let copied = Arc::new(std::sync::Mutex::new(String::new()));
        let into = Arc::clone(&copied);
        desk.set_diagnostics(
            AppFacts { version: "1.2.3".into(), locale: "ru-RU".into(), log_dir },
            Arc::new(|_| Ok(())),
            Arc::new(move |text| {
                *into.lock().unwrap() = text.to_string();
                Ok(())
            }),
        );
        (dir, desk, copied)
    }

    #[test]
    fn the_summary_says_what_runs_where_and_ends_with_the_log() {
        let log: String = (1..=250).map(|n| format!("line {n}\n")).collect();
        let (_dir, desk, copied) = desk_with_log(&log);
        desk.copy_diagnostics().unwrap();
        let summary = copied.lock().unwrap().clone();
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
        desk.copy_error_report("TypeError: x is undefined\n  at Page (page.tsx:3)").unwrap();
        let report = copied.lock().unwrap().clone();
        assert!(report.starts_with("Campaign Desk 1.2.3\nSystem: "), "{report}");
        assert!(report.contains("\nTypeError: x is undefined\n  at Page (page.tsx:3)\n"), "{report}");
    }

    #[test]
    fn addresses_in_the_log_are_not_copied() {
        let (_dir, desk, _) = desk_with_log("INFO GET /v2/members ann.lee@shop.example 200\nuser@ sent\n");
        let summary = desk.diagnostics_summary().unwrap();
        assert!(!summary.contains("ann.lee@shop.example"), "{summary}");
        assert!(summary.contains("INFO GET /v2/members {email} 200"), "{summary}");
        assert!(summary.contains("user@ sent"), "{summary}");
    }

    #[test]
    fn a_clipboard_that_fails_is_reported() {
        let (_dir, desk, _) = desk_with_log("");
        let facts = desk.facts().unwrap();
        desk.set_diagnostics(facts, Arc::new(|_| Err("no file manager".into())), Arc::new(|_| Err("busy".into())));
        assert_eq!(desk.copy_error_report("x"), Err(DeskError::ClipboardUnavailable { detail: "busy".into() }));
        assert_eq!(desk.open_log_folder(), Err(DeskError::LogFolderNotOpened { detail: "no file manager".into() }));
    }
}
