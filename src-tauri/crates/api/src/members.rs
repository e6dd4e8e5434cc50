//! Subscribers: `/lists/{id}/members`.

mod records;
pub use records::{Activity, AddOptions, Member, MemberChanges, MemberState, MergeValues, NewMember};

use crate::error::{Error, Result};
use crate::loose;
use crate::paging::Pager;
use crate::transport::json_object;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// Which subscribers a member listing returns, and in what order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MemberQuery {
    pub state: Option<MemberState>,
    /// `field direction`, e.g. `email asc`.
    pub order: Option<String>,
    /// Only the record with this address.
    pub email: Option<String>,
    /// Only those in this saved segment of the list (see [`crate::segments`]).
    pub segment_id: Option<i64>,
}

fn member_path(list_id: i64, email: &str, tail: Option<&str>) -> Vec<String> {
    let mut path = vec!["lists".to_string(), list_id.to_string(), "members".into(), email.to_string()];
    path.extend(tail.map(str::to_string));
    path
}

/// The list's subscribers, page by page. Legacy: `lists.get_members`.
pub fn list(client: &Client, list_id: i64, query: &MemberQuery) -> Pager<Member> {
    let mut params = Vec::new();
    if let Some(state) = query.state {
        params.push(("state", state.as_str().to_string()));
    }
    if let Some(order) = &query.order {
        params.push(("order", order.clone()));
    }
    if let Some(email) = &query.email {
        params.push(("email", email.clone()));
    }
    if let Some(segment_id) = query.segment_id {
        params.push(("segment_id", segment_id.to_string()));
    }
    Pager::new(client, vec!["lists".into(), list_id.to_string(), "members".into()], params)
}

/// One subscriber of a list by address. Legacy: `lists.get_member`.
pub async fn get(client: &Client, list_id: i64, email: &str) -> Result<Member> {
    let data = client.get(&member_path(list_id, email, None), &[]).await?.data;
    let record = match data {
        Value::Array(mut rows) if !rows.is_empty() => rows.swap_remove(0),
        other => other,
    };
    serde_json::from_value(record).map_err(|e| Error::Decode(e.to_string()))
}

/// Every record of an address across the account's lists. v2 only.
pub async fn find(client: &Client, email: &str) -> Result<Vec<Member>> {
    client.get(&["members"], &[("email", email.to_string())]).await?.decode()
}

/// Adds one subscriber and answers its `member_id`. Legacy: `lists.add_member`.
pub async fn add(client: &Client, list_id: i64, member: &NewMember, options: AddOptions) -> Result<i64> {
    let mut body = json_object(member);
    options.write_into(&mut body);
    let reply = client.post(&["lists", &list_id.to_string(), "members"], Value::Object(body)).await?;
    reply.id("member_id")
}

/// Adds many subscribers in one request and answers their ids in order.
/// Legacy: `lists.add_member_batch`. Never sent again by itself: the caller
/// decides. The service keys a list's subscribers by address, so a batch
/// sent again adds nobody (with `update`, it writes the same values again).
pub async fn add_batch(client: &Client, list_id: i64, batch: &[NewMember], options: AddOptions) -> Result<Vec<i64>> {
    let mut body = Map::new();
    body.insert("batch".into(), json!(batch));
    options.write_into(&mut body);
    let path = ["lists", &list_id.to_string(), "members", "batch"];
    let reply = client.post(&path, Value::Object(body)).await?;
    parse_ids(&reply.data)
}

/// Ids answered as "1,2,3", as an array, or under `member_ids`.
fn parse_ids(data: &Value) -> Result<Vec<i64>> {
    let value = data.get("member_ids").or_else(|| data.get("ids")).unwrap_or(data);
    let bad = || Error::Decode(format!("expected subscriber ids, got {data}"));
    match value {
        Value::String(s) => {
            s.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| s.parse().map_err(|_| bad())).collect()
        }
        Value::Array(items) => items
            .iter()
            .map(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).ok_or_else(bad))
            .collect(),
        Value::Number(n) => n.as_i64().map(|n| vec![n]).ok_or_else(bad),
        _ => Err(bad()),
    }
}

/// Changes a subscriber. Legacy: `lists.update_member`.
pub async fn update(client: &Client, list_id: i64, email: &str, changes: &MemberChanges) -> Result<()> {
    let body = Value::Object(json_object(changes));
    client.put(&member_path(list_id, email, None), body).await?;
    Ok(())
}

/// Removes a subscriber record. Legacy: `lists.delete_member`.
pub async fn delete(client: &Client, list_id: i64, email: &str, member_id: i64) -> Result<()> {
    let path = member_path(list_id, email, None);
    client.delete(&path, Some(json!({"member_id": member_id}))).await?;
    Ok(())
}

/// Unsubscribes an address from this list and answers how many records
/// changed. Legacy: `lists.unsubscribe_member` with `list_id`.
pub async fn unsubscribe(client: &Client, list_id: i64, email: &str) -> Result<u64> {
    let path = member_path(list_id, email, Some("unsubscribe"));
    let reply = client.post(&path, json!({})).await?;
    reply.count("count")
}

/// Unsubscribes an address from every list of the account. Only the legacy
/// interface has this form: `lists.unsubscribe_member` without `list_id`.
pub async fn unsubscribe_everywhere(client: &Client, email: &str) -> Result<u64> {
    let mut params = Map::new();
    params.insert("email".into(), json!(email));
    let data = client.legacy("lists.unsubscribe_member", params, false).await?;
    crate::loose::number_at(&data, "count").map(|n| n.max(0) as u64)
}

/// The subscribers in one state in every list of the account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Everywhere {
    Unsubscribed,
    Complained,
}

/// A page of who unsubscribed or complained, in every list of the account.
/// Only the legacy interface reads every list at once:
/// `lists.get_unsubscribed` and `lists.get_complaints` without `list_id`.
pub async fn everywhere(client: &Client, who: Everywhere, start: u64, limit: u64) -> Result<Vec<Member>> {
    let method = match who {
        Everywhere::Unsubscribed => "lists.get_unsubscribed",
        Everywhere::Complained => "lists.get_complaints",
    };
    let mut params = Map::new();
    params.insert("start".into(), json!(start));
    params.insert("limit".into(), json!(limit));
    let data = client.legacy(method, params, true).await?;
    match data {
        Value::Null => Ok(Vec::new()),
        data => serde_json::from_value(data).map_err(|e| Error::Decode(e.to_string())),
    }
}

/// Moves a subscriber record to another list. Legacy: `lists.move_member`.
pub async fn move_to(client: &Client, list_id: i64, email: &str, member_id: i64, to_list_id: i64) -> Result<()> {
    let path = member_path(list_id, email, Some("move"));
    client.post(&path, json!({"member_id": member_id, "to_list_id": to_list_id})).await?;
    Ok(())
}

/// Copies a subscriber record into another list and answers the new record's
/// id. Legacy: `lists.copy_member`.
pub async fn copy_to(client: &Client, list_id: i64, email: &str, member_id: i64, to_list_id: i64) -> Result<i64> {
    let path = member_path(list_id, email, Some("copy"));
    let reply = client.post(&path, json!({"member_id": member_id, "to_list_id": to_list_id})).await?;
    reply.id("member_id")
}

/// A subscriber's history, newest first. Legacy: `lists.member_activity`.
pub async fn activity(client: &Client, list_id: i64, email: &str) -> Result<Vec<Activity>> {
    let path = member_path(list_id, email, Some("activity"));
    let reply = client.get(&path, &[]).await?;
    match reply.data {
        Value::Null => Ok(Vec::new()),
        _ => reply.decode(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_values_are_numbered_from_one() {
        let mut m = MergeValues::default();
        m.set(1, "Ann");
        m.set(10, "x");
        m.set(0, "ignored");
        m.set(11, "ignored");
        assert_eq!((m.get(1), m.get(10), m.get(2), m.get(0)), (Some("Ann"), Some("x"), None, None));
        assert_eq!(serde_json::to_value(&m).unwrap(), json!({"merge_1": "Ann", "merge_10": "x"}));
    }

    #[test]
    fn batch_ids_arrive_in_every_shape() {
        assert_eq!(parse_ids(&json!("4, 5,6")).unwrap(), vec![4, 5, 6]);
        assert_eq!(parse_ids(&json!({"member_ids": [1, "2"]})).unwrap(), vec![1, 2]);
        assert!(parse_ids(&json!("1,x")).is_err());
    }

    #[test]
    fn a_member_keeps_fields_it_does_not_know() {
        let m: Member = serde_json::from_value(json!({
            "id": "3", "list_id": 1, "email": "a@x.com", "state": "active",
            "merge_1": 42, "rating": "", "utm_campaign": "spring"
        }))
        .unwrap();
        assert_eq!((*m.id, m.merges.get(1), *m.rating), (3, Some("42"), None));
        assert_eq!(serde_json::to_value(&m).unwrap()["utm_campaign"], "spring");
    }
}

/// What the service knows of an address for a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmailCheck {
    pub valid: loose::Flag,
    pub in_list: loose::Flag,
    pub member_id: loose::MaybeInt,
    #[serde(default)]
    pub state: Option<MemberState>,
    pub unsubscribed: loose::Flag,
}

/// Whether an address is valid, in the list, and unsubscribed. v2 only
/// (public clients).
pub async fn check_email(client: &Client, list_id: i64, email: &str) -> Result<EmailCheck> {
    let path = ["lists", &list_id.to_string(), "check-email"];
    client.get(&path, &[("email", email.to_string())]).await?.decode()
}
