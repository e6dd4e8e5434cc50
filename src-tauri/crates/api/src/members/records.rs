//! A subscriber's record as the service keeps it, as one is added or
//! changed, and their history.

use crate::loose;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MemberState {
    Active,
    Unsubscribed,
    Bounced,
    Complained,
    Unconfirmed,
    Inactive,
    #[serde(other)]
    Unknown,
}

impl MemberState {
    pub const ALL: [MemberState; 6] = [
        MemberState::Active,
        MemberState::Unsubscribed,
        MemberState::Bounced,
        MemberState::Complained,
        MemberState::Unconfirmed,
        MemberState::Inactive,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MemberState::Active => "active",
            MemberState::Unsubscribed => "unsubscribed",
            MemberState::Bounced => "bounced",
            MemberState::Complained => "complained",
            MemberState::Unconfirmed => "unconfirmed",
            MemberState::Inactive => "inactive",
            MemberState::Unknown => "unknown",
        }
    }

    pub fn parse(text: &str) -> Option<MemberState> {
        MemberState::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// Values of the additional fields, by field number: `merge_N` on the wire.
/// Empty values are left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MergeValues(BTreeMap<u8, String>);

/// The wire names the service uses; a record with more fields (extended
/// plans) keeps the rest among its unknown fields.
const MERGE_KEYS: [&str; 10] =
    ["merge_1", "merge_2", "merge_3", "merge_4", "merge_5", "merge_6", "merge_7", "merge_8", "merge_9", "merge_10"];

impl MergeValues {
    /// Value of `merge_n`.
    pub fn get(&self, n: u8) -> Option<&str> {
        self.0.get(&n).map(String::as_str)
    }

    /// Sets `merge_n`, for n from 1 to 10; other numbers are ignored.
    pub fn set(&mut self, n: u8, value: impl Into<String>) {
        if (1..=10).contains(&n) {
            self.0.insert(n, value.into());
        }
    }

    /// The values in field order.
    pub fn iter(&self) -> impl Iterator<Item = (u8, &str)> {
        self.0.iter().map(|(n, v)| (*n, v.as_str()))
    }
}

impl Serialize for MergeValues {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (n, value) in &self.0 {
            map.serialize_entry(&format!("merge_{n}"), value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for MergeValues {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = MergeValues;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("merge_N values")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<MergeValues, A::Error> {
                let mut values = MergeValues::default();
                while let Some(key) = map.next_key::<String>()? {
                    let value: loose::MaybeText = map.next_value()?;
                    let n = key.strip_prefix("merge_").and_then(|n| n.parse().ok());
                    if let (Some(n), Some(text)) = (n, value.0) {
                        values.set(n, text);
                    }
                }
                Ok(values)
            }
        }
        // As a struct with the known keys, so that inside a flattened record
        // only `merge_N` entries are taken and the rest stay unknown fields.
        deserializer.deserialize_struct("MergeValues", &MERGE_KEYS, Visitor)
    }
}

/// One subscriber record: one address in one list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    pub id: loose::Id,
    pub list_id: loose::Int,
    pub email: loose::Text,
    #[serde(default = "unknown_state")]
    pub state: MemberState,
    #[serde(flatten)]
    pub merges: MergeValues,
    pub gender: loose::MaybeText,
    pub source: loose::MaybeText,
    pub device: loose::MaybeText,
    pub rating: loose::MaybeInt,
    pub optin_time: loose::MaybeText,
    pub unsub_time: loose::MaybeText,
    pub lastedit_time: loose::MaybeText,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn unknown_state() -> MemberState {
    MemberState::Unknown
}

/// A subscriber to add.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NewMember {
    pub email: String,
    #[serde(flatten)]
    pub merges: MergeValues,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gender: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<i64>,
    /// Only `active` or `inactive`; batch adds only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<MemberState>,
}

/// Changes to a subscriber; only what is set changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MemberChanges {
    #[serde(flatten)]
    pub merges: MergeValues,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gender: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// `active` or `inactive`; only for accounts that support allowed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<MemberState>,
}

/// How an add treats addresses already in the list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AddOptions {
    /// Update the existing record instead of refusing the duplicate.
    pub update: bool,
    /// Skip the address validity check.
    pub no_check: bool,
}

impl AddOptions {
    pub(super) fn write_into(self, body: &mut Map<String, Value>) {
        if self.update {
            body.insert("update".into(), json!(1));
        }
        if self.no_check {
            body.insert("no_check".into(), json!(1));
        }
    }
}

/// One event in a subscriber's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Activity {
    pub member_id: loose::Int,
    pub action_time: loose::Text,
    pub campaign_id: loose::MaybeInt,
    pub list_id: loose::MaybeInt,
    pub action: loose::Text,
    pub action_text: loose::MaybeText,
    pub campaign_name: loose::MaybeText,
    pub bounce_category: loose::MaybeText,
    pub bounce_reason: loose::MaybeText,
}
