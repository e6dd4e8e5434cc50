//! The reports' commands: the overview, dashboards, rows and their exports.

crate::commands! {
    read report_campaigns() -> Vec<crate::reports::ReportCampaign> [Campaigns]
        => |cx| crate::reports::campaigns(&cx.session().await?).await;
    read campaign_dashboard(campaign_id: i64, theme: crate::reports::ChartTheme, words: crate::reports::ChartWords) -> crate::reports::DashboardView [Reports]
        => |cx| crate::reports::dashboard(&cx.session().await?, campaign_id, theme, &words).await;
    read campaign_breakdown(campaign_id: i64, theme: crate::reports::ChartTheme) -> crate::reports::BreakdownView [Reports]
        => |cx| crate::reports::breakdown(&cx.session().await?, campaign_id, theme).await;
    read link_clickers(campaign_id: i64, url: String, start: u64) -> crate::reports::ReportPage<crate::reports::Clicker> [Reports]
        => |cx| crate::reports::link_clickers(&cx.session().await?, campaign_id, &url, start).await;
    read compare_campaigns(campaign_ids: Vec<i64>, theme: crate::reports::ChartTheme, words: crate::reports::ChartWords) -> crate::reports::ComparisonView [Reports]
        => |cx| crate::reports::compare(&cx.session().await?, &campaign_ids, theme, &words).await;
    read report_overview(theme: crate::reports::ChartTheme, words: crate::reports::ChartWords, on_more: crate::command::Updates<crate::reports::OverviewView>) -> crate::reports::OverviewView [Reports]
        => |cx| {
            let more = cx.updates(&on_more);
            crate::reports::overview(&cx.session().await?, theme, &words, more).await
        };
    read report_recipients(campaign_id: i64, report: crate::reports::RecipientReport, sort: Option<crate::reports::ReportOrder>, start: u64, limit: u64) -> crate::reports::ReportPage<crate::reports::RecipientRow> [Reports]
        => |cx| crate::reports::recipients(&cx.session().await?, campaign_id, report, sort, start, limit).await;
    read report_events(campaign_id: i64, filter: crate::reports::EventFilter, sort: Option<crate::reports::ReportOrder>, start: u64, limit: u64) -> crate::reports::ReportPage<crate::reports::EventRow> [Reports]
        => |cx| crate::reports::events(&cx.session().await?, campaign_id, &filter, sort, start, limit).await;
    read report_event_fields(campaign_id: i64) -> Vec<crate::reports::EventField> [Reports]
        => |cx| crate::reports::event_fields(&cx.session().await?, campaign_id).await;
    change export_rows(request: crate::reports::RowsExportRequest, task_id: String, on_progress: crate::command::Updates<crate::work::Progress>) -> Option<u64> []
        => |cx| {
            let send = cx.updates(&on_progress);
            crate::reports::export_rows(cx, &cx.session().await?, &request, &task_id, send).await
        };
    read open_details(campaign_id: i64, theme: crate::reports::ChartTheme, words: crate::reports::ChartWords, on_read: crate::command::Updates<crate::work::Progress>) -> crate::reports::OpenDetails [Reports]
        => |cx| {
            let send = cx.updates(&on_read);
            crate::reports::open_details(&cx.session().await?, campaign_id, theme, &words, send).await
        };
    change export_chart(name: String, svg: String, format: crate::export::ChartFormat) -> Option<u64> []
        => |cx| crate::export::export_chart(cx, &name, &svg, format).await;
    change export_table(name: String, table: crate::export::TableExport, format: crate::export::TableFormat) -> Option<u64> []
        => |cx| crate::export::export_table(cx, &name, &table, format).await;
}

/// The reports area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "reports",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: &[],
    failures: crate::failures!(super::ReportsFailure),
};
