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

/// The user's screens' reads: how many are under way, and when the last ended.
#[derive(Default)]
struct Screens {
    reading: usize,
    ended: Option<Instant>,
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

    fn every(&self) -> Duration {
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
    /// ago, no screen reading, and none for half of `every`.
    pub(crate) async fn turn(&self) {
        let mut last = self.last.lock().await;
        loop {
            let now = Instant::now();
            let every = self.every();
            let (reading, ended) = {
                let screens = self.screens();
                (screens.reading, screens.ended)
            };
            let mut at = last.map_or(now, |last| last + every);
            if let Some(ended) = ended {
                at = at.max(ended + every / 2);
            }
            if reading == 0 && at <= now {
                break;
            }
            let wait = if reading > 0 { every / 2 } else { at - now };
            tokio::time::sleep(wait.clamp(Duration::from_millis(1), LOOK_AGAIN)).await;
        }
        *last = Some(Instant::now());
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
}
