//! The Campaigns area: the account's campaigns by state and folder, the
//! editor with its live pre-launch check and kept drafts, and launching.

pub mod check;
mod drafts;
mod editor;
mod listing;

pub use drafts::keep as keep_draft;
pub use editor::{
    check as check_draft, create, launch, open, preview, reach, save, CampaignDraft, CheckContext, EditorView,
    LaunchCheck, ListChoice, PreviewView,
};
pub use listing::{
    all, copy, delete, move_to, CampaignFolder, CampaignRow, CampaignState, CampaignsView, FolderChoice,
};
