//! Accounts: a name and a base address in `accounts.json` ([`file`]), the
//! API key in the OS keyring under the account's id ([`crate::secrets`]).
//! A key belongs to its host: moving an account to another host asks for
//! the key again, so a key is never sent where it was not given.

mod commands;
mod failures;

pub use commands::AREA;

pub(crate) mod file;
pub(crate) mod records;

use crate::command::Cx;
use crate::desk::Desk;
use crate::error::{failed, DeskError, Result};
use crate::secrets::KeyInput;
use api::{ApiKey, Client};

pub use failures::AccountsFailure;
pub use file::{AccountFile, SetAside};
pub(crate) use records::{address, origin_of};
pub use records::{new_id, Account, AccountView, AccountsView, Action, Field, DEMO_ID};

const MAX_NAME: usize = 100;

fn account_name(name: &str) -> Result<String> {
    crate::form::name(name, Field::AccountName, MAX_NAME)
}

/// A key as typed; an empty one is no key.
fn typed_key(key: Option<KeyInput>) -> Option<ApiKey> {
    key.map(|k| k.0).filter(|k| !k.is_empty())
}

/// Connects with the key and reads the balance: the proof that both work.
async fn check_connection(base_url: &str, key: &ApiKey) -> Result<api::account::Balance> {
    let client = Client::new(base_url, key.clone()).map_err(failed(Action::ConnectAccount))?;
    api::account::balance(&client).await.map_err(failed(Action::ConnectAccount))
}

// The desk reads and writes these itself as it opens an account
// (`desk.rs`), so they stay its own.
impl Desk {
    pub fn accounts(&self) -> Result<AccountsView> {
        let (stored, aside) = self.account_file().read()?;
        let mut accounts: Vec<AccountView> = Vec::new();
        if cfg!(feature = "demo") {
            accounts.push(AccountView::demo());
        }
        accounts.extend(stored.accounts.into_iter().map(AccountView::from));
        Ok(AccountsView {
            accounts,
            last_opened: stored.last_opened,
            damaged_file_moved_to: aside.map(|a| a.path.display().to_string()),
        })
    }

    pub(crate) fn find_account(&self, id: &str) -> Result<Account> {
        let (stored, _) = self.account_file().read()?;
        stored.accounts.into_iter().find(|a| a.id == id).ok_or(DeskError::AccountMissing)
    }

    pub(crate) fn remember_opened(&self, id: &str) -> Result<()> {
        self.account_file().update(|s| {
            s.last_opened = Some(id.to_string());
            Ok(())
        })
    }
}

/// Checks the connection with the key, then stores the key in the
/// keyring and the rest in the accounts file. Nothing is saved when any
/// step fails.
pub async fn add_account(cx: &Cx<'_>, name: &str, base_url: &str, api_key: KeyInput) -> Result<AccountView> {
    let desk = cx.desk();
    let name = account_name(name)?;
    address(base_url)?;
    let key = typed_key(Some(api_key)).ok_or(DeskError::Required { field: Field::ApiKey.into() })?;
    let account = Account { id: new_id(), name, base_url: base_url.trim().into() };
    let balance = check_connection(&account.base_url, &key).await?;
    desk.secrets().store(&account.id, &origin_of(&account.base_url)?, &key).await?;
    let saved = desk.account_file().update(|s| {
        s.accounts.push(account.clone());
        Ok(())
    });
    if let Err(err) = saved {
        let _ = desk.secrets().forget(&account.id).await;
        return Err(err);
    }
    desk.note_checked(&account.id, balance);
    Ok(account.into())
}

/// Saves a changed name, address or key. A new key, or a new address
/// with the stored key, is checked against the service first; the stored
/// key goes only to the server it was entered for, so an address on
/// another host needs the key typed again.
pub async fn update_account(
    cx: &Cx<'_>,
    id: &str,
    name: &str,
    base_url: &str,
    api_key: Option<KeyInput>,
) -> Result<AccountView> {
    if id == DEMO_ID {
        return Err(DeskError::in_area(AccountsFailure::DemoReadOnly));
    }
    let desk = cx.desk();
    let old = desk.find_account(id)?;
    let account = Account { name: account_name(name)?, base_url: base_url.trim().into(), ..old.clone() };
    let origin = origin_of(&account.base_url)?;
    match typed_key(api_key) {
        Some(key) => {
            check_connection(&account.base_url, &key).await?;
            desk.secrets().store(&account.id, &origin, &key).await?;
        }
        None if account.base_url != old.base_url => {
            let key = desk.secrets().load(&account.id, &origin).await.map_err(|err| match err {
                DeskError::KeyNotForThisAddress => DeskError::in_area(AccountsFailure::KeyNeededForNewAddress),
                err => err,
            })?;
            check_connection(&account.base_url, &key).await?;
        }
        None => {}
    }
    desk.account_file().update(|s| {
        for slot in s.accounts.iter_mut().filter(|a| a.id == account.id) {
            *slot = account.clone();
        }
        Ok(())
    })?;
    desk.close_if_open(id).await;
    Ok(account.into())
}

pub async fn remove_account(cx: &Cx<'_>, id: &str) -> Result<()> {
    if id == DEMO_ID {
        return Err(DeskError::in_area(AccountsFailure::DemoReadOnly));
    }
    let desk = cx.desk();
    desk.find_account(id)?;
    desk.secrets().forget(id).await?;
    desk.account_file().update(|s| {
        s.accounts.retain(|a| a.id != id);
        if s.last_opened.as_deref() == Some(id) {
            s.last_opened = None;
        }
        Ok(())
    })?;
    desk.close_if_open(id).await;
    desk.forget_learnt(id);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_names_are_bounded_at_100() {
        assert_eq!(account_name("  Shop ").unwrap(), "Shop");
        assert!(matches!(account_name(&"x".repeat(101)), Err(DeskError::TooLong { max: 100, .. })));
    }

    #[test]
    fn a_damaged_accounts_file_never_blocks_the_demo() {
        let temp = tempfile::Builder::new().prefix("desk-damaged-view-").tempdir().unwrap();
        let dir = temp.path();
        std::fs::write(dir.join("accounts.json"), "\u{0}garbage").unwrap();
        let desk = Desk::new(dir.into(), crate::secrets::Secrets::with_service("unused"));
        let view = desk.accounts().expect("the damaged file is no error");
        assert_eq!(view.accounts, vec![AccountView::demo()]);
        let moved = view.damaged_file_moved_to.expect("the user is told where it went");
        assert!(std::fs::read_to_string(moved).unwrap().contains("garbage"));
        desk.reopen_at_start(DEMO_ID).expect("and the demo can still be chosen");
        assert_eq!(desk.accounts().unwrap().last_opened.as_deref(), Some(DEMO_ID));
    }

    #[tokio::test]
    async fn the_demo_is_neither_changed_nor_removed() {
        let temp = tempfile::Builder::new().prefix("desk-demo-read-only-").tempdir().unwrap();
        let desk = Desk::new(temp.path().into(), crate::secrets::Secrets::with_service("unused"));
        let cx = Cx::new(&desk, &crate::command::Unheard);
        let read_only = DeskError::in_area(AccountsFailure::DemoReadOnly);
        let changed = update_account(&cx, DEMO_ID, "Demo", "https://elsewhere.example", None).await;
        assert_eq!(changed.unwrap_err(), read_only);
        assert_eq!(remove_account(&cx, DEMO_ID).await.unwrap_err(), read_only);
    }

    #[test]
    fn an_empty_key_counts_as_none() {
        let empty: KeyInput = serde_json::from_str("\"  \"").unwrap();
        assert!(typed_key(Some(empty)).is_none());
    }
}
