use api::lists::{List, ListChanges, NewList};
use desk::lists::{list_name, MembersPage, MembersQuery, Rename};
use desk::{Desk, UiError};
use tauri::State;

fn failed(action: &'static str) -> impl Fn(api::Error) -> UiError {
    move |err| UiError::from_api(&err, action)
}

#[tauri::command]
pub async fn list_lists(desk: State<'_, Desk>) -> Result<Vec<List>, UiError> {
    api::lists::list(&desk.client().await?, None).await.map_err(failed("load the lists"))
}

#[tauri::command]
pub async fn create_list(desk: State<'_, Desk>, input: String) -> Result<i64, UiError> {
    let list = NewList { name: list_name(&input)?, ..NewList::default() };
    api::lists::create(&desk.client().await?, &list).await.map_err(failed("create the list"))
}

#[tauri::command]
pub async fn rename_list(desk: State<'_, Desk>, input: Rename) -> Result<(), UiError> {
    let changes = ListChanges { name: Some(list_name(&input.name)?), ..ListChanges::default() };
    api::lists::update(&desk.client().await?, input.list_id, &changes).await.map_err(failed("rename the list"))
}

#[tauri::command]
pub async fn delete_list(desk: State<'_, Desk>, input: i64) -> Result<(), UiError> {
    api::lists::delete(&desk.client().await?, input).await.map_err(failed("delete the list"))
}

#[tauri::command]
pub async fn list_members(desk: State<'_, Desk>, input: MembersQuery) -> Result<MembersPage, UiError> {
    desk::lists::members_page(&desk.client().await?, &input).await
}
