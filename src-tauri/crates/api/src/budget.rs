//! The client's own request budget: never more requests in any rolling
//! window than the account may make (120 a minute, the limit the service's
//! public clients show), so the service has no reason to throttle the app.
//! A request over the budget waits, asleep, for a slot. Background work
//! (counting ahead, refreshing what no one is looking at) waits while a
//! foreground request is queued and never takes the last fifth of the
//! window, which stays for what the user is looking at.
//!
//! A slot is held from the moment a request is sent until a window after
//! its answer came: the service counted it on arrival, somewhere in
//! between, so a slot freed this way is free at the service too, whatever
//! the network's delay.
//!
//! When the service throttles anyway, nothing more is sent until the time
//! it asked for has passed.

use crate::error::{Error, Result, ServiceError};
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// How many requests a client may send per rolling window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RequestBudget {
    /// Requests per window; `None` counts nothing (the sandbox, which has
    /// no limit unless started with one).
    pub per_window: Option<u32>,
    pub window: Duration,
    /// The share of the window background work may use.
    pub background_share: f64,
}

impl RequestBudget {
    /// A real account's limit per minute.
    pub const REAL_ACCOUNT_PER_MINUTE: u32 = 120;

    pub fn per_minute(requests: u32) -> Self {
        RequestBudget { per_window: Some(requests.max(1)), window: Duration::from_secs(60), background_share: 0.8 }
    }

    pub fn unlimited() -> Self {
        RequestBudget { per_window: None, ..RequestBudget::default() }
    }

    /// The same number of requests over another window (tests that cannot wait a minute).
    pub fn over(self, window: Duration) -> Self {
        RequestBudget { window, ..self }
    }

    fn cap(&self, priority: Priority) -> Option<usize> {
        let all = self.per_window? as usize;
        Some(match priority {
            Priority::Foreground => all,
            Priority::Background => ((all as f64 * self.background_share).floor() as usize).clamp(1, all),
        })
    }
}

impl Default for RequestBudget {
    fn default() -> Self {
        RequestBudget::per_minute(RequestBudget::REAL_ACCOUNT_PER_MINUTE)
    }
}

/// Whose request it is: the user's, who is looking at the screen, or work
/// the app does on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Priority {
    #[default]
    Foreground,
    Background,
}

/// A budget shared by a client and all its clones.
#[derive(Debug)]
pub(crate) struct Budget {
    limits: RequestBudget,
    state: Mutex<State>,
    /// Told whenever a waiter could now go: a request answered, a
    /// foreground request left the queue, a pause was set.
    changed: Notify,
}

#[derive(Debug, Default)]
struct State {
    /// Requests in the window: in flight (`None`) or answered at.
    held: Vec<(u64, Option<Instant>)>,
    next_id: u64,
    /// Foreground requests waiting for a slot; background waits while any do.
    foreground_waiting: usize,
    /// The service asked to slow down: nothing goes before this time.
    paused: Option<(Instant, ServiceError)>,
}

enum Step {
    Go(Option<u64>),
    Wait(Option<Instant>),
    Refuse(Error),
}

/// A slot held by a request being sent; dropped when its answer came (or
/// the request was given up), which starts the slot's last window.
pub(crate) struct Slot<'a> {
    budget: &'a Budget,
    id: Option<u64>,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let Some(id) = self.id else { return };
        let mut state = self.budget.lock();
        if let Some(held) = state.held.iter_mut().find(|(held, _)| *held == id) {
            held.1 = Some(Instant::now());
        }
        drop(state);
        self.budget.changed.notify_waiters();
    }
}

/// Counts a foreground request as queued until it goes or gives up.
struct Queued<'a> {
    budget: &'a Budget,
    counted: bool,
}

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        if self.counted {
            self.budget.lock().foreground_waiting -= 1;
            self.budget.changed.notify_waiters();
        }
    }
}

impl Budget {
    pub(crate) fn new(limits: RequestBudget) -> Self {
        Budget { limits, state: Mutex::new(State::default()), changed: Notify::new() }
    }

    pub(crate) fn limits(&self) -> RequestBudget {
        self.limits
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for a slot. A pause the service asked for that lasts past
    /// `deadline` is not waited: its refusal comes back at once, saying
    /// how long is left.
    pub(crate) async fn take(&self, priority: Priority, deadline: Instant) -> Result<Slot<'_>> {
        let mut queued = Queued { budget: self, counted: false };
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let step = {
                let mut state = self.lock();
                let step = self.next_step(&mut state, priority, Instant::now(), deadline);
                match &step {
                    Step::Wait(_) if priority == Priority::Foreground && !queued.counted => {
                        state.foreground_waiting += 1;
                        queued.counted = true;
                    }
                    Step::Go(_) | Step::Refuse(_) if queued.counted => {
                        state.foreground_waiting -= 1;
                        queued.counted = false;
                        drop(state);
                        self.changed.notify_waiters();
                    }
                    _ => {}
                }
                step
            };
            match step {
                Step::Go(id) => return Ok(Slot { budget: self, id }),
                Step::Refuse(err) => return Err(err),
                Step::Wait(Some(at)) => {
                    log::debug!(target: "api", "request budget spent; waiting {} ms", at.saturating_duration_since(Instant::now()).as_millis());
                    tokio::select! {
                        _ = tokio::time::sleep_until(at) => {}
                        _ = notified => {}
                    }
                }
                Step::Wait(None) => notified.await,
            }
        }
    }

    fn next_step(&self, state: &mut State, priority: Priority, now: Instant, deadline: Instant) -> Step {
        if let Some((until, refusal)) = &state.paused {
            if *until > now {
                if *until > deadline {
                    return Step::Refuse(still_paused(refusal, *until - now));
                }
                return Step::Wait(Some(*until));
            }
            state.paused = None;
        }
        let Some(cap) = self.limits.cap(priority) else { return Step::Go(None) };
        if priority == Priority::Background && state.foreground_waiting > 0 {
            return Step::Wait(None);
        }
        let window = self.limits.window;
        state.held.retain(|(_, answered)| answered.is_none_or(|at| now.duration_since(at) < window));
        if state.held.len() < cap {
            let id = state.next_id;
            state.next_id += 1;
            state.held.push((id, None));
            return Step::Go(Some(id));
        }
        // The moment enough answered requests have aged out; with too many
        // still in flight, the next answer is awaited instead.
        let mut frees: Vec<Instant> =
            state.held.iter().filter_map(|(_, answered)| answered.map(|at| at + window)).collect();
        frees.sort();
        Step::Wait(frees.get(state.held.len() - cap).copied())
    }

    /// The service throttled a request: nothing more goes until the time it
    /// asked for (a minute when it did not say) has passed.
    pub(crate) fn pause(&self, refusal: &ServiceError) {
        let seconds = refusal.throttled_for().unwrap_or(crate::error::DEFAULT_RETRY_AFTER);
        let until = Instant::now() + Duration::from_secs(seconds);
        let mut state = self.lock();
        if state.paused.as_ref().is_none_or(|(already, _)| *already < until) {
            state.paused = Some((until, refusal.clone()));
        }
        drop(state);
        self.changed.notify_waiters();
    }
}

/// The service's refusal again, with the seconds still to wait.
fn still_paused(refusal: &ServiceError, left: Duration) -> Error {
    let mut refusal = refusal.clone();
    let seconds = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    if !refusal.details.is_object() {
        refusal.details = serde_json::Value::Object(serde_json::Map::new());
    }
    refusal.details["retry_after"] = serde_json::Value::from(seconds);
    Error::Service(refusal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(per_window: u32, window_ms: u64) -> Budget {
        Budget::new(RequestBudget::per_minute(per_window).over(Duration::from_millis(window_ms)))
    }

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(3600)
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_over_the_budget_waits_until_a_window_after_the_oldest_answer() {
        let budget = budget(2, 1000);
        let started = Instant::now();
        drop(budget.take(Priority::Foreground, far()).await.unwrap());
        drop(budget.take(Priority::Foreground, far()).await.unwrap());
        let _third = budget.take(Priority::Foreground, far()).await.unwrap();
        assert_eq!(started.elapsed(), Duration::from_millis(1000));
    }

    #[tokio::test(start_paused = true)]
    async fn a_slot_is_held_while_its_request_is_in_flight() {
        let budget = budget(1, 100);
        let in_flight = budget.take(Priority::Foreground, far()).await.unwrap();
        let waiting = tokio::time::timeout(Duration::from_secs(10), budget.take(Priority::Foreground, far())).await;
        assert!(waiting.is_err(), "no slot frees while the answer has not come");
        drop(in_flight);
        let started = Instant::now();
        budget.take(Priority::Foreground, far()).await.unwrap();
        assert_eq!(started.elapsed(), Duration::from_millis(100), "a window after the answer");
    }

    #[tokio::test(start_paused = true)]
    async fn background_never_takes_the_last_fifth() {
        let budget = budget(10, 60_000);
        for _ in 0..8 {
            drop(budget.take(Priority::Background, far()).await.unwrap());
        }
        let ninth = tokio::time::timeout(Duration::from_secs(1), budget.take(Priority::Background, far())).await;
        assert!(ninth.is_err(), "background stops at eight of ten");
        for _ in 0..2 {
            let foreground = tokio::time::timeout(Duration::from_millis(1), budget.take(Priority::Foreground, far()));
            assert!(foreground.await.is_ok(), "the last two are the user's, at once");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn background_waits_while_foreground_is_queued() {
        let budget = std::sync::Arc::new(budget(1, 1000));
        drop(budget.take(Priority::Foreground, far()).await.unwrap());
        let order = std::sync::Arc::new(Mutex::new(Vec::new()));
        let background = {
            let (budget, order) = (budget.clone(), order.clone());
            tokio::spawn(async move {
                drop(budget.take(Priority::Background, far()).await.unwrap());
                order.lock().unwrap().push("background");
            })
        };
        tokio::time::sleep(Duration::from_millis(10)).await;
        let foreground = {
            let (budget, order) = (budget.clone(), order.clone());
            tokio::spawn(async move {
                drop(budget.take(Priority::Foreground, far()).await.unwrap());
                order.lock().unwrap().push("foreground");
            })
        };
        foreground.await.unwrap();
        background.await.unwrap();
        assert_eq!(*order.lock().unwrap(), ["foreground", "background"], "the user's request went first");
    }

    #[tokio::test(start_paused = true)]
    async fn a_foreground_request_given_up_leaves_the_queue() {
        let budget = budget(1, 1000);
        drop(budget.take(Priority::Foreground, far()).await.unwrap());
        let gave_up = tokio::time::timeout(Duration::from_millis(10), budget.take(Priority::Foreground, far())).await;
        assert!(gave_up.is_err());
        assert_eq!(budget.lock().foreground_waiting, 0, "background is not held up by a request no one waits for");
    }

    fn throttled(seconds: u64) -> ServiceError {
        ServiceError {
            interface: crate::Interface::Legacy,
            status: 200,
            code: 58,
            message: "Too many requests".into(),
            details: serde_json::json!({ "retry_after": seconds }),
        }
    }

    #[tokio::test(start_paused = true)]
    async fn after_a_throttle_nothing_goes_until_the_time_asked_for() {
        let budget = Budget::new(RequestBudget::unlimited());
        budget.pause(&throttled(3));
        let started = Instant::now();
        budget.take(Priority::Foreground, far()).await.unwrap();
        assert_eq!(started.elapsed(), Duration::from_secs(3));
    }

    #[tokio::test(start_paused = true)]
    async fn a_pause_past_the_deadline_is_told_not_waited() {
        let budget = Budget::new(RequestBudget::unlimited());
        budget.pause(&throttled(60));
        tokio::time::advance(Duration::from_secs(15)).await;
        let Err(Error::Service(refusal)) =
            budget.take(Priority::Foreground, Instant::now() + Duration::from_secs(5)).await
        else {
            panic!("refused at once");
        };
        assert_eq!((refusal.code, refusal.retry_after()), (58, Some(45)));
    }
}
