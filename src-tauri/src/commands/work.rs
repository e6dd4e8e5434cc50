use desk::{Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn cancel_work(desk: State<'_, Desk>, task_id: String) -> Result<(), DeskError> {
    desk.cancel_work(&task_id).await
}
