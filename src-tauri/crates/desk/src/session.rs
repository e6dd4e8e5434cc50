//! The open account, as every area's operations take it: its client, its
//! folder in the app's data, and a store each area keeps its own state in
//! (reports' counts, moderation, the inbox's announcements), found by type.
//! The session knows no area: an area implements [`AreaState`] for its own
//! type and asks [`Session::state`] for it.

use crate::typed::TypedStore;
use crate::work::LongWork;
use api::Client;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the areas do around an account's session that the desk starts
/// without knowing them (given by `opening`, beside the registry).
#[derive(Clone, Copy)]
pub(crate) struct AroundSessions {
    /// Work once an account opens, in the background until another replaces it.
    pub(crate) opened: fn(Session) -> futures_util::future::BoxFuture<'static, ()>,
    /// Forgets what the areas learnt of an account that is removed.
    pub(crate) forget: fn(&AccountDir),
}

/// What an area keeps for the open account: made the first time the area
/// asks for it, then shared by every copy of the session.
pub trait AreaState: Send + Sync + 'static {
    /// The state of an account whose files are in `dir`; `None` keeps
    /// nothing on disk (a session over a client of one's own).
    fn open(dir: Option<&AccountDir>) -> Self;
}

/// Where an account's files are in the app's data: one folder per kind of
/// thing kept, each area naming its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountDir {
    data_dir: PathBuf,
    id: String,
}

impl AccountDir {
    /// `id` must already be a safe folder name (see `accounts::folder_safe_id`).
    pub(crate) fn new(data_dir: &Path, id: &str) -> Self {
        AccountDir { data_dir: data_dir.to_path_buf(), id: id.to_string() }
    }

    /// The account's file of this kind: `<data>/<kind>/<id>.<ext>`.
    pub fn file(&self, kind: &str, ext: &str) -> PathBuf {
        self.data_dir.join(kind).join(format!("{}.{ext}", self.id))
    }

    /// The account's folder of this kind: `<data>/<kind>/<id>`.
    pub fn dir(&self, kind: &str) -> PathBuf {
        self.data_dir.join(kind).join(&self.id)
    }
}

/// The open account, as every area's operations take it.
#[derive(Clone)]
pub struct Session {
    account_id: String,
    client: Client,
    dir: Option<AccountDir>,
    /// Every area's state, shared by every copy of the session.
    store: TypedStore,
    /// The app's long work under way (the desk's own, for an account it opened).
    long_work: Arc<LongWork>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("account_id", &self.account_id).field("dir", &self.dir).finish_non_exhaustive()
    }
}

impl Session {
    /// A session over a client of one's own (tests, tools): nothing is kept
    /// on disk unless an area is told where (`keeping_…_in`).
    pub fn for_client(client: Client) -> Self {
        Session {
            account_id: String::new(),
            client,
            dir: None,
            store: Default::default(),
            long_work: Default::default(),
        }
    }

    /// An account's session, keeping what its areas keep in `dir`, its
    /// long work counted in the app's `long_work`.
    pub(crate) fn of_account(dir: AccountDir, client: Client, long_work: Arc<LongWork>) -> Self {
        Session { account_id: dir.id.clone(), client, dir: Some(dir), store: Default::default(), long_work }
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Where long work says it runs, so that a close or an update waits
    /// for it: `let _running = session.long_work().begin(Kind::Import);`.
    pub fn long_work(&self) -> &Arc<LongWork> {
        &self.long_work
    }

    pub(crate) fn account_id(&self) -> &str {
        &self.account_id
    }

    /// Whether this is the built-in demo workspace, whose service is the sandbox.
    pub(crate) fn is_demo(&self) -> bool {
        self.account_id == crate::accounts::records::DEMO_ID
    }

    /// The area's state, opened on first use.
    pub(crate) fn state<T: AreaState>(&self) -> Arc<T> {
        self.store.get_or_make(|| T::open(self.dir.as_ref()))
    }

    /// The same session with `state` in place of the area's own (tests:
    /// counts kept in a folder of theirs, a faster clock). Copies made
    /// before keep what they had, as a new field value would.
    pub(crate) fn with<T: AreaState>(self, state: T) -> Self {
        Session { store: self.store.with(state), ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Opened(Mutex<Vec<PathBuf>>);

    impl AreaState for Opened {
        fn open(dir: Option<&AccountDir>) -> Self {
            Opened(Mutex::new(dir.map(|d| d.file("things", "json")).into_iter().collect()))
        }
    }

    fn client() -> Client {
        Client::new("http://127.0.0.1:9", api::ApiKey::new("k")).unwrap()
    }

    #[test]
    fn an_area_state_is_opened_once_in_the_account_folder_and_shared_by_copies() {
        let session = Session::of_account(AccountDir::new(Path::new("/data"), "acct-1"), client(), Default::default());
        let copy = session.clone();
        session.state::<Opened>().0.lock().unwrap().push("noted".into());
        let seen = copy.state::<Opened>().0.lock().unwrap().clone();
        assert_eq!(seen, [PathBuf::from("/data/things/acct-1.json"), PathBuf::from("noted")]);
        assert_eq!(session.account_id(), "acct-1");
    }

    #[test]
    fn a_state_put_in_place_is_the_one_read() {
        let before = Session::for_client(client());
        let after = before.clone().with(Opened(Mutex::new(vec!["given".into()])));
        assert_eq!(*after.state::<Opened>().0.lock().unwrap(), [PathBuf::from("given")]);
        assert!(before.state::<Opened>().0.lock().unwrap().is_empty(), "a copy made before keeps its own");
    }
}
