//! A subscriber added to a list by hand, or edited. The address is judged
//! on this computer as it is typed, by the same judge as a file's import
//! (missing, not an address, a likely typo with the address meant, a
//! role's mailbox), and each of the list's fields is checked against what
//! the list says of it (filled when required, a date a date, a choice one
//! of its choices) before anything is sent. A change whose answer was lost
//! is settled by reading the subscriber back.

use super::failures::ListsFailure;
use super::{list_fields, Action, Field, FieldType, FieldView};
use crate::address::{Judge, Verdict};
use crate::error::{failed, DeskError, Result, ValueProblem};
use crate::session::Session;
use crate::settle::settled;
use api::members::{AddOptions, MemberChanges, MergeValues, NewMember};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A subscriber as the form makes one: the address and the values of the
/// list's fields by their number.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberForm {
    pub email: String,
    pub values: BTreeMap<u8, String>,
}

/// What the form says of an address as it is typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "verdict", rename_all = "camelCase")]
pub enum AddressCheck {
    Missing,
    Invalid,
    /// Likely a slip of the fingers: the address meant.
    Typo {
        meant: String,
    },
    /// A role's mailbox (`info@`): allowed, with a word of warning.
    Role,
    Fine,
}

/// Judges an address as typed, on this computer.
pub fn check_address(address: &str) -> AddressCheck {
    match Judge::default().judge(address) {
        Verdict::Missing => AddressCheck::Missing,
        Verdict::Invalid => AddressCheck::Invalid,
        Verdict::Typo(meant) => AddressCheck::Typo { meant },
        Verdict::Role => AddressCheck::Role,
        Verdict::Fine => AddressCheck::Fine,
    }
}

/// The address, refused when it is none (a typo or a role's mailbox is the
/// user's call: the form has said so).
fn address(email: &str) -> Result<String> {
    match check_address(email) {
        AddressCheck::Missing => Err(DeskError::Required { field: Field::Email.into() }),
        AddressCheck::Invalid => Err(DeskError::NotAnAddress { field: Field::Email.into() }),
        _ => Ok(email.trim().to_string()),
    }
}

/// The values, checked against the list's fields and trimmed.
fn checked_values(fields: &[FieldView], values: &BTreeMap<u8, String>) -> Result<MergeValues> {
    let mut merges = MergeValues::default();
    for field in fields {
        let value = values.get(&field.id).map(|v| v.trim()).unwrap_or_default();
        let refuse =
            |problem| Err(DeskError::in_area(ListsFailure::ValueRefused { title: field.title.clone(), problem }));
        match field.kind {
            _ if value.is_empty() && field.required => return refuse(ValueProblem::Missing),
            _ if value.is_empty() => continue,
            FieldType::Date if chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").is_err() => {
                return refuse(ValueProblem::NotADate)
            }
            FieldType::Choice if !field.choices.iter().any(|choice| choice == value) => {
                return refuse(ValueProblem::NotAChoice)
            }
            _ => merges.set(field.id, value),
        }
    }
    Ok(merges)
}

/// Adds a subscriber to a list and answers their id. An address already
/// in the list, or one that unsubscribed in this account, is refused by
/// the service, which says so.
pub async fn add_subscriber(session: &Session, list_id: i64, form: &SubscriberForm) -> Result<i64> {
    let email = address(&form.email)?;
    let merges = checked_values(&list_fields(session, list_id, Action::AddSubscriber).await?, &form.values)?;
    let member = NewMember { email: email.clone(), merges, ..NewMember::default() };
    let client = session.client();
    let sent = api::members::add(client, list_id, &member, AddOptions::default()).await;
    // Read back: there now, it was added.
    let found = async { api::members::get(client, list_id, &email).await.ok().map(|m| *m.id) };
    settled(sent.map_err(failed(Action::AddSubscriber)), found).await
}

/// Changes a subscriber's field values (the address is who they are: it
/// does not change).
pub async fn edit_subscriber(session: &Session, list_id: i64, form: &SubscriberForm) -> Result<()> {
    let merges = checked_values(&list_fields(session, list_id, Action::EditSubscriber).await?, &form.values)?;
    let changes = MemberChanges { merges: merges.clone(), ..MemberChanges::default() };
    let client = session.client();
    let email = form.email.trim();
    let sent = api::members::update(client, list_id, email, &changes).await.map_err(failed(Action::EditSubscriber));
    let found = async {
        let found = api::members::get(client, list_id, email).await.ok()?;
        merges.iter().all(|(n, v)| found.merges.get(n) == Some(v)).then_some(())
    };
    settled(sent, found).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(id: u8, title: &str, kind: FieldType, required: bool, choices: &[&str]) -> FieldView {
        FieldView {
            id,
            title: title.into(),
            kind,
            required,
            tag: format!("F{id}"),
            choices: choices.iter().map(|c| c.to_string()).collect(),
        }
    }

    #[test]
    fn each_value_is_checked_against_its_field() {
        let fields = [
            field(1, "Имя", FieldType::Text, true, &[]),
            field(2, "День рождения", FieldType::Date, false, &[]),
            field(3, "Город", FieldType::Choice, false, &["Омск", "Томск"]),
        ];
        let values = |pairs: &[(u8, &str)]| pairs.iter().map(|(n, v)| (*n, v.to_string())).collect();
        let fine = checked_values(&fields, &values(&[(1, " Анна "), (2, "1990-05-17"), (3, "Томск")])).unwrap();
        assert_eq!(fine.iter().collect::<Vec<_>>(), vec![(1, "Анна"), (2, "1990-05-17"), (3, "Томск")]);
        let refused = |pairs: &[(u8, &str)]| checked_values(&fields, &values(pairs)).unwrap_err();
        let problem =
            |title: &str, problem| DeskError::in_area(ListsFailure::ValueRefused { title: title.into(), problem });
        assert_eq!(refused(&[(1, "  ")]), problem("Имя", ValueProblem::Missing));
        assert_eq!(refused(&[(1, "Анна"), (2, "17.05.1990")]), problem("День рождения", ValueProblem::NotADate));
        assert_eq!(refused(&[(1, "Анна"), (3, "Москва")]), problem("Город", ValueProblem::NotAChoice));
        assert!(checked_values(&fields, &values(&[(1, "Анна")])).is_ok(), "what is not required may stay empty");
    }

    #[test]
    fn an_address_is_judged_as_typed() {
        assert_eq!(check_address("ivan@gmial.com"), AddressCheck::Typo { meant: "ivan@gmail.com".into() });
        assert_eq!(check_address("info@coffee.ru"), AddressCheck::Role);
        assert_eq!(check_address("ivan@пример.рф"), AddressCheck::Fine);
        assert_eq!(address(" "), Err(DeskError::Required { field: Field::Email.into() }));
        assert_eq!(address("ivan@"), Err(DeskError::NotAnAddress { field: Field::Email.into() }));
        assert_eq!(address(" ivan@gmial.com "), Ok("ivan@gmial.com".into()), "a typo is the user's call");
    }
}
