//! Closing the window while work would end with it asks first: sends
//! waiting in their undo window or on their way, a change of many, an
//! import or an export running ([`crate::work::LongWork`], the one place
//! that knows). The page holds the sends and says how many there are
//! ([`hold_close`]); a close the user asks for meanwhile is held back
//! and the page is told what is under way ([`CloseWatcher`]), which asks the
//! user and, once they settle it, closes ([`close_window`]). With
//! nothing under way the window closes at once, whatever the page does, and
//! a page loaded again says at once that no send is pending.

mod commands;

pub use commands::AREA;

use crate::command::Cx;
use crate::work::{LongWork, Tasks, UnderWay};
use crate::Desk;
use std::sync::Arc;

/// Tells the page that the user asked to close the window while work was under way, and what.
pub type CloseWatcher = Arc<dyn Fn(UnderWay) + Send + Sync>;

/// Where a held-back close is reported (the page that holds the sends).
pub fn watch_close(cx: &Cx<'_>, watcher: CloseWatcher) {
    cx.part::<Closing>().watcher.set(watcher);
}

/// The page has `pending` sends waiting or on their way.
pub fn hold_close(cx: &Cx<'_>, pending: u32) {
    cx.part::<LongWork>().hold_sends(pending);
}

/// How many sends the page holds, waiting or on their way.
pub fn sends_pending(cx: &Cx<'_>) -> u32 {
    cx.part::<LongWork>().under_way().sends
}

/// The user asked to close the window: `true` when it may close now.
/// Otherwise the page is told what is under way, and the window stays
/// until it answers; with no page listening there is nobody to ask, and
/// it closes. The shell asks, from the window's event: no command runs.
pub fn close_requested(desk: &Desk) -> bool {
    let under_way = desk.long_work().under_way();
    if under_way.is_nothing() {
        return true;
    }
    match desk.part::<Closing>().watcher.get() {
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
pub fn exit_requested(desk: &Desk) -> bool {
    close_requested(desk)
}

/// The page settled what was pending as the user chose (sent or
/// cancelled the sends, agreed to stop the work): the work still
/// running is told to stop, and the window closes (the host closes it,
/// asking nothing). A change of many stopped so keeps its journal.
pub fn close_window(cx: &Cx<'_>) {
    hold_close(cx, 0);
    cx.part::<Tasks>().cancel_all();
    cx.host().close_window();
}

/// What a close waits on.
#[derive(Default)]
pub(crate) struct Closing {
    watcher: crate::slot::Slot<CloseWatcher>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Unheard;
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
        let cx = Cx::new(&desk, &Unheard);
        let (asked, watcher) = counter();
        watch_close(&cx, watcher);
        assert!(close_requested(&desk));
        hold_close(&cx, 2);
        hold_close(&cx, 0);
        assert!(close_requested(&desk));
        assert_eq!(asked.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn pending_sends_hold_the_close_back_and_ask_the_page_until_it_closes() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        let (asked, watcher) = counter();
        let closed = window();
        watch_close(&cx, watcher);
        desk.set_host(closed.clone());
        hold_close(&cx, 1);
        assert!(!close_requested(&desk));
        assert!(!close_requested(&desk), "asked again while the answer is awaited");
        assert_eq!(asked.load(Ordering::SeqCst), 2);
        close_window(&cx);
        assert_eq!(closed.0.load(Ordering::SeqCst), 1);
        assert!(close_requested(&desk), "nothing pending once the page has settled");
    }

    #[test]
    fn quitting_while_sends_are_pending_asks_the_page_as_a_close_does() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        let (asked, watcher) = counter();
        let closed = window();
        watch_close(&cx, watcher);
        desk.set_host(closed.clone());
        assert!(exit_requested(&desk), "nothing pending: quits at once");
        hold_close(&cx, 1);
        assert!(!exit_requested(&desk));
        assert_eq!((asked.load(Ordering::SeqCst), closed.0.load(Ordering::SeqCst)), (1, 0));
        close_window(&cx);
        assert!(exit_requested(&desk), "the window closed on the page's answer: the quit goes through");
    }

    #[test]
    fn with_no_page_to_ask_the_window_closes() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        hold_close(&cx, 3);
        assert!(close_requested(&desk));
    }

    #[test]
    fn a_change_of_many_an_import_or_an_export_running_holds_the_close_and_says_what_runs() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        let told = Arc::new(Mutex::new(Vec::new()));
        let heard = told.clone();
        watch_close(&cx, Arc::new(move |under_way| heard.lock().unwrap().push(under_way)));
        let closed = window();
        desk.set_host(closed.clone());
        let change = desk.long_work().begin(Kind::Change);
        assert!(!close_requested(&desk), "a change of many is running");
        assert!(!exit_requested(&desk), "a quit too");
        drop(change);
        let import = desk.long_work().begin(Kind::Import);
        let export = desk.long_work().begin(Kind::Export);
        hold_close(&cx, 1);
        assert!(!close_requested(&desk));
        let told = told.lock().unwrap().clone();
        assert_eq!(told[0], UnderWay { changes: 1, ..UnderWay::default() });
        assert_eq!(told[2], UnderWay { sends: 1, imports: 1, exports: 1, ..UnderWay::default() });
        drop((import, export));
        hold_close(&cx, 0);
        assert!(close_requested(&desk), "nothing runs any more");
    }

    #[test]
    fn closing_on_the_pages_answer_stops_the_work_still_running() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        desk.set_host(window());
        let tasks = desk.tasks();
        let running = tasks.start("change-1");
        let _change = desk.long_work().begin(Kind::Change);
        close_window(&cx);
        assert_eq!(running.cancel.check(), Err(crate::DeskError::Cancelled));
    }
}
