//! The new fields a plan asks for, made in the list as its import starts:
//! a text field each, its variable from its title. A create that meets the
//! service failing or out of reach, or whose answer was lost, is settled by
//! reading the list's fields back: a field of its variable that was not
//! there before is the one made; with none, it is sent again after a pause
//! that grows, within the upload's patience. An import does not stop for
//! one 503.

use super::plan::{ColumnUse, ImportPlan};
use super::upload_state::Tuning;
use crate::error::{DeskError, Result, VariableProblem};
use crate::lists::{FieldForm, FieldType, ListsFailure};
use crate::session::Session;
use std::time::{Duration, Instant};

/// The plan with each new field made in the list (a text field, its
/// variable from its title), the columns naming them by number.
pub(super) async fn with_fields_made(
    session: &Session,
    plan: &ImportPlan,
    list: &api::lists::List,
    tuning: Tuning,
) -> Result<ImportPlan> {
    let mut plan = plan.clone();
    let mut taken: Vec<String> = list.fields().into_iter().map(|f| f.def.var).collect();
    for column in plan.columns.iter_mut() {
        let ColumnUse::NewField { title } = column else { continue };
        let mut tries = 0;
        let (field_id, variable) = loop {
            let variable = variable_for(title, &taken);
            let form = FieldForm {
                title: title.clone(),
                kind: FieldType::Text,
                required: false,
                variable: variable.clone(),
                choices: Vec::new(),
            };
            tries += 1;
            match made(session, plan.list_id, &form, &taken, tuning).await {
                // A field made since the list was read took the variable (another
                // import making the same field): the list's variables read again.
                Err(err) if is_taken(&err) && tries < 5 => {
                    let list = api::lists::get(session.client(), plan.list_id).await;
                    let list = list.map_err(crate::error::failed(super::Action::StartImport))?;
                    taken = list.fields().into_iter().map(|f| f.def.var).collect();
                }
                made => break (made?, variable),
            }
        };
        taken.push(variable);
        *column = ColumnUse::Field { field_id };
    }
    Ok(plan)
}

/// Makes one field and answers its number; see the module for what a
/// failure calls for. `taken_before`: the list's variables before.
async fn made(
    session: &Session,
    list_id: i64,
    form: &FieldForm,
    taken_before: &[String],
    tuning: Tuning,
) -> Result<u8> {
    let since = Instant::now();
    let mut backoff = tuning.first_backoff;
    let mut again = false;
    loop {
        let failed = match crate::lists::add_field(session, list_id, form).await {
            Err(err) if worth_again(&err) => err,
            // Sent again, its variable taken: by the create before, whose
            // answer was lost and that the reading back did not see.
            Err(taken) if is_taken(&taken) && again => {
                return made_before(session, list_id, &form.variable, taken_before).await.ok_or(taken);
            }
            answered => return answered,
        };
        again = true;
        if since.elapsed() >= tuning.patience {
            return Err(failed);
        }
        let wait = match failed {
            DeskError::Throttled { retry_after, .. } => Duration::from_secs(retry_after),
            _ => {
                let wait = backoff.mul_f64(0.5 + fastrand::f64() / 2.0);
                backoff = (backoff * 2).min(Duration::from_secs(10));
                wait
            }
        };
        tokio::time::sleep(wait).await;
        if let Some(field_id) = made_before(session, list_id, &form.variable, taken_before).await {
            return Ok(field_id);
        }
    }
}

/// The list refused the field's variable as another field's.
fn is_taken(err: &DeskError) -> bool {
    *err == DeskError::in_area(ListsFailure::VariableRefused { problem: VariableProblem::Taken })
}

/// A failure after which the field may be made, or may be made now: the
/// service failing, out of reach, asking to slow down, or its answer lost.
fn worth_again(err: &DeskError) -> bool {
    matches!(
        err,
        DeskError::ServiceFailing { .. }
            | DeskError::Unreachable { .. }
            | DeskError::TimedOut { .. }
            | DeskError::OutcomeUnknown { .. }
            | DeskError::UnreadableAnswer { .. }
            | DeskError::Throttled { .. }
    )
}

/// The number of the list's field of `variable` that was not among
/// `taken`, read now: the one a create whose answer was lost made.
async fn made_before(session: &Session, list_id: i64, variable: &str, taken: &[String]) -> Option<u8> {
    let list = api::lists::get(session.client(), list_id).await.ok()?;
    let ours = |var: &str| var.eq_ignore_ascii_case(variable) && !taken.iter().any(|t| t.eq_ignore_ascii_case(var));
    list.fields().into_iter().find(|f| ours(&f.def.var)).map(|f| f.merge_id)
}

/// A template variable for a new field: its title in Latin letters, at
/// most ten, not one the list has (`ГОРОД` → `GOROD`, then `GOROD2`).
fn variable_for(title: &str, taken: &[String]) -> String {
    let latin: String = deunicode::deunicode(title).chars().filter(char::is_ascii_alphanumeric).collect();
    let latin = latin.trim_start_matches(|c: char| c.is_ascii_digit()).to_uppercase();
    let base: String = if latin.is_empty() { "FIELD".into() } else { latin.chars().take(8).collect() };
    let free = |v: &str| crate::lists::variable_problem(v, taken).is_none();
    if free(&base) {
        return base;
    }
    (2..100)
        .map(|n| format!("{base}{n}"))
        .find(|v| free(v))
        .unwrap_or_else(|| format!("F{}", fastrand::u32(..99_999_999)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_field_s_variable_is_its_title_in_latin_letters_and_free() {
        assert_eq!(variable_for("Город", &[]), "GOROD");
        assert_eq!(variable_for("Город", &["gorod".into()]), "GOROD2");
        assert_eq!(variable_for("1-й телефон клиента", &[]), "ITELEFON");
        assert_eq!(variable_for("…", &[]), "FIELD");
        assert_eq!(variable_for("Email", &[]), "EMAIL2", "the service fills EMAIL itself");
    }
}
