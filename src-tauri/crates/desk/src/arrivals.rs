//! What the system hands the app from outside the window: a
//! `campaign-desk://` link (from another program, a notification, a
//! second launch), a file dropped onto the window, and what the native
//! menu's items did, for the page to say. The shell passes
//! them here, with the desk (no command runs: the system hands them over);
//! the page watches ([`watch_arrivals`]) and goes to the
//! link's screen, or opens the import for the file. What comes before the
//! page watches (a link that started the app) waits for it.

mod commands;

pub use commands::AREA;

use crate::command::Cx;
use crate::files::PickedFile;
use crate::Desk;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use url::Url;

/// The links' scheme, as the desktop entry and the installers register it.
pub const SCHEME: &str = "campaign-desk";

/// A link longer than this is nobody's: refused before it is read.
const LONGEST_LINK: usize = 200;

/// The largest id a link may name: the page holds ids as JavaScript
/// numbers, which are exact only up to 2^53 - 1 (`Number.MAX_SAFE_INTEGER`).
/// A larger one would reach the page as a neighbouring id.
pub const LARGEST_ID: i64 = (1 << 53) - 1;

/// A screen a link opens, in the open account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "to", content = "id")]
pub enum Route {
    /// `campaign-desk://campaign/12`: the campaign's editor.
    Campaign(i64),
    /// `campaign-desk://report/12`: the campaign's report.
    Report(i64),
    /// `campaign-desk://dialog/34`: the dialog, in the inbox.
    Dialog(i64),
    /// `campaign-desk://list/5`: the list's subscribers.
    List(i64),
}

/// Something handed to the app, for the page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Arrival {
    /// A link: the page goes to its screen.
    Link { route: Route },
    /// A file dropped onto the window, granted to the open account's
    /// imports as a picked one is: the page names it by id only.
    Dropped { file: PickedFile },
    /// The native menu's "Copy diagnostics" put them on the clipboard: the page says so.
    DiagnosticsCopied,
    /// The native menu's "Check for updates": the page checks, and says what it found.
    CheckForUpdates,
    /// A native menu's item failed: the page says why.
    Failed { error: crate::DeskError },
}

/// Tells the page what arrived.
pub type ArrivalWatcher = Arc<dyn Fn(Arrival) + Send + Sync>;

/// The screen `link` opens; `None` for anything but
/// `campaign-desk://<campaign|report|dialog|list>/<id>` (a trailing slash
/// allowed), whose id is a positive whole number up to [`LARGEST_ID`].
/// Nothing else of a URL (a query, a fragment, a user, a port) is taken.
pub fn route_of(link: &str) -> Option<Route> {
    if link.len() > LONGEST_LINK {
        return None;
    }
    let url = Url::parse(link.trim()).ok()?;
    if url.scheme() != SCHEME
        || url.query().is_some()
        || url.fragment().is_some()
        || !url.username().is_empty()
        || url.password().is_some()
        || url.port().is_some()
    {
        return None;
    }
    let path = url.path().strip_prefix('/')?;
    let id = path.strip_suffix('/').unwrap_or(path);
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let id: i64 = id.parse().ok().filter(|id| (1..=LARGEST_ID).contains(id))?;
    // Not a web scheme: the host keeps the case it was written in.
    match url.host_str()?.to_ascii_lowercase().as_str() {
        "campaign" => Some(Route::Campaign(id)),
        "report" => Some(Route::Report(id)),
        "dialog" => Some(Route::Dialog(id)),
        "list" => Some(Route::List(id)),
        _ => None,
    }
}

/// The links among a launch's arguments (the program's name first, as the
/// OS passes them): the desktop entry's `%u`, or Windows' `"%1"`.
pub fn links_in<S: AsRef<str>>(args: &[S]) -> impl Iterator<Item = &str> {
    args.iter().skip(1).map(AsRef::as_ref).filter(|a| is_link(a))
}

/// Whether a launch's argument is a `campaign-desk:` link, in any case
/// (schemes have none) and with spaces around it, as [`route_of`] reads it.
pub fn is_link(argument: &str) -> bool {
    let prefix = format!("{SCHEME}:");
    argument.trim_start().get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(&prefix))
}

/// Where arrivals go from now on (the page); what waited for a page goes there now.
pub fn watch_arrivals(cx: &Cx<'_>, watcher: ArrivalWatcher) {
    let arrivals = cx.part::<Arrivals>();
    arrivals.watcher.set(watcher.clone());
    let waiting = std::mem::take(&mut *arrivals.waiting.lock().unwrap_or_else(|p| p.into_inner()));
    for arrival in waiting {
        watcher(arrival);
    }
}

/// A `campaign-desk://` link was handed to the app: the page goes
/// there. Any other link is refused, and the log says so.
pub fn link_arrived(desk: &Desk, link: &str) -> bool {
    match route_of(link) {
        Some(route) => {
            log::info!("opening a link to {route:?}");
            arrived(desk, Arrival::Link { route });
            true
        }
        None => {
            // Only its length: a link refused may carry anything.
            log::warn!("a link that opens nothing was refused ({} characters)", link.len());
            false
        }
    }
}

/// A file was dropped onto the window: granted to the open account's
/// imports (waiting for the account reopening at start), and the page
/// told. Anything but a file, or with no account open, is dropped.
pub async fn file_dropped(desk: &Desk, path: PathBuf) -> bool {
    if !path.is_file() {
        log::info!("something other than a file was dropped onto the window");
        return false;
    }
    let Ok(session) = desk.session().await else {
        log::info!("a file was dropped with no account open");
        return false;
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let file = PickedFile { file_id: session.imports().grant(path), name };
    arrived(desk, Arrival::Dropped { file });
    true
}

/// Tells the page (or keeps it for the page, until it watches).
pub fn arrived(desk: &Desk, arrival: Arrival) {
    let arrivals = desk.part::<Arrivals>();
    match arrivals.watcher.get() {
        Some(watcher) => watcher(arrival),
        None => arrivals.waiting.lock().unwrap_or_else(|p| p.into_inner()).push(arrival),
    }
}

/// The page's watcher, and what came before it.
#[derive(Default)]
pub(crate) struct Arrivals {
    watcher: crate::slot::Slot<ArrivalWatcher>,
    waiting: Mutex<Vec<Arrival>>,
}

#[cfg(test)]
mod tests;
