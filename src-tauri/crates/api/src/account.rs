//! The account: `/account`.

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Balance and limits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Balance {
    /// Most subscribers the account may store; 0 means unlimited.
    #[serde(default, deserialize_with = "loose::int")]
    pub limit_members: i64,
    /// Messages the account may still send.
    #[serde(default, deserialize_with = "loose::int")]
    pub limit_emails: i64,
    /// Unique subscribers stored now.
    #[serde(default, deserialize_with = "loose::int")]
    pub members: i64,
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub extra: Map<String, Value>,
}

/// Legacy: `account.get_balance`.
pub async fn balance(client: &Client) -> Result<Balance> {
    client.get(&["account", "balance"], &[]).await?.decode()
}
