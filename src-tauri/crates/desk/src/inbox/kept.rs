//! What the inbox keeps on this computer (see [`crate::drafts`]): the reply
//! being written in each dialog, until it is sent, in the account's drafts
//! folder beside the editors' drafts; and the canned replies, which are the
//! user's whatever account they answer for, in one file of the app's
//! ([`Desk::canned_replies_file`]).

use crate::drafts::{self, Edited};
use crate::error::Result;
use crate::session::Session;
#[cfg(doc)]
use crate::Desk;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// A reply being written, as it is kept until it is sent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplyKept {
    pub text: String,
    /// Quote the subscriber's message under the reply.
    pub quote: bool,
    /// Why the last send failed, as the user read it, when it did.
    #[serde(default)]
    pub failure: Option<String>,
}

/// The reply kept for a dialog.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct KeptReplyView {
    pub draft: Option<ReplyKept>,
    /// Where a kept reply that could not be read was moved aside.
    pub unreadable_draft: Option<String>,
}

/// An answer a marketer gives again and again. Its text may hold the
/// service's variables (`%EMAIL%`, `%NAME%`), filled in for the subscriber
/// answered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CannedReply {
    pub id: String,
    pub title: String,
    pub text: String,
}

/// The user's canned replies.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CannedRepliesView {
    pub replies: Vec<CannedReply>,
    /// Where a kept file of them that could not be read was moved aside.
    pub unreadable_file: Option<String>,
}

/// The reply kept for a dialog, if any.
pub async fn kept_reply(session: &Session, dialog_id: i64) -> KeptReplyView {
    let kept = drafts::kept::<ReplyKept>(session, Edited::Reply(dialog_id)).await;
    KeptReplyView { draft: kept.draft, unreadable_draft: kept.unreadable }
}

/// Keeps the reply being written; an empty one is let go (the reply was
/// sent or wiped). `revision` orders keeps that arrive out of turn.
pub async fn keep_reply(session: &Session, dialog_id: i64, revision: u64, draft: &ReplyKept) -> Result<()> {
    if draft.text.trim().is_empty() {
        drafts::let_go(session, Edited::Reply(dialog_id), revision).await
    } else {
        drafts::keep(session, Edited::Reply(dialog_id), revision, draft).await
    }
}

/// The canned replies kept in `file`.
pub async fn canned_replies(file: PathBuf) -> CannedRepliesView {
    let kept = drafts::kept_at::<Vec<CannedReply>>(file).await;
    CannedRepliesView { replies: kept.draft.unwrap_or_default(), unreadable_file: kept.unreadable }
}

/// Keeps the canned replies as they are now in `file`.
pub async fn keep_canned_replies(file: PathBuf, revision: u64, replies: &[CannedReply]) -> Result<()> {
    drafts::keep_at(file, revision, &replies).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(dir: &std::path::Path) -> Session {
        let client = api::Client::new("http://127.0.0.1:9/v2", api::ApiKey::new("unused")).unwrap();
        Session::for_client(client).keeping_drafts_in(dir.to_path_buf())
    }

    #[tokio::test]
    async fn a_reply_is_kept_per_dialog_until_it_is_emptied() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        let typed = ReplyKept { text: "Здравствуйте!".into(), quote: false, failure: None };
        keep_reply(&session, 5, 1, &typed).await.unwrap();
        assert_eq!(kept_reply(&session, 5).await.draft, Some(typed));
        assert_eq!(kept_reply(&session, 6).await, KeptReplyView::default(), "another dialog's is its own");
        keep_reply(&session, 5, 2, &ReplyKept { quote: true, ..ReplyKept::default() }).await.unwrap();
        assert_eq!(kept_reply(&session, 5).await, KeptReplyView::default());
    }

    #[tokio::test]
    async fn canned_replies_are_the_users_whichever_account_is_open() {
        let dir = tempfile::tempdir().unwrap();
        let desk = crate::Desk::new(dir.path().to_path_buf(), crate::secrets::Secrets::default());
        assert_eq!(canned_replies(desk.canned_replies_file()).await, CannedRepliesView::default());
        let replies = vec![CannedReply {
            id: "1".into(), title: "Спасибо".into(), text: "Спасибо, %NAME%!".into()
        }];
        keep_canned_replies(desk.canned_replies_file(), 1, &replies).await.unwrap();
        assert_eq!(desk.canned_replies_file(), dir.path().join("canned-replies.json"), "beside accounts.json");
        let restarted = crate::Desk::new(dir.path().to_path_buf(), crate::secrets::Secrets::default());
        assert_eq!(canned_replies(restarted.canned_replies_file()).await.replies, replies);
    }
}
