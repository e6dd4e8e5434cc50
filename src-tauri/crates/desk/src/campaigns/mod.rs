//! The Campaigns area: the account's campaigns by state and folder, and the
//! pre-launch check (the editor's drafts and launching land here next).

pub mod check;
mod listing;

pub use listing::{
    all, copy, delete, move_to, CampaignFolder, CampaignRow, CampaignState, CampaignsView, FolderChoice,
};
