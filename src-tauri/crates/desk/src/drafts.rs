//! What the user typed and the service does not have yet, kept on this
//! computer as they type: one file per thing edited (a campaign, an
//! automation, a reply) under the account's drafts folder, written whole or
//! not at all (see [`crate::files`]), so a crash, a lost connection or a
//! refused save loses nothing. A session without a folder (tests, tools)
//! keeps nothing.
//!
//! Keeps are sent as the user pauses, without waiting for the one before,
//! so they may arrive out of order. Each carries a revision the editor
//! counts up; the writes of one file take turns, and one older than the
//! newest written is dropped: the newest typing always wins. A save lets go
//! of the kept draft only if it still holds what was saved, so typing that
//! arrived while the save was on its way stays kept, and a keep of just what
//! was saved, arriving after the save, keeps nothing. A kept draft that
//! cannot be read is moved aside (`<name>.unreadable`) and reported, never
//! dropped.

use crate::blocking::blocking;
use crate::codes::WorkspaceAction;
use crate::error::{DeskError, Result};
use crate::session::{AccountDir, AreaState, Session};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Counts up with every keep an editor sends (the UI's clock, in ms, made
/// strictly increasing): the higher, the later typed.
pub type Revision = u64;

/// What a kept draft belongs to; each has its own file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edited {
    Campaign(i64),
    /// `None`: one not created yet.
    Automation(Option<i64>),
    /// The reply being written in a dialog.
    Reply(i64),
}

/// What is kept for an edited thing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Kept<T> {
    pub draft: Option<T>,
    /// Where a kept draft that could not be read now is (moved aside).
    pub unreadable: Option<String>,
}

/// Where the editors keep what the service does not have yet (the user's
/// work, a folder per account); `None` keeps nothing.
struct Folder(Option<PathBuf>);

impl AreaState for Folder {
    fn open(dir: Option<&AccountDir>) -> Self {
        Folder(dir.map(|dir| dir.dir("drafts")))
    }
}

impl Session {
    /// The same, keeping what the editors keep in `dir`, as an account's
    /// session does in its data directory.
    pub fn keeping_drafts_in(self, dir: PathBuf) -> Self {
        self.with(Folder(Some(dir)))
    }
}

fn path(session: &Session, edited: Edited) -> Option<PathBuf> {
    let name = match edited {
        Edited::Campaign(id) => format!("{id}.json"),
        Edited::Automation(Some(id)) => format!("automation-{id}.json"),
        Edited::Automation(None) => "automation-new.json".to_string(),
        Edited::Reply(dialog_id) => format!("reply-{dialog_id}.json"),
    };
    Some(session.state::<Folder>().0.as_ref()?.join(name))
}

/// What was last written to a file, behind the turn its writes take.
#[derive(Default)]
struct Written {
    /// The newest revision.
    newest: Revision,
    /// What the service was last seen to have: a keep of just that, however
    /// late it comes, keeps nothing.
    saved: Option<serde_json::Value>,
}

type Turn = Arc<tokio::sync::Mutex<Written>>;

/// One turn per file, for the whole process: a session opened again over
/// the same account takes the same turns.
static TURNS: Mutex<Option<HashMap<PathBuf, Turn>>> = Mutex::new(None);

fn turn_of(path: &Path) -> Turn {
    let mut turns = TURNS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    turns.get_or_insert_with(HashMap::new).entry(path.to_path_buf()).or_default().clone()
}

fn internal(e: impl std::fmt::Display) -> DeskError {
    DeskError::Internal { detail: e.to_string() }
}

/// Keeps the draft, replacing what was kept for the same thing, unless a
/// later revision was kept already.
pub(crate) async fn keep<T: Serialize>(session: &Session, edited: Edited, revision: Revision, draft: &T) -> Result<()> {
    let bytes = serde_json::to_vec(draft).map_err(internal)?;
    replace(session, edited, revision, Some(bytes)).await
}

/// Lets go of what was kept, unless a later revision was kept already (the
/// user emptied the field).
pub(crate) async fn let_go(session: &Session, edited: Edited, revision: Revision) -> Result<()> {
    replace(session, edited, revision, None).await
}

async fn replace(session: &Session, edited: Edited, revision: Revision, bytes: Option<Vec<u8>>) -> Result<()> {
    let Some(path) = path(session, edited) else { return Ok(()) };
    replace_at(path, revision, bytes).await
}

/// Keeps `draft` in the file at `path` (one of the app's, not an account's),
/// unless a later revision was kept there already.
pub(crate) async fn keep_at<T: Serialize>(path: PathBuf, revision: Revision, draft: &T) -> Result<()> {
    let bytes = serde_json::to_vec(draft).map_err(internal)?;
    replace_at(path, revision, Some(bytes)).await
}

async fn replace_at(path: PathBuf, revision: Revision, bytes: Option<Vec<u8>>) -> Result<()> {
    let turn = turn_of(&path);
    let mut written = turn.lock().await;
    if revision <= written.newest {
        // Revisions are the page's clock, made strictly increasing within a
        // run; a new run of the app starts every file's count afresh.
        log::warn!("a keep of revision {revision} dropped: revision {} was kept already", written.newest);
        return Ok(());
    }
    // A keep of what a save has brought to the service already (its pause
    // ended after the save did) lets go instead.
    let bytes = bytes
        .filter(|b| written.saved.is_none() || serde_json::from_slice::<serde_json::Value>(b).ok() != written.saved);
    let target = path.clone();
    blocking(move || match bytes {
        Some(bytes) => {
            if let Some(dir) = target.parent() {
                crate::private::create_dir_all(dir)?;
            }
            crate::files::write_whole(&target, &bytes)
        }
        None => remove(&target),
    })
    .await?
    .map_err(|e| DeskError::storage(WorkspaceAction::KeepDraft, &path, e))?;
    written.newest = revision;
    Ok(())
}

fn remove(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// What is kept; a draft that cannot be read is moved aside and reported.
pub(crate) async fn kept<T: DeserializeOwned + Send + 'static>(session: &Session, edited: Edited) -> Kept<T> {
    let Some(path) = path(session, edited) else { return Kept { draft: None, unreadable: None } };
    kept_at(path).await
}

/// What is kept in the file at `path`, as [`kept`].
pub(crate) async fn kept_at<T: DeserializeOwned + Send + 'static>(path: PathBuf) -> Kept<T> {
    let turn = turn_of(&path);
    let _turn = turn.lock().await;
    let shown = path.display().to_string();
    blocking(move || read_or_set_aside(&path)).await.unwrap_or(Kept { draft: None, unreadable: Some(shown) })
}

fn read_or_set_aside<T: DeserializeOwned>(path: &Path) -> Kept<T> {
    let read = match std::fs::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Kept { draft: None, unreadable: None },
        read => read.ok().and_then(|bytes| serde_json::from_slice(&bytes).ok()),
    };
    match read {
        Some(draft) => Kept { draft: Some(draft), unreadable: None },
        None => Kept { draft: None, unreadable: Some(set_aside(path).display().to_string()) },
    }
}

/// Moves an unreadable draft to a name of its own beside it, so the next
/// keep does not overwrite it; answers where it is (where it was, when even
/// the move failed).
fn set_aside(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for n in 0..100 {
        let aside = match n {
            0 => path.with_file_name(format!("{name}.unreadable")),
            n => path.with_file_name(format!("{name}.{n}.unreadable")),
        };
        if aside.exists() {
            continue;
        }
        return match std::fs::rename(path, &aside) {
            Ok(()) => aside,
            Err(_) => path.to_path_buf(),
        };
    }
    path.to_path_buf()
}

/// Lets go of the kept draft once the service has `saved`, only if the
/// draft still holds just that: what was typed while the save was on its
/// way stays kept.
pub(crate) async fn forget_saved<T: Serialize>(session: &Session, edited: Edited, saved: &T) {
    let Some(path) = path(session, edited) else { return };
    let Ok(saved) = serde_json::to_value(saved) else { return };
    let turn = turn_of(&path);
    // The newest revision stays as it was (a save keeps its own first): a
    // keep typed before the save and arriving after it is older than what
    // was saved, and is dropped rather than bring the draft back.
    let mut written = turn.lock().await;
    written.saved = Some(saved.clone());
    let _ = blocking(move || {
        let kept = std::fs::read(&path).ok().and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok());
        kept.as_ref() == Some(&saved) && remove(&path).is_ok()
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Typed {
        text: String,
    }

    fn typed(text: &str) -> Typed {
        Typed { text: text.into() }
    }

    fn session(dir: &Path) -> Session {
        let client = api::Client::new("http://127.0.0.1:9/v2", api::ApiKey::new("unused")).unwrap();
        Session::for_client(client).keeping_drafts_in(dir.to_path_buf())
    }

    /// "AB" typed at revision 2 000 and saved: the save keeps its own
    /// revision first, then lets go once the service has it.
    async fn saved_ab(session: &Session) {
        keep(session, Edited::Campaign(7), 2_000, &typed("AB")).await.unwrap();
        forget_saved(session, Edited::Campaign(7), &typed("AB")).await;
    }

    async fn kept_text(session: &Session) -> Option<String> {
        kept::<Typed>(session, Edited::Campaign(7)).await.draft.map(|t| t.text)
    }

    #[tokio::test]
    async fn a_save_lets_go_only_of_what_it_saved() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        keep(&session, Edited::Campaign(7), 1, &typed("A")).await.unwrap();
        // Typed while the save of A was on its way.
        keep(&session, Edited::Campaign(7), 2, &typed("AB")).await.unwrap();
        forget_saved(&session, Edited::Campaign(7), &typed("A")).await;
        assert_eq!(kept_text(&session).await.as_deref(), Some("AB"));
        forget_saved(&session, Edited::Campaign(7), &typed("AB")).await;
        assert_eq!(kept_text(&session).await, None);
    }

    #[tokio::test]
    async fn a_keep_typed_before_a_save_and_arriving_after_it_does_not_bring_the_draft_back() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        saved_ab(&session).await;
        keep(&session, Edited::Campaign(7), 1_900, &typed("A")).await.unwrap();
        assert_eq!(kept_text(&session).await, None, "the older typing is in the save already");
        keep(&session, Edited::Campaign(7), 2_100, &typed("ABC")).await.unwrap();
        assert_eq!(kept_text(&session).await.as_deref(), Some("ABC"), "newer typing is kept");
    }

    #[tokio::test]
    async fn a_keep_of_what_was_saved_arriving_after_the_save_keeps_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        // Saved before the pause after typing ended; the pause's keep comes after, newer, of the same.
        saved_ab(&session).await;
        keep(&session, Edited::Campaign(7), 2_100, &typed("AB")).await.unwrap();
        assert_eq!(kept_text(&session).await, None, "the service has it");
        keep(&session, Edited::Campaign(7), 2_200, &typed("ABC")).await.unwrap();
        assert_eq!(kept_text(&session).await.as_deref(), Some("ABC"), "typed after the save, kept");
        keep(&session, Edited::Campaign(7), 2_300, &typed("AB")).await.unwrap();
        assert_eq!(kept_text(&session).await, None, "back to what the service has");
    }

    #[tokio::test]
    async fn a_keep_that_arrives_after_a_later_one_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        keep(&session, Edited::Campaign(7), 20, &typed("later")).await.unwrap();
        keep(&session, Edited::Campaign(7), 10, &typed("earlier")).await.unwrap();
        assert_eq!(kept_text(&session).await.as_deref(), Some("later"));
        let_go(&session, Edited::Campaign(7), 30).await.unwrap();
        keep(&session, Edited::Campaign(7), 25, &typed("before it was emptied")).await.unwrap();
        assert_eq!(kept_text(&session).await, None);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn keeps_racing_each_other_leave_the_newest_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        let keeps: Vec<_> = (1..=64u64)
            .rev()
            .map(|revision| {
                let session = session.clone();
                tokio::spawn(async move {
                    keep(&session, Edited::Campaign(7), revision, &typed(&"x".repeat(revision as usize * 1000))).await
                })
            })
            .collect();
        for keeping in keeps {
            keeping.await.unwrap().unwrap();
        }
        assert_eq!(kept_text(&session).await.map(|t| t.len()), Some(64_000), "the newest typing");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["7.json"]);
    }

    #[tokio::test]
    async fn an_unreadable_draft_is_reported_and_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let session = session(dir.path());
        std::fs::write(dir.path().join("7.json"), "{\"text\": \"half a").unwrap();
        let found = kept::<Typed>(&session, Edited::Campaign(7)).await;
        assert_eq!(found.draft, None);
        let aside = found.unreadable.expect("reported");
        assert_eq!(aside, dir.path().join("7.json.unreadable").display().to_string());
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{\"text\": \"half a", "kept whole");

        // A second one does not overwrite the first.
        std::fs::write(dir.path().join("7.json"), "not json").unwrap();
        let again = kept::<Typed>(&session, Edited::Campaign(7)).await.unreadable.expect("reported");
        assert_ne!(again, aside);
        assert_eq!(std::fs::read_to_string(&again).unwrap(), "not json");
        assert_eq!(kept::<Typed>(&session, Edited::Campaign(7)).await, Kept { draft: None, unreadable: None });
    }
}
