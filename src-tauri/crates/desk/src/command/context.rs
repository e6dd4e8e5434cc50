//! What a command runs with: the desk, and through it the open session,
//! the system and the workspace's parts; and the page's channels, for
//! updates a command sends on its own.

use crate::desk::Desk;
use crate::error::Result;
use crate::host::{Host, OpenKind};
use crate::session::Session;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::Arc;

/// Where the page's channels go: the desktop shell opens a channel the page
/// passed to a command, by the id the page gave it.
pub trait Channels: Send + Sync {
    fn open(&self, id: &str) -> Box<dyn Fn(Value) + Send + Sync>;
}

/// What a command runs with: the desk (accounts, the open session, the
/// system, the workspace's parts) and the page's channels. A command's
/// function takes it first and reaches all of them through it.
pub struct Cx<'a> {
    desk: &'a Desk,
    channels: &'a dyn Channels,
}

impl<'a> Cx<'a> {
    pub fn new(desk: &'a Desk, channels: &'a dyn Channels) -> Self {
        Cx { desk, channels }
    }

    /// The desk itself, for what it owns: the accounts, opening one.
    pub fn desk(&self) -> &'a Desk {
        self.desk
    }

    /// The open account's session; an error when none is open.
    pub async fn session(&self) -> Result<Session> {
        self.desk.session().await
    }

    /// The system the app runs on: dialogs, browser, notifications,
    /// clipboard, window.
    pub(crate) fn host(&self) -> Arc<dyn Host> {
        self.desk.host()
    }

    /// One of the workspace's own parts (clicked links, a held close, long
    /// work under way), made on first use.
    pub(crate) fn part<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        self.desk.part()
    }

    /// Where the user wants a file saved, from the system's dialog; `None`
    /// when they cancel. The suggested name is made safe first.
    pub(crate) async fn pick_save_path(&self, suggested: &str) -> Option<PathBuf> {
        self.desk.pick_save_path(suggested).await
    }

    /// The file of `kind` the user picks to open; `None` when they cancel.
    pub(crate) async fn pick_open_path(&self, start_in: Option<PathBuf>, kind: OpenKind) -> Option<PathBuf> {
        self.desk.pick_open_path(start_in, kind).await
    }

    /// The demo workspace's sandbox.
    #[cfg(feature = "demo")]
    pub(crate) fn demo_host(&self) -> &'a crate::demo::DemoHost {
        self.desk.demo_host()
    }

    /// Where the user's canned replies are kept: beside the accounts, as
    /// they are the user's whichever account they answer for.
    pub(crate) fn canned_replies_file(&self) -> PathBuf {
        self.desk.canned_replies_file()
    }

    /// Sends to a channel the page passed; a page gone away is not an error.
    pub fn updates<T: Serialize + 'static>(&self, updates: &Updates<T>) -> impl Fn(T) + Send + Sync + 'static {
        let send = self.channels.open(&updates.id);
        move |update: T| {
            if let Ok(value) = serde_json::to_value(update) {
                send(value);
            }
        }
    }
}

/// A channel the page passes to a command for updates the command sends on
/// its own (progress, a clicked link); `Channel<T>` in TypeScript.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
pub struct Updates<T> {
    id: String,
    #[serde(skip)]
    of: PhantomData<fn(T)>,
}

#[cfg(feature = "ts")]
impl<T: ts_rs::TS + 'static> ts_rs::TS for Updates<T> {
    type WithoutGenerics = Updates<ts_rs::Dummy>;
    type OptionInnerType = Self;

    fn name(cfg: &ts_rs::Config) -> String {
        format!("Channel<{}>", T::name(cfg))
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }

    fn visit_dependencies(visitor: &mut impl ts_rs::TypeVisitor) {
        visitor.visit::<T>();
    }
}

/// Channels nobody listens to, for the crate's tests: what a function run
/// without a page sends goes nowhere.
#[cfg(test)]
pub(crate) struct Unheard;

#[cfg(test)]
impl Channels for Unheard {
    fn open(&self, _: &str) -> Box<dyn Fn(Value) + Send + Sync> {
        Box::new(|_| {})
    }
}
