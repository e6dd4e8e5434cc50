//! The app's logic with no Tauri in it, and its one surface: accounts whose
//! keys live in the OS keyring, the open session, the built-in demo
//! workspace, and one module per UI area returning view types the UI reads
//! (generated to TypeScript). Failures are [`DeskError`] codes, never
//! sentences.

pub mod account;
pub mod accounts;
pub mod address;
pub mod arrivals;
pub mod automations;
// Tasks that go on on their own, one of a kind at a time.
mod background;
mod blocking;
pub mod campaigns;
pub mod chart_view;
// Shared by areas: HTML from outside made safe to show.
pub mod clean;
pub mod closing;
pub mod codes;
pub mod command;
#[cfg(feature = "demo")]
pub mod demo;
pub mod desk;
pub mod diagnostics;
mod drafts;
pub mod error;
pub mod export;
mod files;
pub mod form;
pub mod host;
// Files to import, checked on this computer.
pub mod import;
pub mod inbound;
pub mod inbox;
// A journal's file: JSON lines, the user's alone, a torn last line cut.
mod journal_file;
pub mod language;
// Shared by areas: a campaign's or an automation's message.
pub mod letter;
pub mod links;
mod listings;
pub mod lists;
pub mod names;
// What the areas do as an account opens and after it is removed.
mod opening;
mod plausible;
pub mod private;
pub mod registry;
pub mod reports;
pub mod secrets;
// The open account, and the store each area keeps its state in.
pub mod session;
// Shared by areas: the campaigns that went out, and their names.
mod sent;
mod settle;
mod slot;
// Values kept by their type: the session's areas' state, the desk's parts.
pub mod templates;
pub mod transactional;
mod typed;
pub mod updates;
pub mod views;
pub mod work;

pub use desk::Desk;
pub use error::{DeskError, Result};
pub use session::Session;
