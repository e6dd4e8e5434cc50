//! An automation as its form holds it: the letter (checked as the service
//! checks a campaign's, see [`crate::letter`]), what starts it, how long it
//! waits and when it may send.

use super::events::{Delay, DelayUnit, TriggerEvent};
use super::failures::AutomationsFailure;
use crate::automations::{Action, Field};
use crate::drafts::{self, Edited};
use crate::error::{failed, Result};
use crate::letter::blocks::{self, BlockLetter};
use crate::letter::{self, check_context, CheckContext, LaunchCheck, Letter, Segment};
use crate::listings::{self, Fresh};
use crate::session::Session;
use crate::DeskError;
use api::automations::{Automation, AutomationSettings};
use api::campaigns::CampaignStatus;
use serde::{Deserialize, Serialize};

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
    /// The blocks its letter is made of, when it is a block letter: its
    /// `html` is then empty here and rendered from them where it goes.
    #[serde(default)]
    pub blocks: Option<BlockLetter>,
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
    /// Made of blocks here, then its HTML changed elsewhere: it opens as
    /// HTML, and the page says why.
    pub blocks_edited_elsewhere: bool,
}

/// The automation as its form holds it, and whether its letter was made of
/// blocks and changed elsewhere since.
fn form_of(a: &Automation) -> (AutomationForm, bool) {
    let letter = blocks::opened(a.html.or_empty());
    let form = AutomationForm {
        name: a.name.or_empty(),
        subject: a.subject.or_empty(),
        from_name: a.from_name.or_empty(),
        from_email: a.from_email.or_empty(),
        list_ids: a.list_id.0.clone(),
        html: letter.html,
        text: a.plain_text.or_empty(),
        events: a.events().into_iter().map(TriggerEvent::from_api).collect(),
        watched: a.campaigns.or_empty().split(',').filter_map(|n| n.trim().parse().ok()).collect(),
        delay: Delay::of(a),
        sending_hour: a.schedule_time.0.clone().filter(|t| !t.trim().is_empty()),
        active: *a.auto == 1,
        segment: a.esegment.as_ref().and_then(Segment::from_wire),
        blocks: letter.blocks,
    };
    (form, letter.edited_elsewhere)
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
        blocks: None,
    }
}

/// Opens an automation, or a new one when `id` is `None`, with what its
/// check and its watched campaigns need.
pub async fn open(session: &Session, id: Option<i64>) -> Result<AutomationEditor> {
    let client = session.client();
    let (automation, context, campaigns) = tokio::join!(
        async {
            match id {
                Some(id) => api::automations::get(client, id).await.map(Some),
                None => Ok(None),
            }
        },
        check_context(session, Action::LoadAutomation),
        listings::campaigns(session, Fresh::Named),
    );
    let context = context?;
    let (form, blocks_edited_elsewhere) = match automation.map_err(failed(Action::LoadAutomation))? {
        Some(a) => form_of(&a),
        None => (blank(&context), false),
    };
    let campaigns = campaigns
        .map_err(failed(Action::LoadAutomation))?
        .into_iter()
        .filter(|c| c.status == CampaignStatus::Sent)
        .map(|c| CampaignChoice { id: *c.id, name: crate::sent::display_name(&c) })
        .collect();
    let kept = drafts::kept::<AutomationForm>(session, Edited::Automation(id)).await;
    let unsaved = kept.draft.filter(|kept| *kept != form);
    Ok(AutomationEditor {
        id,
        form,
        unsaved,
        unreadable_draft: kept.unreadable,
        context,
        campaigns,
        blocks_edited_elsewhere,
    })
}

/// The letter as the check reads it, with `html` as it goes. An automation
/// has no AMP version, and its segment narrows letters one at a time, not a
/// reach counted ahead.
fn letter<'a>(form: &'a AutomationForm, html: &'a str) -> Letter<'a> {
    Letter {
        subject: &form.subject,
        from_name: &form.from_name,
        from_email: &form.from_email,
        list_ids: &form.list_ids,
        html,
        text: &form.text,
        ..Letter::default()
    }
}

/// The letter's check: the service checks an automation's content as it
/// checks a launch, when it is created and on every change; a block letter
/// is checked as it renders.
pub fn check(form: &AutomationForm, context: &CheckContext) -> Result<LaunchCheck> {
    let html = blocks::html_for(&form.html, form.blocks.as_ref())?;
    Ok(letter::check(&letter(form, &html), context))
}

/// What the form says, before anything is sent: a name, events the service
/// takes together, what the events watch, a time of day as `HH:MM`.
fn validate(form: &AutomationForm) -> Result<()> {
    let required = |field: Field| Err(DeskError::Required { field: field.into() });
    if form.name.trim().is_empty() {
        return required(Field::AutomationName);
    }
    if form.events.is_empty() {
        return required(Field::TriggerEvents);
    }
    if form.events.len() > 1 {
        if let Some(event) = form.events.iter().find(|e| e.alone()) {
            return Err(DeskError::in_area(AutomationsFailure::EventAlone { event: *event }));
        }
    }
    if form.events.iter().any(|e| e.watches_campaigns()) && form.watched.is_empty() {
        return required(Field::WatchedCampaigns);
    }
    if form.events.contains(&TriggerEvent::Edit) && form.watched.is_empty() {
        return required(Field::WatchedFields);
    }
    if let Some(hour) = &form.sending_hour {
        if chrono::NaiveTime::parse_from_str(hour, "%H:%M").is_err() {
            return required(Field::SendingHours);
        }
    }
    Ok(())
}

fn settings(form: &AutomationForm) -> Result<AutomationSettings> {
    let html = blocks::html_for(&form.html, form.blocks.as_ref())?;
    let watches = form.events.iter().any(|e| e.watches_campaigns() || *e == TriggerEvent::Edit);
    let watched: Vec<String> = form.watched.iter().map(i64::to_string).collect();
    Ok(AutomationSettings {
        list_ids: Some(form.list_ids.clone()),
        name: Some(form.name.trim().to_string()),
        subject: Some(form.subject.clone()),
        from_name: Some(form.from_name.clone()),
        from_email: Some(form.from_email.trim().to_string()),
        html: Some(html.into_owned()),
        plain_text: Some(form.text.clone()),
        events: Some(form.events.iter().map(|e| e.to_api()).collect()),
        delay: Some(match form.delay {
            Some(Delay { quantity, unit }) => (quantity, unit_to_api(unit)),
            None => (0, api::automations::DelayUnit::Hour),
        }),
        watched: Some(if watches { watched.join(",") } else { String::new() }),
        schedule_time: Some(form.sending_hour.clone().unwrap_or_default()),
        auto: Some(if form.active { 1 } else { 0 }),
        segment: Some(letter::segment_wire(form.segment.as_ref(), &form.list_ids)),
    })
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
    let id = super::listing::create_once(session, &settings(form)?).await?;
    drafts::forget_saved(session, Edited::Automation(None), form).await;
    session.state::<super::Moderations>().waiting(id);
    Ok(id)
}

/// Saves the automation; a changed letter goes to moderation again.
pub async fn save(session: &Session, id: i64, revision: u64, form: &AutomationForm) -> Result<()> {
    validate(form)?;
    keep_draft(session, Some(id), revision, form).await?;
    let settings = settings(form)?;
    let client = session.client();
    let before = api::automations::get(client, id).await.map_err(failed(Action::SaveAutomation))?;
    api::automations::update(client, id, &settings).await.map_err(failed(Action::SaveAutomation))?;
    drafts::forget_saved(session, Edited::Automation(Some(id)), form).await;
    let (before, _) = form_of(&before);
    let letter_changed = letter(&before, &before.html) != letter(form, &form.html) || before.blocks != form.blocks;
    if before.name != form.name || letter_changed {
        session.state::<super::Moderations>().waiting(id);
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
            assert_eq!(validate(&watched), Err(DeskError::in_area(AutomationsFailure::EventAlone { event: alone })));
            assert_eq!(validate(&AutomationForm { watched: vec![7], ..form(&[alone]) }), Ok(()));
        }
    }

    #[test]
    fn watching_events_need_something_to_watch_and_a_time_is_hours_and_minutes() {
        use TriggerEvent::*;
        assert_eq!(validate(&form(&[Open])), Err(DeskError::Required { field: Field::WatchedCampaigns.into() }));
        assert_eq!(validate(&form(&[Edit])), Err(DeskError::Required { field: Field::WatchedFields.into() }));
        assert_eq!(validate(&form(&[])), Err(DeskError::Required { field: Field::TriggerEvents.into() }));
        let late = AutomationForm { sending_hour: Some("25:00".into()), ..form(&[Add]) };
        assert_eq!(validate(&late), Err(DeskError::Required { field: Field::SendingHours.into() }));
        let nameless = AutomationForm { name: " ".into(), ..form(&[Add]) };
        assert_eq!(validate(&nameless), Err(DeskError::Required { field: Field::AutomationName.into() }));
    }

    #[test]
    fn watched_campaigns_are_sent_only_for_events_that_watch_them() {
        use TriggerEvent::*;
        let kept = AutomationForm { watched: vec![3, 9], ..form(&[Add]) };
        assert_eq!(settings(&kept).unwrap().watched.as_deref(), Some(""), "joining watches no campaign");
        let opened = AutomationForm { watched: vec![3, 9], ..form(&[Open]) };
        assert_eq!(settings(&opened).unwrap().watched.as_deref(), Some("3,9"));
        let no_delay = settings(&form(&[Add])).unwrap().delay;
        assert_eq!(no_delay.map(|d| d.0), Some(0), "no delay sends at once");
    }
}
