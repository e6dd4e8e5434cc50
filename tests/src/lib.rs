//! The end-to-end harness: the built app under tauri-driver, a small W3C
//! WebDriver client, and a sandbox started as its own process.
//!
//! Run inside `scripts/desktop-session` (X server, session bus, keyring), after
//! the UI and the app are built: `scripts/test` does both.

pub mod app;
pub mod desktop;
pub mod keyboard;
pub mod meter;
pub mod native_dialog;
pub mod processes;
pub mod webdriver;
pub mod window_manager;

pub use app::App;
pub use processes::SandboxProcess;
