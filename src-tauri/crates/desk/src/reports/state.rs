//! What the reports keep in the open account's session: its campaigns'
//! counts and figures (on disk in the account's `counted` folder, so a
//! restart reads only what came since), and how late an event may reach
//! the service's statistics.

use super::counting::Counted;
use super::kept::Kept;
use super::REPORT_LAG;
use crate::session::{AccountDir, AreaState, Session};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The account's folder of counts and figures.
fn folder(dir: &AccountDir) -> PathBuf {
    dir.dir("counted")
}

impl AreaState for Kept<Counted> {
    fn open(dir: Option<&AccountDir>) -> Self {
        Kept::kept_in(dir.map(folder))
    }
}

/// How late an event may reach the service's statistics.
struct Lag(Duration);

impl AreaState for Lag {
    fn open(_: Option<&AccountDir>) -> Self {
        Lag(REPORT_LAG)
    }
}

/// Forgets what was counted of a removed account's campaigns (subscribers'
/// ids among it).
pub(crate) fn forget_learnt(dir: &AccountDir) {
    let _ = std::fs::remove_dir_all(folder(dir));
}

impl Session {
    /// What the reports keep of the account's campaigns, shared by every
    /// copy of the session.
    pub(in crate::reports) fn reports(&self) -> Arc<Kept<Counted>> {
        self.state()
    }

    pub(in crate::reports) fn report_lag(&self) -> Duration {
        self.state::<Lag>().0
    }

    /// The same, for a service whose events reach its statistics at most
    /// `lag` after they happen (a sandbox at a fast clock, in tests).
    pub fn with_report_lag(self, lag: Duration) -> Self {
        self.with(Lag(lag))
    }

    /// The same, keeping campaigns' counted events in files in `dir` for a
    /// later session, as an account's session does in its data directory.
    pub fn keeping_counts_in(self, dir: PathBuf) -> Self {
        self.with(Kept::<Counted>::kept_in(Some(dir)))
    }
}
