//! Saved segments: `/segments`. The spec does not list these paths; the
//! service's public clients call them (v2 only). A segment is one list's
//! conditions (`esegment`, keyed by the list's id as a campaign's is) under
//! a name, counted on its own or applied to a member listing by id
//! ([`crate::members::MemberQuery::segment_id`]).

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// A saved segment as the service keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedSegment {
    pub id: loose::Id,
    pub list_id: loose::Int,
    pub name: loose::Text,
    /// The conditions, keyed by the list's id; sent back as they came.
    #[serde(default)]
    pub esegment: Value,
    pub created: loose::MaybeText,
    pub updated: loose::MaybeText,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// How many of a list's subscribers a segment holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SegmentCount {
    /// In any state.
    pub count: loose::Int,
    /// The active ones among them (whom a campaign reaches); not every
    /// service says.
    pub active: loose::MaybeInt,
}

/// What a segment is counted from: a saved one, or a list's conditions as
/// they stand, before any is saved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Counted<'a> {
    Saved(i64),
    Conditions { list_id: i64, esegment: &'a Value },
}

/// A field a list's segments may look at: `email` or `merge_N`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SegmentField {
    pub field: loose::Text,
    pub title: loose::MaybeText,
    /// `email`, `text`, `date`, `choice`, …, as the service names it.
    #[serde(rename = "type")]
    pub kind: loose::MaybeText,
    #[serde(default)]
    pub choices: Vec<String>,
}

/// The fields and operators of a list's segments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SegmentFields {
    #[serde(default)]
    pub fields: Vec<SegmentField>,
    #[serde(default)]
    pub operators: Vec<String>,
}

fn segment_path(id: i64) -> [String; 2] {
    ["segments".into(), id.to_string()]
}

/// Every saved segment of the account, or of one list. v2 only.
pub async fn list(client: &Client, list_id: Option<i64>) -> Result<Vec<SavedSegment>> {
    let query: Vec<(&str, String)> = list_id.map(|id| ("list_id", id.to_string())).into_iter().collect();
    let reply = client.get(&["segments"], &query).await?;
    match reply.data {
        Value::Null => Ok(Vec::new()),
        _ => reply.decode(),
    }
}

/// Saves a list's conditions under a name and answers the record. v2 only.
/// Never retried: a create sent twice makes two.
pub async fn create(client: &Client, list_id: i64, name: &str, esegment: &Value) -> Result<SavedSegment> {
    let body = json!({"list_id": list_id, "name": name, "esegment": esegment});
    client.post(&["segments"], body).await?.decode()
}

/// One saved segment. v2 only.
pub async fn get(client: &Client, id: i64) -> Result<SavedSegment> {
    client.get(&segment_path(id), &[]).await?.decode()
}

/// Renames a segment, changes its conditions, or both; what is `None` stays.
/// v2 only.
pub async fn update(client: &Client, id: i64, name: Option<&str>, esegment: Option<&Value>) -> Result<SavedSegment> {
    let mut body = Map::new();
    if let Some(name) = name {
        body.insert("name".into(), json!(name));
    }
    if let Some(esegment) = esegment {
        body.insert("esegment".into(), esegment.clone());
    }
    client.put(&segment_path(id), Value::Object(body)).await?.decode()
}

/// Deletes a saved segment. v2 only.
pub async fn delete(client: &Client, id: i64) -> Result<()> {
    client.delete(&segment_path(id), None).await?;
    Ok(())
}

/// Counts a saved segment, or conditions not saved yet. v2 only. A read,
/// though sent as a POST: the service changes nothing.
pub async fn count(client: &Client, what: Counted<'_>) -> Result<SegmentCount> {
    let body = match what {
        Counted::Saved(id) => json!({"segment_id": id}),
        Counted::Conditions { list_id, esegment } => json!({"list_id": list_id, "esegment": esegment}),
    };
    client.post(&["segments", "count"], body).await?.decode()
}

/// The fields and operators a list's segments may use. v2 only.
pub async fn fields(client: &Client, list_id: i64) -> Result<SegmentFields> {
    client.get(&["segments", "fields"], &[("list_id", list_id.to_string())]).await?.decode()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_may_come_without_the_active_share() {
        let count: SegmentCount = serde_json::from_value(json!({"count": "12"})).unwrap();
        assert_eq!((*count.count, *count.active), (12, None));
    }

    #[test]
    fn a_record_keeps_its_conditions_and_what_it_does_not_know() {
        let saved: SavedSegment = serde_json::from_value(json!({
            "id": "4", "list_id": 2, "name": "Moscow", "esegment": {"2": {"match": "all", "c": []}}, "owner": "ann"
        }))
        .unwrap();
        assert_eq!((*saved.id, *saved.list_id), (4, 2));
        assert_eq!(saved.esegment["2"]["match"], "all");
        assert_eq!(saved.extra["owner"], "ann");
    }
}
