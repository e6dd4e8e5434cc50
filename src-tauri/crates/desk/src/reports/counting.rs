//! A campaign's opens and bounces counted, kept per campaign (see `kept`)
//! and brought up to date by reading only the events that came since (see
//! `settled`): for a screen, at once; in the background, in the pace's
//! turns and without keeping a screen waiting.

use super::figures::{is_final, sending};
use super::settled::{campaign_span, Settled};
use super::tally::{Categories, Tally};
use crate::error::Result;
use crate::session::Session;
use crate::work::Progress;
use api::campaigns::Campaign;
use serde::{Deserialize, Serialize};

/// What is kept counted of a campaign's opens and bounces.
#[derive(Default, Serialize, Deserialize)]
pub(crate) struct Counted {
    opens: Settled<Tally>,
    bounces: Settled<Categories>,
    /// Every event the campaign will have is counted (its figures are
    /// settled, see `figures::is_final`): nothing is read for it again.
    #[serde(default)]
    whole: bool,
}

impl Counted {
    /// The moments before which each is final: when they move, there is more to keep.
    fn until(&self) -> [Option<String>; 2] {
        [self.opens.until(), self.bounces.until()].map(|until| until.map(str::to_owned))
    }

    fn counts(&self) -> (Tally, Categories) {
        (self.opens.counted().clone(), self.bounces.counted().clone())
    }

    /// Takes the count of every event there will be.
    fn made_whole(&mut self, campaign: &Campaign, opens: Tally, bounces: Categories) {
        let (_, to) = campaign_span(campaign);
        self.opens = Settled::whole(opens, to.clone());
        self.bounces = Settled::whole(bounces, to);
        self.whole = true;
    }
}

/// Reads the opens and bounces of a campaign that came since they were last
/// counted, keeps what is final, and returns the count of them all.
/// `on_read` hears how many opens have been read so far.
pub(super) async fn count(
    session: &Session,
    campaign: &Campaign,
    on_read: impl Fn(Progress),
) -> Result<(Tally, Categories)> {
    let mut counted = session.reports().lock(*campaign.id, sending(campaign)).await;
    if counted.whole {
        return Ok(counted.counts());
    }
    let before = counted.until();
    let Counted { opens, bounces, .. } = &mut *counted;
    let (tally, categories) = tokio::join!(
        opens.bring_up_to_date(session, campaign, "OPENED", None, |done| on_read(Progress { done, total: None })),
        bounces.bring_up_to_date(session, campaign, "BOUNCED", None, |_| ()),
    );
    if let (Ok(tally), Ok(categories)) = (&tally, &categories) {
        if is_final(campaign, session.report_lag()) {
            counted.made_whole(campaign, tally.clone(), categories.clone());
        }
    }
    // A read that broke off keeps what it read that is final, too.
    if counted.whole || counted.until() != before {
        counted.keep().await;
    }
    Ok((tally?, categories?))
}

/// Counts a campaign's opens and bounces in the background: the pages are
/// read one at a time in the pace's turns, and the count is not held
/// meanwhile (a screen that counts the campaign does not wait for it). A
/// screen that counted it in the meantime wins: what was read here is
/// dropped. A read that breaks off keeps what it read that is final;
/// errors are left for the screen to show when it counts.
pub(super) async fn count_quietly(session: &Session, campaign: &Campaign) {
    let (mut opens, mut bounces, before) = {
        let counted = session.reports().lock(*campaign.id, sending(campaign)).await;
        if counted.whole {
            return;
        }
        (counted.opens.clone(), counted.bounces.clone(), counted.until())
    };
    let reports = session.reports();
    let pace = Some(&reports.background);
    let tally = opens.bring_up_to_date(session, campaign, "OPENED", pace, |_| ()).await.ok();
    // The service gone, a second read would fail too: what the first read is kept.
    let categories = match tally {
        Some(_) => bounces.bring_up_to_date(session, campaign, "BOUNCED", pace, |_| ()).await.ok(),
        None => None,
    };
    let mut counted = session.reports().lock(*campaign.id, sending(campaign)).await;
    if counted.whole || counted.until() != before {
        return;
    }
    match (tally, categories) {
        (Some(tally), Some(categories)) if is_final(campaign, session.report_lag()) => {
            counted.made_whole(campaign, tally, categories)
        }
        _ => {
            counted.opens = opens;
            counted.bounces = bounces;
        }
    }
    if counted.whole || counted.until() != before {
        counted.keep().await;
    }
}
