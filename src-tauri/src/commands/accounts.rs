use desk::accounts::{Account, AccountChanges, AccountsView, NewAccount};
use desk::desk::Workspace;
use desk::{Desk, UiError};
use tauri::State;

#[tauri::command]
pub async fn list_accounts(desk: State<'_, Desk>) -> Result<AccountsView, UiError> {
    desk.accounts()
}

#[tauri::command]
pub async fn add_account(desk: State<'_, Desk>, input: NewAccount) -> Result<Account, UiError> {
    desk.add_account(input).await
}

#[tauri::command]
pub async fn update_account(desk: State<'_, Desk>, input: AccountChanges) -> Result<Account, UiError> {
    desk.update_account(input).await
}

#[tauri::command]
pub async fn remove_account(desk: State<'_, Desk>, input: String) -> Result<(), UiError> {
    desk.remove_account(&input).await
}

#[tauri::command]
pub async fn open_account(desk: State<'_, Desk>, input: String) -> Result<Workspace, UiError> {
    desk.open_account(&input).await
}
