//! The desk: accounts, the open session and the demo workspace, behind one
//! object that the Tauri commands call.

use crate::accounts::{new_id, Account, AccountChanges, AccountFile, AccountsView, NewAccount, DEMO_ID};
use crate::demo::{self, DemoWorkspace};
use crate::explain::UiError;
use crate::secrets::Secrets;
use api::account::Balance;
use api::{ApiKey, Client};
use serde::Serialize;
use std::path::PathBuf;
use tokio::sync::{Mutex, RwLock};

/// An open account: what the app shell shows in its header.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Workspace {
    pub account: Account,
    pub balance: Balance,
}

struct Session {
    account: Account,
    client: Client,
}

pub struct Desk {
    data_dir: PathBuf,
    accounts: AccountFile,
    secrets: Secrets,
    session: RwLock<Option<Session>>,
    demo: Mutex<Option<DemoWorkspace>>,
}

impl Desk {
    pub fn new(data_dir: PathBuf, secrets: Secrets) -> Self {
        Desk {
            accounts: AccountFile::new(&data_dir),
            data_dir,
            secrets,
            session: RwLock::new(None),
            demo: Mutex::new(None),
        }
    }

    pub fn accounts(&self) -> Result<AccountsView, UiError> {
        self.accounts.view()
    }

    /// Checks the connection with the key, then stores the key in the
    /// keyring and the rest in the accounts file. Nothing is saved when any
    /// step fails.
    pub async fn add_account(&self, input: NewAccount) -> Result<Account, UiError> {
        let account = Account {
            id: new_id(),
            name: account_name(&input.name)?,
            base_url: input.base_url.trim().into(),
            demo: false,
        };
        let key = api_key(&input.api_key)?;
        check_connection(&account.base_url, &key).await?;
        self.secrets.store(&account.id, &key).await?;
        if let Err(err) = self.accounts.insert(account.clone()) {
            let _ = self.secrets.forget(&account.id).await;
            return Err(err);
        }
        Ok(account)
    }

    /// Saves a changed name, address or key; a new address or key is
    /// checked against the service first.
    pub async fn update_account(&self, input: AccountChanges) -> Result<Account, UiError> {
        let old = self.accounts.find(&input.id)?;
        if old.demo {
            return Err(UiError::input("The demo workspace cannot be changed.", "Add an account of your own instead."));
        }
        let account =
            Account { name: account_name(&input.name)?, base_url: input.base_url.trim().into(), ..old.clone() };
        let new_key = match input.api_key.as_deref().map(str::trim) {
            Some(k) if !k.is_empty() => Some(api_key(k)?),
            _ => None,
        };
        if new_key.is_some() || account.base_url != old.base_url {
            let key = match &new_key {
                Some(k) => k.clone(),
                None => self.secrets.load(&account.id).await?,
            };
            check_connection(&account.base_url, &key).await?;
        }
        if let Some(key) = &new_key {
            self.secrets.store(&account.id, key).await?;
        }
        self.accounts.replace(account.clone())?;
        let mut session = self.session.write().await;
        if session.as_ref().is_some_and(|s| s.account.id == account.id) {
            *session = None;
        }
        Ok(account)
    }

    pub async fn remove_account(&self, id: &str) -> Result<(), UiError> {
        let account = self.accounts.find(id)?;
        if account.demo {
            return Err(UiError::input(
                "The demo workspace cannot be removed.",
                "It stays available for trying things out.",
            ));
        }
        self.secrets.forget(id).await?;
        self.accounts.remove(id)?;
        let mut session = self.session.write().await;
        if session.as_ref().is_some_and(|s| s.account.id == id) {
            *session = None;
        }
        Ok(())
    }

    /// Opens an account (starting the demo sandbox when needed) and makes it
    /// the one every later command works on.
    pub async fn open_account(&self, id: &str) -> Result<Workspace, UiError> {
        let account = self.accounts.find(id)?;
        let client = if id == DEMO_ID {
            self.demo_client().await?
        } else {
            let key = self.secrets.load(id).await?;
            Client::new(&account.base_url, key).map_err(|e| UiError::from_api(&e, "open the account"))?
        };
        let balance = api::account::balance(&client)
            .await
            .map_err(|e| UiError::from_api(&e, &format!("open “{}”", account.name)))?;
        self.accounts.remember_opened(id)?;
        *self.session.write().await = Some(Session { account: account.clone(), client });
        Ok(Workspace { account, balance })
    }

    async fn demo_client(&self) -> Result<Client, UiError> {
        let mut demo = self.demo.lock().await;
        if demo.is_none() {
            *demo = Some(demo::start(&self.data_dir).await?);
        }
        Ok(demo.as_ref().map(|d| d.client.clone()).expect("started above"))
    }

    /// Makes the UI open this account when it starts.
    pub fn reopen_at_start(&self, id: &str) -> Result<(), UiError> {
        self.accounts.find(id)?;
        self.accounts.remember_opened(id)
    }

    /// The open account's client.
    pub async fn client(&self) -> Result<Client, UiError> {
        self.session
            .read()
            .await
            .as_ref()
            .map(|s| s.client.clone())
            .ok_or_else(|| UiError::input("No account is open.", "Choose an account or the demo workspace first."))
    }
}

fn account_name(name: &str) -> Result<String, UiError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(UiError::input("The account needs a name.", "Type a name you will recognise, such as “Shop EU”."));
    }
    Ok(name.to_string())
}

fn api_key(key: &str) -> Result<ApiKey, UiError> {
    let key = ApiKey::new(key);
    if key.expose().is_empty() {
        return Err(UiError::input(
            "The API key is empty.",
            "Paste the key from the service's account area (API and integrations).",
        ));
    }
    Ok(key)
}

async fn check_connection(base_url: &str, key: &ApiKey) -> Result<Balance, UiError> {
    let client = Client::new(base_url, key.clone()).map_err(|e| UiError::from_api(&e, "connect to the account"))?;
    api::account::balance(&client).await.map_err(|e| UiError::from_api(&e, "connect to the account"))
}
