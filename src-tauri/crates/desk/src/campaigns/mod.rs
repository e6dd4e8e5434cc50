//! The Campaigns area: the pre-launch check (more of the area lands here:
//! the editor's drafts, launching).

pub mod check;
