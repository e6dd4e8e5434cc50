//! Links in a subscriber's message open in the system browser, and only
//! after the user saw where they really lead. A click in the message's
//! sandboxed frame asks for a new window; the app refuses it and hands the
//! address here, which tells the page ([`LinkWatcher`]); the page shows it
//! and, when the user agrees, asks [`Desk::open_link`] to open it.

use crate::error::{DeskError, Result};
use crate::Desk;
use serde::Serialize;
use std::sync::Arc;
use url::Url;

/// What a link is, as the user sees it before it opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    /// The whole address, as it will open.
    pub url: String,
    /// A web page, or a new mail to an address.
    pub kind: LinkKind,
    /// Where it leads: the site's host name, or the mail address.
    pub target: String,
    /// The host is spelled with characters that can imitate another
    /// (written as `xn--` once decoded): worth a second look.
    pub lookalike: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum LinkKind {
    Web,
    Mail,
}

/// Tells the page that a link was clicked.
pub type LinkWatcher = Arc<dyn Fn(LinkView) + Send + Sync>;
/// Opens an address in the system's browser or mail program.
pub type LinkOpener = Arc<dyn Fn(&str) -> std::result::Result<(), String> + Send + Sync>;

/// A link the app may open: `http`, `https` or `mailto`, with somewhere to
/// go; anything else (`javascript:`, `file:`, `data:`) is `None`.
pub fn inspect(address: &str) -> Option<LinkView> {
    let url = Url::parse(address.trim()).ok()?;
    let (kind, target) = match url.scheme() {
        "http" | "https" => (LinkKind::Web, url.host_str()?.to_string()),
        "mailto" => (LinkKind::Mail, url.path().to_string()),
        _ => return None,
    };
    if target.is_empty() {
        return None;
    }
    let lookalike = kind == LinkKind::Web && target.split('.').any(|label| label.starts_with("xn--"));
    Some(LinkView { url: url.to_string(), kind, target, lookalike })
}

impl Desk {
    /// Where clicked links go from now on (the page that shows them).
    pub fn watch_links(&self, watcher: LinkWatcher) {
        self.links.watcher.set(watcher);
    }

    /// How links are opened (the system browser), set as the app starts.
    pub fn set_link_opener(&self, opener: LinkOpener) {
        self.links.opener.set(opener);
    }

    /// A link was clicked in a message: the page is told, when it is one
    /// the app may open. Anything else is dropped.
    pub fn link_clicked(&self, address: &str) {
        if let (Some(link), Some(watcher)) = (inspect(address), self.links.watcher.get()) {
            watcher(link);
        }
    }

    /// Opens a link the user agreed to, checked again here: the page may
    /// only open what [`inspect`] allows.
    pub fn open_link(&self, address: &str) -> Result<()> {
        let link = inspect(address).ok_or(DeskError::LinkRefused)?;
        let opener = self.links.opener.get().ok_or(DeskError::LinkNotOpened { detail: "no opener".into() })?;
        opener(&link.url).map_err(|detail| DeskError::LinkNotOpened { detail })
    }
}

/// The hooks links go through.
#[derive(Default)]
pub(crate) struct Links {
    watcher: crate::slot::Slot<LinkWatcher>,
    opener: crate::slot::Slot<LinkOpener>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_and_mail_links_open_and_nothing_else_does() {
        let web = inspect("https://shop.example/sale?id=1").unwrap();
        assert_eq!((web.kind, web.target.as_str(), web.lookalike), (LinkKind::Web, "shop.example", false));
        let mail = inspect("mailto:ann@shop.example?subject=Hi").unwrap();
        assert_eq!((mail.kind, mail.target.as_str()), (LinkKind::Mail, "ann@shop.example"));
        for bad in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "data:text/html,x",
            "tauri://localhost/",
            "ftp://x.example/",
            "mailto:",
            "not a link",
        ] {
            assert_eq!(inspect(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_host_spelled_to_imitate_another_is_flagged() {
        let link = inspect("https://аpple.com/login").unwrap();
        assert!(link.lookalike, "{link:?}");
        assert!(link.target.starts_with("xn--"), "the real host is shown: {}", link.target);
        assert!(!inspect("https://apple.com/").unwrap().lookalike);
    }
}
