use desk::automations::{self, AutomationEditor, AutomationForm, AutomationsView};
use desk::campaigns::{CheckContext, LaunchCheck};
use desk::{Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn list_automations(desk: State<'_, Desk>) -> Result<AutomationsView, DeskError> {
    automations::all(&desk.session().await?).await
}

#[tauri::command]
pub async fn open_automation(desk: State<'_, Desk>, id: Option<i64>) -> Result<AutomationEditor, DeskError> {
    automations::open(&desk.session().await?, id).await
}

#[tauri::command]
pub async fn check_automation(
    _desk: State<'_, Desk>,
    form: AutomationForm,
    context: CheckContext,
) -> Result<LaunchCheck, DeskError> {
    Ok(automations::check(&form, &context))
}

#[tauri::command]
pub async fn create_automation(desk: State<'_, Desk>, revision: u64, form: AutomationForm) -> Result<i64, DeskError> {
    automations::create(&desk.session().await?, revision, &form).await
}

#[tauri::command]
pub async fn save_automation(
    desk: State<'_, Desk>,
    id: i64,
    revision: u64,
    form: AutomationForm,
) -> Result<(), DeskError> {
    automations::save(&desk.session().await?, id, revision, &form).await
}

#[tauri::command]
pub async fn copy_automation(desk: State<'_, Desk>, id: i64) -> Result<i64, DeskError> {
    automations::copy(&desk.session().await?, id).await
}

#[tauri::command]
pub async fn delete_automation(desk: State<'_, Desk>, id: i64) -> Result<(), DeskError> {
    automations::delete(&desk.session().await?, id).await
}

#[tauri::command]
pub async fn trigger_automation(desk: State<'_, Desk>, id: i64, email: String) -> Result<(), DeskError> {
    automations::trigger(&desk.session().await?, id, &email).await
}

#[tauri::command]
pub async fn keep_automation_draft(
    desk: State<'_, Desk>,
    id: Option<i64>,
    revision: u64,
    form: AutomationForm,
) -> Result<(), DeskError> {
    automations::keep_draft(&desk.session().await?, id, revision, &form).await
}
