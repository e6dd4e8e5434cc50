//! One batch of rows posted through the contract's batch add, until the
//! service takes it. What comes back decides what happens next:
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

use super::journal::Line;
use super::upload_state::{Control, Counts, Halt, Shared, Tuning};
use crate::error::DeskError;
use api::members::{AddOptions, NewMember};
use api::Client;
use std::time::{Duration, Instant};

/// One batch: the file rows it covers, and their subscribers.
pub(super) struct Batch {
    pub rows: Vec<u64>,
    pub members: Vec<NewMember>,
    /// One row sent in place of a refused row with its address.
    pub again: bool,
}

impl Batch {
    pub fn new(capacity: usize) -> Batch {
        Batch { rows: Vec::with_capacity(capacity), members: Vec::with_capacity(capacity), again: false }
    }

    /// A row sent in place of a refused row with its address: on its own.
    pub fn again(row: u64, member: NewMember) -> Batch {
        Batch { rows: vec![row], members: vec![member], again: true }
    }

    fn line(&self) -> Line {
        match self.again {
            true => Line::SentAgain { row: self.rows[0] },
            false => {
                Line::Sent { from: self.rows[0], to: self.rows[self.rows.len() - 1], rows: self.rows.len() as u64 }
            }
        }
    }

    fn split(self) -> (Batch, Batch) {
        let half = self.rows.len() / 2;
        let (mut rows, mut members, again) = (self.rows, self.members, self.again);
        let rest = Batch { rows: rows.split_off(half), members: members.split_off(half), again };
        (Batch { rows, members, again }, rest)
    }
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
pub(super) async fn send_batch(
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
                    let mut counts = shared.counts();
                    counts.sent += batch.rows.len() as u64;
                    counts.again += u64::from(batch.again);
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
                    let (row, address, again) = (batch.rows[0], batch.members[0].email.clone(), batch.again);
                    shared.write(&Line::Refused { row, address: address.clone(), message, again })?;
                    if !again {
                        shared.refused(&address);
                    }
                    let mut counts = shared.counts();
                    counts.refused += 1;
                    counts.again += u64::from(again);
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
                            let mut counts = shared.counts();
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
