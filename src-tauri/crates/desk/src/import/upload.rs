//! The rows of a file sent to a list: read and decided on a thread of
//! their own, gathered into batches ([`super::gather`]), and posted through
//! the contract's batch add a few at a time ([`super::send`]). Each batch
//! the service takes is written to the journal before it counts as sent.
//!
//! A row the service refuses leaves its address to the next row that has
//! it (see [`super::plan::Fate::SendAgain`]): once the file is read, it is
//! read again for those rows when a refusal freed an address a later row
//! repeats.

use super::gather::{count, hash_file, read_batches};
use super::journal::{self, Journal, Line, Writer};
use super::plan::Excluded;
use super::send::send_batch;
use super::upload_state::{journal_failed, Control, Counts, Halt, Shared, Tuning};
use crate::error::DeskError;
use api::members::AddOptions;
use api::Client;
use futures_util::StreamExt;
use std::collections::HashSet;
use std::path::Path;
use std::sync::{Arc, Mutex};

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
