use desk::{Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn open_log_folder(desk: State<'_, Desk>) -> Result<(), DeskError> {
    desk.open_log_folder()
}

#[tauri::command]
pub async fn copy_diagnostics(desk: State<'_, Desk>) -> Result<(), DeskError> {
    desk.copy_diagnostics()
}

#[tauri::command]
pub async fn copy_error_report(desk: State<'_, Desk>, details: String) -> Result<(), DeskError> {
    desk.copy_error_report(&details)
}
