//! A thread read whole, through the one paging walk: a service that
//! ignores `offset` or always answers a full page cannot keep it reading,
//! and a thread longer than any a person keeps with one subscriber is not
//! held in memory.

use super::{wire, PAGE_MAX};
use crate::error::{failed, Result};
use crate::inbox::Action;
use crate::session::Session;
use api::dialogs::DialogMessage;

/// Entries of one thread read at most. A conversation with one subscriber,
/// even a message a day for years, is a few thousand entries; each is held
/// in memory with its HTML (up to megabytes), so a service still offering
/// more past this is not believed.
pub(super) const MOST_ENTRIES: u64 = 10_000;

/// Every entry of a thread, up to `most`: past it the read fails (with
/// `EndlessPaging`), as it does when a page comes again. An entry that comes
/// again (a page filled with what it already had) is shown once.
pub(super) async fn all_messages(
    session: &Session,
    dialog_id: i64,
    action: Action,
    most: u64,
) -> Result<Vec<DialogMessage>> {
    // Pages no larger than the ceiling, so the walk stops at it exactly.
    let page = u64::from(PAGE_MAX).min(most);
    let walk = wire::thread(session.client(), dialog_id).page_size(page).at_most(most).collect_all();
    let mut messages = walk.await.map_err(failed(action))?;
    let mut seen = std::collections::HashSet::new();
    messages.retain(|m| seen.insert(*m.id));
    Ok(messages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::DeskError;
    use crate::inbox::{dialogs, DialogFilter, DialogQuery};

    const KEY: &str = "thread-walk-key";

    #[tokio::test(flavor = "multi_thread")]
    async fn a_thread_longer_than_its_ceiling_fails_there_and_says_how_far_it_read() {
        let dir = tempfile::tempdir().unwrap();
        let config =
            sandbox::Config { db: Some(dir.path().join("service.sqlite")), demo: true, ..sandbox::Config::new(KEY) };
        let service = sandbox::start(config).await.expect("sandbox starts");
        let client = api::Client::new(&service.base_url(), api::ApiKey::new(KEY)).unwrap();
        let session = Session::for_client(client);
        let query = DialogQuery { filter: DialogFilter::All, limit: 1, ..DialogQuery::default() };
        let dialog = dialogs(&session, &query).await.unwrap().rows[0].id;
        for text in ["Thanks for writing.", "Anything else?"] {
            wire::reply(session.client(), dialog, &format!("<p>{text}</p>"), text, false).await.unwrap();
        }
        let length = all_messages(&session, dialog, Action::LoadThread, MOST_ENTRIES).await.unwrap().len();
        assert!(length >= 3, "the reader's message and two answers: {length}");

        let all = all_messages(&session, dialog, Action::LoadThread, length as u64 + 1).await.unwrap();
        assert_eq!(all.len(), length, "a thread shorter than its ceiling is read whole");
        let most = length as u64 - 1;
        let err = all_messages(&session, dialog, Action::LoadThread, most).await.unwrap_err();
        assert_eq!(err, DeskError::EndlessPaging { action: Action::LoadThread.into(), read: most });
    }
}
