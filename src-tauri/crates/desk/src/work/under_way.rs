//! What long work is under way, in one place: the sends the page holds in
//! their undo window or on their way, and the changes of many, imports and
//! exports running. A close, a quit, a restart and an update ask it first
//! (`crate::closing`, `crate::updates`): each would end that work.
//!
//! Work says it runs with a guard, forgotten when the guard drops however
//! the work ends (finished, failed, cancelled, panicked):
//! `let _running = session.long_work().begin(Kind::Import);`

use serde::Serialize;
use std::sync::{Arc, Mutex};

/// A kind of long work that ends with the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// One change made to many subscribers.
    Change,
    Import,
    Export,
}

/// What is under way, as a close's question and an update's refusal say it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UnderWay {
    /// Sends waiting in their undo window or on their way (the page holds them).
    pub sends: u32,
    /// Changes of many subscribers running.
    pub changes: u32,
    pub imports: u32,
    pub exports: u32,
}

impl UnderWay {
    /// Nothing would be lost if the app ended now.
    pub fn is_nothing(&self) -> bool {
        *self == UnderWay::default()
    }

    fn count(&mut self, kind: Kind) -> &mut u32 {
        match kind {
            Kind::Change => &mut self.changes,
            Kind::Import => &mut self.imports,
            Kind::Export => &mut self.exports,
        }
    }
}

/// The registry of long work under way, one for the app.
#[derive(Debug, Default)]
pub struct LongWork(Mutex<UnderWay>);

/// Holds a piece of work's place in [`LongWork`] until it drops.
#[must_use = "the work counts as running only while this is held"]
#[derive(Debug)]
pub struct Begun {
    work: Arc<LongWork>,
    kind: Kind,
}

impl LongWork {
    /// Work of `kind` begins; it ends when the answer drops.
    pub fn begin(self: &Arc<Self>, kind: Kind) -> Begun {
        *self.lock().count(kind) += 1;
        Begun { work: self.clone(), kind }
    }

    /// The page holds `pending` sends, waiting or on their way.
    pub fn hold_sends(&self, pending: u32) {
        self.lock().sends = pending;
    }

    /// What is under way now.
    pub fn under_way(&self) -> UnderWay {
        *self.lock()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, UnderWay> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Drop for Begun {
    fn drop(&mut self) {
        let mut under_way = self.work.lock();
        let count = under_way.count(self.kind);
        *count = count.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_counts_while_its_guard_is_held_and_sends_as_the_page_says() {
        let work = Arc::new(LongWork::default());
        assert!(work.under_way().is_nothing());
        let change = work.begin(Kind::Change);
        let (import, export) = (work.begin(Kind::Import), work.begin(Kind::Export));
        let second = work.begin(Kind::Change);
        work.hold_sends(3);
        assert_eq!(work.under_way(), UnderWay { sends: 3, changes: 2, imports: 1, exports: 1 });
        drop((change, import, export));
        work.hold_sends(0);
        assert_eq!(work.under_way(), UnderWay { changes: 1, ..UnderWay::default() });
        drop(second);
        assert!(work.under_way().is_nothing());
    }

    #[test]
    fn work_that_panics_is_forgotten_with_it() {
        let work = Arc::new(LongWork::default());
        let held = work.clone();
        let _ = std::thread::spawn(move || {
            let _running = held.begin(Kind::Import);
            panic!("the import failed");
        })
        .join();
        assert!(work.under_way().is_nothing());
    }
}
