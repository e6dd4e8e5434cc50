//! A dialog read: its entries, their HTML cleaned and remote images held
//! back, and who wrote beside them, read side by side so the thread and its
//! replier panel show together.

use super::attachments::AttachmentView;
use super::known::Known;
use super::listing::{marked_row, record};
use super::marks::Marks;
use super::replier::{self, ReplierView};
use super::{marks, quoted, triage, walk, DialogRow, Reply};
use crate::clean::{clean, RemoteImages};
use crate::error::Result;
use crate::inbox::Action;
use crate::session::Session;
use crate::views::service_time;
use api::dialogs::{Dialog, DialogMessage, DialogStatus, Direction};
use api::loose;
use serde::Serialize;

/// A message of a thread, its HTML cleaned.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    pub id: i64,
    /// From the subscriber (`true`) or from the account.
    pub inbound: bool,
    pub from_email: String,
    pub from_name: String,
    pub subject: String,
    /// What the sender wrote, without the history they quoted.
    pub text: String,
    /// The history quoted under the text, shown folded; `None` when none.
    pub quoted_text: Option<String>,
    /// Safe to show in the sandboxed frame; `None` for a text-only message.
    pub html: Option<String>,
    /// Remote images left out until the user asks for them.
    pub held_images: u32,
    pub read: bool,
    pub at: Option<String>,
    pub attachments: Vec<AttachmentView>,
    /// What a subscriber's message reads as, and why; `None` for the account's own.
    pub triage: Option<triage::Triage>,
}

/// Something that happened to a dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DialogEvent {
    Closed,
    Opened,
}

/// One entry of a thread, in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ThreadEntry {
    Message(MessageView),
    #[serde(rename_all = "camelCase")]
    Event {
        id: i64,
        event: DialogEvent,
        at: Option<String>,
    },
}

/// A dialog with everything said in it, and who said it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ThreadView {
    pub dialog: DialogRow,
    pub entries: Vec<ThreadEntry>,
    /// Read with the thread, so the panel beside it comes with it.
    pub replier: ReplierView,
}

/// A dialog and its entries as they are now (after a reply went, say).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ThreadRead {
    pub dialog: DialogRow,
    pub entries: Vec<ThreadEntry>,
}

fn entry(message: DialogMessage, images: RemoteImages, marks: &marks::Marks) -> ThreadEntry {
    let at = service_time(Some(&message.created_at));
    if is_event(&message) {
        let event = if message.subject.contains("open") { DialogEvent::Opened } else { DialogEvent::Closed };
        return ThreadEntry::Event { id: *message.id, event, at };
    }
    let cleaned = (!message.body_html_clean.trim().is_empty()).then(|| clean(&message.body_html_clean, images));
    let inbound = message.direction == Direction::In;
    let read = inbound.then(|| {
        marks.of(&message.from_email).unwrap_or_else(|| {
            triage(&Reply {
                subject: &message.subject,
                from: &message.from_email,
                from_name: &message.from_name,
                text: &message.body_text_clean,
                html: &message.body_html_clean,
            })
        })
    });
    let (own_text, quoted_text) = quoted::split_text(&message.body_text_clean);
    ThreadEntry::Message(MessageView {
        triage: read,
        id: *message.id,
        inbound,
        from_email: message.from_email.0,
        from_name: message.from_name.0,
        subject: message.subject.0,
        text: own_text,
        quoted_text,
        held_images: cleaned.as_ref().map_or(0, |c| c.held_images as u32),
        html: cleaned.map(|c| quoted::fold_html(&c.html)),
        read: *message.is_read,
        at,
        attachments: message.attachments.into_iter().map(AttachmentView::from).collect(),
    })
}

/// Whether an entry is an event (closed, opened) rather than a message.
fn is_event(message: &DialogMessage) -> bool {
    *message.kind == "event"
}

/// How many characters of the latest message the list shows, as the service does.
const PREVIEW_CHARS: usize = 250;

/// The dialog's record as its entries show it now: one remembered from the
/// list may be older than them (a reply came, it was read or closed since).
fn as_entries_show(record: &mut Dialog, messages: &[DialogMessage]) {
    let said: Vec<&DialogMessage> = messages.iter().filter(|m| !is_event(m)).collect();
    let unread = said.iter().filter(|m| m.direction == Direction::In && !*m.is_read).count();
    record.unread_count = loose::Int(unread as i64);
    record.has_attachments = loose::Flag(said.iter().any(|m| !m.attachments.is_empty()));
    if let Some(latest) = said.last() {
        record.last_message_at = loose::MaybeText(Some(latest.created_at.0.clone()));
        record.last_message_preview =
            loose::MaybeText(Some(latest.body_text_clean.chars().take(PREVIEW_CHARS).collect()));
    }
    if let Some(event) = messages.iter().rev().find(|m| is_event(m)) {
        record.status = if event.subject.contains("open") { DialogStatus::Open } else { DialogStatus::Closed };
    }
}

/// The thread from its record and entries; both are remembered for the session.
pub(super) fn as_read(session: &Session, mut record: Dialog, messages: Vec<DialogMessage>) -> ThreadRead {
    session.state::<Known>().remember_entries(*record.id, messages.iter().map(|m| *m.id));
    as_entries_show(&mut record, &messages);
    session.state::<Known>().remember_dialogs([&record]);
    let marks = session.state::<Marks>();
    let entries: Vec<ThreadEntry> = messages.into_iter().map(|m| entry(m, RemoteImages::Held, &marks)).collect();
    // The dialog reads as its latest reply, every part of it weighed.
    let latest = entries.iter().rev().find_map(|e| match e {
        ThreadEntry::Message(MessageView { triage: Some(read), .. }) => Some(*read),
        _ => None,
    });
    let dialog = match latest {
        Some(read) => DialogRow::new(record, read),
        None => marked_row(session, record),
    };
    ThreadRead { dialog, entries }
}

/// A dialog's thread, its HTML cleaned, remote images held back, with its
/// replier. A dialog the list showed is read in one round trip: its entries
/// and the replier's record and history side by side. Reading it changes
/// nothing (so the next thread can be read ahead); showing it marks it read
/// with [`super::mark_read`].
pub async fn thread(session: &Session, dialog_id: i64) -> Result<ThreadView> {
    let with_replier = async {
        let record = record(session, dialog_id, Action::LoadThread).await?;
        let replier = replier::of(session, &record).await;
        Ok((record, replier))
    };
    let ((record, replier), messages) =
        tokio::try_join!(with_replier, walk::all_messages(session, dialog_id, Action::LoadThread, walk::MOST_ENTRIES))?;
    let ThreadRead { dialog, entries } = as_read(session, record, messages);
    Ok(ThreadView { dialog, entries, replier })
}

/// A dialog's record and entries as they are now, for a thread read again
/// without its replier (see [`as_read`]).
pub(super) async fn read_again(
    session: &Session,
    dialog_id: i64,
    action: Action,
) -> Result<(Dialog, Vec<DialogMessage>)> {
    tokio::try_join!(
        record(session, dialog_id, action),
        walk::all_messages(session, dialog_id, action, walk::MOST_ENTRIES)
    )
}

/// One message with its remote images, for when the user asks to see them.
pub async fn message_with_images(session: &Session, dialog_id: i64, message_id: i64) -> Result<Option<MessageView>> {
    let messages = walk::all_messages(session, dialog_id, Action::LoadThread, walk::MOST_ENTRIES).await?;
    let marks = session.state::<Marks>();
    Ok(messages.into_iter().filter(|m| *m.id == message_id).find_map(|m| match entry(m, RemoteImages::Shown, &marks) {
        ThreadEntry::Message(view) => Some(view),
        ThreadEntry::Event { .. } => None,
    }))
}
