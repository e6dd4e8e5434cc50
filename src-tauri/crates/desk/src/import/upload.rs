//! The rows of a file sent to a list: read and decided on a thread of
//! their own, gathered into batches, and posted through the contract's
//! batch add a few at a time. Each batch the service takes is written to
//! the journal before it counts as sent.
//!
//! What comes back decides what happens next:
//! - a refusal of the whole batch for one bad row (the batch add is all or
//!   nothing) halves the batch until the row is alone; that row is
//!   refused, with the service's words, and the rest are sent;
//! - a batch too large for the service is halved as well;
//! - an answer that never came, a 5xx, a garbled answer: the batch is sent
//!   again after a pause that grows. The service keys a list's subscribers
//!   by address, so a batch it had already taken adds nobody twice;
//! - asked to slow down, the upload waits as long as it was told;
//! - the network gone for longer than the patience allows pauses the
//!   import; it goes on from the journal when resumed;
//! - anything else (the key refused, the list gone) stops it, saying why.

use super::check::Reason;
use super::journal::{Covered, Journal, Line, Writer};
use super::plan::{open_planned, Excluded, Fate, ImportPlan};
use crate::error::DeskError;
use api::members::{AddOptions, NewMember};
use api::Client;
use futures_util::StreamExt;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How an upload is paced.
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    /// Rows in a batch: a real account's rate limit (120 requests a minute)
    /// then lets a million rows through in under ten minutes.
    pub batch_rows: usize,
    /// Batches on their way at once.
    pub concurrency: usize,
    /// How long the service may stay out of reach before the import pauses.
    pub patience: Duration,
    /// The first pause before a batch is sent again; it doubles, to 10 s.
    pub first_backoff: Duration,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            batch_rows: 1000,
            concurrency: 4,
            patience: Duration::from_secs(120),
            first_backoff: Duration::from_millis(250),
        }
    }
}

/// What the marketer asked of a running upload.
#[derive(Debug, Clone, Default)]
pub struct Control(Arc<AtomicU8>);

const RUN: u8 = 0;
const PAUSE: u8 = 1;
const CANCEL: u8 = 2;

impl Control {
    pub fn pause(&self) {
        let _ = self.0.compare_exchange(RUN, PAUSE, Ordering::SeqCst, Ordering::SeqCst);
    }

    pub fn cancel(&self) {
        self.0.store(CANCEL, Ordering::SeqCst);
    }

    fn stopping(&self) -> bool {
        self.0.load(Ordering::SeqCst) != RUN
    }

    fn cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst) == CANCEL
    }
}

/// Why an upload stopped short of its end.
#[derive(Debug, Clone, PartialEq)]
pub enum Halt {
    /// Paused when asked; resumed from the journal.
    Paused,
    Cancelled,
    /// The service stayed out of reach: resumed from the journal.
    NetworkLost,
    /// The service refused something no retry mends (the key, the list).
    Failed(DeskError),
}

/// How far an upload is, counted over every run of the import.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Counts {
    pub sent: u64,
    pub refused: u64,
    pub skipped: BTreeMap<ReasonKey, u64>,
    /// Rows to send in all, once the file is counted.
    pub to_send: Option<u64>,
    /// Seconds the service asked the upload to wait, while it waits.
    pub waiting: Option<u64>,
}

/// A reason as a map key.
pub type ReasonKey = u8;

/// A reason's key in [`Counts::skipped`].
pub fn reason_key(reason: Reason) -> ReasonKey {
    reason as u8
}

/// One batch: the file rows it covers, and their subscribers.
struct Batch {
    rows: Vec<u64>,
    members: Vec<NewMember>,
}

impl Batch {
    fn line(&self) -> Line {
        Line::Sent { from: self.rows[0], to: self.rows[self.rows.len() - 1], rows: self.rows.len() as u64 }
    }

    fn split(self) -> (Batch, Batch) {
        let half = self.rows.len() / 2;
        let (mut rows, mut members) = (self.rows, self.members);
        let rest = Batch { rows: rows.split_off(half), members: members.split_off(half) };
        (Batch { rows, members }, rest)
    }
}

/// What the upload shares between its reader and its senders.
struct Shared {
    journal: std::path::PathBuf,
    writer: Mutex<Writer>,
    counts: Mutex<Counts>,
    halt: Mutex<Option<Halt>>,
}

impl Shared {
    fn halt(&self, halt: Halt) {
        self.halt.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(halt);
    }

    fn halted(&self) -> bool {
        self.halt.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }

    fn write(&self, line: &Line) -> Result<(), Halt> {
        self.writer
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .append(line)
            .map_err(|e| Halt::Failed(journal_failed(&self.journal, e)))
    }
}

/// Sends the rows of a journal's import that no line covers; `progress`
/// hears the counts after each batch. `Ok` when every row is sent or
/// skipped.
pub async fn send_rows(
    client: &Client,
    journal: &Journal,
    excluded: Arc<Excluded>,
    control: &Control,
    tuning: Tuning,
    progress: &(dyn Fn(&Counts) + Send + Sync),
) -> Result<(), Halt> {
    let plan = journal.header.plan.clone();
    let counts = Counts {
        sent: journal.sent_rows,
        refused: journal.refused.len() as u64,
        to_send: journal.counted.map(|(_, to_send)| to_send),
        ..Counts::default()
    };
    let shared = Arc::new(Shared {
        journal: journal.path.clone(),
        writer: Mutex::new(Writer::reopen(&journal.path).map_err(|e| Halt::Failed(journal_failed(&journal.path, e)))?),
        counts: Mutex::new(counts),
        halt: Mutex::new(None),
    });
    // The file is counted beside the sending, not before it: the first
    // batch goes at once, and the total shows as soon as it is known.
    let counter = journal.counted.is_none().then(|| {
        let (shared, control, plan, excluded) = (shared.clone(), control.clone(), plan.clone(), excluded.clone());
        let path = journal.header.path.clone();
        tokio::task::spawn_blocking(move || {
            let counted = count(Path::new(&path), &plan, &excluded, &|| control.stopping() || shared.halted());
            let Some((rows, to_send)) = counted.map_err(Halt::Failed)? else { return Ok(()) };
            shared.write(&Line::Counted { rows, to_send })?;
            // The next batch's progress carries it.
            shared.counts.lock().unwrap_or_else(|p| p.into_inner()).to_send = Some(to_send);
            Ok::<(), Halt>(())
        })
    });
    let (batches, mut incoming) = tokio::sync::mpsc::channel::<Batch>(tuning.concurrency * 2);
    let reader = {
        let (shared, control, covered) = (shared.clone(), control.clone(), journal.covered());
        let path = journal.header.path.clone();
        tokio::task::spawn_blocking(move || {
            read_batches(
                Path::new(&path),
                &plan,
                &excluded,
                &covered,
                tuning.batch_rows,
                |batch| !control.stopping() && !shared.halted() && batches.blocking_send(batch).is_ok(),
                &shared,
            )
        })
    };
    let options = AddOptions { update: journal.header.plan.choices.update_existing, no_check: false };
    let list_id = journal.header.plan.list_id;
    let stream = futures_util::stream::poll_fn(|cx| incoming.poll_recv(cx));
    stream
        .for_each_concurrent(tuning.concurrency, |batch| {
            let shared = shared.clone();
            async move {
                if control.stopping() || shared.halted() {
                    return;
                }
                if let Err(halt) = send_batch(client, list_id, batch, options, control, tuning, &shared, progress).await
                {
                    shared.halt(halt);
                }
            }
        })
        .await;
    let read = reader.await.map_err(|e| Halt::Failed(DeskError::Internal { detail: e.to_string() }))?;
    if let Some(counter) = counter {
        counter.await.map_err(|e| Halt::Failed(DeskError::Internal { detail: e.to_string() }))??;
        progress(&shared.counts.lock().unwrap_or_else(|p| p.into_inner()));
    }
    if let Some(halt) = shared.halt.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(halt);
    }
    if control.cancelled() {
        return Err(Halt::Cancelled);
    }
    if control.stopping() {
        return Err(Halt::Paused);
    }
    read.map_err(Halt::Failed)
}

fn journal_failed(path: &Path, e: std::io::Error) -> DeskError {
    DeskError::storage(super::Action::UploadRows, path, e)
}

/// The file's data rows, and of them the ones to send; `None` when
/// `stopping` says so before the end.
pub(super) fn count(
    path: &Path,
    plan: &ImportPlan,
    excluded: &Excluded,
    stopping: &dyn Fn() -> bool,
) -> Result<Option<(u64, u64)>, DeskError> {
    let (file, mut decider) = open_planned(path, plan, excluded)?;
    let (mut rows, mut to_send, mut whole) = (0, 0, true);
    file.for_each_row(|_, cells| {
        rows += 1;
        to_send += u64::from(matches!(decider.decide(cells), Fate::Send(_)));
        // Looked at now and then: the flag is shared with the senders.
        whole = rows % 4096 != 0 || !stopping();
        whole
    })
    .map_err(super::unreadable)?;
    Ok(whole.then_some((rows, to_send)))
}

/// Reads the file's rows, decides each, and hands on the ones to send in
/// batches while `hand_on` answers true.
fn read_batches(
    path: &Path,
    plan: &ImportPlan,
    excluded: &Excluded,
    covered: &Covered,
    batch_rows: usize,
    mut hand_on: impl FnMut(Batch) -> bool,
    shared: &Shared,
) -> Result<(), DeskError> {
    let (file, mut decider) = open_planned(path, plan, excluded)?;
    let mut batch = Batch { rows: Vec::with_capacity(batch_rows), members: Vec::with_capacity(batch_rows) };
    let mut going = true;
    let mut skipped: BTreeMap<ReasonKey, u64> = BTreeMap::new();
    file.for_each_row(|row, cells| {
        // Every row is decided, so duplicates are told apart as in the check.
        let fate = decider.decide(cells);
        if covered.contains(row) {
            return true;
        }
        match fate {
            Fate::Skip(reason, _) => *skipped.entry(reason_key(reason)).or_default() += 1,
            Fate::Send(member) => {
                batch.rows.push(row);
                batch.members.push(member);
                if batch.rows.len() == batch_rows {
                    let full = std::mem::replace(
                        &mut batch,
                        Batch { rows: Vec::with_capacity(batch_rows), members: Vec::with_capacity(batch_rows) },
                    );
                    shared.counts.lock().unwrap_or_else(|p| p.into_inner()).skipped = skipped.clone();
                    going = hand_on(full);
                }
            }
        }
        going
    })
    .map_err(super::unreadable)?;
    shared.counts.lock().unwrap_or_else(|p| p.into_inner()).skipped = skipped;
    if going && !batch.rows.is_empty() {
        hand_on(batch);
    }
    Ok(())
}

/// What a failed batch calls for.
enum Next {
    Again(Option<Duration>),
    Split,
    Refuse(String),
    Stop(DeskError),
}

fn next_after(err: api::Error, rows: usize) -> Next {
    if let Some(seconds) = err.throttled() {
        return Next::Again(Some(Duration::from_secs(seconds)));
    }
    match err {
        api::Error::OutcomeUnknown(_) | api::Error::Unreachable(_) | api::Error::Timeout | api::Error::Decode(_) => {
            Next::Again(None)
        }
        api::Error::Service(e) if e.status >= 500 => Next::Again(None),
        api::Error::Service(e) if matches!(e.status, 400 | 413 | 422) || e.status == 200 => {
            if rows > 1 {
                Next::Split
            } else {
                Next::Refuse(e.message)
            }
        }
        api::Error::InvalidAddress(_) | api::Error::InvalidRequest(_) if rows > 1 => Next::Split,
        api::Error::InvalidAddress(p) => Next::Refuse(p.to_string()),
        api::Error::InvalidRequest(m) => Next::Refuse(m),
        other => Next::Stop(DeskError::from_api(other, super::Action::UploadRows)),
    }
}

/// Sends one batch until the service takes it, halving it around rows it
/// refuses; every outcome is journalled before it is counted.
#[allow(clippy::too_many_arguments)]
async fn send_batch(
    client: &Client,
    list_id: i64,
    batch: Batch,
    options: AddOptions,
    control: &Control,
    tuning: Tuning,
    shared: &Shared,
    progress: &(dyn Fn(&Counts) + Send + Sync),
) -> Result<(), Halt> {
    let mut pending = vec![batch];
    while let Some(batch) = pending.pop() {
        let mut failing_since: Option<Instant> = None;
        let mut backoff = tuning.first_backoff;
        loop {
            if control.stopping() || shared.halted() {
                return Ok(());
            }
            let err = match api::members::add_batch(client, list_id, &batch.members, options).await {
                Ok(_) => {
                    shared.write(&batch.line())?;
                    let mut counts = shared.counts.lock().unwrap_or_else(|p| p.into_inner());
                    counts.sent += batch.rows.len() as u64;
                    counts.waiting = None;
                    progress(&counts);
                    break;
                }
                Err(err) => err,
            };
            match next_after(err, batch.rows.len()) {
                Next::Split => {
                    let (first, rest) = batch.split();
                    pending.push(rest);
                    pending.push(first);
                    break;
                }
                Next::Refuse(message) => {
                    let line = Line::Refused { row: batch.rows[0], address: batch.members[0].email.clone(), message };
                    shared.write(&line)?;
                    let mut counts = shared.counts.lock().unwrap_or_else(|p| p.into_inner());
                    counts.refused += 1;
                    progress(&counts);
                    break;
                }
                Next::Stop(err) => return Err(Halt::Failed(err)),
                Next::Again(asked) => {
                    let since = *failing_since.get_or_insert_with(Instant::now);
                    if asked.is_none() && since.elapsed() >= tuning.patience {
                        return Err(Halt::NetworkLost);
                    }
                    let wait = match asked {
                        Some(wait) => {
                            let mut counts = shared.counts.lock().unwrap_or_else(|p| p.into_inner());
                            counts.waiting = Some(wait.as_secs());
                            progress(&counts);
                            wait
                        }
                        None => {
                            let wait = backoff.mul_f64(0.5 + fastrand::f64() / 2.0);
                            backoff = (backoff * 2).min(Duration::from_secs(10));
                            wait
                        }
                    };
                    sleep_unless_stopped(wait, control).await;
                }
            }
        }
    }
    Ok(())
}

/// Waits, waking early when the marketer pauses or cancels.
async fn sleep_unless_stopped(wait: Duration, control: &Control) {
    let until = tokio::time::Instant::now() + wait;
    while tokio::time::Instant::now() < until && !control.stopping() {
        tokio::time::sleep_until(until.min(tokio::time::Instant::now() + Duration::from_millis(200))).await;
    }
}
