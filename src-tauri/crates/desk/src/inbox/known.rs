//! What the inbox has read this session and need not ask the service for
//! again, each a round trip to a service that may be far away:
//!
//! - a dialog's record as last listed or read: who it is with, which
//!   campaign and list it answers (what never changes for a dialog), so a
//!   thread the list showed is opened, with its replier beside it, in one
//!   round trip instead of two;
//! - the campaigns and lists replies are filed under, as the inbox's filters
//!   read them (their names, recipients and fields change rarely, so they
//!   are used for a few minutes);
//! - the entries of each thread as last read, so a reply whose answer was
//!   lost is told from what was there before without reading the thread
//!   again before every send.

use crate::session::{AccountDir, AreaState};
use api::dialogs::Dialog;
use api::fields::Field;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long a campaign's or a list's record is used without asking again.
const FRESH_FOR: Duration = Duration::from_secs(10 * 60);

/// Most dialogs or threads remembered; past it the oldest knowledge is let
/// go all at once (it is read again when needed), so a session that scrolls
/// through years of replies does not grow without bound.
const MOST_REMEMBERED: usize = 5_000;

#[derive(Debug, Default)]
pub(crate) struct Known {
    dialogs: Mutex<HashMap<i64, Dialog>>,
    campaigns: Mutex<HashMap<i64, (Instant, CampaignRef)>>,
    fields: Mutex<HashMap<i64, (Instant, Vec<Field>)>>,
    entries: Mutex<HashMap<i64, HashSet<i64>>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn bounded<K: std::hash::Hash + Eq, V>(map: &mut HashMap<K, V>) {
    if map.len() >= MOST_REMEMBERED {
        map.clear();
    }
}

fn fresh<T: Clone>(kept: Option<&(Instant, T)>) -> Option<T> {
    kept.filter(|(at, _)| at.elapsed() < FRESH_FOR).map(|(_, value)| value.clone())
}

impl AreaState for Known {
    fn open(_: Option<&AccountDir>) -> Self {
        Known::default()
    }
}

impl Known {
    pub(crate) fn dialog(&self, dialog_id: i64) -> Option<Dialog> {
        lock(&self.dialogs).get(&dialog_id).cloned()
    }

    pub(crate) fn remember_dialogs<'a>(&self, dialogs: impl IntoIterator<Item = &'a Dialog>) {
        let mut known = lock(&self.dialogs);
        for dialog in dialogs {
            bounded(&mut known);
            known.insert(*dialog.id, dialog.clone());
        }
    }

    /// Changes what is known of a dialog after the marketer changed it here.
    pub(crate) fn update_dialog(&self, dialog_id: i64, change: impl FnOnce(&mut Dialog)) {
        if let Some(dialog) = lock(&self.dialogs).get_mut(&dialog_id) {
            change(dialog);
        }
    }

    pub(crate) fn campaign(&self, campaign_id: i64) -> Option<CampaignRef> {
        fresh(lock(&self.campaigns).get(&campaign_id))
    }

    pub(crate) fn remember_campaigns(&self, campaigns: impl IntoIterator<Item = CampaignRef>) {
        let mut known = lock(&self.campaigns);
        for campaign in campaigns {
            bounded(&mut known);
            known.insert(campaign.id, (Instant::now(), campaign));
        }
    }

    /// A list's additional fields.
    pub(crate) fn fields(&self, list_id: i64) -> Option<Vec<Field>> {
        fresh(lock(&self.fields).get(&list_id))
    }

    pub(crate) fn remember_fields(&self, list_id: i64, fields: Vec<Field>) {
        let mut known = lock(&self.fields);
        bounded(&mut known);
        known.insert(list_id, (Instant::now(), fields));
    }

    /// The ids of a thread's entries as last read, `None` when it was not.
    pub(crate) fn entries(&self, dialog_id: i64) -> Option<HashSet<i64>> {
        lock(&self.entries).get(&dialog_id).cloned()
    }

    pub(crate) fn remember_entries(&self, dialog_id: i64, ids: impl IntoIterator<Item = i64>) {
        let mut known = lock(&self.entries);
        bounded(&mut known);
        known.insert(dialog_id, ids.into_iter().collect());
    }

    /// One more entry of a thread read before, the reply just sent.
    pub(crate) fn add_entry(&self, dialog_id: i64, id: i64) {
        if let Some(ids) = lock(&self.entries).get_mut(&dialog_id) {
            ids.insert(id);
        }
    }
}

/// The campaign a reply answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignRef {
    pub id: i64,
    pub name: Option<String>,
    pub subject: Option<String>,
    pub list_ids: Vec<i64>,
    pub sent: i64,
}

impl From<&api::campaigns::Campaign> for CampaignRef {
    fn from(c: &api::campaigns::Campaign) -> Self {
        CampaignRef {
            id: *c.id,
            name: c.name.0.clone(),
            subject: c.subject.0.clone(),
            list_ids: c.list_id.0.clone(),
            sent: *c.emails_sent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn campaign(id: i64) -> CampaignRef {
        CampaignRef { id, name: Some("Весна".into()), subject: None, list_ids: vec![1], sent: 3 }
    }

    #[test]
    fn a_campaign_is_known_while_fresh_and_a_thread_keeps_what_was_added() {
        let known = Known::default();
        known.remember_campaigns([campaign(7)]);
        assert_eq!(known.campaign(7), Some(campaign(7)));
        assert_eq!(known.campaign(8), None);
        {
            let mut campaigns = lock(&known.campaigns);
            let kept = &mut campaigns.get_mut(&7).unwrap().0;
            *kept = kept.checked_sub(FRESH_FOR).expect("a clock running for ten minutes");
        }
        assert_eq!(known.campaign(7), None, "asked again once old");

        known.add_entry(5, 10);
        assert_eq!(known.entries(5), None, "a thread never read is not made up");
        known.remember_entries(5, [1, 2]);
        known.add_entry(5, 3);
        assert_eq!(known.entries(5), Some(HashSet::from([1, 2, 3])));
    }

    #[test]
    fn past_its_bound_what_is_remembered_starts_afresh() {
        let known = Known::default();
        for id in 0..MOST_REMEMBERED as i64 + 1 {
            known.remember_entries(id, [id]);
        }
        assert_eq!(lock(&known.entries).len(), 1);
        assert_eq!(known.entries(MOST_REMEMBERED as i64), Some(HashSet::from([MOST_REMEMBERED as i64])));
    }
}
