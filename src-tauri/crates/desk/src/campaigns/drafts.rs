//! What the user typed in the editor and the service does not have yet,
//! kept on this computer as they type: one file per campaign under the
//! account's drafts folder, written whole or not at all, so a crash, a lost
//! connection or a refused save loses nothing. A session without a folder
//! (tests, tools) keeps nothing.

use super::editor::CampaignDraft;
use crate::desk::Session;
use crate::error::{Action, DeskError, Result};
use std::path::PathBuf;

fn path(session: &Session, campaign_id: i64) -> Option<PathBuf> {
    Some(session.drafts.as_ref()?.join(format!("{campaign_id}.json")))
}

/// Keeps the draft, replacing what was kept for the campaign.
pub async fn keep(session: &Session, campaign_id: i64, draft: &CampaignDraft) -> Result<()> {
    let Some(path) = path(session, campaign_id) else { return Ok(()) };
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

/// What is kept for the campaign; nothing when none is, or it cannot be read.
pub(crate) async fn kept(session: &Session, campaign_id: i64) -> Option<CampaignDraft> {
    let path = path(session, campaign_id)?;
    let bytes = tokio::fs::read(&path).await.ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Lets go of what was kept for the campaign (the service has it now).
pub(crate) async fn forget(session: &Session, campaign_id: i64) {
    if let Some(path) = path(session, campaign_id) {
        let _ = tokio::fs::remove_file(path).await;
    }
}
