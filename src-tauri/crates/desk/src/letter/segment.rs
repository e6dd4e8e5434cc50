//! A letter's segment (a campaign's or an automation's): conditions on the
//! subscriber's address or additional fields, all or any of which must
//! hold, applied in every chosen list; the service's `esegment` is keyed by
//! list.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// What a condition looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum SegmentField {
    Email,
    /// An additional field by its number (N of `merge_N`).
    Field(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum SegmentOp {
    Is,
    IsNot,
    Contains,
    NotContains,
    Starts,
    Ends,
    Greater,
    Less,
}

const OPS: [(SegmentOp, &str); 8] = [
    (SegmentOp::Is, "is"),
    (SegmentOp::IsNot, "is not"),
    (SegmentOp::Contains, "contains"),
    (SegmentOp::NotContains, "notcontain"),
    (SegmentOp::Starts, "starts"),
    (SegmentOp::Ends, "ends"),
    (SegmentOp::Greater, "greater"),
    (SegmentOp::Less, "less"),
];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SegmentCondition {
    pub field: SegmentField,
    pub op: SegmentOp,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Segment {
    /// Every condition must hold; otherwise any one.
    pub match_all: bool,
    pub conditions: Vec<SegmentCondition>,
}

impl Segment {
    /// The service's `esegment`: the same conditions for each list.
    pub(crate) fn to_wire(&self, list_ids: &[i64]) -> Value {
        let conditions: Vec<Value> = self
            .conditions
            .iter()
            .map(|c| {
                let field = match c.field {
                    SegmentField::Email => "email".to_string(),
                    SegmentField::Field(n) => format!("merge_{n}"),
                };
                let op = OPS.iter().find(|(op, _)| *op == c.op).map(|(_, wire)| *wire).unwrap_or("is");
                json!({"field": field, "op": op, "value": c.value})
            })
            .collect();
        let one = json!({"match": if self.match_all { "all" } else { "any" }, "c": conditions});
        Value::Object(list_ids.iter().map(|id| (id.to_string(), one.clone())).collect::<Map<_, _>>())
    }

    /// The segment an `esegment` holds (its first list's, as the app writes
    /// the same for each); `None` for none, or for one it cannot read.
    pub(crate) fn from_wire(value: &Value) -> Option<Segment> {
        let value = match value {
            Value::String(text) => serde_json::from_str(text).ok()?,
            other => other.clone(),
        };
        let (_, one) = value.as_object()?.iter().next()?;
        let conditions = one
            .get("c")?
            .as_array()?
            .iter()
            .map(|c| {
                let field = match c.get("field")?.as_str()? {
                    "email" => SegmentField::Email,
                    merge => SegmentField::Field(merge.strip_prefix("merge_")?.parse().ok()?),
                };
                let op = c.get("op")?.as_str()?;
                let op = OPS.iter().find(|(_, wire)| *wire == op)?.0;
                let value = match c.get("value")? {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                Some(SegmentCondition { field, op, value })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Segment { match_all: one.get("match").and_then(Value::as_str) == Some("all"), conditions })
    }
}

/// What the service is sent for a segment: its conditions for each list, or
/// an empty object (none) to lift one that was set.
pub(crate) fn segment_wire(segment: Option<&Segment>, list_ids: &[i64]) -> Value {
    segment.filter(|s| !s.conditions.is_empty()).map(|s| s.to_wire(list_ids)).unwrap_or_else(|| json!({}))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segment() -> Segment {
        Segment {
            match_all: true,
            conditions: vec![
                SegmentCondition { field: SegmentField::Email, op: SegmentOp::Ends, value: "@mail.ru".into() },
                SegmentCondition {
                    field: SegmentField::Field(3), op: SegmentOp::NotContains, value: "Москва".into()
                },
                SegmentCondition { field: SegmentField::Field(4), op: SegmentOp::IsNot, value: String::new() },
            ],
        }
    }

    #[test]
    fn every_chosen_list_gets_the_conditions_in_the_services_words() {
        let wire = segment().to_wire(&[3, 7]);
        assert_eq!(wire["3"], wire["7"]);
        assert_eq!(wire["3"]["match"], "all");
        assert_eq!(wire["3"]["c"][1], json!({"field": "merge_3", "op": "notcontain", "value": "Москва"}));
        assert_eq!(wire["3"]["c"][2]["op"], "is not");
    }

    #[test]
    fn what_is_written_reads_back_from_an_object_or_a_serialized_string() {
        let wire = segment().to_wire(&[3]);
        assert_eq!(Segment::from_wire(&wire), Some(segment()));
        assert_eq!(Segment::from_wire(&Value::String(wire.to_string())), Some(segment()));
        assert_eq!(Segment::from_wire(&json!({"3": {"match": "any", "c": [{"field": "x", "op": "is"}]}})), None);
        assert_eq!(Segment::from_wire(&json!(null)), None);
    }
}
