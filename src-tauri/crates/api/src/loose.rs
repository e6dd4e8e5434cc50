//! Tolerant decoding: the service sends numbers as strings, flags as
//! `on`/`off`, `Y`/`N` or `0`/`1`, and empty strings for "nothing".

use serde::{Deserialize, Deserializer};
use serde_json::Value;

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

/// An integer sent as a number or a numeric string; empty or absent is 0.
pub fn int<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    opt_int(d).map(|v| v.unwrap_or(0))
}

/// An integer sent as a number or a numeric string; empty or absent is `None`.
pub fn opt_int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    let value = Value::deserialize(d)?;
    number_from(&value).ok_or_else(|| serde::de::Error::custom(format!("expected an integer, got {value}")))
}

/// A text sent as a string or a number; empty or absent is `None`.
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(s) if s.is_empty() => None,
        Value::String(s) => Some(s),
        other => Some(other.to_string()),
    })
}

/// A text in any of the service's spellings, for places a field attribute
/// cannot reach (map values).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Text(pub Option<String>);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        opt_text(d).map(Text)
    }
}

/// A text sent as a string or a number; absent is empty.
pub fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    opt_text(d).map(Option::unwrap_or_default)
}

/// Identifiers sent as an array (of numbers or numeric strings), a JSON or
/// serialized string of one, or a single number.
pub fn int_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    fn read(value: &Value) -> Option<Vec<i64>> {
        match value {
            Value::Null => Some(vec![]),
            Value::Array(items) => items.iter().map(|v| number_from(v).flatten()).collect(),
            Value::String(s) if s.trim().starts_with('[') => read(&serde_json::from_str(s).ok()?),
            other => number_from(other).map(|n| n.into_iter().collect()),
        }
    }
    let value = Value::deserialize(d)?;
    read(&value).ok_or_else(|| serde::de::Error::custom(format!("expected identifiers, got {value}")))
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

/// A flag: `on`/`off`, `Y`/`N`, `1`/`0`, booleans, empty string for no.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let value = Value::deserialize(d)?;
    flag_value(&value).ok_or_else(|| serde::de::Error::custom(format!("expected a flag, got {value}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Sample {
        #[serde(default, deserialize_with = "int")]
        n: i64,
        #[serde(default, deserialize_with = "opt_int")]
        m: Option<i64>,
        #[serde(default, deserialize_with = "flag")]
        f: bool,
        #[serde(default, deserialize_with = "opt_text")]
        t: Option<String>,
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
            assert!(sample(&format!(r#"{{"f": {yes}}}"#)).f, "{yes} is yes");
        }
        for no in [r#""off""#, r#""N""#, r#""0""#, "0", "false", r#""""#, "null"] {
            assert!(!sample(&format!(r#"{{"f": {no}}}"#)).f, "{no} is no");
        }
        assert!(serde_json::from_str::<Sample>(r#"{"f": "maybe"}"#).is_err());
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
