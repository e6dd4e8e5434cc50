//! Links in a subscriber's message open in the system browser, and only
//! after the user saw where they really lead. A click in the message's
//! sandboxed frame asks for a new window; the app refuses it and hands the
//! address here, which tells the page ([`LinkWatcher`]); the page shows it
//! and, when the user agrees, asks [`Desk::open_link`] to open it.

use crate::error::{DeskError, Result};
use crate::Desk;
use serde::Serialize;
use std::sync::Arc;
use url::{Position, Url};

mod domain;

/// What a link is, as the user sees it before it opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    /// The whole address, as it will open.
    pub url: String,
    /// A web page, or a new mail to an address.
    pub kind: LinkKind,
    /// The address as a person reads it: the host in its own letters
    /// (`пример.рф`, not `xn--e1afmkfd.xn--p1ai`) unless it is a lookalike,
    /// escapes decoded where that hides nothing.
    pub shown_url: String,
    /// Where it leads: the site's host name, or the mail address; written
    /// as in `shown_url`.
    pub target: String,
    /// The host is spelled with characters that can imitate another (it
    /// mixes scripts, or reads as a Latin name in another script): worth a
    /// second look, and shown as its `xn--` form.
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
    let kind = match url.scheme() {
        "http" | "https" => LinkKind::Web,
        "mailto" => LinkKind::Mail,
        _ => return None,
    };
    let (shown_url, target, lookalike) = match kind {
        LinkKind::Web => {
            let host = url.host_str()?;
            let domain = domain::read(host);
            let (start, end) = (url[..Position::BeforeHost].len(), url[..Position::AfterHost].len());
            let shown = format!("{}{}{}", &url.as_str()[..start], domain.shown, &url.as_str()[end..]);
            (readable(&shown), domain.shown, domain.lookalike)
        }
        LinkKind::Mail => {
            let address = readable(url.path());
            let (local, host) = address.rsplit_once('@').unwrap_or(("", &address));
            let domain = domain::read(host);
            let target = if local.is_empty() { domain.shown.clone() } else { format!("{local}@{}", domain.shown) };
            (readable(url.as_str()).replacen(&address, &target, 1), target, domain.lookalike)
        }
    };
    if target.is_empty() {
        return None;
    }
    Some(LinkView { url: url.to_string(), kind, shown_url, target, lookalike })
}

/// `text` with its `%xx` escapes decoded, unless that makes invalid UTF-8
/// or reveals a character that hides or reorders text (a control, a
/// direction mark or override, a zero-width one): then as it came.
fn readable(text: &str) -> String {
    match percent_encoding::percent_decode_str(text).decode_utf8() {
        Ok(decoded) if !decoded.chars().any(hides_text) => decoded.into_owned(),
        _ => text.to_string(),
    }
}

fn hides_text(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{AD}' | '\u{61C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
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
        let mixed = inspect("https://раураl.com/").unwrap();
        assert!(mixed.lookalike && mixed.shown_url.starts_with("https://xn--"), "{mixed:?}");
    }

    #[test]
    fn a_name_in_one_script_is_shown_as_written_and_not_flagged() {
        let web = inspect("https://пример.рф/каталог?id=1").unwrap();
        assert_eq!((web.target.as_str(), web.lookalike), ("пример.рф", false));
        assert_eq!(web.shown_url, "https://пример.рф/каталог?id=1");
        assert_eq!(
            web.url, "https://xn--e1afmkfd.xn--p1ai/%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3?id=1",
            "opened as encoded"
        );
        let mail = inspect("mailto:анна@почта.рус").unwrap();
        assert_eq!((mail.target.as_str(), mail.lookalike), ("анна@почта.рус", false));
        assert_eq!(mail.shown_url, "mailto:анна@почта.рус");
        let spoof = inspect("mailto:support@аррӏе.com").unwrap();
        assert!(spoof.lookalike && spoof.target.starts_with("support@xn--"), "{spoof:?}");
    }

    #[test]
    fn escapes_that_would_hide_or_reorder_text_stay_escaped() {
        let link = inspect("https://shop.example/%E2%80%AEfdp.exe").unwrap();
        assert_eq!(link.shown_url, "https://shop.example/%E2%80%AEfdp.exe");
    }
}
