use super::updates::Updates;
use desk::links::LinkView;
use desk::{Desk, DeskError};
use std::sync::Arc;
use tauri::State;

#[tauri::command]
pub async fn watch_links(desk: State<'_, Desk>, on_link: Updates<LinkView>) -> Result<(), DeskError> {
    desk.watch_links(Arc::new(move |link| on_link.send(link)));
    Ok(())
}

#[tauri::command]
pub async fn open_link(desk: State<'_, Desk>, url: String) -> Result<(), DeskError> {
    desk.open_link(&url)
}
