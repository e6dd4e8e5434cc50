//! The desk: accounts, the open session and the demo workspace, behind one
//! object that the Tauri commands call.

use crate::accounts::file::AccountFile;
use crate::accounts::records::{folder_safe_id, origin_of, AccountView, DEMO_ID};
use crate::codes::WorkspaceAction;
use crate::error::{failed, DeskError, Result};
use crate::secrets::Secrets;
use crate::session::{AccountDir, AroundSessions, Session};
use api::Client;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard, RwLock};

/// The account's plan limits, as the shell's header shows them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    /// Most subscribers the plan may store; `None` when unlimited.
    pub subscriber_limit: Option<i64>,
    /// Unique subscribers stored now.
    pub subscribers: i64,
    /// Messages the account may still send.
    pub messages_left: i64,
    /// Money on the account, when the service says it.
    pub money: Option<f64>,
    /// Its currency (`RUB`), when the service says it.
    pub currency: Option<String>,
}

impl From<api::account::Balance> for BalanceView {
    fn from(b: api::account::Balance) -> Self {
        BalanceView {
            subscriber_limit: (*b.limit_members > 0).then_some(*b.limit_members),
            subscribers: *b.members,
            messages_left: *b.limit_emails,
            money: b.balance.0.as_deref().and_then(|m| m.trim().replace(',', ".").parse().ok()),
            currency: b.currency.0.filter(|c| !c.trim().is_empty()),
        }
    }
}

/// An open account: what the app shell shows in its header.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct WorkspaceView {
    pub account: AccountView,
    pub balance: BalanceView,
}

/// An account's balance read a moment ago by the check of its key, when it
/// was added: its opening right after shows it instead of asking again.
struct Checked {
    id: String,
    balance: api::account::Balance,
    at: std::time::Instant,
}

/// How long a balance read by the check serves the opening.
const CHECKED_SERVES: std::time::Duration = std::time::Duration::from_secs(30);

/// The opening of the account used last, begun as the app starts.
enum Reopening {
    NotBegun,
    Finished(Result<Option<WorkspaceView>>),
    HandedOver,
}

/// The start's opening, claimed: requests for the session wait until it is
/// finished with [`Desk::finish_reopening`].
pub struct StartOpening(OwnedMutexGuard<Reopening>);

pub struct Desk {
    data_dir: PathBuf,
    accounts: AccountFile,
    secrets: Secrets,
    session: RwLock<Option<Session>>,
    reopening: Arc<Mutex<Reopening>>,
    /// The system: dialogs, browser, notifications, clipboard, window.
    host: crate::slot::Slot<Arc<dyn crate::host::Host>>,
    /// What the workspace's own services keep (clicked links, a held
    /// close, the app's facts, long work under way), each by its type.
    parts: crate::typed::TypedStore,
    around: AroundSessions,
    checked: std::sync::Mutex<Option<Checked>>,
    /// What the areas do in the background once an account opens.
    opened_work: crate::background::Background,
    #[cfg(feature = "demo")]
    demo: crate::demo::DemoHost,
}

impl Desk {
    /// The desk over the app's data, with what the areas do around
    /// sessions (`Desk::new`, beside the registry, gives the areas').
    pub(crate) fn assemble(data_dir: PathBuf, secrets: Secrets, around: AroundSessions) -> Self {
        crate::private::keep_private(&data_dir, crate::private::DATA_ENTRIES);
        crate::files::sweep_what_crashes_left(&data_dir);
        Desk {
            accounts: AccountFile::new(&data_dir),
            #[cfg(feature = "demo")]
            demo: crate::demo::DemoHost::new(&data_dir),
            secrets,
            session: RwLock::new(None),
            reopening: Arc::new(Mutex::new(Reopening::NotBegun)),
            host: Default::default(),
            parts: Default::default(),
            around,
            checked: Default::default(),
            opened_work: Default::default(),
            data_dir,
        }
    }

    /// The user's canned replies: theirs whichever account they answer for,
    /// so kept beside `accounts.json`, not in an account's folder.
    pub fn canned_replies_file(&self) -> PathBuf {
        self.data_dir.join("canned-replies.json")
    }

    pub(crate) fn account_file(&self) -> &AccountFile {
        &self.accounts
    }

    pub(crate) fn secrets(&self) -> &Secrets {
        &self.secrets
    }

    #[cfg(feature = "demo")]
    pub(crate) fn demo_host(&self) -> &crate::demo::DemoHost {
        &self.demo
    }

    /// Tells the desk the system's languages, in its order of preference:
    /// a new demo workspace speaks the first of them the app speaks, the
    /// language the page starts in.
    pub fn set_system_languages<S: AsRef<str>>(&self, languages: &[S]) {
        #[cfg(feature = "demo")]
        self.demo.set_language(crate::host::Language::of(languages));
        #[cfg(not(feature = "demo"))]
        let _ = languages;
    }

    /// Opens an account (starting the demo sandbox when needed) and makes it
    /// the one every later command works on.
    pub async fn open_account(&self, id: &str) -> Result<WorkspaceView> {
        let dir = self.account_dir(id)?;
        let (view, client) = if id == DEMO_ID {
            (AccountView::demo(), self.demo_client().await?)
        } else {
            let account = self.find_account(id)?;
            let origin = origin_of(&account.base_url)?;
            let key = self.secrets.load(id, &origin).await?;
            // The client keeps within the service's requests a minute by
            // itself (`api::RequestBudget`); a sandbox on this machine has
            // no such limit unless started with one.
            let client = Client::new(&account.base_url, key).map_err(failed(WorkspaceAction::OpenAccount))?;
            (account.into(), client)
        };
        let balance = match self.checked_just_now(id) {
            Some(balance) => balance,
            None => api::account::balance(&client).await.map_err(failed(WorkspaceAction::OpenAccount))?,
        };
        self.remember_opened(id)?;
        log::info!(target: "desk", "account opened: {id}");
        let session = Session::of_account(dir, client, self.long_work());
        self.on_open(Some(session.clone()));
        *self.session.write().await = Some(session);
        Ok(WorkspaceView { account: view, balance: balance.into() })
    }

    /// Notes the balance the check of an account's key read, for its opening.
    pub(crate) fn note_checked(&self, id: &str, balance: api::account::Balance) {
        let checked = Checked { id: id.to_string(), balance, at: std::time::Instant::now() };
        *self.checked.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(checked);
    }

    /// The balance the check of `id`'s key read a moment ago, once.
    fn checked_just_now(&self, id: &str) -> Option<api::account::Balance> {
        let checked = self.checked.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()?;
        (checked.id == id && checked.at.elapsed() < CHECKED_SERVES).then_some(checked.balance)
    }

    /// Puts the demo workspace back as it was on first start.
    #[cfg(feature = "demo")]
    pub async fn reset_demo(&self) -> Result<WorkspaceView> {
        self.close_if_open(DEMO_ID).await;
        self.demo_host().reset().await?;
        self.open_account(DEMO_ID).await
    }

    #[cfg(feature = "demo")]
    async fn demo_client(&self) -> Result<Client> {
        self.demo.client().await
    }

    #[cfg(not(feature = "demo"))]
    async fn demo_client(&self) -> Result<Client> {
        Err(DeskError::AccountMissing)
    }

    /// Claims the opening of the account used last, to run while the window
    /// loads (so the keyring, the demo sandbox and the first request do not
    /// wait for the page); from now on the session's users wait for it. The
    /// start screen picks the result up with [`Desk::reopen_last`].
    pub fn begin_reopening(&self) -> Option<StartOpening> {
        let state = self.reopening.clone().try_lock_owned().ok()?;
        matches!(*state, Reopening::NotBegun).then_some(StartOpening(state))
    }

    /// Runs the opening claimed at start.
    pub async fn finish_reopening(&self, mut opening: StartOpening) {
        *opening.0 = Reopening::Finished(self.open_last().await);
    }

    /// The account used last, opened; `None` when there is none. The first
    /// call takes over the opening begun at start (waiting for it to
    /// finish); later calls open anew.
    pub async fn reopen_last(&self) -> Result<Option<WorkspaceView>> {
        let mut state = self.reopening.lock().await;
        match std::mem::replace(&mut *state, Reopening::HandedOver) {
            Reopening::Finished(result) => result,
            Reopening::NotBegun | Reopening::HandedOver => self.open_last().await,
        }
    }

    async fn open_last(&self) -> Result<Option<WorkspaceView>> {
        match self.accounts()?.last_opened {
            Some(id) => self.open_account(&id).await.map(Some),
            None => Ok(None),
        }
    }

    /// Sets the system the app runs on (the Tauri shell's, as it starts).
    pub fn set_host(&self, host: Arc<dyn crate::host::Host>) {
        self.host.set(host);
    }

    /// The system the app runs on; [`crate::host::NoHost`] until one is set.
    pub fn host(&self) -> Arc<dyn crate::host::Host> {
        self.host.get().unwrap_or_else(|| Arc::new(crate::host::NoHost))
    }

    /// Where the user wants a file saved (the app's native dialog): the
    /// path comes from the user, never from the page; `None` when they
    /// cancel or there is no host. The suggested name comes from outside
    /// (an attachment's, a campaign's), so the dialog is offered it made safe.
    pub(crate) async fn pick_save_path(&self, suggested: &str) -> Option<PathBuf> {
        let host = self.host();
        let suggested = crate::names::safe_file_name(suggested);
        crate::blocking::blocking(move || host.pick_save_path(&suggested)).await.ok().flatten()
    }

    /// Asks the user for a file of `kind` to open; the path comes from the
    /// user, never from the page. `None` when they cancel or there is no host.
    pub(crate) async fn pick_open_path(
        &self,
        start_in: Option<PathBuf>,
        kind: crate::host::OpenKind,
    ) -> Option<PathBuf> {
        let host = self.host();
        crate::blocking::blocking(move || host.pick_open_path(start_in.as_deref(), kind)).await.ok().flatten()
    }

    /// Makes the UI open this account when it starts.
    pub fn reopen_at_start(&self, id: &str) -> Result<()> {
        if id != DEMO_ID {
            self.find_account(id)?;
        }
        self.remember_opened(id)
    }

    /// One of the workspace's own parts, made on first use.
    pub(crate) fn part<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        self.parts.get_or_make(T::default)
    }

    /// The open account. While the account used last is being opened at
    /// start, waits for it: the first screen asks for its data at once.
    pub async fn session(&self) -> Result<Session> {
        drop(self.reopening.lock().await);
        self.session.read().await.clone().ok_or(DeskError::NoAccountOpen)
    }

    /// Where the account `id`'s files are; refused for an id that is no
    /// safe folder name.
    pub(crate) fn account_dir(&self, id: &str) -> Result<AccountDir> {
        Ok(AccountDir::new(&self.data_dir, folder_safe_id(id)?))
    }

    /// Removes what the app learnt and counted of the account `id`, gone.
    pub(crate) fn forget_learnt(&self, id: &str) {
        // An id refused as a folder name never had folders to forget.
        if let Ok(dir) = self.account_dir(id) {
            (self.around.forget)(&dir);
        }
    }

    pub(crate) async fn close_if_open(&self, id: &str) {
        let mut session = self.session.write().await;
        if session.as_ref().is_some_and(|s| s.account_id() == id) {
            self.on_open(None);
            *session = None;
        }
    }

    /// Stops the work in the background of the account that was open, and
    /// starts what the areas do for `session`'s as it opens, if given.
    fn on_open(&self, session: Option<Session>) {
        self.opened_work.replace(session.map(|session| tokio::spawn((self.around.opened)(session))));
    }
}
