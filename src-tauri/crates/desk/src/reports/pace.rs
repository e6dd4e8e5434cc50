//! The pace of what a session reads in the background (counting the last
//! campaigns ahead): one request at a time, at most one every
//! [`BACKGROUND_EVERY`] (ten a minute, against the service's limit of a
//! hundred and twenty), and none while the user's screens are reading or
//! have just read: the background never spends the user's minute, and
//! never makes the screen they look at wait. Its requests go through the
//! client's background side too (`api::Client::background`), which shares
//! the account's request budget with the user's requests and lets them first.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The least time between two background requests.
pub const BACKGROUND_EVERY: Duration = Duration::from_secs(6);

/// The longest a waiting turn sleeps before it looks again (a screen may
/// have finished reading meanwhile).
const LOOK_AGAIN: Duration = Duration::from_millis(250);

pub(crate) struct Pace {
    every: Mutex<Duration>,
    /// When the last background request was let go; a lock, so that turns
    /// are given one at a time.
    last: tokio::sync::Mutex<Option<Instant>>,
    screens: Mutex<Screens>,
}

/// The user's screens' reads: how many are under way, and when the last
/// ended; and how many screens wait for the background.
#[derive(Default)]
struct Screens {
    reading: usize,
    ended: Option<Instant>,
    awaited: usize,
}

impl Default for Pace {
    fn default() -> Self {
        Pace { every: Mutex::new(BACKGROUND_EVERY), last: Default::default(), screens: Default::default() }
    }
}

/// A screen's read under way; the background waits until it is dropped
/// (and a while after).
pub(crate) struct Reading<'a>(&'a Pace);

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        let mut screens = self.0.screens();
        screens.reading = screens.reading.saturating_sub(1);
        screens.ended = Some(Instant::now());
    }
}

impl Pace {
    fn screens(&self) -> std::sync::MutexGuard<'_, Screens> {
        self.screens.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The least time between two background requests.
    pub(crate) fn every(&self) -> Duration {
        *self.every.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sets the least time between two background requests (tests run it faster).
    pub(crate) fn set_every(&self, every: Duration) {
        *self.every.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = every;
    }

    /// A screen the user looks at is reading: the background holds back.
    pub(crate) fn screen_reads(&self) -> Reading<'_> {
        self.screens().reading += 1;
        Reading(self)
    }

    /// Waits for the background's next turn: its last request `every`
    /// ago, no screen reading, and none for half of `every`; and none
    /// while a screen is waiting for the background (see [`Pace::awaited`]).
    pub(crate) async fn turn(&self) {
        self.turn_within(None).await
    }

    /// A screen on show waits for what the background reads (the overview
    /// filling in its charts): its turns come `sooner` (see
    /// [`Pace::turn_within`]), and the rest of the background's wait.
    pub(crate) fn awaited(&self) -> Awaited<'_> {
        self.screens().awaited += 1;
        Awaited(self)
    }

    /// Waits for a turn as [`Pace::turn`] does, but `sooner` after the last
    /// request when that is sooner than the pace's own, and first: for what
    /// a screen on show waits for, under [`Pace::awaited`].
    pub(crate) async fn turn_within(&self, sooner: Option<Duration>) {
        loop {
            let now = Instant::now();
            let every = sooner.map_or(self.every(), |sooner| sooner.min(self.every()));
            let (reading, ended, awaited) = {
                let screens = self.screens();
                (screens.reading, screens.ended, screens.awaited)
            };
            // The lock is held only to look and take the turn: a turn waiting
            // for its time does not keep a sooner one from it.
            let mut last = self.last.lock().await;
            let mut at = last.map_or(now, |last| last + every);
            if let Some(ended) = ended {
                at = at.max(ended + every / 2);
            }
            let held_back = awaited > 0 && sooner.is_none();
            if reading == 0 && !held_back && at <= now {
                *last = Some(now);
                return;
            }
            drop(last);
            let wait = if reading > 0 || held_back { every / 2 } else { at - now };
            tokio::time::sleep(wait.clamp(Duration::from_millis(1), LOOK_AGAIN)).await;
        }
    }
}

/// A screen waiting for the background; its turns come first until this is dropped.
pub(crate) struct Awaited<'a>(&'a Pace);

impl Drop for Awaited<'_> {
    fn drop(&mut self) {
        let mut screens = self.0.screens();
        screens.awaited = screens.awaited.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[tokio::test]
    async fn turns_come_one_every_so_often_and_wait_for_the_screens() {
        let every = Duration::from_millis(80);
        let pace = Arc::new(Pace::default());
        pace.set_every(every);
        let start = Instant::now();
        pace.turn().await;
        assert!(start.elapsed() < every, "the first turn at once");
        pace.turn().await;
        pace.turn().await;
        assert!(start.elapsed() >= 2 * every, "then one every so often, never a burst: {:?}", start.elapsed());

        let screen = pace.screen_reads();
        let background = pace.clone();
        let waiting = tokio::spawn(async move {
            background.turn().await;
            Instant::now()
        });
        tokio::time::sleep(every * 3).await;
        assert!(!waiting.is_finished(), "no turn while a screen reads");
        let ended = Instant::now();
        drop(screen);
        let turned = waiting.await.unwrap();
        assert!(turned >= ended + every / 2, "nor just after it");
    }

    #[tokio::test]
    async fn what_a_screen_waits_for_comes_sooner_and_first() {
        let every = Duration::from_millis(400);
        let sooner = Duration::from_millis(40);
        let pace = Arc::new(Pace::default());
        pace.set_every(every);
        pace.turn().await;
        let counting = pace.clone();
        let plain = tokio::spawn(async move {
            counting.turn().await;
            Instant::now()
        });
        let awaited = pace.awaited();
        let start = Instant::now();
        for _ in 0..5 {
            pace.turn_within(Some(sooner)).await;
        }
        let done = Instant::now();
        assert!(done - start < every, "five sooner turns before one plain one was due: {:?}", done - start);
        assert!(!plain.is_finished(), "the plain turn waits while a screen waits");
        drop(awaited);
        assert!(plain.await.unwrap() >= done + every / 2, "then it comes, a whole turn after");
    }
}
