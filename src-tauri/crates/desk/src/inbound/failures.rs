//! What can go wrong in inbound processing that nowhere else can, as
//! codes; the page's inbound area says them in its words. Conditions and
//! actions are counted from 1, as the form shows them.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum InboundFailure {
    /// This sub-account may only read inbound processing (code 2 on a change).
    ReadOnly,
    /// The domain is no domain name (code 54).
    DomainInvalid,
    /// The domain already receives mail here (code 56).
    DomainTaken,
    /// The service's own subdomain stays as long as the account does.
    ServiceDomainStays,
    /// A condition on a header names no header.
    HeaderNameMissing { condition: u32 },
    /// A condition compares with nothing.
    ValueMissing { condition: u32 },
    /// A condition's regular expression does not compile.
    PatternInvalid { condition: u32 },
    /// The expression is empty.
    ExpressionMissing,
    /// A route has 1 to 5 actions.
    ActionsCount { count: u32 },
    /// An action's address does not start with `http://` or `https://` and a host, or is too long.
    UrlNotWeb { action: u32 },
    /// A stored message is kept 1 to 30 days.
    KeepDaysOutOfRange { action: u32 },
    /// Forwarding is for paid plans (code 35).
    ForwardNeedsPaidPlan,
    /// Forwarding needs a verified sending domain (code 34).
    ForwardNeedsSendingDomain,
}

impl crate::error::AreaFailure for InboundFailure {
    const AREA: &'static str = "inbound";
}
