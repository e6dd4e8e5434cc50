//! Long work (imports, exports, big report pulls): progress reported as it
//! goes, and cancellation by the task's id. The UI makes the id, passes it
//! with the command and a channel for [`Progress`], and calls
//! `cancel_work(id)` to stop it; the work checks its [`Cancel`] between
//! steps and ends with [`DeskError::Cancelled`]. What runs is also known
//! to [`LongWork`], which a close, a quit and an update ask.

mod commands;
pub(crate) mod under_way;
pub use under_way::{Begun, Kind, LongWork, UnderWay};

pub use commands::AREA;

use crate::command::Cx;
use crate::error::{DeskError, Result};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// How far a task is: `done` out of `total` (unknown until it is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub done: u64,
    pub total: Option<u64>,
}

/// A task's stop flag, checked by the work between steps.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn check(&self) -> Result<()> {
        if self.0.load(Ordering::Relaxed) {
            Err(DeskError::Cancelled)
        } else {
            Ok(())
        }
    }
}

/// The tasks under way, by the id the UI gave them.
#[derive(Debug, Default)]
pub struct Tasks(Mutex<HashMap<String, Cancel>>);

/// Holds a task's place in [`Tasks`] until the work ends.
pub struct Running<'a> {
    tasks: &'a Tasks,
    id: String,
    pub cancel: Cancel,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.tasks.0.lock().unwrap_or_else(|p| p.into_inner()).remove(&self.id);
    }
}

// The desk hands long work to each session it opens (`desk.rs`): these
// two stay its own.
impl crate::Desk {
    /// Long work under way, to cancel by id.
    pub fn tasks(&self) -> Arc<Tasks> {
        self.part::<Tasks>()
    }

    /// What long work is under way: the one registry a close, a quit, a
    /// restart and an update ask.
    pub fn long_work(&self) -> Arc<LongWork> {
        self.part::<LongWork>()
    }
}

/// Asks the task with this id to stop.
pub async fn cancel_work(cx: &Cx<'_>, task_id: &str) -> Result<()> {
    cx.part::<Tasks>().cancel(task_id);
    Ok(())
}

impl Tasks {
    /// Registers a task; it is forgotten when the returned guard drops.
    pub fn start(&self, id: &str) -> Running<'_> {
        let cancel = Cancel::default();
        self.0.lock().unwrap_or_else(|p| p.into_inner()).insert(id.to_string(), cancel.clone());
        Running { tasks: self, id: id.to_string(), cancel }
    }

    /// Asks every task under way to stop (the window closes on them).
    pub fn cancel_all(&self) {
        for cancel in self.0.lock().unwrap_or_else(|p| p.into_inner()).values() {
            cancel.0.store(true, Ordering::Relaxed);
        }
    }

    /// Asks a task to stop; a task that already ended is no error.
    pub fn cancel(&self, id: &str) {
        if let Some(cancel) = self.0.lock().unwrap_or_else(|p| p.into_inner()).get(id) {
            cancel.0.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_task_stops_at_its_next_step_and_is_forgotten_when_it_ends() {
        let tasks = Tasks::default();
        let running = tasks.start("export-1");
        assert!(running.cancel.check().is_ok());
        tasks.cancel("export-1");
        assert_eq!(running.cancel.check(), Err(DeskError::Cancelled));
        drop(running);
        tasks.cancel("export-1");
        assert!(tasks.0.lock().unwrap().is_empty());
    }

    #[test]
    fn cancelling_one_task_leaves_the_others() {
        let tasks = Tasks::default();
        let (a, b) = (tasks.start("a"), tasks.start("b"));
        tasks.cancel("a");
        assert!(a.cancel.check().is_err());
        assert!(b.cancel.check().is_ok());
    }
}
