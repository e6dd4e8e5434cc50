//! The service's answers: the envelope of either interface (REST v2 and
//! the legacy one), a refusal in either shape, the `Retry-After` header,
//! and the data decoded into the client's records.

use api::answer::{decode_legacy, decode_v2, StatusCode};
use api::{account, automations, campaigns, dialogs, lists, members, reports, segments, transactional, workflows};
use serde_json::Value;

/// Statuses an answer may have; the first byte picks one.
const STATUSES: [u16; 14] = [200, 201, 204, 301, 400, 401, 403, 404, 409, 422, 429, 500, 502, 503];

/// The answer's second byte: which interface answered.
const LEGACY: u8 = 1;
/// The answer's second byte: a `Retry-After` header comes first, up to the
/// first line end.
const WITH_RETRY_AFTER: u8 = 2;

/// `[status][flags][Retry-After "\n"]body`: an answer decoded as the
/// client decodes it, and its data as each kind of record.
pub fn answer(data: &[u8]) {
    let [status, flags, rest @ ..] = data else { return };
    let Ok(status) = StatusCode::from_u16(STATUSES[usize::from(*status) % STATUSES.len()]) else { return };
    let (retry_after, body) = match rest.iter().position(|b| *b == b'\n') {
        Some(end) if flags & WITH_RETRY_AFTER != 0 => (Some(String::from_utf8_lossy(&rest[..end])), &rest[end + 1..]),
        _ => (None, rest),
    };
    let decoded = if flags & LEGACY != 0 {
        decode_legacy(status, retry_after.as_deref(), body)
    } else {
        decode_v2(status, retry_after.as_deref(), body).map(|reply| {
            let _ = (reply.id("id"), reply.count("count"), reply.text_id("id"));
            reply.data
        })
    };
    match decoded {
        Ok(data) => as_records(&data),
        Err(api::Error::Service(refusal)) => {
            let wait = refusal.retry_after();
            assert!(wait.is_none_or(|s| s <= api::error::LONGEST_RETRY_AFTER), "{refusal:?}");
            let _ = (refusal.is_throttled(), refusal.throttled_for());
        }
        Err(_) => {}
    }
}

fn as_records(data: &Value) {
    fn as_one_and_many<T: serde::de::DeserializeOwned>(data: &Value) -> Option<T> {
        let _ = serde_json::from_value::<Vec<T>>(data.clone());
        serde_json::from_value::<T>(data.clone()).ok()
    }
    if let Some(list) = as_one_and_many::<lists::List>(data) {
        list.fields();
    }
    as_one_and_many::<account::Balance>(data);
    as_one_and_many::<automations::Automation>(data);
    as_one_and_many::<campaigns::Campaign>(data);
    as_one_and_many::<dialogs::Dialog>(data);
    as_one_and_many::<dialogs::DialogMessage>(data);
    as_one_and_many::<members::Member>(data);
    as_one_and_many::<members::Activity>(data);
    as_one_and_many::<reports::Summary>(data);
    as_one_and_many::<reports::ReportRow>(data);
    as_one_and_many::<reports::Event>(data);
    as_one_and_many::<segments::SegmentCount>(data);
    as_one_and_many::<transactional::Delivery>(data);
    as_one_and_many::<workflows::Workflow>(data);
}
