use desk::inbox::news::NewReply;
use desk::inbox::{self, DialogPage, DialogQuery, MessageView, ReplyDraft, ThreadView, UnreadCounts};
use desk::{Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn list_dialogs(desk: State<'_, Desk>, query: DialogQuery) -> Result<DialogPage, DeskError> {
    inbox::dialogs(&desk.session().await?, &query).await
}

#[tauri::command]
pub async fn open_thread(desk: State<'_, Desk>, dialog_id: i64) -> Result<ThreadView, DeskError> {
    inbox::thread(&desk.session().await?, dialog_id).await
}

#[tauri::command]
pub async fn show_images(
    desk: State<'_, Desk>,
    dialog_id: i64,
    message_id: i64,
) -> Result<Option<MessageView>, DeskError> {
    inbox::message_with_images(&desk.session().await?, dialog_id, message_id).await
}

#[tauri::command]
pub async fn send_reply(desk: State<'_, Desk>, dialog_id: i64, draft: ReplyDraft) -> Result<i64, DeskError> {
    inbox::reply(&desk.session().await?, dialog_id, &draft).await
}

#[tauri::command]
pub async fn close_dialog(desk: State<'_, Desk>, dialog_id: i64) -> Result<(), DeskError> {
    inbox::close(&desk.session().await?, dialog_id).await
}

#[tauri::command]
pub async fn reopen_dialog(desk: State<'_, Desk>, dialog_id: i64) -> Result<(), DeskError> {
    inbox::reopen(&desk.session().await?, dialog_id).await
}

#[tauri::command]
pub async fn mark_read(desk: State<'_, Desk>, dialog_id: i64) -> Result<(), DeskError> {
    inbox::mark_read(&desk.session().await?, dialog_id).await
}

#[tauri::command]
pub async fn mark_unread(desk: State<'_, Desk>, dialog_id: i64) -> Result<(), DeskError> {
    inbox::mark_unread(&desk.session().await?, dialog_id).await
}

#[tauri::command]
pub async fn mark_sender(
    desk: State<'_, Desk>,
    sender: String,
    kind: Option<inbox::triage::ReplyKind>,
) -> Result<(), DeskError> {
    inbox::mark_sender(&desk.session().await?, &sender, kind)
}

#[tauri::command]
pub async fn unread_counts(desk: State<'_, Desk>) -> Result<UnreadCounts, DeskError> {
    desk.unread_counts().await
}

#[tauri::command]
pub async fn reply_sources(desk: State<'_, Desk>) -> Result<desk::inbox::ReplySources, DeskError> {
    inbox::sources(&desk.session().await?).await
}

#[tauri::command]
pub async fn new_replies(desk: State<'_, Desk>) -> Result<Vec<NewReply>, DeskError> {
    inbox::news::new_replies(&desk.session().await?).await
}

#[tauri::command]
pub async fn notify(desk: State<'_, Desk>, title: String, body: String) -> Result<(), DeskError> {
    desk.notify(&title, &body);
    Ok(())
}

#[tauri::command]
pub async fn preview_attachment(desk: State<'_, Desk>, attachment_id: i64) -> Result<Option<String>, DeskError> {
    inbox::preview_attachment(&desk.session().await?, attachment_id).await
}

#[tauri::command]
pub async fn save_attachment(
    desk: State<'_, Desk>,
    attachment_id: i64,
    filename: String,
) -> Result<Option<u64>, DeskError> {
    desk.save_attachment(attachment_id, &filename).await
}

#[tauri::command]
pub async fn replier(desk: State<'_, Desk>, dialog_id: i64) -> Result<inbox::ReplierView, DeskError> {
    inbox::replier(&desk.session().await?, dialog_id).await
}

#[tauri::command]
pub async fn unsubscribe_replier(desk: State<'_, Desk>, dialog_id: i64) -> Result<u64, DeskError> {
    inbox::unsubscribe_replier(&desk.session().await?, dialog_id).await
}

#[tauri::command]
pub async fn kept_reply_draft(desk: State<'_, Desk>, dialog_id: i64) -> Result<inbox::kept::KeptReplyView, DeskError> {
    Ok(inbox::kept::kept_reply(&desk.session().await?, dialog_id).await)
}

#[tauri::command]
pub async fn keep_reply_draft(
    desk: State<'_, Desk>,
    dialog_id: i64,
    revision: u64,
    draft: inbox::kept::ReplyKept,
) -> Result<(), DeskError> {
    inbox::kept::keep_reply(&desk.session().await?, dialog_id, revision, &draft).await
}

#[tauri::command]
pub async fn canned_replies(desk: State<'_, Desk>) -> Result<inbox::kept::CannedRepliesView, DeskError> {
    Ok(inbox::kept::canned_replies(desk.canned_replies_file()).await)
}

#[tauri::command]
pub async fn keep_canned_replies(
    desk: State<'_, Desk>,
    revision: u64,
    replies: Vec<inbox::kept::CannedReply>,
) -> Result<(), DeskError> {
    inbox::kept::keep_canned_replies(desk.canned_replies_file(), revision, &replies).await
}
