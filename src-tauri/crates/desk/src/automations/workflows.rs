//! Workflows: named chains of automations, copied whole (with their
//! automations) or deleted (their automations stop).

use super::Action;
use crate::error::{failed, Result};
use crate::session::Session;
use crate::settle::settled;

/// Copies a workflow with its automations; answers the copy's id. Not
/// settled when its answer is lost: the copy carries the same name, so
/// only the user can tell it from the one copied.
pub async fn copy_workflow(session: &Session, id: i64) -> Result<i64> {
    api::workflows::copy(session.client(), id).await.map_err(failed(Action::CopyWorkflow))
}

/// Deletes a workflow; its automations stop. A lost answer is settled by
/// reading the workflows again.
pub async fn delete_workflow(session: &Session, id: i64) -> Result<()> {
    let client = session.client();
    let sent = api::workflows::delete(client, id).await.map_err(failed(Action::DeleteWorkflow));
    let found = async { api::workflows::list(client).await.ok()?.iter().all(|w| *w.id != id).then_some(()) };
    settled(sent, found).await
}
