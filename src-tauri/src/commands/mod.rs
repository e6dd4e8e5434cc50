//! Every command the UI may call, in one table. The table produces the
//! Tauri handler, a compile-time check that each command has the signature
//! listed, and (in tests) the TypeScript bindings in `ui/src/ipc/`.

mod accounts;
mod lists;

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
                ) -> impl std::future::Future<Output = Result<$ret, desk::UiError>> + 'a {
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
            crate::bindings::export::<desk::UiError>(cfg)?;
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
    accounts::add_account(input: desk::accounts::NewAccount) -> desk::accounts::Account;
    accounts::update_account(input: desk::accounts::AccountChanges) -> desk::accounts::Account;
    accounts::remove_account(input: String) -> ();
    accounts::open_account(input: String) -> desk::desk::Workspace;
    lists::list_lists() -> Vec<api::lists::List>;
    lists::create_list(input: String) -> i64;
    lists::rename_list(input: desk::lists::Rename) -> ();
    lists::delete_list(input: i64) -> ();
    lists::list_members(input: desk::lists::MembersQuery) -> desk::lists::MembersPage;
}
