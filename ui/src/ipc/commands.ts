// Generated from the command declarations in src-tauri/crates/desk (desk::registry); do not edit.
// UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings rewrites it.
import { queryOptions } from "@tanstack/react-query";
import { Channel, invoke } from "@tauri-apps/api/core";
import { useChange, type ChangeOptions } from "./cache";
import type { AccountOverview } from "./bindings/AccountOverview";
import type { AccountView } from "./bindings/AccountView";
import type { AccountsView } from "./bindings/AccountsView";
import type { AcrossLists } from "./bindings/AcrossLists";
import type { ActivityView } from "./bindings/ActivityView";
import type { AddressCheck } from "./bindings/AddressCheck";
import type { AddressImportForm } from "./bindings/AddressImportForm";
import type { AddressRecord } from "./bindings/AddressRecord";
import type { Arrival } from "./bindings/Arrival";
import type { AttachedFile } from "./bindings/AttachedFile";
import type { AutomationEditor } from "./bindings/AutomationEditor";
import type { AutomationForm } from "./bindings/AutomationForm";
import type { AutomationsView } from "./bindings/AutomationsView";
import type { BestHour } from "./bindings/BestHour";
import type { BlockLetter } from "./bindings/BlockLetter";
import type { BreakdownView } from "./bindings/BreakdownView";
import type { BulkAction } from "./bindings/BulkAction";
import type { BulkOutcome } from "./bindings/BulkOutcome";
import type { CampaignDraft } from "./bindings/CampaignDraft";
import type { CampaignFile } from "./bindings/CampaignFile";
import type { CampaignsView } from "./bindings/CampaignsView";
import type { CannedRepliesView } from "./bindings/CannedRepliesView";
import type { CannedReply } from "./bindings/CannedReply";
import type { ChartFormat } from "./bindings/ChartFormat";
import type { ChartTheme } from "./bindings/ChartTheme";
import type { ChartWords } from "./bindings/ChartWords";
import type { CheckContext } from "./bindings/CheckContext";
import type { Chosen } from "./bindings/Chosen";
import type { Clicker } from "./bindings/Clicker";
import type { ComparisonView } from "./bindings/ComparisonView";
import type { CrashOffer } from "./bindings/CrashOffer";
import type { CsvSeparator } from "./bindings/CsvSeparator";
import type { DashboardView } from "./bindings/DashboardView";
import type { DeliveriesPage } from "./bindings/DeliveriesPage";
import type { DeliveryRow } from "./bindings/DeliveryRow";
import type { DeliveryView } from "./bindings/DeliveryView";
import type { DialogPage } from "./bindings/DialogPage";
import type { DialogQuery } from "./bindings/DialogQuery";
import type { DomainView } from "./bindings/DomainView";
import type { EditorView } from "./bindings/EditorView";
import type { ErrorFileWords } from "./bindings/ErrorFileWords";
import type { ErrorsOf } from "./bindings/ErrorsOf";
import type { EventField } from "./bindings/EventField";
import type { EventFilter } from "./bindings/EventFilter";
import type { EventRow } from "./bindings/EventRow";
import type { FieldForm } from "./bindings/FieldForm";
import type { FolderChoice } from "./bindings/FolderChoice";
import type { ImportPlan } from "./bindings/ImportPlan";
import type { ImportPreview } from "./bindings/ImportPreview";
import type { ImportProgress } from "./bindings/ImportProgress";
import type { ImportRecord } from "./bindings/ImportRecord";
import type { InboundDomainView } from "./bindings/InboundDomainView";
import type { InboundOverview } from "./bindings/InboundOverview";
import type { InboundSettingsView } from "./bindings/InboundSettingsView";
import type { InterruptedChange } from "./bindings/InterruptedChange";
import type { KeptReplyView } from "./bindings/KeptReplyView";
import type { KeyInput } from "./bindings/KeyInput";
import type { Language } from "./bindings/Language";
import type { LaunchCheck } from "./bindings/LaunchCheck";
import type { LetterFormat } from "./bindings/LetterFormat";
import type { LetterFromFile } from "./bindings/LetterFromFile";
import type { LinkView } from "./bindings/LinkView";
import type { ListDetail } from "./bindings/ListDetail";
import type { ListForm } from "./bindings/ListForm";
import type { ListSegment } from "./bindings/ListSegment";
import type { ListSummary } from "./bindings/ListSummary";
import type { MessageForm } from "./bindings/MessageForm";
import type { MessageLog } from "./bindings/MessageLog";
import type { MessageOutcome } from "./bindings/MessageOutcome";
import type { MessagePeriod } from "./bindings/MessagePeriod";
import type { MessageRow } from "./bindings/MessageRow";
import type { MessageView } from "./bindings/MessageView";
import type { NewReply } from "./bindings/NewReply";
import type { OpenDetails } from "./bindings/OpenDetails";
import type { OverviewView } from "./bindings/OverviewView";
import type { PeriodWords } from "./bindings/PeriodWords";
import type { PickedFile } from "./bindings/PickedFile";
import type { PreviewView } from "./bindings/PreviewView";
import type { Progress } from "./bindings/Progress";
import type { Reach } from "./bindings/Reach";
import type { Reading } from "./bindings/Reading";
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
import type { RouteForm } from "./bindings/RouteForm";
import type { RouteView } from "./bindings/RouteView";
import type { RowsExportRequest } from "./bindings/RowsExportRequest";
import type { SavedSegmentView } from "./bindings/SavedSegmentView";
import type { SavedSegments } from "./bindings/SavedSegments";
import type { Segment } from "./bindings/Segment";
import type { SegmentCount } from "./bindings/SegmentCount";
import type { SenderView } from "./bindings/SenderView";
import type { SentMessage } from "./bindings/SentMessage";
import type { SentReply } from "./bindings/SentReply";
import type { ServiceImport } from "./bindings/ServiceImport";
import type { StoredMessageView } from "./bindings/StoredMessageView";
import type { StoredMessagesPage } from "./bindings/StoredMessagesPage";
import type { SubscriberCard } from "./bindings/SubscriberCard";
import type { SubscriberExport } from "./bindings/SubscriberExport";
import type { SubscriberForm } from "./bindings/SubscriberForm";
import type { SubscriberPage } from "./bindings/SubscriberPage";
import type { SubscriberQuery } from "./bindings/SubscriberQuery";
import type { SubscriberRef } from "./bindings/SubscriberRef";
import type { TableExport } from "./bindings/TableExport";
import type { TableFormat } from "./bindings/TableFormat";
import type { TemplateKind } from "./bindings/TemplateKind";
import type { TemplateSource } from "./bindings/TemplateSource";
import type { TemplateView } from "./bindings/TemplateView";
import type { ThreadView } from "./bindings/ThreadView";
import type { UnderWay } from "./bindings/UnderWay";
import type { UnreadCounts } from "./bindings/UnreadCounts";
import type { UpdateCheck } from "./bindings/UpdateCheck";
import type { UpdateProgress } from "./bindings/UpdateProgress";
import type { VariableProblem } from "./bindings/VariableProblem";
import type { WebhookFor } from "./bindings/WebhookFor";
import type { WebhooksView } from "./bindings/WebhooksView";
import type { WorkspaceView } from "./bindings/WorkspaceView";

/** `render_block_letter`: Reads nothing a change drops. */
export function renderBlockLetter(letter: BlockLetter): Promise<string> {
  return invoke("render_block_letter", { letter });
}
export const renderBlockLetterKey = (letter: BlockLetter) => ["render_block_letter", letter] as const;
export const renderBlockLetterQuery = (letter: BlockLetter) =>
  queryOptions({ queryKey: renderBlockLetterKey(letter), queryFn: () => renderBlockLetter(letter) });

/** `block_letter_code`: Reads nothing a change drops. */
export function blockLetterCode(letter: BlockLetter): Promise<string> {
  return invoke("block_letter_code", { letter });
}
export const blockLetterCodeKey = (letter: BlockLetter) => ["block_letter_code", letter] as const;
export const blockLetterCodeQuery = (letter: BlockLetter) =>
  queryOptions({ queryKey: blockLetterCodeKey(letter), queryFn: () => blockLetterCode(letter) });

/** `open_letter_file`: Changes nothing the page caches. */
export function openLetterFile(): Promise<LetterFromFile | null> {
  return invoke("open_letter_file");
}
export const useOpenLetterFile = (options?: ChangeOptions<void, LetterFromFile | null>) =>
  useChange<void, LetterFromFile | null>("open_letter_file", () => openLetterFile(), options);

/** `save_letter_file`: Changes nothing the page caches. */
export function saveLetterFile(name: string, html: string, blocks: BlockLetter | null, format: LetterFormat): Promise<number | null> {
  return invoke("save_letter_file", { name, html, blocks, format });
}
export const useSaveLetterFile = (options?: ChangeOptions<{ name: string; html: string; blocks: BlockLetter | null; format: LetterFormat }, number | null>) =>
  useChange<{ name: string; html: string; blocks: BlockLetter | null; format: LetterFormat }, number | null>("save_letter_file", (v) => saveLetterFile(v.name, v.html, v.blocks, v.format), options);

/** `list_accounts`: Reads `accounts`. */
export function listAccounts(): Promise<AccountsView> {
  return invoke("list_accounts");
}
export const listAccountsKey = () => ["list_accounts"] as const;
export const listAccountsQuery = () =>
  queryOptions({ queryKey: listAccountsKey(), queryFn: () => listAccounts() });

/** `add_account`: Changes `accounts`. */
export function addAccount(name: string, baseUrl: string, apiKey: KeyInput): Promise<AccountView> {
  return invoke("add_account", { name, baseUrl, apiKey });
}
export const useAddAccount = (options?: ChangeOptions<{ name: string; baseUrl: string; apiKey: KeyInput }, AccountView>) =>
  useChange<{ name: string; baseUrl: string; apiKey: KeyInput }, AccountView>("add_account", (v) => addAccount(v.name, v.baseUrl, v.apiKey), options);

/** `update_account`: Changes `accounts`, `workspace`. */
export function updateAccount(id: string, name: string, baseUrl: string, apiKey: KeyInput | null): Promise<AccountView> {
  return invoke("update_account", { id, name, baseUrl, apiKey });
}
export const useUpdateAccount = (options?: ChangeOptions<{ id: string; name: string; baseUrl: string; apiKey: KeyInput | null }, AccountView>) =>
  useChange<{ id: string; name: string; baseUrl: string; apiKey: KeyInput | null }, AccountView>("update_account", (v) => updateAccount(v.id, v.name, v.baseUrl, v.apiKey), options);

/** `remove_account`: Changes `accounts`, `workspace`. */
export function removeAccount(id: string): Promise<void> {
  return invoke("remove_account", { id });
}
export const useRemoveAccount = (options?: ChangeOptions<{ id: string }, void>) =>
  useChange<{ id: string }, void>("remove_account", (v) => removeAccount(v.id), options);

/** `reopen_last`: Changes nothing the page caches. */
export function reopenLast(): Promise<WorkspaceView | null> {
  return invoke("reopen_last");
}
export const useReopenLast = (options?: ChangeOptions<void, WorkspaceView | null>) =>
  useChange<void, WorkspaceView | null>("reopen_last", () => reopenLast(), options);

/** `open_account`: Changes `workspace`. */
export function openAccount(id: string): Promise<WorkspaceView> {
  return invoke("open_account", { id });
}
export const useOpenAccount = (options?: ChangeOptions<{ id: string }, WorkspaceView>) =>
  useChange<{ id: string }, WorkspaceView>("open_account", (v) => openAccount(v.id), options);

/** `reset_demo`: Changes `workspace`. */
export function resetDemo(): Promise<WorkspaceView> {
  return invoke("reset_demo");
}
export const useResetDemo = (options?: ChangeOptions<void, WorkspaceView>) =>
  useChange<void, WorkspaceView>("reset_demo", () => resetDemo(), options);

/** `account_overview`: Reads `account`. */
export function accountOverview(): Promise<AccountOverview> {
  return invoke("account_overview");
}
export const accountOverviewKey = () => ["account_overview"] as const;
export const accountOverviewQuery = () =>
  queryOptions({ queryKey: accountOverviewKey(), queryFn: () => accountOverview() });

/** `list_senders`: Reads `account`. */
export function listSenders(): Promise<Array<SenderView>> {
  return invoke("list_senders");
}
export const listSendersKey = () => ["list_senders"] as const;
export const listSendersQuery = () =>
  queryOptions({ queryKey: listSendersKey(), queryFn: () => listSenders() });

/** `request_sender_code`: Changes `account`. */
export function requestSenderCode(email: string): Promise<void> {
  return invoke("request_sender_code", { email });
}
export const useRequestSenderCode = (options?: ChangeOptions<{ email: string }, void>) =>
  useChange<{ email: string }, void>("request_sender_code", (v) => requestSenderCode(v.email), options);

/** `confirm_sender`: Changes `account`, `campaign`. */
export function confirmSender(email: string, code: string): Promise<void> {
  return invoke("confirm_sender", { email, code });
}
export const useConfirmSender = (options?: ChangeOptions<{ email: string; code: string }, void>) =>
  useChange<{ email: string; code: string }, void>("confirm_sender", (v) => confirmSender(v.email, v.code), options);

/** `demo_mailed_code`: Reads `account`. */
export function demoMailedCode(email: string): Promise<string | null> {
  return invoke("demo_mailed_code", { email });
}
export const demoMailedCodeKey = (email: string) => ["demo_mailed_code", email] as const;
export const demoMailedCodeQuery = (email: string) =>
  queryOptions({ queryKey: demoMailedCodeKey(email), queryFn: () => demoMailedCode(email) });

/** `add_sending_domain`: Changes `account`, `campaign`. */
export function addSendingDomain(domain: string): Promise<DomainView> {
  return invoke("add_sending_domain", { domain });
}
export const useAddSendingDomain = (options?: ChangeOptions<{ domain: string }, DomainView>) =>
  useChange<{ domain: string }, DomainView>("add_sending_domain", (v) => addSendingDomain(v.domain), options);

/** `check_sending_domains`: Changes `account`, `campaign`. */
export function checkSendingDomains(): Promise<Array<DomainView>> {
  return invoke("check_sending_domains");
}
export const useCheckSendingDomains = (options?: ChangeOptions<void, Array<DomainView>>) =>
  useChange<void, Array<DomainView>>("check_sending_domains", () => checkSendingDomains(), options);

/** `delete_sending_domain`: Changes `account`, `campaign`. */
export function deleteSendingDomain(domain: string): Promise<void> {
  return invoke("delete_sending_domain", { domain });
}
export const useDeleteSendingDomain = (options?: ChangeOptions<{ domain: string }, void>) =>
  useChange<{ domain: string }, void>("delete_sending_domain", (v) => deleteSendingDomain(v.domain), options);

/** `list_webhooks`: Reads `account`. */
export function listWebhooks(): Promise<WebhooksView> {
  return invoke("list_webhooks");
}
export const listWebhooksKey = () => ["list_webhooks"] as const;
export const listWebhooksQuery = () =>
  queryOptions({ queryKey: listWebhooksKey(), queryFn: () => listWebhooks() });

/** `set_webhook`: Changes `account`. */
export function setWebhook(kind: WebhookFor, event: string, url: string): Promise<void> {
  return invoke("set_webhook", { kind, event, url });
}
export const useSetWebhook = (options?: ChangeOptions<{ kind: WebhookFor; event: string; url: string }, void>) =>
  useChange<{ kind: WebhookFor; event: string; url: string }, void>("set_webhook", (v) => setWebhook(v.kind, v.event, v.url), options);

/** `test_webhook`: Changes nothing the page caches. */
export function testWebhook(kind: WebhookFor, event: string, url: string): Promise<DeliveryView> {
  return invoke("test_webhook", { kind, event, url });
}
export const useTestWebhook = (options?: ChangeOptions<{ kind: WebhookFor; event: string; url: string }, DeliveryView>) =>
  useChange<{ kind: WebhookFor; event: string; url: string }, DeliveryView>("test_webhook", (v) => testWebhook(v.kind, v.event, v.url), options);

/** `delete_webhook`: Changes `account`. */
export function deleteWebhook(kind: WebhookFor, event: string): Promise<void> {
  return invoke("delete_webhook", { kind, event });
}
export const useDeleteWebhook = (options?: ChangeOptions<{ kind: WebhookFor; event: string }, void>) =>
  useChange<{ kind: WebhookFor; event: string }, void>("delete_webhook", (v) => deleteWebhook(v.kind, v.event), options);

/** `list_lists`: Reads `lists`. */
export function listLists(): Promise<Array<ListSummary>> {
  return invoke("list_lists");
}
export const listListsKey = () => ["list_lists"] as const;
export const listListsQuery = () =>
  queryOptions({ queryKey: listListsKey(), queryFn: () => listLists() });

/** `get_list`: Reads `lists`. */
export function getList(listId: number): Promise<ListDetail> {
  return invoke("get_list", { listId });
}
export const getListKey = (listId: number) => ["get_list", listId] as const;
export const getListQuery = (listId: number) =>
  queryOptions({ queryKey: getListKey(listId), queryFn: () => getList(listId) });

/** `create_list`: Changes `lists`. */
export function createList(name: string): Promise<number> {
  return invoke("create_list", { name });
}
export const useCreateList = (options?: ChangeOptions<{ name: string }, number>) =>
  useChange<{ name: string }, number>("create_list", (v) => createList(v.name), options);

/** `rename_list`: Changes `lists`. */
export function renameList(listId: number, name: string): Promise<void> {
  return invoke("rename_list", { listId, name });
}
export const useRenameList = (options?: ChangeOptions<{ listId: number; name: string }, void>) =>
  useChange<{ listId: number; name: string }, void>("rename_list", (v) => renameList(v.listId, v.name), options);

/** `edit_list`: Changes `lists`. */
export function editList(listId: number, form: ListForm): Promise<void> {
  return invoke("edit_list", { listId, form });
}
export const useEditList = (options?: ChangeOptions<{ listId: number; form: ListForm }, void>) =>
  useChange<{ listId: number; form: ListForm }, void>("edit_list", (v) => editList(v.listId, v.form), options);

/** `delete_list`: Changes `lists`, `subscribers`. */
export function deleteList(listId: number): Promise<void> {
  return invoke("delete_list", { listId });
}
export const useDeleteList = (options?: ChangeOptions<{ listId: number }, void>) =>
  useChange<{ listId: number }, void>("delete_list", (v) => deleteList(v.listId), options);

/** `add_subscriber`: Changes `subscribers`, `lists`. */
export function addSubscriber(listId: number, form: SubscriberForm): Promise<number> {
  return invoke("add_subscriber", { listId, form });
}
export const useAddSubscriber = (options?: ChangeOptions<{ listId: number; form: SubscriberForm }, number>) =>
  useChange<{ listId: number; form: SubscriberForm }, number>("add_subscriber", (v) => addSubscriber(v.listId, v.form), options);

/** `edit_subscriber`: Changes `subscribers`. */
export function editSubscriber(listId: number, form: SubscriberForm): Promise<void> {
  return invoke("edit_subscriber", { listId, form });
}
export const useEditSubscriber = (options?: ChangeOptions<{ listId: number; form: SubscriberForm }, void>) =>
  useChange<{ listId: number; form: SubscriberForm }, void>("edit_subscriber", (v) => editSubscriber(v.listId, v.form), options);

/** `unsubscribe_subscriber`: Changes `subscribers`, `lists`. */
export function unsubscribeSubscriber(who: SubscriberRef): Promise<void> {
  return invoke("unsubscribe_subscriber", { who });
}
export const useUnsubscribeSubscriber = (options?: ChangeOptions<{ who: SubscriberRef }, void>) =>
  useChange<{ who: SubscriberRef }, void>("unsubscribe_subscriber", (v) => unsubscribeSubscriber(v.who), options);

/** `delete_subscriber`: Changes `subscribers`, `lists`. */
export function deleteSubscriber(who: SubscriberRef): Promise<void> {
  return invoke("delete_subscriber", { who });
}
export const useDeleteSubscriber = (options?: ChangeOptions<{ who: SubscriberRef }, void>) =>
  useChange<{ who: SubscriberRef }, void>("delete_subscriber", (v) => deleteSubscriber(v.who), options);

/** `move_subscriber`: Changes `subscribers`, `lists`. */
export function moveSubscriber(who: SubscriberRef, toListId: number): Promise<void> {
  return invoke("move_subscriber", { who, toListId });
}
export const useMoveSubscriber = (options?: ChangeOptions<{ who: SubscriberRef; toListId: number }, void>) =>
  useChange<{ who: SubscriberRef; toListId: number }, void>("move_subscriber", (v) => moveSubscriber(v.who, v.toListId), options);

/** `copy_subscriber`: Changes `subscribers`, `lists`. */
export function copySubscriber(who: SubscriberRef, toListId: number): Promise<number> {
  return invoke("copy_subscriber", { who, toListId });
}
export const useCopySubscriber = (options?: ChangeOptions<{ who: SubscriberRef; toListId: number }, number>) =>
  useChange<{ who: SubscriberRef; toListId: number }, number>("copy_subscriber", (v) => copySubscriber(v.who, v.toListId), options);

/** `add_field`: Changes `lists`. */
export function addField(listId: number, form: FieldForm): Promise<number> {
  return invoke("add_field", { listId, form });
}
export const useAddField = (options?: ChangeOptions<{ listId: number; form: FieldForm }, number>) =>
  useChange<{ listId: number; form: FieldForm }, number>("add_field", (v) => addField(v.listId, v.form), options);

/** `edit_field`: Changes `lists`, `subscribers`. */
export function editField(listId: number, fieldId: number, form: FieldForm): Promise<void> {
  return invoke("edit_field", { listId, fieldId, form });
}
export const useEditField = (options?: ChangeOptions<{ listId: number; fieldId: number; form: FieldForm }, void>) =>
  useChange<{ listId: number; fieldId: number; form: FieldForm }, void>("edit_field", (v) => editField(v.listId, v.fieldId, v.form), options);

/** `delete_field`: Changes `lists`, `subscribers`. */
export function deleteField(listId: number, fieldId: number): Promise<void> {
  return invoke("delete_field", { listId, fieldId });
}
export const useDeleteField = (options?: ChangeOptions<{ listId: number; fieldId: number }, void>) =>
  useChange<{ listId: number; fieldId: number }, void>("delete_field", (v) => deleteField(v.listId, v.fieldId), options);

/** `check_variable`: Reads nothing a change drops. */
export function checkVariable(variable: string, taken: Array<string>): Promise<VariableProblem | null> {
  return invoke("check_variable", { variable, taken });
}
export const checkVariableKey = (variable: string, taken: Array<string>) => ["check_variable", variable, taken] as const;
export const checkVariableQuery = (variable: string, taken: Array<string>) =>
  queryOptions({ queryKey: checkVariableKey(variable, taken), queryFn: () => checkVariable(variable, taken) });

/** `check_address`: Reads nothing a change drops. */
export function checkAddress(address: string): Promise<AddressCheck> {
  return invoke("check_address", { address });
}
export const checkAddressKey = (address: string) => ["check_address", address] as const;
export const checkAddressQuery = (address: string) =>
  queryOptions({ queryKey: checkAddressKey(address), queryFn: () => checkAddress(address) });

/** `subscribers_across_lists`: Reads `subscribers`. */
export function subscribersAcrossLists(who: AcrossLists, start: number, limit: number): Promise<SubscriberPage> {
  return invoke("subscribers_across_lists", { who, start, limit });
}
export const subscribersAcrossListsKey = (who: AcrossLists, start: number, limit: number) => ["subscribers_across_lists", who, start, limit] as const;
export const subscribersAcrossListsQuery = (who: AcrossLists, start: number, limit: number) =>
  queryOptions({ queryKey: subscribersAcrossListsKey(who, start, limit), queryFn: () => subscribersAcrossLists(who, start, limit) });

/** `find_address`: Reads `subscribers`. */
export function findAddress(email: string): Promise<Array<AddressRecord>> {
  return invoke("find_address", { email });
}
export const findAddressKey = (email: string) => ["find_address", email] as const;
export const findAddressQuery = (email: string) =>
  queryOptions({ queryKey: findAddressKey(email), queryFn: () => findAddress(email) });

/** `list_subscribers`: Reads `subscribers`. */
export function listSubscribers(query: SubscriberQuery): Promise<SubscriberPage> {
  return invoke("list_subscribers", { query });
}
export const listSubscribersKey = (query: SubscriberQuery) => ["list_subscribers", query] as const;
export const listSubscribersQuery = (query: SubscriberQuery) =>
  queryOptions({ queryKey: listSubscribersKey(query), queryFn: () => listSubscribers(query) });

/** `saved_segments`: Reads `segments`. */
export function savedSegments(listId: number | null): Promise<SavedSegments> {
  return invoke("saved_segments", { listId });
}
export const savedSegmentsKey = (listId: number | null) => ["saved_segments", listId] as const;
export const savedSegmentsQuery = (listId: number | null) =>
  queryOptions({ queryKey: savedSegmentsKey(listId), queryFn: () => savedSegments(listId) });

/** `count_segment`: Reads `segments`, `subscribers`. */
export function countSegment(listId: number, which: ListSegment): Promise<SegmentCount | null> {
  return invoke("count_segment", { listId, which });
}
export const countSegmentKey = (listId: number, which: ListSegment) => ["count_segment", listId, which] as const;
export const countSegmentQuery = (listId: number, which: ListSegment) =>
  queryOptions({ queryKey: countSegmentKey(listId, which), queryFn: () => countSegment(listId, which) });

/** `save_segment`: Changes `segments`. */
export function saveSegment(listId: number, name: string, segment: Segment): Promise<SavedSegmentView> {
  return invoke("save_segment", { listId, name, segment });
}
export const useSaveSegment = (options?: ChangeOptions<{ listId: number; name: string; segment: Segment }, SavedSegmentView>) =>
  useChange<{ listId: number; name: string; segment: Segment }, SavedSegmentView>("save_segment", (v) => saveSegment(v.listId, v.name, v.segment), options);

/** `edit_segment`: Changes `segments`, `subscribers`. */
export function editSegment(segmentId: number, name: string | null, segment: Segment | null): Promise<SavedSegmentView> {
  return invoke("edit_segment", { segmentId, name, segment });
}
export const useEditSegment = (options?: ChangeOptions<{ segmentId: number; name: string | null; segment: Segment | null }, SavedSegmentView>) =>
  useChange<{ segmentId: number; name: string | null; segment: Segment | null }, SavedSegmentView>("edit_segment", (v) => editSegment(v.segmentId, v.name, v.segment), options);

/** `delete_segment`: Changes `segments`. */
export function deleteSegment(segmentId: number): Promise<void> {
  return invoke("delete_segment", { segmentId });
}
export const useDeleteSegment = (options?: ChangeOptions<{ segmentId: number }, void>) =>
  useChange<{ segmentId: number }, void>("delete_segment", (v) => deleteSegment(v.segmentId), options);

/** `subscriber_card`: Reads `subscribers`. */
export function subscriberCard(listId: number, email: string): Promise<SubscriberCard> {
  return invoke("subscriber_card", { listId, email });
}
export const subscriberCardKey = (listId: number, email: string) => ["subscriber_card", listId, email] as const;
export const subscriberCardQuery = (listId: number, email: string) =>
  queryOptions({ queryKey: subscriberCardKey(listId, email), queryFn: () => subscriberCard(listId, email) });

/** `export_subscribers`: Changes nothing the page caches. */
export function exportSubscribers(request: SubscriberExport, taskId: string, onProgress: Channel<Progress>): Promise<number | null> {
  return invoke("export_subscribers", { request, taskId, onProgress });
}
export const useExportSubscribers = (options?: ChangeOptions<{ request: SubscriberExport; taskId: string; onProgress: Channel<Progress> }, number | null>) =>
  useChange<{ request: SubscriberExport; taskId: string; onProgress: Channel<Progress> }, number | null>("export_subscribers", (v) => exportSubscribers(v.request, v.taskId, v.onProgress), options);

/** `change_subscribers`: Changes `subscribers`, `lists`, `changes`. */
export function changeSubscribers(which: Chosen, action: BulkAction, confirmed: number, taskId: string, onProgress: Channel<Progress>): Promise<BulkOutcome> {
  return invoke("change_subscribers", { which, action, confirmed, taskId, onProgress });
}
export const useChangeSubscribers = (options?: ChangeOptions<{ which: Chosen; action: BulkAction; confirmed: number; taskId: string; onProgress: Channel<Progress> }, BulkOutcome>) =>
  useChange<{ which: Chosen; action: BulkAction; confirmed: number; taskId: string; onProgress: Channel<Progress> }, BulkOutcome>("change_subscribers", (v) => changeSubscribers(v.which, v.action, v.confirmed, v.taskId, v.onProgress), options);

/** `interrupted_changes`: Reads `changes`. */
export function interruptedChanges(): Promise<Array<InterruptedChange>> {
  return invoke("interrupted_changes");
}
export const interruptedChangesKey = () => ["interrupted_changes"] as const;
export const interruptedChangesQuery = () =>
  queryOptions({ queryKey: interruptedChangesKey(), queryFn: () => interruptedChanges() });

/** `dismiss_interrupted_change`: Changes `changes`. */
export function dismissInterruptedChange(id: string): Promise<void> {
  return invoke("dismiss_interrupted_change", { id });
}
export const useDismissInterruptedChange = (options?: ChangeOptions<{ id: string }, void>) =>
  useChange<{ id: string }, void>("dismiss_interrupted_change", (v) => dismissInterruptedChange(v.id), options);

/** `pick_import_file`: Changes nothing the page caches. */
export function pickImportFile(): Promise<PickedFile | null> {
  return invoke("pick_import_file");
}
export const usePickImportFile = (options?: ChangeOptions<void, PickedFile | null>) =>
  useChange<void, PickedFile | null>("pick_import_file", () => pickImportFile(), options);

/** `inspect_import`: Reads `imports`. */
export function inspectImport(listId: number, fileId: string, reading: Reading): Promise<ImportPreview> {
  return invoke("inspect_import", { listId, fileId, reading });
}
export const inspectImportKey = (listId: number, fileId: string, reading: Reading) => ["inspect_import", listId, fileId, reading] as const;
export const inspectImportQuery = (listId: number, fileId: string, reading: Reading) =>
  queryOptions({ queryKey: inspectImportKey(listId, fileId, reading), queryFn: () => inspectImport(listId, fileId, reading) });

/** `start_import`: Changes `imports`, `subscribers`, `lists`. */
export function startImport(plan: ImportPlan, onProgress: Channel<ImportProgress>): Promise<ImportRecord> {
  return invoke("start_import", { plan, onProgress });
}
export const useStartImport = (options?: ChangeOptions<{ plan: ImportPlan; onProgress: Channel<ImportProgress> }, ImportRecord>) =>
  useChange<{ plan: ImportPlan; onProgress: Channel<ImportProgress> }, ImportRecord>("start_import", (v) => startImport(v.plan, v.onProgress), options);

/** `resume_import`: Changes `imports`, `subscribers`, `lists`. */
export function resumeImport(importId: string, onProgress: Channel<ImportProgress>): Promise<ImportRecord> {
  return invoke("resume_import", { importId, onProgress });
}
export const useResumeImport = (options?: ChangeOptions<{ importId: string; onProgress: Channel<ImportProgress> }, ImportRecord>) =>
  useChange<{ importId: string; onProgress: Channel<ImportProgress> }, ImportRecord>("resume_import", (v) => resumeImport(v.importId, v.onProgress), options);

/** `pause_import`: Changes nothing the page caches. */
export function pauseImport(importId: string): Promise<void> {
  return invoke("pause_import", { importId });
}
export const usePauseImport = (options?: ChangeOptions<{ importId: string }, void>) =>
  useChange<{ importId: string }, void>("pause_import", (v) => pauseImport(v.importId), options);

/** `cancel_import`: Changes `imports`. */
export function cancelImport(importId: string): Promise<void> {
  return invoke("cancel_import", { importId });
}
export const useCancelImport = (options?: ChangeOptions<{ importId: string }, void>) =>
  useChange<{ importId: string }, void>("cancel_import", (v) => cancelImport(v.importId), options);

/** `list_imports`: Reads `imports`. */
export function listImports(listId: number | null): Promise<Array<ImportRecord>> {
  return invoke("list_imports", { listId });
}
export const listImportsKey = (listId: number | null) => ["list_imports", listId] as const;
export const listImportsQuery = (listId: number | null) =>
  queryOptions({ queryKey: listImportsKey(listId), queryFn: () => listImports(listId) });

/** `save_import_errors`: Changes nothing the page caches. */
export function saveImportErrors(of: ErrorsOf, words: ErrorFileWords, separator: CsvSeparator): Promise<number | null> {
  return invoke("save_import_errors", { of, words, separator });
}
export const useSaveImportErrors = (options?: ChangeOptions<{ of: ErrorsOf; words: ErrorFileWords; separator: CsvSeparator }, number | null>) =>
  useChange<{ of: ErrorsOf; words: ErrorFileWords; separator: CsvSeparator }, number | null>("save_import_errors", (v) => saveImportErrors(v.of, v.words, v.separator), options);

/** `import_from_address`: Changes `imports`, `subscribers`, `lists`. */
export function importFromAddress(listId: number, form: AddressImportForm, onProgress: Channel<ServiceImport>): Promise<ServiceImport> {
  return invoke("import_from_address", { listId, form, onProgress });
}
export const useImportFromAddress = (options?: ChangeOptions<{ listId: number; form: AddressImportForm; onProgress: Channel<ServiceImport> }, ServiceImport>) =>
  useChange<{ listId: number; form: AddressImportForm; onProgress: Channel<ServiceImport> }, ServiceImport>("import_from_address", (v) => importFromAddress(v.listId, v.form, v.onProgress), options);

/** `service_imports`: Reads `imports`. */
export function serviceImports(listId: number): Promise<Array<ServiceImport>> {
  return invoke("service_imports", { listId });
}
export const serviceImportsKey = (listId: number) => ["service_imports", listId] as const;
export const serviceImportsQuery = (listId: number) =>
  queryOptions({ queryKey: serviceImportsKey(listId), queryFn: () => serviceImports(listId) });

/** `clean_list`: Changes `subscribers`, `lists`. */
export function cleanList(listId: number): Promise<number> {
  return invoke("clean_list", { listId });
}
export const useCleanList = (options?: ChangeOptions<{ listId: number }, number>) =>
  useChange<{ listId: number }, number>("clean_list", (v) => cleanList(v.listId), options);

/** `list_campaigns`: Reads `campaigns`. */
export function listCampaigns(): Promise<CampaignsView> {
  return invoke("list_campaigns");
}
export const listCampaignsKey = () => ["list_campaigns"] as const;
export const listCampaignsQuery = () =>
  queryOptions({ queryKey: listCampaignsKey(), queryFn: () => listCampaigns() });

/** `copy_campaign`: Changes `campaigns`. */
export function copyCampaign(campaignId: number): Promise<number> {
  return invoke("copy_campaign", { campaignId });
}
export const useCopyCampaign = (options?: ChangeOptions<{ campaignId: number }, number>) =>
  useChange<{ campaignId: number }, number>("copy_campaign", (v) => copyCampaign(v.campaignId), options);

/** `move_campaign`: Changes `campaigns`. */
export function moveCampaign(campaignId: number, folder: FolderChoice): Promise<void> {
  return invoke("move_campaign", { campaignId, folder });
}
export const useMoveCampaign = (options?: ChangeOptions<{ campaignId: number; folder: FolderChoice }, void>) =>
  useChange<{ campaignId: number; folder: FolderChoice }, void>("move_campaign", (v) => moveCampaign(v.campaignId, v.folder), options);

/** `delete_campaign`: Changes `campaigns`. */
export function deleteCampaign(campaignId: number): Promise<void> {
  return invoke("delete_campaign", { campaignId });
}
export const useDeleteCampaign = (options?: ChangeOptions<{ campaignId: number }, void>) =>
  useChange<{ campaignId: number }, void>("delete_campaign", (v) => deleteCampaign(v.campaignId), options);

/** `create_campaign`: Changes `campaigns`. */
export function createCampaign(name: string, listId: number): Promise<number> {
  return invoke("create_campaign", { name, listId });
}
export const useCreateCampaign = (options?: ChangeOptions<{ name: string; listId: number }, number>) =>
  useChange<{ name: string; listId: number }, number>("create_campaign", (v) => createCampaign(v.name, v.listId), options);

/** `open_campaign`: Reads `campaign`. */
export function openCampaign(campaignId: number): Promise<EditorView> {
  return invoke("open_campaign", { campaignId });
}
export const openCampaignKey = (campaignId: number) => ["open_campaign", campaignId] as const;
export const openCampaignQuery = (campaignId: number) =>
  queryOptions({ queryKey: openCampaignKey(campaignId), queryFn: () => openCampaign(campaignId) });

/** `keep_draft`: Changes nothing the page caches. */
export function keepDraft(campaignId: number, revision: number, draft: CampaignDraft): Promise<void> {
  return invoke("keep_draft", { campaignId, revision, draft });
}
export const useKeepDraft = (options?: ChangeOptions<{ campaignId: number; revision: number; draft: CampaignDraft }, void>) =>
  useChange<{ campaignId: number; revision: number; draft: CampaignDraft }, void>("keep_draft", (v) => keepDraft(v.campaignId, v.revision, v.draft), options);

/** `save_campaign`: Changes `campaigns`, `campaign`. */
export function saveCampaign(campaignId: number, revision: number, draft: CampaignDraft): Promise<void> {
  return invoke("save_campaign", { campaignId, revision, draft });
}
export const useSaveCampaign = (options?: ChangeOptions<{ campaignId: number; revision: number; draft: CampaignDraft }, void>) =>
  useChange<{ campaignId: number; revision: number; draft: CampaignDraft }, void>("save_campaign", (v) => saveCampaign(v.campaignId, v.revision, v.draft), options);

/** `check_campaign`: Reads nothing a change drops. */
export function checkCampaign(draft: CampaignDraft, context: CheckContext): Promise<LaunchCheck> {
  return invoke("check_campaign", { draft, context });
}
export const checkCampaignKey = (draft: CampaignDraft, context: CheckContext) => ["check_campaign", draft, context] as const;
export const checkCampaignQuery = (draft: CampaignDraft, context: CheckContext) =>
  queryOptions({ queryKey: checkCampaignKey(draft, context), queryFn: () => checkCampaign(draft, context) });

/** `preview_campaign`: Reads nothing a change drops. */
export function previewCampaign(html: string, showImages: boolean): Promise<PreviewView> {
  return invoke("preview_campaign", { html, showImages });
}
export const previewCampaignKey = (html: string, showImages: boolean) => ["preview_campaign", html, showImages] as const;
export const previewCampaignQuery = (html: string, showImages: boolean) =>
  queryOptions({ queryKey: previewCampaignKey(html, showImages), queryFn: () => previewCampaign(html, showImages) });

/** `campaign_reach`: Reads `campaigns`, `subscribers`. */
export function campaignReach(campaignId: number): Promise<Reach> {
  return invoke("campaign_reach", { campaignId });
}
export const campaignReachKey = (campaignId: number) => ["campaign_reach", campaignId] as const;
export const campaignReachQuery = (campaignId: number) =>
  queryOptions({ queryKey: campaignReachKey(campaignId), queryFn: () => campaignReach(campaignId) });

/** `launch_campaign`: Changes `campaigns`, `campaign`. */
export function launchCampaign(campaignId: number, at: string | null): Promise<void> {
  return invoke("launch_campaign", { campaignId, at });
}
export const useLaunchCampaign = (options?: ChangeOptions<{ campaignId: number; at: string | null }, void>) =>
  useChange<{ campaignId: number; at: string | null }, void>("launch_campaign", (v) => launchCampaign(v.campaignId, v.at), options);

/** `text_from_html`: Reads nothing a change drops. */
export function textFromHtml(html: string): Promise<string> {
  return invoke("text_from_html", { html });
}
export const textFromHtmlKey = (html: string) => ["text_from_html", html] as const;
export const textFromHtmlQuery = (html: string) =>
  queryOptions({ queryKey: textFromHtmlKey(html), queryFn: () => textFromHtml(html) });

/** `send_test`: Changes nothing the page caches. */
export function sendTest(campaignId: number, emails: Array<string>): Promise<number> {
  return invoke("send_test", { campaignId, emails });
}
export const useSendTest = (options?: ChangeOptions<{ campaignId: number; emails: Array<string> }, number>) =>
  useChange<{ campaignId: number; emails: Array<string> }, number>("send_test", (v) => sendTest(v.campaignId, v.emails), options);

/** `pause_campaign`: Changes `campaigns`, `campaign`. */
export function pauseCampaign(campaignId: number): Promise<void> {
  return invoke("pause_campaign", { campaignId });
}
export const usePauseCampaign = (options?: ChangeOptions<{ campaignId: number }, void>) =>
  useChange<{ campaignId: number }, void>("pause_campaign", (v) => pauseCampaign(v.campaignId), options);

/** `resume_campaign`: Changes `campaigns`, `campaign`. */
export function resumeCampaign(campaignId: number): Promise<void> {
  return invoke("resume_campaign", { campaignId });
}
export const useResumeCampaign = (options?: ChangeOptions<{ campaignId: number }, void>) =>
  useChange<{ campaignId: number }, void>("resume_campaign", (v) => resumeCampaign(v.campaignId), options);

/** `unschedule_campaign`: Changes `campaigns`, `campaign`. */
export function unscheduleCampaign(campaignId: number): Promise<void> {
  return invoke("unschedule_campaign", { campaignId });
}
export const useUnscheduleCampaign = (options?: ChangeOptions<{ campaignId: number }, void>) =>
  useChange<{ campaignId: number }, void>("unschedule_campaign", (v) => unscheduleCampaign(v.campaignId), options);

/** `campaign_still_to_reach`: Reads `campaigns`, `subscribers`. */
export function campaignStillToReach(campaignId: number): Promise<Reach> {
  return invoke("campaign_still_to_reach", { campaignId });
}
export const campaignStillToReachKey = (campaignId: number) => ["campaign_still_to_reach", campaignId] as const;
export const campaignStillToReachQuery = (campaignId: number) =>
  queryOptions({ queryKey: campaignStillToReachKey(campaignId), queryFn: () => campaignStillToReach(campaignId) });

/** `campaign_unopened`: Reads `campaigns`. */
export function campaignUnopened(campaignId: number): Promise<number> {
  return invoke("campaign_unopened", { campaignId });
}
export const campaignUnopenedKey = (campaignId: number) => ["campaign_unopened", campaignId] as const;
export const campaignUnopenedQuery = (campaignId: number) =>
  queryOptions({ queryKey: campaignUnopenedKey(campaignId), queryFn: () => campaignUnopened(campaignId) });

/** `resend_unopened`: Changes `campaigns`. */
export function resendUnopened(campaignId: number): Promise<number> {
  return invoke("resend_unopened", { campaignId });
}
export const useResendUnopened = (options?: ChangeOptions<{ campaignId: number }, number>) =>
  useChange<{ campaignId: number }, number>("resend_unopened", (v) => resendUnopened(v.campaignId), options);

/** `preview_campaign_as`: Reads `campaigns`, `subscribers`. */
export function previewCampaignAs(campaignId: number, email: string, showImages: boolean): Promise<PreviewView | null> {
  return invoke("preview_campaign_as", { campaignId, email, showImages });
}
export const previewCampaignAsKey = (campaignId: number, email: string, showImages: boolean) => ["preview_campaign_as", campaignId, email, showImages] as const;
export const previewCampaignAsQuery = (campaignId: number, email: string, showImages: boolean) =>
  queryOptions({ queryKey: previewCampaignAsKey(campaignId, email, showImages), queryFn: () => previewCampaignAs(campaignId, email, showImages) });

/** `campaign_attachments`: Reads `attachments`. */
export function campaignAttachments(campaignId: number): Promise<Array<CampaignFile>> {
  return invoke("campaign_attachments", { campaignId });
}
export const campaignAttachmentsKey = (campaignId: number) => ["campaign_attachments", campaignId] as const;
export const campaignAttachmentsQuery = (campaignId: number) =>
  queryOptions({ queryKey: campaignAttachmentsKey(campaignId), queryFn: () => campaignAttachments(campaignId) });

/** `attach_file`: Changes `attachments`. */
export function attachFile(campaignId: number, url: string, name: string): Promise<number> {
  return invoke("attach_file", { campaignId, url, name });
}
export const useAttachFile = (options?: ChangeOptions<{ campaignId: number; url: string; name: string }, number>) =>
  useChange<{ campaignId: number; url: string; name: string }, number>("attach_file", (v) => attachFile(v.campaignId, v.url, v.name), options);

/** `detach_file`: Changes `attachments`. */
export function detachFile(campaignId: number, attachmentId: number): Promise<void> {
  return invoke("detach_file", { campaignId, attachmentId });
}
export const useDetachFile = (options?: ChangeOptions<{ campaignId: number; attachmentId: number }, void>) =>
  useChange<{ campaignId: number; attachmentId: number }, void>("detach_file", (v) => detachFile(v.campaignId, v.attachmentId), options);

/** `suggest_send_hour`: Reads `campaigns`. */
export function suggestSendHour(listIds: Array<number>): Promise<BestHour | null> {
  return invoke("suggest_send_hour", { listIds });
}
export const suggestSendHourKey = (listIds: Array<number>) => ["suggest_send_hour", listIds] as const;
export const suggestSendHourQuery = (listIds: Array<number>) =>
  queryOptions({ queryKey: suggestSendHourKey(listIds), queryFn: () => suggestSendHour(listIds) });

/** `list_dialogs`: Reads `dialogs`. */
export function listDialogs(query: DialogQuery): Promise<DialogPage> {
  return invoke("list_dialogs", { query });
}
export const listDialogsKey = (query: DialogQuery) => ["list_dialogs", query] as const;
export const listDialogsQuery = (query: DialogQuery) =>
  queryOptions({ queryKey: listDialogsKey(query), queryFn: () => listDialogs(query) });

/** `open_thread`: Reads `thread`. */
export function openThread(dialogId: number): Promise<ThreadView> {
  return invoke("open_thread", { dialogId });
}
export const openThreadKey = (dialogId: number) => ["open_thread", dialogId] as const;
export const openThreadQuery = (dialogId: number) =>
  queryOptions({ queryKey: openThreadKey(dialogId), queryFn: () => openThread(dialogId) });

/** `show_images`: Reads nothing a change drops. */
export function showImages(dialogId: number, messageId: number): Promise<MessageView | null> {
  return invoke("show_images", { dialogId, messageId });
}
export const showImagesKey = (dialogId: number, messageId: number) => ["show_images", dialogId, messageId] as const;
export const showImagesQuery = (dialogId: number, messageId: number) =>
  queryOptions({ queryKey: showImagesKey(dialogId, messageId), queryFn: () => showImages(dialogId, messageId) });

/** `send_reply`: Changes `thread`, `dialogs`; the page writes its answer into them in place. */
export function sendReply(dialogId: number, draft: ReplyDraft): Promise<SentReply> {
  return invoke("send_reply", { dialogId, draft });
}
export const useSendReply = (options?: ChangeOptions<{ dialogId: number; draft: ReplyDraft }, SentReply>) =>
  useChange<{ dialogId: number; draft: ReplyDraft }, SentReply>("send_reply", (v) => sendReply(v.dialogId, v.draft), options);

/** `close_dialog`: Changes `dialogs`, `thread`, `unread`. */
export function closeDialog(dialogId: number): Promise<void> {
  return invoke("close_dialog", { dialogId });
}
export const useCloseDialog = (options?: ChangeOptions<{ dialogId: number }, void>) =>
  useChange<{ dialogId: number }, void>("close_dialog", (v) => closeDialog(v.dialogId), options);

/** `reopen_dialog`: Changes `dialogs`, `thread`, `unread`. */
export function reopenDialog(dialogId: number): Promise<void> {
  return invoke("reopen_dialog", { dialogId });
}
export const useReopenDialog = (options?: ChangeOptions<{ dialogId: number }, void>) =>
  useChange<{ dialogId: number }, void>("reopen_dialog", (v) => reopenDialog(v.dialogId), options);

/** `mark_read`: Changes `thread`, `dialogs`, `unread`; the page writes its answer into them in place. */
export function markRead(dialogId: number): Promise<void> {
  return invoke("mark_read", { dialogId });
}
export const useMarkRead = (options?: ChangeOptions<{ dialogId: number }, void>) =>
  useChange<{ dialogId: number }, void>("mark_read", (v) => markRead(v.dialogId), options);

/** `mark_unread`: Changes `thread`, `dialogs`, `unread`; the page writes its answer into them in place. */
export function markUnread(dialogId: number): Promise<void> {
  return invoke("mark_unread", { dialogId });
}
export const useMarkUnread = (options?: ChangeOptions<{ dialogId: number }, void>) =>
  useChange<{ dialogId: number }, void>("mark_unread", (v) => markUnread(v.dialogId), options);

/** `mark_sender`: Changes `dialogs`, `thread`. */
export function markSender(sender: string, kind: ReplyKind | null): Promise<void> {
  return invoke("mark_sender", { sender, kind });
}
export const useMarkSender = (options?: ChangeOptions<{ sender: string; kind: ReplyKind | null }, void>) =>
  useChange<{ sender: string; kind: ReplyKind | null }, void>("mark_sender", (v) => markSender(v.sender, v.kind), options);

/** `unread_counts`: Reads `unread`. */
export function unreadCounts(): Promise<UnreadCounts> {
  return invoke("unread_counts");
}
export const unreadCountsKey = () => ["unread_counts"] as const;
export const unreadCountsQuery = () =>
  queryOptions({ queryKey: unreadCountsKey(), queryFn: () => unreadCounts() });

/** `reply_sources`: Reads `lists`, `campaigns`. */
export function replySources(): Promise<ReplySources> {
  return invoke("reply_sources");
}
export const replySourcesKey = () => ["reply_sources"] as const;
export const replySourcesQuery = () =>
  queryOptions({ queryKey: replySourcesKey(), queryFn: () => replySources() });

/** `new_replies`: Changes `dialogs`, `thread`. */
export function newReplies(roseBy: number): Promise<Array<NewReply>> {
  return invoke("new_replies", { roseBy });
}
export const useNewReplies = (options?: ChangeOptions<{ roseBy: number }, Array<NewReply>>) =>
  useChange<{ roseBy: number }, Array<NewReply>>("new_replies", (v) => newReplies(v.roseBy), options);

/** `notify`: Changes nothing the page caches. */
export function notify(title: string, body: string): Promise<void> {
  return invoke("notify", { title, body });
}
export const useNotify = (options?: ChangeOptions<{ title: string; body: string }, void>) =>
  useChange<{ title: string; body: string }, void>("notify", (v) => notify(v.title, v.body), options);

/** `replier`: Reads `subscribers`. */
export function replier(dialogId: number): Promise<ReplierView> {
  return invoke("replier", { dialogId });
}
export const replierKey = (dialogId: number) => ["replier", dialogId] as const;
export const replierQuery = (dialogId: number) =>
  queryOptions({ queryKey: replierKey(dialogId), queryFn: () => replier(dialogId) });

/** `replier_activity`: Reads `subscribers`. */
export function replierActivity(dialogId: number): Promise<Array<ActivityView>> {
  return invoke("replier_activity", { dialogId });
}
export const replierActivityKey = (dialogId: number) => ["replier_activity", dialogId] as const;
export const replierActivityQuery = (dialogId: number) =>
  queryOptions({ queryKey: replierActivityKey(dialogId), queryFn: () => replierActivity(dialogId) });

/** `preview_attachment`: Reads nothing a change drops. */
export function previewAttachment(attachmentId: number): Promise<string | null> {
  return invoke("preview_attachment", { attachmentId });
}
export const previewAttachmentKey = (attachmentId: number) => ["preview_attachment", attachmentId] as const;
export const previewAttachmentQuery = (attachmentId: number) =>
  queryOptions({ queryKey: previewAttachmentKey(attachmentId), queryFn: () => previewAttachment(attachmentId) });

/** `save_attachment`: Changes nothing the page caches. */
export function saveAttachment(attachmentId: number, filename: string): Promise<number | null> {
  return invoke("save_attachment", { attachmentId, filename });
}
export const useSaveAttachment = (options?: ChangeOptions<{ attachmentId: number; filename: string }, number | null>) =>
  useChange<{ attachmentId: number; filename: string }, number | null>("save_attachment", (v) => saveAttachment(v.attachmentId, v.filename), options);

/** `unsubscribe_replier`: Changes `subscribers`, `lists`. */
export function unsubscribeReplier(dialogId: number): Promise<number> {
  return invoke("unsubscribe_replier", { dialogId });
}
export const useUnsubscribeReplier = (options?: ChangeOptions<{ dialogId: number }, number>) =>
  useChange<{ dialogId: number }, number>("unsubscribe_replier", (v) => unsubscribeReplier(v.dialogId), options);

/** `kept_reply_draft`: Reads `reply_draft`. */
export function keptReplyDraft(dialogId: number): Promise<KeptReplyView> {
  return invoke("kept_reply_draft", { dialogId });
}
export const keptReplyDraftKey = (dialogId: number) => ["kept_reply_draft", dialogId] as const;
export const keptReplyDraftQuery = (dialogId: number) =>
  queryOptions({ queryKey: keptReplyDraftKey(dialogId), queryFn: () => keptReplyDraft(dialogId) });

/** `keep_reply_draft`: Changes nothing the page caches. */
export function keepReplyDraft(dialogId: number, revision: number, draft: ReplyKept): Promise<void> {
  return invoke("keep_reply_draft", { dialogId, revision, draft });
}
export const useKeepReplyDraft = (options?: ChangeOptions<{ dialogId: number; revision: number; draft: ReplyKept }, void>) =>
  useChange<{ dialogId: number; revision: number; draft: ReplyKept }, void>("keep_reply_draft", (v) => keepReplyDraft(v.dialogId, v.revision, v.draft), options);

/** `canned_replies`: Reads `canned_replies`. */
export function cannedReplies(): Promise<CannedRepliesView> {
  return invoke("canned_replies");
}
export const cannedRepliesKey = () => ["canned_replies"] as const;
export const cannedRepliesQuery = () =>
  queryOptions({ queryKey: cannedRepliesKey(), queryFn: () => cannedReplies() });

/** `keep_canned_replies`: Changes `canned_replies`; the page writes its answer into them in place. */
export function keepCannedReplies(revision: number, replies: Array<CannedReply>): Promise<void> {
  return invoke("keep_canned_replies", { revision, replies });
}
export const useKeepCannedReplies = (options?: ChangeOptions<{ revision: number; replies: Array<CannedReply> }, void>) =>
  useChange<{ revision: number; replies: Array<CannedReply> }, void>("keep_canned_replies", (v) => keepCannedReplies(v.revision, v.replies), options);

/** `report_campaigns`: Reads `campaigns`. */
export function reportCampaigns(): Promise<Array<ReportCampaign>> {
  return invoke("report_campaigns");
}
export const reportCampaignsKey = () => ["report_campaigns"] as const;
export const reportCampaignsQuery = () =>
  queryOptions({ queryKey: reportCampaignsKey(), queryFn: () => reportCampaigns() });

/** `campaign_dashboard`: Reads `reports`. */
export function campaignDashboard(campaignId: number, theme: ChartTheme, words: ChartWords): Promise<DashboardView> {
  return invoke("campaign_dashboard", { campaignId, theme, words });
}
export const campaignDashboardKey = (campaignId: number, theme: ChartTheme, words: ChartWords) => ["campaign_dashboard", campaignId, theme, words] as const;
export const campaignDashboardQuery = (campaignId: number, theme: ChartTheme, words: ChartWords) =>
  queryOptions({ queryKey: campaignDashboardKey(campaignId, theme, words), queryFn: () => campaignDashboard(campaignId, theme, words) });

/** `campaign_breakdown`: Reads `reports`. */
export function campaignBreakdown(campaignId: number, theme: ChartTheme): Promise<BreakdownView> {
  return invoke("campaign_breakdown", { campaignId, theme });
}
export const campaignBreakdownKey = (campaignId: number, theme: ChartTheme) => ["campaign_breakdown", campaignId, theme] as const;
export const campaignBreakdownQuery = (campaignId: number, theme: ChartTheme) =>
  queryOptions({ queryKey: campaignBreakdownKey(campaignId, theme), queryFn: () => campaignBreakdown(campaignId, theme) });

/** `link_clickers`: Reads `reports`. */
export function linkClickers(campaignId: number, url: string, start: number): Promise<ReportPage<Clicker>> {
  return invoke("link_clickers", { campaignId, url, start });
}
export const linkClickersKey = (campaignId: number, url: string, start: number) => ["link_clickers", campaignId, url, start] as const;
export const linkClickersQuery = (campaignId: number, url: string, start: number) =>
  queryOptions({ queryKey: linkClickersKey(campaignId, url, start), queryFn: () => linkClickers(campaignId, url, start) });

/** `compare_campaigns`: Reads `reports`. */
export function compareCampaigns(campaignIds: Array<number>, theme: ChartTheme, words: ChartWords): Promise<ComparisonView> {
  return invoke("compare_campaigns", { campaignIds, theme, words });
}
export const compareCampaignsKey = (campaignIds: Array<number>, theme: ChartTheme, words: ChartWords) => ["compare_campaigns", campaignIds, theme, words] as const;
export const compareCampaignsQuery = (campaignIds: Array<number>, theme: ChartTheme, words: ChartWords) =>
  queryOptions({ queryKey: compareCampaignsKey(campaignIds, theme, words), queryFn: () => compareCampaigns(campaignIds, theme, words) });

/** `report_overview`: Reads `reports`. */
export function reportOverview(theme: ChartTheme, words: ChartWords, onMore: Channel<OverviewView>): Promise<OverviewView> {
  return invoke("report_overview", { theme, words, onMore });
}
export const reportOverviewKey = (theme: ChartTheme, words: ChartWords) => ["report_overview", theme, words] as const;

/** `report_recipients`: Reads `reports`. */
export function reportRecipients(campaignId: number, report: RecipientReport, sort: ReportOrder | null, start: number, limit: number): Promise<ReportPage<RecipientRow>> {
  return invoke("report_recipients", { campaignId, report, sort, start, limit });
}
export const reportRecipientsKey = (campaignId: number, report: RecipientReport, sort: ReportOrder | null, start: number, limit: number) => ["report_recipients", campaignId, report, sort, start, limit] as const;
export const reportRecipientsQuery = (campaignId: number, report: RecipientReport, sort: ReportOrder | null, start: number, limit: number) =>
  queryOptions({ queryKey: reportRecipientsKey(campaignId, report, sort, start, limit), queryFn: () => reportRecipients(campaignId, report, sort, start, limit) });

/** `report_events`: Reads `reports`. */
export function reportEvents(campaignId: number, filter: EventFilter, sort: ReportOrder | null, start: number, limit: number): Promise<ReportPage<EventRow>> {
  return invoke("report_events", { campaignId, filter, sort, start, limit });
}
export const reportEventsKey = (campaignId: number, filter: EventFilter, sort: ReportOrder | null, start: number, limit: number) => ["report_events", campaignId, filter, sort, start, limit] as const;
export const reportEventsQuery = (campaignId: number, filter: EventFilter, sort: ReportOrder | null, start: number, limit: number) =>
  queryOptions({ queryKey: reportEventsKey(campaignId, filter, sort, start, limit), queryFn: () => reportEvents(campaignId, filter, sort, start, limit) });

/** `report_event_fields`: Reads `reports`. */
export function reportEventFields(campaignId: number): Promise<Array<EventField>> {
  return invoke("report_event_fields", { campaignId });
}
export const reportEventFieldsKey = (campaignId: number) => ["report_event_fields", campaignId] as const;
export const reportEventFieldsQuery = (campaignId: number) =>
  queryOptions({ queryKey: reportEventFieldsKey(campaignId), queryFn: () => reportEventFields(campaignId) });

/** `export_rows`: Changes nothing the page caches. */
export function exportRows(request: RowsExportRequest, taskId: string, onProgress: Channel<Progress>): Promise<number | null> {
  return invoke("export_rows", { request, taskId, onProgress });
}
export const useExportRows = (options?: ChangeOptions<{ request: RowsExportRequest; taskId: string; onProgress: Channel<Progress> }, number | null>) =>
  useChange<{ request: RowsExportRequest; taskId: string; onProgress: Channel<Progress> }, number | null>("export_rows", (v) => exportRows(v.request, v.taskId, v.onProgress), options);

/** `open_details`: Reads `reports`. */
export function openDetails(campaignId: number, theme: ChartTheme, words: ChartWords, onRead: Channel<Progress>): Promise<OpenDetails> {
  return invoke("open_details", { campaignId, theme, words, onRead });
}
export const openDetailsKey = (campaignId: number, theme: ChartTheme, words: ChartWords) => ["open_details", campaignId, theme, words] as const;

/** `export_chart`: Changes nothing the page caches. */
export function exportChart(name: string, svg: string, format: ChartFormat): Promise<number | null> {
  return invoke("export_chart", { name, svg, format });
}
export const useExportChart = (options?: ChangeOptions<{ name: string; svg: string; format: ChartFormat }, number | null>) =>
  useChange<{ name: string; svg: string; format: ChartFormat }, number | null>("export_chart", (v) => exportChart(v.name, v.svg, v.format), options);

/** `export_table`: Changes nothing the page caches. */
export function exportTable(name: string, table: TableExport, format: TableFormat): Promise<number | null> {
  return invoke("export_table", { name, table, format });
}
export const useExportTable = (options?: ChangeOptions<{ name: string; table: TableExport; format: TableFormat }, number | null>) =>
  useChange<{ name: string; table: TableExport; format: TableFormat }, number | null>("export_table", (v) => exportTable(v.name, v.table, v.format), options);

/** `list_automations`: Reads `automations`. */
export function listAutomations(): Promise<AutomationsView> {
  return invoke("list_automations");
}
export const listAutomationsKey = () => ["list_automations"] as const;
export const listAutomationsQuery = () =>
  queryOptions({ queryKey: listAutomationsKey(), queryFn: () => listAutomations() });

/** `open_automation`: Reads `automation`. */
export function openAutomation(id: number | null): Promise<AutomationEditor> {
  return invoke("open_automation", { id });
}
export const openAutomationKey = (id: number | null) => ["open_automation", id] as const;
export const openAutomationQuery = (id: number | null) =>
  queryOptions({ queryKey: openAutomationKey(id), queryFn: () => openAutomation(id) });

/** `check_automation`: Reads nothing a change drops. */
export function checkAutomation(form: AutomationForm, context: CheckContext): Promise<LaunchCheck> {
  return invoke("check_automation", { form, context });
}
export const checkAutomationKey = (form: AutomationForm, context: CheckContext) => ["check_automation", form, context] as const;
export const checkAutomationQuery = (form: AutomationForm, context: CheckContext) =>
  queryOptions({ queryKey: checkAutomationKey(form, context), queryFn: () => checkAutomation(form, context) });

/** `create_automation`: Changes `automations`, `automation`. */
export function createAutomation(revision: number, form: AutomationForm): Promise<number> {
  return invoke("create_automation", { revision, form });
}
export const useCreateAutomation = (options?: ChangeOptions<{ revision: number; form: AutomationForm }, number>) =>
  useChange<{ revision: number; form: AutomationForm }, number>("create_automation", (v) => createAutomation(v.revision, v.form), options);

/** `save_automation`: Changes `automations`, `automation`. */
export function saveAutomation(id: number, revision: number, form: AutomationForm): Promise<void> {
  return invoke("save_automation", { id, revision, form });
}
export const useSaveAutomation = (options?: ChangeOptions<{ id: number; revision: number; form: AutomationForm }, void>) =>
  useChange<{ id: number; revision: number; form: AutomationForm }, void>("save_automation", (v) => saveAutomation(v.id, v.revision, v.form), options);

/** `copy_automation`: Changes `automations`. */
export function copyAutomation(id: number): Promise<number> {
  return invoke("copy_automation", { id });
}
export const useCopyAutomation = (options?: ChangeOptions<{ id: number }, number>) =>
  useChange<{ id: number }, number>("copy_automation", (v) => copyAutomation(v.id), options);

/** `delete_automation`: Changes `automations`, `automation`. */
export function deleteAutomation(id: number): Promise<void> {
  return invoke("delete_automation", { id });
}
export const useDeleteAutomation = (options?: ChangeOptions<{ id: number }, void>) =>
  useChange<{ id: number }, void>("delete_automation", (v) => deleteAutomation(v.id), options);

/** `copy_workflow`: Changes `automations`. */
export function copyWorkflow(id: number): Promise<number> {
  return invoke("copy_workflow", { id });
}
export const useCopyWorkflow = (options?: ChangeOptions<{ id: number }, number>) =>
  useChange<{ id: number }, number>("copy_workflow", (v) => copyWorkflow(v.id), options);

/** `delete_workflow`: Changes `automations`, `automation`. */
export function deleteWorkflow(id: number): Promise<void> {
  return invoke("delete_workflow", { id });
}
export const useDeleteWorkflow = (options?: ChangeOptions<{ id: number }, void>) =>
  useChange<{ id: number }, void>("delete_workflow", (v) => deleteWorkflow(v.id), options);

/** `trigger_automation`: Changes `automations`. */
export function triggerAutomation(id: number, email: string): Promise<void> {
  return invoke("trigger_automation", { id, email });
}
export const useTriggerAutomation = (options?: ChangeOptions<{ id: number; email: string }, void>) =>
  useChange<{ id: number; email: string }, void>("trigger_automation", (v) => triggerAutomation(v.id, v.email), options);

/** `keep_automation_draft`: Changes nothing the page caches. */
export function keepAutomationDraft(id: number | null, revision: number, form: AutomationForm): Promise<void> {
  return invoke("keep_automation_draft", { id, revision, form });
}
export const useKeepAutomationDraft = (options?: ChangeOptions<{ id: number | null; revision: number; form: AutomationForm }, void>) =>
  useChange<{ id: number | null; revision: number; form: AutomationForm }, void>("keep_automation_draft", (v) => keepAutomationDraft(v.id, v.revision, v.form), options);

/** `list_templates`: Reads `templates`. */
export function listTemplates(): Promise<Array<TemplateView>> {
  return invoke("list_templates");
}
export const listTemplatesKey = () => ["list_templates"] as const;
export const listTemplatesQuery = () =>
  queryOptions({ queryKey: listTemplatesKey(), queryFn: () => listTemplates() });

/** `create_template`: Changes `templates`. */
export function createTemplate(name: string, source: TemplateSource): Promise<number> {
  return invoke("create_template", { name, source });
}
export const useCreateTemplate = (options?: ChangeOptions<{ name: string; source: TemplateSource }, number>) =>
  useChange<{ name: string; source: TemplateSource }, number>("create_template", (v) => createTemplate(v.name, v.source), options);

/** `rename_template`: Changes `templates`. */
export function renameTemplate(kind: TemplateKind, id: number, name: string): Promise<void> {
  return invoke("rename_template", { kind, id, name });
}
export const useRenameTemplate = (options?: ChangeOptions<{ kind: TemplateKind; id: number; name: string }, void>) =>
  useChange<{ kind: TemplateKind; id: number; name: string }, void>("rename_template", (v) => renameTemplate(v.kind, v.id, v.name), options);

/** `save_template_layout`: Changes `templates`. */
export function saveTemplateLayout(kind: TemplateKind, id: number, html: string, blocks: BlockLetter | null): Promise<void> {
  return invoke("save_template_layout", { kind, id, html, blocks });
}
export const useSaveTemplateLayout = (options?: ChangeOptions<{ kind: TemplateKind; id: number; html: string; blocks: BlockLetter | null }, void>) =>
  useChange<{ kind: TemplateKind; id: number; html: string; blocks: BlockLetter | null }, void>("save_template_layout", (v) => saveTemplateLayout(v.kind, v.id, v.html, v.blocks), options);

/** `delete_template`: Changes `templates`. */
export function deleteTemplate(kind: TemplateKind, id: number): Promise<void> {
  return invoke("delete_template", { kind, id });
}
export const useDeleteTemplate = (options?: ChangeOptions<{ kind: TemplateKind; id: number }, void>) =>
  useChange<{ kind: TemplateKind; id: number }, void>("delete_template", (v) => deleteTemplate(v.kind, v.id), options);

/** `campaign_from_template`: Changes `campaigns`. */
export function campaignFromTemplate(kind: TemplateKind, id: number, name: string, listId: number): Promise<number> {
  return invoke("campaign_from_template", { kind, id, name, listId });
}
export const useCampaignFromTemplate = (options?: ChangeOptions<{ kind: TemplateKind; id: number; name: string; listId: number }, number>) =>
  useChange<{ kind: TemplateKind; id: number; name: string; listId: number }, number>("campaign_from_template", (v) => campaignFromTemplate(v.kind, v.id, v.name, v.listId), options);

/** `send_message`: Changes `messages`, `account`. */
export function sendMessage(form: MessageForm): Promise<SentMessage> {
  return invoke("send_message", { form });
}
export const useSendMessage = (options?: ChangeOptions<{ form: MessageForm }, SentMessage>) =>
  useChange<{ form: MessageForm }, SentMessage>("send_message", (v) => sendMessage(v.form), options);

/** `message_log`: Reads `messages`. */
export function messageLog(recipient: string | null, outcome: MessageOutcome | null, start: number): Promise<MessageLog> {
  return invoke("message_log", { recipient, outcome, start });
}
export const messageLogKey = (recipient: string | null, outcome: MessageOutcome | null, start: number) => ["message_log", recipient, outcome, start] as const;
export const messageLogQuery = (recipient: string | null, outcome: MessageOutcome | null, start: number) =>
  queryOptions({ queryKey: messageLogKey(recipient, outcome, start), queryFn: () => messageLog(recipient, outcome, start) });

/** `message_now`: Reads `messages`. */
export function messageNow(transactionId: string): Promise<MessageRow> {
  return invoke("message_now", { transactionId });
}
export const messageNowKey = (transactionId: string) => ["message_now", transactionId] as const;
export const messageNowQuery = (transactionId: string) =>
  queryOptions({ queryKey: messageNowKey(transactionId), queryFn: () => messageNow(transactionId) });

/** `message_period`: Reads `messages`. */
export function messagePeriod(days: number, theme: ChartTheme, words: PeriodWords): Promise<MessagePeriod> {
  return invoke("message_period", { days, theme, words });
}
export const messagePeriodKey = (days: number, theme: ChartTheme, words: PeriodWords) => ["message_period", days, theme, words] as const;
export const messagePeriodQuery = (days: number, theme: ChartTheme, words: PeriodWords) =>
  queryOptions({ queryKey: messagePeriodKey(days, theme, words), queryFn: () => messagePeriod(days, theme, words) });

/** `pick_message_attachment`: Changes nothing the page caches. */
export function pickMessageAttachment(): Promise<AttachedFile | null> {
  return invoke("pick_message_attachment");
}
export const usePickMessageAttachment = (options?: ChangeOptions<void, AttachedFile | null>) =>
  useChange<void, AttachedFile | null>("pick_message_attachment", () => pickMessageAttachment(), options);

/** `inbound_overview`: Reads `inbound`. */
export function inboundOverview(): Promise<InboundOverview> {
  return invoke("inbound_overview");
}
export const inboundOverviewKey = () => ["inbound_overview"] as const;
export const inboundOverviewQuery = () =>
  queryOptions({ queryKey: inboundOverviewKey(), queryFn: () => inboundOverview() });

/** `inbound_routes`: Reads `routes`. */
export function inboundRoutes(): Promise<Array<RouteView>> {
  return invoke("inbound_routes");
}
export const inboundRoutesKey = () => ["inbound_routes"] as const;
export const inboundRoutesQuery = () =>
  queryOptions({ queryKey: inboundRoutesKey(), queryFn: () => inboundRoutes() });

/** `add_inbound_domain`: Changes `inbound`. */
export function addInboundDomain(domain: string): Promise<InboundDomainView> {
  return invoke("add_inbound_domain", { domain });
}
export const useAddInboundDomain = (options?: ChangeOptions<{ domain: string }, InboundDomainView>) =>
  useChange<{ domain: string }, InboundDomainView>("add_inbound_domain", (v) => addInboundDomain(v.domain), options);

/** `verify_inbound_domain`: Changes `inbound`. */
export function verifyInboundDomain(id: number): Promise<InboundDomainView> {
  return invoke("verify_inbound_domain", { id });
}
export const useVerifyInboundDomain = (options?: ChangeOptions<{ id: number }, InboundDomainView>) =>
  useChange<{ id: number }, InboundDomainView>("verify_inbound_domain", (v) => verifyInboundDomain(v.id), options);

/** `delete_inbound_domain`: Changes `inbound`. */
export function deleteInboundDomain(id: number): Promise<void> {
  return invoke("delete_inbound_domain", { id });
}
export const useDeleteInboundDomain = (options?: ChangeOptions<{ id: number }, void>) =>
  useChange<{ id: number }, void>("delete_inbound_domain", (v) => deleteInboundDomain(v.id), options);

/** `save_route`: Changes `routes`. */
export function saveRoute(id: number | null, form: RouteForm): Promise<RouteView> {
  return invoke("save_route", { id, form });
}
export const useSaveRoute = (options?: ChangeOptions<{ id: number | null; form: RouteForm }, RouteView>) =>
  useChange<{ id: number | null; form: RouteForm }, RouteView>("save_route", (v) => saveRoute(v.id, v.form), options);

/** `delete_route`: Changes `routes`. */
export function deleteRoute(id: number): Promise<void> {
  return invoke("delete_route", { id });
}
export const useDeleteRoute = (options?: ChangeOptions<{ id: number }, void>) =>
  useChange<{ id: number }, void>("delete_route", (v) => deleteRoute(v.id), options);

/** `reorder_routes`: Changes `routes`; the page writes its answer into them in place. */
export function reorderRoutes(order: Array<number>): Promise<Array<RouteView>> {
  return invoke("reorder_routes", { order });
}
export const useReorderRoutes = (options?: ChangeOptions<{ order: Array<number> }, Array<RouteView>>) =>
  useChange<{ order: Array<number> }, Array<RouteView>>("reorder_routes", (v) => reorderRoutes(v.order), options);

/** `rekey_route`: Changes nothing the page caches. */
export function rekeyRoute(id: number): Promise<string> {
  return invoke("rekey_route", { id });
}
export const useRekeyRoute = (options?: ChangeOptions<{ id: number }, string>) =>
  useChange<{ id: number }, string>("rekey_route", (v) => rekeyRoute(v.id), options);

/** `route_pattern_compiles`: Reads nothing a change drops. */
export function routePatternCompiles(pattern: string): Promise<boolean> {
  return invoke("route_pattern_compiles", { pattern });
}
export const routePatternCompilesKey = (pattern: string) => ["route_pattern_compiles", pattern] as const;
export const routePatternCompilesQuery = (pattern: string) =>
  queryOptions({ queryKey: routePatternCompilesKey(pattern), queryFn: () => routePatternCompiles(pattern) });

/** `save_inbound_settings`: Changes `inbound`. */
export function saveInboundSettings(settings: InboundSettingsView): Promise<InboundSettingsView> {
  return invoke("save_inbound_settings", { settings });
}
export const useSaveInboundSettings = (options?: ChangeOptions<{ settings: InboundSettingsView }, InboundSettingsView>) =>
  useChange<{ settings: InboundSettingsView }, InboundSettingsView>("save_inbound_settings", (v) => saveInboundSettings(v.settings), options);

/** `stored_messages`: Reads `stored`. */
export function storedMessages(start: number): Promise<StoredMessagesPage> {
  return invoke("stored_messages", { start });
}
export const storedMessagesKey = (start: number) => ["stored_messages", start] as const;
export const storedMessagesQuery = (start: number) =>
  queryOptions({ queryKey: storedMessagesKey(start), queryFn: () => storedMessages(start) });

/** `stored_message`: Reads `stored`. */
export function storedMessage(id: number): Promise<StoredMessageView> {
  return invoke("stored_message", { id });
}
export const storedMessageKey = (id: number) => ["stored_message", id] as const;
export const storedMessageQuery = (id: number) =>
  queryOptions({ queryKey: storedMessageKey(id), queryFn: () => storedMessage(id) });

/** `save_stored_file`: Changes nothing the page caches. */
export function saveStoredFile(messageId: number, fileId: number, filename: string): Promise<number | null> {
  return invoke("save_stored_file", { messageId, fileId, filename });
}
export const useSaveStoredFile = (options?: ChangeOptions<{ messageId: number; fileId: number; filename: string }, number | null>) =>
  useChange<{ messageId: number; fileId: number; filename: string }, number | null>("save_stored_file", (v) => saveStoredFile(v.messageId, v.fileId, v.filename), options);

/** `delete_stored_message`: Changes `stored`. */
export function deleteStoredMessage(id: number): Promise<void> {
  return invoke("delete_stored_message", { id });
}
export const useDeleteStoredMessage = (options?: ChangeOptions<{ id: number }, void>) =>
  useChange<{ id: number }, void>("delete_stored_message", (v) => deleteStoredMessage(v.id), options);

/** `route_deliveries`: Reads `stored`. */
export function routeDeliveries(start: number): Promise<DeliveriesPage> {
  return invoke("route_deliveries", { start });
}
export const routeDeliveriesKey = (start: number) => ["route_deliveries", start] as const;
export const routeDeliveriesQuery = (start: number) =>
  queryOptions({ queryKey: routeDeliveriesKey(start), queryFn: () => routeDeliveries(start) });

/** `route_delivery`: Reads `stored`. */
export function routeDelivery(id: number): Promise<DeliveryRow> {
  return invoke("route_delivery", { id });
}
export const routeDeliveryKey = (id: number) => ["route_delivery", id] as const;
export const routeDeliveryQuery = (id: number) =>
  queryOptions({ queryKey: routeDeliveryKey(id), queryFn: () => routeDelivery(id) });

/** `watch_links`: Changes nothing the page caches. */
export function watchLinks(onLink: Channel<LinkView>): Promise<void> {
  return invoke("watch_links", { onLink });
}
export const useWatchLinks = (options?: ChangeOptions<{ onLink: Channel<LinkView> }, void>) =>
  useChange<{ onLink: Channel<LinkView> }, void>("watch_links", (v) => watchLinks(v.onLink), options);

/** `open_link`: Changes nothing the page caches. */
export function openLink(url: string): Promise<void> {
  return invoke("open_link", { url });
}
export const useOpenLink = (options?: ChangeOptions<{ url: string }, void>) =>
  useChange<{ url: string }, void>("open_link", (v) => openLink(v.url), options);

/** `cancel_work`: Changes nothing the page caches. */
export function cancelWork(taskId: string): Promise<void> {
  return invoke("cancel_work", { taskId });
}
export const useCancelWork = (options?: ChangeOptions<{ taskId: string }, void>) =>
  useChange<{ taskId: string }, void>("cancel_work", (v) => cancelWork(v.taskId), options);

/** `open_log_folder`: Changes nothing the page caches. */
export function openLogFolder(): Promise<void> {
  return invoke("open_log_folder");
}
export const useOpenLogFolder = (options?: ChangeOptions<void, void>) =>
  useChange<void, void>("open_log_folder", () => openLogFolder(), options);

/** `copy_diagnostics`: Changes nothing the page caches. */
export function copyDiagnostics(): Promise<void> {
  return invoke("copy_diagnostics");
}
export const useCopyDiagnostics = (options?: ChangeOptions<void, void>) =>
  useChange<void, void>("copy_diagnostics", () => copyDiagnostics(), options);

/** `copy_error_report`: Changes nothing the page caches. */
export function copyErrorReport(details: string): Promise<void> {
  return invoke("copy_error_report", { details });
}
export const useCopyErrorReport = (options?: ChangeOptions<{ details: string }, void>) =>
  useChange<{ details: string }, void>("copy_error_report", (v) => copyErrorReport(v.details), options);

/** `last_crash`: Reads `crashes`. */
export function lastCrash(): Promise<CrashOffer | null> {
  return invoke("last_crash");
}
export const lastCrashKey = () => ["last_crash"] as const;
export const lastCrashQuery = () =>
  queryOptions({ queryKey: lastCrashKey(), queryFn: () => lastCrash() });

/** `dismiss_crash`: Changes `crashes`. */
export function dismissCrash(): Promise<void> {
  return invoke("dismiss_crash");
}
export const useDismissCrash = (options?: ChangeOptions<void, void>) =>
  useChange<void, void>("dismiss_crash", () => dismissCrash(), options);

/** `copy_crash_report`: Changes nothing the page caches. */
export function copyCrashReport(): Promise<void> {
  return invoke("copy_crash_report");
}
export const useCopyCrashReport = (options?: ChangeOptions<void, void>) =>
  useChange<void, void>("copy_crash_report", () => copyCrashReport(), options);

/** `watch_close`: Changes nothing the page caches. */
export function watchClose(onClose: Channel<UnderWay>): Promise<void> {
  return invoke("watch_close", { onClose });
}
export const useWatchClose = (options?: ChangeOptions<{ onClose: Channel<UnderWay> }, void>) =>
  useChange<{ onClose: Channel<UnderWay> }, void>("watch_close", (v) => watchClose(v.onClose), options);

/** `hold_close`: Changes nothing the page caches. */
export function holdClose(pending: number): Promise<void> {
  return invoke("hold_close", { pending });
}
export const useHoldClose = (options?: ChangeOptions<{ pending: number }, void>) =>
  useChange<{ pending: number }, void>("hold_close", (v) => holdClose(v.pending), options);

/** `close_window`: Changes nothing the page caches. */
export function closeWindow(): Promise<void> {
  return invoke("close_window");
}
export const useCloseWindow = (options?: ChangeOptions<void, void>) =>
  useChange<void, void>("close_window", () => closeWindow(), options);

/** `watch_arrivals`: Changes nothing the page caches. */
export function watchArrivals(onArrival: Channel<Arrival>): Promise<void> {
  return invoke("watch_arrivals", { onArrival });
}
export const useWatchArrivals = (options?: ChangeOptions<{ onArrival: Channel<Arrival> }, void>) =>
  useChange<{ onArrival: Channel<Arrival> }, void>("watch_arrivals", (v) => watchArrivals(v.onArrival), options);

/** `set_language`: Changes nothing the page caches. */
export function setLanguage(language: Language): Promise<void> {
  return invoke("set_language", { language });
}
export const useSetLanguage = (options?: ChangeOptions<{ language: Language }, void>) =>
  useChange<{ language: Language }, void>("set_language", (v) => setLanguage(v.language), options);

/** `check_for_updates`: Changes nothing the page caches. */
export function checkForUpdates(): Promise<UpdateCheck> {
  return invoke("check_for_updates");
}
export const useCheckForUpdates = (options?: ChangeOptions<void, UpdateCheck>) =>
  useChange<void, UpdateCheck>("check_for_updates", () => checkForUpdates(), options);

/** `install_update`: Changes nothing the page caches. */
export function installUpdate(onProgress: Channel<UpdateProgress>): Promise<void> {
  return invoke("install_update", { onProgress });
}
export const useInstallUpdate = (options?: ChangeOptions<{ onProgress: Channel<UpdateProgress> }, void>) =>
  useChange<{ onProgress: Channel<UpdateProgress> }, void>("install_update", (v) => installUpdate(v.onProgress), options);

/** `restart_app`: Changes nothing the page caches. */
export function restartApp(): Promise<void> {
  return invoke("restart_app");
}
export const useRestartApp = (options?: ChangeOptions<void, void>) =>
  useChange<void, void>("restart_app", () => restartApp(), options);
