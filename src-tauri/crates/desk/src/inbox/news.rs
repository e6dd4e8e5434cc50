//! New replies, announced: the app's badge on its icon shows the unread
//! count, and a reply from a person (not an auto-reply or a failure notice,
//! which triage folds away) raises a system notification.

use super::triage::ReplyKind;
use super::{dialogs, unread, DialogFilter, DialogQuery, UnreadCounts};
use crate::command::Cx;
use crate::error::Result;
use crate::session::{AccountDir, AreaState, Session};
use serde::Serialize;

/// A reply that came in since the last look.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NewReply {
    pub dialog_id: i64,
    pub subscriber: String,
    pub subject: String,
    pub preview: Option<String>,
    pub kind: ReplyKind,
}

/// The newest reply already looked at, for every copy of the session.
#[derive(Default)]
struct Announced(std::sync::Mutex<Option<Mark>>);

/// The newest moment looked at, and the dialogs seen at that very moment
/// (the service's times are to the second: another reply may come in the
/// same second).
#[derive(Clone)]
struct Mark {
    at: String,
    seen: Vec<i64>,
}

impl Mark {
    fn passed_by(&self, dialog_id: i64, at: &str) -> bool {
        at > self.at.as_str() || (at == self.at && !self.seen.contains(&dialog_id))
    }
}

impl AreaState for Announced {
    fn open(_: Option<&AccountDir>) -> Self {
        Announced::default()
    }
}

/// How many of the newest unread dialogs are looked at for new replies.
const LOOKED_AT: u32 = 20;

/// Replies from people that came in since the last look, newest first.
/// `rose_by` is how far the unread count rose since the page's last look.
/// What waited before the app opened is in the inbox, not news, and the
/// session has no mark to tell it apart until a reply comes: then the
/// newest `rose_by` unread dialogs are the news, and the newest moment the
/// mark from then on. Nothing is read while there is no mark and the count
/// did not rise, so opening an account costs no look at the dialogs.
pub async fn new_replies(session: &Session, rose_by: u32) -> Result<Vec<NewReply>> {
    let announced = session.state::<Announced>();
    let since = announced.0.lock().map_err(|_| crate::DeskError::Internal { detail: "lock".into() })?.clone();
    if since.is_none() && rose_by == 0 {
        return Ok(Vec::new());
    }
    let query =
        DialogQuery { filter: DialogFilter::Open, unread_only: true, limit: LOOKED_AT, ..DialogQuery::default() };
    let mut rows = dialogs(session, &query).await?.rows;
    rows.sort_by(|a, b| b.last_message_at.cmp(&a.last_message_at));
    if let Some(newest) = rows.first().and_then(|r| r.last_message_at.clone()) {
        let seen = rows.iter().filter(|r| r.last_message_at.as_ref() == Some(&newest)).map(|r| r.id);
        let mut mark = announced.0.lock().map_err(|_| crate::DeskError::Internal { detail: "lock".into() })?;
        match mark.as_mut() {
            Some(mark) if mark.at == newest => mark.seen.extend(seen),
            Some(mark) if mark.at > newest => {}
            _ => *mark = Some(Mark { at: newest.clone(), seen: seen.collect() }),
        }
    }
    let fresh: Vec<_> = match &since {
        Some(since) => rows
            .into_iter()
            .filter(|r| r.last_message_at.as_deref().is_some_and(|at| since.passed_by(r.id, at)))
            .collect(),
        None => rows.into_iter().take(rose_by as usize).collect(),
    };
    Ok(fresh
        .into_iter()
        .filter(|r| !matches!(r.kind, ReplyKind::AutoReply | ReplyKind::Failure))
        .map(|r| NewReply {
            dialog_id: r.id,
            subscriber: r.subscriber,
            subject: r.subject,
            preview: r.preview,
            kind: r.kind,
        })
        .collect())
}

/// The unread counts, also shown on the app's icon (by the host).
pub async fn unread_counts(cx: &Cx<'_>) -> Result<UnreadCounts> {
    let counts = unread(&cx.session().await?).await?;
    cx.host().set_badge((counts.open > 0).then_some(counts.open));
    Ok(counts)
}

/// Shows a system notification written by the page (in the user's
/// language), with subscribers' names and subjects in it made plain text.
pub fn notify(cx: &Cx<'_>, title: &str, body: &str) {
    cx.host().notify(&printable::printable(title), &notification_body(body, BODY_IS_MARKUP));
}

/// Whether the system's notification server reads a body as markup: the
/// freedesktop servers (GNOME, KDE, dunst…) take a subset of HTML there,
/// macOS and Windows show it as written. Titles are plain text everywhere.
const BODY_IS_MARKUP: bool = cfg!(all(unix, not(target_os = "macos")));

/// A body as plain text: its lines without hidden characters, and where the
/// server reads markup, `<b>`, `&amp;` and the like escaped, so a subject
/// shows as the subscriber wrote it rather than as formatting or a link.
fn notification_body(body: &str, markup: bool) -> String {
    let lines: Vec<String> = body.split('\n').map(printable::printable).collect();
    let text = lines.join("\n");
    if markup {
        crate::clean::escape(&text)
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Unheard;
    use crate::Desk;

    #[test]
    fn markup_in_a_body_is_escaped_where_the_server_reads_markup() {
        let body = "Re: <b>50%</b> off & <a href=\"https://evil.example\">more</a>\n<img src='x'>";
        assert_eq!(
            notification_body(body, true),
            "Re: &lt;b&gt;50%&lt;/b&gt; off &amp; &lt;a href=&quot;https://evil.example&quot;&gt;more&lt;/a&gt;\n\
             &lt;img src=&#39;x&#39;&gt;"
        );
        assert_eq!(notification_body("Tom & Jerry <3", false), "Tom & Jerry <3", "shown as written elsewhere");
    }

    #[test]
    fn hidden_characters_go_and_the_lines_stay() {
        assert_eq!(notification_body("Re: Sale\u{202E}gnp.exe\u{7}\nHello", false), "Re: Salegnp.exe\nHello");
    }

    /// A host that keeps the notifications it is asked to show.
    #[derive(Default)]
    struct Notices(std::sync::Mutex<Vec<(String, String)>>);

    impl crate::host::Host for Notices {
        fn notify(&self, title: &str, body: &str) {
            self.0.lock().unwrap().push((title.to_string(), body.to_string()));
        }
    }

    #[test]
    fn the_notifier_is_handed_the_escaped_text() {
        let temp = tempfile::Builder::new().prefix("desk-notify-").tempdir().unwrap();
        let desk = Desk::new(temp.path().into(), crate::secrets::Secrets::with_service("unused"));
        let shown = std::sync::Arc::new(Notices::default());
        desk.set_host(shown.clone());
        notify(&Cx::new(&desk, &Unheard), "Reply from Ann\u{202E}", "<b>Ann</b> & co");
        let body = if BODY_IS_MARKUP { "&lt;b&gt;Ann&lt;/b&gt; &amp; co" } else { "<b>Ann</b> & co" };
        assert_eq!(*shown.0.lock().unwrap(), vec![("Reply from Ann".to_string(), body.to_string())]);
    }
}
