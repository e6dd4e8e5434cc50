//! The OS's own save and open dialogs (GTK's file chooser, a window of its
//! own beside the web view), answered with real keystrokes through the X
//! server: the file's whole path typed, then Enter.

use crate::webdriver::{wait_for, wait_for_every};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn xdotool(args: &[&str]) -> Option<String> {
    let out = Command::new("xdotool").args(args).output().expect("xdotool (scripts/setup installs it)");
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Waits for the save dialog and saves into `path`: the suggested name
/// replaced with the whole path, then Enter (see [`press_enter_until_closed`]).
pub async fn save_as(path: &Path) {
    let window = dialog_titled("^Save").await;
    xdotool(&["key", "--window", &window, "ctrl+a"]);
    xdotool(&["type", "--delay", "15", &path.display().to_string()]).expect("typed");
    press_enter_until_closed("^Save", &window).await;
}

/// The dialog whose title starts so, once it has the keyboard.
async fn dialog_titled(title: &str) -> String {
    let window = wait_for(crate::app::PATIENCE, title, || async { visible(title) })
        .await
        .unwrap_or_else(|e| panic!("the native dialog did not open: {e}"));
    xdotool(&["windowfocus", "--sync", &window]).expect("the dialog takes the focus");
    // GTK drops keys that reach a dialog whose widgets are not realized
    // yet, and tells no one when they are.
    tokio::time::sleep(Duration::from_millis(300)).await;
    window
}

fn visible(title: &str) -> Option<String> {
    xdotool(&["search", "--onlyvisible", "--name", title]).and_then(|ids| ids.lines().last().map(str::to_string))
}

/// Enter, as a person presses it, again while the dialog stays open on the
/// typed path: GTK reads the folder of a typed path in the background and
/// ignores an Enter that comes before it has, saying nothing. The key goes
/// to the dialog's own window, so none reaches the app once it has closed.
async fn press_enter_until_closed(title: &str, window: &str) {
    wait_for_every(Duration::from_secs(1), crate::app::PATIENCE, "the dialog to close on the path", || async {
        if visible(title).is_none() {
            return Some(());
        }
        xdotool(&["key", "--window", window, "Return"]);
        None
    })
    .await
    .expect("the dialog took the path");
}

/// Waits for the open dialog and opens `path`: GTK's location field shown
/// (Ctrl+L), the whole path typed into it, then Enter.
pub async fn open(path: &Path) {
    let window = dialog_titled("^Open").await;
    xdotool(&["key", "--window", &window, "ctrl+l"]);
    xdotool(&["type", "--delay", "15", &path.display().to_string()]).expect("typed");
    press_enter_until_closed("^Open", &window).await;
}
