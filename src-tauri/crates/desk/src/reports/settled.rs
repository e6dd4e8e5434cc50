//! Counting a campaign's events without reading them twice. Events reach
//! the service's statistics a few seconds after they happen and are never
//! changed after, so what is counted up to a moment well before the newest
//! event is final: it is kept, in the session and on disk per account, and
//! the next count (the dashboard opened again, refreshed while the campaign
//! is sending, or opened after a restart) reads only the events from that
//! moment on.

use super::event_walk::{each_event, MOST_EVENTS, PAGE};
use super::plausible::Plausible;
use super::rows::campaign_span;
use crate::desk::Session;
use crate::error::Result;
use crate::views::service_moment;
use api::reports::{Event, EventQuery};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tokio::sync::OwnedMutexGuard;

/// How late an event may reach the statistics, by default: the service
/// says "a few seconds"; events this long before the newest one read are
/// taken as final.
pub const REPORT_LAG: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Campaigns whose counts a session holds in memory; the one used longest ago goes first.
const KEPT: usize = 8;

/// A count that events are added to one at a time: what it needs of an
/// event (a small fact, kept while the event may not be final), then the
/// adding of it.
pub(crate) trait Fold: Clone + Default {
    type Fact;
    fn fact(event: &Event) -> Self::Fact;
    fn add(&mut self, fact: &Self::Fact);
}

/// What is counted of one type of a campaign's events: every event before
/// `until` (the service's time, `YYYY-MM-DD HH:MM:SS`).
#[derive(Clone, Default, Serialize, Deserialize)]
pub(crate) struct Settled<T> {
    until: Option<String>,
    counted: T,
}

/// A campaign's count, and the sending it counts (the campaign's delivery
/// time: a campaign sent again, or a demo made anew, starts from nothing).
#[derive(Default)]
pub(crate) struct Entry<T> {
    sent_at: Option<String>,
    counted: T,
}

/// A campaign's entry, shared by its readers.
type Shared<T> = Arc<tokio::sync::Mutex<Entry<T>>>;

/// A count as a file holds it.
#[derive(Serialize, Deserialize)]
struct OnDisk<S, T> {
    sent_at: S,
    counted: T,
}

/// The counts kept per campaign: the entry of a campaign is locked while
/// it is brought up to date, so two readers of one campaign (the dashboard
/// in both themes) read its events once. With a directory, each campaign's
/// count is also kept in a file there and read back in a later session.
pub(crate) struct Kept<T> {
    campaigns: Mutex<VecDeque<(i64, Shared<T>)>>,
    dir: Option<PathBuf>,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept::kept_in(None)
    }
}

impl<T> std::fmt::Debug for Kept<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let campaigns = self.campaigns.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        f.debug_list().entries(campaigns.iter().map(|(id, _)| id)).finish()
    }
}

impl<T> Kept<T> {
    /// Counts kept in memory and, when `dir` is given, in files there.
    pub(crate) fn kept_in(dir: Option<PathBuf>) -> Self {
        Kept { campaigns: Mutex::new(VecDeque::new()), dir }
    }
}

impl<T: Default> Kept<T> {
    /// The campaign's entry, made the most recently used.
    fn of(&self, campaign_id: i64) -> Shared<T> {
        let mut campaigns = self.campaigns.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = match campaigns.iter().position(|(id, _)| *id == campaign_id) {
            Some(at) => campaigns.remove(at).map(|(_, entry)| entry).unwrap_or_default(),
            None => Arc::default(),
        };
        campaigns.push_back((campaign_id, entry.clone()));
        if campaigns.len() > KEPT {
            campaigns.pop_front();
        }
        entry
    }
}

impl<T: Default + Serialize + DeserializeOwned + Send + 'static> Kept<T> {
    /// The count of the campaign's sending at `sent_at`, locked until the
    /// answer is dropped; read from its file the first time, or started
    /// anew when nothing was kept of that sending.
    pub(crate) async fn lock(&self, campaign_id: i64, sent_at: &str) -> Held<T> {
        let mut entry = self.of(campaign_id).lock_owned().await;
        let file = self.dir.as_ref().map(|dir| dir.join(format!("{campaign_id}.json")));
        if entry.sent_at.as_deref() != Some(sent_at) {
            let read = match file.clone() {
                Some(file) => tokio::task::spawn_blocking(move || read_kept::<T>(&file)).await.ok().flatten(),
                None => None,
            };
            entry.counted = read.filter(|kept| kept.sent_at == sent_at).map(|kept| kept.counted).unwrap_or_default();
            entry.sent_at = Some(sent_at.to_string());
        }
        Held { entry, file }
    }
}

/// What a file holds, if it holds a count (a damaged one is counted anew).
fn read_kept<T: DeserializeOwned>(file: &Path) -> Option<OnDisk<String, T>> {
    serde_json::from_slice(&std::fs::read(file).ok()?).ok()
}

/// A campaign's count, locked (see [`Kept::lock`]).
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

impl<T: Serialize> Held<T> {
    /// Writes the count to its file for a later session. A hint, not the
    /// user's work: a file that cannot be written costs a recount.
    pub(crate) async fn keep(&self) {
        let (Some(file), Some(sent_at)) = (self.file.clone(), self.entry.sent_at.as_deref()) else { return };
        let Ok(bytes) = serde_json::to_vec(&OnDisk { sent_at, counted: &self.entry.counted }) else { return };
        let _ = tokio::task::spawn_blocking(move || {
            file.parent().map(crate::private::create_dir_all).transpose()?;
            crate::files::write_whole(&file, &bytes)
        })
        .await;
    }
}

impl<T: Fold> Settled<T> {
    /// The moment before which every event is counted, if any is.
    pub(crate) fn until(&self) -> Option<&str> {
        self.until.as_deref()
    }

    /// Reads the campaign's events of type `kind` that came since the last
    /// count, keeps what is now final, and returns the count of them all.
    /// A read that breaks off (a dropped connection, a server error) keeps
    /// what it read that is final, so the next one reads on from there.
    /// `on_read` hears how many events this read has taken in, as it goes.
    pub(crate) async fn bring_up_to_date(
        &mut self,
        session: &Session,
        campaign: &api::campaigns::Campaign,
        kind: &str,
        on_read: impl Fn(u64),
    ) -> Result<T> {
        let (first, to) = campaign_span(campaign);
        let from = self.until.clone().unwrap_or(first);
        let client = session.client();
        let mut next = Window::after(self.clone(), session.report_lag, Plausible::of(campaign));
        let mut taken = 0;
        let read = each_event(
            client,
            *campaign.id,
            EventQuery { from: Some(from), to: Some(to), event_type: Some(kind.into()), ..EventQuery::default() },
            MOST_EVENTS,
            |event| {
                next.push(event);
                taken += 1;
                if taken % PAGE == 0 {
                    on_read(taken);
                }
            },
        )
        .await;
        on_read(taken);
        // Events come in time order: every one before the final moment has been read.
        let (settled, now) = next.finish();
        *self = settled;
        read.map(|()| now)
    }
}

/// Events being read in time order: those more than the report lag before
/// the newest go into the settled count as the newest moves on; the rest wait.
/// An event dated outside the campaign's span is dropped: one dated in the
/// future would make every event before it look final.
struct Window<T: Fold> {
    settled: Settled<T>,
    span: Plausible,
    /// The events not yet final: their times and facts.
    recent: VecDeque<(String, T::Fact)>,
    lag: chrono::Duration,
    /// The newest event's time, and the moment the lag before it.
    newest: String,
    final_before: Option<String>,
}

impl<T: Fold> Window<T> {
    fn after(settled: Settled<T>, lag: std::time::Duration, span: Plausible) -> Self {
        let lag = chrono::Duration::from_std(lag).unwrap_or(chrono::Duration::MAX);
        Window { settled, span, recent: VecDeque::new(), lag, newest: String::new(), final_before: None }
    }

    fn push(&mut self, event: Event) {
        if self.span.moment(&event.event_time).is_none() {
            return;
        }
        if event.event_time.as_str() > self.newest.as_str() {
            self.newest = event.event_time.to_string();
            self.final_before = service_moment(&self.newest)
                .and_then(|t| t.checked_sub_signed(self.lag))
                .map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string());
            self.settle();
        }
        let fact = T::fact(&event);
        self.recent.push_back((event.event_time.0, fact));
    }

    /// Moves the events before the final moment into the settled count.
    fn settle(&mut self) {
        let Some(before) = self.final_before.as_deref() else { return };
        if self.settled.until.as_deref().is_some_and(|until| until >= before) {
            return;
        }
        while self.recent.front().is_some_and(|(time, _)| time.as_str() < before) {
            if let Some((_, fact)) = self.recent.pop_front() {
                self.settled.counted.add(&fact);
            }
        }
        self.settled.until = Some(before.to_string());
    }

    /// What is now final, and the count of every event read.
    fn finish(mut self) -> (Settled<T>, T) {
        self.settle();
        let mut now = self.settled.counted.clone();
        self.recent.iter().for_each(|(_, fact)| now.add(fact));
        (self.settled, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The opens' times, in the order they were counted.
    #[derive(Clone, Default, Debug, PartialEq)]
    struct Times(Vec<String>);

    impl Fold for Times {
        type Fact = String;
        fn fact(event: &Event) -> String {
            event.event_time.to_string()
        }
        fn add(&mut self, time: &String) {
            self.0.push(time.clone());
        }
    }

    fn at(time: &str) -> Event {
        serde_json::from_value(serde_json::json!({
            "event_time": time, "event_type": "OPENED", "email": "a@b.example", "member_id": 1,
        }))
        .unwrap()
    }

    fn read(settled: Settled<Times>, times: &[&str]) -> (Settled<Times>, Times) {
        let mut window = Window::after(settled, REPORT_LAG, Plausible::since(Some("2026-03-02 09:00:00")));
        times.iter().for_each(|t| window.push(at(t)));
        window.finish()
    }

    #[test]
    fn an_event_dated_in_the_year_one_or_far_ahead_is_dropped_and_moves_nothing() {
        let (settled, now) =
            read(Settled::default(), &["0001-01-01 00:00:00", "2026-03-02 10:00:00", "9999-01-01 00:00:00"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 09:50:00"), "final before the plausible newest only");
        assert_eq!(now.0, ["2026-03-02 10:00:00"]);
    }

    #[test]
    fn events_ten_minutes_before_the_newest_are_kept_and_the_rest_counted_but_not_kept() {
        let (settled, now) =
            read(Settled::default(), &["2026-03-02 10:00:00", "2026-03-02 10:05:59", "2026-03-02 10:20:30"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:10:30"));
        assert_eq!(settled.counted.0, ["2026-03-02 10:00:00", "2026-03-02 10:05:59"]);
        assert_eq!(now.0.len(), 3, "the last one is counted too, only not kept");
    }

    #[test]
    fn the_next_read_adds_to_what_was_kept_and_never_counts_an_event_twice() {
        let (settled, _) = read(Settled::default(), &["2026-03-02 10:00:00", "2026-03-02 10:20:30"]);
        // The next read starts at `until`: the open at 10:20:30 comes again.
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:10:30"));
        let (settled, now) = read(settled, &["2026-03-02 10:20:30", "2026-03-02 10:25:00"]);
        assert_eq!(now.0, ["2026-03-02 10:00:00", "2026-03-02 10:20:30", "2026-03-02 10:25:00"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:15:00"));
        let (settled, now) = read(settled, &["2026-03-02 10:20:30", "2026-03-02 10:25:00", "2026-03-03 08:00:00"]);
        assert_eq!(settled.counted.0, ["2026-03-02 10:00:00", "2026-03-02 10:20:30", "2026-03-02 10:25:00"]);
        assert_eq!(now.0.len(), 4);
    }

    #[test]
    fn an_event_at_the_final_moment_itself_waits_for_the_next_read_which_starts_there() {
        let (settled, now) =
            read(Settled::default(), &["2026-03-02 10:09:59", "2026-03-02 10:10:00", "2026-03-02 10:20:00"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:10:00"));
        assert_eq!(settled.counted.0, ["2026-03-02 10:09:59"]);
        assert_eq!(now.0.len(), 3);
    }

    #[test]
    fn nothing_new_keeps_what_was_kept() {
        let (settled, _) = read(Settled::default(), &["2026-03-02 10:00:00", "2026-03-02 10:20:30"]);
        let (again, now) = read(settled.clone(), &["2026-03-02 10:20:30"]);
        assert_eq!(again.until, settled.until, "the moment never goes back");
        assert_eq!(again.counted, settled.counted);
        assert_eq!(now.0.len(), 2);
    }

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

    #[test]
    fn a_session_keeps_the_campaigns_used_last() {
        let kept: Kept<u8> = Kept::default();
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
