//! Closing the window while work would end with it asks first: sends
//! waiting in their undo window or on their way, a change of many, an
//! import or an export running ([`crate::work::LongWork`], the one place
//! that knows). The page holds the sends and says how many there are
//! ([`Desk::hold_close`]); a close the user asks for meanwhile is held back
//! and the page is told what is under way ([`CloseWatcher`]), which asks the
//! user and, once they settle it, closes ([`Desk::close_window`]). With
//! nothing under way the window closes at once, whatever the page does, and
//! a page loaded again says at once that no send is pending.

mod commands;

pub use commands::AREA;

use crate::work::UnderWay;
use crate::Desk;
use std::sync::Arc;

/// Tells the page that the user asked to close the window while work was under way, and what.
pub type CloseWatcher = Arc<dyn Fn(UnderWay) + Send + Sync>;

impl Desk {
    /// Where a held-back close is reported (the page that holds the sends).
    pub fn watch_close(&self, watcher: CloseWatcher) {
        self.part::<Closing>().watcher.set(watcher);
    }

    /// The page has `pending` sends waiting or on their way.
    pub fn hold_close(&self, pending: u32) {
        self.long_work().hold_sends(pending);
    }

    /// How many sends the page holds, waiting or on their way.
    pub fn sends_pending(&self) -> u32 {
        self.long_work().under_way().sends
    }

    /// The user asked to close the window: `true` when it may close now.
    /// Otherwise the page is told what is under way, and the window stays
    /// until it answers; with no page listening there is nobody to ask, and
    /// it closes.
    pub fn close_requested(&self) -> bool {
        let under_way = self.long_work().under_way();
        if under_way.is_nothing() {
            return true;
        }
        match self.part::<Closing>().watcher.get() {
            Some(watcher) => {
                watcher(under_way);
                false
            }
            None => true,
        }
    }

    /// The user asked to quit the app (the app menu's Quit, Cmd+Q on
    /// macOS), which ends the work under way as surely as closing the
    /// window: `true` when it may quit now; otherwise the page asks the
    /// same question as for a close, and its answer closes the window,
    /// which then quits.
    pub fn exit_requested(&self) -> bool {
        self.close_requested()
    }

    /// The page settled what was pending as the user chose (sent or
    /// cancelled the sends, agreed to stop the work): the work still
    /// running is told to stop, and the window closes (the host closes it,
    /// asking nothing). A change of many stopped so keeps its journal.
    pub fn close_window(&self) {
        self.hold_close(0);
        self.tasks().cancel_all();
        self.host().close_window();
    }
}

/// What a close waits on.
#[derive(Default)]
pub(crate) struct Closing {
    watcher: crate::slot::Slot<CloseWatcher>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::Secrets;
    use crate::work::Kind;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    fn counter() -> (Arc<AtomicUsize>, CloseWatcher) {
        let count = Arc::new(AtomicUsize::new(0));
        let counted = count.clone();
        (
            count,
            Arc::new(move |_| {
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

    #[test]
    fn a_change_of_many_an_import_or_an_export_running_holds_the_close_and_says_what_runs() {
        let (desk, _dir) = desk();
        let told = Arc::new(Mutex::new(Vec::new()));
        let heard = told.clone();
        desk.watch_close(Arc::new(move |under_way| heard.lock().unwrap().push(under_way)));
        let closed = window();
        desk.set_host(closed.clone());
        let change = desk.long_work().begin(Kind::Change);
        assert!(!desk.close_requested(), "a change of many is running");
        assert!(!desk.exit_requested(), "a quit too");
        drop(change);
        let import = desk.long_work().begin(Kind::Import);
        let export = desk.long_work().begin(Kind::Export);
        desk.hold_close(1);
        assert!(!desk.close_requested());
        let told = told.lock().unwrap().clone();
        assert_eq!(told[0], UnderWay { changes: 1, ..UnderWay::default() });
        assert_eq!(told[2], UnderWay { sends: 1, imports: 1, exports: 1, ..UnderWay::default() });
        drop((import, export));
        desk.hold_close(0);
        assert!(desk.close_requested(), "nothing runs any more");
    }

    #[test]
    fn closing_on_the_pages_answer_stops_the_work_still_running() {
        let (desk, _dir) = desk();
        desk.set_host(window());
        let tasks = desk.tasks();
        let running = tasks.start("change-1");
        let _change = desk.long_work().begin(Kind::Change);
        desk.close_window();
        assert_eq!(running.cancel.check(), Err(crate::DeskError::Cancelled));
    }
}
