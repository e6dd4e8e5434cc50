//! The Campaigns area: the account's campaigns by state and folder, the
//! editor with its live pre-launch check and kept drafts, and launching.

mod attachments;
pub mod check;
mod editor;
pub(crate) use editor::check_context;
pub(crate) use segment::segment_wire;
mod lifecycle;
mod listing;
mod options;
mod segment;

pub use attachments::{attach, attachments, detach, CampaignFile};
pub use editor::{
    check as check_draft, create, keep_draft, launch, open, preview, preview_as, reach, save, send_test,
    text_from_html, CampaignDraft, CheckContext, EditorView, LaunchCheck, ListChoice, PreviewView, TagChoice,
    BUILT_IN_TAGS, TEST_ADDRESSES,
};
pub use lifecycle::{pause, resend_unopened, resume, still_to_reach, unopened, unschedule};
pub use listing::{
    all, copy, delete, move_to, CampaignFolder, CampaignRow, CampaignState, CampaignsView, FolderChoice,
};
pub use options::{Gradual, SendingOptions, Utm};
pub use segment::{Segment, SegmentCondition, SegmentField, SegmentOp};
