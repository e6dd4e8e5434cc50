//! A create whose answer was lost, settled by reading back what it was to
//! make: done when the thing is there now, not done when it is not, and
//! unknown when it cannot be told apart or cannot be read.
//!
//! A create is sent first, with no read before it: a create that is
//! answered costs one request, and a list that cannot be read does not
//! stop it. Only a lost answer reads the list, and tells what the create
//! made from what was there by the ids the session saw when it last read
//! the whole list (the records carry no creation time to go by). Without
//! such a reading, a thing of that name may be older than the create, so
//! it stays unknown; with one, only a thing made by someone else under the
//! same name since that reading could be taken for this create's.

use crate::error::{Action, DeskError, Result};
use std::collections::HashSet;
use std::future::Future;
use std::sync::Mutex;

/// A change's own answer; or, when the answer was lost on the way, what
/// reading back finds: `found` answers what the change made, or `None`
/// when the service does not show it made (the loss is then reported).
pub(crate) async fn settled<T>(
    sent: crate::error::Result<T>,
    found: impl std::future::Future<Output = Option<T>>,
) -> crate::error::Result<T> {
    match sent {
        Err(lost) if lost.outcome_unknown() => found.await.ok_or(lost),
        other => other,
    }
}

/// The ids of one kind of thing as last listed whole in this session, with
/// what the session made since; `None` until a whole list was read.
#[derive(Debug, Default)]
pub(crate) struct Seen(Mutex<Option<HashSet<i64>>>);

impl Seen {
    /// The whole list was read: these are all there are.
    pub(crate) fn listed(&self, ids: impl IntoIterator<Item = i64>) {
        *self.lock() = Some(ids.into_iter().collect());
    }

    fn made(&self, id: i64) {
        if let Some(ids) = self.lock().as_mut() {
            ids.insert(id);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<HashSet<i64>>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Sends `create` once and answers the id it made. After a lost answer,
/// `named` reads the ids of the things now called by the created one's
/// name; see the module for how they settle it.
pub(crate) async fn create_once<Named>(
    seen: &Seen,
    action: impl Into<Action>,
    create: impl Future<Output = Result<i64>>,
    named: impl FnOnce() -> Named,
) -> Result<i64>
where
    Named: Future<Output = Result<Vec<i64>>>,
{
    // As seen when the create goes: a list read while it is on its way may
    // already hold what it made.
    let action = action.into();
    let before = seen.lock().clone();
    let made = match create.await {
        Err(lost) if lost.outcome_unknown() => made_id(action, before.as_ref(), named().await, lost),
        answered => answered,
    };
    if let Ok(id) = made {
        seen.made(id);
    }
    made
}

/// Whether a record is called `name`, as a create trims it.
pub(crate) fn named(record: &api::loose::MaybeText, name: &str) -> bool {
    record.0.as_deref().map(str::trim) == Some(name)
}

/// The id of what a create whose answer was lost made, of the ids `after`
/// read under its name: none is not done; of those not `before`, exactly
/// one is the one made, none is not done. Several new ones, no `before` to
/// tell old from new, or `after` not read leave the loss as it was.
fn made_id(action: Action, before: Option<&HashSet<i64>>, after: Result<Vec<i64>>, lost: DeskError) -> Result<i64> {
    let not_done = DeskError::NotDone { action, state: None, delivery_time: None };
    let Ok(after) = after else { return Err(lost) };
    if after.is_empty() {
        return Err(not_done);
    }
    let Some(before) = before else { return Err(lost) };
    match after.into_iter().filter(|id| !before.contains(id)).collect::<Vec<_>>()[..] {
        [] => Err(not_done),
        [id] => Ok(id),
        _ => Err(lost),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::codes! {
        enum Sample: Action { CreateCampaign }
    }

    fn lost() -> DeskError {
        DeskError::OutcomeUnknown { action: Sample::CreateCampaign.into(), detail: "reset".into() }
    }

    fn not_done() -> DeskError {
        DeskError::NotDone { action: Sample::CreateCampaign.into(), state: None, delivery_time: None }
    }

    #[test]
    fn the_one_new_is_found_none_new_is_not_done_and_no_reading_stays_unknown() {
        let before: HashSet<i64> = [3, 5].into();
        let made = |after| made_id(Sample::CreateCampaign.into(), Some(&before), after, lost());
        assert_eq!(made(Ok(vec![9, 5, 3])), Ok(9));
        assert_eq!(made(Ok(vec![5, 3])), Err(not_done()));
        assert_eq!(made(Ok(vec![9, 11, 3])), Err(lost()), "two new: which is this one's");
        assert_eq!(made(Err(DeskError::NoAccountOpen)), Err(lost()));
    }

    #[test]
    fn without_a_whole_list_seen_only_none_of_the_name_settles() {
        let made = |after| made_id(Sample::CreateCampaign.into(), None, after, lost());
        assert_eq!(made(Ok(vec![])), Err(not_done()));
        assert_eq!(made(Ok(vec![9])), Err(lost()), "may be older than the create");
    }

    #[tokio::test]
    async fn an_answered_create_reads_nothing_and_is_seen_after() {
        let seen = Seen::default();
        seen.listed([3]);
        let never = || async { panic!("an answered create reads nothing") };
        assert_eq!(create_once(&seen, Sample::CreateCampaign, async { Ok(7) }, never).await, Ok(7));
        let lost_again = async { Err(lost()) };
        let made = create_once(&seen, Sample::CreateCampaign, lost_again, || async { Ok(vec![3, 7, 8]) }).await;
        assert_eq!(made, Ok(8), "the one answered before is told apart");
    }
}
