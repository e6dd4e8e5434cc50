//! Work that goes on in the background on its own (what the areas do once
//! an account opens, the overview filling in its charts): one task at a
//! time per holder, stopped when another replaces it or the holder goes.

/// Holds the one task of its kind under way.
#[derive(Default)]
pub(crate) struct Background(std::sync::Mutex<Option<tokio::task::AbortHandle>>);

impl Background {
    /// Stops the task under way, if any, and holds `task` instead.
    pub(crate) fn replace(&self, task: Option<tokio::task::JoinHandle<()>>) {
        let mut running = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(before) = std::mem::replace(&mut *running, task.map(|task| task.abort_handle())) {
            before.abort();
        }
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.replace(None);
    }
}
