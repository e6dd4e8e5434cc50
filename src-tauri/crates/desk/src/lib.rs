//! The app's logic with no Tauri in it, and its one surface: accounts whose
//! keys live in the OS keyring, the open session, the built-in demo
//! workspace, and one module per UI area returning view types the UI reads
//! (generated to TypeScript). Failures are [`DeskError`] codes, never
//! sentences.

pub mod accounts;
pub mod automations;
pub mod campaigns;
pub mod closing;
#[cfg(feature = "demo")]
pub mod demo;
pub mod desk;
pub mod diagnostics;
mod drafts;
pub mod error;
pub mod export;
mod files;
pub mod form;
pub mod inbox;
pub mod links;
pub mod lists;
pub mod names;
pub mod private;
pub mod reports;
pub mod secrets;
mod settle;
mod slot;
pub mod templates;
pub mod views;
pub mod work;

pub use desk::{Desk, Session};
pub use error::{DeskError, Result};
