use desk::accounts::AccountsView;
use desk::desk::WorkspaceView;
use desk::secrets::KeyInput;
use desk::{accounts::AccountView, Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn list_accounts(desk: State<'_, Desk>) -> Result<AccountsView, DeskError> {
    desk.accounts()
}

#[tauri::command]
pub async fn add_account(
    desk: State<'_, Desk>,
    name: String,
    base_url: String,
    api_key: KeyInput,
) -> Result<AccountView, DeskError> {
    desk.add_account(&name, &base_url, api_key).await
}

#[tauri::command]
pub async fn update_account(
    desk: State<'_, Desk>,
    id: String,
    name: String,
    base_url: String,
    api_key: Option<KeyInput>,
) -> Result<AccountView, DeskError> {
    desk.update_account(&id, &name, &base_url, api_key).await
}

#[tauri::command]
pub async fn remove_account(desk: State<'_, Desk>, id: String) -> Result<(), DeskError> {
    desk.remove_account(&id).await
}

#[tauri::command]
pub async fn reopen_last(desk: State<'_, Desk>) -> Result<Option<WorkspaceView>, DeskError> {
    desk.reopen_last().await
}

#[tauri::command]
pub async fn open_account(desk: State<'_, Desk>, id: String) -> Result<WorkspaceView, DeskError> {
    desk.open_account(&id).await
}

#[tauri::command]
pub async fn reset_demo(desk: State<'_, Desk>) -> Result<WorkspaceView, DeskError> {
    desk.reset_demo().await
}
