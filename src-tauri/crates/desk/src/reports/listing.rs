//! The account's campaigns as the Reports area lists them. The area's first
//! screen asks for its table and then for the overview under it, a moment
//! apart, and both start from the same list: it is asked once for them.

use crate::sent::went_out;
use crate::session::Session;
use api::campaigns::{Campaign, CampaignFilter};
use std::time::{Duration, Instant};

/// How long a list serves another read of the same screen (the overview
/// asks as soon as the table has come). Short: a campaign launched
/// elsewhere shows at the next visit.
const SAME_SCREEN: Duration = Duration::from_secs(2);

/// The campaigns as last listed, and when.
#[derive(Default)]
pub(crate) struct Listed(tokio::sync::Mutex<Option<(Instant, Vec<Campaign>)>>);

impl Listed {
    /// The list if it was read a moment ago.
    async fn recent(&self) -> Option<Vec<Campaign>> {
        let listed = self.0.lock().await;
        listed.as_ref().filter(|(at, _)| at.elapsed() < SAME_SCREEN).map(|(_, all)| all.clone())
    }
}

/// Every campaign of the account, newest first; read once for a screen
/// (two readers at once wait for one request).
pub(super) async fn all(session: &Session) -> api::Result<Vec<Campaign>> {
    let reports = session.reports();
    let mut listed = reports.listed.0.lock().await;
    if let Some((_, all)) = listed.as_ref().filter(|(at, _)| at.elapsed() < SAME_SCREEN) {
        return Ok(all.clone());
    }
    let all = api::campaigns::list(session.client(), &CampaignFilter::default()).await?;
    *listed = Some((Instant::now(), all.clone()));
    Ok(all)
}

/// The campaigns that went out, newest first.
pub(super) async fn sent(session: &Session) -> api::Result<Vec<Campaign>> {
    Ok(all(session).await?.into_iter().filter(went_out).collect())
}

/// The campaigns that went out, for work in the background: the list a
/// screen read a moment ago, or a read in the background's turn.
pub(super) async fn sent_quietly(session: &Session) -> api::Result<Vec<Campaign>> {
    let reports = session.reports();
    let all = match reports.listed.recent().await {
        Some(all) => all,
        None => {
            reports.background.turn().await;
            api::campaigns::list(&session.client().background(), &CampaignFilter::default()).await?
        }
    };
    Ok(all.into_iter().filter(went_out).collect())
}
