//! A private X display with its own notification daemon, for a test that
//! moves the keyboard focus between windows or reads the notifications the
//! app raised: nothing it does reaches the other tests' windows.
//!
//! The daemon is dunst, a real one: it owns `org.freedesktop.Notifications`
//! on the session bus and `dunstctl history` lists what it showed.

use crate::app::PATIENCE;
use crate::processes::Group;
use crate::webdriver::wait_for;
use std::process::{Command, Stdio};

pub struct Desktop {
    display: String,
    _daemon: Group,
    _xvfb: Group,
    /// The window that takes the focus away from the app, while it does.
    other: Option<Group>,
}

/// One notification as the daemon showed it.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub summary: String,
    pub body: String,
}

fn quiet(command: &mut Command) -> &mut Command {
    command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null())
}

/// Runs `program args` on `display` and answers what it printed, once it succeeds.
fn output(display: &str, program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).env("DISPLAY", display).args(args).stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// [`wait_for`] a probe that needs no waiting of its own, failing the test on time-out.
async fn until<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    wait_for(PATIENCE, what, || std::future::ready(probe())).await.unwrap_or_else(|e| panic!("{e}"))
}

impl Desktop {
    pub async fn start() -> Desktop {
        let number = (200..400)
            .find(|n| !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
            .expect("a free display number");
        let display = format!(":{number}");
        let xvfb = Group::spawn(quiet(Command::new("Xvfb").args([
            &display,
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ])));
        until("the private X server", || {
            std::path::Path::new(&format!("/tmp/.X11-unix/X{number}")).exists().then_some(())
        })
        .await;
        let daemon = Group::spawn(quiet(Command::new("dunst").env("DISPLAY", &display)));
        until("the notification daemon", || output(&display, "dunstctl", &["is-paused"])).await;
        Desktop { display, _daemon: daemon, _xvfb: xvfb, other: None }
    }

    /// The `DISPLAY` value of this desktop.
    pub fn display(&self) -> &str {
        &self.display
    }

    /// Another program's window takes the keyboard focus, as when the user
    /// switches to another app.
    pub async fn focus_elsewhere(&mut self) {
        let other = Group::spawn(quiet(Command::new("xmessage").env("DISPLAY", &self.display).args([
            "-name",
            "elsewhere",
            "another app",
        ])));
        let window = until("the other window", || {
            output(&self.display, "xdotool", &["search", "--classname", "elsewhere"])
                .and_then(|ids| ids.lines().next().map(String::from))
        })
        .await;
        until("the focus on the other window", || {
            output(&self.display, "xdotool", &["windowfocus", "--sync", &window])
        })
        .await;
        self.other = Some(other);
    }

    /// The window titled `title` takes the focus back, as when the user returns to it.
    pub async fn focus_window(&mut self, title: &str) {
        let window = until("the window to focus", || {
            output(&self.display, "xdotool", &["search", "--name", title])
                .and_then(|ids| ids.lines().next().map(String::from))
        })
        .await;
        until("the focus back", || output(&self.display, "xdotool", &["windowfocus", "--sync", &window])).await;
        self.other = None;
    }

    /// Every notification the daemon has shown, oldest first.
    pub fn notifications(&self) -> Vec<Notification> {
        // Shown ones go to the history when they close; close them all first.
        let _ = output(&self.display, "dunstctl", &["close-all"]);
        let history = output(&self.display, "dunstctl", &["history"]).unwrap_or_default();
        let history: serde_json::Value = serde_json::from_str(&history).unwrap_or_default();
        let text =
            |entry: &serde_json::Value, field: &str| entry[field]["data"].as_str().unwrap_or_default().to_string();
        let mut shown: Vec<Notification> = history["data"][0]
            .as_array()
            .into_iter()
            .flatten()
            .map(|entry| Notification { summary: text(entry, "summary"), body: text(entry, "body") })
            .collect();
        // The history is newest first.
        shown.reverse();
        shown
    }
}
