//! A saved campaign as one subscriber would get it: the service applies the
//! personalisation, the letter's preview makes it safe to show.

use crate::campaigns::Action;
use crate::error::{failed, Result};
use crate::letter::{preview, PreviewView};
use crate::session::Session;
use api::members::MemberQuery;

/// The saved campaign's HTML as the subscriber with `email` on one of its
/// lists would get it, personalisation applied by the service; `None`
/// when none of its lists has that address.
pub async fn preview_as(
    session: &Session,
    campaign_id: i64,
    email: &str,
    show_images: bool,
) -> Result<Option<PreviewView>> {
    let client = session.client();
    let campaign = api::campaigns::get(client, campaign_id).await.map_err(failed(Action::LoadCampaign))?;
    let email = Some(email.trim().to_string()).filter(|e| !e.is_empty());
    for list_id in campaign.list_id.0 {
        let query = MemberQuery { state: None, order: None, email: email.clone(), segment_id: None };
        let page = api::members::list(client, list_id, &query)
            .starting_at(0)
            .page_size(1)
            .next_page()
            .await
            .map_err(failed(Action::LoadSampleSubscribers))?;
        let Some(member) = page.and_then(|p| p.items.into_iter().next()) else { continue };
        let personal = api::campaigns::personalized(client, campaign_id, *member.id)
            .await
            .map_err(failed(Action::LoadCampaign))?;
        return Ok(Some(preview(personal.html.0.as_deref().unwrap_or_default(), show_images)));
    }
    Ok(None)
}
