//! When to send: the hour of the day at which the readers of the chosen
//! lists opened most, over the last campaigns sent to them, in the
//! service's time (the account's, as the overview's heat map shows it),
//! with the figures the suggestion rests on.

use crate::campaigns::Action;
use crate::error::{failed, Result};
use crate::listings::{self, Fresh};
use crate::plausible::Plausible;
use crate::session::Session;
use api::campaigns::{Campaign, CampaignStatus};
use api::reports::HourActivity;
use chrono::Timelike;
use serde::Serialize;

/// Campaigns read for a suggestion: the last ones to the chosen lists.
const CAMPAIGNS: usize = 5;
/// Fewer opens than this suggest nothing: an hour would be chance.
const FEWEST_OPENS: i64 = 20;

/// The hour most opens came in, of how many, from how many campaigns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BestHour {
    /// The hour of the day (0 to 23), in the service's time.
    pub hour: u32,
    /// Opens in that hour, of every day.
    pub opens_in_hour: i64,
    /// Opens counted, at every hour.
    pub opens: i64,
    /// The campaigns they come from.
    pub campaigns: u32,
}

/// The hour with most opens in `timelines` (one per campaign, with the
/// span its events can fall in: an hour dated outside it, such as the year
/// 1 of a broken service, is left out, as the overview's heat map leaves
/// it), the earlier on a tie; `None` when too few opens say anything.
fn best_hour(timelines: &[(Plausible, Vec<HourActivity>)]) -> Option<BestHour> {
    let mut by_hour = [0i64; 24];
    for (span, hours) in timelines {
        for hour in hours {
            if let Some(at) = span.moment(&hour.hour) {
                by_hour[at.hour() as usize] += (*hour.opened).max(0);
            }
        }
    }
    let opens: i64 = by_hour.iter().sum();
    if opens < FEWEST_OPENS {
        return None;
    }
    let (hour, opens_in_hour) =
        by_hour.iter().enumerate().fold((0, 0), |best, (h, &n)| if n > best.1 { (h, n) } else { best });
    Some(BestHour { hour: hour as u32, opens_in_hour, opens, campaigns: timelines.len() as u32 })
}

fn sent_to(campaign: &Campaign, list_ids: &[i64]) -> bool {
    campaign.status == CampaignStatus::Sent && campaign.list_id.0.iter().any(|id| list_ids.contains(id))
}

/// The best hour to send to `list_ids`, from the last campaigns sent to
/// them; `None` when they have too few opens. One listing and a timeline
/// per campaign read.
pub async fn suggest(session: &Session, list_ids: &[i64]) -> Result<Option<BestHour>> {
    let client = session.client();
    let all = listings::campaigns(session, Fresh::Named).await.map_err(failed(Action::LoadCampaign))?;
    let mut sent: Vec<&Campaign> = all.iter().filter(|c| sent_to(c, list_ids)).collect();
    sent.sort_by(|a, b| b.delivery_time.as_deref().cmp(&a.delivery_time.as_deref()));
    sent.truncate(CAMPAIGNS);
    let timelines = futures_util::future::join_all(sent.iter().map(|c| api::reports::timeline(client, *c.id))).await;
    let timelines: Vec<Vec<HourActivity>> =
        timelines.into_iter().collect::<std::result::Result<_, _>>().map_err(failed(Action::LoadCampaign))?;
    let spans = sent.iter().map(|c| Plausible::of(c));
    Ok(best_hour(&spans.zip(timelines).collect::<Vec<_>>()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hour(at: &str, opened: i64) -> HourActivity {
        serde_json::from_value(serde_json::json!({"hour": at, "opened": opened, "clicked": 0})).unwrap()
    }

    #[test]
    fn the_hour_of_most_opens_on_any_day_is_suggested_with_its_figures() {
        let span = || Plausible::since(Some("2026-11-16 08:00:00"));
        let first = vec![
            hour("2026-11-16 09:00:00", 12),
            hour("2026-11-16 10:00:00", 7),
            hour("garbage", 900),
            hour("0001-01-01 00:00:00", 500),
        ];
        let second = vec![hour("2026-11-20 10:00:00", 9), hour("2026-11-21 18:00:00", 3)];
        let best = best_hour(&[(span(), first), (span(), second)]).unwrap();
        assert_eq!(best, BestHour { hour: 10, opens_in_hour: 16, opens: 31, campaigns: 2 }, "the year 1 left out");
        assert_eq!(best_hour(&[(span(), vec![hour("2026-11-16 09:00:00", 19)])]), None, "too few opens to say");
        assert_eq!(best_hour(&[]), None);
    }
}
