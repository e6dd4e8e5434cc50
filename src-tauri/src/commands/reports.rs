use desk::reports::{self, ChartTheme, ChartWords, DashboardView, ReportCampaign};
use desk::{Desk, DeskError};
use tauri::State;

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
