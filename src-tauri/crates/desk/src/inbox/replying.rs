//! Answering a subscriber: a reply is sent once, and a send whose answer
//! was lost is settled by looking for it in the thread.

use super::known::Known;
use super::thread::{as_read, read_again, ThreadRead};
use super::{walk, wire};
use crate::error::{failed, Result};
use crate::inbox::{Action, Field};
use crate::session::Session;
use api::dialogs::Direction;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// A reply as the editor made it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplyDraft {
    pub html: String,
    pub text: String,
    /// Quote the subscriber's message under the reply.
    pub quote: bool,
}

/// A reply that went.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SentReply {
    pub message_id: i64,
    /// The thread with the reply in it, read once it went, for the page to
    /// show without asking again; `None` when it could not be read then
    /// (the reply went all the same).
    pub thread: Option<ThreadRead>,
}

/// Sends a reply and answers its message id, with the thread as it is now.
/// Never repeated on its own: a reply sent twice arrives twice. When the
/// answer is lost after sending, the thread is read again: an outgoing
/// message with this text that was not there before is the reply; otherwise
/// the error says it may have gone. "Before" is the thread as this session
/// last read it (the page shows it while the reply is written); only a
/// thread never read is read before sending.
pub async fn reply(session: &Session, dialog_id: i64, draft: &ReplyDraft) -> Result<SentReply> {
    let text = crate::form::text(&draft.text, Field::Reply)?;
    let html = if draft.html.trim().is_empty() { plain_html(&text) } else { draft.html.clone() };
    let before = match session.state::<Known>().entries(dialog_id) {
        Some(seen) => seen,
        None => entry_ids(session, dialog_id).await?,
    };
    let sent =
        wire::reply(session.client(), dialog_id, &html, &text, draft.quote).await.map_err(failed(Action::SendReply));
    let message_id = match sent {
        Err(err) if err.outcome_unknown() => {
            let (record, messages) =
                read_again(session, dialog_id, Action::SendReply).await.map_err(|_| err.clone())?;
            let found = messages.iter().find(|m| {
                m.direction == Direction::Out
                    && *m.kind != "event"
                    && m.body_text_clean.trim() == text
                    && !before.contains(&*m.id)
            });
            let message_id = *found.ok_or(err)?.id;
            return Ok(SentReply { message_id, thread: Some(as_read(session, record, messages)) });
        }
        other => other?,
    };
    session.state::<Known>().add_entry(dialog_id, message_id);
    let thread = read_again(session, dialog_id, Action::SendReply).await.ok();
    Ok(SentReply { message_id, thread: thread.map(|(record, messages)| as_read(session, record, messages)) })
}

/// The ids of a thread's entries, read now.
async fn entry_ids(session: &Session, dialog_id: i64) -> Result<HashSet<i64>> {
    let messages = walk::all_messages(session, dialog_id, Action::SendReply, walk::MOST_ENTRIES).await?;
    Ok(messages.iter().map(|m| *m.id).collect())
}

/// A plain-text reply as HTML: escaped, paragraphs and line breaks kept.
pub fn plain_html(text: &str) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    text.split("\n\n").map(|para| format!("<p>{}</p>", escape(para.trim_matches('\n')).replace('\n', "<br>"))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_reply_becomes_escaped_paragraphs() {
        assert_eq!(plain_html("Hello <Ann>,\nthanks!\n\n— Team"), "<p>Hello &lt;Ann&gt;,<br>thanks!</p><p>— Team</p>");
    }
}
