//! The account's automations with their workflows: copying, deleting, and
//! sending one by hand to a subscriber.

use super::events::{Delay, TriggerEvent};
use super::moderation::{Moderation, Moderations, NOT_MODERATED};
use crate::automations::{Action, Field};
use crate::error::{failed, Result};
use crate::listings::{self, Fresh};
use crate::session::{AccountDir, AreaState, Session};
use crate::DeskError;
use serde::Serialize;

/// Whether an automation sends when its events occur.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum AutomationState {
    Active,
    /// Switched off or never switched on: events wait for nothing.
    Stopped,
    Archived,
}

impl AutomationState {
    fn of(auto: i64) -> Self {
        match auto {
            1 => AutomationState::Active,
            2 => AutomationState::Archived,
            _ => AutomationState::Stopped,
        }
    }
}

/// A row of the automations table.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AutomationRow {
    pub id: i64,
    pub name: String,
    pub subject: String,
    /// Names of the lists it watches.
    pub lists: Vec<String>,
    pub events: Vec<TriggerEvent>,
    pub delay: Option<Delay>,
    pub state: AutomationState,
    /// Letters it has sent.
    pub sent: i64,
    /// As last learnt this session; `None` when nothing is known.
    pub moderation: Option<Moderation>,
    /// The workflow it belongs to.
    pub workflow_id: Option<i64>,
}

/// A workflow: automations chained under one name.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct WorkflowRow {
    pub id: i64,
    pub name: String,
    pub automation_ids: Vec<i64>,
}

/// The Automations area's first screen.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AutomationsView {
    /// Newest first.
    pub automations: Vec<AutomationRow>,
    pub workflows: Vec<WorkflowRow>,
}

/// Every automation with its lists' names, and the workflows.
pub async fn all(session: &Session) -> Result<AutomationsView> {
    let client = session.client();
    let (automations, workflows, lists) = tokio::join!(
        api::automations::list(client),
        api::workflows::list(client),
        listings::lists(session, Fresh::Named)
    );
    let lists = lists.map_err(failed(Action::LoadAutomations))?;
    let workflows: Vec<WorkflowRow> = workflows
        .map_err(failed(Action::LoadAutomations))?
        .into_iter()
        .map(|w| WorkflowRow { id: *w.id, name: w.name.0, automation_ids: w.automations.0 })
        .collect();
    let list_name = |id: &i64| lists.iter().find(|l| *l.id == *id).map(|l| l.name.0.clone());
    let automations = automations.map_err(failed(Action::LoadAutomations))?;
    session.state::<Seen>().0.listed(automations.iter().map(|a| *a.id));
    let moderations = session.state::<Moderations>();
    let automations = automations
        .into_iter()
        .map(|a| AutomationRow {
            id: *a.id,
            name: a.name.0.clone().filter(|n| !n.trim().is_empty()).or_else(|| a.subject.0.clone()).unwrap_or_default(),
            subject: a.subject.or_empty(),
            lists: a.list_id.0.iter().filter_map(list_name).collect(),
            events: a.events().into_iter().map(TriggerEvent::from_api).collect(),
            delay: Delay::of(&a),
            state: AutomationState::of(*a.auto),
            sent: *a.emails_sent,
            moderation: moderations.of(*a.id),
            workflow_id: workflows.iter().find(|w| w.automation_ids.contains(&a.id)).map(|w| w.id),
        })
        .collect();
    Ok(AutomationsView { automations, workflows })
}

/// The automations as last listed, to settle a create whose answer was
/// lost (see `settle`).
#[derive(Default)]
struct Seen(crate::settle::Seen);

impl AreaState for Seen {
    fn open(_: Option<&AccountDir>) -> Self {
        Seen::default()
    }
}

/// Creates an automation and answers its id. A lost answer is settled by
/// reading the automations of that name (see `settle`).
pub(super) async fn create_once(session: &Session, settings: &api::automations::AutomationSettings) -> Result<i64> {
    let client = session.client();
    let name = settings.name.as_deref().unwrap_or_default().trim();
    let create = async { api::automations::create(client, settings).await.map_err(failed(Action::CreateAutomation)) };
    let seen = session.state::<Seen>();
    crate::settle::create_once(&seen.0, Action::CreateAutomation, create, || async {
        let automations = api::automations::list(client).await.map_err(failed(Action::CreateAutomation))?;
        Ok(automations.into_iter().filter(|a| crate::settle::named(&a.name, name)).map(|a| *a.id).collect())
    })
    .await
}

/// A copy with the same events and delays, which goes to moderation; answers its id.
pub async fn copy(session: &Session, id: i64) -> Result<i64> {
    let copy = api::automations::copy(session.client(), id).await.map_err(failed(Action::CopyAutomation))?;
    session.state::<Moderations>().waiting(copy);
    Ok(copy)
}

/// Stops and deletes an automation; letters already waiting are not sent.
pub async fn delete(session: &Session, id: i64) -> Result<()> {
    api::automations::delete(session.client(), id).await.map_err(failed(Action::DeleteAutomation))
}

/// Sends the automation's letter to one subscriber now. Never retried: a
/// trigger whose answer was lost may have gone. What the answer says of
/// moderation is kept.
pub async fn trigger(session: &Session, id: i64, email: &str) -> Result<()> {
    let email = email.trim();
    if email.is_empty() {
        return Err(DeskError::Required { field: Field::TriggerAddress.into() });
    }
    let recipient = api::automations::Recipient::Email(email.to_string());
    match api::automations::trigger(session.client(), id, &recipient, None).await {
        Ok(()) => {
            session.state::<Moderations>().passed(id);
            Ok(())
        }
        Err(err) => {
            if err.code() == Some(NOT_MODERATED) {
                session.state::<Moderations>().waiting(id);
            }
            Err(DeskError::from_api(err, Action::TriggerAutomation))
        }
    }
}
