//! Fault injection for reliability tests: added latency, a share of 503
//! answers, dropped connections, and throttled answers with `retry_after`
//! (429 on v2, `err_code` 58 on the legacy interface, as the rate limit
//! answers). Deterministic for a given seed.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Faults {
    /// Added to every answer.
    pub latency: Duration,
    /// Share of requests answered 503 (0 to 1).
    pub fail_rate: f64,
    /// Share of requests whose connection drops before the answer is complete.
    pub drop_rate: f64,
    /// Share of requests answered 429 with `details.retry_after`.
    pub throttle_rate: f64,
    /// Seconds a 429 asks the client to wait.
    pub retry_after: u64,
    /// Share of writes (any method but GET) that are carried out and whose
    /// connection is then cut before the answer arrives: the client cannot
    /// know the change was made.
    pub applied_drop_rate: f64,
    /// Requests answered before the network goes for good: every later
    /// connection drops (a connection lost in the middle of long work).
    pub down_after: Option<u64>,
    /// Every paged read answers its first page, whatever `start` or `offset` asks.
    pub ignore_offset: bool,
    /// `meta.has_more` is always true, and a legacy page (which says more
    /// follow by being full) is filled to its limit with its own rows.
    pub has_more_forever: bool,
    /// One event time (or timeline hour) in three reads `0001-01-01 00:00:00`.
    pub bad_timestamp: bool,
}

impl Faults {
    /// Whether answers are rewritten to say something untrue (see [`crate::misreport`]).
    pub fn misreports(&self) -> bool {
        self.ignore_offset || self.has_more_forever || self.bad_timestamp
    }

    pub fn any(&self) -> bool {
        !self.latency.is_zero()
            || self.fail_rate > 0.0
            || self.drop_rate > 0.0
            || self.throttle_rate > 0.0
            || self.applied_drop_rate > 0.0
            || self.down_after.is_some()
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Fault {
    Fail,
    Drop,
    Throttle,
}

pub struct Injector {
    faults: Faults,
    rng: Mutex<fastrand::Rng>,
    /// Requests come so far.
    come: AtomicU64,
}

impl Injector {
    pub fn new(faults: Faults, seed: u64) -> Arc<Self> {
        Arc::new(Injector { faults, rng: Mutex::new(fastrand::Rng::with_seed(seed)), come: AtomicU64::new(0) })
    }

    fn roll(&self) -> f64 {
        self.rng.lock().unwrap_or_else(|p| p.into_inner()).f64()
    }

    fn draw(&self) -> Option<Fault> {
        let roll = self.roll();
        let f = &self.faults;
        if roll < f.fail_rate {
            Some(Fault::Fail)
        } else if roll < f.fail_rate + f.drop_rate {
            Some(Fault::Drop)
        } else if roll < f.fail_rate + f.drop_rate + f.throttle_rate {
            Some(Fault::Throttle)
        } else {
            None
        }
    }
}

pub async fn inject(State(injector): State<Arc<Injector>>, request: Request, next: Next) -> Response {
    // A test's own channel (putting mail in, reading the request log) is
    // not the service under test: faults there would only make tests flaky.
    if request.uri().path().starts_with("/v2/sandbox/") {
        return next.run(request).await;
    }
    if !injector.faults.latency.is_zero() {
        tokio::time::sleep(injector.faults.latency).await;
    }
    let legacy = request.uri().path() == "/";
    let (request, write) =
        if injector.faults.applied_drop_rate > 0.0 { writes(request).await } else { (request, false) };
    if injector.faults.down_after.is_some_and(|answered| injector.come.fetch_add(1, Ordering::SeqCst) >= answered) {
        return broken_answer(StatusCode::OK);
    }
    match injector.draw() {
        None if write
            && injector.faults.applied_drop_rate > 0.0
            && injector.roll() < injector.faults.applied_drop_rate =>
        {
            let answer = next.run(request).await;
            broken_answer(answer.status())
        }
        None => next.run(request).await,
        Some(Fault::Fail) => {
            crate::http::v2::error(crate::fault::Fault::new(503, 503, "Service temporarily unavailable (injected)"))
        }
        // In the shape the rate limit answers, the legacy interface's included.
        Some(Fault::Throttle) => crate::http::gate::throttled(legacy, 120, injector.faults.retry_after),
        Some(Fault::Drop) => broken_answer(StatusCode::OK),
    }
}

/// The request, and whether it changes something: any REST method but GET;
/// a legacy call (a POST whatever it does) only when its method is not one
/// that reads, so reads of the legacy interface are never taken for writes.
async fn writes(request: Request) -> (Request, bool) {
    if request.method() == axum::http::Method::GET {
        return (request, false);
    }
    if request.uri().path() != "/" {
        return (request, true);
    }
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap_or_default();
    let mut params = crate::http::form_params(parts.uri.query().unwrap_or(""));
    params.extend(crate::http::body_params(&bytes).unwrap_or_default());
    let reads = params.get("method").and_then(|m| m.as_str()).is_some_and(legacy_read);
    (Request::from_parts(parts, Body::from(bytes)), !reads)
}

/// Legacy methods that only read.
fn legacy_read(method: &str) -> bool {
    let (group, name) = method.split_once('.').unwrap_or(("", method));
    group == "reports"
        || name.starts_with("get")
        || matches!(
            name,
            "list"
                | "find"
                | "messages"
                | "unreadCount"
                | "attachment"
                | "member_activity"
                | "check_email"
                | "last_status"
                | "estimate"
                | "preview"
                | "status"
                | "log"
                | "stats"
        )
}

/// Headers go out, then the body fails: the connection is cut mid-answer.
fn broken_answer(status: StatusCode) -> Response {
    let broken = futures_util::stream::once(async {
        Err::<axum::body::Bytes, std::io::Error>(std::io::Error::other("connection dropped (injected)"))
    });
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .body(Body::from_stream(broken))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_drawn_in_proportion() {
        let faults = Faults { fail_rate: 0.2, drop_rate: 0.1, throttle_rate: 0.1, ..Faults::default() };
        let injector = Injector::new(faults, 7);
        let draws: Vec<_> = (0..10_000).map(|_| injector.draw()).collect();
        let share = |f| draws.iter().filter(|d| **d == Some(f)).count() as f64 / 10_000.0;
        assert!((share(Fault::Fail) - 0.2).abs() < 0.02);
        assert!((share(Fault::Drop) - 0.1).abs() < 0.02);
        assert!((share(Fault::Throttle) - 0.1).abs() < 0.02);
    }

    #[test]
    fn legacy_reads_are_told_from_legacy_writes() {
        for read in ["dialogs.get", "dialogs.list", "dialogs.messages", "lists.get_members", "reports.summary"] {
            assert!(legacy_read(read), "{read}");
        }
        for write in ["dialogs.reply", "dialogs.markRead", "lists.unsubscribe_member", "campaigns.update"] {
            assert!(!legacy_read(write), "{write}");
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_faults() {
        let faults = Faults { fail_rate: 0.5, ..Faults::default() };
        let a: Vec<_> = (0..50)
            .map({
                let i = Injector::new(faults.clone(), 3);
                move |_| i.draw()
            })
            .collect();
        let b: Vec<_> = (0..50)
            .map({
                let i = Injector::new(faults.clone(), 3);
                move |_| i.draw()
            })
            .collect();
        assert_eq!(a, b);
    }
}
