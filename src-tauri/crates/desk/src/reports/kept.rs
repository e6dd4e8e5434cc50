//! What a session keeps of its campaigns' reports so that it asks the
//! service for nothing twice: the counts of their events (see `settled`)
//! and their figures (see `figures`), one entry per campaign and sending,
//! the ones used last in memory and each in a file of its own per account;
//! the campaigns as the area last listed them; and the pace of the work it
//! does in the background.

use super::figures::Figures;
use super::pace::Pace;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tokio::sync::OwnedMutexGuard;

/// Campaigns whose counts a session holds in memory; the one used longest ago goes first.
const KEPT: usize = 8;

/// Campaigns whose figures a session holds in memory: the overview shows
/// twenty, and figures are small beside counts.
const FIGURES_KEPT: usize = 64;

/// What a session keeps of its campaigns' reports. `T` is the count kept
/// per campaign (`Counted`); one of these is shared by every copy of a
/// session.
pub(crate) struct Kept<T> {
    counts: Store<T>,
    pub(super) figures: Store<Figures>,
    pub(super) background: Pace,
    /// The overview's charts being filled in.
    pub(super) overview_filling: crate::background::Background,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept::kept_in(None)
    }
}

impl<T> std::fmt::Debug for Kept<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept").field("counts", &self.counts).field("figures", &self.figures).finish()
    }
}

impl<T> Kept<T> {
    /// Kept in memory and, when `dir` is given, in files there (counts
    /// beside, figures in a folder of their own).
    pub(crate) fn kept_in(dir: Option<PathBuf>) -> Self {
        Kept {
            figures: Store::kept_in(dir.as_ref().map(|dir| dir.join("figures")), FIGURES_KEPT),
            counts: Store::kept_in(dir, KEPT),
            background: Pace::default(),
            overview_filling: Default::default(),
        }
    }
}

impl<T: Default + Serialize + DeserializeOwned + Send + 'static> Kept<T> {
    /// The count of the campaign's sending at `sent_at`, locked (see [`Store::lock`]).
    pub(crate) async fn lock(&self, campaign_id: i64, sent_at: &str) -> Held<T> {
        self.counts.lock(campaign_id, sent_at).await
    }
}

/// A campaign's entry, and the sending it is of (the campaign's delivery
/// time: a campaign sent again, or a demo made anew, starts from nothing).
#[derive(Default)]
pub(crate) struct Entry<T> {
    sent_at: Option<String>,
    /// Whether its file has been read.
    read: bool,
    counted: T,
}

/// A campaign's entry, shared by its readers.
type Shared<T> = Arc<tokio::sync::Mutex<Entry<T>>>;

/// An entry as a file holds it.
#[derive(Serialize, Deserialize)]
struct OnDisk<S, T> {
    sent_at: S,
    counted: T,
}

/// Entries kept per campaign: the entry of a campaign is locked while it is
/// brought up to date, so two readers of one campaign (the dashboard in
/// both themes) read it once. With a directory, each campaign's entry is
/// also kept in a file there and read back in a later session.
pub(crate) struct Store<T> {
    campaigns: Mutex<VecDeque<(i64, Shared<T>)>>,
    dir: Option<PathBuf>,
    /// Entries held in memory at most.
    most: usize,
}

impl<T> std::fmt::Debug for Store<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let campaigns = self.campaigns.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        f.debug_list().entries(campaigns.iter().map(|(id, _)| id)).finish()
    }
}

impl<T> Store<T> {
    fn kept_in(dir: Option<PathBuf>, most: usize) -> Self {
        Store { campaigns: Mutex::new(VecDeque::new()), dir, most }
    }

    fn file(&self, campaign_id: i64) -> Option<PathBuf> {
        self.dir.as_ref().map(|dir| dir.join(format!("{campaign_id}.json")))
    }
}

impl<T: Default> Store<T> {
    /// The campaign's entry, made the most recently used.
    fn of(&self, campaign_id: i64) -> Shared<T> {
        let mut campaigns = self.campaigns.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = match campaigns.iter().position(|(id, _)| *id == campaign_id) {
            Some(at) => campaigns.remove(at).map(|(_, entry)| entry).unwrap_or_default(),
            None => Arc::default(),
        };
        campaigns.push_back((campaign_id, entry.clone()));
        if campaigns.len() > self.most {
            campaigns.pop_front();
        }
        entry
    }
}

impl<T: Default + Serialize + DeserializeOwned + Send + 'static> Store<T> {
    /// The entry of the campaign's sending at `sent_at`, locked until the
    /// answer is dropped; read from its file the first time, or started
    /// anew when nothing was kept of that sending.
    pub(crate) async fn lock(&self, campaign_id: i64, sent_at: &str) -> Held<T> {
        let mut held = self.lock_kept(campaign_id).await;
        held.of_sending(sent_at);
        held
    }

    /// The campaign's entry of whichever sending was kept, locked: for a
    /// reader that learns the sending only from the request it may spare.
    pub(crate) async fn lock_kept(&self, campaign_id: i64) -> Held<T> {
        let mut entry = self.of(campaign_id).lock_owned().await;
        let file = self.file(campaign_id);
        if !entry.read {
            let read = match file.clone() {
                Some(file) => crate::blocking::blocking(move || read_kept::<T>(&file)).await.ok().flatten(),
                None => None,
            };
            if let Some(kept) = read {
                entry.sent_at = Some(kept.sent_at);
                entry.counted = kept.counted;
            }
            entry.read = true;
        }
        Held { entry, file }
    }
}

/// What a file holds, if it holds an entry (a damaged one is read anew).
fn read_kept<T: DeserializeOwned>(file: &Path) -> Option<OnDisk<String, T>> {
    serde_json::from_slice(&std::fs::read(file).ok()?).ok()
}

/// A campaign's entry, locked (see [`Store::lock`]).
pub(crate) struct Held<T> {
    entry: OwnedMutexGuard<Entry<T>>,
    file: Option<PathBuf>,
}

impl<T> std::ops::Deref for Held<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.entry.counted
    }
}

impl<T> std::ops::DerefMut for Held<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.entry.counted
    }
}

impl<T: Default> Held<T> {
    /// Makes it the entry of the sending at `sent_at`: what was kept of
    /// another sending is dropped.
    pub(crate) fn of_sending(&mut self, sent_at: &str) {
        if self.entry.sent_at.as_deref() != Some(sent_at) {
            self.entry.counted = T::default();
            self.entry.sent_at = Some(sent_at.to_string());
        }
    }

    /// The sending it is of, if any was kept.
    #[cfg(test)]
    pub(crate) fn sending(&self) -> Option<&str> {
        self.entry.sent_at.as_deref()
    }
}

impl<T: Serialize> Held<T> {
    /// Writes the entry to its file for a later session, whole or not at
    /// all. A hint, not the user's work: a file that cannot be written
    /// costs a request again.
    pub(crate) async fn keep(&self) {
        let (Some(file), Some(sent_at)) = (self.file.clone(), self.entry.sent_at.as_deref()) else { return };
        let Ok(bytes) = serde_json::to_vec(&OnDisk { sent_at, counted: &self.entry.counted }) else { return };
        let _ = crate::blocking::blocking(move || {
            file.parent().map(crate::private::create_dir_all).transpose()?;
            crate::files::write_whole(&file, &bytes)
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_count_kept_on_disk_comes_back_for_the_same_sending_only() {
        let dir = tempfile::tempdir().unwrap();
        let kept_in = || Kept::<Vec<String>>::kept_in(Some(dir.path().to_path_buf()));
        let sent = "2026-03-02 10:00:00";
        let session = kept_in();
        let mut held = session.lock(7, sent).await;
        held.push("an open".into());
        held.keep().await;
        drop(held);
        assert_eq!(*kept_in().lock(7, sent).await, ["an open"], "a later session reads it back");
        assert!(kept_in().lock(8, sent).await.is_empty(), "another campaign has its own");
        assert!(kept_in().lock(7, "2026-04-01 09:00:00").await.is_empty(), "another sending starts from nothing");
        assert!(session.lock(7, "2026-04-01 09:00:00").await.is_empty(), "in the same session too");
        std::fs::write(dir.path().join("7.json"), "{damaged").unwrap();
        assert!(kept_in().lock(7, sent).await.is_empty(), "a damaged file is counted anew");
        let memory_only = Kept::<Vec<String>>::default();
        memory_only.lock(7, sent).await.keep().await;
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "a session without a directory writes nothing");
    }

    #[tokio::test]
    async fn an_entry_read_before_its_sending_is_known_tells_which_sending_it_is_of() {
        let dir = tempfile::tempdir().unwrap();
        let store = || Store::<Vec<String>>::kept_in(Some(dir.path().to_path_buf()), KEPT);
        let mut held = store().lock(7, "2026-03-02 10:00:00").await;
        held.push("a figure".into());
        held.keep().await;
        drop(held);
        let mut later = store().lock_kept(7).await;
        assert_eq!(later.sending(), Some("2026-03-02 10:00:00"));
        assert_eq!(*later, ["a figure"]);
        later.of_sending("2026-04-01 09:00:00");
        assert!(later.is_empty(), "another sending's is dropped");
        assert_eq!(store().lock_kept(8).await.sending(), None, "nothing kept");
    }

    #[test]
    fn a_session_keeps_the_campaigns_used_last() {
        let kept: Store<u8> = Store::kept_in(None, KEPT);
        let first = kept.of(1);
        assert!(Arc::ptr_eq(&first, &kept.of(1)), "the same entry again");
        for id in 2..=KEPT as i64 {
            kept.of(id);
        }
        kept.of(1);
        kept.of(100);
        let ids: Vec<i64> = kept.campaigns.lock().unwrap().iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, [3, 4, 5, 6, 7, 8, 1, 100], "campaign 2, used longest ago, went");
        assert!(Arc::ptr_eq(&first, &kept.of(1)), "used lately, so kept");
    }
}
