//! The campaigns of the account as the Campaigns area lists them: by state
//! and folder, with copying, moving to a folder and deleting. Automation
//! letters, saved templates and deleted campaigns belong elsewhere and are
//! left out.

use crate::campaigns::Action;
use crate::error::{failed, Result};
use crate::listings::{self, Fresh};
use crate::sent::display_name;
use crate::session::{AccountDir, AreaState, Session};
use crate::views::service_time;
use api::campaigns::{Campaign, CampaignContent, CampaignFilter, FolderRef};
use serde::{Deserialize, Serialize};

/// The campaigns as last listed, to settle a create whose answer was lost
/// (see `settle`).
#[derive(Default)]
struct Seen(crate::settle::Seen);

impl AreaState for Seen {
    fn open(_: Option<&AccountDir>) -> Self {
        Seen::default()
    }
}

pub use crate::views::CampaignState;

/// A row of the campaigns table.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignRow {
    pub id: i64,
    pub name: String,
    pub subject: Option<String>,
    pub state: CampaignState,
    /// The folder it is in; `None` at the top level.
    pub folder_id: Option<i64>,
    /// When it went out or is set to go, in the service's time.
    pub delivery_time: Option<String>,
    /// Messages sent so far.
    pub sent: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignFolder {
    pub id: i64,
    pub name: String,
}

/// The Campaigns area's first screen.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignsView {
    /// Newest first.
    pub campaigns: Vec<CampaignRow>,
    /// By name.
    pub folders: Vec<CampaignFolder>,
}

/// Where a campaign moves: an existing folder (0 is the top level) or a new
/// one by its name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum FolderChoice {
    Existing {
        #[serde(rename = "folderId")]
        folder_id: i64,
    },
    New {
        name: String,
    },
}

fn row(c: Campaign) -> Option<CampaignRow> {
    Some(CampaignRow {
        state: CampaignState::of(c.status)?,
        name: display_name(&c),
        id: *c.id,
        subject: c.subject.0.filter(|s| !s.trim().is_empty()),
        folder_id: Some(*c.folder_id).filter(|f| *f > 0),
        delivery_time: service_time(c.delivery_time.as_deref()),
        sent: *c.emails_sent,
    })
}

/// The account's campaigns and their folders.
pub async fn all(session: &Session) -> Result<CampaignsView> {
    let client = session.client();
    let (campaigns, folders) = tokio::join!(listings::campaigns(session, Fresh::Now), api::campaigns::folders(client));
    let campaigns = campaigns.map_err(failed(Action::LoadCampaigns))?;
    session.state::<Seen>().0.listed(campaigns.iter().map(|c| *c.id));
    let mut folders: Vec<CampaignFolder> = folders
        .map_err(failed(Action::LoadCampaigns))?
        .into_iter()
        .filter(|f| *f.id > 0)
        .map(|f| CampaignFolder { id: *f.id, name: f.name.0 })
        .collect();
    folders.sort_by_key(|f| f.name.to_lowercase());
    Ok(CampaignsView { campaigns: campaigns.into_iter().filter_map(row).collect(), folders })
}

/// A new, empty campaign to a list (the service makes none without one);
/// answers its id. A lost answer is settled by reading the campaigns of
/// that name (see `settle`).
pub async fn create(session: &Session, name: &str, list_id: i64) -> Result<i64> {
    let name = name.trim();
    if name.is_empty() {
        return Err(crate::DeskError::Required { field: super::Field::CampaignName.into() });
    }
    let content =
        CampaignContent { name: Some(name.to_string()), list_ids: Some(vec![list_id]), ..CampaignContent::default() };
    let client = session.client();
    let create = async { api::campaigns::create(client, &content).await.map_err(failed(Action::CreateCampaign)) };
    let seen = session.state::<Seen>();
    crate::settle::create_once(&seen.0, Action::CreateCampaign, create, || async {
        let campaigns =
            api::campaigns::list(client, &CampaignFilter::default()).await.map_err(failed(Action::CreateCampaign))?;
        Ok(campaigns.into_iter().filter(|c| crate::settle::named(&c.name, name)).map(|c| *c.id).collect())
    })
    .await
}

/// A draft copy of a campaign; answers its id. Not retried: a copy whose
/// answer was lost shows up in the list when it is read again.
pub async fn copy(session: &Session, campaign_id: i64) -> Result<i64> {
    api::campaigns::copy(session.client(), campaign_id).await.map_err(failed(Action::CopyCampaign))
}

/// Moves a campaign into a folder (a new one is made by its name).
pub async fn move_to(session: &Session, campaign_id: i64, folder: &FolderChoice) -> Result<()> {
    let target = match folder {
        FolderChoice::Existing { folder_id } => FolderRef::Id(*folder_id),
        FolderChoice::New { name } => FolderRef::Named(name.trim().to_string()),
    };
    api::campaigns::move_to_folder(session.client(), campaign_id, &target)
        .await
        .map_err(failed(Action::MoveCampaign))?;
    Ok(())
}

/// Deletes a campaign. A delete whose answer was lost is settled by reading
/// again: gone is done.
pub async fn delete(session: &Session, campaign_id: i64) -> Result<()> {
    match api::campaigns::delete(session.client(), campaign_id).await.map_err(failed(Action::DeleteCampaign)) {
        Err(err) if err.outcome_unknown() => match all(session).await {
            Ok(view) if view.campaigns.iter().all(|c| c.id != campaign_id) => Ok(()),
            _ => Err(err),
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::campaigns::CampaignStatus;

    #[test]
    fn automation_letters_templates_and_deleted_campaigns_are_not_listed() {
        for status in
            [CampaignStatus::Trigger, CampaignStatus::Template, CampaignStatus::Subscribe, CampaignStatus::Deleted]
        {
            assert_eq!(CampaignState::of(status), None, "{status:?}");
        }
        assert_eq!(CampaignState::of(CampaignStatus::Schedule), Some(CampaignState::Scheduled));
        assert_eq!(CampaignState::of(CampaignStatus::BlockedSpam), Some(CampaignState::Blocked));
    }
}
