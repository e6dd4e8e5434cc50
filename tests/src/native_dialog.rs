//! The OS's own save dialog (GTK's file chooser, a window of its own beside
//! the web view), answered with real keystrokes through the X server: the
//! file's whole path typed into its name field, then Enter.

use crate::webdriver::wait_for;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn xdotool(args: &[&str]) -> Option<String> {
    let out = Command::new("xdotool").args(args).output().expect("xdotool (scripts/setup installs it)");
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Waits for the save dialog and saves into `path`.
pub async fn save_as(path: &Path) {
    let window = wait_for(crate::app::PATIENCE, "the save dialog", || async {
        // GTK's file chooser is the only window with a "Save" title.
        xdotool(&["search", "--onlyvisible", "--name", "^Save"]).and_then(|ids| ids.lines().last().map(str::to_string))
    })
    .await
    .expect("the native save dialog opened");
    // The name field has the focus: replace the suggested name with the whole path.
    xdotool(&["windowfocus", "--sync", &window]).expect("the dialog takes the focus");
    tokio::time::sleep(Duration::from_millis(300)).await;
    xdotool(&["key", "--window", &window, "ctrl+a"]);
    xdotool(&["type", "--delay", "15", &path.display().to_string()]).expect("typed");
    xdotool(&["key", "Return"]).expect("Enter");
}

/// Waits for the open dialog and opens `path`: once the dialog has the
/// keyboard, typing a path that starts with `/` opens GTK's location
/// field, and Enter opens the file.
pub async fn open(path: &Path) {
    let window = wait_for(crate::app::PATIENCE, "the open dialog", || async {
        xdotool(&["search", "--onlyvisible", "--name", "^Open"]).and_then(|ids| ids.lines().last().map(str::to_string))
    })
    .await
    .expect("the native open dialog opened");
    wait_for(crate::app::PATIENCE, "the open dialog to take the keyboard", || async {
        xdotool(&["windowfocus", "--sync", &window]);
        (xdotool(&["getwindowfocus"]).as_deref() == Some(window.as_str())).then_some(())
    })
    .await
    .expect("the open dialog has the keyboard");
    xdotool(&["type", "--delay", "15", &path.display().to_string()]).expect("typed");
    xdotool(&["key", "Return"]).expect("Enter");
}
