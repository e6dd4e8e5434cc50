//! One subscriber as their panel shows them: every field of the record the
//! service keeps (state, times, source, device, rating, gender, region),
//! every additional field of the list under its title, and what they did.

use super::Action;
use crate::error::{failed, Result};
use crate::session::Session;
use crate::views::{service_time, ActivityView, SubscriberState};
use serde::Serialize;

/// How many of a subscriber's latest events the panel shows.
const ACTIVITY_SHOWN: usize = 50;

/// A subscriber's gender, as the service records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Gender {
    Female,
    Male,
}

/// An additional field of the list and the subscriber's value of it (empty when none).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CardField {
    pub title: String,
    /// How its value reads: a date is shown as one.
    pub kind: super::FieldType,
    pub value: String,
}

/// Everything the service keeps of one record, and their latest events, newest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriberCard {
    pub id: i64,
    pub list_id: i64,
    pub email: String,
    pub state: SubscriberState,
    pub subscribed_at: Option<String>,
    pub unsubscribed_at: Option<String>,
    pub edited_at: Option<String>,
    /// How they came: the service's word (`form`, `api`, `excel`…, or an integration's name).
    pub source: Option<String>,
    pub device: Option<String>,
    pub rating: Option<i64>,
    /// Unknown (`n`) is none.
    pub gender: Option<Gender>,
    /// The Russian federal subject's code, when the record has one.
    pub region: Option<i64>,
    pub fields: Vec<CardField>,
    pub activity: Vec<ActivityView>,
    /// The service answered the record but not its history: shown as not known, not as none.
    pub activity_unread: bool,
}

fn gender(text: Option<&str>) -> Option<Gender> {
    match text?.trim() {
        "f" | "F" => Some(Gender::Female),
        "m" | "M" => Some(Gender::Male),
        _ => None,
    }
}

/// The region a record carries among the fields the client keeps unnamed, as a number or as digits.
fn region(extra: &serde_json::Map<String, serde_json::Value>) -> Option<i64> {
    match extra.get("region")? {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|code| *code > 0)
}

/// The subscriber with this address in the list: the record, the list's
/// fields and the history, read side by side.
pub async fn subscriber_card(session: &Session, list_id: i64, email: &str) -> Result<SubscriberCard> {
    let client = session.client();
    let (member, fields, activity) = tokio::join!(
        api::members::get(client, list_id, email),
        super::list_fields(session, list_id, Action::OpenSubscriber),
        api::members::activity(client, list_id, email),
    );
    let member = member.map_err(failed(Action::OpenSubscriber))?;
    let fields = fields?
        .into_iter()
        .map(|f| CardField {
            value: member.merges.get(f.id).unwrap_or_default().to_string(),
            title: f.title,
            kind: f.kind,
        })
        .collect();
    let activity_unread = activity.is_err();
    Ok(SubscriberCard {
        id: *member.id,
        list_id: *member.list_id,
        state: member.state.into(),
        subscribed_at: service_time(member.optin_time.as_deref()),
        unsubscribed_at: service_time(member.unsub_time.as_deref()),
        edited_at: service_time(member.lastedit_time.as_deref()),
        source: member.source.0.clone().filter(|s| !s.trim().is_empty()),
        device: member.device.0.clone().filter(|s| !s.trim().is_empty()),
        rating: *member.rating,
        gender: gender(member.gender.as_deref()),
        region: region(&member.extra),
        email: member.email.0,
        fields,
        activity: activity.unwrap_or_default().into_iter().take(ACTIVITY_SHOWN).map(ActivityView::from).collect(),
        activity_unread,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gender_and_region_read_as_the_service_writes_them() {
        assert_eq!(gender(Some("f")), Some(Gender::Female));
        assert_eq!(gender(Some("m")), Some(Gender::Male));
        assert_eq!(gender(Some("n")), None, "unknown is none");
        assert_eq!(gender(None), None);
        let extra = |v: serde_json::Value| serde_json::json!({ "region": v }).as_object().unwrap().clone();
        assert_eq!(region(&extra(serde_json::json!(77))), Some(77));
        assert_eq!(region(&extra(serde_json::json!(" 54 "))), Some(54));
        assert_eq!(region(&extra(serde_json::json!(""))), None);
        assert_eq!(region(&extra(serde_json::json!(0))), None);
    }
}
