use desk::campaigns::{self, CampaignsView, FolderChoice};
use desk::{Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn list_campaigns(desk: State<'_, Desk>) -> Result<CampaignsView, DeskError> {
    campaigns::all(&desk.session().await?).await
}

#[tauri::command]
pub async fn copy_campaign(desk: State<'_, Desk>, campaign_id: i64) -> Result<i64, DeskError> {
    campaigns::copy(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn move_campaign(desk: State<'_, Desk>, campaign_id: i64, folder: FolderChoice) -> Result<(), DeskError> {
    campaigns::move_to(&desk.session().await?, campaign_id, &folder).await
}

#[tauri::command]
pub async fn delete_campaign(desk: State<'_, Desk>, campaign_id: i64) -> Result<(), DeskError> {
    campaigns::delete(&desk.session().await?, campaign_id).await
}
