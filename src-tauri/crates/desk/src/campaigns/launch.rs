//! Sending a campaign: how many a launch reaches, a test to a few
//! addresses, and the launch now or at a time. A launch whose answer was
//! lost is settled by reading the campaign again, and only the move that
//! was asked for counts as done.

use super::listing::CampaignState;
use crate::campaigns::{Action, Field};
use crate::error::{beyond_contract, failed, Result};
use crate::listings::{self, Fresh};
use crate::session::Session;
use crate::views::{service_moment, service_time};
use crate::DeskError;
use chrono::NaiveDateTime;
use serde::Serialize;

/// Up to ten addresses a test goes to (the service's limit).
pub const TEST_ADDRESSES: usize = 10;

/// Sends the saved campaign to a few addresses to look at; answers how many
/// went. Never retried; the service keeps no record of tests to read back,
/// so one whose answer was lost stays unknown. A service without test sends
/// (they are beyond its contract) says so.
pub async fn send_test(session: &Session, campaign_id: i64, emails: &[String]) -> Result<i64> {
    let emails: Vec<&str> = emails.iter().map(|e| e.trim()).filter(|e| !e.is_empty()).collect();
    if emails.is_empty() || emails.len() > TEST_ADDRESSES {
        return Err(DeskError::Required { field: Field::TestAddresses.into() });
    }
    api::campaigns::send_test(session.client(), campaign_id, &emails).await.map_err(|err| match beyond_contract(&err) {
        true => DeskError::NotOffered { action: Action::SendTest.into() },
        false => DeskError::from_api(err, Action::SendTest),
    })
}

/// How many subscribers a launch now would send to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Reach {
    pub count: i64,
    /// Counted here from the chosen lists' active subscribers, because the
    /// service does not count (an address on two lists counts twice, and a
    /// segment is not applied); otherwise the service's own count.
    pub approximate: bool,
}

/// How many subscribers a launch now would send to: the service's count
/// (each address once, the segment applied), or, from a service that does
/// not offer it, the chosen lists' active subscribers.
pub async fn reach(session: &Session, campaign_id: i64) -> Result<Reach> {
    reach_for(session, campaign_id, Action::LaunchCampaign).await
}

/// [`reach`] for `action`, which a failure names.
pub(super) async fn reach_for(session: &Session, campaign_id: i64, action: Action) -> Result<Reach> {
    match api::campaigns::estimate(session.client(), campaign_id).await {
        Ok(count) => Ok(Reach { count, approximate: false }),
        Err(err) if beyond_contract(&err) => {
            Ok(Reach { count: lists_active(session, campaign_id, action).await?, approximate: true })
        }
        Err(err) => Err(DeskError::from_api(err, action)),
    }
}

async fn lists_active(session: &Session, campaign_id: i64, action: Action) -> Result<i64> {
    let client = session.client();
    let (campaign, lists) =
        tokio::join!(api::campaigns::get(client, campaign_id), listings::lists(session, Fresh::Now));
    let chosen = campaign.map_err(failed(action))?.list_id.0;
    let lists = lists.map_err(failed(action))?;
    Ok(lists.iter().filter(|l| chosen.contains(&*l.id)).map(|l| *l.counts.count_active).sum())
}

/// Launches the campaign now, or at `at` (the user's local time,
/// `YYYY-MM-DDTHH:MM`). Never retried: a launch whose answer was lost is
/// read again (see [`read_back`]), and a campaign already on its way is not
/// launched twice.
pub async fn launch(session: &Session, campaign_id: i64, at: Option<&str>) -> Result<()> {
    let client = session.client();
    let asked = at
        .map(|at| NaiveDateTime::parse_from_str(at, "%Y-%m-%dT%H:%M"))
        .transpose()
        .map_err(|_| DeskError::Required { field: Field::LaunchTime.into() })?;
    let sent = match asked {
        Some(when) => {
            api::campaigns::schedule(client, campaign_id, &when.format("%Y-%m-%d %H:%M:%S").to_string()).await
        }
        None => api::campaigns::launch(client, campaign_id).await,
    };
    match sent.map_err(failed(Action::LaunchCampaign)) {
        Ok(()) => Ok(()),
        // Returned by moderation, still a draft, or set for another time, it
        // was not launched as asked.
        Err(lost) => read_back(session, campaign_id, lost, |state, at| made(state, at, asked)).await,
    }
}

/// After a write to a campaign whose answer was lost, the campaign as the
/// service shows it now: done when `done` holds of its state and the time it
/// is set for; otherwise not done, and the error says what the service
/// shows. When it cannot be read either, the outcome stays unknown.
pub(super) async fn read_back(
    session: &Session,
    campaign_id: i64,
    lost: DeskError,
    done: impl FnOnce(Option<CampaignState>, Option<NaiveDateTime>) -> bool,
) -> Result<()> {
    let DeskError::OutcomeUnknown { action, .. } = lost else { return Err(lost) };
    let Ok(campaign) = api::campaigns::get(session.client(), campaign_id).await else { return Err(lost) };
    let state = CampaignState::of(campaign.status);
    if done(state, campaign.delivery_time.as_deref().and_then(service_moment)) {
        return Ok(());
    }
    Err(DeskError::NotDone { action, state, delivery_time: service_time(campaign.delivery_time.as_deref()) })
}

/// Whether a campaign in `state`, set for `at`, made the move a launch now
/// (`asked` is `None`) or at `asked` would make.
fn made(state: Option<CampaignState>, at: Option<NaiveDateTime>, asked: Option<NaiveDateTime>) -> bool {
    use CampaignState as S;
    match (state, asked) {
        (Some(S::Sending | S::Sent), _) => true,
        (Some(S::Moderating), None) => true,
        // A scheduled campaign may be held for moderation before its time;
        // it still carries the time it was set for.
        (Some(S::Scheduled | S::Moderating), Some(when)) => at == Some(when),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CampaignState as S;

    fn time(text: &str) -> Option<NaiveDateTime> {
        service_moment(text)
    }

    #[test]
    fn a_launch_now_is_done_once_moderation_has_it_or_it_goes_out() {
        for state in [S::Moderating, S::Sending, S::Sent] {
            assert!(made(Some(state), None, None), "{state:?}");
        }
        for state in [S::Draft, S::NeedsFix, S::Blocked, S::Scheduled, S::Paused] {
            assert!(!made(Some(state), None, None), "{state:?}");
        }
        assert!(!made(None, None, None), "no longer a campaign of the list");
    }

    #[test]
    fn a_schedule_is_done_only_for_the_time_asked() {
        let asked = time("2026-12-01 09:30:00");
        assert!(made(Some(S::Scheduled), asked, asked));
        assert!(!made(Some(S::Scheduled), time("2026-12-01 10:30:00"), asked), "another time");
        assert!(!made(Some(S::Moderating), None, asked), "sent now instead");
        assert!(!made(Some(S::Draft), None, asked));
        assert!(made(Some(S::Sending), asked, asked), "its time came");
    }

    #[test]
    fn a_schedule_held_for_moderation_at_the_time_asked_is_done() {
        let asked = time("2026-12-01 09:30:00");
        assert!(made(Some(S::Moderating), asked, asked));
        assert!(!made(Some(S::Moderating), time("2026-12-01 10:30:00"), asked), "another time");
    }
}
