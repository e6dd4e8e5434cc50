//! The accounts' commands: the accounts file, the keyring and the open session.

crate::commands! {
    read list_accounts() -> crate::accounts::AccountsView [Accounts]
        => |cx| cx.desk().accounts();
    change add_account(name: String, base_url: String, api_key: crate::secrets::KeyInput) -> crate::accounts::AccountView [Accounts]
        => |cx| crate::accounts::add_account(cx, &name, &base_url, api_key).await;
    change update_account(id: String, name: String, base_url: String, api_key: Option<crate::secrets::KeyInput>) -> crate::accounts::AccountView [Accounts, Workspace]
        => |cx| crate::accounts::update_account(cx, &id, &name, &base_url, api_key).await;
    change remove_account(id: String) -> () [Accounts, Workspace]
        => |cx| crate::accounts::remove_account(cx, &id).await;
    change reopen_last() -> Option<crate::desk::WorkspaceView> []
        => |cx| cx.desk().reopen_last().await;
    change open_account(id: String) -> crate::desk::WorkspaceView [Workspace]
        => |cx| cx.desk().open_account(&id).await;
    change reset_demo() -> crate::desk::WorkspaceView [Workspace]
        => |cx| cx.desk().reset_demo().await;
}

/// The accounts area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "accounts",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::failures!(super::AccountsFailure),
};
