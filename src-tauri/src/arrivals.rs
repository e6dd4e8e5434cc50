//! `campaign-desk://` links and dropped files, as the OS hands them to the
//! app, passed to `desk::arrivals` (which reads them and tells the page).
//!
//! Links are read from the launch's arguments, not through the deep-link
//! plugin: on Linux and Windows the OS starts the program with the link as
//! its argument (the desktop entry's `%u`), and single-instance already
//! hands a second launch's arguments to the running one, which is all the
//! plugin would do there; its runtime registration is not needed (the
//! package's desktop entry registers the scheme) and its page API needs
//! permissions the page is not given. On macOS a link comes as an Apple
//! event, which Tauri reports as `RunEvent::Opened`.

use desk::Desk;
use tauri::{AppHandle, DragDropEvent, Manager, WindowEvent};

/// The links among a launch's arguments go to the page (the first launch's
/// wait for the page to watch).
pub fn links_in_arguments(app: &AppHandle, args: &[String]) {
    if let Some(desk) = app.try_state::<Desk>() {
        for link in desk::arrivals::links_in(args) {
            desk::arrivals::link_arrived(&desk, link);
        }
    }
}

/// Links the OS opened the app with (macOS).
#[cfg(any(target_os = "macos", target_os = "ios"))]
pub fn links_opened(app: &AppHandle, event: &tauri::RunEvent) {
    if let (tauri::RunEvent::Opened { urls }, Some(desk)) = (event, app.try_state::<Desk>()) {
        for url in urls {
            desk::arrivals::link_arrived(&desk, url.as_str());
        }
    }
}

/// A file dropped onto the window goes to the lists' import: the first
/// one, as an import takes one file.
pub fn file_dropped(app: &AppHandle, event: &WindowEvent) {
    let WindowEvent::DragDrop(DragDropEvent::Drop { paths, .. }) = event else { return };
    let Some(path) = paths.iter().find(|p| p.is_file()).cloned() else { return };
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        if let Some(desk) = app.try_state::<Desk>() {
            desk::arrivals::file_dropped(&desk, path).await;
        }
    });
}
