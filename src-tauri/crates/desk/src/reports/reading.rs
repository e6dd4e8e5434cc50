//! What each screen asks of its campaigns' figures: only what is not kept
//! or may have changed since (see `figures`), side by side; and what the
//! background fills in, one request at a time.

use super::figures::{self, is_final, sending, Shown, Wanted};
use super::gaps::ChartGap;
use crate::error::{failed, Result};
use crate::reports::Action;
use crate::session::Session;
use api::campaigns::{Campaign, CampaignStatus};
use api::reports::{HourActivity, Summary};

/// The campaign and its figures for its dashboard: the campaign is always
/// asked (its name, whether it still goes out, and whether it is the
/// sending kept), beside the figures that are not kept or may have
/// changed. What was read is handed to the details read right after.
pub(super) async fn for_dashboard(session: &Session, campaign_id: i64) -> Result<(Campaign, Shown)> {
    let client = session.client();
    // Held while reading: the dashboard in both themes reads once.
    let mut kept = session.reports().figures.lock_kept(campaign_id).await;
    let guess = figures::first_guess(&kept, Wanted::ALL);
    let (campaign, read) =
        tokio::join!(api::campaigns::get(client, campaign_id), figures::read(client, campaign_id, guess));
    let campaign = campaign.map_err(failed(Action::LoadReport))?;
    kept.of_sending(sending(&campaign));
    let more = figures::still_wanted(&kept, &campaign, Wanted::ALL, &read);
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

/// The summaries of `trend` and the opens and clicks per hour of `best`,
/// campaigns listed a moment ago: what is kept and serves is not asked
/// again, the rest is asked side by side.
pub(super) async fn for_overview(
    session: &Session,
    trend: &[&Campaign],
    best: &[&Campaign],
) -> (Vec<api::Result<Summary>>, Vec<(Vec<HourActivity>, Option<ChartGap>)>) {
    let client = session.client();
    let reports = session.reports();
    let store = &reports.figures;
    // Each campaign once, with what it is wanted for.
    let mut asked: Vec<(&Campaign, Wanted)> = Vec::new();
    for (campaign, wanted) in trend
        .iter()
        .map(|c| (*c, Wanted { summary: true, ..Wanted::default() }))
        .chain(best.iter().map(|c| (*c, Wanted { timeline: true, ..Wanted::default() })))
    {
        match asked.iter_mut().find(|(c, _)| c.id == campaign.id) {
            Some((_, both)) => {
                both.summary |= wanted.summary;
                both.timeline |= wanted.timeline;
            }
            None => asked.push((campaign, wanted)),
        }
    }
    let mut to_read = Vec::with_capacity(asked.len());
    for (campaign, wanted) in &asked {
        let mut kept = store.lock_kept(*campaign.id).await;
        kept.of_sending(sending(campaign));
        to_read.push(kept.wanted(*wanted, campaign.status != CampaignStatus::Processing));
    }
    let reads = futures_util::future::join_all(
        asked.iter().zip(&to_read).map(|((campaign, _), wanted)| figures::read(client, *campaign.id, *wanted)),
    )
    .await;
    let mut summaries = std::collections::HashMap::new();
    let mut timelines = std::collections::HashMap::new();
    for ((campaign, wanted), mut read) in asked.iter().zip(reads) {
        let mut kept = store.lock_kept(*campaign.id).await;
        kept.of_sending(sending(campaign));
        if kept.take_in(&read, is_final(campaign, session.report_lag())) {
            kept.keep().await;
        }
        kept.listed(campaign);
        if wanted.summary {
            let summary = kept.summary(&mut read).unwrap_or_else(|| Err(api::Error::Decode("no summary".into())));
            summaries.insert(*campaign.id, summary);
        }
        if wanted.timeline {
            timelines.insert(*campaign.id, kept.hours(&mut read));
        }
    }
    let summaries = trend.iter().filter_map(|c| summaries.remove(&*c.id)).collect();
    let timelines = best.iter().map(|c| timelines.get(&*c.id).cloned().unwrap_or_default()).collect();
    (summaries, timelines)
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
    let read = figures::read_quietly(&client, *campaign.id, wanted, &reports.background).await;
    let mut kept = store.lock_kept(*campaign.id).await;
    kept.of_sending(sending(campaign));
    if kept.take_in(&read, true) {
        kept.keep().await;
    }
}
