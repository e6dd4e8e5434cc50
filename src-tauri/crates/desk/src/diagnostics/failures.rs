//! What can go wrong with the diagnostics that nowhere else can, as codes
//! with their parameters; the page's Help menu (and the native menu's
//! answer) says them in the diagnostics' words, with the system's detail.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum DiagnosticsFailure {
    /// The system could not show the log folder (no file manager), or a
    /// file in it could not be read.
    LogFolderNotOpened { detail: String },
    /// The system's clipboard could not be written.
    ClipboardUnavailable { detail: String },
}

impl crate::error::AreaFailure for DiagnosticsFailure {
    const AREA: &'static str = "diagnostics";
}
