//! Every command the UI may call, in one table. The table produces the
//! Tauri handler, a compile-time check that each command has the signature
//! listed, and (in tests) the TypeScript bindings in `ui/src/ipc/`.

mod accounts;
mod automations;
mod campaigns;
mod diagnostics;
mod inbox;
mod links;
mod lists;
mod reports;
mod templates;
mod updates;
mod window;
mod work;

macro_rules! commands {
    ($( $module:ident :: $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty ; )*) => {
        pub fn handler() -> impl Fn(tauri::ipc::Invoke) -> bool + Send + Sync + 'static {
            tauri::generate_handler![$($module::$name),*]
        }

        $(
            const _: () = {
                #[allow(dead_code)]
                fn signature_matches_table<'a>(
                    state: tauri::State<'a, desk::Desk>,
                    $($arg: $ty),*
                ) -> impl std::future::Future<Output = Result<$ret, desk::DeskError>> + 'a {
                    $module::$name(state, $($arg),*)
                }
            };
        )*

        #[cfg(test)]
        pub fn signatures(cfg: &ts_rs::Config) -> Vec<crate::bindings::Signature> {
            use ts_rs::TS;
            vec![$(
                crate::bindings::Signature {
                    name: stringify!($name),
                    args: vec![$((stringify!($arg), <$ty as TS>::name(cfg))),*],
                    returns: <$ret as TS>::name(cfg),
                }
            ),*]
        }

        #[cfg(test)]
        pub fn export_types(cfg: &ts_rs::Config) -> Result<(), ts_rs::ExportError> {
            crate::bindings::export::<desk::DeskError>(cfg)?;
            // Reported over channels, not returned: named here so the UI has it.
            crate::bindings::export::<desk::work::Progress>(cfg)?;
            $(
                $( crate::bindings::export::<$ty>(cfg)?; )*
                crate::bindings::export::<$ret>(cfg)?;
            )*
            Ok(())
        }
    };
}

commands! {
    accounts::list_accounts() -> desk::accounts::AccountsView;
    accounts::add_account(name: String, base_url: String, api_key: desk::secrets::KeyInput) -> desk::accounts::AccountView;
    accounts::update_account(id: String, name: String, base_url: String, api_key: Option<desk::secrets::KeyInput>) -> desk::accounts::AccountView;
    accounts::remove_account(id: String) -> ();
    accounts::reopen_last() -> Option<desk::desk::WorkspaceView>;
    accounts::open_account(id: String) -> desk::desk::WorkspaceView;
    accounts::reset_demo() -> desk::desk::WorkspaceView;
    lists::list_lists() -> Vec<desk::lists::ListSummary>;
    lists::get_list(list_id: i64) -> desk::lists::ListDetail;
    lists::create_list(name: String) -> i64;
    lists::rename_list(list_id: i64, name: String) -> ();
    lists::delete_list(list_id: i64) -> ();
    lists::list_subscribers(query: desk::lists::SubscriberQuery) -> desk::lists::SubscriberPage;
    campaigns::list_campaigns() -> desk::campaigns::CampaignsView;
    campaigns::copy_campaign(campaign_id: i64) -> i64;
    campaigns::move_campaign(campaign_id: i64, folder: desk::campaigns::FolderChoice) -> ();
    campaigns::delete_campaign(campaign_id: i64) -> ();
    campaigns::create_campaign(name: String, list_id: i64) -> i64;
    campaigns::open_campaign(campaign_id: i64) -> desk::campaigns::EditorView;
    campaigns::keep_draft(campaign_id: i64, revision: u64, draft: desk::campaigns::CampaignDraft) -> ();
    campaigns::save_campaign(campaign_id: i64, revision: u64, draft: desk::campaigns::CampaignDraft) -> ();
    campaigns::check_campaign(draft: desk::campaigns::CampaignDraft, context: desk::campaigns::CheckContext) -> desk::campaigns::LaunchCheck;
    campaigns::preview_campaign(html: String, show_images: bool) -> desk::campaigns::PreviewView;
    campaigns::campaign_reach(campaign_id: i64) -> desk::campaigns::Reach;
    campaigns::launch_campaign(campaign_id: i64, at: Option<String>) -> ();
    campaigns::text_from_html(html: String) -> String;
    campaigns::send_test(campaign_id: i64, emails: Vec<String>) -> i64;
    campaigns::pause_campaign(campaign_id: i64) -> ();
    campaigns::resume_campaign(campaign_id: i64) -> ();
    campaigns::unschedule_campaign(campaign_id: i64) -> ();
    campaigns::campaign_still_to_reach(campaign_id: i64) -> desk::campaigns::Reach;
    campaigns::campaign_unopened(campaign_id: i64) -> i64;
    campaigns::resend_unopened(campaign_id: i64) -> i64;
    campaigns::preview_campaign_as(campaign_id: i64, email: String, show_images: bool) -> Option<desk::campaigns::PreviewView>;
    campaigns::campaign_attachments(campaign_id: i64) -> Vec<desk::campaigns::CampaignFile>;
    campaigns::attach_file(campaign_id: i64, url: String, name: String) -> i64;
    campaigns::detach_file(campaign_id: i64, attachment_id: i64) -> ();
    inbox::list_dialogs(query: desk::inbox::DialogQuery) -> desk::inbox::DialogPage;
    inbox::open_thread(dialog_id: i64) -> desk::inbox::ThreadView;
    inbox::show_images(dialog_id: i64, message_id: i64) -> Option<desk::inbox::MessageView>;
    inbox::send_reply(dialog_id: i64, draft: desk::inbox::ReplyDraft) -> i64;
    inbox::close_dialog(dialog_id: i64) -> ();
    inbox::reopen_dialog(dialog_id: i64) -> ();
    inbox::mark_read(dialog_id: i64) -> ();
    inbox::mark_unread(dialog_id: i64) -> ();
    inbox::mark_sender(sender: String, kind: Option<desk::inbox::triage::ReplyKind>) -> ();
    inbox::unread_counts() -> desk::inbox::UnreadCounts;
    inbox::reply_sources() -> desk::inbox::ReplySources;
    inbox::new_replies() -> Vec<desk::inbox::news::NewReply>;
    inbox::notify(title: String, body: String) -> ();
    inbox::replier(dialog_id: i64) -> desk::inbox::ReplierView;
    inbox::preview_attachment(attachment_id: i64) -> Option<String>;
    inbox::save_attachment(attachment_id: i64, filename: String) -> Option<u64>;
    inbox::unsubscribe_replier(dialog_id: i64) -> u64;
    inbox::kept_reply_draft(dialog_id: i64) -> desk::inbox::kept::KeptReplyView;
    inbox::keep_reply_draft(dialog_id: i64, revision: u64, draft: desk::inbox::kept::ReplyKept) -> ();
    inbox::canned_replies() -> desk::inbox::kept::CannedRepliesView;
    inbox::keep_canned_replies(revision: u64, replies: Vec<desk::inbox::kept::CannedReply>) -> ();
    reports::report_campaigns() -> Vec<desk::reports::ReportCampaign>;
    reports::campaign_dashboard(campaign_id: i64, theme: desk::reports::ChartTheme, words: desk::reports::ChartWords) -> desk::reports::DashboardView;
    reports::link_clickers(campaign_id: i64, url: String, start: u64) -> desk::reports::ReportPage<desk::reports::Clicker>;
    reports::compare_campaigns(campaign_ids: Vec<i64>, theme: desk::reports::ChartTheme, words: desk::reports::ChartWords) -> desk::reports::ComparisonView;
    reports::report_overview(theme: desk::reports::ChartTheme, words: desk::reports::ChartWords) -> desk::reports::OverviewView;
    reports::report_recipients(campaign_id: i64, report: desk::reports::RecipientReport, sort: Option<desk::reports::ReportOrder>, start: u64, limit: u64) -> desk::reports::ReportPage<desk::reports::RecipientRow>;
    reports::report_events(campaign_id: i64, filter: desk::reports::EventFilter, sort: Option<desk::reports::ReportOrder>, start: u64, limit: u64) -> desk::reports::ReportPage<desk::reports::EventRow>;
    reports::report_event_fields(campaign_id: i64) -> Vec<desk::reports::EventField>;
    reports::export_rows(request: desk::reports::RowsExportRequest, task_id: String, on_progress: updates::Updates<desk::work::Progress>) -> Option<u64>;
    reports::open_details(campaign_id: i64, theme: desk::reports::ChartTheme, words: desk::reports::ChartWords, on_read: updates::Updates<desk::work::Progress>) -> desk::reports::OpenDetails;
    reports::export_chart(name: String, svg: String, format: desk::export::ChartFormat) -> Option<u64>;
    reports::export_table(name: String, table: desk::export::TableExport, format: desk::export::TableFormat) -> Option<u64>;
    automations::list_automations() -> desk::automations::AutomationsView;
    automations::open_automation(id: Option<i64>) -> desk::automations::AutomationEditor;
    automations::check_automation(form: desk::automations::AutomationForm, context: desk::campaigns::CheckContext) -> desk::campaigns::LaunchCheck;
    automations::create_automation(revision: u64, form: desk::automations::AutomationForm) -> i64;
    automations::save_automation(id: i64, revision: u64, form: desk::automations::AutomationForm) -> ();
    automations::copy_automation(id: i64) -> i64;
    automations::delete_automation(id: i64) -> ();
    automations::trigger_automation(id: i64, email: String) -> ();
    automations::keep_automation_draft(id: Option<i64>, revision: u64, form: desk::automations::AutomationForm) -> ();
    templates::list_templates() -> Vec<desk::templates::TemplateView>;
    templates::create_template(name: String, source: desk::templates::TemplateSource) -> i64;
    templates::rename_template(kind: desk::templates::TemplateKind, id: i64, name: String) -> ();
    templates::save_template_layout(kind: desk::templates::TemplateKind, id: i64, html: String) -> ();
    templates::delete_template(kind: desk::templates::TemplateKind, id: i64) -> ();
    templates::campaign_from_template(kind: desk::templates::TemplateKind, id: i64, name: String, list_id: i64) -> i64;
    links::watch_links(on_link: updates::Updates<desk::links::LinkView>) -> ();
    links::open_link(url: String) -> ();
    work::cancel_work(task_id: String) -> ();
    diagnostics::open_log_folder() -> ();
    diagnostics::copy_diagnostics() -> ();
    diagnostics::copy_error_report(details: String) -> ();
    window::watch_close(on_close: updates::Updates<()>) -> ();
    window::hold_close(pending: u32) -> ();
    window::close_window() -> ();
}
