//! Segments (`esegment`): per list, `match` any or all of conditions on the
//! address or an additional field.

use crate::fault::{Fault, Result};
use serde_json::Value;
use std::cmp::Ordering;

pub const OPS: [&str; 8] = ["is", "is not", "contains", "notcontain", "starts", "ends", "greater", "less"];

fn field_ok(field: &str) -> bool {
    field == "email"
        || field.strip_prefix("merge_").and_then(|n| n.parse::<u8>().ok()).is_some_and(|n| (1..=10).contains(&n))
}

pub fn validate(segment: &Value) -> Result<()> {
    let lists = segment.as_object().ok_or_else(|| Fault::invalid("esegment must be keyed by list id"))?;
    for (list, rule) in lists {
        list.parse::<i64>().map_err(|_| Fault::invalid(format!("esegment key {list} is not a list id")))?;
        let matching = rule.get("match").and_then(Value::as_str).unwrap_or("all");
        if !matches!(matching, "any" | "all") {
            return Err(Fault::invalid("esegment match must be any or all"));
        }
        let conditions = rule.get("c").and_then(Value::as_array).ok_or_else(|| Fault::invalid("esegment needs c"))?;
        for c in conditions {
            let field = c.get("field").and_then(Value::as_str).unwrap_or_default();
            let op = c.get("op").and_then(Value::as_str).unwrap_or_default();
            if !field_ok(field) {
                return Err(Fault::invalid(format!("esegment field must be email or merge_1..merge_10, not {field}")));
            }
            if !OPS.contains(&op) {
                return Err(Fault::invalid(format!("esegment op must be one of {}, not {op}", OPS.join(", "))));
            }
        }
    }
    Ok(())
}

fn compare(a: &str, b: &str) -> Ordering {
    match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
        (Ok(x), Ok(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        _ => a.cmp(b),
    }
}

/// A list's conditions, read once to test many members.
pub struct Rule {
    any: bool,
    /// Column (0 the address, N `merge_N`), operator, value in lower case.
    conditions: Vec<(usize, String, String)>,
}

impl Rule {
    /// What `segment` asks of `list_id`'s members; `None` when it takes
    /// the list whole (it does not name the list, or sets no condition).
    pub fn of(segment: Option<&Value>, list_id: i64) -> Option<Rule> {
        let rule = segment?.get(list_id.to_string())?;
        let conditions: Vec<_> = rule
            .get("c")
            .and_then(Value::as_array)?
            .iter()
            .map(|c| {
                let field = c.get("field").and_then(Value::as_str).unwrap_or_default();
                let column = match field {
                    "email" => 0,
                    other => other.strip_prefix("merge_").and_then(|n| n.parse().ok()).unwrap_or(usize::MAX),
                };
                let op = c.get("op").and_then(Value::as_str).unwrap_or_default().to_string();
                let wanted = match c.get("value") {
                    Some(Value::String(s)) => s.clone(),
                    Some(other) => other.to_string(),
                    None => String::new(),
                };
                (column, op, wanted.to_lowercase())
            })
            .collect();
        if conditions.is_empty() {
            return None;
        }
        Some(Rule { any: rule.get("match").and_then(Value::as_str) == Some("any"), conditions })
    }

    /// Whether a member is in: `values[0]` is the address, `values[N]`
    /// `merge_N` (empty when unset).
    pub fn admits(&self, values: &[&str]) -> bool {
        let test = |(column, op, lower): &(usize, String, String)| {
            holds(op, values.get(*column).copied().unwrap_or_default(), lower)
        };
        if self.any {
            self.conditions.iter().any(test)
        } else {
            self.conditions.iter().all(test)
        }
    }
}

/// Without regard to case, text ordered as text too (the spec's rule).
fn holds(op: &str, actual: &str, lower: &str) -> bool {
    let a = actual.to_lowercase();
    match op {
        "is" => a == lower,
        "is not" => a != lower,
        "contains" => a.contains(lower),
        "notcontain" => !a.contains(lower),
        "starts" => a.starts_with(lower),
        "ends" => a.ends_with(lower),
        "greater" => !a.is_empty() && compare(&a, lower) == Ordering::Greater,
        "less" => !a.is_empty() && compare(&a, lower) == Ordering::Less,
        _ => false,
    }
}

/// Whether a subscriber of `list_id` is in the segment; `value_of` reads
/// `email` or `merge_N`. Lists the segment does not name are taken whole.
pub fn admits(segment: Option<&Value>, list_id: i64, value_of: impl Fn(&str) -> String) -> bool {
    let Some(rule) = Rule::of(segment, list_id) else { return true };
    let values: Vec<String> =
        (0..=10).map(|n| if n == 0 { value_of("email") } else { value_of(&format!("merge_{n}")) }).collect();
    rule.admits(&values.iter().map(String::as_str).collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn member(field: &str) -> String {
        match field {
            "email" => "anna@mail.example".into(),
            "merge_1" => "Anna".into(),
            "merge_4" => "1990-05-01".into(),
            "merge_6" => "42".into(),
            _ => String::new(),
        }
    }

    #[test]
    fn conditions_combine_with_any_or_all() {
        let all = json!({"7": {"match": "all", "c": [
            {"field": "email", "op": "ends", "value": "@MAIL.example"},
            {"field": "merge_6", "op": "greater", "value": 9}
        ]}});
        assert!(validate(&all).is_ok());
        assert!(admits(Some(&all), 7, member));
        let any = json!({"7": {"match": "any", "c": [
            {"field": "merge_1", "op": "is", "value": "Boris"},
            {"field": "merge_4", "op": "less", "value": "1991-01-01"}
        ]}});
        assert!(admits(Some(&any), 7, member));
        let none = json!({"7": {"match": "all", "c": [{"field": "merge_1", "op": "notcontain", "value": "ann"}]}});
        assert!(!admits(Some(&none), 7, member));
        assert!(admits(Some(&none), 8, member), "other lists are taken whole");
    }

    #[test]
    fn text_is_ordered_without_regard_to_case() {
        let after = json!({"7": {"match": "all", "c": [{"field": "merge_1", "op": "greater", "value": "abc"}]}});
        assert!(admits(Some(&after), 7, member), "Anna comes after abc, whatever the case");
        let before = json!({"7": {"match": "all", "c": [{"field": "merge_1", "op": "less", "value": "abc"}]}});
        assert!(!admits(Some(&before), 7, member));
        let same = json!({"7": {"match": "all", "c": [{"field": "merge_1", "op": "greater", "value": "ANNA"}]}});
        assert!(!admits(Some(&same), 7, member), "Anna is ANNA");
    }

    #[test]
    fn bad_segments_are_refused() {
        assert!(validate(&json!({"x": {"c": []}})).is_err());
        assert!(validate(&json!({"1": {"match": "some", "c": []}})).is_err());
        assert!(validate(&json!({"1": {"c": [{"field": "phone", "op": "is", "value": 1}]}})).is_err());
        assert!(validate(&json!({"1": {"c": [{"field": "email", "op": "like", "value": 1}]}})).is_err());
    }
}
