//! The demo workspace: the sandbox started in-process on loopback, its data
//! kept in the app's data directory, its key made up for this run only.

use crate::explain::UiError;
use api::{ApiKey, Client};
use std::path::Path;

pub struct DemoWorkspace {
    _sandbox: sandbox::Running,
    pub client: Client,
}

pub async fn start(data_dir: &Path) -> Result<DemoWorkspace, UiError> {
    let dir = data_dir.join("demo");
    std::fs::create_dir_all(&dir)
        .map_err(|e| UiError::internal(format!("Could not create the demo folder {} ({e}).", dir.display())))?;
    let key: String = (0..32).map(|_| fastrand::alphanumeric()).collect();
    let config =
        sandbox::Config { db: Some(dir.join("workspace.sqlite")), demo: true, ..sandbox::Config::new(key.clone()) };
    let running = sandbox::start(config)
        .await
        .map_err(|e| UiError::internal(format!("The demo workspace could not start: {e}.")))?;
    let client = Client::new(&running.base_url(), ApiKey::new(key))
        .map_err(|e| UiError::from_api(&e, "open the demo workspace"))?;
    Ok(DemoWorkspace { _sandbox: running, client })
}
