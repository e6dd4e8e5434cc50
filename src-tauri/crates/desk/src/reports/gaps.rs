//! Why a chart drawn from the service's opens and clicks per hour
//! (`/timeline`) is empty. The public clients call that path but the
//! contract does not list it, so a service may not offer it; the charts
//! then say so instead of showing nothing.

use api::reports::HourActivity;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ChartGap {
    /// The service does not offer opens and clicks per hour.
    NotOffered,
    /// They could not be read this time.
    Unread,
}

/// The hours a timeline gave, and why there are none when it failed.
pub(super) fn hours(read: api::Result<Vec<HourActivity>>) -> (Vec<HourActivity>, Option<ChartGap>) {
    match read {
        Ok(hours) => (hours, None),
        Err(err) if crate::error::beyond_contract(&err) => (Vec::new(), Some(ChartGap::NotOffered)),
        Err(_) => (Vec::new(), Some(ChartGap::Unread)),
    }
}

/// Of the gaps of several timelines, the one to tell: a service that does
/// not offer them says more than one read that failed.
pub(super) fn either(one: Option<ChartGap>, other: Option<ChartGap>) -> Option<ChartGap> {
    match (one, other) {
        (Some(ChartGap::NotOffered), _) | (_, Some(ChartGap::NotOffered)) => Some(ChartGap::NotOffered),
        _ => one.or(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(status: u16, code: i64) -> api::Error {
        api::Error::Service(api::ServiceError {
            interface: api::Interface::V2,
            status,
            code,
            message: "No such endpoint".into(),
            details: serde_json::Value::Null,
        })
    }

    #[test]
    fn a_missing_path_is_not_offered_and_other_failures_are_unread() {
        assert_eq!(hours(Err(refused(404, 1001))).1, Some(ChartGap::NotOffered));
        assert_eq!(hours(Err(refused(405, 1001))).1, Some(ChartGap::NotOffered));
        assert_eq!(hours(Err(refused(503, 0))).1, Some(ChartGap::Unread));
        assert_eq!(hours(Ok(Vec::new())).1, None, "no opens yet is no gap");
        assert_eq!(either(Some(ChartGap::Unread), Some(ChartGap::NotOffered)), Some(ChartGap::NotOffered));
        assert_eq!(either(None, Some(ChartGap::Unread)), Some(ChartGap::Unread));
    }
}
