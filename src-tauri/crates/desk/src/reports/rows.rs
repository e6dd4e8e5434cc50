//! Row reports: the recipients a metric counts (sent, delivered, opened,
//! clicked, bounced, complained, unsubscribed), and every event with the
//! service's filters (type, time range, address) and subscriber fields
//! added, a page at a time in the service's order.

use super::settled::campaign_span;
use super::tally::opened_by_machine;
use super::views::ReportPage;
use crate::error::{failed, Result};
use crate::reports::Action;
use crate::session::Session;
use crate::views::service_time;
use api::reports::{EventQuery, RowMetric};
use serde::{Deserialize, Serialize};

/// Which recipients a row report lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum RecipientReport {
    Sent,
    Delivered,
    Opened,
    Clicked,
    Bounced,
    Complained,
    Unsubscribed,
}

impl From<RecipientReport> for RowMetric {
    fn from(report: RecipientReport) -> Self {
        match report {
            RecipientReport::Sent => RowMetric::Sent,
            RecipientReport::Delivered => RowMetric::Delivered,
            RecipientReport::Opened => RowMetric::Opened,
            RecipientReport::Clicked => RowMetric::Clicked,
            RecipientReport::Bounced => RowMetric::Bounced,
            RecipientReport::Complained => RowMetric::Complained,
            RecipientReport::Unsubscribed => RowMetric::Unsubscribed,
        }
    }
}

/// The service's sortable fields a report's columns sort on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ReportSort {
    Time,
    Email,
    Domain,
    BounceCode,
    EventType,
    Region,
    Device,
    Link,
}

impl ReportSort {
    /// The spec's name of the field.
    fn field(self) -> &'static str {
        match self {
            ReportSort::Time => "event_time",
            ReportSort::Email => "email",
            ReportSort::Domain => "domain",
            ReportSort::BounceCode => "bounce_code",
            ReportSort::EventType => "event_type",
            ReportSort::Region => "region",
            ReportSort::Device => "device",
            ReportSort::Link => "url_original",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReportOrder {
    pub by: ReportSort,
    pub descending: bool,
}

fn order(sort: Option<ReportOrder>) -> Option<String> {
    sort.map(|s| format!("{} {}", s.by.field(), if s.descending { "desc" } else { "asc" }))
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RecipientRow {
    pub member_id: i64,
    pub list_id: i64,
    pub email: String,
    pub sent_at: Option<String>,
    pub opened_at: Option<String>,
    pub clicked_at: Option<String>,
    pub bounce_code: Option<String>,
    pub bounce_reason: Option<String>,
}

/// A loose text with something in it.
fn text(value: api::loose::MaybeText) -> Option<String> {
    value.0.filter(|t| !t.trim().is_empty())
}

/// A page of a campaign's recipients counted by `report`.
pub async fn recipients(
    session: &Session,
    campaign_id: i64,
    report: RecipientReport,
    sort: Option<ReportOrder>,
    start: u64,
    limit: u64,
) -> Result<ReportPage<RecipientRow>> {
    let order = order(sort);
    let mut pager = api::reports::rows(session.client(), campaign_id, report.into(), order.as_deref())
        .starting_at(start)
        .page_size(limit);
    let page = pager.next_page().await.map_err(failed(Action::LoadReport))?;
    Ok(ReportPage::of(page, recipient_row))
}

/// A recipient as the report shows it.
pub(crate) fn recipient_row(r: api::reports::ReportRow) -> RecipientRow {
    RecipientRow {
        member_id: *r.member_id,
        list_id: *r.list_id,
        email: r.email.0,
        sent_at: service_time(r.sent_time.as_deref()),
        opened_at: service_time(r.open_time.as_deref()),
        clicked_at: service_time(r.click_time.as_deref()),
        bounce_code: text(r.bounce_code),
        bounce_reason: text(r.bounce_reason),
    }
}

/// What happened, as the events report names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum EventKind {
    Sent,
    Bounced,
    Opened,
    Clicked,
    Preview,
    Unsubscribed,
    Complained,
    Other,
}

impl EventKind {
    /// The service's name for it (`SENT`, `OPENED`, …); none for `Other`.
    pub(crate) fn wire(self) -> Option<&'static str> {
        Some(match self {
            EventKind::Sent => "SENT",
            EventKind::Bounced => "BOUNCED",
            EventKind::Opened => "OPENED",
            EventKind::Clicked => "CLICKED",
            EventKind::Preview => "PREVIEW",
            EventKind::Unsubscribed => "UNSUBSCRIBED",
            EventKind::Complained => "COMPLAINED",
            EventKind::Other => return None,
        })
    }

    fn from_wire(text: &str) -> Self {
        [
            EventKind::Sent,
            EventKind::Bounced,
            EventKind::Opened,
            EventKind::Clicked,
            EventKind::Preview,
            EventKind::Unsubscribed,
            EventKind::Complained,
        ]
        .into_iter()
        .find(|k| k.wire().is_some_and(|w| w.eq_ignore_ascii_case(text.trim())))
        .unwrap_or(EventKind::Other)
    }
}

/// Which events, as the service filters them. Times are the page's
/// `YYYY-MM-DDTHH:MM` (or with seconds); without them, from the day the
/// campaign went out to now.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EventFilter {
    pub kind: Option<EventKind>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub email: Option<String>,
    /// Subscriber fields added to each event (`merge_1`, `rating`, …).
    pub fields: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EventRow {
    pub at: Option<String>,
    pub kind: EventKind,
    pub email: String,
    pub member_id: i64,
    pub list_id: i64,
    pub link: Option<String>,
    pub region: Option<String>,
    pub device: Option<String>,
    pub system: Option<String>,
    pub bounce_reason: Option<String>,
    /// An open by a mail privacy proxy, not a person.
    pub by_machine: bool,
    /// The asked-for subscriber fields' values, in the order asked.
    pub fields: Vec<String>,
}

/// The page's `YYYY-MM-DDTHH:MM[:SS]` as the service's `YYYY-MM-DD HH:MM:SS`.
fn service_stamp(local: &str) -> Option<String> {
    let local = local.trim();
    ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S"]
        .iter()
        .find_map(|f| chrono::NaiveDateTime::parse_from_str(local, f).ok())
        .map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string())
}

/// The events report's query for a filter. A filter without both ends of
/// its time range reads the campaign for the day it went out.
pub(crate) async fn event_query(
    session: &Session,
    campaign_id: i64,
    filter: &EventFilter,
    sort: Option<ReportOrder>,
) -> Result<EventQuery> {
    let (from, to) = (filter.from.as_deref().and_then(service_stamp), filter.to.as_deref().and_then(service_stamp));
    let (from, to) = match (from, to) {
        (Some(from), Some(to)) => (from, to),
        (from, to) => {
            let campaign =
                api::campaigns::get(session.client(), campaign_id).await.map_err(failed(Action::LoadReport))?;
            let (first, last) = campaign_span(&campaign);
            (from.unwrap_or(first), to.unwrap_or(last))
        }
    };
    Ok(EventQuery {
        from: Some(from),
        to: Some(to),
        email: filter.email.as_deref().map(str::trim).filter(|e| !e.is_empty()).map(str::to_string),
        event_type: filter.kind.and_then(EventKind::wire).map(str::to_string),
        merge: filter.fields.clone(),
        order: order(sort),
    })
}

/// A page of a campaign's events.
pub async fn events(
    session: &Session,
    campaign_id: i64,
    filter: &EventFilter,
    sort: Option<ReportOrder>,
    start: u64,
    limit: u64,
) -> Result<ReportPage<EventRow>> {
    let query = event_query(session, campaign_id, filter, sort).await?;
    event_page(session, campaign_id, &query, start, limit).await
}

/// A page of the events a query asks for.
pub(crate) async fn event_page(
    session: &Session,
    campaign_id: i64,
    query: &EventQuery,
    start: u64,
    limit: u64,
) -> Result<ReportPage<EventRow>> {
    let pager = api::reports::events(session.client(), campaign_id, query).map_err(failed(Action::LoadReport))?;
    let page = pager.starting_at(start).page_size(limit).next_page().await.map_err(failed(Action::LoadReport))?;
    Ok(ReportPage::of(page, |e| event_row(&query.merge, e)))
}

/// An event as the report shows it, with the subscriber fields `merge` names.
pub(crate) fn event_row(merge: &[String], e: api::reports::Event) -> EventRow {
    let field = |name: &String| match e.extra.get(name) {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    };
    EventRow {
        at: service_time(Some(&e.event_time)),
        kind: EventKind::from_wire(&e.event_type),
        by_machine: opened_by_machine(&e),
        fields: merge.iter().map(field).collect(),
        email: e.email.0,
        member_id: *e.member_id,
        list_id: *e.list_id,
        link: text(e.url_original),
        region: text(e.region),
        device: text(e.device),
        system: text(e.os),
        bounce_reason: text(e.bounce_reason),
    }
}

/// A subscriber field the events report can add.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EventField {
    /// As the service names it: `merge_1`, `rating`.
    pub key: String,
    /// The list's own title for it; empty for the service's fields (the page names those).
    pub title: String,
}

/// The fields of a campaign's lists, each once, and the service's own.
pub async fn event_fields(session: &Session, campaign_id: i64) -> Result<Vec<EventField>> {
    let client = session.client();
    let campaign = api::campaigns::get(client, campaign_id).await.map_err(failed(Action::LoadReport))?;
    let lists = futures_util::future::join_all(campaign.list_id.0.iter().map(|&id| api::lists::get(client, id))).await;
    let mut out: Vec<EventField> = Vec::new();
    for list in lists.into_iter().flatten() {
        for field in list.fields() {
            let key = format!("merge_{}", field.merge_id);
            if !out.iter().any(|f| f.key == key) {
                out.push(EventField { key, title: field.def.title });
            }
        }
    }
    out.extend(["rating", "optin_time"].map(|key| EventField { key: key.to_string(), title: String::new() }));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_times_become_the_services_and_junk_is_dropped() {
        assert_eq!(service_stamp("2026-03-02T09:30").as_deref(), Some("2026-03-02 09:30:00"));
        assert_eq!(service_stamp("2026-03-02T09:30:15").as_deref(), Some("2026-03-02 09:30:15"));
        assert_eq!(service_stamp("вчера"), None);
    }

    #[test]
    fn event_types_are_read_in_any_case_and_unknown_ones_kept_as_other() {
        assert_eq!(EventKind::from_wire("opened"), EventKind::Opened);
        assert_eq!(EventKind::from_wire("SENT"), EventKind::Sent);
        assert_eq!(EventKind::from_wire("SOFT_BOUNCE"), EventKind::Other);
        assert_eq!(
            order(Some(ReportOrder { by: ReportSort::Link, descending: true })).as_deref(),
            Some("url_original desc")
        );
    }
}
