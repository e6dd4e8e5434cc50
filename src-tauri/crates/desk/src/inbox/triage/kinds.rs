//! What triage tells of a reply: its kind, and what gave it away.

use serde::Serialize;

/// A reply's kind, as its tag shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReplyKind {
    /// Written by a person: comes first.
    Human,
    /// Out of office, on vacation, "message received".
    AutoReply,
    /// A delivery failure notice from a mail server.
    Failure,
    /// Asks to be taken off the list.
    Unsubscribe,
    /// Calls the mail spam or unwanted.
    Complaint,
}

impl ReplyKind {
    /// Whether the inbox folds this kind away from the replies people wrote.
    pub fn folds(self) -> bool {
        matches!(self, ReplyKind::AutoReply | ReplyKind::Failure)
    }
}

/// What gave a reply's kind away, as the inbox says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Sign {
    /// The subject a mail system gives such messages ("Automatic reply:", "Undeliverable:").
    Subject,
    /// The sender: a mail server, a no-reply address.
    Sender,
    /// Sentences of the kind ("I am out of the office", "550 5.1.1", "remove me").
    Words,
    /// The message as a whole reads like the kind's examples.
    Likeness,
    /// The marketer filed this sender's replies as this kind.
    Marked,
    /// A person's reply that reads a little like an automatic one: kept with
    /// the people, for the marketer to judge.
    Unsure,
    /// A person's reply.
    Nothing,
}
