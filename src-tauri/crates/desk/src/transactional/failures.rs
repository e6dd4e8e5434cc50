//! What can go wrong in transactional mail that nowhere else can, as codes;
//! the page's transactional area says them in its words.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum MessageFailure {
    /// The message's files together are larger than the service takes.
    AttachmentsTooLarge { max_mb: u32 },
    /// A picked file could not be read when the message was to go (moved,
    /// removed, or no longer readable).
    AttachmentUnreadable { name: String },
}

impl crate::error::AreaFailure for MessageFailure {
    const AREA: &'static str = "transactional";
}
