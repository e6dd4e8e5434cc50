use desk::reports::{self, ChartTheme, ChartWords, DashboardView, ReportCampaign};
use desk::{Desk, DeskError};
use tauri::State;

use super::updates::Updates;

#[tauri::command]
pub async fn report_campaigns(desk: State<'_, Desk>) -> Result<Vec<ReportCampaign>, DeskError> {
    reports::campaigns(&desk.session().await?).await
}

#[tauri::command]
pub async fn campaign_dashboard(
    desk: State<'_, Desk>,
    campaign_id: i64,
    theme: ChartTheme,
    words: ChartWords,
) -> Result<DashboardView, DeskError> {
    reports::dashboard(&desk.session().await?, campaign_id, theme, &words).await
}

#[tauri::command]
pub async fn export_chart(
    desk: State<'_, Desk>,
    name: String,
    svg: String,
    format: desk::export::ChartFormat,
) -> Result<Option<u64>, DeskError> {
    desk.export_chart(&name, &svg, format).await
}

#[tauri::command]
pub async fn export_table(
    desk: State<'_, Desk>,
    name: String,
    table: desk::export::TableExport,
    format: desk::export::TableFormat,
) -> Result<Option<u64>, DeskError> {
    desk.export_table(&name, &table, format).await
}

#[tauri::command]
pub async fn link_clickers(
    desk: State<'_, Desk>,
    campaign_id: i64,
    url: String,
    start: u64,
) -> Result<reports::ReportPage<reports::Clicker>, DeskError> {
    reports::link_clickers(&desk.session().await?, campaign_id, &url, start).await
}

#[tauri::command]
pub async fn open_details(
    desk: State<'_, Desk>,
    campaign_id: i64,
    theme: ChartTheme,
    words: ChartWords,
    on_read: Updates<desk::work::Progress>,
) -> Result<reports::OpenDetails, DeskError> {
    reports::open_details(&desk.session().await?, campaign_id, theme, &words, |read| on_read.send(read)).await
}

#[tauri::command]
pub async fn compare_campaigns(
    desk: State<'_, Desk>,
    campaign_ids: Vec<i64>,
    theme: ChartTheme,
    words: ChartWords,
) -> Result<reports::ComparisonView, DeskError> {
    reports::compare(&desk.session().await?, &campaign_ids, theme, &words).await
}

#[tauri::command]
pub async fn report_overview(
    desk: State<'_, Desk>,
    theme: ChartTheme,
    words: ChartWords,
) -> Result<reports::OverviewView, DeskError> {
    reports::overview(&desk.session().await?, theme, &words).await
}

#[tauri::command]
pub async fn report_recipients(
    desk: State<'_, Desk>,
    campaign_id: i64,
    report: reports::RecipientReport,
    sort: Option<reports::ReportOrder>,
    start: u64,
    limit: u64,
) -> Result<reports::ReportPage<reports::RecipientRow>, DeskError> {
    reports::recipients(&desk.session().await?, campaign_id, report, sort, start, limit).await
}

#[tauri::command]
pub async fn report_events(
    desk: State<'_, Desk>,
    campaign_id: i64,
    filter: reports::EventFilter,
    sort: Option<reports::ReportOrder>,
    start: u64,
    limit: u64,
) -> Result<reports::ReportPage<reports::EventRow>, DeskError> {
    reports::events(&desk.session().await?, campaign_id, &filter, sort, start, limit).await
}

#[tauri::command]
pub async fn report_event_fields(
    desk: State<'_, Desk>,
    campaign_id: i64,
) -> Result<Vec<reports::EventField>, DeskError> {
    reports::event_fields(&desk.session().await?, campaign_id).await
}

#[tauri::command]
pub async fn export_rows(
    desk: State<'_, Desk>,
    request: reports::RowsExportRequest,
    task_id: String,
    on_progress: Updates<desk::work::Progress>,
) -> Result<Option<u64>, DeskError> {
    desk.export_rows(&desk.session().await?, &request, &task_id, |progress| on_progress.send(progress)).await
}
