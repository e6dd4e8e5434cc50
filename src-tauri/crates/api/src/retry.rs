//! How requests are tried again: reads after connection errors, timeouts
//! and 5xx, with backoff and jitter, and after the service asked to slow
//! down (HTTP 429 on v2, code 58 on either interface) once the time it
//! asked for has passed. All of it within one overall deadline: a wait that
//! would end past it is not waited, and the error says when to try again.
//! A write is never sent again by itself: throttled, it comes back saying
//! how long to wait.

use crate::error::{plausible_wait, Error, Result, DEFAULT_RETRY_AFTER};
use std::time::{Duration, SystemTime};
use tokio::time::Instant;

/// How requests are retried.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    pub max_retries: u32,
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// The longest one request may take, its retries and waits included.
    pub deadline: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            base_delay: Duration::from_millis(300),
            max_delay: Duration::from_secs(5),
            // About as long as a person watches a screen load before giving
            // up on it; a longer wait the service asks for is said, not waited.
            deadline: Duration::from_secs(90),
        }
    }
}

impl RetryPolicy {
    /// Exponential backoff with full jitter.
    pub(crate) fn backoff(&self, attempt: u32) -> Duration {
        let ceiling = self.base_delay.saturating_mul(1u32 << attempt.min(16)).min(self.max_delay);
        ceiling.mul_f64(0.5 + fastrand::f64() / 2.0)
    }

    /// Runs `attempt_once` until it succeeds, fails for good, or the
    /// deadline comes. A read's attempt is cut at the deadline; a write's is
    /// never cut short (its outcome would be unknown), only not repeated.
    pub(crate) async fn run<T, F, Fut>(&self, idempotent: bool, mut attempt_once: F) -> Result<T>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T>>,
    {
        let deadline = Instant::now() + self.deadline;
        let mut attempt = 0;
        let mut throttles = 0;
        loop {
            let outcome = if idempotent {
                tokio::time::timeout_at(deadline, attempt_once()).await.unwrap_or(Err(Error::Timeout))
            } else {
                attempt_once().await
            };
            let err = match outcome {
                Ok(value) => return Ok(value),
                Err(err) => err,
            };
            let (wait, throttled) = match &err {
                _ if !idempotent => return Err(err),
                Error::Service(e) if e.is_throttled() => {
                    // A service that says "now" (0) is given a backoff all
                    // the same, so that it is not asked again in a tight loop.
                    let seconds = e.throttled_for().unwrap_or(DEFAULT_RETRY_AFTER);
                    let wait = if seconds == 0 { self.backoff(throttles) } else { Duration::from_secs(seconds) };
                    (wait, true)
                }
                e if e.is_transient() => (self.backoff(attempt), false),
                _ => return Err(err),
            };
            // Waiting as told is bounded by the deadline, not by the count
            // of retries: a burst over the limit may be told to wait more than once.
            let out_of_tries = if throttled { throttles >= MAX_THROTTLED_RETRIES } else { attempt >= self.max_retries };
            // Compared with the time left, never added to now: a service may ask for any wait.
            if out_of_tries || wait >= deadline.saturating_duration_since(Instant::now()) {
                return Err(err);
            }
            if throttled {
                log::info!(target: "api", "the service asked to slow down; trying again in {} ms", wait.as_millis());
                throttles += 1;
            } else {
                attempt += 1;
            }
            tokio::time::sleep(wait).await;
        }
    }
}

/// Throttled answers a read waits out before it gives up, whatever the
/// deadline: a service that keeps asking for no wait is not asked for ever.
const MAX_THROTTLED_RETRIES: u32 = 30;

/// Seconds a `Retry-After` header asks to wait: a number of seconds, or an
/// HTTP date counted from `now` (a date already past is no wait).
pub(crate) fn retry_after_header(value: &str, now: SystemTime) -> Option<u64> {
    let value = value.trim();
    if let Ok(seconds) = value.parse() {
        return Some(plausible_wait(seconds));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    let seconds = at.duration_since(now).map_or(0, |wait| wait.as_secs() + u64::from(wait.subsec_nanos() > 0));
    Some(plausible_wait(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LONGEST_RETRY_AFTER;

    #[test]
    fn backoff_grows_and_stays_under_the_cap() {
        let p = RetryPolicy {
            max_retries: 5,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(800),
            deadline: Duration::from_secs(1),
        };
        for attempt in 0..10 {
            let d = p.backoff(attempt);
            let ceiling = Duration::from_millis(100 * (1 << attempt.min(3)));
            assert!(d <= ceiling && d >= ceiling / 2, "attempt {attempt}: {d:?}");
        }
    }

    #[test]
    fn retry_after_is_seconds_or_an_http_date() {
        let now = httpdate::parse_http_date("Wed, 25 Nov 2026 12:00:00 GMT").unwrap();
        assert_eq!(retry_after_header(" 120 ", now), Some(120));
        assert_eq!(retry_after_header("Wed, 25 Nov 2026 12:01:30 GMT", now), Some(90));
        assert_eq!(retry_after_header("Wed, 25 Nov 2026 11:59:00 GMT", now), Some(0), "a date past is no wait");
        assert_eq!(retry_after_header("soon", now), None);
        let a_bit_before = now - Duration::from_millis(300);
        assert_eq!(retry_after_header("Wed, 25 Nov 2026 12:00:01 GMT", a_bit_before), Some(2), "rounded up");
    }

    #[test]
    fn an_endless_retry_after_is_read_as_the_longest_wait() {
        let now = httpdate::parse_http_date("Wed, 25 Nov 2026 12:00:00 GMT").unwrap();
        assert_eq!(retry_after_header(&u64::MAX.to_string(), now), Some(LONGEST_RETRY_AFTER));
        assert_eq!(retry_after_header("Fri, 31 Dec 9999 23:59:59 GMT", now), Some(LONGEST_RETRY_AFTER));
    }

    fn throttled(details: serde_json::Value) -> Error {
        Error::Service(crate::error::ServiceError {
            interface: crate::error::Interface::V2,
            status: 429,
            code: 58,
            message: "slow down".into(),
            details,
        })
    }

    #[tokio::test]
    async fn a_429_asking_for_an_endless_wait_fails_at_once_without_a_panic() {
        let policy = RetryPolicy { deadline: Duration::from_secs(5), ..RetryPolicy::default() };
        for details in
            [serde_json::json!({"retry_after": u64::MAX}), serde_json::json!({"retry_after": u64::MAX.to_string()})]
        {
            let mut tries = 0;
            let started = std::time::Instant::now();
            let err = policy
                .run(true, || {
                    tries += 1;
                    let err = throttled(details.clone());
                    async move { Err::<(), _>(err) }
                })
                .await
                .unwrap_err();
            assert_eq!(tries, 1, "not waited, not tried again");
            assert!(started.elapsed() < Duration::from_secs(1));
            let Error::Service(refusal) = err else { panic!("{err:?}") };
            assert_eq!(refusal.retry_after(), Some(LONGEST_RETRY_AFTER), "a wait the user can be told");
        }
    }
}
