use super::updates::Updates;
use desk::{Desk, DeskError};
use std::sync::Arc;
use tauri::State;

/// A close the user asks for while sends are pending comes here: the page asks them what to do.
#[tauri::command]
pub async fn watch_close(desk: State<'_, Desk>, on_close: Updates<()>) -> Result<(), DeskError> {
    desk.watch_close(Arc::new(move || on_close.send(())));
    Ok(())
}

#[tauri::command]
pub async fn hold_close(desk: State<'_, Desk>, pending: u32) -> Result<(), DeskError> {
    desk.hold_close(pending);
    Ok(())
}

#[tauri::command]
pub async fn close_window(desk: State<'_, Desk>) -> Result<(), DeskError> {
    desk.close_window();
    Ok(())
}
