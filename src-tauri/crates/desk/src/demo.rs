//! The demo workspace: the sandbox started in-process on loopback, its data
//! kept in the app's data directory, its key made up for each run. It reads
//! only files the user picked in the app and reaches nothing beyond this
//! computer.

use crate::codes::WorkspaceAction;
use crate::error::{failed, DeskError, Result};
use crate::host::Language;
use api::{ApiKey, Client};
use std::path::{Path, PathBuf};
use tokio::sync::Mutex;

struct Running {
    service: sandbox::Running,
    client: Client,
}

/// Starts the demo sandbox once, on first use, and stops it on reset.
pub struct DemoHost {
    dir: PathBuf,
    running: Mutex<Option<Running>>,
    grants: sandbox::FileGrants,
    /// What a new demo is seeded in: the language the app starts in.
    language: std::sync::Mutex<sandbox::DemoLanguage>,
}

/// The demo business's language for the app's.
fn demo_language(language: Language) -> sandbox::DemoLanguage {
    match language {
        Language::Ru => sandbox::DemoLanguage::Ru,
        Language::En => sandbox::DemoLanguage::En,
    }
}

/// The demo's folder in the app's data directory, and its store there.
const FOLDER: &str = "demo";
const STORE: &str = "workspace.sqlite";

/// Where the app over `data_dir` keeps its demo's store.
pub fn store_in(data_dir: &Path) -> PathBuf {
    data_dir.join(FOLDER).join(STORE)
}

impl DemoHost {
    pub fn new(data_dir: &Path) -> Self {
        DemoHost {
            dir: data_dir.join(FOLDER),
            running: Mutex::new(None),
            grants: sandbox::FileGrants::default(),
            language: Default::default(),
        }
    }

    /// The language the next seed writes in; a demo already made keeps its own.
    pub fn set_language(&self, language: Language) {
        *self.language.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = demo_language(language);
    }

    fn language(&self) -> sandbox::DemoLanguage {
        *self.language.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn store(&self) -> PathBuf {
        self.dir.join(STORE)
    }

    /// The demo's client, starting the sandbox (and seeding it, the first
    /// time) when it is not running yet.
    pub async fn client(&self) -> Result<Client> {
        let mut running = self.running.lock().await;
        if let Some(r) = running.as_ref() {
            return Ok(r.client.clone());
        }
        crate::private::create_dir_all(&self.dir)
            .map_err(|e| DeskError::storage(WorkspaceAction::StartDemo, &self.dir, e))?;
        let key: String = (0..32).map(|_| fastrand::alphanumeric()).collect();
        let config = sandbox::Config {
            db: Some(self.store()),
            demo: true,
            demo_language: self.language(),
            outbound: sandbox::Outbound::Confined(self.grants.clone()),
            ..sandbox::Config::new(key.clone())
        };
        let started = sandbox::start(config).await.map_err(|e| DeskError::DemoFailed { detail: e.to_string() })?;
        let client = Client::new(&started.base_url(), ApiKey::new(key)).map_err(failed(WorkspaceAction::StartDemo))?;
        *running = Some(Running { service: started, client: client.clone() });
        Ok(client)
    }

    /// Lets the demo read a file the user picked in a native dialog.
    pub fn grant_file(&self, path: &Path) {
        self.grants.grant(path);
    }

    /// Stops the sandbox and removes its data; the next start seeds afresh.
    pub(crate) async fn reset(&self) -> Result<()> {
        let mut running = self.running.lock().await;
        if let Some(r) = running.take() {
            r.service.stop().await;
        }
        sandbox::store::remove(&self.store())
            .map_err(|e| DeskError::storage(WorkspaceAction::ResetDemo, &self.store(), e))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_demo_speaks_the_language_last_told_and_english_before_any() {
        let dir = tempfile::tempdir().unwrap();
        let host = DemoHost::new(dir.path());
        assert_eq!(host.language(), sandbox::DemoLanguage::En);
        host.set_language(Language::Ru);
        assert_eq!(host.language(), sandbox::DemoLanguage::Ru);
        host.set_language(Language::En);
        assert_eq!(host.language(), sandbox::DemoLanguage::En);
    }
}
