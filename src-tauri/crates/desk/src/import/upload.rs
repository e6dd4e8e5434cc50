//! The rows of a file sent to a list: read and decided on a thread of
//! their own, gathered into batches ([`super::gather`]), and posted through
//! the contract's batch add a few at a time ([`super::send`]). Each batch
//! the service takes is written to the journal before it counts as sent.
//!
//! A row the service refuses leaves its address to the next row that has
//! it (see [`super::plan::Fate::SendAgain`]): once the file is read, it is
//! read again for those rows when a refusal freed an address a later row
//! repeats.

use super::check::{key, Reason};
use super::gather::{count, hash_file, read_batches};
use super::journal::{self, Journal, Line, Writer};
use super::plan::Excluded;
use super::send::send_batch;
use crate::error::DeskError;
use api::members::AddOptions;
use api::Client;
use futures_util::StreamExt;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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

    pub(super) fn stopping(&self) -> bool {
        self.0.load(Ordering::SeqCst) != RUN
    }

    pub(super) fn cancelled(&self) -> bool {
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
    /// Rows to send, once the file is counted (refusals left aside).
    pub to_send: Option<u64>,
    /// Rows sent in place of a refused row with their address, taken or
    /// refused: to send beyond the count.
    pub again: u64,
    /// Seconds the service asked the upload to wait, while it waits.
    pub waiting: Option<u64>,
}

impl Counts {
    /// Rows to send in all, once the file is counted.
    pub fn to_send_in_all(&self) -> Option<u64> {
        self.to_send.map(|to_send| to_send + self.again)
    }
}

/// A reason as a map key.
pub type ReasonKey = u8;

/// A reason's key in [`Counts::skipped`].
pub fn reason_key(reason: Reason) -> ReasonKey {
    reason as u8
}

/// What the upload shares between its reader and its senders.
pub(super) struct Shared {
    journal: PathBuf,
    writer: Mutex<Writer>,
    pub counts: Mutex<Counts>,
    halt: Mutex<Option<Halt>>,
    /// The addresses refused since the file was last read, by key.
    refused_now: Mutex<Vec<u64>>,
}

impl Shared {
    pub fn halt(&self, halt: Halt) {
        self.halt.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(halt);
    }

    pub fn halted(&self) -> bool {
        self.halt.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }

    pub fn write(&self, line: &Line) -> Result<(), Halt> {
        self.writer
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .append(line)
            .map_err(|e| Halt::Failed(journal_failed(&self.journal, e)))
    }

    /// Notes a first refusal of `address`, once journalled: a later row
    /// with it goes again.
    pub fn refused(&self, address: &str) {
        self.refused_now.lock().unwrap_or_else(|p| p.into_inner()).push(key(address));
    }

    pub fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
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
    let counts = Counts {
        sent: journal.sent_rows,
        refused: journal.refused.len() as u64,
        to_send: journal.counted.map(|(_, to_send)| to_send),
        again: journal.again,
        ..Counts::default()
    };
    let shared = Arc::new(Shared {
        journal: journal.path.clone(),
        writer: Mutex::new(Writer::reopen(&journal.path).map_err(|e| Halt::Failed(journal_failed(&journal.path, e)))?),
        counts: Mutex::new(counts),
        halt: Mutex::new(None),
        refused_now: Mutex::new(Vec::new()),
    });
    // The file is counted beside the sending, not before it: the first
    // batch goes at once, and the total shows as soon as it is known.
    let counter = (journal.counted.is_none() || journal.sha256.is_none()).then(|| {
        let (shared, control, excluded) = (shared.clone(), control.clone(), excluded.clone());
        let (plan, path, counted, hashed) =
            (journal.header.plan.clone(), journal.header.path.clone(), journal.counted, journal.sha256.is_some());
        tokio::task::spawn_blocking(move || {
            let path = Path::new(&path);
            // Hashed whole even when paused: a resume needs it to trust the file.
            if !hashed {
                let unread =
                    |e: std::io::Error| Halt::Failed(super::unreadable(super::Unreadable::File(e.to_string())));
                if let Some(sha256) = hash_file(path, &|| false).map_err(unread)? {
                    shared.write(&Line::Hashed { sha256 })?;
                }
            }
            if counted.is_some() {
                return Ok(());
            }
            let counted = count(path, &plan, &excluded, &|| control.stopping() || shared.halted());
            let Some((rows, to_send)) = counted.map_err(Halt::Failed)? else { return Ok(()) };
            shared.write(&Line::Counted { rows, to_send })?;
            // The next batch's progress carries it.
            shared.counts().to_send = Some(to_send);
            Ok::<(), Halt>(())
        })
    });
    let mut read = pass(client, journal, &excluded, control, tuning, &shared, progress).await;
    // Another reading while a refusal freed an address a later row repeats.
    while let Ok(repeated) = &read {
        let freed = std::mem::take(&mut *shared.refused_now.lock().unwrap_or_else(|p| p.into_inner()));
        if control.stopping() || shared.halted() || !freed.iter().any(|key| repeated.contains(key)) {
            break;
        }
        match journal::read(&journal.path) {
            Ok(now) => read = pass(client, &now, &excluded, control, tuning, &shared, progress).await,
            Err(e) => shared.halt(Halt::Failed(journal_failed(&journal.path, e))),
        }
    }
    if let Some(counter) = counter {
        counter.await.map_err(|e| Halt::Failed(DeskError::Internal { detail: e.to_string() }))??;
        progress(&shared.counts());
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
    read.map(|_| ()).map_err(Halt::Failed)
}

/// One reading of the file: the rows no line of `journal` covers sent.
/// Answers the addresses rows repeated, by key.
async fn pass(
    client: &Client,
    journal: &Journal,
    excluded: &Arc<Excluded>,
    control: &Control,
    tuning: Tuning,
    shared: &Arc<Shared>,
    progress: &(dyn Fn(&Counts) + Send + Sync),
) -> Result<HashSet<u64>, DeskError> {
    let (batches, mut incoming) = tokio::sync::mpsc::channel(tuning.concurrency * 2);
    let reader = {
        let (shared, control, covered, excluded) =
            (shared.clone(), control.clone(), journal.covered(), excluded.clone());
        let (path, plan, refused) = (journal.header.path.clone(), journal.header.plan.clone(), journal.refused_rows());
        tokio::task::spawn_blocking(move || {
            read_batches(
                Path::new(&path),
                &plan,
                &excluded,
                refused,
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
    reader.await.map_err(|e| DeskError::Internal { detail: e.to_string() })?
}

pub(super) fn journal_failed(path: &Path, e: std::io::Error) -> DeskError {
    DeskError::storage(super::Action::UploadRows, path, e)
}
