//! An automation as its form holds it: the letter (checked like a
//! campaign's), what starts it, how long it waits and when it may send.

use crate::campaigns::{self, CampaignDraft, CampaignState, CheckContext, LaunchCheck, Segment};
use crate::desk::Session;
use crate::drafts::{self, Edited};
use crate::error::{failed, Action, FormField, Result};
use crate::DeskError;
use api::automations::{Automation, AutomationSettings};
use serde::{Deserialize, Serialize};

/// What starts an automation for a subscriber.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum TriggerEvent {
    /// Subscribed through a form.
    Form,
    /// Added by hand or through the API.
    Add,
    /// Added by a file import.
    Upload,
    /// Opened a watched campaign; only alone.
    Open,
    /// Clicked a link of a watched campaign; only alone.
    Click,
    /// Clicked a given link of a watched campaign.
    Href,
    /// Changed a watched field; only alone.
    Edit,
    /// Their rating changed.
    Rating,
}

impl TriggerEvent {
    /// Whether the service takes it only on its own.
    pub fn alone(self) -> bool {
        matches!(self, TriggerEvent::Open | TriggerEvent::Click | TriggerEvent::Edit)
    }

    /// Whether it watches campaigns (the rest watch lists, or fields for `edit`).
    pub fn watches_campaigns(self) -> bool {
        matches!(self, TriggerEvent::Open | TriggerEvent::Click | TriggerEvent::Href)
    }

    fn to_api(self) -> api::automations::TriggerEvent {
        use api::automations::TriggerEvent as E;
        match self {
            TriggerEvent::Form => E::Form,
            TriggerEvent::Add => E::Add,
            TriggerEvent::Upload => E::Upload,
            TriggerEvent::Open => E::Open,
            TriggerEvent::Click => E::Click,
            TriggerEvent::Href => E::Href,
            TriggerEvent::Edit => E::Edit,
            TriggerEvent::Rating => E::Rating,
        }
    }

    pub(crate) fn from_api(event: api::automations::TriggerEvent) -> Self {
        use api::automations::TriggerEvent as E;
        match event {
            E::Form => TriggerEvent::Form,
            E::Add => TriggerEvent::Add,
            E::Upload => TriggerEvent::Upload,
            E::Open => TriggerEvent::Open,
            E::Click => TriggerEvent::Click,
            E::Href => TriggerEvent::Href,
            E::Edit => TriggerEvent::Edit,
            E::Rating => TriggerEvent::Rating,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DelayUnit {
    Hour,
    Day,
    Week,
}

/// How long after the event the letter goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Delay {
    pub quantity: u32,
    pub unit: DelayUnit,
}

impl Delay {
    /// The delay an automation record states; `None` when it sends at once.
    pub(crate) fn of(a: &Automation) -> Option<Delay> {
        let unit = match a.auto_delay2.0.as_deref().map(str::trim) {
            Some("hour") => DelayUnit::Hour,
            Some("day") => DelayUnit::Day,
            Some("week") => DelayUnit::Week,
            _ => return None,
        };
        u32::try_from(*a.auto_delay1).ok().filter(|q| *q > 0).map(|quantity| Delay { quantity, unit })
    }
}

/// An automation as its form holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AutomationForm {
    pub name: String,
    pub subject: String,
    pub from_name: String,
    pub from_email: String,
    /// The lists it watches.
    pub list_ids: Vec<i64>,
    pub html: String,
    pub text: String,
    pub events: Vec<TriggerEvent>,
    /// Watched campaigns (for `open`, `click`, `href`) or field numbers (for `edit`).
    pub watched: Vec<i64>,
    pub delay: Option<Delay>,
    /// Sends only at this time of day (`HH:MM`, the service's time).
    pub sending_hour: Option<String>,
    /// Sends when its events occur; off, it waits.
    pub active: bool,
    /// Only for the subscribers it matches; `None`: everyone on the lists.
    #[serde(default)]
    pub segment: Option<Segment>,
}

/// A sent campaign an automation may watch.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignChoice {
    pub id: i64,
    pub name: String,
}

/// An automation opened in its form, or a new one (`id` is `None`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AutomationEditor {
    pub id: Option<i64>,
    pub form: AutomationForm,
    /// Changes kept on this computer that the service does not have yet.
    pub unsaved: Option<AutomationForm>,
    /// Where changes kept earlier that could not be read were moved aside.
    pub unreadable_draft: Option<String>,
    /// The senders and lists the letter's check needs.
    pub context: CheckContext,
    /// Campaigns that went out, newest first: what `open`, `click` and `href` can watch.
    pub campaigns: Vec<CampaignChoice>,
}

fn form_of(a: &Automation) -> AutomationForm {
    AutomationForm {
        name: a.name.or_empty(),
        subject: a.subject.or_empty(),
        from_name: a.from_name.or_empty(),
        from_email: a.from_email.or_empty(),
        list_ids: a.list_id.0.clone(),
        html: a.html.or_empty(),
        text: a.plain_text.or_empty(),
        events: a.events().into_iter().map(TriggerEvent::from_api).collect(),
        watched: a.campaigns.or_empty().split(',').filter_map(|n| n.trim().parse().ok()).collect(),
        delay: Delay::of(a),
        sending_hour: a.schedule_time.0.clone().filter(|t| !t.trim().is_empty()),
        active: *a.auto == 1,
        segment: a.esegment.as_ref().and_then(Segment::from_wire),
    }
}

/// A new automation's form: a welcome letter to the first list's new subscribers.
fn blank(context: &CheckContext) -> AutomationForm {
    AutomationForm {
        name: String::new(),
        subject: String::new(),
        from_name: String::new(),
        from_email: context.senders.first().cloned().unwrap_or_default(),
        list_ids: context.lists.first().map(|l| vec![l.id]).unwrap_or_default(),
        html: String::new(),
        text: String::new(),
        events: vec![TriggerEvent::Form, TriggerEvent::Add],
        watched: Vec::new(),
        delay: None,
        sending_hour: None,
        active: true,
        segment: None,
    }
}

/// Opens an automation, or a new one when `id` is `None`, with what its
/// check and its watched campaigns need.
pub async fn open(session: &Session, id: Option<i64>) -> Result<AutomationEditor> {
    let client = session.client();
    let sent = api::campaigns::CampaignFilter::default();
    let (automation, context, campaigns) = tokio::join!(
        async {
            match id {
                Some(id) => api::automations::get(client, id).await.map(Some),
                None => Ok(None),
            }
        },
        campaigns::check_context(session, Action::LoadAutomation),
        api::campaigns::list(client, &sent),
    );
    let context = context?;
    let form = match automation.map_err(failed(Action::LoadAutomation))? {
        Some(a) => form_of(&a),
        None => blank(&context),
    };
    let campaigns = campaigns
        .map_err(failed(Action::LoadAutomation))?
        .into_iter()
        .filter(|c| CampaignState::of(c.status) == Some(CampaignState::Sent))
        .map(|c| CampaignChoice { id: *c.id, name: crate::reports::display_name(&c) })
        .collect();
    let kept = drafts::kept::<AutomationForm>(session, Edited::Automation(id)).await;
    let unsaved = kept.draft.filter(|kept| *kept != form);
    Ok(AutomationEditor { id, form, unsaved, unreadable_draft: kept.unreadable, context, campaigns })
}

/// The letter as the campaign check reads it.
fn letter(form: &AutomationForm) -> CampaignDraft {
    CampaignDraft {
        name: form.name.clone(),
        subject: form.subject.clone(),
        from_name: form.from_name.clone(),
        from_email: form.from_email.clone(),
        list_ids: form.list_ids.clone(),
        html: form.html.clone(),
        text: form.text.clone(),
        ..CampaignDraft::default()
    }
}

/// The letter's check: the service checks an automation's content as it
/// checks a launch, when it is created and on every change.
pub fn check(form: &AutomationForm, context: &CheckContext) -> LaunchCheck {
    campaigns::check_draft(&letter(form), context)
}

/// What the form says, before anything is sent: a name, events the service
/// takes together, what the events watch, a time of day as `HH:MM`.
fn validate(form: &AutomationForm) -> Result<()> {
    let required = |field| Err(DeskError::Required { field });
    if form.name.trim().is_empty() {
        return required(FormField::AutomationName);
    }
    if form.events.is_empty() {
        return required(FormField::TriggerEvents);
    }
    if form.events.len() > 1 {
        if let Some(event) = form.events.iter().find(|e| e.alone()) {
            return Err(DeskError::EventAlone { event: *event });
        }
    }
    if form.events.iter().any(|e| e.watches_campaigns()) && form.watched.is_empty() {
        return required(FormField::WatchedCampaigns);
    }
    if form.events.contains(&TriggerEvent::Edit) && form.watched.is_empty() {
        return required(FormField::WatchedFields);
    }
    if let Some(hour) = &form.sending_hour {
        if chrono::NaiveTime::parse_from_str(hour, "%H:%M").is_err() {
            return required(FormField::SendingHours);
        }
    }
    Ok(())
}

fn settings(form: &AutomationForm) -> AutomationSettings {
    let watches = form.events.iter().any(|e| e.watches_campaigns() || *e == TriggerEvent::Edit);
    let watched: Vec<String> = form.watched.iter().map(i64::to_string).collect();
    AutomationSettings {
        list_ids: Some(form.list_ids.clone()),
        name: Some(form.name.trim().to_string()),
        subject: Some(form.subject.clone()),
        from_name: Some(form.from_name.clone()),
        from_email: Some(form.from_email.trim().to_string()),
        html: Some(form.html.clone()),
        plain_text: Some(form.text.clone()),
        events: Some(form.events.iter().map(|e| e.to_api()).collect()),
        delay: Some(match form.delay {
            Some(Delay { quantity, unit }) => (quantity, unit_to_api(unit)),
            None => (0, api::automations::DelayUnit::Hour),
        }),
        watched: Some(if watches { watched.join(",") } else { String::new() }),
        schedule_time: Some(form.sending_hour.clone().unwrap_or_default()),
        auto: Some(if form.active { 1 } else { 0 }),
        segment: Some(campaigns::segment_wire(form.segment.as_ref(), &form.list_ids)),
    }
}

fn unit_to_api(unit: DelayUnit) -> api::automations::DelayUnit {
    match unit {
        DelayUnit::Hour => api::automations::DelayUnit::Hour,
        DelayUnit::Day => api::automations::DelayUnit::Day,
        DelayUnit::Week => api::automations::DelayUnit::Week,
    }
}

/// Keeps what the user typed on this computer until the service has it
/// (`id` is `None` for one not created yet); `revision` orders keeps that
/// arrive out of turn.
pub async fn keep_draft(session: &Session, id: Option<i64>, revision: u64, form: &AutomationForm) -> Result<()> {
    drafts::keep(session, Edited::Automation(id), revision, form).await
}

/// Creates the automation; answers its id. It goes to moderation first.
/// Never retried: a lost answer is settled by looking for it (see
/// [`super::listing::create_once`]).
pub async fn create(session: &Session, revision: u64, form: &AutomationForm) -> Result<i64> {
    validate(form)?;
    keep_draft(session, None, revision, form).await?;
    let id = super::listing::create_once(session, &settings(form)).await?;
    drafts::forget_saved(session, Edited::Automation(None), form).await;
    session.moderation.waiting(id);
    Ok(id)
}

/// Saves the automation; a changed letter goes to moderation again.
pub async fn save(session: &Session, id: i64, revision: u64, form: &AutomationForm) -> Result<()> {
    validate(form)?;
    keep_draft(session, Some(id), revision, form).await?;
    let client = session.client();
    let before = api::automations::get(client, id).await.map_err(failed(Action::SaveAutomation))?;
    api::automations::update(client, id, &settings(form)).await.map_err(failed(Action::SaveAutomation))?;
    drafts::forget_saved(session, Edited::Automation(Some(id)), form).await;
    if letter(&form_of(&before)) != letter(form) {
        session.moderation.waiting(id);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(events: &[TriggerEvent]) -> AutomationForm {
        AutomationForm { name: "Welcome".into(), events: events.to_vec(), ..blank(&CheckContext::default()) }
    }

    #[test]
    fn open_click_and_edit_stand_alone_and_the_rest_combine() {
        use TriggerEvent::*;
        assert_eq!(validate(&form(&[Form, Add, Upload, Rating])), Ok(()));
        for alone in [Open, Click, Edit] {
            let watched = AutomationForm { watched: vec![7], ..form(&[Add, alone]) };
            assert_eq!(validate(&watched), Err(DeskError::EventAlone { event: alone }));
            assert_eq!(validate(&AutomationForm { watched: vec![7], ..form(&[alone]) }), Ok(()));
        }
    }

    #[test]
    fn watching_events_need_something_to_watch_and_a_time_is_hours_and_minutes() {
        use TriggerEvent::*;
        assert_eq!(validate(&form(&[Open])), Err(DeskError::Required { field: FormField::WatchedCampaigns }));
        assert_eq!(validate(&form(&[Edit])), Err(DeskError::Required { field: FormField::WatchedFields }));
        assert_eq!(validate(&form(&[])), Err(DeskError::Required { field: FormField::TriggerEvents }));
        let late = AutomationForm { sending_hour: Some("25:00".into()), ..form(&[Add]) };
        assert_eq!(validate(&late), Err(DeskError::Required { field: FormField::SendingHours }));
        let nameless = AutomationForm { name: " ".into(), ..form(&[Add]) };
        assert_eq!(validate(&nameless), Err(DeskError::Required { field: FormField::AutomationName }));
    }

    #[test]
    fn watched_campaigns_are_sent_only_for_events_that_watch_them() {
        use TriggerEvent::*;
        let kept = AutomationForm { watched: vec![3, 9], ..form(&[Add]) };
        assert_eq!(settings(&kept).watched.as_deref(), Some(""), "joining watches no campaign");
        let opened = AutomationForm { watched: vec![3, 9], ..form(&[Open]) };
        assert_eq!(settings(&opened).watched.as_deref(), Some("3,9"));
        let no_delay = settings(&form(&[Add])).delay;
        assert_eq!(no_delay.map(|d| d.0), Some(0), "no delay sends at once");
    }
}
