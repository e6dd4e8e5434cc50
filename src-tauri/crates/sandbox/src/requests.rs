//! What the service answered since it started (or since the log was last
//! cleared), for tests that count the requests an action costs:
//! `GET /v2/sandbox/requests` and `DELETE /v2/sandbox/requests`. The
//! sandbox's own endpoints are left out. Only the newest records are kept,
//! so a long-running sandbox does not grow without bound.

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::Mutex;

/// The most records kept; older ones give way.
pub const MOST_KEPT: usize = 100_000;

/// One request and how it was answered.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record {
    /// `v2`, `legacy`, or `file` (an attachment's download link).
    pub interface: &'static str,
    /// The HTTP method.
    pub method: String,
    /// The v2 path (`/v2/lists/7/members`), without its query; for the
    /// legacy interface the `method` it called (`dialogs.list`).
    pub path: String,
    /// The HTTP status answered (always 200 on the legacy interface).
    pub status: u16,
    /// The service's code when it refused, `null` otherwise.
    pub code: Option<i64>,
    /// When the request came, UTC, to the millisecond.
    pub at: String,
}

#[derive(Debug, Default)]
pub struct RequestLog {
    records: Mutex<VecDeque<Record>>,
}

impl RequestLog {
    pub fn record(&self, mut record: Record, at: DateTime<Utc>) {
        record.at = at.to_rfc3339_opts(SecondsFormat::Millis, true);
        let mut records = self.records.lock().unwrap_or_else(|p| p.into_inner());
        if records.len() >= MOST_KEPT {
            records.pop_front();
        }
        records.push_back(record);
    }

    /// Every record kept, oldest first.
    pub fn list(&self) -> Vec<Record> {
        self.records.lock().unwrap_or_else(|p| p.into_inner()).iter().cloned().collect()
    }

    pub fn clear(&self) {
        self.records.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(path: &str) -> Record {
        Record { interface: "v2", method: "GET".into(), path: path.into(), status: 200, code: None, at: String::new() }
    }

    #[test]
    fn records_come_back_in_order_with_their_time_and_clear_empties_them() {
        let log = RequestLog::default();
        let at = DateTime::parse_from_rfc3339("2026-11-25T12:00:00.250Z").unwrap().with_timezone(&Utc);
        log.record(get("/v2/lists"), at);
        log.record(get("/v2/campaigns"), at);
        let records = log.list();
        assert_eq!(records.iter().map(|r| r.path.as_str()).collect::<Vec<_>>(), ["/v2/lists", "/v2/campaigns"]);
        assert_eq!(records[0].at, "2026-11-25T12:00:00.250Z");
        log.clear();
        assert!(log.list().is_empty());
    }

    #[test]
    fn only_the_newest_are_kept() {
        let log = RequestLog::default();
        for n in 0..MOST_KEPT + 5 {
            log.record(get(&format!("/v2/lists/{n}")), Utc::now());
        }
        let records = log.list();
        assert_eq!(records.len(), MOST_KEPT);
        assert_eq!(records[0].path, "/v2/lists/5");
    }
}
