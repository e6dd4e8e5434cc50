//! A command the page may call, declared once beside the function it runs,
//! with the caches it reads or changes. From the declarations come the
//! desktop shell's one handler (`src-tauri/src/commands.rs`), the page's
//! typed functions, query keys and mutation hooks (`ui/src/ipc/`, written by
//! a test that fails when they disagree), and which cached answers a change
//! drops: the page never guesses it.
//!
//! A tag names a cache: a `read` command's answer is cached under the tags it
//! names; a `change` drops every cached answer that reads a tag it names.

use crate::error::{DeskError, Result};
use futures_util::future::BoxFuture;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

mod call;
mod context;
#[cfg(test)]
pub(crate) use context::Unheard;
pub use context::{Channels, Cx, Updates};

/// A cache the page keeps, by what it holds. A `read` command's answer is
/// kept under the tags it names (and [`Tag::Workspace`]); a `change` drops
/// every answer kept under a tag it names. One word each, so a change cannot
/// name a cache by a word no read uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tag {
    /// Every answer: a change naming it (another account opened, the open one changed) drops them all; every read is kept under it.
    Workspace,
    /// The service account itself: its balance, senders, sending domains and webhooks.
    Account,
    /// The accounts the app knows.
    Accounts,
    /// The address lists, their fields and contact details.
    Lists,
    /// A list's subscribers: pages of the members table, cards, counts.
    Subscribers,
    /// The lists' saved segments.
    Segments,
    /// Imports into a list, under way and past.
    Imports,
    /// Changes of many subscribers, interrupted ones included.
    Changes,
    /// The campaigns listing.
    Campaigns,
    /// One campaign as its editor shows it: its letter, lists and launch.
    Campaign,
    /// A campaign's attached files.
    Attachments,
    /// Reports: the overview, a campaign's dashboard and rows.
    Reports,
    /// The automations listing.
    Automations,
    /// One automation as its editor shows it.
    Automation,
    /// The account's saved templates.
    Templates,
    /// Transactional messages: their log, one message, the counts of a period.
    Messages,
    /// Inbound processing: its domains, its settings, the account's rights there.
    Inbound,
    /// Inbound routes, in their order.
    Routes,
    /// What inbound routes left: kept messages and deliveries.
    Stored,
    /// The inbox's dialogs listing.
    Dialogs,
    /// One dialog's messages.
    Thread,
    /// The inbox's unread counts.
    Unread,
    /// A reply being written, kept as a draft.
    ReplyDraft,
    /// The user's saved answers.
    CannedReplies,
    /// What the last run left when it ended without closing.
    Crashes,
}

impl Tag {
    /// Every tag, in the order above.
    pub const ALL: &[Tag] = &[
        Tag::Workspace,
        Tag::Account,
        Tag::Accounts,
        Tag::Lists,
        Tag::Subscribers,
        Tag::Segments,
        Tag::Imports,
        Tag::Changes,
        Tag::Campaigns,
        Tag::Campaign,
        Tag::Attachments,
        Tag::Reports,
        Tag::Automations,
        Tag::Automation,
        Tag::Templates,
        Tag::Messages,
        Tag::Inbound,
        Tag::Routes,
        Tag::Stored,
        Tag::Dialogs,
        Tag::Thread,
        Tag::Unread,
        Tag::ReplyDraft,
        Tag::CannedReplies,
        Tag::Crashes,
    ];

    /// The tag as the page names its caches.
    pub const fn name(self) -> &'static str {
        match self {
            Tag::Workspace => "workspace",
            Tag::Account => "account",
            Tag::Accounts => "accounts",
            Tag::Lists => "lists",
            Tag::Subscribers => "subscribers",
            Tag::Segments => "segments",
            Tag::Imports => "imports",
            Tag::Changes => "changes",
            Tag::Campaigns => "campaigns",
            Tag::Campaign => "campaign",
            Tag::Attachments => "attachments",
            Tag::Reports => "reports",
            Tag::Automations => "automations",
            Tag::Automation => "automation",
            Tag::Templates => "templates",
            Tag::Messages => "messages",
            Tag::Inbound => "inbound",
            Tag::Routes => "routes",
            Tag::Stored => "stored",
            Tag::Dialogs => "dialogs",
            Tag::Thread => "thread",
            Tag::Unread => "unread",
            Tag::ReplyDraft => "reply_draft",
            Tag::CannedReplies => "canned_replies",
            Tag::Crashes => "crashes",
        }
    }
}

/// Whether the page caches a command's answer, the command changes what
/// others read (and the page drops those answers), or it changes them and
/// the page writes its answer into them in place (nothing is read again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Read,
    Change,
    /// A change whose answer the page writes into the caches it names (a
    /// dialog marked read, a reply sent): dropping them would read again
    /// what the page already knows.
    Patch,
}

/// One command: its name on the wire, its kind and tags, and how it runs.
pub struct Command {
    pub name: &'static str,
    pub kind: Kind,
    pub tags: &'static [Tag],
    pub run: for<'a> fn(&'a Cx<'a>, Value) -> BoxFuture<'a, Result<Value>>,
    #[cfg(feature = "ts")]
    pub signature: fn(&ts_rs::Config) -> Signature,
    #[cfg(feature = "ts")]
    pub export: Export,
}

/// Writes a type of the page's, and every type it names.
#[cfg(feature = "ts")]
pub type Export = fn(&ts_rs::Config) -> std::result::Result<(), ts_rs::ExportError>;

/// A command's arguments and answer as TypeScript names them.
#[cfg(feature = "ts")]
pub struct Signature {
    pub args: Vec<(&'static str, String)>,
    pub returns: String,
}

/// The arguments the page sent, read into the command's own struct; arguments
/// that do not fit are the page's mistake, reported as such.
pub fn arguments<A: DeserializeOwned>(command: &'static str, payload: Value) -> Result<A> {
    serde_json::from_value(payload)
        .map_err(|err| DeskError::BadArguments { command: command.to_string(), detail: err.to_string() })
}

/// The answer as the page receives it. An answer that cannot be written
/// out is the app's own fault, not the page's: nothing the page sent.
pub fn answer<T: Serialize>(value: T) -> Result<Value> {
    serde_json::to_value(value).map_err(|err| DeskError::Internal { detail: format!("the answer: {err}") })
}

/// An area as the registry lists it: its name (its module's), what it is,
/// its commands, and the codes its failures name (what the user was doing,
/// which field was refused).
pub struct Area {
    pub name: &'static str,
    pub kind: AreaKind,
    pub commands: &'static [Command],
    pub actions: &'static [crate::codes::Action],
    pub fields: &'static [crate::codes::FormField],
    /// The kinds of failure the area has of its own (see [`crate::error::AreaFailure`]).
    pub failures: Failures,
}

/// An area's own kinds of failure, as the page's types are written from
/// them: [`Failures::NONE`], or `crate::failures!(TheAreasFailure)`.
#[derive(Clone, Copy)]
pub struct Failures {
    #[cfg(feature = "ts")]
    pub export: Option<Export>,
}

impl Failures {
    pub const NONE: Failures = Failures {
        #[cfg(feature = "ts")]
        export: None,
    };
}

/// An area's own kind of failure, for its registry entry (see [`Failures`]).
#[macro_export]
macro_rules! failures {
    ($failure:ty) => {
        $crate::command::Failures {
            #[cfg(feature = "ts")]
            export: Some(|cfg| $crate::command::export_type::<$failure>(cfg)),
        }
    };
}

/// What a registered module is to the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AreaKind {
    /// A subject of its own (a screen, most of them): it names no other area.
    Area,
    /// A shared floor the areas stand on (the letter, long work, the workspace itself).
    Floor,
    /// A part of another area in a module of its own (the lists' import):
    /// the two may name each other, and no other area names either.
    PartOf(&'static str),
}

/// Declares an area's commands. Each line:
///
/// ```text
/// read  name(arg: Type, ...) -> Answer [Tag, ...] => |cx| expression;
/// change name(arg: Type, ...) -> Answer [Tag, ...] => |cx| expression;
/// patch  name(arg: Type, ...) -> Answer [Tag, ...] => |cx| expression;
/// ```
///
/// The expression sees the arguments by name and `cx` (a [`Cx`]) and is a
/// `Result<Answer>`; it may `.await`.
#[macro_export]
macro_rules! commands {
    ($( $(#[$doc:meta])* $kind:ident $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> $ret:ty [$($tag:ident),* $(,)?] => |$cx:ident| $body:expr ; )*) => {
        /// This area's commands, as the registry lists them.
        pub const COMMANDS: &[$crate::command::Command] = &[$(
            $crate::command::Command {
                name: stringify!($name),
                kind: $crate::commands!(@kind $kind),
                tags: &[$($crate::command::Tag::$tag),*],
                run: {
                    $(#[$doc])*
                    #[allow(unused_variables)]
                    fn run<'a>(
                        $cx: &'a $crate::command::Cx<'a>,
                        payload: serde_json::Value,
                    ) -> futures_util::future::BoxFuture<'a, $crate::error::Result<serde_json::Value>> {
                        Box::pin(async move {
                            #[derive(serde::Deserialize)]
                            #[serde(rename_all = "camelCase")]
                            struct Arguments { $($arg: $ty),* }
                            let Arguments { $($arg),* } = $crate::command::arguments(stringify!($name), payload)?;
                            let answer: $ret = $body?;
                            $crate::command::answer(answer)
                        })
                    }
                    run
                },
                #[cfg(feature = "ts")]
                signature: |cfg| $crate::command::Signature {
                    args: vec![$((stringify!($arg), <$ty as ts_rs::TS>::name(cfg))),*],
                    returns: <$ret as ts_rs::TS>::name(cfg),
                },
                #[cfg(feature = "ts")]
                export: |cfg| {
                    $( $crate::command::export_type::<$ty>(cfg)?; )*
                    $crate::command::export_type::<$ret>(cfg)
                },
            }
        ),*];
    };
    (@kind read) => { $crate::command::Kind::Read };
    (@kind change) => { $crate::command::Kind::Change };
    (@kind patch) => { $crate::command::Kind::Patch };
}

/// Writes a type and everything it names; containers such as `Vec<T>` are
/// not declared themselves, only what they hold. Each type is visited once:
/// a container's dependencies are those of what it holds, so a type that
/// holds itself (a row of columns holds blocks) would otherwise be followed
/// round for ever.
#[cfg(feature = "ts")]
pub fn export_type<T: ts_rs::TS + 'static + ?Sized>(
    cfg: &ts_rs::Config,
) -> std::result::Result<(), ts_rs::ExportError> {
    export_once::<T>(cfg, &mut std::collections::HashSet::new())
}

#[cfg(feature = "ts")]
fn export_once<T: ts_rs::TS + 'static + ?Sized>(
    cfg: &ts_rs::Config,
    seen: &mut std::collections::HashSet<std::any::TypeId>,
) -> std::result::Result<(), ts_rs::ExportError> {
    struct Exporter<'a> {
        cfg: &'a ts_rs::Config,
        seen: &'a mut std::collections::HashSet<std::any::TypeId>,
        result: std::result::Result<(), ts_rs::ExportError>,
    }
    impl ts_rs::TypeVisitor for Exporter<'_> {
        fn visit<T: ts_rs::TS + 'static + ?Sized>(&mut self) {
            if self.result.is_ok() {
                self.result = export_once::<T>(self.cfg, self.seen);
            }
        }
    }
    if !seen.insert(std::any::TypeId::of::<T>()) {
        return Ok(());
    }
    if T::output_path().is_some() {
        return T::export_all(cfg);
    }
    let mut exporter = Exporter { cfg, seen, result: Ok(()) };
    T::visit_dependencies(&mut exporter);
    T::visit_generics(&mut exporter);
    exporter.result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_that_do_not_fit_are_the_page_s_and_an_unwritable_answer_the_app_s() {
        #[derive(Debug, serde::Deserialize)]
        struct Takes {
            #[allow(dead_code)]
            list_id: i64,
        }
        let wrong = arguments::<Takes>("get_list", serde_json::json!({"list_id": "seven"})).unwrap_err();
        assert!(matches!(wrong, DeskError::BadArguments { command, .. } if command == "get_list"));
        // A map keyed by something other than text has no JSON form.
        let unwritable = std::collections::BTreeMap::from([((1, 2), "x")]);
        assert!(matches!(answer(unwritable), Err(DeskError::Internal { .. })));
        assert_eq!(answer(7).unwrap(), serde_json::json!(7));
    }
}
