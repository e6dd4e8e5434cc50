//! A list's segments: conditions on its members counted as they are built,
//! and saved under a name to filter the list by, or to fill a campaign's
//! conditions with. The service keeps them on paths its public clients call
//! (`/segments`), beyond its contract: a service without them says so and
//! the rest of the lists area goes on without.

use super::{Action, Field, SegmentCount};
use crate::error::{beyond_contract, failed, DeskError, Result};
use crate::letter::Segment;
use crate::session::Session;
use crate::settle::settled;
use crate::views::service_time;
use api::segments::{Counted, SavedSegment};
use serde::{Deserialize, Serialize};

const MAX_NAME: usize = 200;

/// A saved segment as the lists area and the campaign editor show one.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SavedSegmentView {
    pub id: i64,
    pub list_id: i64,
    pub name: String,
    /// `None` when the service keeps conditions the app cannot read (made
    /// by another program): it is shown, and may be renamed or deleted.
    pub segment: Option<Segment>,
    pub updated_at: Option<String>,
}

impl From<SavedSegment> for SavedSegmentView {
    fn from(s: SavedSegment) -> Self {
        SavedSegmentView {
            id: *s.id,
            list_id: *s.list_id,
            name: s.name.0,
            segment: Segment::from_wire(&s.esegment),
            updated_at: service_time(s.updated.as_deref().or(s.created.as_deref())),
        }
    }
}

/// The saved segments, when the service keeps any.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SavedSegments {
    /// False when the service has no saved segments at all.
    pub offered: bool,
    pub segments: Vec<SavedSegmentView>,
}

/// Which members a count is of.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ListSegment {
    Saved(i64),
    Conditions(Segment),
}

fn segment_name(name: &str) -> Result<String> {
    crate::form::name(name, Field::SegmentName, MAX_NAME)
}

/// Conditions worth saving: at least one.
fn conditions(segment: &Segment) -> Result<&Segment> {
    if segment.conditions.is_empty() {
        return Err(DeskError::Required { field: Field::Conditions.into() });
    }
    Ok(segment)
}

/// The saved segments of a list, or of every list, oldest first.
pub async fn saved_segments(session: &Session, list_id: Option<i64>) -> Result<SavedSegments> {
    match api::segments::list(session.client(), list_id).await {
        Ok(found) => Ok(SavedSegments { offered: true, segments: found.into_iter().map(Into::into).collect() }),
        Err(err) if beyond_contract(&err) => Ok(SavedSegments { offered: false, segments: Vec::new() }),
        Err(err) => Err(DeskError::from_api(err, Action::LoadSegments)),
    }
}

/// How many members match; `None` from a service that does not count
/// saved segments. The service counts conditions in one request, where the
/// app would read the whole list (a hundred pages of a list of 50,000,
/// most of a minute behind the rate limit); the service's rules are the
/// ones the table and a change of many find the members by
/// ([`super::matching`], and the test that holds them together). A service
/// without the count has them counted here, by reading the list.
pub async fn count_segment(session: &Session, list_id: i64, which: &ListSegment) -> Result<Option<SegmentCount>> {
    let wire;
    let counted = match which {
        ListSegment::Saved(id) => Counted::Saved(*id),
        ListSegment::Conditions(segment) => {
            wire = segment.to_wire(&[list_id]);
            Counted::Conditions { list_id, esegment: &wire }
        }
    };
    match api::segments::count(session.client(), counted).await {
        Ok(count) => Ok(Some(SegmentCount {
            matching: (*count.count).max(0) as u64,
            active: count.active.0.map(|n| n.max(0) as u64),
        })),
        Err(err) if beyond_contract(&err) => match which {
            ListSegment::Saved(_) => Ok(None),
            ListSegment::Conditions(segment) => super::matching::count(session, list_id, segment).await.map(Some),
        },
        Err(err) => Err(DeskError::from_api(err, Action::CountSegment)),
    }
}

/// The list's segments named `name`, as the service has them now.
async fn named(session: &Session, list_id: i64, name: &str) -> Option<Vec<SavedSegment>> {
    let found = api::segments::list(session.client(), Some(list_id)).await.ok()?;
    Some(found.into_iter().filter(|s| s.name == name).collect())
}

/// Saves conditions of a list under a name. A create is never sent twice:
/// when its answer is lost, a segment of that name that was not there
/// before is the one made.
pub async fn save_segment(session: &Session, list_id: i64, name: &str, segment: &Segment) -> Result<SavedSegmentView> {
    let name = segment_name(name)?;
    let wire = conditions(segment)?.to_wire(&[list_id]);
    let before: Vec<i64> = named(session, list_id, &name).await.unwrap_or_default().iter().map(|s| *s.id).collect();
    let made = api::segments::create(session.client(), list_id, &name, &wire).await;
    let found = async { named(session, list_id, &name).await?.into_iter().find(|s| !before.contains(&s.id)) };
    settled(made.map_err(|err| not_offered(err, Action::SaveSegment)), found).await.map(Into::into)
}

/// Renames a saved segment or changes its conditions, or both; a lost
/// answer is settled by reading the segment back.
pub async fn edit_segment(
    session: &Session,
    segment_id: i64,
    name: Option<&str>,
    segment: Option<&Segment>,
) -> Result<SavedSegmentView> {
    let client = session.client();
    let name = name.map(segment_name).transpose()?;
    let segment = segment.map(conditions).transpose()?;
    let list_id = match segment {
        Some(_) => Some(*api::segments::get(client, segment_id).await.map_err(failed(Action::EditSegment))?.list_id),
        None => None,
    };
    let wire = segment.zip(list_id).map(|(s, list_id)| s.to_wire(&[list_id]));
    let sent = api::segments::update(client, segment_id, name.as_deref(), wire.as_ref()).await;
    let found = async {
        let now = api::segments::get(client, segment_id).await.ok()?;
        let renamed = name.as_ref().is_none_or(|n| now.name == n.as_str());
        let changed = segment.is_none_or(|s| Segment::from_wire(&now.esegment).as_ref() == Some(s));
        (renamed && changed).then_some(now)
    };
    settled(sent.map_err(failed(Action::EditSegment)), found).await.map(Into::into)
}

/// Deletes a saved segment; a lost answer is settled by looking for it.
pub async fn delete_segment(session: &Session, segment_id: i64) -> Result<()> {
    let client = session.client();
    let sent = api::segments::delete(client, segment_id).await.map_err(failed(Action::DeleteSegment));
    let found = async {
        match api::segments::get(client, segment_id).await {
            Err(err) if err.status() == Some(404) => Some(()),
            _ => None,
        }
    };
    settled(sent, found).await
}

/// A refusal, or the service saying it keeps no segments.
fn not_offered(err: api::Error, action: Action) -> DeskError {
    if beyond_contract(&err) {
        DeskError::NotOffered { action: action.into() }
    } else {
        DeskError::from_api(err, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letter::{SegmentCondition, SegmentField, SegmentOp};

    #[test]
    fn a_saved_segment_reads_its_conditions_or_says_it_cannot() {
        let saved: SavedSegment = serde_json::from_value(serde_json::json!({
            "id": 3, "list_id": 1, "name": "Москва", "created": "2026-03-01 10:00:00",
            "esegment": {"1": {"match": "any", "c": [{"field": "merge_3", "op": "is", "value": "Москва"}]}}
        }))
        .unwrap();
        let view = SavedSegmentView::from(saved.clone());
        let city = SegmentCondition { field: SegmentField::Field(3), op: SegmentOp::Is, value: "Москва".into() };
        assert_eq!(view.segment, Some(Segment { match_all: false, conditions: vec![city] }));
        assert_eq!(view.updated_at.as_deref(), Some("2026-03-01T10:00:00"));
        let odd = SavedSegment { esegment: serde_json::json!({"1": {"c": [{"field": "phone"}]}}), ..saved };
        assert_eq!(SavedSegmentView::from(odd).segment, None);
    }

    #[test]
    fn a_segment_is_saved_with_a_name_and_a_condition() {
        assert!(matches!(segment_name("  "), Err(DeskError::Required { .. })));
        assert_eq!(segment_name(" Москва ").unwrap(), "Москва");
        let none = Segment { match_all: true, conditions: vec![] };
        assert_eq!(conditions(&none), Err(DeskError::Required { field: Field::Conditions.into() }));
    }
}
