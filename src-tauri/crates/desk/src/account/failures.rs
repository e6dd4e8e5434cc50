//! What can go wrong in the account that nowhere else can, as codes; the
//! page's account area says them in its words.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum AccountFailure {
    /// The confirmation code is not the one the service mailed (code 52).
    CodeWrong,
    /// The domain is no domain name (code 54).
    DomainInvalid,
    /// The domain is a public mailbox provider's (code 55).
    DomainPublic,
    /// The domain is already added, to this account or another (code 56).
    DomainTaken,
    /// A webhook's URL does not start with `http://` or `https://` and a host.
    WebhookUrlNotWeb,
}

impl crate::error::AreaFailure for AccountFailure {
    const AREA: &'static str = "account";
}
