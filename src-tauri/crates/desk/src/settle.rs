//! A create whose answer was lost, settled by reading back what it was to
//! make: done when the thing is there now, not done when it is not, and
//! unknown when it cannot be read.

use crate::error::{Action, DeskError, Result};

/// The id of what a create whose answer was lost made: of the ids `after`
/// read under its name, the one not there `before`. None new means nothing
/// was made; `after` not read leaves the loss as it was.
pub(crate) fn made_id(action: Action, before: &[i64], after: Result<Vec<i64>>, lost: DeskError) -> Result<i64> {
    let Ok(after) = after else { return Err(lost) };
    after.into_iter().find(|id| !before.contains(id)).ok_or(DeskError::NotDone {
        action,
        state: None,
        delivery_time: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lost() -> DeskError {
        DeskError::OutcomeUnknown { action: Action::CreateCampaign, detail: "reset".into() }
    }

    #[test]
    fn the_new_one_is_found_none_is_not_done_and_no_reading_stays_unknown() {
        let made = |after| made_id(Action::CreateCampaign, &[3, 5], after, lost());
        assert_eq!(made(Ok(vec![9, 5, 3])), Ok(9));
        assert_eq!(
            made(Ok(vec![5, 3])),
            Err(DeskError::NotDone { action: Action::CreateCampaign, state: None, delivery_time: None })
        );
        assert_eq!(made(Err(DeskError::NoAccountOpen)), Err(lost()));
    }
}
