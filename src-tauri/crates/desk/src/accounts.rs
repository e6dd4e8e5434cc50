//! Accounts: a name and a base address, kept in a JSON file in the app's
//! data directory. The API key is never in that file; it lives in the OS
//! keyring under the account's id (see [`crate::secrets`]).

use crate::explain::UiError;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const DEMO_ID: &str = "demo";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Account {
    pub id: String,
    pub name: String,
    pub base_url: String,
    /// The built-in demo workspace, served by the sandbox on this computer.
    #[serde(default)]
    pub demo: bool,
}

impl Account {
    pub fn demo() -> Self {
        Account {
            id: DEMO_ID.into(),
            name: "Demo workspace".into(),
            base_url: "Sandbox on this computer".into(),
            demo: true,
        }
    }
}

/// What the account screen shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountsView {
    /// The demo workspace first, then the user's accounts in the order added.
    pub accounts: Vec<Account>,
    /// The account opened last, to reopen at start.
    pub last_opened: Option<String>,
}

/// A new account as typed in the form.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NewAccount {
    pub name: String,
    pub base_url: String,
    pub api_key: String,
}

/// Changes to an account; an empty or absent key keeps the stored one.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountChanges {
    pub id: String,
    pub name: String,
    pub base_url: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub api_key: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Stored {
    accounts: Vec<Account>,
    #[serde(default)]
    last_opened: Option<String>,
}

/// The accounts file.
#[derive(Debug, Clone)]
pub struct AccountFile {
    path: PathBuf,
}

impl AccountFile {
    pub fn new(data_dir: &Path) -> Self {
        AccountFile { path: data_dir.join("accounts.json") }
    }

    fn read(&self) -> Result<Stored, UiError> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Stored::default()),
            Err(e) => return Err(file_error(&self.path, "read", &e.to_string())),
        };
        serde_json::from_str(&text).map_err(|e| file_error(&self.path, "read", &e.to_string()))
    }

    /// Writes through a temporary file, so a crash never leaves half a file.
    fn write(&self, stored: &Stored) -> Result<(), UiError> {
        let text = serde_json::to_string_pretty(stored).map_err(|e| UiError::internal(e.to_string()))?;
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| file_error(&self.path, "write", &e.to_string()))?;
        }
        let temp = self.path.with_extension("json.tmp");
        std::fs::write(&temp, text)
            .and_then(|_| std::fs::rename(&temp, &self.path))
            .map_err(|e| file_error(&self.path, "write", &e.to_string()))
    }

    pub fn view(&self) -> Result<AccountsView, UiError> {
        let stored = self.read()?;
        let mut accounts = vec![Account::demo()];
        accounts.extend(stored.accounts);
        Ok(AccountsView { accounts, last_opened: stored.last_opened })
    }

    pub fn find(&self, id: &str) -> Result<Account, UiError> {
        if id == DEMO_ID {
            return Ok(Account::demo());
        }
        self.read()?.accounts.into_iter().find(|a| a.id == id).ok_or_else(|| {
            UiError::input("That account is not in Campaign Desk any more.", "Choose another account or add it again.")
        })
    }

    pub fn insert(&self, account: Account) -> Result<(), UiError> {
        let mut stored = self.read()?;
        stored.accounts.push(account);
        self.write(&stored)
    }

    pub fn replace(&self, account: Account) -> Result<(), UiError> {
        let mut stored = self.read()?;
        for slot in stored.accounts.iter_mut().filter(|a| a.id == account.id) {
            *slot = account.clone();
        }
        self.write(&stored)
    }

    pub fn remove(&self, id: &str) -> Result<(), UiError> {
        let mut stored = self.read()?;
        stored.accounts.retain(|a| a.id != id);
        if stored.last_opened.as_deref() == Some(id) {
            stored.last_opened = None;
        }
        self.write(&stored)
    }

    pub fn remember_opened(&self, id: &str) -> Result<(), UiError> {
        let mut stored = self.read()?;
        stored.last_opened = Some(id.to_string());
        self.write(&stored)
    }
}

fn file_error(path: &Path, verb: &str, detail: &str) -> UiError {
    UiError::internal(format!("Could not {verb} the accounts file {} ({detail}).", path.display()))
}

/// A fresh account id: time and randomness, no personal data.
pub fn new_id() -> String {
    let millis =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or_default();
    format!("acct-{millis:x}-{:08x}", fastrand::u32(..))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("desk-accounts-{name}-{}", fastrand::u64(..)));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn accounts_round_trip_and_the_demo_comes_first() {
        let file = AccountFile::new(&temp_dir("round"));
        assert_eq!(file.view().unwrap().accounts, vec![Account::demo()]);
        let a =
            Account { id: new_id(), name: "Shop".into(), base_url: "https://api.example.com/v2".into(), demo: false };
        file.insert(a.clone()).unwrap();
        file.remember_opened(&a.id).unwrap();
        let view = file.view().unwrap();
        assert_eq!(view.accounts, vec![Account::demo(), a.clone()]);
        assert_eq!(view.last_opened.as_deref(), Some(a.id.as_str()));
        file.replace(Account { name: "Shop EU".into(), ..a.clone() }).unwrap();
        assert_eq!(file.find(&a.id).unwrap().name, "Shop EU");
        file.remove(&a.id).unwrap();
        assert!(file.find(&a.id).is_err());
        assert_eq!(file.view().unwrap().last_opened, None);
    }

    #[test]
    fn a_damaged_file_is_reported_not_overwritten() {
        let dir = temp_dir("damaged");
        std::fs::write(dir.join("accounts.json"), "{not json").unwrap();
        let err = AccountFile::new(&dir).view().unwrap_err();
        assert!(err.message.contains("accounts file"), "{}", err.message);
        assert_eq!(std::fs::read_to_string(dir.join("accounts.json")).unwrap(), "{not json");
    }
}
