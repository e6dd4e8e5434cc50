//! What the app has learnt of its automations' moderation. The service's
//! records do not say; its answers do: a new or changed letter goes to
//! moderation, a hand trigger refused with code 37 has not passed it yet,
//! one that went has. Kept for the session.

use serde::Serialize;
use std::collections::HashMap;
use std::sync::Mutex;

/// An automation's moderation as last learnt.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
pub(crate) struct Moderations(Mutex<HashMap<i64, Moderation>>);

impl Moderations {
    pub(crate) fn waiting(&self, id: i64) {
        let as_of = chrono::Local::now().format("%Y-%m-%dT%H:%M:%S").to_string();
        self.learn(id, Moderation::Waiting { as_of });
    }

    pub(crate) fn passed(&self, id: i64) {
        self.learn(id, Moderation::Passed);
    }

    fn learn(&self, id: i64, moderation: Moderation) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(id, moderation);
    }

    pub(crate) fn of(&self, id: i64) -> Option<Moderation> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(&id).cloned()
    }
}
