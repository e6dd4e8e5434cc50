//! What the app has learnt of its automations' moderation. The service's
//! records do not say; its answers do: a new or changed letter goes to
//! moderation, a hand trigger refused with code 37 has not passed it yet,
//! one that went has. Kept in a file per account, so a restart forgets
//! nothing (a session without one keeps it in memory).

use crate::session::{AccountDir, AreaState};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// An automation's moderation as last learnt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Moderation {
    /// Not passed as of `as_of` (the user's local time): sent to moderation
    /// then, or a hand trigger was refused then.
    Waiting { as_of: String },
    /// A hand trigger went out: it has passed.
    Passed,
}

/// Service code of a hand trigger before moderation passed.
pub(crate) const NOT_MODERATED: i64 = 37;

#[derive(Debug, Default)]
pub(crate) struct Moderations {
    learnt: Mutex<HashMap<i64, Moderation>>,
    file: Option<PathBuf>,
}

/// The account's file of what was learnt.
fn file_of(dir: &AccountDir) -> PathBuf {
    dir.file("moderation", "json")
}

impl AreaState for Moderations {
    fn open(dir: Option<&AccountDir>) -> Self {
        Moderations::kept_in(dir.map(file_of))
    }
}

/// Forgets what was learnt of a removed account's automations.
pub(crate) fn forget_learnt(dir: &AccountDir) {
    let _ = std::fs::remove_file(file_of(dir));
}

impl Moderations {
    /// What was learnt before, read from `file`, which keeps what is learnt from now on.
    pub(crate) fn kept_in(file: Option<PathBuf>) -> Self {
        let learnt = file
            .as_ref()
            .and_then(|f| std::fs::read(f).ok())
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        Moderations { learnt: Mutex::new(learnt), file }
    }

    pub(crate) fn waiting(&self, id: i64) {
        let as_of = chrono::Local::now().format("%Y-%m-%dT%H:%M:%S").to_string();
        self.learn(id, Moderation::Waiting { as_of });
    }

    pub(crate) fn passed(&self, id: i64) {
        self.learn(id, Moderation::Passed);
    }

    fn learn(&self, id: i64, moderation: Moderation) {
        let mut learnt = self.learnt.lock().unwrap_or_else(|e| e.into_inner());
        learnt.insert(id, moderation);
        // A hint, not the user's work: a file that cannot be written costs only a restart's memory of it.
        if let (Some(file), Ok(bytes)) = (&self.file, serde_json::to_vec(&*learnt)) {
            let written = file.parent().map(crate::private::create_dir_all).transpose();
            if written.is_ok() {
                let _ = crate::files::write_whole(file, &bytes);
            }
        }
    }

    pub(crate) fn of(&self, id: i64) -> Option<Moderation> {
        self.learnt.lock().unwrap_or_else(|e| e.into_inner()).get(&id).cloned()
    }
}
