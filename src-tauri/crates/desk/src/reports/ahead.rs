//! Counting ahead: once an account is open, its last campaigns are counted
//! in the background, so that their dashboards open complete (a big
//! campaign's opens take seconds to read) and cost the few requests of
//! what came since. Gently: one request at a time at the background's pace
//! (see `pace`), never while a screen reads; what is kept from before (on
//! disk) is brought up to date, which reads little, and a campaign whose
//! figures are settled and kept costs nothing.

use super::figures::Wanted;
use super::{counting, listing, reading};
use crate::session::Session;
use std::time::Duration;

/// How long after an account opens its campaigns are counted ahead: its
/// first screen reads first.
const COUNT_AHEAD_AFTER: Duration = Duration::from_secs(5);

/// How many of the campaigns that went out last are counted ahead.
const COUNTED_AHEAD: usize = 5;

/// Campaigns on the overview (see `overview`), whose settled figures are
/// filled in after the counting.
const ON_THE_OVERVIEW: usize = 20;

/// Counts the opens and bounces of the campaigns that went out last, one
/// at a time, and keeps their settled figures (the dashboard's whole, and
/// the overview's summaries and hours) so that their screens ask only
/// what may still change. Errors are left for the screens to show.
pub async fn count_ahead(session: Session) {
    tokio::time::sleep(COUNT_AHEAD_AFTER).await;
    let Ok(sent) = listing::sent_quietly(&session).await else { return };
    for campaign in sent.iter().take(COUNTED_AHEAD) {
        reading::fill_quietly(&session, campaign, Wanted::ALL).await;
        counting::count_quietly(&session, campaign).await;
    }
    for campaign in sent.iter().take(ON_THE_OVERVIEW) {
        reading::fill_quietly(&session, campaign, Wanted::OVERVIEW).await;
    }
}

impl Session {
    /// Sets the least time between two requests of the session's work in
    /// the background (by default [`super::BACKGROUND_EVERY`]); tests run
    /// it faster. Every copy of the session shares it.
    pub fn pace_background(&self, every: Duration) {
        self.reports().background.set_every(every);
    }
}
