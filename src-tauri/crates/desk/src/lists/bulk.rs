//! One change made to many subscribers: the rows ticked, or everything the
//! table's filter matches. Each record goes through the same change as one
//! subscriber's form makes ([`super::one`]), so a record whose answer was
//! lost is settled by reading it back, never sent twice.
//!
//! What the filter matches is read whole first, then changed: changing as
//! the pages are read would move the records under the reading (an
//! unsubscribed record leaves the "active" pages, and the next page starts
//! past one that was never seen). The change is made to exactly the number
//! of subscribers the user confirmed: when the reading finds another (some
//! joined or left meanwhile), nothing is changed and the user is asked
//! again with the number found; those records are kept, and the change
//! asked again is made to them and no others ([`Frozen`]). Every record's
//! answer is written to the change's journal ([`super::journal`]) before
//! it counts, so a change the app's end interrupts says what it did.
//!
//! A few records are changed side by side,
//! no more, so a long change neither crawls across a distant service nor
//! runs into its limit; when the service asks to slow down, the record
//! waits as long as it asked and goes again (a refused request changed
//! nothing). A cancel stops before the next record; what was done stays
//! done and is said.

use super::chosen::Chosen;
use super::failures::ListsFailure;
use super::journal;
use super::one::{self, BulkAction, SubscriberRef};
use super::Action;
use crate::command::Cx;
use crate::error::{failed, DeskError, Result};
use crate::session::{AccountDir, AreaState, Session};
use crate::work::{Cancel, Kind, LongWork, Progress, Tasks};
use futures_util::StreamExt;
use serde::Serialize;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A record that was not changed, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BulkFailure {
    pub email: String,
    pub error: DeskError,
}

/// How a change of many went.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BulkOutcome {
    /// Records changed.
    pub done: u64,
    /// Records not changed because the change failed.
    pub failed: u64,
    /// The first of those, with why (all of them could be a whole list).
    pub failures: Vec<BulkFailure>,
    /// Records not tried because the user stopped the change.
    pub not_tried: u64,
    pub cancelled: bool,
}

/// Records changed side by side.
const SIDE_BY_SIDE: usize = 4;
/// Failures the outcome names one by one.
const NAMED_FAILURES: usize = 20;
/// The longest wait the service may ask for before a record goes again;
/// a longer one fails the record, saying so.
const LONGEST_WAIT: u64 = 60;
/// The longest one record waits in all for a service that keeps asking to
/// slow down, after which it fails, saying so. A busy service asks again and
/// again; a count of tries would give up on a record the next try would
/// change, so the bound is time, as long as the user would leave it running.
const PATIENCE: Duration = Duration::from_secs(10 * 60);
/// Progress is said at most this often (every record of a long change would flood the page).
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Changes one record, going again after the service asked to slow down.
async fn change_one(session: &Session, who: &SubscriberRef, action: BulkAction, cancel: &Cancel) -> Result<()> {
    let mut waited = Duration::ZERO;
    loop {
        let sent = match action {
            BulkAction::Unsubscribe => one::unsubscribe(session, who).await,
            BulkAction::Delete => one::delete(session, who).await,
            BulkAction::Move { to_list_id } => one::move_to(session, who, to_list_id).await,
            BulkAction::Copy { to_list_id } => one::copy_to(session, who, to_list_id).await.map(|_| ()),
        };
        match sent {
            Err(DeskError::Throttled { retry_after, .. })
                if retry_after <= LONGEST_WAIT && waited + Duration::from_secs(retry_after) <= PATIENCE =>
            {
                let time = Duration::from_secs(retry_after.max(1));
                waited += time;
                wait(time, cancel).await?;
            }
            other => return other,
        }
    }
}

/// Waits, stopping early when the work is cancelled.
async fn wait(time: Duration, cancel: &Cancel) -> Result<()> {
    let until = Instant::now() + time;
    while Instant::now() < until {
        cancel.check()?;
        tokio::time::sleep(Duration::from_millis(200).min(until - Instant::now())).await;
    }
    cancel.check()
}

/// The subscribers a change found when they were not the number the user
/// confirmed, kept for the question asked again: confirmed with their
/// number, the change is made to them, not to what matches by then.
#[derive(Default)]
struct Frozen(Mutex<Option<(String, Vec<SubscriberRef>)>>);

impl AreaState for Frozen {
    fn open(_: Option<&AccountDir>) -> Self {
        Frozen::default()
    }
}

impl Frozen {
    fn keep(&self, key: String, records: Vec<SubscriberRef>) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some((key, records));
    }

    /// The records kept for `key`, when they are the number confirmed.
    fn take(&self, key: &str, confirmed: u64) -> Option<Vec<SubscriberRef>> {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        match kept.take() {
            Some((k, records)) if k == key && records.len() as u64 == confirmed => Some(records),
            other => {
                *kept = other;
                None
            }
        }
    }
}

/// Exactly the records the user confirmed: those kept when they were
/// asked again, or those read now when they are the number confirmed.
async fn confirmed_records(
    session: &Session,
    which: &Chosen,
    confirmed: u64,
    cancel: &Cancel,
) -> Result<Vec<SubscriberRef>> {
    let key = format!("{which:?}");
    let frozen = session.state::<Frozen>();
    if let Some(records) = frozen.take(&key, confirmed) {
        return Ok(records);
    }
    let found = records(session, which, cancel).await?;
    if found.len() as u64 != confirmed {
        let error = DeskError::in_area(ListsFailure::ChosenChanged { confirmed, found: found.len() as u64 });
        frozen.keep(key, found);
        return Err(error);
    }
    Ok(found)
}

/// Who the change is for, each record in its list; what a filter matches is read whole first.
async fn records(session: &Session, which: &Chosen, cancel: &Cancel) -> Result<Vec<SubscriberRef>> {
    match which {
        Chosen::Rows { list_id, rows } => Ok(rows
            .iter()
            .map(|r| SubscriberRef { list_id: *list_id, member_id: r.id, email: r.email.clone() })
            .collect()),
        Chosen::Matching(filter) => {
            let mut pages = filter.pages(session).reading_ahead(4);
            let mut found = Vec::new();
            while let Some(page) = pages.next_page().await.map_err(failed(Action::LoadSubscribers))? {
                cancel.check()?;
                found.extend(page.items.into_iter().map(|m| SubscriberRef {
                    list_id: filter.list_id,
                    member_id: *m.id,
                    email: m.email.0,
                }));
            }
            Ok(found)
        }
    }
}

/// What one record's change came to.
enum Went {
    Done(usize),
    Failed(usize, String, DeskError),
    NotTried,
}

/// A journal that could not be written: the change stops before the next record.
fn unjournalled(err: std::io::Error) -> DeskError {
    DeskError::StorageFailed {
        action: Action::ChangeSubscribers.into(),
        path: "changes".into(),
        detail: err.to_string(),
    }
}

/// Makes `action` to the `confirmed` subscribers chosen, reporting
/// records gone through (unknown total while what a filter matches is
/// being read); task `task_id` stops it before the next record. When
/// another number is found, nothing is changed
/// ([`ListsFailure::ChosenChanged`]). While it runs, a close, a quit and
/// an update wait for it.
pub async fn change_subscribers(
    cx: &Cx<'_>,
    session: &Session,
    which: &Chosen,
    action: BulkAction,
    confirmed: u64,
    task_id: &str,
    progress: impl Fn(Progress),
) -> Result<BulkOutcome> {
    let _under_way = cx.part::<LongWork>().begin(Kind::Change);
    let tasks = cx.part::<Tasks>();
    let running = tasks.start(task_id);
    let cancel = &running.cancel;
    progress(Progress { done: 0, total: None });
    let who = match confirmed_records(session, which, confirmed, cancel).await {
        Err(DeskError::Cancelled) => return Ok(BulkOutcome { cancelled: true, ..BulkOutcome::default() }),
        other => other?,
    };
    let mut journal = journal::Writer::begin(session, which.list_id(), action, &who).map_err(unjournalled)?;
    let total = who.len() as u64;
    progress(Progress { done: 0, total: Some(total) });
    let mut changes = futures_util::stream::iter(who.into_iter().enumerate())
        .map(|(at, who)| async move {
            if cancel.check().is_err() {
                return Went::NotTried;
            }
            match change_one(session, &who, action, cancel).await {
                Ok(()) => Went::Done(at),
                Err(DeskError::Cancelled) => Went::NotTried,
                Err(error) => Went::Failed(at, who.email, error),
            }
        })
        .buffer_unordered(SIDE_BY_SIDE);
    let mut outcome = BulkOutcome::default();
    let mut said = Instant::now();
    while let Some(result) = changes.next().await {
        let written = match &result {
            Went::Done(at) => journal.as_mut().map(|j| j.went(*at, true)),
            Went::Failed(at, ..) => journal.as_mut().map(|j| j.went(*at, false)),
            Went::NotTried => None,
        };
        if let Some(Err(err)) = written {
            // What was done is in the journal up to here: nothing more is changed.
            tasks.cancel(task_id);
            log::warn!(target: "desk", "a change of many's journal could not be written: {err}");
            journal = None;
        }
        match result {
            Went::Done(_) => outcome.done += 1,
            Went::NotTried => outcome.not_tried += 1,
            Went::Failed(_, email, error) => {
                outcome.failed += 1;
                if outcome.failures.len() < NAMED_FAILURES {
                    outcome.failures.push(BulkFailure { email, error });
                }
            }
        }
        if said.elapsed() >= PROGRESS_EVERY {
            said = Instant::now();
            progress(Progress { done: outcome.done + outcome.failed + outcome.not_tried, total: Some(total) });
        }
    }
    progress(Progress { done: total, total: Some(total) });
    outcome.cancelled = outcome.not_tried > 0 || cancel.check().is_err();
    if let Some(journal) = journal {
        journal.ended(outcome.cancelled).map_err(unjournalled)?;
    }
    Ok(outcome)
}
