//! A campaign's figures as the service counts them (its summary, opens and
//! clicks per hour, and the breakdowns: clicks per link, bounces per code,
//! opens per mail client and place, recipients per domain), kept so that
//! what cannot change is asked for once.
//!
//! A campaign that finished sending [`FINAL_AFTER`] ago has its figures
//! settled: they are read once more and kept on disk, and never asked
//! again. Others' figures are kept in memory a short while
//! ([`STILL_FRESH`]) unless the campaign is going out; and what a dashboard
//! has just read is handed to the details read right after it, so one
//! dashboard asks for the campaign and its summary once.

use super::gaps::{self, ChartGap};
use super::pace::Pace;
use crate::views::service_moment;
use api::campaigns::{Campaign, CampaignStatus};
use api::reports::{BounceCount, HourActivity, LinkClicks, Summary};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How long after a campaign went out its figures are taken as settled
/// (once it has finished sending): opens and clicks come in the first days
/// and hardly at all a week on.
pub const FINAL_AFTER: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// How long figures that may still change serve another screen of a
/// campaign that is not going out (the overview left and come back to).
const STILL_FRESH: Duration = Duration::from_secs(2 * 60);

/// How long what a dashboard read serves the details read right after it.
const SAME_READ: Duration = Duration::from_secs(15);

/// Whether a campaign's figures can no longer change: it finished sending
/// [`FINAL_AFTER`] ago, and its last events have had the statistics' lag
/// (`lag`, see [`super::REPORT_LAG`]) to arrive.
pub(crate) fn is_final(campaign: &Campaign, lag: Duration) -> bool {
    let sent = campaign.delivery_time.as_deref().and_then(service_moment);
    let settled = chrono::Duration::from_std(FINAL_AFTER + lag).ok();
    campaign.status == CampaignStatus::Sent
        && sent.zip(settled).and_then(|(sent, after)| sent.checked_add_signed(after)).is_some_and(|at| {
            // The service's clock and the app's may differ by hours; a week is far more.
            at < chrono::Local::now().naive_local()
        })
}

/// The sending a campaign's kept figures and counts are of.
pub(super) fn sending(campaign: &Campaign) -> &str {
    campaign.delivery_time.as_deref().unwrap_or_default()
}

/// One of a campaign's figures as read.
#[derive(Clone, Serialize, Deserialize)]
struct Piece<X> {
    /// When it was read, in seconds since 1970.
    at: i64,
    /// Read when the campaign's figures could no longer change: never asked again.
    #[serde(rename = "final")]
    settled: bool,
    value: X,
}

impl<X> Piece<X> {
    fn new(value: X, settled: bool) -> Self {
        Piece { at: chrono::Utc::now().timestamp(), settled, value }
    }

    /// Whether it may be shown instead of asking again; `fresh`: whether
    /// figures that may still change serve while they are recent.
    fn serves(&self, fresh: bool) -> bool {
        let age = u64::try_from(chrono::Utc::now().timestamp() - self.at).map_or(Duration::MAX, Duration::from_secs);
        self.settled || (fresh && age < STILL_FRESH)
    }
}

/// Opens and clicks per hour, or that the service does not offer them.
#[derive(Clone, Serialize, Deserialize)]
enum Timeline {
    Hours(Vec<HourActivity>),
    NotOffered,
}

/// What the dashboard breaks a campaign's figures down by.
#[derive(Clone, Default, Serialize, Deserialize)]
pub(super) struct Breakdown {
    pub(super) links: Vec<LinkClicks>,
    pub(super) bounces: Vec<BounceCount>,
    pub(super) clients: BTreeMap<String, i64>,
    pub(super) places: BTreeMap<String, i64>,
    pub(super) domains: Vec<serde_json::Map<String, serde_json::Value>>,
}

impl Breakdown {
    /// The breakdown from its five reads, and whether every one answered
    /// (a part that failed shows empty and is not kept as final).
    fn of(
        links: api::Result<Vec<LinkClicks>>,
        bounces: api::Result<Vec<BounceCount>>,
        clients: api::Result<BTreeMap<String, i64>>,
        places: api::Result<BTreeMap<String, i64>>,
        domains: api::Result<Vec<serde_json::Map<String, serde_json::Value>>>,
    ) -> (Self, bool) {
        let whole = links.is_ok() && bounces.is_ok() && clients.is_ok() && places.is_ok() && domains.is_ok();
        let breakdown = Breakdown {
            links: links.unwrap_or_default(),
            bounces: bounces.unwrap_or_default(),
            clients: clients.unwrap_or_default(),
            places: places.unwrap_or_default(),
            domains: domains.unwrap_or_default(),
        };
        (breakdown, whole)
    }
}

/// What is kept of a campaign's figures.
#[derive(Clone, Default, Serialize, Deserialize)]
pub(crate) struct Figures {
    #[serde(default)]
    summary: Option<Piece<Summary>>,
    #[serde(default)]
    timeline: Option<Piece<Timeline>>,
    #[serde(default)]
    breakdown: Option<Piece<Breakdown>>,
    /// The campaign as last read here, and when (whether it was going out).
    #[serde(skip)]
    seen: Option<(Instant, Campaign)>,
    /// Whether `seen` was read by a dashboard and not yet taken by its details.
    #[serde(skip)]
    handed: bool,
}

/// Which of a campaign's figures a screen needs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Wanted {
    pub(super) summary: bool,
    pub(super) timeline: bool,
    pub(super) breakdown: bool,
}

impl Wanted {
    pub(super) const ALL: Wanted = Wanted { summary: true, timeline: true, breakdown: true };
    /// What the overview, the comparison and a dashboard's first screen show of a campaign.
    pub(super) const OVERVIEW: Wanted = Wanted { summary: true, timeline: true, breakdown: false };

    pub(super) fn any(self) -> bool {
        self.summary || self.timeline || self.breakdown
    }

    /// What `self` wants that `read` did not read.
    pub(super) fn beyond(self, read: Wanted) -> Wanted {
        Wanted {
            summary: self.summary && !read.summary,
            timeline: self.timeline && !read.timeline,
            breakdown: self.breakdown && !read.breakdown,
        }
    }
}

/// Figures as read: a summary that failed fails the screen; a timeline or
/// a breakdown that failed shows as nothing, and is not kept.
#[derive(Default)]
pub(super) struct Read {
    summary: Option<api::Result<Summary>>,
    timeline: Option<api::Result<Vec<HourActivity>>>,
    /// The breakdown, and whether every part of it was read.
    breakdown: Option<(Breakdown, bool)>,
}

impl Read {
    fn of(&self) -> Wanted {
        Wanted {
            summary: self.summary.is_some(),
            timeline: self.timeline.is_some(),
            breakdown: self.breakdown.is_some(),
        }
    }

    /// This read, and `more` read after it.
    pub(super) fn and(self, more: Read) -> Read {
        Read {
            summary: self.summary.or(more.summary),
            timeline: self.timeline.or(more.timeline),
            breakdown: self.breakdown.or(more.breakdown),
        }
    }
}

/// What a dashboard's first screen shows of a campaign's figures.
pub(super) struct Shown {
    pub(super) summary: Summary,
    pub(super) hours: Vec<HourActivity>,
    pub(super) gap: Option<ChartGap>,
}

impl Figures {
    /// What of `of` must be asked: what is not kept, or kept and may have
    /// changed (recent figures serve when `fresh`).
    pub(super) fn wanted(&self, of: Wanted, fresh: bool) -> Wanted {
        let asked = |wanted: bool, serves: Option<bool>| wanted && serves != Some(true);
        Wanted {
            summary: asked(of.summary, self.summary.as_ref().map(|p| p.serves(fresh))),
            timeline: asked(of.timeline, self.timeline.as_ref().map(|p| p.serves(fresh))),
            breakdown: asked(of.breakdown, self.breakdown.as_ref().map(|p| p.serves(fresh))),
        }
    }

    /// Whether the campaign was going out when last read here (it may be, if never).
    fn going_out_when_seen(&self) -> bool {
        self.seen.as_ref().is_none_or(|(_, campaign)| campaign.status == CampaignStatus::Processing)
    }

    /// Keeps what was read that can be kept; `settled`: whether the
    /// campaign's figures can no longer change. Answers whether something
    /// settled was kept (and so is worth a file).
    pub(super) fn take_in(&mut self, read: &Read, settled: bool) -> bool {
        let before = self.settled_pieces();
        if let Some(Ok(summary)) = &read.summary {
            self.summary = Some(Piece::new(summary.clone(), settled));
        }
        let timeline = match &read.timeline {
            Some(Ok(hours)) => Some(Timeline::Hours(hours.clone())),
            Some(Err(err)) if crate::error::beyond_contract(err) => Some(Timeline::NotOffered),
            _ => None,
        };
        if let Some(timeline) = timeline {
            self.timeline = Some(Piece::new(timeline, settled));
        }
        if let Some((breakdown, true)) = &read.breakdown {
            self.breakdown = Some(Piece::new(breakdown.clone(), settled));
        }
        self.settled_pieces() > before
    }

    fn settled_pieces(&self) -> usize {
        [
            self.summary.as_ref().is_some_and(|p| p.settled),
            self.timeline.as_ref().is_some_and(|p| p.settled),
            self.breakdown.as_ref().is_some_and(|p| p.settled),
        ]
        .into_iter()
        .filter(|settled| *settled)
        .count()
    }

    /// The summary read, else the one kept.
    pub(super) fn summary(&self, read: &mut Read) -> Option<api::Result<Summary>> {
        read.summary.take().or_else(|| self.summary.as_ref().map(|p| Ok(p.value.clone())))
    }

    /// The hours read (and why there are none), else those kept.
    pub(super) fn hours(&self, read: &mut Read) -> (Vec<HourActivity>, Option<ChartGap>) {
        match (read.timeline.take(), &self.timeline) {
            (Some(hours), _) => gaps::hours(hours),
            (None, Some(Piece { value: Timeline::Hours(hours), .. })) => (hours.clone(), None),
            (None, Some(Piece { value: Timeline::NotOffered, .. })) => (Vec::new(), Some(ChartGap::NotOffered)),
            (None, None) => (Vec::new(), Some(ChartGap::Unread)),
        }
    }

    /// What a dashboard's first screen shows: what was read, else what is kept. `None`
    /// when no summary was read or kept.
    pub(super) fn shown(&self, mut read: Read) -> Option<api::Result<Shown>> {
        let summary = match self.summary(&mut read)? {
            Ok(summary) => summary,
            Err(err) => return Some(Err(err)),
        };
        let (hours, gap) = self.hours(&mut read);
        Some(Ok(Shown { summary, hours, gap }))
    }

    /// The breakdown read, else the one kept, else nothing.
    pub(super) fn breakdown(&self, read: Read) -> Breakdown {
        match read.breakdown {
            Some((breakdown, _)) => breakdown,
            None => self.breakdown.as_ref().map(|p| p.value.clone()).unwrap_or_default(),
        }
    }

    /// The campaign as last read or listed here, if it was.
    pub(super) fn last_seen(&self) -> Option<Campaign> {
        self.seen.as_ref().map(|(_, campaign)| campaign.clone())
    }

    /// Notes the campaign as read now; `handed`: by a dashboard, for its details.
    pub(super) fn seen(&mut self, campaign: &Campaign, handed: bool) {
        self.seen = Some((Instant::now(), campaign.clone()));
        self.handed = handed;
    }

    /// Notes the campaign as listed now (by the overview): a dashboard opened
    /// from there knows at once whether it was going out, and so whether
    /// the figures just read serve.
    pub(super) fn listed(&mut self, campaign: &Campaign) {
        self.seen = Some((Instant::now(), campaign.clone()));
    }

    /// The campaign a dashboard has just read, taken once by its details.
    pub(super) fn handed_over(&mut self) -> Option<Campaign> {
        let handed = std::mem::take(&mut self.handed);
        self.seen.as_ref().filter(|(at, _)| handed && at.elapsed() < SAME_READ).map(|(_, campaign)| campaign.clone())
    }

    /// Whether the summary is kept, for the details of a dashboard just read.
    pub(super) fn has_summary(&self) -> bool {
        self.summary.is_some()
    }
}

/// Reads what is wanted of a campaign's figures, side by side. Boxed: seven
/// requests' futures side by side are too big to be held on a thread's stack.
pub(super) fn read(
    client: &api::Client,
    campaign_id: i64,
    wanted: Wanted,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Read> + Send + '_>> {
    Box::pin(read_side_by_side(client, campaign_id, wanted))
}

async fn read_side_by_side(client: &api::Client, campaign_id: i64, wanted: Wanted) -> Read {
    use api::reports;
    let summary = async {
        match wanted.summary {
            true => Some(reports::summary(client, campaign_id).await),
            false => None,
        }
    };
    let timeline = async {
        match wanted.timeline {
            true => Some(reports::timeline(client, campaign_id).await),
            false => None,
        }
    };
    let breakdown = async {
        if !wanted.breakdown {
            return None;
        }
        let (links, bounces, clients, places, domains) = tokio::join!(
            reports::clicks_per_link(client, campaign_id),
            reports::bounces_per_code(client, campaign_id),
            reports::opens_per_client(client, campaign_id),
            reports::opens_per_place(client, campaign_id),
            reports::per_domain(client, campaign_id),
        );
        Some(Breakdown::of(links, bounces, clients, places, domains))
    };
    let (summary, timeline, breakdown) = tokio::join!(summary, timeline, breakdown);
    Read { summary, timeline, breakdown }
}

/// Reads what is wanted of a campaign's figures in the background: one
/// request at a time, each in the pace's turn (or `sooner`, see
/// [`Pace::turn_within`]).
pub(super) async fn read_quietly(
    client: &api::Client,
    campaign_id: i64,
    wanted: Wanted,
    pace: &Pace,
    sooner: Option<std::time::Duration>,
) -> Read {
    use api::reports;
    let mut read = Read::default();
    if wanted.summary {
        pace.turn_within(sooner).await;
        read.summary = Some(reports::summary(client, campaign_id).await);
    }
    if wanted.timeline {
        pace.turn_within(sooner).await;
        read.timeline = Some(reports::timeline(client, campaign_id).await);
    }
    if wanted.breakdown {
        pace.turn_within(sooner).await;
        let links = reports::clicks_per_link(client, campaign_id).await;
        pace.turn_within(sooner).await;
        let bounces = reports::bounces_per_code(client, campaign_id).await;
        pace.turn_within(sooner).await;
        let clients = reports::opens_per_client(client, campaign_id).await;
        pace.turn_within(sooner).await;
        let places = reports::opens_per_place(client, campaign_id).await;
        pace.turn_within(sooner).await;
        let domains = reports::per_domain(client, campaign_id).await;
        read.breakdown = Some(Breakdown::of(links, bounces, clients, places, domains));
    }
    read
}

/// What more to read once the campaign is known, after `first` was read
/// on a guess: what `kept` does not serve and was not read.
pub(super) fn still_wanted(kept: &Figures, campaign: &Campaign, of: Wanted, first: &Read) -> Wanted {
    kept.wanted(of, campaign.status != CampaignStatus::Processing).beyond(first.of())
}

/// The first guess of what to read beside the campaign, before it is known.
pub(super) fn first_guess(kept: &Figures, of: Wanted) -> Wanted {
    kept.wanted(of, !kept.going_out_when_seen())
}
