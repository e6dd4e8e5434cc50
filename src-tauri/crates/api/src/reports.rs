//! Campaign reports: `/reports/{campaign_id}/{metric}`. Events reach the
//! statistics a few seconds after they happen, so a report read right after
//! a launch is incomplete.

use crate::error::{Error, Result};
use crate::loose;
use crate::paging::Pager;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Recipients counted once per metric. Legacy: `reports.summary`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub sent: loose::Int,
    pub delivered: loose::Int,
    pub opened: loose::Int,
    /// Recipients who clicked (`clicked` in transactional statistics).
    #[serde(alias = "clicked")]
    pub clicks: loose::Int,
    pub bounced: loose::Int,
    pub unsubscribed: loose::Int,
    pub complained: loose::Int,
}

/// Which recipients a row report lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowMetric {
    Sent,
    Delivered,
    Opened,
    Clicked,
    Bounced,
    Complained,
    Unsubscribed,
}

impl RowMetric {
    fn path(self) -> &'static str {
        match self {
            RowMetric::Sent => "sent",
            RowMetric::Delivered => "delivered",
            RowMetric::Opened => "opened",
            RowMetric::Clicked => "clicked",
            RowMetric::Bounced => "bounced",
            RowMetric::Complained => "complained",
            RowMetric::Unsubscribed => "unsubscribed",
        }
    }
}

/// One recipient in a row report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportRow {
    pub member_id: loose::Int,
    pub list_id: loose::Int,
    pub email: loose::Text,
    pub bounce_code: loose::MaybeText,
    pub bounce_reason: loose::MaybeText,
    pub sent_time: loose::MaybeText,
    pub open_time: loose::MaybeText,
    pub click_time: loose::MaybeText,
}

/// One event of a campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub event_time: loose::Text,
    pub event_type: loose::Text,
    pub email: loose::Text,
    pub member_id: loose::Int,
    pub list_id: loose::Int,
    pub bounce_category: loose::MaybeText,
    pub bounce_reason: loose::MaybeText,
    pub url_original: loose::MaybeText,
    pub region: loose::MaybeText,
    #[serde(rename = "OS")]
    pub os: loose::MaybeText,
    pub device: loose::MaybeText,
    pub ip: loose::MaybeText,
    pub user_agent: loose::MaybeText,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkClicks {
    pub url: loose::Text,
    pub clicks: loose::Int,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BounceCount {
    pub bounce_code: loose::Int,
    pub count: loose::Int,
    pub description: loose::Text,
}

/// Which events an events report returns. Times are `YYYY-MM-DD HH:MM:SS`;
/// the client writes them the way the service reads them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventQuery {
    pub from: Option<String>,
    pub to: Option<String>,
    pub email: Option<String>,
    pub event_type: Option<String>,
    /// Subscriber fields to add to each event (`merge_1`, `optin_time`, …).
    pub merge: Vec<String>,
    /// `field direction` over the sortable fields.
    pub order: Option<String>,
}

/// `YYYY-MM-DD HH:MM:SS` to the `YYYY-DD-MM HH:MM:SS` of event filters.
pub fn event_filter_time(time: &str) -> Result<String> {
    let bad = || Error::InvalidRequest(format!("{time} is not a time written YYYY-MM-DD HH:MM:SS"));
    let (date, clock) = time.trim().split_once(' ').ok_or_else(bad)?;
    let parts: Vec<&str> = date.split('-').collect();
    match parts.as_slice() {
        [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 && clock.len() == 8 => {
            Ok(format!("{y}-{d}-{m} {clock}"))
        }
        _ => Err(bad()),
    }
}

fn path(campaign_id: i64, metric: &str) -> Vec<String> {
    vec!["reports".into(), campaign_id.to_string(), metric.into()]
}

async fn read<T: serde::de::DeserializeOwned>(client: &Client, campaign_id: i64, metric: &str) -> Result<T> {
    client.get(&path(campaign_id, metric), &[]).await?.decode()
}

/// Recipients counted once per outcome. Legacy: `reports.summary`.
pub async fn summary(client: &Client, campaign_id: i64) -> Result<Summary> {
    read(client, campaign_id, "summary").await
}

/// Recipients of one metric, page by page. Legacy: `reports.sent`, `reports.opened`, …
pub fn rows(client: &Client, campaign_id: i64, metric: RowMetric, order: Option<&str>) -> Pager<ReportRow> {
    let query = order.map(|o| vec![("order", o.to_string())]).unwrap_or_default();
    Pager::new(client, path(campaign_id, metric.path()), query)
}

/// Every event, page by page. Legacy: `reports.events`.
pub fn events(client: &Client, campaign_id: i64, query: &EventQuery) -> Result<Pager<Event>> {
    let mut params = Vec::new();
    if let Some(from) = &query.from {
        params.push(("time_start", event_filter_time(from)?));
    }
    if let Some(to) = &query.to {
        params.push(("time_end", event_filter_time(to)?));
    }
    if let Some(email) = &query.email {
        params.push(("email", email.clone()));
    }
    if let Some(kind) = &query.event_type {
        params.push(("event_type", kind.clone()));
    }
    if !query.merge.is_empty() {
        params.push(("merge", serde_json::to_string(&query.merge).unwrap_or_default()));
    }
    if let Some(order) = &query.order {
        params.push(("order", order.clone()));
    }
    Ok(Pager::new(client, path(campaign_id, "events"), params))
}

/// Clicks per link, most first. Legacy: `reports.clickstat`.
pub async fn clicks_per_link(client: &Client, campaign_id: i64) -> Result<Vec<LinkClicks>> {
    read(client, campaign_id, "clickstat").await
}

/// One click on a link: who, and when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkClick {
    pub email: loose::Text,
    pub click_time: loose::MaybeText,
}

/// Who clicked a link, page by page, earliest first. Legacy: `reports.userclicks`.
pub fn who_clicked(client: &Client, campaign_id: i64, url: &str) -> Pager<LinkClick> {
    Pager::new(client, path(campaign_id, "userclicks"), vec![("url", url.to_string())])
}

/// Bounces per SMTP code. Legacy: `reports.bouncestat`.
pub async fn bounces_per_code(client: &Client, campaign_id: i64) -> Result<Vec<BounceCount>> {
    read(client, campaign_id, "bouncestat").await
}

/// Opens per city. Legacy: `reports.geo`.
pub async fn opens_per_place(client: &Client, campaign_id: i64) -> Result<BTreeMap<String, i64>> {
    read(client, campaign_id, "geo").await
}

/// Opens per mail client and per system. Legacy: `reports.clients`.
pub async fn opens_per_client(client: &Client, campaign_id: i64) -> Result<BTreeMap<String, i64>> {
    read(client, campaign_id, "clients").await
}

/// Per recipient domain: sent, delivered, bounced, opened, clicked. v2 only.
pub async fn per_domain(client: &Client, campaign_id: i64) -> Result<Vec<Map<String, Value>>> {
    read(client, campaign_id, "domains").await
}

/// The confirmation codes of a campaign, one record each, as the service
/// keeps them (the contract shows no fields). v2 only.
pub async fn confirmation_codes(client: &Client, campaign_id: i64) -> Result<Vec<Map<String, Value>>> {
    read(client, campaign_id, "codes").await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_filters_are_written_day_before_month() {
        assert_eq!(event_filter_time("2026-11-05 08:30:00").unwrap(), "2026-05-11 08:30:00");
        assert!(event_filter_time("05.11.2026").is_err());
    }
}

/// Opens and clicks in one hour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HourActivity {
    pub hour: loose::Text,
    pub opened: loose::Int,
    pub clicked: loose::Int,
}

/// Opens and clicks per hour since the campaign went out. v2 only (public
/// clients).
pub async fn timeline(client: &Client, campaign_id: i64) -> Result<Vec<HourActivity>> {
    read(client, campaign_id, "timeline").await
}
