//! `accounts.json`: names and addresses, never keys. Every change is a
//! read-modify-write under an exclusive lock (two windows or a second
//! process never interleave), written to a temporary file, fsynced and
//! renamed over the old one, so a crash leaves the old file or the new one,
//! never half of either. A file that cannot be read is set aside under a
//! new name and the app starts from an empty one; the demo always opens.

use super::records::Account;
use super::records::Action;
use crate::error::{DeskError, Result};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::path::{Path, PathBuf};

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Stored {
    pub accounts: Vec<Account>,
    #[serde(default)]
    pub last_opened: Option<String>,
}

/// The accounts file of one data directory.
#[derive(Debug, Clone)]
pub struct AccountFile {
    path: PathBuf,
}

/// What became of a damaged file.
#[derive(Debug, Clone, PartialEq)]
pub struct SetAside {
    pub path: PathBuf,
}

impl AccountFile {
    pub fn new(data_dir: &Path) -> Self {
        AccountFile { path: data_dir.join("accounts.json") }
    }

    fn storage_error(&self, action: Action, err: impl std::fmt::Display) -> DeskError {
        DeskError::storage(action, &self.path, err)
    }

    /// Holds the lock file open and locked until dropped.
    fn lock(&self) -> Result<File> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        crate::private::create_dir_all(dir).map_err(|e| self.storage_error(Action::SaveAccounts, e))?;
        let lock = crate::private::open_options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.path.with_extension("lock"))
            .map_err(|e| self.storage_error(Action::ReadAccounts, e))?;
        lock.lock().map_err(|e| self.storage_error(Action::ReadAccounts, e))?;
        Ok(lock)
    }

    /// The stored accounts; a damaged file is renamed aside and reported.
    pub(super) fn read(&self) -> Result<(Stored, Option<SetAside>)> {
        let _lock = self.lock()?;
        self.read_locked()
    }

    fn read_locked(&self) -> Result<(Stored, Option<SetAside>)> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Stored::default(), None)),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => return self.set_aside(),
            Err(e) => return Err(self.storage_error(Action::ReadAccounts, e)),
        };
        match serde_json::from_str(&text) {
            Ok(stored) => Ok((stored, None)),
            Err(_) => self.set_aside(),
        }
    }

    fn set_aside(&self) -> Result<(Stored, Option<SetAside>)> {
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
        let aside = self.path.with_file_name(format!("accounts.damaged-{stamp}.json"));
        std::fs::rename(&self.path, &aside).map_err(|e| self.storage_error(Action::ReadAccounts, e))?;
        Ok((Stored::default(), Some(SetAside { path: aside })))
    }

    /// Reads, changes and writes back under one lock; a change that changes
    /// nothing (reopening the account opened last) writes nothing.
    pub(super) fn update<T>(&self, change: impl FnOnce(&mut Stored) -> Result<T>) -> Result<T> {
        let _lock = self.lock()?;
        let (mut stored, _) = self.read_locked()?;
        let before = stored.clone();
        let answer = change(&mut stored)?;
        if stored != before {
            self.write_locked(&stored)?;
        }
        Ok(answer)
    }

    fn write_locked(&self, stored: &Stored) -> Result<()> {
        let text = serde_json::to_vec_pretty(stored).map_err(|e| DeskError::Internal { detail: e.to_string() })?;
        crate::files::write_whole(&self.path, &text).map_err(|e| self.storage_error(Action::SaveAccounts, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new().prefix(&format!("desk-accounts-{name}-")).tempdir().unwrap()
    }

    fn account(name: &str) -> Account {
        Account { id: super::super::new_id(), name: name.into(), base_url: "https://api.example.com/v2".into() }
    }

    #[test]
    fn a_damaged_file_is_set_aside_and_kept_whole() {
        let temp = temp_dir("damaged");
        let dir = temp.path();
        std::fs::write(dir.join("accounts.json"), "{not json").unwrap();
        let (stored, aside) = AccountFile::new(dir).read().unwrap();
        assert!(stored.accounts.is_empty());
        let aside = aside.expect("reported");
        assert_eq!(std::fs::read_to_string(&aside.path).unwrap(), "{not json");
        assert!(!dir.join("accounts.json").exists());
        let (_, again) = AccountFile::new(dir).read().unwrap();
        assert_eq!(again, None, "set aside once");
    }

    #[test]
    fn writes_leave_no_temporary_file_and_survive_a_reread() {
        let temp = temp_dir("atomic");
        let dir = temp.path();
        let file = AccountFile::new(dir);
        file.update(|s| {
            s.accounts.push(account("Shop"));
            Ok(())
        })
        .unwrap();
        let mut names: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        names.sort();
        assert_eq!(names, ["accounts.json", "accounts.lock"], "nothing else beside it");
        assert_eq!(file.read().unwrap().0.accounts[0].name, "Shop");
    }

    #[test]
    fn a_change_that_changes_nothing_writes_nothing() {
        let temp = temp_dir("unchanged");
        let dir = temp.path();
        let file = AccountFile::new(dir);
        file.update(|_| Ok(())).unwrap();
        assert!(!dir.join("accounts.json").exists());
        file.update(|s| {
            s.last_opened = Some("demo".into());
            Ok(())
        })
        .unwrap();
        let written = std::fs::metadata(dir.join("accounts.json")).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        file.update(|s| {
            s.last_opened = Some("demo".into());
            Ok(())
        })
        .unwrap();
        assert_eq!(std::fs::metadata(dir.join("accounts.json")).unwrap().modified().unwrap(), written);
    }

    #[test]
    fn concurrent_writers_lose_no_account() {
        let temp = temp_dir("locked");
        let dir = temp.path();
        let threads: Vec<_> = (0..8)
            .map(|n| {
                let file = AccountFile::new(dir);
                std::thread::spawn(move || {
                    for k in 0..10 {
                        file.update(|s| {
                            s.accounts.push(account(&format!("{n}-{k}")));
                            Ok(())
                        })
                        .unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(AccountFile::new(dir).read().unwrap().0.accounts.len(), 80);
    }
}
