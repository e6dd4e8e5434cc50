//! A hook the app sets once as it starts (the host, where links go):
//! empty until then, shared after.

use std::sync::RwLock;

pub struct Slot<T: Clone>(RwLock<Option<T>>);

impl<T: Clone> Default for Slot<T> {
    fn default() -> Self {
        Slot(RwLock::new(None))
    }
}

impl<T: Clone> Slot<T> {
    pub fn set(&self, value: T) {
        if let Ok(mut slot) = self.0.write() {
            *slot = Some(value);
        }
    }

    /// What was set; `None` before.
    pub fn get(&self) -> Option<T> {
        self.0.read().ok()?.clone()
    }
}
