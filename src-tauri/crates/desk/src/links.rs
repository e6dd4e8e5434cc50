//! Links in a subscriber's message open in the system browser, and only
//! after the user saw where they really lead. A click in the message's
//! sandboxed frame asks for a new window; the app refuses it and hands the
//! address here, which tells the page ([`LinkWatcher`]); the page shows it
//! and, when the user agrees, asks [`open_link`] to open it.

mod commands;

pub use commands::AREA;

use crate::command::Cx;
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
    /// A name written before the host (`good.com%2F` in
    /// `https://good.com%2F@evil.com/`), as the address has it: it can pass
    /// for the host, so the page warns of it, as browsers do. The link
    /// leads to `target` all the same.
    pub user_info: Option<String>,
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
            // What comes before the host stays as the address has it: decoded, a
            // name there (`good.com%2F@`) could read as another host.
            let shown =
                format!("{}{}{}", &url[..Position::BeforeHost], domain.shown, readable(&url[Position::AfterHost..]));
            (shown, domain.shown, domain.lookalike)
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
    let user_info = match (url.username(), url.password()) {
        _ if kind == LinkKind::Mail => None,
        ("", None) => None,
        (name, None) => Some(name.to_string()),
        (name, Some(password)) => Some(format!("{name}:{password}")),
    };
    Some(LinkView { url: url.to_string(), kind, shown_url, target, lookalike, user_info })
}

/// `text` with the `%xx` escapes of letters in any language, digits, `-`,
/// `_` and `~` decoded. Any other escape stays as it came: decoded, it
/// could change how the address reads (`%2F` a slash, `%3F` a query, `%40`
/// an `@`, `%25` a new escape). All of it as it came when decoding makes
/// invalid UTF-8 or reveals a character that hides or reorders text (a
/// control, a direction mark or override, a zero-width one).
fn readable(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match escaped_byte(&bytes[at..]) {
            Some(byte) if !byte.is_ascii() || byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'~') => {
                decoded.push(byte);
                at += 3;
            }
            _ => {
                decoded.push(bytes[at]);
                at += 1;
            }
        }
    }
    match String::from_utf8(decoded) {
        Ok(decoded) if !decoded.chars().any(printable::is_hidden) => decoded,
        _ => text.to_string(),
    }
}

/// The byte a `%xx` escape at the start of `bytes` stands for.
fn escaped_byte(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', high, low, ..] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit() => {
            u8::from_str_radix(std::str::from_utf8(&[*high, *low]).ok()?, 16).ok()
        }
        _ => None,
    }
}

/// Where clicked links go from now on (the page that shows them).
pub fn watch_links(cx: &Cx<'_>, watcher: LinkWatcher) {
    cx.part::<Links>().watcher.set(watcher);
}

/// A link was clicked in a message: the page is told, when it is one
/// the app may open. Anything else is dropped. The shell hands it over,
/// from the webview's request for a window: no command runs.
pub fn link_clicked(desk: &Desk, address: &str) {
    if let (Some(link), Some(watcher)) = (inspect(address), desk.part::<Links>().watcher.get()) {
        watcher(link);
    }
}

/// Opens a link the user agreed to, checked again here: the page may
/// only open what [`inspect`] allows. The host (the system browser) opens it.
pub fn open_link(cx: &Cx<'_>, address: &str) -> Result<()> {
    let link = inspect(address).ok_or(DeskError::LinkRefused)?;
    cx.host().open_url(&link.url).map_err(|detail| DeskError::LinkNotOpened { detail })
}

/// The hooks links go through.
#[derive(Default)]
pub(crate) struct Links {
    watcher: crate::slot::Slot<LinkWatcher>,
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
    fn a_name_before_the_host_is_shown_escaped_and_warned_of() {
        let link = inspect("https://good.com%2F@evil.com/").unwrap();
        assert_eq!(link.shown_url, "https://good.com%2F@evil.com/", "not https://good.com/@evil.com/");
        assert_eq!((link.target.as_str(), link.user_info.as_deref()), ("evil.com", Some("good.com%2F")));
        let with_password = inspect("https://good.com:secret@evil.com/").unwrap();
        assert_eq!(with_password.user_info.as_deref(), Some("good.com:secret"));
        let fullwidth_slash = inspect("https://good.com%EF%BC%8F@evil.com/").unwrap();
        assert_eq!(fullwidth_slash.shown_url, "https://good.com%EF%BC%8F@evil.com/");
        assert_eq!(inspect("https://evil.com/").unwrap().user_info, None);
        assert_eq!(inspect("mailto:ann@shop.example").unwrap().user_info, None);
    }

    #[test]
    fn escapes_that_would_change_how_the_address_reads_stay_escaped() {
        let link = inspect("https://shop.example/a%2Fb%3Fc%23d%40e%3Af%5Cg%25h%2541?q=%26x%3D1#%2F").unwrap();
        assert_eq!(link.shown_url, "https://shop.example/a%2Fb%3Fc%23d%40e%3Af%5Cg%25h%2541?q=%26x%3D1#%2F");
        let letters = inspect("https://shop.example/%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3/%41-%5F%7E").unwrap();
        assert_eq!(letters.shown_url, "https://shop.example/каталог/A-_~");
        let mail = inspect("mailto:ann%40good.com%2C@evil.com").unwrap();
        assert_eq!(
            (mail.target.as_str(), mail.shown_url.as_str()),
            ("ann%40good.com%2C@evil.com", "mailto:ann%40good.com%2C@evil.com")
        );
    }

    #[test]
    fn escapes_that_would_hide_or_reorder_text_stay_escaped() {
        let link = inspect("https://shop.example/%E2%80%AEfdp.exe").unwrap();
        assert_eq!(link.shown_url, "https://shop.example/%E2%80%AEfdp.exe");
    }
}
