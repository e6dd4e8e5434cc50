//! Fault injection for reliability tests: added latency, a share of 503
//! answers, dropped connections, and throttled answers with `retry_after`
//! (429 on v2, `err_code` 58 on the legacy interface, as the rate limit
//! answers); and, for a test that needs one fault in one place, the next
//! request to a named operation failed or its answer cut. Deterministic for
//! a given seed.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;
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
    /// Operations whose next request is answered 503 before it is carried
    /// out, once for each time one is named: a legacy method
    /// (`lists.get_unsubscribed`), or a REST method and path where `*`
    /// stands for one segment (`POST /v2/lists/*/fields`).
    pub fail_next: Vec<String>,
    /// Operations (named as in `fail_next`) whose next request is carried
    /// out and its connection then cut before the answer, once for each
    /// time one is named.
    pub cut_next: Vec<String>,
    /// A write carrying this text as a value (a subscriber's field, say) is
    /// refused, 422 with code 2, as the service refuses a value it does not
    /// take: a batch add with one such row is refused whole.
    pub refused_value: Option<String>,
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
            || !self.fail_next.is_empty()
            || !self.cut_next.is_empty()
            || self.refused_value.is_some()
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
    /// What is left of `fail_next` and `cut_next`.
    fail_next: Mutex<Vec<String>>,
    cut_next: Mutex<Vec<String>>,
}

impl Injector {
    pub fn new(faults: Faults, seed: u64) -> Arc<Self> {
        Arc::new(Injector {
            rng: Mutex::new(fastrand::Rng::with_seed(seed)),
            come: AtomicU64::new(0),
            fail_next: Mutex::new(faults.fail_next.clone()),
            cut_next: Mutex::new(faults.cut_next.clone()),
            faults,
        })
    }

    /// Takes one naming of `operation` from `named`; whether there was one.
    fn take(named: &Mutex<Vec<String>>, operation: &Operation) -> bool {
        let mut named = named.lock().unwrap_or_else(|p| p.into_inner());
        let Some(at) = named.iter().position(|name| operation.is(name)) else { return false };
        named.remove(at);
        true
    }

    /// Whether a request's operation is to be told (its legacy method read).
    fn names_any(&self) -> bool {
        !self.faults.fail_next.is_empty() || !self.faults.cut_next.is_empty() || self.faults.refused_value.is_some()
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
    let refused_value = injector.faults.refused_value.as_deref();
    let (request, operation) = if injector.faults.applied_drop_rate > 0.0 || injector.names_any() {
        operation(request, refused_value).await
    } else {
        (request, Operation::default())
    };
    if injector.faults.down_after.is_some_and(|answered| injector.come.fetch_add(1, Ordering::SeqCst) >= answered) {
        return broken_answer(StatusCode::OK);
    }
    if Injector::take(&injector.fail_next, &operation) {
        return unavailable();
    }
    if operation.carries_refused_value {
        let value = refused_value.unwrap_or_default();
        return crate::http::v2::error(crate::fault::Fault::invalid(format!("The value {value} is not accepted")));
    }
    if Injector::take(&injector.cut_next, &operation) {
        let answer = next.run(request).await;
        return broken_answer(answer.status());
    }
    match injector.draw() {
        None if operation.write
            && injector.faults.applied_drop_rate > 0.0
            && injector.roll() < injector.faults.applied_drop_rate =>
        {
            let answer = next.run(request).await;
            broken_answer(answer.status())
        }
        None => next.run(request).await,
        Some(Fault::Fail) => unavailable(),
        // In the shape the rate limit answers, the legacy interface's included.
        Some(Fault::Throttle) => crate::http::gate::throttled(legacy, 120, injector.faults.retry_after),
        Some(Fault::Drop) => broken_answer(StatusCode::OK),
    }
}

fn unavailable() -> Response {
    crate::http::v2::error(crate::fault::Fault::new(503, 503, "Service temporarily unavailable (injected)"))
}

/// What a request asks: its REST method and path, or its legacy method,
/// and whether it changes something.
#[derive(Debug, Default)]
struct Operation {
    /// `POST /v2/lists/7/fields`, or the legacy method called.
    name: String,
    write: bool,
    /// A write with the refused value among its values.
    carries_refused_value: bool,
}

impl Operation {
    /// Whether `pattern` names this operation (`*` for any one segment).
    fn is(&self, pattern: &str) -> bool {
        let (mut ours, mut theirs) = (self.name.split('/'), pattern.split('/'));
        loop {
            match (ours.next(), theirs.next()) {
                (None, None) => return true,
                (Some(a), Some(b)) if a == b || (b == "*" && !a.is_empty()) => {}
                _ => return false,
            }
        }
    }
}

/// The request, and what it asks: any REST method but GET changes
/// something; a legacy call (a POST whatever it does) only when its method
/// is not one that reads, so reads of the legacy interface are never taken
/// for writes.
async fn operation(request: Request, refused_value: Option<&str>) -> (Request, Operation) {
    let legacy = request.uri().path() == "/";
    let get = request.method() == axum::http::Method::GET;
    if !legacy && (get || refused_value.is_none()) {
        let name = format!("{} {}", request.method(), request.uri().path());
        return (request, Operation { name, write: !get, carries_refused_value: false });
    }
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap_or_default();
    let mut params = crate::http::form_params(parts.uri.query().unwrap_or(""));
    params.extend(crate::http::body_params(&bytes).unwrap_or_default());
    let (name, write) = if legacy {
        let method = params.get("method").and_then(|m| m.as_str()).unwrap_or_default().to_string();
        let write = !get && !legacy_read(&method);
        (method, write)
    } else {
        (format!("{} {}", parts.method, parts.uri.path()), !get)
    };
    let carries_refused_value = write && refused_value.is_some_and(|value| carries(&Value::Object(params), value));
    (Request::from_parts(parts, Body::from(bytes)), Operation { name, write, carries_refused_value })
}

/// Whether `value` is `text`, or holds it among its values at any depth
/// (a legacy batch may come as JSON text).
fn carries(value: &Value, text: &str) -> bool {
    match value {
        Value::String(s) => {
            s == text || serde_json::from_str::<Value>(s).is_ok_and(|v| !v.is_string() && carries(&v, text))
        }
        Value::Array(items) => items.iter().any(|v| carries(v, text)),
        Value::Object(map) => map.values().any(|v| carries(v, text)),
        _ => false,
    }
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
    fn an_operation_is_named_by_its_legacy_method_or_its_rest_path() {
        let fields = Operation { name: "POST /v2/lists/7/fields".into(), write: true, carries_refused_value: false };
        assert!(fields.is("POST /v2/lists/*/fields"));
        assert!(fields.is("POST /v2/lists/7/fields"));
        assert!(!fields.is("POST /v2/lists/*"), "a path is named whole");
        assert!(!fields.is("GET /v2/lists/*/fields"));
        assert!(!fields.is("POST /v2/lists/*/fields/*"));
        let legacy = Operation { name: "lists.get_unsubscribed".into(), write: false, carries_refused_value: false };
        assert!(legacy.is("lists.get_unsubscribed"));
        assert!(!legacy.is("lists.get_complaints"));
    }

    #[test]
    fn a_named_fault_is_taken_once_for_each_time_it_is_named() {
        let faults = Faults { fail_next: vec!["lists.get".into(), "lists.get".into()], ..Faults::default() };
        let injector = Injector::new(faults, 1);
        let get = Operation { name: "lists.get".into(), ..Operation::default() };
        let other = Operation { name: "lists.get_members".into(), ..Operation::default() };
        assert!(!Injector::take(&injector.fail_next, &other));
        assert!(Injector::take(&injector.fail_next, &get));
        assert!(Injector::take(&injector.fail_next, &get));
        assert!(!Injector::take(&injector.fail_next, &get), "named twice, failed twice");
    }

    #[test]
    fn a_refused_value_is_found_among_a_batch_s_values_in_either_shape() {
        let batch = serde_json::json!({"batch": [{"email": "a@x.ru", "merge_1": "Омск"}, {"email": "b@x.ru", "merge_1": "31.02"}]});
        assert!(carries(&batch, "31.02"));
        assert!(!carries(&batch, "Томск"));
        let as_text = serde_json::json!({"method": "lists.add_member_batch", "batch": batch["batch"].to_string()});
        assert!(carries(&as_text, "31.02"), "a legacy batch sent as JSON text");
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
