//! The rules of inbound routes: filters (validated on save, regular
//! expressions compiled), text expressions, and 1 to 5 actions with each
//! type's parameters.

use crate::fault::{Fault, Result};
use regex::RegexBuilder;
use serde_json::{json, Value};

pub const MAX_ACTIONS: usize = 5;
pub const MAX_URL: usize = 2048;
const FIELDS: [&str; 4] = ["recipient", "from", "sender", "header"];
const OPS: [&str; 3] = ["matches", "equals", "contains"];

fn invalid(message: impl Into<String>) -> Fault {
    Fault::invalid(message)
}

/// One condition, checked: `field`, `op`, a non-empty `value`, `name` for
/// headers, and a regular expression that compiles for `matches`.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub field: String,
    pub name: Option<String>,
    pub op: String,
    pub value: String,
}

impl Condition {
    fn check(field: &str, name: Option<&str>, op: &str, value: &str) -> Result<Condition> {
        if !FIELDS.contains(&field) {
            return Err(invalid(format!("condition field must be one of {}, not {field}", FIELDS.join(", "))));
        }
        if field == "header" && name.is_none_or(|n| n.trim().is_empty()) {
            return Err(invalid("a header condition needs the header's name"));
        }
        if !OPS.contains(&op) {
            return Err(invalid(format!("condition op must be one of {}, not {op}", OPS.join(", "))));
        }
        if value.is_empty() {
            return Err(invalid("a condition needs a value"));
        }
        if op == "matches" {
            RegexBuilder::new(value)
                .size_limit(1 << 20)
                .build()
                .map_err(|e| invalid(format!("the regular expression {value:?} does not compile: {e}")))?;
        }
        Ok(Condition { field: field.into(), name: name.map(str::to_string), op: op.into(), value: value.into() })
    }

    fn to_json(&self) -> Value {
        let mut v = json!({"field": self.field, "op": self.op, "value": self.value});
        if let Some(name) = &self.name {
            v["name"] = json!(name);
        }
        v
    }

    /// Whether a message's fields satisfy the condition.
    pub fn holds(&self, read: &dyn Fn(&str, Option<&str>) -> Option<String>) -> bool {
        let Some(actual) = read(&self.field, self.name.as_deref()) else { return false };
        match self.op.as_str() {
            "equals" => actual.eq_ignore_ascii_case(&self.value),
            "contains" => actual.to_lowercase().contains(&self.value.to_lowercase()),
            _ => RegexBuilder::new(&self.value).build().is_ok_and(|re| re.is_match(&actual)),
        }
    }
}

/// A route's conditions: all or any of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    pub any: bool,
    pub conditions: Vec<Condition>,
}

impl Rule {
    pub fn accepts(&self, read: &dyn Fn(&str, Option<&str>) -> Option<String>) -> bool {
        if self.conditions.is_empty() {
            return true;
        }
        if self.any {
            self.conditions.iter().any(|c| c.holds(read))
        } else {
            self.conditions.iter().all(|c| c.holds(read))
        }
    }
}

/// `{combinator, conditions}`.
pub fn filter(value: &Value) -> Result<Rule> {
    let combinator = value.get("combinator").and_then(Value::as_str).unwrap_or("and");
    if !matches!(combinator, "and" | "or") {
        return Err(invalid("combinator must be and or or"));
    }
    let items = value.get("conditions").and_then(Value::as_array).ok_or_else(|| invalid("filter needs conditions"))?;
    let conditions = items
        .iter()
        .map(|c| {
            let text = |k: &str| c.get(k).and_then(Value::as_str);
            Condition::check(
                text("field").unwrap_or_default(),
                text("name"),
                text("op").unwrap_or_default(),
                text("value").unwrap_or_default(),
            )
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Rule { any: combinator == "or", conditions })
}

pub fn filter_json(rule: &Rule) -> Value {
    json!({"combinator": if rule.any { "or" } else { "and" }, "conditions": rule.conditions.iter().map(Condition::to_json).collect::<Vec<_>>()})
}

/// A text expression: clauses `field op "value"` (a header as
/// `header:Name`) joined all by `and` or all by `or`.
pub fn expression(text: &str) -> Result<Rule> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Rule { any: false, conditions: vec![] });
    }
    let mut conditions = Vec::new();
    let mut joiners = Vec::new();
    let mut rest = text;
    loop {
        let (field, after) = rest
            .trim_start()
            .split_once(char::is_whitespace)
            .ok_or_else(|| invalid(format!("cannot read the expression at {rest:?}")))?;
        let (op, after) = after
            .trim_start()
            .split_once(char::is_whitespace)
            .ok_or_else(|| invalid(format!("cannot read the expression at {after:?}")))?;
        let after = after.trim_start();
        let quoted =
            after.strip_prefix('"').ok_or_else(|| invalid("expression values are written in double quotes"))?;
        let end = quoted.find('"').ok_or_else(|| invalid("an expression value is not closed"))?;
        let value = &quoted[..end];
        let (field, name) = match field.split_once(':') {
            Some(("header", name)) => ("header", Some(name)),
            _ => (field, None),
        };
        conditions.push(Condition::check(field, name, op, value)?);
        rest = quoted[end + 1..].trim_start();
        if rest.is_empty() {
            break;
        }
        let (joiner, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if !matches!(joiner, "and" | "or") {
            return Err(invalid(format!("clauses are joined with and or or, not {joiner}")));
        }
        joiners.push(joiner.to_string());
        rest = after;
    }
    if joiners.iter().any(|j| *j != joiners[0]) {
        return Err(invalid("an expression joins its clauses all with and or all with or"));
    }
    Ok(Rule { any: joiners.first().is_some_and(|j| j == "or"), conditions })
}

fn http_url(value: Option<&str>, what: &str) -> Result<String> {
    let url = value.unwrap_or_default();
    if !(url.starts_with("http://") || url.starts_with("https://")) || url.len() > MAX_URL {
        return Err(invalid(format!("{what} must start with http:// or https:// and be at most {MAX_URL} characters")));
    }
    Ok(url.to_string())
}

/// Checks 1 to 5 actions. `forward` needs a paid plan (35), a verified
/// sending domain (34), and a target outside the service's inbound domains.
pub fn actions(value: &Value, paid: bool, sending_verified: bool, inbound_domains: &[String]) -> Result<Value> {
    let items = value.as_array().ok_or_else(|| invalid("actions must be an array"))?;
    if items.is_empty() || items.len() > MAX_ACTIONS {
        return Err(invalid(format!("a route has 1 to {MAX_ACTIONS} actions, not {}", items.len())));
    }
    let mut out = Vec::new();
    for action in items {
        let text = |k: &str| action.get(k).and_then(Value::as_str);
        let checked = match text("type") {
            Some("webhook") => {
                let attachments = text("attachments").unwrap_or("off");
                if !matches!(attachments, "off" | "url" | "inline") {
                    return Err(invalid("webhook attachments must be off, url or inline"));
                }
                json!({"type": "webhook", "url": http_url(text("url"), "the webhook url")?, "attachments": attachments})
            }
            Some("store") => {
                let ttl =
                    action.get("ttl_days").and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok())).unwrap_or(7);
                if !(1..=30).contains(&ttl) {
                    return Err(invalid(format!("ttl_days is 1 to 30, not {ttl}")));
                }
                let mut stored = json!({"type": "store", "ttl_days": ttl});
                if let Some(notify) = text("notify_url") {
                    stored["notify_url"] = json!(http_url(Some(notify), "notify_url")?);
                }
                stored
            }
            Some("forward") => {
                let email = text("email").unwrap_or_default();
                if !super::validate::is_email(email) {
                    return Err(Fault::bad_email(email));
                }
                if !paid {
                    return Err(Fault::new(402, 35, "Forwarding is for paid plans only"));
                }
                if !sending_verified {
                    return Err(Fault::new(403, 34, "Forwarding needs a verified sending domain"));
                }
                let domain = email.rsplit('@').next().unwrap_or_default().to_lowercase();
                if inbound_domains.iter().any(|d| d.eq_ignore_ascii_case(&domain)) {
                    return Err(invalid("Forwarding to an inbound domain of the service is forbidden"));
                }
                json!({"type": "forward", "email": email})
            }
            Some("stop") => json!({"type": "stop"}),
            Some(other) => {
                return Err(invalid(format!("action type must be webhook, store, forward or stop, not {other}")))
            }
            None => return Err(Fault::missing("type")),
        };
        out.push(checked);
    }
    Ok(Value::Array(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_expressions_are_compiled_on_save() {
        let ok = json!({"combinator": "and", "conditions": [{"field": "recipient", "op": "matches", "value": "^orders\\+.*@"}]});
        assert!(filter(&ok).is_ok());
        let bad = json!({"conditions": [{"field": "recipient", "op": "matches", "value": "(unclosed"}]});
        assert!(filter(&bad).unwrap_err().message.contains("does not compile"));
        let header = json!({"conditions": [{"field": "header", "op": "equals", "value": "x"}]});
        assert!(filter(&header).is_err(), "a header condition needs a name");
        let empty = json!({"conditions": [{"field": "from", "op": "contains", "value": ""}]});
        assert!(filter(&empty).is_err());
    }

    #[test]
    fn expressions_read_clauses_joined_one_way() {
        let rule = expression(r#"recipient matches "^support@" and header:X-Priority equals "1""#).unwrap();
        assert_eq!((rule.any, rule.conditions.len()), (false, 2));
        assert_eq!(rule.conditions[1].name.as_deref(), Some("X-Priority"));
        assert!(expression(r#"from contains "a" and sender contains "b" or from contains "c""#).is_err());
        assert!(expression(r#"subject contains "x""#).is_err());
        assert!(expression("from contains a").is_err());
        let read = |field: &str, _: Option<&str>| (field == "recipient").then(|| "support@in.example".to_string());
        assert!(expression(r#"recipient matches "^support@""#).unwrap().accepts(&read));
    }

    #[test]
    fn actions_follow_each_types_rules() {
        let domains = vec!["in.example".to_string()];
        let check = |v: Value| actions(&v, true, true, &domains);
        assert!(check(json!([])).is_err());
        assert!(check(Value::Array(vec![json!({"type": "stop"}); 6])).is_err());
        assert!(check(json!([{"type": "webhook", "url": "ftp://x"}])).is_err());
        assert!(check(json!([{"type": "webhook", "url": format!("https://{}", "a".repeat(2048))}])).is_err());
        assert!(check(json!([{"type": "store", "ttl_days": 31}])).is_err());
        assert!(check(json!([{"type": "forward", "email": "x@in.example"}])).is_err());
        assert_eq!(
            actions(&json!([{"type": "forward", "email": "a@b.example"}]), false, true, &domains).unwrap_err().code,
            35
        );
        assert_eq!(
            actions(&json!([{"type": "forward", "email": "a@b.example"}]), true, false, &domains).unwrap_err().code,
            34
        );
        let ok = check(json!([{"type": "webhook", "url": "https://h.example"}, {"type": "store", "ttl_days": 30}, {"type": "stop"}])).unwrap();
        assert_eq!(ok[0]["attachments"], "off");
    }
}
