//! The app's logic with no Tauri in it: accounts whose keys live in the OS
//! keyring, the built-in demo workspace, the open session, and errors turned
//! into sentences a marketer can act on.

pub mod accounts;
pub mod demo;
pub mod desk;
pub mod explain;
pub mod lists;
pub mod secrets;

pub use desk::Desk;
pub use explain::UiError;
