use desk::templates::{self, TemplateKind, TemplateSource, TemplateView};
use desk::{Desk, DeskError};
use tauri::State;

#[tauri::command]
pub async fn list_templates(desk: State<'_, Desk>) -> Result<Vec<TemplateView>, DeskError> {
    templates::all(&desk.session().await?).await
}

#[tauri::command]
pub async fn create_template(desk: State<'_, Desk>, name: String, source: TemplateSource) -> Result<i64, DeskError> {
    templates::create(&desk.session().await?, &name, &source).await
}

#[tauri::command]
pub async fn rename_template(
    desk: State<'_, Desk>,
    kind: TemplateKind,
    id: i64,
    name: String,
) -> Result<(), DeskError> {
    templates::rename(&desk.session().await?, kind, id, &name).await
}

#[tauri::command]
pub async fn save_template_layout(
    desk: State<'_, Desk>,
    kind: TemplateKind,
    id: i64,
    html: String,
) -> Result<(), DeskError> {
    templates::save_layout(&desk.session().await?, kind, id, &html).await
}

#[tauri::command]
pub async fn delete_template(desk: State<'_, Desk>, kind: TemplateKind, id: i64) -> Result<(), DeskError> {
    templates::delete(&desk.session().await?, kind, id).await
}

#[tauri::command]
pub async fn campaign_from_template(
    desk: State<'_, Desk>,
    kind: TemplateKind,
    id: i64,
    name: String,
    list_id: i64,
) -> Result<i64, DeskError> {
    templates::new_campaign(&desk.session().await?, kind, id, &name, list_id).await
}
