//! Workflows: named chains of automations (`/workflows`).

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::json;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Workflow {
    pub id: loose::Id,
    pub name: loose::Text,
    pub automations: loose::Ids,
}

/// Every workflow; the service's "none" (404, code 4) is an empty result.
/// Legacy: `campaigns.get_workflows`.
pub async fn list(client: &Client) -> Result<Vec<Workflow>> {
    match client.get(&["workflows"], &[]).await {
        Ok(reply) => reply.decode(),
        Err(err) if err.code() == Some(4) => Ok(Vec::new()),
        Err(err) => Err(err),
    }
}

/// Deletes a workflow and stops its automations. Legacy: `campaigns.delete_workflow`.
pub async fn delete(client: &Client, id: i64) -> Result<()> {
    client.delete(&["workflows", &id.to_string()], None).await?;
    Ok(())
}

/// Copies a workflow with its automations; answers the copy's id.
/// Legacy: `campaigns.copy_automation`.
pub async fn copy(client: &Client, id: i64) -> Result<i64> {
    let reply = client.post(&["workflows", &id.to_string(), "copy"], json!({})).await?;
    reply.id("workflow_id")
}
