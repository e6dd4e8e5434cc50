//! The end-to-end harness: the built app under WebKitGTK's WebDriver server, a small W3C
//! WebDriver client, and a sandbox started as its own process.
//!
//! Run inside `scripts/desktop-session` (X server, session bus, keyring), after
//! the UI and the app are built: `scripts/test` does both.

pub mod app;
pub mod desktop;
pub mod keyboard;
pub mod menu_bar;
pub mod meter;
pub mod native_dialog;
pub mod processes;
pub mod webdriver;
pub mod window_manager;

pub use app::App;
pub use processes::SandboxProcess;

/// A whole number as English writes it: 48000 is "48,000".
pub fn english(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
