//! The file read for an upload: its rows decided and handed on in
//! batches, its rows counted, its bytes hashed.

use super::journal::Covered;
use super::plan::{open_planned, Excluded, Fate, ImportPlan};
use super::send::Batch;
use super::upload_state::{reason_key, ReasonKey, Shared};
use crate::error::DeskError;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashSet};
use std::io::Read;
use std::path::Path;

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

/// The SHA-256 of the file's bytes, hex; `None` when `stopping` says so
/// before the end.
pub(super) fn hash_file(path: &Path, stopping: &dyn Fn() -> bool) -> std::io::Result<Option<String>> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut piece = vec![0u8; 256 * 1024];
    loop {
        if stopping() {
            return Ok(None);
        }
        match file.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => hasher.update(&piece[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Some(hasher.finalize().iter().map(|b| format!("{b:02x}")).collect()))
}

/// Reads the file's rows, decides each (knowing the rows the service
/// `refused`), and hands on the ones to send in batches while `hand_on`
/// answers true; a row sent in place of a refused one goes in a batch of
/// its own. Answers the addresses rows repeated, by key.
#[allow(clippy::too_many_arguments)]
pub(super) fn read_batches(
    path: &Path,
    plan: &ImportPlan,
    excluded: &Excluded,
    refused: HashSet<u64>,
    covered: &Covered,
    batch_rows: usize,
    mut hand_on: impl FnMut(Batch) -> bool,
    shared: &Shared,
) -> Result<HashSet<u64>, DeskError> {
    let (file, decider) = open_planned(path, plan, excluded)?;
    let mut decider = decider.knowing_refused(refused);
    let mut batch = Batch::new(batch_rows);
    let mut going = true;
    let mut skipped: BTreeMap<ReasonKey, u64> = BTreeMap::new();
    file.for_each_row(|row, cells| {
        // Every row is decided, so duplicates are told apart as in the check.
        match decider.decide_at(row, cells) {
            Fate::Skip(..) | Fate::Send(_) if covered.contains(row) => {}
            Fate::SendAgain(_) if covered.contains_alone(row) => {}
            Fate::Skip(reason, _) => *skipped.entry(reason_key(reason)).or_default() += 1,
            Fate::SendAgain(member) => going = hand_on(Batch::again(row, member)),
            Fate::Send(member) => {
                batch.rows.push(row);
                batch.members.push(member);
                if batch.rows.len() == batch_rows {
                    let full = std::mem::replace(&mut batch, Batch::new(batch_rows));
                    shared.counts().skipped = skipped.clone();
                    going = hand_on(full);
                }
            }
        }
        going
    })
    .map_err(super::unreadable)?;
    shared.counts().skipped = skipped;
    if going && !batch.rows.is_empty() {
        hand_on(batch);
    }
    Ok(decider.repeated_keys())
}
