//! What the user typed in an editor and the service does not have yet,
//! kept on this computer as they type: one file per thing edited (a
//! campaign, an automation) under the account's drafts folder, written whole
//! or not at all, so a crash, a lost connection or a refused save loses
//! nothing. A session without a folder (tests, tools) keeps nothing.

use crate::desk::Session;
use crate::error::{Action, DeskError, Result};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::PathBuf;

/// What a kept draft belongs to; each has its own file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edited {
    Campaign(i64),
    /// `None`: one not created yet.
    Automation(Option<i64>),
}

fn path(session: &Session, edited: Edited) -> Option<PathBuf> {
    let name = match edited {
        Edited::Campaign(id) => format!("{id}.json"),
        Edited::Automation(Some(id)) => format!("automation-{id}.json"),
        Edited::Automation(None) => "automation-new.json".to_string(),
    };
    Some(session.drafts.as_ref()?.join(name))
}

/// Keeps the draft, replacing what was kept for the same thing.
pub(crate) async fn keep<T: Serialize>(session: &Session, edited: Edited, draft: &T) -> Result<()> {
    let Some(path) = path(session, edited) else { return Ok(()) };
    let bytes = serde_json::to_vec(draft).map_err(|e| DeskError::Internal { detail: e.to_string() })?;
    let target = path.clone();
    tokio::task::spawn_blocking(move || {
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir)?;
        }
        crate::files::write_whole(&target, &bytes)
    })
    .await
    .map_err(|e| DeskError::Internal { detail: e.to_string() })?
    .map_err(|e| DeskError::storage(Action::KeepDraft, &path, e))
}

/// What is kept; nothing when none is, or it cannot be read.
pub(crate) async fn kept<T: DeserializeOwned>(session: &Session, edited: Edited) -> Option<T> {
    let path = path(session, edited)?;
    let bytes = tokio::fs::read(&path).await.ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Lets go of what was kept (the service has it now).
pub(crate) async fn forget(session: &Session, edited: Edited) {
    if let Some(path) = path(session, edited) {
        let _ = tokio::fs::remove_file(path).await;
    }
}
