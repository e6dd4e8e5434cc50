//! A panic in a release build ends the app at once (the profile aborts), so
//! what happened is written before that: a `panic-<time>.txt` report in the
//! log folder (message, where, the thread, a backtrace), synced to disk,
//! and a record in the log.

use std::backtrace::Backtrace;
use std::io::Write;
use std::panic::PanicHookInfo;
use std::path::{Path, PathBuf};

/// Writes a report of every panic into `log_dir`, then lets the hook that
/// was there before (the standard one prints to the terminal) run.
pub fn install_panic_hook(log_dir: PathBuf, version: String) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let report = report(info, &version, &Backtrace::force_capture());
        match write_report(&log_dir, &report) {
            Ok(path) => log::error!(target: "panic", "{} (report: {})", headline(info), path.display()),
            Err(err) => log::error!(target: "panic", "{} (no report written: {err})", headline(info)),
        }
        log::logger().flush();
        previous(info);
    }));
}

/// The panic's message and where it happened.
fn headline(info: &PanicHookInfo<'_>) -> String {
    let message = info
        .payload()
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| info.payload().downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into());
    let place = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
    format!("panic at {place}: {message}")
}

fn report(info: &PanicHookInfo<'_>, version: &str, backtrace: &Backtrace) -> String {
    let thread = std::thread::current();
    format!(
        "Campaign Desk {version} stopped: {}\nthread: {}\nsystem: {} {}\ntime: {}\n\nbacktrace:\n{backtrace}\n",
        headline(info),
        thread.name().unwrap_or("unnamed"),
        std::env::consts::OS,
        std::env::consts::ARCH,
        chrono::Utc::now().to_rfc3339(),
    )
}

/// Writes the report whole and syncs it: the process may end right after.
fn write_report(log_dir: &Path, report: &str) -> std::io::Result<PathBuf> {
    crate::private::create_dir_all(log_dir)?;
    let name = format!("panic-{}.txt", chrono::Utc::now().format("%Y-%m-%dT%H-%M-%S%.3fZ"));
    let path = log_dir.join(name);
    let mut file = crate::private::open_options().create(true).truncate(true).write(true).open(&path)?;
    file.write_all(report.as_bytes())?;
    file.sync_all()?;
    Ok(path)
}

/// The names of the crash reports in `log_dir`, oldest first.
pub fn reports_in(log_dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(log_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("panic-") && n.ends_with(".txt"))
        .collect();
    names.sort();
    names
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_report_is_readable_by_the_user_only() {
        let temp = tempfile::tempdir().unwrap();
        let path = write_report(temp.path(), "Campaign Desk stopped").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "Campaign Desk stopped");
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(reports_in(temp.path()), [path.file_name().unwrap().to_str().unwrap()]);
    }
}
