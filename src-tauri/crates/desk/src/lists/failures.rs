//! What can go wrong in the lists that nowhere else can, as codes with
//! their parameters; the page's lists area says them in its words.

use crate::error::{ValueProblem, VariableProblem};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ListsFailure {
    /// A value of a list's own field does not fit it; `title` is the
    /// field's name as the list has it.
    ValueRefused { title: String, problem: ValueProblem },
    /// A list field's template variable name does not fit the service's rules.
    VariableRefused { problem: VariableProblem },
    /// A change of many found another number of subscribers than the user
    /// confirmed (some joined or left meanwhile, or the service counted by
    /// other rules): nothing was changed; asked again with `found`, the
    /// change is made to exactly the subscribers found.
    ChosenChanged { confirmed: u64, found: u64 },
}

impl crate::error::AreaFailure for ListsFailure {
    const AREA: &'static str = "lists";
}
