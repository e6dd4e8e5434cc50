//! The service's per-account request limit (`--rate-limit N`): at most N
//! requests per key in any window (a minute, or `--rate-window S` for tests
//! that cannot wait a minute). The window slides: a slot frees the moment
//! the oldest request it holds is a window old, and a refusal says how many
//! seconds that is. Refused requests take no slot, so a client that waits
//! as told gets through.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug)]
pub struct RateLimit {
    /// Requests one key may make in a window.
    pub per_window: u32,
    pub window: Duration,
    /// Per key, when each request still in the window came, oldest first.
    taken: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl RateLimit {
    pub fn new(per_window: u32, window: Duration) -> Self {
        RateLimit { per_window, window, taken: Mutex::new(HashMap::new()) }
    }

    /// Takes a slot for `key` at `now`, or says in how many whole seconds
    /// (at least 1) the next one frees.
    pub fn admit(&self, key: &str, now: Instant) -> Result<(), u64> {
        let mut taken = self.taken.lock().unwrap_or_else(|p| p.into_inner());
        // Keys whose window has emptied are forgotten, so a stream of
        // made-up keys cannot grow the table without bound.
        if taken.len() > 1024 {
            taken.retain(|_, times| times.back().is_some_and(|last| now.duration_since(*last) < self.window));
        }
        let times = taken.entry(key.to_string()).or_default();
        while times.front().is_some_and(|first| now.duration_since(*first) >= self.window) {
            times.pop_front();
        }
        if times.len() < self.per_window as usize {
            times.push_back(now);
            return Ok(());
        }
        let frees_at = times.front().map_or(now, |first| *first + self.window);
        let wait = frees_at.saturating_duration_since(now);
        Err((wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1))
    }

    /// The limit as the service states it in a refusal: per minute.
    pub fn per_minute(&self) -> u64 {
        let minutes = self.window.as_secs_f64() / 60.0;
        if minutes <= 0.0 {
            return u64::from(self.per_window);
        }
        (f64::from(self.per_window) / minutes).round() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_gets_its_share_of_the_window_and_then_the_seconds_until_a_slot_frees() {
        let limit = RateLimit::new(3, Duration::from_secs(60));
        let start = Instant::now();
        for n in 0..3 {
            assert_eq!(limit.admit("a", start + Duration::from_secs(n)), Ok(()));
        }
        assert_eq!(limit.admit("a", start + Duration::from_secs(10)), Err(50), "the first frees at 60 s");
        assert_eq!(limit.admit("a", start + Duration::from_millis(59_500)), Err(1), "rounded up, never 0");
        assert_eq!(limit.admit("b", start + Duration::from_secs(10)), Ok(()), "another account has its own");
        assert_eq!(limit.admit("a", start + Duration::from_secs(60)), Ok(()), "the first slot freed");
        assert_eq!(limit.admit("a", start + Duration::from_secs(60)), Err(1));
    }

    #[test]
    fn refusals_take_no_slot() {
        let limit = RateLimit::new(1, Duration::from_secs(2));
        let start = Instant::now();
        assert_eq!(limit.admit("a", start), Ok(()));
        for ms in [100, 500, 1900] {
            assert!(limit.admit("a", start + Duration::from_millis(ms)).is_err());
        }
        assert_eq!(limit.admit("a", start + Duration::from_secs(2)), Ok(()), "refusals did not push the window on");
    }

    #[test]
    fn the_limit_is_stated_per_minute() {
        assert_eq!(RateLimit::new(120, Duration::from_secs(60)).per_minute(), 120);
        assert_eq!(RateLimit::new(5, Duration::from_secs(2)).per_minute(), 150);
    }
}
