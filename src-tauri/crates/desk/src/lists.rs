//! The Lists area: address lists, their additional fields and their
//! subscribers, as view types the UI reads. A change whose answer was lost
//! on the way is settled by reading again, so a retry never makes a second
//! list and a made list is never reported as failed.

mod adding;
mod bulk;
mod card;
mod chosen;
mod commands;
mod details;
mod export;
mod failures;
mod fields;
mod journal;
mod matching;
mod members;
mod one;
mod segments;
mod subscribers;

pub use adding::{add_subscriber, check_address, edit_subscriber, AddressCheck, SubscriberForm};
pub use bulk::{change_subscribers, BulkFailure, BulkOutcome};
pub use card::{subscriber_card, CardField, Gender, SubscriberCard};
pub use chosen::Chosen;
pub use details::{edit_list, ContactView, ListForm};
pub use export::{export_subscribers, ExportWords, SubscriberExport};
pub use failures::ListsFailure;
pub use fields::{add_field, delete_field, edit_field, variable_problem, FieldForm};
pub use journal::{dismiss_interrupted_change, interrupted_changes, InterruptedChange};
pub use members::{across_lists, find_address, subscribers, AcrossLists, AddressRecord};
pub use one::{BulkAction, SubscriberRef};
pub use segments::{
    count_segment, delete_segment, edit_segment, save_segment, saved_segments, ListSegment, SavedSegmentView,
    SavedSegments,
};
pub use subscribers::{SegmentCount, SubscriberFilter, SubscriberPage, SubscriberQuery, SubscriberRow, SubscriberSort};
/// What is done to one subscriber from their form.
pub mod subscriber {
    pub use super::one::{copy_to, delete, move_to, unsubscribe};
}

pub use commands::AREA;

use crate::error::{failed, Result};
use crate::listings::Fresh;
use crate::session::Session;
use crate::views::service_time;
use api::fields::FieldKind;
use api::lists::{List, ListChanges, ListState, NewList};
use serde::{Deserialize, Serialize};

crate::codes! {
    /// What the user was doing in the lists, when something failed.
    pub enum Action: Action {
        LoadLists,
        LoadList,
        CreateList,
        RenameList,
        DeleteList,
        LoadSubscribers,
        AddSubscriber,
        EditSubscriber,
        UnsubscribeSubscriber,
        DeleteSubscriber,
        MoveSubscriber,
        CopySubscriber,
        AddField,
        EditField,
        DeleteField,
        EditList,
        FindAddress,
        ExportSubscribers,
        OpenSubscriber,
        LoadSegments,
        CountSegment,
        SaveSegment,
        EditSegment,
        DeleteSegment,
        ChangeSubscribers,
    }
    /// A field of the lists' forms, named when its value is refused.
    pub enum Field: FormField { ListName, Email, OtherList, FieldTitle, Choices, AbuseEmail, SegmentName, Conditions }
}

pub const MAX_PAGE: u64 = 500;
const MAX_NAME: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ListStatus {
    Active,
    Archived,
    /// Blocked while an import runs.
    Importing,
    Unknown,
}

impl From<ListState> for ListStatus {
    fn from(state: ListState) -> Self {
        match state {
            ListState::Active => ListStatus::Active,
            ListState::Archived => ListStatus::Archived,
            ListState::Blocked => ListStatus::Importing,
            ListState::Unknown => ListStatus::Unknown,
        }
    }
}

/// How many subscribers a list holds in each state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StateCounts {
    pub all: i64,
    pub active: i64,
    pub unsubscribed: i64,
    pub bounced: i64,
    pub complained: i64,
    pub unconfirmed: i64,
    pub inactive: i64,
}

/// A row of the lists table.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ListSummary {
    pub id: i64,
    pub name: String,
    pub status: ListStatus,
    pub description: Option<String>,
    /// ISO 8601 local time, `YYYY-MM-DDTHH:MM:SS`.
    pub created_at: Option<String>,
    pub counts: StateCounts,
}

impl From<&List> for ListSummary {
    fn from(list: &List) -> Self {
        let c = &list.counts;
        ListSummary {
            id: *list.id,
            name: list.name.to_string(),
            status: list.state.into(),
            description: list.description.0.clone(),
            created_at: service_time(list.creation_date.as_deref()),
            counts: StateCounts {
                all: *c.count_all,
                active: *c.count_active,
                unsubscribed: *c.count_unsubscribed,
                bounced: *c.count_bounced,
                complained: *c.count_complained,
                unconfirmed: *c.count_unconfirmed,
                inactive: *c.count_inactive,
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum FieldType {
    Text,
    Date,
    Choice,
}

/// An additional field of a list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FieldView {
    /// The field's number in the list, 1 to 10 (more on extended plans).
    pub id: u8,
    pub title: String,
    pub kind: FieldType,
    pub required: bool,
    /// The personalisation tag, written `%TAG%` in a message.
    pub tag: String,
    pub choices: Vec<String>,
}

/// One list with its field definitions, read once per visit.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ListDetail {
    pub list: ListSummary,
    pub fields: Vec<FieldView>,
    /// Printed in the footer of every letter to the list.
    pub contact: ContactView,
}

/// A list name as typed: trimmed, not empty, not absurdly long.
pub fn list_name(name: &str) -> Result<String> {
    crate::form::name(name, Field::ListName, MAX_NAME)
}

fn field_view(field: api::fields::Field) -> FieldView {
    FieldView {
        id: field.merge_id,
        title: field.def.title,
        kind: match field.def.kind {
            FieldKind::Text => FieldType::Text,
            FieldKind::Date => FieldType::Date,
            FieldKind::Choice => FieldType::Choice,
        },
        required: field.def.required,
        tag: field.def.var.to_uppercase(),
        choices: field.def.choices,
    }
}

/// Every list, newest first.
pub async fn all(session: &Session) -> Result<Vec<ListSummary>> {
    let lists = crate::listings::lists(session, Fresh::Now).await.map_err(failed(Action::LoadLists))?;
    Ok(lists.iter().map(ListSummary::from).collect())
}

/// One list and its field definitions.
pub async fn detail(session: &Session, list_id: i64) -> Result<ListDetail> {
    let list = api::lists::get(session.client(), list_id).await.map_err(failed(Action::LoadList))?;
    Ok(ListDetail {
        list: ListSummary::from(&list),
        fields: list.fields().into_iter().map(field_view).collect(),
        contact: ContactView::from(&list),
    })
}

/// A list's additional fields, read now.
async fn list_fields(session: &Session, list_id: i64, action: Action) -> Result<Vec<FieldView>> {
    let list = api::lists::get(session.client(), list_id).await.map_err(failed(action))?;
    Ok(list.fields().into_iter().map(field_view).collect())
}

/// Creates a list and answers its id. When the answer is lost, the lists are
/// read again: a list of that name that was not there before is the one
/// just made.
pub async fn create(session: &Session, name: &str) -> Result<i64> {
    let name = list_name(name)?;
    let client = session.client();
    let before = ids_named(session, &name).await?;
    let made = api::lists::create(client, &NewList { name: name.clone(), ..NewList::default() }).await;
    let found = async { ids_named(session, &name).await.ok()?.into_iter().find(|id| !before.contains(id)) };
    crate::settle::settled(made.map_err(failed(Action::CreateList)), found).await
}

async fn ids_named(session: &Session, name: &str) -> Result<Vec<i64>> {
    let lists = api::lists::list(session.client(), None).await.map_err(failed(Action::CreateList))?;
    Ok(lists.into_iter().filter(|l| *l.name == name).map(|l| *l.id).collect())
}

/// Renames a list; a lost answer is settled by reading the list's name.
pub async fn rename(session: &Session, list_id: i64, name: &str) -> Result<()> {
    let name = list_name(name)?;
    let changes = ListChanges { name: Some(name.clone()), ..ListChanges::default() };
    let sent = api::lists::update(session.client(), list_id, &changes).await.map_err(failed(Action::RenameList));
    let found = async { api::lists::get(session.client(), list_id).await.ok().filter(|l| l.name == name).map(|_| ()) };
    crate::settle::settled(sent, found).await
}

/// Deletes a list; a lost answer is settled by looking for the list.
pub async fn delete(session: &Session, list_id: i64) -> Result<()> {
    let sent = api::lists::delete(session.client(), list_id).await.map_err(failed(Action::DeleteList));
    let found = async {
        let lists = api::lists::list(session.client(), None).await.ok()?;
        lists.iter().all(|l| l.id != list_id).then_some(())
    };
    crate::settle::settled(sent, found).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::DeskError;

    #[test]
    fn list_names_are_bounded_at_200() {
        assert_eq!(list_name("  News  ").unwrap(), "News");
        assert!(matches!(list_name(&"x".repeat(201)), Err(DeskError::TooLong { max: 200, .. })));
    }
}
