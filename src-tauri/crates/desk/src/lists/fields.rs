//! A list's additional fields: added, edited and deleted. What the service
//! takes is checked before anything is sent: a title, a template variable
//! name (`%CITY%`) of Latin letters, digits and underscores, starting with
//! a letter, at most ten characters and not another field's or one the
//! service keeps for itself, and choices for a choice field. A change whose
//! answer was lost is settled by reading the list's fields back.

use super::failures::ListsFailure;
use super::{list_fields, Action, Field, FieldType, FieldView};
use crate::error::{failed, DeskError, Result, VariableProblem};
use crate::session::Session;
use crate::settle::settled;
use api::fields::{FieldDef, FieldKind, MAX_VAR_LEN};
use serde::Deserialize;

/// Template variables the service fills itself.
const RESERVED: &[&str] = &["EMAIL", "ОТПИСАТЬСЯ", "UNSUBSCRIBE", "NAME", "LIST", "DATE"];

const MAX_TITLE: usize = 100;

/// A field as its form makes it.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FieldForm {
    pub title: String,
    pub kind: FieldType,
    pub required: bool,
    /// The template variable's name, without the percent signs.
    pub variable: String,
    /// For a choice field.
    pub choices: Vec<String>,
}

/// What is wrong with a variable's name among the list's `others`, as typed.
pub fn variable_problem(variable: &str, others: &[String]) -> Option<VariableProblem> {
    let variable = variable.trim();
    let upper = variable.to_uppercase();
    let mut chars = variable.chars();
    let starts_with_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    Some(match () {
        _ if variable.is_empty() => VariableProblem::Missing,
        _ if !starts_with_letter || !variable.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            VariableProblem::Characters
        }
        _ if variable.chars().count() > MAX_VAR_LEN => VariableProblem::TooLong,
        _ if RESERVED.contains(&upper.as_str()) => VariableProblem::Reserved,
        _ if others.iter().any(|other| other.eq_ignore_ascii_case(variable)) => VariableProblem::Taken,
        _ => return None,
    })
}

/// The field's definition as the service takes it, or why not.
fn definition(form: &FieldForm, others: &[String]) -> Result<FieldDef> {
    let title = crate::form::name(&form.title, Field::FieldTitle, MAX_TITLE)?;
    if let Some(problem) = variable_problem(&form.variable, others) {
        return Err(DeskError::in_area(ListsFailure::VariableRefused { problem }));
    }
    let mut choices: Vec<String> = Vec::new();
    for choice in form.choices.iter().map(|c| c.trim()).filter(|c| !c.is_empty()) {
        if !choices.iter().any(|kept| kept == choice) {
            choices.push(choice.to_string());
        }
    }
    let kind = match form.kind {
        FieldType::Text => FieldKind::Text,
        FieldType::Date => FieldKind::Date,
        FieldType::Choice if choices.is_empty() => return Err(DeskError::Required { field: Field::Choices.into() }),
        FieldType::Choice => FieldKind::Choice,
    };
    let choices = if kind == FieldKind::Choice { choices } else { Vec::new() };
    Ok(FieldDef { title, kind, required: form.required, var: form.variable.trim().to_lowercase(), choices })
}

/// The variables of every field but `except`.
fn variables(fields: &[FieldView], except: Option<u8>) -> Vec<String> {
    fields.iter().filter(|f| Some(f.id) != except).map(|f| f.tag.clone()).collect()
}

/// Adds a field to a list; answers its number.
pub async fn add_field(session: &Session, list_id: i64, form: &FieldForm) -> Result<u8> {
    let before = list_fields(session, list_id, Action::AddField).await?;
    let def = definition(form, &variables(&before, None))?;
    let sent = api::fields::add(session.client(), list_id, &def).await.map_err(failed(Action::AddField));
    // A field with this variable that was not there before is the one added.
    let found = async {
        let after = list_fields(session, list_id, Action::AddField).await.ok()?;
        after.iter().find(|f| f.tag.eq_ignore_ascii_case(&def.var) && before.iter().all(|b| b.id != f.id)).map(|f| f.id)
    };
    settled(sent, found).await
}

/// Changes a field's title, variable, required flag or choices.
pub async fn edit_field(session: &Session, list_id: i64, field_id: u8, form: &FieldForm) -> Result<()> {
    let before = list_fields(session, list_id, Action::EditField).await?;
    let def = definition(form, &variables(&before, Some(field_id)))?;
    let sent = api::fields::update(session.client(), list_id, field_id, &def).await.map_err(failed(Action::EditField));
    let found = async {
        let after = list_fields(session, list_id, Action::EditField).await.ok()?;
        after.iter().any(|f| f.id == field_id && f.title == def.title).then_some(())
    };
    settled(sent, found).await
}

/// Deletes a field and every subscriber's value of it.
pub async fn delete_field(session: &Session, list_id: i64, field_id: u8) -> Result<()> {
    let sent = api::fields::delete(session.client(), list_id, field_id).await.map_err(failed(Action::DeleteField));
    let found = async {
        let after = list_fields(session, list_id, Action::DeleteField).await.ok()?;
        after.iter().all(|f| f.id != field_id).then_some(())
    };
    settled(sent, found).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variable_name_is_checked_against_the_service_s_rules_as_typed() {
        let others = vec!["CITY".to_string()];
        assert_eq!(variable_problem("roast", &others), None);
        assert_eq!(variable_problem("  ", &others), Some(VariableProblem::Missing));
        assert_eq!(variable_problem("город", &others), Some(VariableProblem::Characters));
        assert_eq!(variable_problem("1st", &others), Some(VariableProblem::Characters));
        assert_eq!(variable_problem("first name", &others), Some(VariableProblem::Characters));
        assert_eq!(variable_problem("birthday_ok", &others), Some(VariableProblem::TooLong), "11 characters");
        assert_eq!(variable_problem("birth_day", &others), None, "an underscore, 9 characters");
        assert_eq!(variable_problem("email", &others), Some(VariableProblem::Reserved));
        assert_eq!(variable_problem("city", &others), Some(VariableProblem::Taken), "case does not tell them apart");
    }

    #[test]
    fn a_choice_field_needs_its_choices_trimmed_and_once_each() {
        let form = |kind, choices: &[&str]| FieldForm {
            title: " Roast ".into(),
            kind,
            required: true,
            variable: "Roast".into(),
            choices: choices.iter().map(|c| c.to_string()).collect(),
        };
        let def = definition(&form(FieldType::Choice, &[" Filter", "Espresso", "Filter", ""]), &[]).unwrap();
        assert_eq!((def.title.as_str(), def.var.as_str()), ("Roast", "roast"));
        assert_eq!(def.choices, vec!["Filter", "Espresso"]);
        assert_eq!(
            definition(&form(FieldType::Choice, &[" "]), &[]).unwrap_err(),
            DeskError::Required { field: Field::Choices.into() }
        );
        assert!(definition(&form(FieldType::Text, &["x"]), &[]).unwrap().choices.is_empty(), "only a choice has them");
    }
}
