//! What can go wrong with the accounts that nowhere else can, as codes with
//! their parameters; the page's accounts screen says them in its words.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum AccountsFailure {
    /// The address moved to another host: its key must be entered again.
    KeyNeededForNewAddress,
    /// The account's id in `accounts.json` cannot name a folder (the file
    /// was edited by hand: `../x`, `a/b`); that account is not opened.
    IdRefused,
    /// The demo workspace cannot be changed or removed.
    DemoReadOnly,
}

impl crate::error::AreaFailure for AccountsFailure {
    const AREA: &'static str = "accounts";
}
