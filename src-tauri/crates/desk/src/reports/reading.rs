//! What each screen asks of its campaigns' figures: only what is not kept
//! or may have changed since (see `figures`), side by side; and what the
//! background fills in, one request at a time.

use super::figures::{self, is_final, sending, Figures, Read, Shown, Wanted};
use super::gaps::ChartGap;
use crate::error::{failed, Result};
use crate::reports::Action;
use crate::session::Session;
use api::campaigns::{Campaign, CampaignStatus};
use api::reports::{HourActivity, Summary};
use std::collections::HashMap;

/// The campaign and its figures for its dashboard: the campaign is always
/// asked (its name, whether it still goes out, and whether it is the
/// sending kept), beside the figures that are not kept or may have
/// changed. What was read is handed to the details read right after.
pub(super) async fn for_dashboard(session: &Session, campaign_id: i64) -> Result<(Campaign, Shown)> {
    let client = session.client();
    // Held while reading: the dashboard in both themes reads once.
    let mut kept = session.reports().figures.lock_kept(campaign_id).await;
    let guess = figures::first_guess(&kept, Wanted::OVERVIEW);
    let (campaign, read) =
        tokio::join!(api::campaigns::get(client, campaign_id), figures::read(client, campaign_id, guess));
    let campaign = campaign.map_err(failed(Action::LoadReport))?;
    kept.of_sending(sending(&campaign));
    let more = figures::still_wanted(&kept, &campaign, Wanted::OVERVIEW, &read);
    let read = match more.any() {
        true => read.and(figures::read(client, campaign_id, more).await),
        false => read,
    };
    if kept.take_in(&read, is_final(&campaign, session.report_lag())) {
        kept.keep().await;
    }
    kept.seen(&campaign, true);
    let shown = kept.shown(read).ok_or(crate::DeskError::Internal { detail: "no summary read or kept".into() })?;
    Ok((campaign, shown.map_err(failed(Action::LoadReport))?))
}

/// A campaign's breakdown, below its dashboard's first screen: kept when
/// it serves, else read. Whether it may still change is judged by the
/// campaign as its dashboard read it; asked when it was not read here.
pub(super) async fn for_breakdown(session: &Session, campaign_id: i64) -> Result<figures::Breakdown> {
    let client = session.client();
    let mut kept = session.reports().figures.lock_kept(campaign_id).await;
    let campaign = match kept.last_seen() {
        Some(campaign) => campaign,
        None => api::campaigns::get(client, campaign_id).await.map_err(failed(Action::LoadReport))?,
    };
    kept.of_sending(sending(&campaign));
    let only = Wanted { breakdown: true, ..Wanted::default() };
    let wanted = kept.wanted(only, campaign.status != CampaignStatus::Processing);
    let read = match wanted.any() {
        true => figures::read(client, campaign_id, wanted).await,
        false => Read::default(),
    };
    if kept.take_in(&read, is_final(&campaign, session.report_lag())) {
        kept.keep().await;
    }
    Ok(kept.breakdown(read))
}

/// The campaign and its summary for the details of its dashboard: those
/// the dashboard has just read, once; else asked (a settled summary is
/// not).
pub(super) async fn for_details(session: &Session, campaign_id: i64) -> Result<(Campaign, Summary)> {
    let client = session.client();
    let mut kept = session.reports().figures.lock_kept(campaign_id).await;
    if let Some(campaign) = kept.handed_over().filter(|_| kept.has_summary()) {
        let summary = kept.summary(&mut Default::default());
        if let Some(Ok(summary)) = summary {
            return Ok((campaign, summary));
        }
    }
    let summary_only = Wanted { summary: true, ..Wanted::default() };
    let guess = kept.wanted(summary_only, false);
    let (campaign, read) =
        tokio::join!(api::campaigns::get(client, campaign_id), figures::read(client, campaign_id, guess));
    let campaign = campaign.map_err(failed(Action::LoadReport))?;
    kept.of_sending(sending(&campaign));
    let mut read = match kept.wanted(summary_only, false).beyond(guess).any() {
        true => read.and(figures::read(client, campaign_id, summary_only).await),
        false => read,
    };
    if kept.take_in(&read, is_final(&campaign, session.report_lag())) {
        kept.keep().await;
    }
    kept.seen(&campaign, false);
    let summary = kept.summary(&mut read).ok_or(crate::DeskError::Internal { detail: "no summary read".into() })?;
    Ok((campaign, summary.map_err(failed(Action::LoadReport))?))
}

/// What the overview's charts are made of, by campaign: the summaries of
/// the trend's and the hours of the best time's, as far as they are known.
#[derive(Default)]
pub(super) struct OverviewFigures {
    pub(super) summaries: HashMap<i64, Summary>,
    pub(super) hours: HashMap<i64, (Vec<HourActivity>, Option<ChartGap>)>,
}

impl OverviewFigures {
    /// Takes in what was read of `campaign` (or is kept of it), as wanted;
    /// a summary neither read nor kept fails.
    fn take(&mut self, kept: &Figures, campaign: &Campaign, wanted: Wanted, mut read: Read) -> api::Result<()> {
        if wanted.timeline {
            self.hours.insert(*campaign.id, kept.hours(&mut read));
        }
        if wanted.summary {
            let summary = kept.summary(&mut read).unwrap_or_else(|| Err(api::Error::Decode("no summary".into())))?;
            self.summaries.insert(*campaign.id, summary);
        }
        Ok(())
    }
}

/// Campaigns whose figures are still to be read, with what is wanted of each.
pub(super) type ToRead = Vec<(Campaign, Wanted)>;

/// The figures the overview wants of campaigns listed a moment ago, in
/// the order they are asked (`Wanted::OVERVIEW` of each at most): what is
/// kept and serves is not asked again; of the rest, as much as `budget`
/// requests read, side by side, in order. Answers what is known and what
/// was left for later.
pub(super) async fn for_overview(
    session: &Session,
    asked: &[(&Campaign, Wanted)],
    budget: usize,
) -> api::Result<(OverviewFigures, ToRead)> {
    let client = session.client();
    let store = &session.reports().figures;
    let mut figures = OverviewFigures::default();
    let mut now = Vec::new();
    let mut later = Vec::new();
    let mut left = budget;
    for &(campaign, wanted) in asked {
        let mut kept = store.lock_kept(*campaign.id).await;
        kept.of_sending(sending(campaign));
        let to_read = kept.wanted(wanted, campaign.status != CampaignStatus::Processing);
        let cost = usize::from(to_read.summary) + usize::from(to_read.timeline);
        if !to_read.any() {
            kept.listed(campaign);
            figures.take(&kept, campaign, wanted, Read::default())?;
        } else if cost <= left && later.is_empty() {
            left -= cost;
            now.push((campaign, wanted, to_read));
        } else {
            later.push((campaign.clone(), wanted));
        }
    }
    let reads = futures_util::future::join_all(
        now.iter().map(|(campaign, _, to_read)| figures::read(client, *campaign.id, *to_read)),
    )
    .await;
    for ((campaign, wanted, _), read) in now.into_iter().zip(reads) {
        let mut kept = store.lock_kept(*campaign.id).await;
        take_in(session, &mut kept, campaign, &read).await;
        figures.take(&kept, campaign, wanted, read)?;
    }
    Ok((figures, later))
}

/// Reads, in the background and one request at a time, what `to_read`
/// wants, a campaign after another, newest first, telling `filled` the
/// figures as they grow. Quicker than counting ahead (a screen waits for
/// it), but never while a screen reads; a summary that fails is left out.
pub(super) async fn fill_overview(
    session: &Session,
    to_read: ToRead,
    figures: &mut OverviewFigures,
    mut filled: impl FnMut(&OverviewFigures, bool),
) {
    let reports = session.reports();
    let _awaited = reports.background.awaited();
    let client = session.client().background();
    let count = to_read.len();
    for (n, (campaign, wanted)) in to_read.into_iter().enumerate() {
        let read =
            figures::read_quietly(&client, *campaign.id, wanted, &reports.background, Some(OVERVIEW_EVERY)).await;
        let mut kept = reports.figures.lock_kept(*campaign.id).await;
        take_in(session, &mut kept, &campaign, &read).await;
        // A summary that failed is left out; the rest comes all the same.
        let _ = figures.take(&kept, &campaign, wanted, read);
        filled(figures, n + 1 == count);
    }
}

/// The least time between two requests filling in the overview: one
/// every two seconds takes a quarter of the service's limit of a hundred
/// and twenty a minute, and leaves the rest to what the user does meanwhile.
const OVERVIEW_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// Keeps what was read of a campaign the overview listed.
async fn take_in(session: &Session, kept: &mut super::kept::Held<Figures>, campaign: &Campaign, read: &Read) {
    kept.of_sending(sending(campaign));
    if kept.take_in(read, is_final(campaign, session.report_lag())) {
        kept.keep().await;
    }
    kept.listed(campaign);
}

/// Fills in, in the background and in the pace's turns, what is not kept
/// of `of` of a campaign whose figures are settled; nothing for another.
pub(super) async fn fill_quietly(session: &Session, campaign: &Campaign, of: Wanted) {
    if !is_final(campaign, session.report_lag()) {
        return;
    }
    let reports = session.reports();
    let store = &reports.figures;
    let wanted = {
        let mut kept = store.lock_kept(*campaign.id).await;
        kept.of_sending(sending(campaign));
        kept.wanted(of, false)
    };
    if !wanted.any() {
        return;
    }
    let client = session.client().background();
    let read = figures::read_quietly(&client, *campaign.id, wanted, &reports.background, None).await;
    let mut kept = store.lock_kept(*campaign.id).await;
    kept.of_sending(sending(campaign));
    if kept.take_in(&read, true) {
        kept.keep().await;
    }
}
