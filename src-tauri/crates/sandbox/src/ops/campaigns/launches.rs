//! What the sandbox keeps of a campaign's launches for tests: how many
//! requests to launch it came, and whether the moderators were told to
//! return it for changes.

use crate::fault::Result;
use rusqlite::Connection;

/// The setting that says the moderators return the campaign.
pub(crate) fn returned_key(campaign_id: i64) -> String {
    format!("moderation_returns:{campaign_id}")
}

/// Whether the moderators were told to return this campaign.
pub fn returned_by_moderation(conn: &Connection, campaign_id: i64) -> Result<bool> {
    Ok(crate::store::setting(conn, &returned_key(campaign_id))?.is_some())
}

/// Counts a request to launch or schedule the campaign, refused or not, so
/// a test can tell how many reached the service.
pub fn count_launch(conn: &Connection, campaign_id: i64) -> Result<()> {
    conn.execute(
        "INSERT INTO launch_requests (campaign_id, count) VALUES (?1, 1)
         ON CONFLICT (campaign_id) DO UPDATE SET count = count + 1",
        [campaign_id],
    )?;
    Ok(())
}
