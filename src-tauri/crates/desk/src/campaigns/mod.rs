//! The Campaigns area: the account's campaigns by state and folder, the
//! editor with its live pre-launch check and kept drafts, and launching.

mod commands;
pub use commands::COMMANDS;

mod attachments;
mod editor;
mod launch;
mod lifecycle;
mod listing;
mod options;
mod preview;

pub use attachments::{attach, attachments, detach, CampaignFile};
pub use editor::{check as check_draft, keep_draft, open, save, CampaignDraft, EditorView};
pub use launch::{launch, reach, send_test, Reach, TEST_ADDRESSES};
pub use lifecycle::{pause, resend_unopened, resume, still_to_reach, unopened, unschedule};
pub use listing::{
    all, copy, create, delete, move_to, CampaignFolder, CampaignRow, CampaignState, CampaignsView, FolderChoice,
};
pub use options::{Gradual, SendingOptions, Utm};
pub use preview::preview_as;
