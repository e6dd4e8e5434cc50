//! Files a campaign carries, attached by their address: the service fetches
//! each file from it.

use crate::campaigns::{Action, Field};
use crate::error::{failed, Result};
use crate::session::Session;
use crate::DeskError;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignFile {
    pub id: i64,
    pub name: String,
    /// Bytes.
    pub size: i64,
}

pub async fn attachments(session: &Session, campaign_id: i64) -> Result<Vec<CampaignFile>> {
    let found =
        api::campaigns::attachments(session.client(), campaign_id).await.map_err(failed(Action::LoadAttachments))?;
    Ok(found.into_iter().map(|a| CampaignFile { id: *a.id, name: a.name.0, size: *a.size }).collect())
}

/// Attaches the file at `url` (http or https), under `name` when one is given.
pub async fn attach(session: &Session, campaign_id: i64, url: &str, name: &str) -> Result<i64> {
    let url = url.trim();
    let web = url.starts_with("https://") || url.starts_with("http://");
    if !web || url.len() < 10 {
        return Err(DeskError::Required { field: Field::AttachmentAddress.into() });
    }
    let name = Some(name.trim()).filter(|n| !n.is_empty());
    api::campaigns::attach(session.client(), campaign_id, url, name).await.map_err(failed(Action::Attach))
}

pub async fn detach(session: &Session, campaign_id: i64, attachment_id: i64) -> Result<()> {
    api::campaigns::delete_attachment(session.client(), campaign_id, attachment_id)
        .await
        .map_err(failed(Action::Detach))
}
