//! What can be done with a campaign on its way or gone: pause and resume
//! its sending, take a scheduled one back to the drafts, and send it again
//! to those who did not open it. A change whose answer was lost is settled
//! by reading the campaign's state again; a resend cannot be read back.

use super::launch::{reach_for, read_back, Reach};
use super::listing::CampaignState;
use crate::campaigns::Action;
use crate::error::{failed, Result};
use crate::session::Session;

/// Stops a campaign that is sending; what has gone stays gone. A lost
/// answer is settled by the campaign's state: paused is done.
pub async fn pause(session: &Session, campaign_id: i64) -> Result<()> {
    match api::campaigns::pause(session.client(), campaign_id).await.map_err(failed(Action::PauseCampaign)) {
        Err(lost) => read_back(session, campaign_id, lost, |state, _| state == Some(CampaignState::Paused)).await,
        done => done,
    }
}

/// Sending goes on where it stopped. Never retried; a lost answer is
/// settled by the campaign's state: sending again (or sent since) is done.
pub async fn resume(session: &Session, campaign_id: i64) -> Result<()> {
    match api::campaigns::resume(session.client(), campaign_id).await.map_err(failed(Action::ResumeCampaign)) {
        Err(lost) => {
            let going = |state| matches!(state, Some(CampaignState::Sending | CampaignState::Sent));
            read_back(session, campaign_id, lost, |state, _| going(state)).await
        }
        done => done,
    }
}

/// A scheduled campaign, or one waiting for moderation, back to the drafts.
/// A lost answer is settled by the campaign's state: a draft is done.
pub async fn unschedule(session: &Session, campaign_id: i64) -> Result<()> {
    let taken_back = api::campaigns::unschedule(session.client(), campaign_id).await;
    match taken_back.map_err(failed(Action::UnscheduleCampaign)) {
        Err(lost) => read_back(session, campaign_id, lost, |state, _| state == Some(CampaignState::Draft)).await,
        done => done,
    }
}

/// How many a paused campaign has still to reach: those it would reach now
/// less those it reached; approximate where the service does not count.
pub async fn still_to_reach(session: &Session, campaign_id: i64) -> Result<Reach> {
    let (reach, campaign) = tokio::join!(
        reach_for(session, campaign_id, Action::ResumeCampaign),
        api::campaigns::get(session.client(), campaign_id)
    );
    let reach = reach?;
    let sent = *campaign.map_err(failed(Action::ResumeCampaign))?.emails_sent;
    Ok(Reach { count: (reach.count - sent).max(0), ..reach })
}

/// How many recipients of a sent campaign have not opened it, as its report counts them now.
pub async fn unopened(session: &Session, campaign_id: i64) -> Result<i64> {
    let summary = api::reports::summary(session.client(), campaign_id).await.map_err(failed(Action::ResendCampaign))?;
    Ok((*summary.sent - *summary.opened).max(0))
}

/// A new campaign, the same letter, to the recipients of a sent one who
/// have not opened it; it goes through moderation, then out. Answers its
/// id. Never retried, nor read back: the new campaign cannot be told from
/// another resend of the same one, so a lost answer stays unknown and the
/// user looks before sending again.
pub async fn resend_unopened(session: &Session, campaign_id: i64) -> Result<i64> {
    api::campaigns::resend_unopened(session.client(), campaign_id, &Default::default())
        .await
        .map_err(failed(Action::ResendCampaign))
}
