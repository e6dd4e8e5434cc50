//! Tolerant decoding: the service sends numbers as strings, flags as
//! `on`/`off`, `Y`/`N` or `0`/`1`, and empty strings for "nothing".

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::fmt;
use std::ops::Deref;

fn number_from(value: &Value) -> Option<Option<i64>> {
    match value {
        Value::Null => Some(None),
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)).map(Some),
        Value::String(s) if s.trim().is_empty() => Some(None),
        Value::String(s) => s.trim().parse::<i64>().ok().map(Some),
        Value::Bool(b) => Some(Some(*b as i64)),
        _ => None,
    }
}

fn invalid<E: serde::de::Error>(expected: &str, value: &Value) -> E {
    E::custom(format!("expected {expected}, got {value}"))
}

fn opt_int(value: &Value) -> Option<Option<i64>> {
    number_from(value)
}

fn int(value: &Value) -> Option<i64> {
    number_from(value).map(Option::unwrap_or_default)
}

fn opt_text(value: &Value) -> Option<Option<String>> {
    Some(match value {
        Value::Null => None,
        Value::String(s) if s.is_empty() => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    })
}

fn text(value: &Value) -> Option<String> {
    opt_text(value).map(Option::unwrap_or_default)
}

fn ids(value: &Value) -> Option<Vec<i64>> {
    match value {
        Value::Null => Some(vec![]),
        Value::Array(items) => items.iter().map(|v| number_from(v).flatten()).collect(),
        Value::String(s) if s.trim().starts_with('[') => ids(&serde_json::from_str(s).ok()?),
        other => number_from(other).map(|n| n.into_iter().collect()),
    }
}

/// What every wire newtype offers: its value by `*`, `Debug` as the value,
/// made from and compared with its value.
macro_rules! newtype_impls {
    ($name:ident($inner:ty)) => {
        impl Deref for $name {
            type Target = $inner;
            fn deref(&self) -> &$inner {
                &self.0
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<$inner> for $name {
            fn from(value: $inner) -> Self {
                $name(value)
            }
        }

        impl PartialEq<$inner> for $name {
            fn eq(&self, other: &$inner) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<$name> for $inner {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }
    };
}

/// One loose wire type: a newtype over the Rust value, read by `$read` from
/// whatever spelling the service sent. An absent field reads as `null`
/// (serde asks a missing field for an option), so records need no
/// per-field `default`.
macro_rules! loose_type {
    ($(#[$doc:meta])* $name:ident($inner:ty), $expected:literal, $read:ident) => {
        $(#[$doc])*
        #[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let value = Option::<Value>::deserialize(d)?.unwrap_or(Value::Null);
                $read(&value).map($name).ok_or_else(|| invalid($expected, &value))
            }
        }

        newtype_impls!($name($inner));
    };
}

loose_type!(
    /// An integer sent as a number or a numeric string; empty or absent is 0.
    Int(i64), "an integer", int
);
loose_type!(
    /// An integer sent as a number or a numeric string; empty or absent is nothing.
    MaybeInt(Option<i64>), "an integer", opt_int
);
loose_type!(
    /// A text sent as a string or a number; absent is empty.
    Text(String), "a text", text
);
loose_type!(
    /// A text sent as a string or a number; empty or absent is nothing.
    MaybeText(Option<String>), "a text", opt_text
);
loose_type!(
    /// A flag: `on`/`off`, `Y`/`N`, `1`/`0`, booleans; empty or absent is no.
    Flag(bool), "a flag", flag_value
);
loose_type!(
    /// Identifiers sent as an array (of numbers or numeric strings), a JSON or
    /// serialized string of one, or a single number; absent is none.
    Ids(Vec<i64>), "identifiers", ids
);

impl Copy for Int {}
impl Copy for MaybeInt {}
impl Copy for Flag {}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl From<&str> for Text {
    fn from(value: &str) -> Self {
        Text(value.to_string())
    }
}

impl MaybeText {
    /// The text, or an empty one when there is none.
    pub fn or_empty(&self) -> String {
        self.0.clone().unwrap_or_default()
    }
}

impl From<&str> for MaybeText {
    fn from(value: &str) -> Self {
        MaybeText(Some(value.to_string()))
    }
}

/// A record's identifier: a number or a numeric string, and required: a
/// record without one is refused rather than read as record 0.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Id(pub i64);

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        int(&value).map(Id).ok_or_else(|| invalid("an identifier", &value))
    }
}

newtype_impls!(Id(i64));

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A number answered as `{key: n}`, a bare number, or a numeric string:
/// how the service answers an id or a count.
pub fn number_at(data: &Value, key: &str) -> crate::Result<i64> {
    let value = data.get(key).unwrap_or(data);
    value
        .as_i64()
        .or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()))
        .ok_or_else(|| crate::Error::Decode(format!("expected {key} in the answer, got {data}")))
}

/// Text answered as `{key: "..."}` or `{key: n}`: an identifier the service
/// may write either way (a transactional message's id).
pub fn text_at(data: &Value, key: &str) -> crate::Result<String> {
    match data.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.trim().to_string()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        _ => Err(crate::Error::Decode(format!("expected {key} in the answer, got {data}"))),
    }
}

/// Reads a yes/no flag in any of the service's spellings.
pub fn flag_value(value: &Value) -> Option<bool> {
    match value {
        Value::Null => Some(false),
        Value::Bool(b) => Some(*b),
        Value::Number(n) => n.as_i64().map(|n| n != 0),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "" | "off" | "n" | "no" | "0" | "false" => Some(false),
            "on" | "y" | "yes" | "1" | "true" => Some(true),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Sample {
        n: Int,
        m: MaybeInt,
        f: Flag,
        t: MaybeText,
        s: Text,
        ids: Ids,
    }

    fn sample(json: &str) -> Sample {
        serde_json::from_str(json).expect("decodes")
    }

    #[test]
    fn numbers_arrive_as_numbers_strings_or_nothing() {
        assert_eq!(sample(r#"{"n": 7}"#).n, 7);
        assert_eq!(sample(r#"{"n": "42"}"#).n, 42);
        assert_eq!(sample(r#"{"n": ""}"#).n, 0);
        assert_eq!(sample(r#"{}"#).n, 0);
        assert_eq!(sample(r#"{"m": ""}"#).m, None);
        assert_eq!(sample(r#"{"m": " 5 "}"#).m, Some(5));
        assert!(serde_json::from_str::<Sample>(r#"{"n": "seven"}"#).is_err());
    }

    #[test]
    fn flags_arrive_in_every_spelling() {
        for yes in [r#""on""#, r#""Y""#, r#""1""#, "1", "true", r#""yes""#] {
            assert!(*sample(&format!(r#"{{"f": {yes}}}"#)).f, "{yes} is yes");
        }
        for no in [r#""off""#, r#""N""#, r#""0""#, "0", "false", r#""""#, "null"] {
            assert!(!*sample(&format!(r#"{{"f": {no}}}"#)).f, "{no} is no");
        }
        assert!(serde_json::from_str::<Sample>(r#"{"f": "maybe"}"#).is_err());
    }

    #[test]
    fn absent_fields_read_as_nothing_without_a_default() {
        let s = sample("{}");
        assert_eq!(
            (s.n, s.m, s.f, s.t, s.s, s.ids),
            (Int(0), MaybeInt(None), Flag(false), MaybeText(None), Text::default(), Ids::default())
        );
    }

    #[test]
    fn an_identifier_is_required_and_numeric() {
        #[derive(Deserialize)]
        struct Record {
            id: Id,
        }
        assert_eq!(serde_json::from_str::<Record>(r#"{"id": "12"}"#).unwrap().id, 12);
        assert!(serde_json::from_str::<Record>("{}").is_err());
        assert!(serde_json::from_str::<Record>(r#"{"id": "x"}"#).is_err());
        assert_eq!(sample(r#"{"ids": "[1,\"2\"]"}"#).ids, vec![1, 2]);
        assert_eq!(sample(r#"{"ids": 7}"#).ids, vec![7]);
    }

    #[test]
    fn identifiers_arrive_in_any_shape() {
        use serde_json::json;
        assert_eq!(number_at(&json!({"list_id": 7}), "list_id").unwrap(), 7);
        assert_eq!(number_at(&json!("8"), "list_id").unwrap(), 8);
        assert!(number_at(&json!({"other": 1}), "list_id").is_err());
    }

    #[test]
    fn empty_text_is_nothing_and_numbers_become_text() {
        assert_eq!(sample(r#"{"t": ""}"#).t, None);
        assert_eq!(sample(r#"{"t": 12}"#).t.as_deref(), Some("12"));
        assert_eq!(sample(r#"{"t": "Ann"}"#).t.as_deref(), Some("Ann"));
    }
}
