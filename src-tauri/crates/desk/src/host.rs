//! The system the app runs on, as the desk uses it: the save dialog, the
//! browser, the file manager, notifications, the icon's badge, the
//! clipboard, the window and the updater. One trait, implemented once by the Tauri shell
//! and set as the app starts ([`crate::Desk::set_host`]); until then, and
//! in tests that hand in nothing, [`NoHost`] refuses it all. What the desk
//! hands a host is already checked: a host only does what it is asked.
//!
//! A service a host does not have refuses, or does nothing, as [`NoHost`]
//! does: a test's host says only what it is for.

use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

// The types the host speaks: the app's language and its updates.

/// A language the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Language {
    Ru,
    #[default]
    En,
}

impl Language {
    /// The first of `tags` (`ru-RU`, `en_GB`) the app speaks; English otherwise.
    pub fn of<S: AsRef<str>>(tags: &[S]) -> Language {
        tags.iter()
            .find_map(|tag| match tag.as_ref().split(['-', '_', '.']).next()?.to_ascii_lowercase().as_str() {
                "ru" => Some(Language::Ru),
                "en" => Some(Language::En),
                _ => None,
            })
            .unwrap_or_default()
    }
}

/// What a check for a new version found.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum UpdateCheck {
    /// This build has no update feed: new versions come with the package
    /// manager (or the store) the app was installed from.
    PackageManager { current: String },
    /// The feed offers nothing newer than `current`.
    UpToDate { current: String },
    /// The feed offers `version`, with its release notes (plain text, as
    /// the feed gives them) and its date (RFC 3339), when it says.
    Offered { current: String, version: String, notes: String, date: Option<String> },
    /// `version` is installed already: it runs once the app starts again.
    Installed { current: String, version: String },
}

/// How far the install of an offered version is.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "step")]
pub enum UpdateProgress {
    /// `received` bytes of the package, of `total` when the feed's server says.
    #[serde(rename_all = "camelCase")]
    Downloading {
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        received: u64,
        #[cfg_attr(feature = "ts", ts(type = "number | null"))]
        total: Option<u64>,
    },
    /// The package arrived and its signature matched: it is being installed.
    Installing,
}

/// What installing the version the last check offered came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateInstall {
    /// It is installed: it runs once the app starts again.
    Installed,
    /// None was offered (no check, or the last check found nothing newer).
    NoneOffered,
}

/// Where the install's progress goes.
pub type UpdateWatcher = Arc<dyn Fn(UpdateProgress) + Send + Sync>;

/// What the user is asked to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenKind {
    /// Subscribers to import.
    Subscribers,
    /// A letter: MJML, HTML, or a block letter saved as `.letter.json`.
    Letter,
    /// Any file, to send with a message.
    Attachment,
}

impl OpenKind {
    /// What the open dialog offers: the filter's name and its file endings
    /// (both cases: GTK's filters tell them apart); no endings, every file.
    pub fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            OpenKind::Subscribers => (
                "CSV, TSV, XLSX, XLS, ODS",
                &["csv", "tsv", "txt", "xlsx", "xls", "ods", "CSV", "TSV", "TXT", "XLSX", "XLS", "ODS"],
            ),
            OpenKind::Letter => ("MJML, HTML", &["mjml", "html", "htm", "json", "MJML", "HTML", "HTM", "JSON"]),
            OpenKind::Attachment => ("", &[]),
        }
    }
}

pub trait Host: Send + Sync {
    /// Asks the user where to save a file, offering `suggested` (a safe file
    /// name) as its name: the OS's save dialog, which blocks until the user
    /// answers, so it is run off the async threads. `None` when they cancel.
    fn pick_save_path(&self, suggested: &str) -> Option<PathBuf> {
        let _ = suggested;
        None
    }

    /// Asks the user for a file of `kind` (the dialog offers those by
    /// [`OpenKind::filter`]): the OS's open dialog, blocking like the save
    /// dialog, opened in `start_in` (the folder of the last file picked) or
    /// else the user's downloads. `None` when they cancel.
    fn pick_open_path(&self, start_in: Option<&Path>, kind: OpenKind) -> Option<PathBuf> {
        let _ = (start_in, kind);
        None
    }

    /// Opens an address the user agreed to in the system's browser or mail program.
    fn open_url(&self, url: &str) -> Result<(), String> {
        let _ = url;
        Err("no opener".into())
    }

    /// Shows a folder in the system's file manager.
    fn open_folder(&self, path: &Path) -> Result<(), String> {
        let _ = path;
        Err("no opener".into())
    }

    /// Shows a system notification, its title and body plain text.
    fn notify(&self, title: &str, body: &str) {
        let _ = (title, body);
    }

    /// Shows the number on the app's icon (`None` clears it), where the OS has one.
    fn set_badge(&self, count: Option<i64>) {
        let _ = count;
    }

    /// Puts text on the system clipboard.
    fn copy_text(&self, text: &str) -> Result<(), String> {
        let _ = text;
        Err("no clipboard".into())
    }

    /// Closes the window for good, asking nothing.
    fn close_window(&self) {}

    /// The page speaks `language` now: the shell's own words (its menus) follow.
    fn set_language(&self, language: Language) {
        let _ = language;
    }

    /// Asks the app's update feed for a newer version. Without a feed (the
    /// default), the package manager brings new versions.
    fn check_for_update(&self) -> BoxFuture<'_, crate::error::Result<UpdateCheck>> {
        Box::pin(async { Ok(UpdateCheck::PackageManager { current: env!("CARGO_PKG_VERSION").to_string() }) })
    }

    /// Downloads the version the last check offered, refuses it unless its
    /// signature is the publisher's, and installs it. Without a feed (the
    /// default), none is ever offered.
    fn install_update(&self, progress: UpdateWatcher) -> BoxFuture<'_, crate::error::Result<UpdateInstall>> {
        let _ = progress;
        Box::pin(async { Ok(UpdateInstall::NoneOffered) })
    }

    /// Starts the app again (after an update).
    fn restart(&self) {}
}

/// No system at all: nothing is picked, opened, shown or copied.
pub struct NoHost;

impl Host for NoHost {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Cx, Unheard};
    use crate::{Desk, DeskError};
    use std::sync::{Arc, Mutex};

    fn desk() -> (Desk, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        (Desk::new(dir.path().to_path_buf(), crate::secrets::Secrets::with_service("unused")), dir)
    }

    /// Writes down the names it is offered and the addresses it opens.
    #[derive(Default)]
    struct Asked(Mutex<Vec<String>>);

    impl Host for Asked {
        fn pick_save_path(&self, suggested: &str) -> Option<PathBuf> {
            self.0.lock().unwrap().push(suggested.to_string());
            Some(PathBuf::from("/picked").join(suggested))
        }

        fn open_url(&self, url: &str) -> Result<(), String> {
            self.0.lock().unwrap().push(url.to_string());
            Ok(())
        }
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn without_a_host_nothing_is_saved_opened_or_copied() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        assert_eq!(desk.pick_save_path("report.csv").await, None);
        assert_eq!(
            crate::links::open_link(&cx, "https://shop.example/"),
            Err(DeskError::LinkNotOpened { detail: "no opener".into() })
        );
        assert_eq!(desk.host().copy_text("x"), Err("no clipboard".to_string()));
        crate::closing::close_window(&cx);
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn the_host_is_offered_a_safe_name_and_only_links_the_app_may_open() {
        let (desk, _dir) = desk();
        let asked = Arc::new(Asked::default());
        desk.set_host(asked.clone());
        let cx = Cx::new(&desk, &Unheard);
        let picked = desk.pick_save_path("../../etc/evil\u{202E}fdp.exe").await;
        assert_eq!(picked, Some(PathBuf::from("/picked/evilfdp.exe")));
        assert_eq!(crate::links::open_link(&cx, "javascript:alert(1)"), Err(DeskError::LinkRefused));
        crate::links::open_link(&cx, "https://shop.example/sale").unwrap();
        assert_eq!(*asked.0.lock().unwrap(), ["evilfdp.exe", "https://shop.example/sale"]);
    }
}
