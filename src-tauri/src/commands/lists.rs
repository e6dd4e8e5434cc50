use desk::lists::{self, ListDetail, ListSummary, SubscriberPage, SubscriberQuery};
use desk::{Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn list_lists(desk: State<'_, Desk>) -> Result<Vec<ListSummary>, DeskError> {
    lists::all(&desk.session().await?).await
}

#[tauri::command]
pub async fn get_list(desk: State<'_, Desk>, list_id: i64) -> Result<ListDetail, DeskError> {
    lists::detail(&desk.session().await?, list_id).await
}

#[tauri::command]
pub async fn create_list(desk: State<'_, Desk>, name: String) -> Result<i64, DeskError> {
    lists::create(&desk.session().await?, &name).await
}

#[tauri::command]
pub async fn rename_list(desk: State<'_, Desk>, list_id: i64, name: String) -> Result<(), DeskError> {
    lists::rename(&desk.session().await?, list_id, &name).await
}

#[tauri::command]
pub async fn delete_list(desk: State<'_, Desk>, list_id: i64) -> Result<(), DeskError> {
    lists::delete(&desk.session().await?, list_id).await
}

#[tauri::command]
pub async fn list_subscribers(desk: State<'_, Desk>, query: SubscriberQuery) -> Result<SubscriberPage, DeskError> {
    lists::subscribers(&desk.session().await?, &query).await
}
