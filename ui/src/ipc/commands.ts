// Generated from the command table in src-tauri/src/commands/mod.rs; do not edit.
// UPDATE_BINDINGS=1 cargo test -p campaign-desk bindings rewrites it.
import { invoke } from "@tauri-apps/api/core";
import type { Account } from "./bindings/Account";
import type { AccountChanges } from "./bindings/AccountChanges";
import type { AccountsView } from "./bindings/AccountsView";
import type { List } from "./bindings/List";
import type { MembersPage } from "./bindings/MembersPage";
import type { MembersQuery } from "./bindings/MembersQuery";
import type { NewAccount } from "./bindings/NewAccount";
import type { Rename } from "./bindings/Rename";
import type { Workspace } from "./bindings/Workspace";

export function listAccounts(): Promise<AccountsView> {
  return invoke("list_accounts");
}

export function addAccount(input: NewAccount): Promise<Account> {
  return invoke("add_account", { input });
}

export function updateAccount(input: AccountChanges): Promise<Account> {
  return invoke("update_account", { input });
}

export function removeAccount(input: string): Promise<void> {
  return invoke("remove_account", { input });
}

export function openAccount(input: string): Promise<Workspace> {
  return invoke("open_account", { input });
}

export function listLists(): Promise<Array<List>> {
  return invoke("list_lists");
}

export function createList(input: string): Promise<number> {
  return invoke("create_list", { input });
}

export function renameList(input: Rename): Promise<void> {
  return invoke("rename_list", { input });
}

export function deleteList(input: number): Promise<void> {
  return invoke("delete_list", { input });
}

export function listMembers(input: MembersQuery): Promise<MembersPage> {
  return invoke("list_members", { input });
}
