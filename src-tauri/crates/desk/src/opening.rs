//! What the areas do around an account's session that the desk starts
//! without knowing them: work once it opens, forgetting once it is removed.
//! Beside the registry, above the desk: it names areas, and makes the desk
//! with them, so the desk names none.

use crate::secrets::Secrets;
use crate::session::{AccountDir, AroundSessions, Session};
use crate::Desk;
use std::path::PathBuf;

impl Desk {
    /// The desk over the app's data in `data_dir`, keys in `secrets`.
    pub fn new(data_dir: PathBuf, secrets: Secrets) -> Self {
        let around = AroundSessions { opened: |session| Box::pin(opened(session)), forget: forget_learnt };
        Desk::assemble(data_dir, secrets, around)
    }
}

/// What the areas do once an account opens, in the background until
/// another account replaces it: reports count its last campaigns ahead.
pub(crate) async fn opened(session: Session) {
    crate::reports::count_ahead(session).await;
}

/// Removes what the areas learnt and counted of an account that is gone
/// (subscribers' ids among it). Drafts and reply marks stay: they are the
/// user's work.
pub(crate) fn forget_learnt(dir: &AccountDir) {
    crate::automations::forget_learnt(dir);
    crate::reports::forget_learnt(dir);
}
