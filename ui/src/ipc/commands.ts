// Generated from the command table in src-tauri/src/commands/mod.rs; do not edit.
// UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings rewrites it.
import { Channel, invoke } from "@tauri-apps/api/core";
import type { AccountView } from "./bindings/AccountView";
import type { AccountsView } from "./bindings/AccountsView";
import type { AutomationEditor } from "./bindings/AutomationEditor";
import type { AutomationForm } from "./bindings/AutomationForm";
import type { AutomationsView } from "./bindings/AutomationsView";
import type { CampaignDraft } from "./bindings/CampaignDraft";
import type { CampaignFile } from "./bindings/CampaignFile";
import type { CampaignsView } from "./bindings/CampaignsView";
import type { CannedRepliesView } from "./bindings/CannedRepliesView";
import type { CannedReply } from "./bindings/CannedReply";
import type { ChartFormat } from "./bindings/ChartFormat";
import type { ChartTheme } from "./bindings/ChartTheme";
import type { ChartWords } from "./bindings/ChartWords";
import type { CheckContext } from "./bindings/CheckContext";
import type { Clicker } from "./bindings/Clicker";
import type { ComparisonView } from "./bindings/ComparisonView";
import type { DashboardView } from "./bindings/DashboardView";
import type { DialogPage } from "./bindings/DialogPage";
import type { DialogQuery } from "./bindings/DialogQuery";
import type { EditorView } from "./bindings/EditorView";
import type { EventField } from "./bindings/EventField";
import type { EventFilter } from "./bindings/EventFilter";
import type { EventRow } from "./bindings/EventRow";
import type { FolderChoice } from "./bindings/FolderChoice";
import type { KeptReplyView } from "./bindings/KeptReplyView";
import type { KeyInput } from "./bindings/KeyInput";
import type { LaunchCheck } from "./bindings/LaunchCheck";
import type { LinkView } from "./bindings/LinkView";
import type { ListDetail } from "./bindings/ListDetail";
import type { ListSummary } from "./bindings/ListSummary";
import type { MessageView } from "./bindings/MessageView";
import type { NewReply } from "./bindings/NewReply";
import type { OpenDetails } from "./bindings/OpenDetails";
import type { OverviewView } from "./bindings/OverviewView";
import type { PreviewView } from "./bindings/PreviewView";
import type { Progress } from "./bindings/Progress";
import type { Reach } from "./bindings/Reach";
import type { RecipientReport } from "./bindings/RecipientReport";
import type { RecipientRow } from "./bindings/RecipientRow";
import type { ReplierView } from "./bindings/ReplierView";
import type { ReplyDraft } from "./bindings/ReplyDraft";
import type { ReplyKept } from "./bindings/ReplyKept";
import type { ReplyKind } from "./bindings/ReplyKind";
import type { ReplySources } from "./bindings/ReplySources";
import type { ReportCampaign } from "./bindings/ReportCampaign";
import type { ReportOrder } from "./bindings/ReportOrder";
import type { ReportPage } from "./bindings/ReportPage";
import type { RowsExportRequest } from "./bindings/RowsExportRequest";
import type { SubscriberPage } from "./bindings/SubscriberPage";
import type { SubscriberQuery } from "./bindings/SubscriberQuery";
import type { TableExport } from "./bindings/TableExport";
import type { TableFormat } from "./bindings/TableFormat";
import type { TemplateKind } from "./bindings/TemplateKind";
import type { TemplateSource } from "./bindings/TemplateSource";
import type { TemplateView } from "./bindings/TemplateView";
import type { ThreadView } from "./bindings/ThreadView";
import type { UnreadCounts } from "./bindings/UnreadCounts";
import type { WorkspaceView } from "./bindings/WorkspaceView";

export function listAccounts(): Promise<AccountsView> {
  return invoke("list_accounts");
}

export function addAccount(name: string, baseUrl: string, apiKey: KeyInput): Promise<AccountView> {
  return invoke("add_account", { name, baseUrl, apiKey });
}

export function updateAccount(id: string, name: string, baseUrl: string, apiKey: KeyInput | null): Promise<AccountView> {
  return invoke("update_account", { id, name, baseUrl, apiKey });
}

export function removeAccount(id: string): Promise<void> {
  return invoke("remove_account", { id });
}

export function reopenLast(): Promise<WorkspaceView | null> {
  return invoke("reopen_last");
}

export function openAccount(id: string): Promise<WorkspaceView> {
  return invoke("open_account", { id });
}

export function resetDemo(): Promise<WorkspaceView> {
  return invoke("reset_demo");
}

export function listLists(): Promise<Array<ListSummary>> {
  return invoke("list_lists");
}

export function getList(listId: number): Promise<ListDetail> {
  return invoke("get_list", { listId });
}

export function createList(name: string): Promise<number> {
  return invoke("create_list", { name });
}

export function renameList(listId: number, name: string): Promise<void> {
  return invoke("rename_list", { listId, name });
}

export function deleteList(listId: number): Promise<void> {
  return invoke("delete_list", { listId });
}

export function listSubscribers(query: SubscriberQuery): Promise<SubscriberPage> {
  return invoke("list_subscribers", { query });
}

export function listCampaigns(): Promise<CampaignsView> {
  return invoke("list_campaigns");
}

export function copyCampaign(campaignId: number): Promise<number> {
  return invoke("copy_campaign", { campaignId });
}

export function moveCampaign(campaignId: number, folder: FolderChoice): Promise<void> {
  return invoke("move_campaign", { campaignId, folder });
}

export function deleteCampaign(campaignId: number): Promise<void> {
  return invoke("delete_campaign", { campaignId });
}

export function createCampaign(name: string, listId: number): Promise<number> {
  return invoke("create_campaign", { name, listId });
}

export function openCampaign(campaignId: number): Promise<EditorView> {
  return invoke("open_campaign", { campaignId });
}

export function keepDraft(campaignId: number, revision: number, draft: CampaignDraft): Promise<void> {
  return invoke("keep_draft", { campaignId, revision, draft });
}

export function saveCampaign(campaignId: number, revision: number, draft: CampaignDraft): Promise<void> {
  return invoke("save_campaign", { campaignId, revision, draft });
}

export function checkCampaign(draft: CampaignDraft, context: CheckContext): Promise<LaunchCheck> {
  return invoke("check_campaign", { draft, context });
}

export function previewCampaign(html: string, showImages: boolean): Promise<PreviewView> {
  return invoke("preview_campaign", { html, showImages });
}

export function campaignReach(campaignId: number): Promise<Reach> {
  return invoke("campaign_reach", { campaignId });
}

export function launchCampaign(campaignId: number, at: string | null): Promise<void> {
  return invoke("launch_campaign", { campaignId, at });
}

export function textFromHtml(html: string): Promise<string> {
  return invoke("text_from_html", { html });
}

export function sendTest(campaignId: number, emails: Array<string>): Promise<number> {
  return invoke("send_test", { campaignId, emails });
}

export function pauseCampaign(campaignId: number): Promise<void> {
  return invoke("pause_campaign", { campaignId });
}

export function resumeCampaign(campaignId: number): Promise<void> {
  return invoke("resume_campaign", { campaignId });
}

export function unscheduleCampaign(campaignId: number): Promise<void> {
  return invoke("unschedule_campaign", { campaignId });
}

export function campaignStillToReach(campaignId: number): Promise<Reach> {
  return invoke("campaign_still_to_reach", { campaignId });
}

export function campaignUnopened(campaignId: number): Promise<number> {
  return invoke("campaign_unopened", { campaignId });
}

export function resendUnopened(campaignId: number): Promise<number> {
  return invoke("resend_unopened", { campaignId });
}

export function previewCampaignAs(campaignId: number, email: string, showImages: boolean): Promise<PreviewView | null> {
  return invoke("preview_campaign_as", { campaignId, email, showImages });
}

export function campaignAttachments(campaignId: number): Promise<Array<CampaignFile>> {
  return invoke("campaign_attachments", { campaignId });
}

export function attachFile(campaignId: number, url: string, name: string): Promise<number> {
  return invoke("attach_file", { campaignId, url, name });
}

export function detachFile(campaignId: number, attachmentId: number): Promise<void> {
  return invoke("detach_file", { campaignId, attachmentId });
}

export function listDialogs(query: DialogQuery): Promise<DialogPage> {
  return invoke("list_dialogs", { query });
}

export function openThread(dialogId: number): Promise<ThreadView> {
  return invoke("open_thread", { dialogId });
}

export function showImages(dialogId: number, messageId: number): Promise<MessageView | null> {
  return invoke("show_images", { dialogId, messageId });
}

export function sendReply(dialogId: number, draft: ReplyDraft): Promise<number> {
  return invoke("send_reply", { dialogId, draft });
}

export function closeDialog(dialogId: number): Promise<void> {
  return invoke("close_dialog", { dialogId });
}

export function reopenDialog(dialogId: number): Promise<void> {
  return invoke("reopen_dialog", { dialogId });
}

export function markRead(dialogId: number): Promise<void> {
  return invoke("mark_read", { dialogId });
}

export function markUnread(dialogId: number): Promise<void> {
  return invoke("mark_unread", { dialogId });
}

export function markSender(sender: string, kind: ReplyKind | null): Promise<void> {
  return invoke("mark_sender", { sender, kind });
}

export function unreadCounts(): Promise<UnreadCounts> {
  return invoke("unread_counts");
}

export function replySources(): Promise<ReplySources> {
  return invoke("reply_sources");
}

export function newReplies(): Promise<Array<NewReply>> {
  return invoke("new_replies");
}

export function notify(title: string, body: string): Promise<void> {
  return invoke("notify", { title, body });
}

export function replier(dialogId: number): Promise<ReplierView> {
  return invoke("replier", { dialogId });
}

export function previewAttachment(attachmentId: number): Promise<string | null> {
  return invoke("preview_attachment", { attachmentId });
}

export function saveAttachment(attachmentId: number, filename: string): Promise<number | null> {
  return invoke("save_attachment", { attachmentId, filename });
}

export function unsubscribeReplier(dialogId: number): Promise<number> {
  return invoke("unsubscribe_replier", { dialogId });
}

export function keptReplyDraft(dialogId: number): Promise<KeptReplyView> {
  return invoke("kept_reply_draft", { dialogId });
}

export function keepReplyDraft(dialogId: number, revision: number, draft: ReplyKept): Promise<void> {
  return invoke("keep_reply_draft", { dialogId, revision, draft });
}

export function cannedReplies(): Promise<CannedRepliesView> {
  return invoke("canned_replies");
}

export function keepCannedReplies(revision: number, replies: Array<CannedReply>): Promise<void> {
  return invoke("keep_canned_replies", { revision, replies });
}

export function reportCampaigns(): Promise<Array<ReportCampaign>> {
  return invoke("report_campaigns");
}

export function campaignDashboard(campaignId: number, theme: ChartTheme, words: ChartWords): Promise<DashboardView> {
  return invoke("campaign_dashboard", { campaignId, theme, words });
}

export function linkClickers(campaignId: number, url: string, start: number): Promise<ReportPage<Clicker>> {
  return invoke("link_clickers", { campaignId, url, start });
}

export function compareCampaigns(campaignIds: Array<number>, theme: ChartTheme, words: ChartWords): Promise<ComparisonView> {
  return invoke("compare_campaigns", { campaignIds, theme, words });
}

export function reportOverview(theme: ChartTheme, words: ChartWords): Promise<OverviewView> {
  return invoke("report_overview", { theme, words });
}

export function reportRecipients(campaignId: number, report: RecipientReport, sort: ReportOrder | null, start: number, limit: number): Promise<ReportPage<RecipientRow>> {
  return invoke("report_recipients", { campaignId, report, sort, start, limit });
}

export function reportEvents(campaignId: number, filter: EventFilter, sort: ReportOrder | null, start: number, limit: number): Promise<ReportPage<EventRow>> {
  return invoke("report_events", { campaignId, filter, sort, start, limit });
}

export function reportEventFields(campaignId: number): Promise<Array<EventField>> {
  return invoke("report_event_fields", { campaignId });
}

export function exportRows(request: RowsExportRequest, taskId: string, onProgress: Channel<Progress>): Promise<number | null> {
  return invoke("export_rows", { request, taskId, onProgress });
}

export function openDetails(campaignId: number, theme: ChartTheme, words: ChartWords, onRead: Channel<Progress>): Promise<OpenDetails> {
  return invoke("open_details", { campaignId, theme, words, onRead });
}

export function exportChart(name: string, svg: string, format: ChartFormat): Promise<number | null> {
  return invoke("export_chart", { name, svg, format });
}

export function exportTable(name: string, table: TableExport, format: TableFormat): Promise<number | null> {
  return invoke("export_table", { name, table, format });
}

export function listAutomations(): Promise<AutomationsView> {
  return invoke("list_automations");
}

export function openAutomation(id: number | null): Promise<AutomationEditor> {
  return invoke("open_automation", { id });
}

export function checkAutomation(form: AutomationForm, context: CheckContext): Promise<LaunchCheck> {
  return invoke("check_automation", { form, context });
}

export function createAutomation(revision: number, form: AutomationForm): Promise<number> {
  return invoke("create_automation", { revision, form });
}

export function saveAutomation(id: number, revision: number, form: AutomationForm): Promise<void> {
  return invoke("save_automation", { id, revision, form });
}

export function copyAutomation(id: number): Promise<number> {
  return invoke("copy_automation", { id });
}

export function deleteAutomation(id: number): Promise<void> {
  return invoke("delete_automation", { id });
}

export function triggerAutomation(id: number, email: string): Promise<void> {
  return invoke("trigger_automation", { id, email });
}

export function keepAutomationDraft(id: number | null, revision: number, form: AutomationForm): Promise<void> {
  return invoke("keep_automation_draft", { id, revision, form });
}

export function listTemplates(): Promise<Array<TemplateView>> {
  return invoke("list_templates");
}

export function createTemplate(name: string, source: TemplateSource): Promise<number> {
  return invoke("create_template", { name, source });
}

export function renameTemplate(kind: TemplateKind, id: number, name: string): Promise<void> {
  return invoke("rename_template", { kind, id, name });
}

export function saveTemplateLayout(kind: TemplateKind, id: number, html: string): Promise<void> {
  return invoke("save_template_layout", { kind, id, html });
}

export function deleteTemplate(kind: TemplateKind, id: number): Promise<void> {
  return invoke("delete_template", { kind, id });
}

export function campaignFromTemplate(kind: TemplateKind, id: number, name: string, listId: number): Promise<number> {
  return invoke("campaign_from_template", { kind, id, name, listId });
}

export function watchLinks(onLink: Channel<LinkView>): Promise<void> {
  return invoke("watch_links", { onLink });
}

export function openLink(url: string): Promise<void> {
  return invoke("open_link", { url });
}

export function cancelWork(taskId: string): Promise<void> {
  return invoke("cancel_work", { taskId });
}

export function openLogFolder(): Promise<void> {
  return invoke("open_log_folder");
}

export function copyDiagnostics(): Promise<void> {
  return invoke("copy_diagnostics");
}

export function copyErrorReport(details: string): Promise<void> {
  return invoke("copy_error_report", { details });
}

export function watchClose(onClose: Channel<null>): Promise<void> {
  return invoke("watch_close", { onClose });
}

export function holdClose(pending: number): Promise<void> {
  return invoke("hold_close", { pending });
}

export function closeWindow(): Promise<void> {
  return invoke("close_window");
}
