//! The Campaigns area: the account's campaigns by state and folder, the
//! editor with its live pre-launch check and kept drafts, and launching.

mod attachments;
pub mod check;
mod editor;
mod launch;
pub(crate) use editor::check_context;
pub(crate) use segment::segment_wire;
mod lifecycle;
mod listing;
mod options;
mod segment;

pub use attachments::{attach, attachments, detach, CampaignFile};
pub use editor::{
    check as check_draft, keep_draft, open, preview, preview_as, save, text_from_html, CampaignDraft, CheckContext,
    EditorView, LaunchCheck, ListChoice, PreviewView, TagChoice, BUILT_IN_TAGS,
};
pub use launch::{launch, reach, send_test, Reach, TEST_ADDRESSES};
pub use lifecycle::{pause, resend_unopened, resume, still_to_reach, unopened, unschedule};
pub use listing::{
    all, copy, create, delete, move_to, CampaignFolder, CampaignRow, CampaignState, CampaignsView, FolderChoice,
};
pub use options::{Gradual, SendingOptions, Utm};
pub use segment::{Segment, SegmentCondition, SegmentField, SegmentOp};
