//! What an upload's stages share: how it is paced, what the marketer asked
//! of it (pause, cancel), how far it is, why it stopped, and the journal
//! its senders write to. The reader ([`super::gather`]), the senders
//! ([`super::send`]) and the run that starts them ([`super::upload`]) all
//! read it from here.

use super::check::{key, Reason};
use super::journal::{Line, Writer};
use crate::error::DeskError;
use std::collections::BTreeMap;
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
    pub journal: PathBuf,
    pub writer: Mutex<Writer>,
    pub counts: Mutex<Counts>,
    pub halt: Mutex<Option<Halt>>,
    /// The addresses refused since the file was last read, by key.
    pub refused_now: Mutex<Vec<u64>>,
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

pub(super) fn journal_failed(path: &Path, e: std::io::Error) -> DeskError {
    DeskError::storage(super::Action::UploadRows, path, e)
}
