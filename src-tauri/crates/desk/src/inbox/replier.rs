//! Who wrote a reply, beside the thread: their record and the campaign
//! they answer, what they did lately when asked; and unsubscribing them, as
//! an unsubscribe request asks.

use super::known::{CampaignRef, Known};
use super::listing::record;
use crate::error::{failed, DeskError, Result};
use crate::inbox::Action;
use crate::session::Session;
use crate::views::service_time;
use api::dialogs::Dialog;
use serde::Serialize;

pub use crate::views::{ActivityAction, ActivityView};

/// Who wrote a reply, beside the thread: their record and the campaign
/// they answer (what they did lately is read when asked: [`activity`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplierView {
    pub email: String,
    /// The subscriber's record in the campaign's list; `None` when it is gone.
    pub state: Option<crate::views::SubscriberState>,
    pub subscribed_at: Option<String>,
    pub campaign: Option<CampaignRef>,
    /// The record's additional fields with their template variables
    /// (`NAME` of `%NAME%`), for canned replies.
    pub fields: Vec<ReplierField>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplierField {
    pub title: String,
    pub tag: String,
    pub value: String,
}

/// How much of a subscriber's history the panel shows.
const ACTIVITY_SHOWN: usize = 8;

/// The replier of a dialog, on its own: after they were unsubscribed, or
/// their record changed elsewhere in the app.
pub async fn replier(session: &Session, dialog_id: i64) -> Result<ReplierView> {
    let dialog = record(session, dialog_id, Action::LoadSubscriber).await?;
    Ok(of(session, &dialog).await)
}

/// What the replier did lately, newest first: read when the user asks to
/// see it, not with every thread (most threads are answered without it).
pub async fn activity(session: &Session, dialog_id: i64) -> Result<Vec<ActivityView>> {
    let dialog = record(session, dialog_id, Action::LoadSubscriber).await?;
    let activity = api::members::activity(session.client(), *dialog.list_id, &dialog.subscriber_email.0)
        .await
        .map_err(failed(Action::LoadSubscriber))?;
    Ok(activity.into_iter().take(ACTIVITY_SHOWN).map(ActivityView::from).collect())
}

/// The campaign, as known or read now.
async fn campaign(session: &Session, campaign_id: i64) -> api::Result<CampaignRef> {
    if let Some(known) = session.state::<Known>().campaign(campaign_id) {
        return Ok(known);
    }
    let campaign = CampaignRef::from(&api::campaigns::get(session.client(), campaign_id).await?);
    session.state::<Known>().remember_campaigns([campaign.clone()]);
    Ok(campaign)
}

/// The list's additional fields, as known or read now.
async fn fields(session: &Session, list_id: i64) -> api::Result<Vec<api::fields::Field>> {
    if let Some(known) = session.state::<Known>().fields(list_id) {
        return Ok(known);
    }
    let fields = api::lists::get(session.client(), list_id).await?.fields();
    session.state::<Known>().remember_fields(list_id, fields.clone());
    Ok(fields)
}

/// The replier's record and campaign, read side by side
/// (the campaign and the list's fields only when not known already). What
/// the service no longer has (a deleted record or campaign), or does not
/// answer, is left out: the panel is beside the thread, never in its way.
pub(super) async fn of(session: &Session, dialog: &Dialog) -> ReplierView {
    let client = session.client();
    let (list_id, email) = (*dialog.list_id, dialog.subscriber_email.0.clone());
    let (member, campaign, fields) = tokio::join!(
        api::members::get(client, list_id, &email),
        campaign(session, *dialog.campaign_id),
        fields(session, list_id),
    );
    let member = member.ok();
    let fields = match (&member, fields) {
        (Some(member), Ok(fields)) => fields
            .into_iter()
            .map(|field| ReplierField {
                value: member.merges.get(field.merge_id).unwrap_or_default().to_string(),
                tag: field.def.var.to_uppercase(),
                title: field.def.title,
            })
            .collect(),
        _ => Vec::new(),
    };
    ReplierView {
        email,
        state: member.as_ref().map(|m| m.state.into()),
        subscribed_at: member.as_ref().and_then(|m| service_time(m.optin_time.as_deref())),
        campaign: campaign.ok(),
        fields,
    }
}

/// Unsubscribes the replier from every list of the campaign they answered
/// (what an unsubscribe request asks for); answers how many records changed.
/// A lost answer is settled by reading the subscriber in that list:
/// unsubscribed is done, anything else was not.
pub async fn unsubscribe_replier(session: &Session, dialog_id: i64) -> Result<u64> {
    let client = session.client();
    let dialog = record(session, dialog_id, Action::Unsubscribe).await?;
    let campaign = campaign(session, *dialog.campaign_id).await.map_err(failed(Action::Unsubscribe))?;
    let mut lists = campaign.list_ids;
    if lists.is_empty() {
        lists.push(*dialog.list_id);
    }
    let mut changed = 0;
    for list in lists {
        changed += match api::members::unsubscribe(client, list, &dialog.subscriber_email)
            .await
            .map_err(failed(Action::Unsubscribe))
        {
            Err(lost) if lost.outcome_unknown() => {
                unsubscribed_in(session, list, &dialog.subscriber_email, lost).await?
            }
            changed => changed?,
        };
    }
    Ok(changed)
}

/// The subscriber's state in the list, read after an unsubscribe whose
/// answer was lost: one record changed when unsubscribed now.
async fn unsubscribed_in(session: &Session, list_id: i64, email: &str, lost: DeskError) -> Result<u64> {
    match api::members::get(session.client(), list_id, email).await {
        Ok(member) if member.state == api::members::MemberState::Unsubscribed => Ok(1),
        Ok(_) => Err(DeskError::NotDone { action: Action::Unsubscribe.into(), state: None, delivery_time: None }),
        Err(_) => Err(lost),
    }
}
