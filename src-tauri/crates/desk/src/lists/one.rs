//! What is done to one subscriber from their form: unsubscribed from the
//! list, moved or copied to another list, or deleted. Each is asked first
//! on the page; a change whose answer was lost is settled by reading the
//! lists back, so a retry never makes a second copy and a change made is
//! never reported as failed.

use super::Action;
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use crate::settle::settled;
use crate::views::SubscriberState;
use serde::{Deserialize, Serialize};

/// Who the action is for: the record in its list.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberRef {
    pub list_id: i64,
    pub member_id: i64,
    pub email: String,
}

/// Whether the address has a record in `list_id`, and in which state.
async fn state_in(session: &Session, list_id: i64, email: &str) -> Option<SubscriberState> {
    api::members::get(session.client(), list_id, email).await.ok().map(|m| m.state.into())
}

/// Unsubscribes them from this list (the account's unsubscribe list keeps
/// them from being added again).
pub async fn unsubscribe(session: &Session, who: &SubscriberRef) -> Result<()> {
    let sent = api::members::unsubscribe(session.client(), who.list_id, &who.email)
        .await
        .map(|_| ())
        .map_err(failed(Action::UnsubscribeSubscriber));
    let found = async {
        (state_in(session, who.list_id, &who.email).await == Some(SubscriberState::Unsubscribed)).then_some(())
    };
    settled(sent, found).await
}

/// Deletes the record from the list.
pub async fn delete(session: &Session, who: &SubscriberRef) -> Result<()> {
    let sent = api::members::delete(session.client(), who.list_id, &who.email, who.member_id)
        .await
        .map_err(failed(Action::DeleteSubscriber));
    let found = async { state_in(session, who.list_id, &who.email).await.is_none().then_some(()) };
    settled(sent, found).await
}

/// Moves the record to another list.
pub async fn move_to(session: &Session, who: &SubscriberRef, to_list_id: i64) -> Result<()> {
    refuse_same_list(who, to_list_id)?;
    let sent = api::members::move_to(session.client(), who.list_id, &who.email, who.member_id, to_list_id)
        .await
        .map_err(failed(Action::MoveSubscriber));
    let found = async {
        let moved = state_in(session, to_list_id, &who.email).await.is_some()
            && state_in(session, who.list_id, &who.email).await.is_none();
        moved.then_some(())
    };
    settled(sent, found).await
}

/// Copies the record into another list; answers the copy's id.
pub async fn copy_to(session: &Session, who: &SubscriberRef, to_list_id: i64) -> Result<i64> {
    refuse_same_list(who, to_list_id)?;
    let client = session.client();
    let sent = api::members::copy_to(client, who.list_id, &who.email, who.member_id, to_list_id)
        .await
        .map_err(failed(Action::CopySubscriber));
    let found = async { api::members::get(client, to_list_id, &who.email).await.ok().map(|copy| *copy.id) };
    settled(sent, found).await
}

fn refuse_same_list(who: &SubscriberRef, to_list_id: i64) -> Result<()> {
    match to_list_id == who.list_id {
        true => Err(DeskError::Required { field: super::Field::OtherList.into() }),
        false => Ok(()),
    }
}

/// What a change of many does to each subscriber chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum BulkAction {
    Unsubscribe,
    Delete,
    Move { to_list_id: i64 },
    Copy { to_list_id: i64 },
}
