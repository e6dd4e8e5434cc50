//! A route as the page writes and shows it: what it accepts (everything,
//! conditions, or an expression) and its one to five actions, checked here
//! before the service sees them, and turned to and from the service's
//! records.

use super::{Field, InboundFailure};
use crate::error::{DeskError, Result};
use api::router::{Combinator, Condition, Filter, Route, RouteAction, RouteSpec};
use serde::{Deserialize, Serialize};

/// The most actions a route has.
pub const MAX_ACTIONS: usize = 5;
/// The longest URL the service takes.
const MAX_URL: usize = 2048;

/// Which part of a message a condition reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ConditionField {
    Recipient,
    From,
    /// The envelope sender.
    Sender,
    /// A header, by the condition's `header` name.
    Header,
}

/// How a condition compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ConditionOp {
    /// A regular expression finds a match.
    Matches,
    Equals,
    Contains,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ConditionForm {
    pub field: ConditionField,
    /// The header's name, for [`ConditionField::Header`]; empty otherwise.
    pub header: String,
    pub op: ConditionOp,
    pub value: String,
}

/// What a route accepts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum RuleForm {
    /// Every message.
    Everything,
    /// All of the conditions, or (`any`) at least one.
    Conditions { any: bool, conditions: Vec<ConditionForm> },
    /// The service's text form: `from matches "…" and header:X-Tag equals "…"`.
    Expression { text: String },
}

/// What a webhook action sends of a message's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum AttachmentMode {
    Off,
    /// Links to the files.
    Url,
    /// The files themselves, in base64.
    Inline,
}

/// One thing a route does with a message it accepts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ActionForm {
    /// Posts the parsed message to `url`.
    Webhook { url: String, attachments: AttachmentMode },
    /// Keeps the message `ttl_days` days; `notify_url` (may be empty) hears of each.
    Store { ttl_days: u8, notify_url: String },
    /// Sends the message on to `email` (paid plans, a verified sending domain).
    Forward { email: String },
    /// Ends processing: later routes do not see the message.
    Stop,
}

/// A route to save.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RouteForm {
    pub description: String,
    pub active: bool,
    pub rule: RuleForm,
    pub actions: Vec<ActionForm>,
}

/// A route as the list shows it. Its signing key is not here: it is
/// shown once, when it is issued anew.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RouteView {
    pub id: i64,
    pub priority: i64,
    pub description: String,
    pub active: bool,
    pub rule: RuleForm,
    pub actions: Vec<ActionForm>,
}

impl From<Route> for RouteView {
    fn from(route: Route) -> Self {
        let rule = match (route.filter, route.expression.0.filter(|e| !e.trim().is_empty())) {
            (Some(filter), _) if !filter.conditions.is_empty() => RuleForm::Conditions {
                any: filter.combinator == Combinator::Or,
                conditions: filter.conditions.into_iter().map(condition_form).collect(),
            },
            (_, Some(text)) => RuleForm::Expression { text },
            _ => RuleForm::Everything,
        };
        RouteView {
            id: *route.id,
            priority: *route.priority,
            description: printable::printable(&route.description),
            active: *route.is_active,
            rule,
            actions: route.actions.into_iter().map(action_form).collect(),
        }
    }
}

fn condition_form(c: Condition) -> ConditionForm {
    let field = match c.field.as_str() {
        "from" => ConditionField::From,
        "sender" => ConditionField::Sender,
        "header" => ConditionField::Header,
        _ => ConditionField::Recipient,
    };
    let op = match c.op.as_str() {
        "equals" => ConditionOp::Equals,
        "contains" => ConditionOp::Contains,
        _ => ConditionOp::Matches,
    };
    ConditionForm { field, header: c.name.unwrap_or_default(), op, value: c.value }
}

fn action_form(a: RouteAction) -> ActionForm {
    match a {
        RouteAction::Webhook { url, attachments } => ActionForm::Webhook {
            url,
            attachments: match attachments.as_str() {
                "url" => AttachmentMode::Url,
                "inline" => AttachmentMode::Inline,
                _ => AttachmentMode::Off,
            },
        },
        RouteAction::Store { ttl_days, notify_url } => {
            ActionForm::Store { ttl_days, notify_url: notify_url.unwrap_or_default() }
        }
        RouteAction::Forward { email } => ActionForm::Forward { email },
        RouteAction::Stop => ActionForm::Stop,
    }
}

/// Whether `pattern` is a regular expression the service compiles; the
/// page asks as the user types.
pub fn pattern_compiles(pattern: &str) -> bool {
    regex::RegexBuilder::new(pattern).size_limit(1 << 20).build().is_ok()
}

fn refused(failure: InboundFailure) -> DeskError {
    DeskError::in_area(failure)
}

fn condition(index: usize, c: &ConditionForm) -> Result<Condition> {
    let position = index as u32 + 1;
    let name = c.header.trim();
    if c.field == ConditionField::Header && name.is_empty() {
        return Err(refused(InboundFailure::HeaderNameMissing { condition: position }));
    }
    if c.value.is_empty() {
        return Err(refused(InboundFailure::ValueMissing { condition: position }));
    }
    if c.op == ConditionOp::Matches && !pattern_compiles(&c.value) {
        return Err(refused(InboundFailure::PatternInvalid { condition: position }));
    }
    let field = match c.field {
        ConditionField::Recipient => "recipient",
        ConditionField::From => "from",
        ConditionField::Sender => "sender",
        ConditionField::Header => "header",
    };
    let op = match c.op {
        ConditionOp::Matches => "matches",
        ConditionOp::Equals => "equals",
        ConditionOp::Contains => "contains",
    };
    Ok(Condition {
        field: field.into(),
        name: (c.field == ConditionField::Header).then(|| name.to_string()),
        op: op.into(),
        value: c.value.clone(),
    })
}

fn web_url(url: &str, action: u32) -> Result<String> {
    let url = url.trim();
    let web = ["http://", "https://"].iter().any(|s| url.strip_prefix(s).is_some_and(|host| !host.is_empty()));
    if !web || url.len() > MAX_URL {
        return Err(refused(InboundFailure::UrlNotWeb { action }));
    }
    Ok(url.to_string())
}

fn action(index: usize, a: &ActionForm) -> Result<RouteAction> {
    let position = index as u32 + 1;
    Ok(match a {
        ActionForm::Webhook { url, attachments } => RouteAction::Webhook {
            url: web_url(url, position)?,
            attachments: match attachments {
                AttachmentMode::Off => "off",
                AttachmentMode::Url => "url",
                AttachmentMode::Inline => "inline",
            }
            .into(),
        },
        ActionForm::Store { ttl_days, notify_url } => {
            if !(1..=30).contains(ttl_days) {
                return Err(refused(InboundFailure::KeepDaysOutOfRange { action: position }));
            }
            let notify = notify_url.trim();
            let notify_url = if notify.is_empty() { None } else { Some(web_url(notify, position)?) };
            RouteAction::Store { ttl_days: *ttl_days, notify_url }
        }
        ActionForm::Forward { email } => {
            let email = email.trim();
            if email.is_empty() {
                return Err(DeskError::Required { field: Field::ForwardAddress.into() });
            }
            if matches!(crate::address::Judge::default().judge(email), crate::address::Verdict::Invalid) {
                return Err(DeskError::NotAnAddress { field: Field::ForwardAddress.into() });
            }
            RouteAction::Forward { email: email.to_string() }
        }
        ActionForm::Stop => RouteAction::Stop,
    })
}

/// The form as the service's route, checked: what the service would
/// refuse is refused here first, by the condition or action it is in.
pub fn route_spec(form: &RouteForm) -> Result<RouteSpec> {
    if form.actions.is_empty() || form.actions.len() > MAX_ACTIONS {
        return Err(refused(InboundFailure::ActionsCount { count: form.actions.len() as u32 }));
    }
    let actions = form.actions.iter().enumerate().map(|(i, a)| action(i, a)).collect::<Result<Vec<_>>>()?;
    // "Everything" is an empty filter, not a missing one: a change that
    // sends neither keeps the conditions the route had.
    let (filter, expression) = match &form.rule {
        RuleForm::Everything => (Some(Filter { combinator: Combinator::And, conditions: vec![] }), None),
        RuleForm::Conditions { any, conditions } => {
            let combinator = if *any { Combinator::Or } else { Combinator::And };
            let conditions = conditions.iter().enumerate().map(|(i, c)| condition(i, c)).collect::<Result<_>>()?;
            (Some(Filter { combinator, conditions }), None)
        }
        RuleForm::Expression { text } if text.trim().is_empty() => {
            return Err(refused(InboundFailure::ExpressionMissing));
        }
        RuleForm::Expression { text } => (None, Some(text.trim().to_string())),
    };
    Ok(RouteSpec {
        description: Some(form.description.trim().to_string()),
        filter,
        expression,
        actions: Some(actions),
        priority: None,
        is_active: Some(form.active),
    })
}

/// Whether the route the service shows now is the one `form` saves.
pub fn saved_as(route: &RouteView, form: &RouteForm) -> bool {
    let Ok(spec) = route_spec(form) else { return false };
    let wanted = RouteView::from(Route {
        id: api::loose::Id(route.id),
        priority: api::loose::Int(route.priority),
        description: spec.description.unwrap_or_default().as_str().into(),
        filter: spec.filter,
        expression: api::loose::MaybeText(spec.expression),
        actions: spec.actions.unwrap_or_default(),
        signing_key: Default::default(),
        is_active: api::loose::Flag(form.active),
    });
    *route == wanted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(rule: RuleForm, actions: Vec<ActionForm>) -> RouteForm {
        RouteForm { description: " Заказы ".into(), active: true, rule, actions }
    }

    fn matches(value: &str) -> RuleForm {
        RuleForm::Conditions {
            any: false,
            conditions: vec![ConditionForm {
                field: ConditionField::From,
                header: String::new(),
                op: ConditionOp::Matches,
                value: value.into(),
            }],
        }
    }

    fn failure(err: DeskError) -> serde_json::Value {
        match err {
            DeskError::InArea { failure, .. } => failure,
            other => panic!("an inbound failure, not {other:?}"),
        }
    }

    #[test]
    fn a_pattern_that_does_not_compile_is_refused_by_its_condition() {
        assert!(pattern_compiles(r"@shop\.ru$") && !pattern_compiles("(unclosed"));
        let err = route_spec(&form(matches("(unclosed"), vec![ActionForm::Stop])).unwrap_err();
        assert_eq!(failure(err), serde_json::json!({"code": "patternInvalid", "condition": 1}));
    }

    #[test]
    fn a_route_has_one_to_five_actions_each_by_its_rules() {
        let none = route_spec(&form(RuleForm::Everything, vec![])).unwrap_err();
        assert_eq!(failure(none)["code"], "actionsCount");
        let six = route_spec(&form(RuleForm::Everything, vec![ActionForm::Stop; 6])).unwrap_err();
        assert_eq!(failure(six), serde_json::json!({"code": "actionsCount", "count": 6}));
        let ftp = ActionForm::Webhook { url: "ftp://x".into(), attachments: AttachmentMode::Off };
        let err = route_spec(&form(RuleForm::Everything, vec![ActionForm::Stop, ftp])).unwrap_err();
        assert_eq!(failure(err), serde_json::json!({"code": "urlNotWeb", "action": 2}));
        let long = ActionForm::Store { ttl_days: 31, notify_url: String::new() };
        assert_eq!(
            failure(route_spec(&form(RuleForm::Everything, vec![long])).unwrap_err())["code"],
            "keepDaysOutOfRange"
        );
    }

    #[test]
    fn everything_is_an_empty_filter_and_a_saved_route_reads_back_as_written() {
        let written = form(
            matches(r"@shop\.ru$"),
            vec![
                ActionForm::Store { ttl_days: 7, notify_url: String::new() },
                ActionForm::Webhook { url: " https://hooks.shop.ru/in ".into(), attachments: AttachmentMode::Url },
            ],
        );
        let spec = route_spec(&written).unwrap();
        assert_eq!(spec.description.as_deref(), Some("Заказы"));
        let route = Route {
            id: api::loose::Id(3),
            priority: api::loose::Int(10),
            description: "Заказы".into(),
            filter: spec.filter.clone(),
            expression: Default::default(),
            actions: spec.actions.clone().unwrap(),
            signing_key: "k".into(),
            is_active: api::loose::Flag(true),
        };
        assert!(saved_as(&RouteView::from(route), &written));
        let everything = route_spec(&form(RuleForm::Everything, vec![ActionForm::Stop])).unwrap();
        assert_eq!(everything.filter.map(|f| f.conditions.len()), Some(0));
    }
}
