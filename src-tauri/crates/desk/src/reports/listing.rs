//! The account's campaigns as the Reports area lists them. The area's first
//! screen asks for its table and then for the overview under it, a moment
//! apart, and both start from the same list: it is asked once for them.

use crate::listings::{self, Fresh};
use crate::sent::went_out;
use crate::session::Session;
use api::campaigns::{Campaign, CampaignFilter};

/// Every campaign of the account, newest first, for the overview's charts:
/// the listing the Reports table read a moment before will do.
pub(super) async fn all(session: &Session) -> api::Result<Vec<Campaign>> {
    listings::campaigns(session, Fresh::Named).await
}

/// The campaigns that went out, newest first, as the Reports table shows them.
pub(super) async fn sent(session: &Session) -> api::Result<Vec<Campaign>> {
    crate::sent::sent_campaigns(session, Fresh::Now).await
}

/// The campaigns that went out, for work in the background: the listing
/// a screen read within a minute, or a read in the background's turn.
pub(super) async fn sent_quietly(session: &Session) -> api::Result<Vec<Campaign>> {
    let reports = session.reports();
    let all = listings::campaigns_read_by(session, Fresh::Named, || async {
        reports.background.turn().await;
        api::campaigns::list(&session.client().background(), &CampaignFilter::default()).await
    })
    .await?;
    Ok(all.into_iter().filter(went_out).collect())
}
