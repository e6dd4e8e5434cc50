// Generated from the command table in src-tauri/src/commands/mod.rs; do not edit.
// UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings rewrites it.
import { invoke } from "@tauri-apps/api/core";
import type { AccountView } from "./bindings/AccountView";
import type { AccountsView } from "./bindings/AccountsView";
import type { KeyInput } from "./bindings/KeyInput";
import type { ListDetail } from "./bindings/ListDetail";
import type { ListSummary } from "./bindings/ListSummary";
import type { SubscriberPage } from "./bindings/SubscriberPage";
import type { SubscriberQuery } from "./bindings/SubscriberQuery";
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

export function cancelWork(taskId: string): Promise<void> {
  return invoke("cancel_work", { taskId });
}
