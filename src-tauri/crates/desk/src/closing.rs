//! Closing the window while sends wait in their undo window, or are on
//! their way, asks first. The page holds those sends and says how many
//! there are ([`Desk::hold_close`]); a close the user asks for meanwhile is
//! held back and the page is told ([`CloseWatcher`]), which asks the user
//! and, once the sends are sent or cancelled, closes ([`Desk::close_window`]).
//! With nothing pending the window closes at once, whatever the page does,
//! and a page loaded again says at once that nothing is pending.

mod commands;
use commands::COMMANDS;

/// The area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area { commands: COMMANDS, actions: &[], fields: &[] };

use crate::Desk;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// Tells the page that the user asked to close the window while sends were pending.
pub type CloseWatcher = Arc<dyn Fn() + Send + Sync>;

impl Desk {
    /// Where a held-back close is reported (the page that holds the sends).
    pub fn watch_close(&self, watcher: CloseWatcher) {
        self.part::<Closing>().watcher.set(watcher);
    }

    /// The page has `pending` sends waiting or on their way.
    pub fn hold_close(&self, pending: u32) {
        self.part::<Closing>().pending.store(pending, Ordering::SeqCst);
    }

    /// How many sends the page holds, waiting or on their way.
    pub fn sends_pending(&self) -> u32 {
        self.part::<Closing>().pending.load(Ordering::SeqCst)
    }

    /// The user asked to close the window: `true` when it may close now.
    /// Otherwise the page is told, and the window stays until it answers;
    /// with no page listening there is nobody to ask, and it closes.
    pub fn close_requested(&self) -> bool {
        if self.sends_pending() == 0 {
            return true;
        }
        match self.part::<Closing>().watcher.get() {
            Some(watcher) => {
                watcher();
                false
            }
            None => true,
        }
    }

    /// The user asked to quit the app (the app menu's Quit, Cmd+Q on
    /// macOS), which ends the pending sends as surely as closing the
    /// window: `true` when it may quit now; otherwise the page asks the
    /// same question as for a close, and its answer closes the window,
    /// which then quits.
    pub fn exit_requested(&self) -> bool {
        self.close_requested()
    }

    /// The page sent or cancelled what was pending, as the user chose: the
    /// window closes (the host closes it, asking nothing).
    pub fn close_window(&self) {
        self.hold_close(0);
        self.host().close_window();
    }
}

/// What a close waits on.
#[derive(Default)]
pub(crate) struct Closing {
    pending: AtomicU32,
    watcher: crate::slot::Slot<CloseWatcher>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::Secrets;
    use std::sync::atomic::AtomicUsize;

    fn counter() -> (Arc<AtomicUsize>, Arc<dyn Fn() + Send + Sync>) {
        let count = Arc::new(AtomicUsize::new(0));
        let counted = count.clone();
        (
            count,
            Arc::new(move || {
                counted.fetch_add(1, Ordering::SeqCst);
            }),
        )
    }

    /// A host whose window counts how often it was closed.
    #[derive(Default)]
    struct Window(AtomicUsize);

    impl crate::host::Host for Window {
        fn close_window(&self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn window() -> Arc<Window> {
        Arc::new(Window::default())
    }

    fn desk() -> (Desk, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        (Desk::new(dir.path().to_path_buf(), Secrets::default()), dir)
    }

    #[test]
    fn with_nothing_pending_the_window_closes_without_asking() {
        let (desk, _dir) = desk();
        let (asked, watcher) = counter();
        desk.watch_close(watcher);
        assert!(desk.close_requested());
        desk.hold_close(2);
        desk.hold_close(0);
        assert!(desk.close_requested());
        assert_eq!(asked.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn pending_sends_hold_the_close_back_and_ask_the_page_until_it_closes() {
        let (desk, _dir) = desk();
        let (asked, watcher) = counter();
        let closed = window();
        desk.watch_close(watcher);
        desk.set_host(closed.clone());
        desk.hold_close(1);
        assert!(!desk.close_requested());
        assert!(!desk.close_requested(), "asked again while the answer is awaited");
        assert_eq!(asked.load(Ordering::SeqCst), 2);
        desk.close_window();
        assert_eq!(closed.0.load(Ordering::SeqCst), 1);
        assert!(desk.close_requested(), "nothing pending once the page has settled");
    }

    #[test]
    fn quitting_while_sends_are_pending_asks_the_page_as_a_close_does() {
        let (desk, _dir) = desk();
        let (asked, watcher) = counter();
        let closed = window();
        desk.watch_close(watcher);
        desk.set_host(closed.clone());
        assert!(desk.exit_requested(), "nothing pending: quits at once");
        desk.hold_close(1);
        assert!(!desk.exit_requested());
        assert_eq!((asked.load(Ordering::SeqCst), closed.0.load(Ordering::SeqCst)), (1, 0));
        desk.close_window();
        assert!(desk.exit_requested(), "the window closed on the page's answer: the quit goes through");
    }

    #[test]
    fn with_no_page_to_ask_the_window_closes() {
        let (desk, _dir) = desk();
        desk.hold_close(3);
        assert!(desk.close_requested());
    }
}
