use desk::campaigns::{
    self, CampaignDraft, CampaignsView, CheckContext, EditorView, FolderChoice, LaunchCheck, PreviewView,
};
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

#[tauri::command]
pub async fn create_campaign(desk: State<'_, Desk>, name: String, list_id: i64) -> Result<i64, DeskError> {
    campaigns::create(&desk.session().await?, &name, list_id).await
}

#[tauri::command]
pub async fn open_campaign(desk: State<'_, Desk>, campaign_id: i64) -> Result<EditorView, DeskError> {
    campaigns::open(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn keep_draft(
    desk: State<'_, Desk>,
    campaign_id: i64,
    revision: u64,
    draft: CampaignDraft,
) -> Result<(), DeskError> {
    campaigns::keep_draft(&desk.session().await?, campaign_id, revision, &draft).await
}

#[tauri::command]
pub async fn save_campaign(
    desk: State<'_, Desk>,
    campaign_id: i64,
    revision: u64,
    draft: CampaignDraft,
) -> Result<(), DeskError> {
    campaigns::save(&desk.session().await?, campaign_id, revision, &draft).await
}

#[tauri::command]
pub async fn check_campaign(
    _desk: State<'_, Desk>,
    draft: CampaignDraft,
    context: CheckContext,
) -> Result<LaunchCheck, DeskError> {
    Ok(campaigns::check_draft(&draft, &context))
}

#[tauri::command]
pub async fn preview_campaign(
    _desk: State<'_, Desk>,
    html: String,
    show_images: bool,
) -> Result<PreviewView, DeskError> {
    Ok(campaigns::preview(&html, show_images))
}

#[tauri::command]
pub async fn campaign_reach(desk: State<'_, Desk>, campaign_id: i64) -> Result<campaigns::Reach, DeskError> {
    campaigns::reach(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn launch_campaign(desk: State<'_, Desk>, campaign_id: i64, at: Option<String>) -> Result<(), DeskError> {
    campaigns::launch(&desk.session().await?, campaign_id, at.as_deref()).await
}

#[tauri::command]
pub async fn text_from_html(_desk: State<'_, Desk>, html: String) -> Result<String, DeskError> {
    Ok(campaigns::text_from_html(&html))
}

#[tauri::command]
pub async fn send_test(desk: State<'_, Desk>, campaign_id: i64, emails: Vec<String>) -> Result<i64, DeskError> {
    campaigns::send_test(&desk.session().await?, campaign_id, &emails).await
}

#[tauri::command]
pub async fn pause_campaign(desk: State<'_, Desk>, campaign_id: i64) -> Result<(), DeskError> {
    campaigns::pause(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn resume_campaign(desk: State<'_, Desk>, campaign_id: i64) -> Result<(), DeskError> {
    campaigns::resume(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn unschedule_campaign(desk: State<'_, Desk>, campaign_id: i64) -> Result<(), DeskError> {
    campaigns::unschedule(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn campaign_still_to_reach(desk: State<'_, Desk>, campaign_id: i64) -> Result<campaigns::Reach, DeskError> {
    campaigns::still_to_reach(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn campaign_unopened(desk: State<'_, Desk>, campaign_id: i64) -> Result<i64, DeskError> {
    campaigns::unopened(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn resend_unopened(desk: State<'_, Desk>, campaign_id: i64) -> Result<i64, DeskError> {
    campaigns::resend_unopened(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn preview_campaign_as(
    desk: State<'_, Desk>,
    campaign_id: i64,
    email: String,
    show_images: bool,
) -> Result<Option<PreviewView>, DeskError> {
    campaigns::preview_as(&desk.session().await?, campaign_id, &email, show_images).await
}

#[tauri::command]
pub async fn campaign_attachments(
    desk: State<'_, Desk>,
    campaign_id: i64,
) -> Result<Vec<campaigns::CampaignFile>, DeskError> {
    campaigns::attachments(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn attach_file(desk: State<'_, Desk>, campaign_id: i64, url: String, name: String) -> Result<i64, DeskError> {
    campaigns::attach(&desk.session().await?, campaign_id, &url, &name).await
}

#[tauri::command]
pub async fn detach_file(desk: State<'_, Desk>, campaign_id: i64, attachment_id: i64) -> Result<(), DeskError> {
    campaigns::detach(&desk.session().await?, campaign_id, attachment_id).await
}
