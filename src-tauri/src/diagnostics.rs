//! The log (Tauri's log plugin: the `log` records of the app, `desk` and
//! `api`, at info and above, to a file in the OS's log folder that rotates
//! at 5 MB, keeping the last five), the crash report written on a panic,
//! the marker of a run that tells the next start the app did not end
//! cleanly (see `desk::diagnostics::last_run`),
//! and what "Open log folder" and "Copy diagnostics" say of the app (the
//! file manager and the clipboard are the host's, see `host`). The folder
//! is the OS's log folder, or `logs` under `--data-dir` when a run has its own.

use desk::diagnostics::{crash, AppFacts, LOG_FILE_NAME};
use desk::Desk;
use std::path::PathBuf;
use tauri::Manager;
use tauri_plugin_log::{RotationStrategy, Target, TargetKind, TimezoneStrategy};

/// A log file is set aside when it reaches this size.
const MAX_LOG_BYTES: u128 = 5 * 1024 * 1024;
/// How many set-aside files are kept beside the current one.
const KEPT_LOGS: usize = 5;

/// `--data-dir`'s log folder, when a run has its own.
fn own_log_dir() -> Option<PathBuf> {
    crate::launch::data_dir().map(|dir| dir.join("logs"))
}

/// Where the log and crash reports go.
pub fn log_dir(app: &tauri::App) -> tauri::Result<PathBuf> {
    match own_log_dir() {
        Some(dir) => Ok(dir),
        None => app.path().app_log_dir(),
    }
}

pub fn log_plugin() -> tauri::plugin::TauriPlugin<tauri::Wry> {
    let file_name = Some(LOG_FILE_NAME.to_string());
    let file = match own_log_dir() {
        Some(path) => TargetKind::Folder { path, file_name },
        None => TargetKind::LogDir { file_name },
    };
    let mut log = tauri_plugin_log::Builder::new()
        .clear_targets()
        .target(Target::new(file))
        .level(log::LevelFilter::Info)
        .rotation_strategy(RotationStrategy::KeepSome(KEPT_LOGS))
        .max_file_size(MAX_LOG_BYTES)
        .timezone_strategy(TimezoneStrategy::UseUtc);
    if cfg!(debug_assertions) {
        log = log.target(Target::new(TargetKind::Stdout));
    }
    log.build()
}

/// Installs the crash report and hands `desk` the app's version, locale
/// and log folder.
pub fn set_up(app: &tauri::App, desk: &Desk) -> tauri::Result<()> {
    let log_dir = log_dir(app)?;
    desk::private::keep_folder_private(&log_dir);
    let version = app.package_info().version.to_string();
    crash::install_panic_hook(log_dir.clone(), version.clone());
    log::info!("Campaign Desk {version} started on {} {}", std::env::consts::OS, std::env::consts::ARCH);
    let locale = sys_locale::get_locale().unwrap_or_default();
    desk::diagnostics::set_app_facts(desk, AppFacts { version, locale, log_dir });
    // The last run's report is offered when it ended without closing.
    let _ = desk::diagnostics::begin_run(desk);
    Ok(())
}

/// The app ends cleanly: the next start offers no crash report.
pub fn on_exit(app: &tauri::AppHandle, event: &tauri::RunEvent) {
    if let tauri::RunEvent::Exit = event {
        if let Some(desk) = app.try_state::<Desk>() {
            desk::diagnostics::end_run(&desk);
        }
    }
}
