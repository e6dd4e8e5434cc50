//! The Campaigns area: the account's campaigns by state and folder, the
//! editor with its live pre-launch check and kept drafts, and launching.

mod commands;

pub use commands::AREA;

mod attachments;
mod best_hour;
mod editor;
mod launch;
mod lifecycle;
mod listing;
mod options;
mod preview;

pub use attachments::{attach, attachments, detach, CampaignFile};
pub use best_hour::{suggest as suggest_hour, BestHour};
pub use editor::{check as check_draft, keep_draft, open, save, CampaignDraft, EditorView};
pub use launch::{launch, reach, send_test, Reach, TEST_ADDRESSES};
pub use lifecycle::{pause, resend_unopened, resume, still_to_reach, unopened, unschedule};
pub use listing::{
    all, copy, create, delete, move_to, CampaignFolder, CampaignRow, CampaignState, CampaignsView, FolderChoice,
};
pub use options::{Gradual, SendingOptions, Utm};
pub use preview::preview_as;

crate::codes! {
    /// What the user was doing in the campaigns, when something failed.
    pub enum Action: Action { LoadCampaigns, CopyCampaign, MoveCampaign, DeleteCampaign, LoadCampaign, CreateCampaign, SaveCampaign, LaunchCampaign, SendTest, PauseCampaign, ResumeCampaign, UnscheduleCampaign, ResendCampaign, LoadAttachments, Attach, Detach, LoadSampleSubscribers }
    /// A field of the campaigns' forms, named when its value is refused.
    pub enum Field: FormField { CampaignName, LaunchTime, TestAddresses, AttachmentAddress }
}
