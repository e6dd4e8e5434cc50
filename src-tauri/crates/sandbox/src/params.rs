//! The parameters of one call, from the path, the query and the body of
//! either interface, read tolerantly: numbers may arrive as strings, flags
//! in any spelling, arrays as JSON or PHP-serialized text.

use crate::fault::{Fault, Result};
use serde_json::{Map, Value};

#[derive(Debug, Clone, Default)]
pub struct Params(pub Map<String, Value>);

impl Params {
    pub fn set(&mut self, key: &str, value: Value) {
        self.0.insert(key.to_string(), value);
    }

    pub fn has(&self, key: &str) -> bool {
        self.0.get(key).is_some_and(|v| !v.is_null())
    }

    pub fn raw(&self, key: &str) -> Option<&Value> {
        self.0.get(key).filter(|v| !v.is_null())
    }

    /// A text parameter; numbers become text; empty is absent.
    pub fn text(&self, key: &str) -> Option<String> {
        match self.raw(key)? {
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(if *b { "1".into() } else { "0".into() }),
            _ => None,
        }
    }

    pub fn required_text(&self, key: &str) -> Result<String> {
        self.text(key).ok_or_else(|| Fault::missing(key))
    }

    pub fn int(&self, key: &str) -> Result<Option<i64>> {
        match self.raw(key) {
            None => Ok(None),
            Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| not_integer(key)),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| not_integer(key)),
            Some(_) => Err(not_integer(key)),
        }
    }

    pub fn required_int(&self, key: &str) -> Result<i64> {
        self.int(key)?.ok_or_else(|| Fault::missing(key))
    }

    /// A flag sent as 1/0, on/off, Y/N, true/false; present-and-empty is
    /// true (`update` "when present").
    pub fn flag(&self, key: &str) -> bool {
        match self.0.get(key) {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(Value::Number(n)) => n.as_i64() != Some(0),
            Some(Value::String(s)) => {
                !matches!(s.trim().to_ascii_lowercase().as_str(), "0" | "off" | "n" | "no" | "false")
            }
            Some(_) => true,
        }
    }

    /// `start` and `limit`, the latter clamped to `1..=max`.
    pub fn window(&self, default_limit: i64, max: i64) -> Result<(i64, i64)> {
        let start = self.int("start")?.unwrap_or(0).max(0);
        let limit = self.int("limit")?.unwrap_or(default_limit).clamp(1, max);
        Ok((start, limit))
    }

    /// A JSON value sent either as JSON or as a JSON-encoded string.
    pub fn json(&self, key: &str) -> Result<Option<Value>> {
        match self.raw(key) {
            None => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => serde_json::from_str(s)
                .or_else(|_| crate::php::unserialize(s).ok_or(()))
                .map(Some)
                .map_err(|_| Fault::invalid(format!("Parameter {key} is not valid JSON"))),
            Some(other) => Ok(Some(other.clone())),
        }
    }
}

fn not_integer(key: &str) -> Fault {
    Fault::invalid(format!("Parameter {key} must be an integer"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn params(v: Value) -> Params {
        Params(v.as_object().cloned().unwrap())
    }

    #[test]
    fn numbers_and_flags_are_read_in_any_spelling() {
        let p = params(json!({"a": "12", "b": 3, "c": "", "u": "", "n": "off", "y": "Y"}));
        assert_eq!(p.int("a").unwrap(), Some(12));
        assert_eq!(p.int("b").unwrap(), Some(3));
        assert_eq!(p.int("c").unwrap(), None);
        assert!(p.flag("u") && !p.flag("n") && p.flag("y") && !p.flag("missing"));
        assert!(params(json!({"a": "x"})).int("a").is_err());
    }

    #[test]
    fn json_arrives_as_json_text_or_php() {
        let p = params(json!({"j": "[1,2]", "p": "a:2:{i:0;i:5;i:1;i:6;}", "v": [7]}));
        assert_eq!(p.json("j").unwrap(), Some(json!([1, 2])));
        assert_eq!(p.json("p").unwrap(), Some(json!([5, 6])));
        assert_eq!(p.json("v").unwrap(), Some(json!([7])));
    }
}
