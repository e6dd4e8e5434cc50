//! How a campaign goes out beyond its content: open and click tracking,
//! analytics labels on its links, and gradual sending.

use api::campaigns::{Campaign, CampaignContent};
use serde::{Deserialize, Serialize};

/// Labels added to every link for web analytics (`utm_source` and the rest).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Utm {
    pub source: String,
    pub medium: String,
    pub campaign: String,
}

/// At most `messages` every `minutes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Gradual {
    pub messages: u32,
    pub minutes: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SendingOptions {
    pub track_opens: bool,
    pub track_clicks: bool,
    /// `None` adds no labels.
    pub utm: Option<Utm>,
    /// `None` sends at the service's own pace.
    pub gradual: Option<Gradual>,
    /// A scheduled send goes at its hour in each subscriber's own time zone
    /// (the service's `allow_time_zone`). Off in drafts kept before it was.
    #[serde(default)]
    pub in_subscriber_time_zone: bool,
    /// The service delivers at each subscriber's best time (`allow_best_time`).
    #[serde(default)]
    pub best_time: bool,
}

/// The service's defaults: opens and clicks tracked, no labels, no limit,
/// the account's time.
impl Default for SendingOptions {
    fn default() -> Self {
        SendingOptions {
            track_opens: true,
            track_clicks: true,
            utm: None,
            gradual: None,
            in_subscriber_time_zone: false,
            best_time: false,
        }
    }
}

fn yes_no(on: bool) -> Option<String> {
    Some(if on { "Y" } else { "N" }.to_string())
}

impl SendingOptions {
    /// The options a campaign record states.
    pub(crate) fn of(c: &Campaign) -> Self {
        let tracked = |t: &api::loose::MaybeText| !t.or_empty().trim().eq_ignore_ascii_case("N");
        let analytics = c.analytics.or_empty();
        let utm = (!analytics.trim().is_empty() && !analytics.trim().eq_ignore_ascii_case("N")).then(|| Utm {
            source: c.analytics_source.or_empty(),
            medium: c.analytics_medium.or_empty(),
            campaign: c.analytics_tag.or_empty(),
        });
        let gradual = match (c.limit.0, c.wait_time.0) {
            (Some(messages), Some(seconds)) if messages > 0 && seconds > 0 => Some(Gradual {
                messages: u32::try_from(messages).unwrap_or(u32::MAX),
                minutes: u32::try_from((seconds / 60).max(1)).unwrap_or(u32::MAX),
            }),
            _ => None,
        };
        let on = |t: &api::loose::MaybeText| t.or_empty().trim().eq_ignore_ascii_case("Y");
        SendingOptions {
            track_opens: tracked(&c.track_opens),
            track_clicks: tracked(&c.track_clicks),
            utm,
            gradual,
            in_subscriber_time_zone: on(&c.allow_time_zone),
            best_time: on(&c.allow_best_time),
        }
    }

    /// Writes every option, so that one turned off is turned off at the service too.
    pub(crate) fn write(&self, content: &mut CampaignContent) {
        content.track_opens = yes_no(self.track_opens);
        content.track_clicks = yes_no(self.track_clicks);
        content.analytics = yes_no(self.utm.is_some());
        let utm =
            self.utm.clone().unwrap_or(Utm { source: String::new(), medium: String::new(), campaign: String::new() });
        content.analytics_source = Some(utm.source.trim().to_string());
        content.analytics_medium = Some(utm.medium.trim().to_string());
        content.analytics_tag = Some(utm.campaign.trim().to_string());
        let gradual = self.gradual.map(|g| (g.messages.max(1), g.minutes.max(1) * 60)).unwrap_or((0, 0));
        content.limit = Some(gradual.0);
        content.wait_time = Some(gradual.1);
        content.allow_time_zone = yes_no(self.in_subscriber_time_zone);
        content.allow_best_time = yes_no(self.best_time);
    }
}
