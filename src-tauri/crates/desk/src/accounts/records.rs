//! What the app knows of an account without its key: its record, how the
//! accounts screen shows it, and its id as a folder name. The desk opens
//! accounts from these; the accounts area changes them.

use super::failures::AccountsFailure;
use crate::error::{failed, DeskError, Result};
use api::address::ServiceAddress;
use serde::{Deserialize, Serialize};

crate::codes! {
    /// What the user was doing in the accounts, when something failed.
    pub enum Action: Action { ConnectAccount, ReadAccounts, SaveAccounts }
    /// A field of the accounts' forms, named when its value is refused.
    pub enum Field: FormField { AccountName, BaseUrl, ApiKey }
}

pub const DEMO_ID: &str = "demo";

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Account {
    pub id: String,
    pub name: String,
    pub base_url: String,
}

/// An account as the accounts screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: String,
    /// Empty for the demo workspace, whose name the UI gives in its language.
    pub name: String,
    /// `None` for the demo workspace, served on this computer.
    pub base_url: Option<String>,
    pub demo: bool,
}

impl AccountView {
    pub fn demo() -> Self {
        AccountView { id: DEMO_ID.into(), name: String::new(), base_url: None, demo: true }
    }
}

impl From<Account> for AccountView {
    fn from(a: Account) -> Self {
        AccountView { id: a.id, name: a.name, base_url: Some(a.base_url), demo: false }
    }
}

/// What the accounts screen shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AccountsView {
    /// The demo workspace first (when built in), then the user's accounts in
    /// the order added.
    pub accounts: Vec<AccountView>,
    /// The account opened last, to reopen at start.
    pub last_opened: Option<String>,
    /// Where a damaged accounts file was moved, when it just was.
    pub damaged_file_moved_to: Option<String>,
}

/// A fresh account id: time and randomness, no personal data.
pub fn new_id() -> String {
    let millis =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or_default();
    format!("acct-{millis:x}-{:08x}", fastrand::u32(..))
}

/// The id as a folder name: only what [`new_id`] makes (and the demo's),
/// so a hand-edited `accounts.json` (`../x`, `a/b`, `C:`) can never point
/// the account's files outside the data directory.
pub(crate) fn folder_safe_id(id: &str) -> Result<&str> {
    let safe = (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    safe.then_some(id).ok_or_else(|| DeskError::in_area(AccountsFailure::IdRefused))
}

pub(crate) fn address(base_url: &str) -> Result<ServiceAddress> {
    ServiceAddress::parse(base_url).map_err(failed(Action::ConnectAccount))
}

/// The origin a key is bound to for this address.
pub(crate) fn origin_of(base_url: &str) -> Result<String> {
    address(base_url).map(|a| a.origin())
}
