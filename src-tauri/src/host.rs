//! The system, as `desk` asks for it: Tauri's dialog, opener, notification,
//! clipboard and updater plugins, and the main window. `desk` has checked what it
//! hands over (a safe file name, a link the user agreed to, plain text).

use desk::host::{Host, OpenKind};
use desk::host::{UpdateCheck, UpdateInstall, UpdateWatcher};
use futures_util::future::BoxFuture;
use std::path::{Path, PathBuf};
use tauri::{AppHandle, Manager};

pub struct TauriHost {
    app: AppHandle,
    updates: crate::updates::Updates,
}

impl TauriHost {
    pub fn new(app: AppHandle) -> Self {
        TauriHost { app, updates: crate::updates::Updates::new(crate::updates::Feed::of_this_build()) }
    }
}

impl Host for TauriHost {
    fn pick_save_path(&self, suggested: &str) -> Option<PathBuf> {
        use tauri_plugin_dialog::DialogExt;
        self.app.dialog().file().set_file_name(suggested).blocking_save_file().and_then(|path| path.into_path().ok())
    }

    fn pick_open_path(&self, start_in: Option<&Path>, kind: OpenKind) -> Option<PathBuf> {
        use tauri_plugin_dialog::DialogExt;
        // A folder to start in: without one GTK opens on its recent files,
        // where a typed path searches instead of opening.
        let folder = start_in
            .map(Path::to_path_buf)
            .or_else(|| self.app.path().download_dir().ok())
            .or_else(|| self.app.path().home_dir().ok());
        let mut dialog = self.app.dialog().file();
        if let Some(folder) = folder.filter(|f| f.is_dir()) {
            dialog = dialog.set_directory(folder);
        }
        let (name, endings) = kind.filter();
        let dialog = if endings.is_empty() { dialog } else { dialog.add_filter(name, endings) };
        dialog.blocking_pick_file().and_then(|path| path.into_path().ok())
    }

    fn open_url(&self, url: &str) -> Result<(), String> {
        use tauri_plugin_opener::OpenerExt;
        self.app.opener().open_url(url, None::<&str>).map_err(|err| err.to_string())
    }

    fn open_folder(&self, path: &Path) -> Result<(), String> {
        use tauri_plugin_opener::OpenerExt;
        self.app.opener().open_path(path.to_string_lossy(), None::<&str>).map_err(|err| err.to_string())
    }

    fn notify(&self, title: &str, body: &str) {
        use tauri_plugin_notification::NotificationExt;
        let _ = self.app.notification().builder().title(title).body(body).show();
    }

    fn set_badge(&self, count: Option<i64>) {
        if let Some(window) = self.app.get_webview_window("main") {
            let _ = window.set_badge_count(count);
        }
    }

    fn copy_text(&self, text: &str) -> Result<(), String> {
        use tauri_plugin_clipboard_manager::ClipboardExt;
        self.app.clipboard().write_text(text).map_err(|err| err.to_string())
    }

    fn close_window(&self) {
        if let Some(window) = self.app.get_webview_window("main") {
            let _ = window.destroy();
        }
    }

    fn set_language(&self, language: desk::host::Language) {
        crate::menu::show(&self.app, language);
    }

    fn check_for_update(&self) -> BoxFuture<'_, desk::Result<UpdateCheck>> {
        Box::pin(self.updates.check(&self.app))
    }

    fn install_update(&self, progress: UpdateWatcher) -> BoxFuture<'_, desk::Result<UpdateInstall>> {
        Box::pin(self.updates.install(progress))
    }

    fn restart(&self) {
        self.app.request_restart();
    }
}
