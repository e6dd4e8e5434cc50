//! Address lists: `/lists`.

use crate::error::{Error, Result};
use crate::fields::{Field, FieldDef};
use crate::loose;
use crate::members::Member;
use crate::paging::Pager;
use crate::transport::{json_object, Client};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ListState {
    Active,
    Archived,
    Blocked,
    #[serde(other)]
    Unknown,
}

impl ListState {
    pub fn as_str(self) -> &'static str {
        match self {
            ListState::Active => "active",
            ListState::Archived => "archived",
            ListState::Blocked => "blocked",
            ListState::Unknown => "unknown",
        }
    }
}

/// Subscriber counts per state, as a list record carries them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MemberCounts {
    pub count_active: loose::Int,
    pub count_bounced: loose::Int,
    pub count_inactive: loose::Int,
    pub count_complained: loose::Int,
    pub count_unconfirmed: loose::Int,
    pub count_unsubscribed: loose::Int,
    pub count_all: loose::Int,
}

/// Contact data printed in the footer of every message to the list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ListContact {
    pub company: loose::MaybeText,
    pub abuse_name: loose::MaybeText,
    pub abuse_email: loose::MaybeText,
    pub phone: loose::MaybeText,
    pub address: loose::MaybeText,
    pub city: loose::MaybeText,
    pub zip: loose::MaybeText,
    pub country: loose::MaybeText,
    pub url: loose::MaybeText,
}

/// An address list. Fields the client does not know (the `merge_N` field
/// definitions among them) are kept in `extra`, so a record read and written
/// back loses nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct List {
    pub id: loose::Id,
    pub name: loose::Text,
    #[serde(default = "active")]
    pub state: ListState,
    pub description: loose::MaybeText,
    pub creation_date: loose::MaybeText,
    #[serde(flatten)]
    pub contact: ListContact,
    #[serde(flatten)]
    pub counts: MemberCounts,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn active() -> ListState {
    ListState::Active
}

impl List {
    /// The list's additional fields, decoded from its `merge_N` entries.
    pub fn fields(&self) -> Vec<Field> {
        let mut fields: Vec<Field> = self
            .extra
            .iter()
            .filter_map(|(key, value)| {
                let merge_id = key.strip_prefix("merge_")?.parse().ok()?;
                Some(Field { merge_id, def: FieldDef::from_wire(value)? })
            })
            .collect();
        fields.sort_by_key(|f| f.merge_id);
        fields
    }
}

/// What a new list is made of. `fields: None` lets the service copy the
/// default list's fields (or create first and last name).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NewList {
    pub name: String,
    #[serde(default)]
    pub contact: ListContact,
    #[serde(default)]
    pub fields: Option<Vec<FieldDef>>,
}

/// Changes to a list; only what is `Some` changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ListChanges {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub contact: ListContact,
}

/// All lists, newest first; optionally only those in one state.
/// Legacy: `lists.get`. The service's "no lists" (404, code 4) is an empty
/// result here.
pub async fn list(client: &Client, state: Option<ListState>) -> Result<Vec<List>> {
    let mut query = vec![("merge_json", "1".to_string())];
    if let Some(state) = state {
        query.push(("state", state.as_str().to_string()));
    }
    match client.get(&["lists"], &query).await {
        Ok(reply) => reply.decode(),
        Err(err) if err.code() == Some(4) => Ok(Vec::new()),
        Err(err) => Err(err),
    }
}

/// One list. Legacy: `lists.get` with `list_id`.
pub async fn get(client: &Client, list_id: i64) -> Result<List> {
    let id = list_id.to_string();
    let lists: Vec<List> = client.get(&["lists", &id], &[("merge_json", "1".into())]).await?.decode()?;
    lists.into_iter().next().ok_or_else(|| Error::Decode(format!("the service sent no record for list {list_id}")))
}

/// Creates a list and answers its id. Legacy: `lists.add`.
pub async fn create(client: &Client, list: &NewList) -> Result<i64> {
    let mut body = json_object(&list.contact);
    body.insert("name".into(), json!(list.name));
    if let Some(fields) = &list.fields {
        let wire: Vec<Value> = fields.iter().map(FieldDef::to_wire).collect();
        body.insert("fields".into(), json!(Value::Array(wire).to_string()));
    }
    let reply = client.post(&["lists"], Value::Object(body)).await?;
    reply.id("list_id")
}

/// Changes a list's name or contact data. Legacy: `lists.update`.
pub async fn update(client: &Client, list_id: i64, changes: &ListChanges) -> Result<()> {
    let mut body = json_object(&changes.contact);
    if let Some(name) = &changes.name {
        body.insert("name".into(), json!(name));
    }
    client.put(&["lists", &list_id.to_string()], Value::Object(body)).await?;
    Ok(())
}

/// Removes a list and its active subscribers, irreversibly. Legacy: `lists.delete`.
pub async fn delete(client: &Client, list_id: i64) -> Result<()> {
    client.delete(&["lists", &list_id.to_string()], None).await?;
    Ok(())
}

/// `order` as the members' read writes it (`field asc|desc`).
fn ordered(order: Option<&str>) -> Vec<(&'static str, String)> {
    order.map(|o| ("order", o.to_string())).into_iter().collect()
}

/// Subscribers of the list who unsubscribed, in `order`. Legacy: `lists.get_unsubscribed`.
pub fn unsubscribed(client: &Client, list_id: i64, order: Option<&str>) -> Pager<Member> {
    Pager::new(client, vec!["lists".into(), list_id.to_string(), "unsubscribed".into()], ordered(order))
}

/// Subscribers of the list who marked a message as spam, in `order`. Legacy: `lists.get_complaints`.
pub fn complaints(client: &Client, list_id: i64, order: Option<&str>) -> Pager<Member> {
    Pager::new(client, vec!["lists".into(), list_id.to_string(), "complaints".into()], ordered(order))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_read_and_written_back_loses_nothing() {
        let wire = json!({
            "id": "12", "name": "Customers", "state": "active", "creation_date": "2026-01-02 10:00:00",
            "company": "Acme", "count_active": "3", "count_all": 5, "count_bounced": "",
            "merge_1": "{\"title\":\"First name\",\"type\":\"text\",\"req\":\"off\",\"var\":\"name\"}",
            "brand_new_field": {"x": 1}
        });
        let list: List = serde_json::from_value(wire.clone()).unwrap();
        assert_eq!((*list.id, *list.counts.count_active, *list.counts.count_bounced), (12, 3, 0));
        assert_eq!(list.fields()[0].def.title, "First name");
        let back = serde_json::to_value(&list).unwrap();
        assert_eq!(back["brand_new_field"], wire["brand_new_field"]);
        assert_eq!(back["merge_1"], wire["merge_1"]);
        assert_eq!(back["company"], "Acme");
    }
}
