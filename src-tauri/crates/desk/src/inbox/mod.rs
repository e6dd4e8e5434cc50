//! The dialogs inbox: subscribers' replies to campaigns, read and answered.
//! The service documents dialogs only in its legacy interface, so every call
//! here uses it (through `api::dialogs`).

pub mod clean;
pub mod kept;
pub(crate) mod marks;
pub mod news;
pub mod quoted;
pub mod triage;
mod walk;

use crate::desk::Session;
use crate::error::{failed, Action, DeskError, FormField, Result};
use crate::views::service_time;
use api::dialogs::{self as wire, Dialog, DialogMessage, DialogStatus, Direction};
use clean::{clean, RemoteImages};
use serde::{Deserialize, Serialize};
use triage::{triage, Reply, ReplyKind, Sign};

/// The service's most dialogs or messages per request.
const PAGE_MAX: u32 = 200;

/// Which dialogs the list shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DialogFilter {
    #[default]
    Open,
    Closed,
    All,
}

impl DialogFilter {
    fn wire(self) -> &'static str {
        match self {
            DialogFilter::Open => "open",
            DialogFilter::Closed => "closed",
            DialogFilter::All => "all",
        }
    }
}

/// A dialog's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DialogState {
    Open,
    Closed,
}

impl From<DialogStatus> for DialogState {
    fn from(status: DialogStatus) -> Self {
        match status {
            DialogStatus::Closed => DialogState::Closed,
            DialogStatus::Open | DialogStatus::Unknown => DialogState::Open,
        }
    }
}

/// What the dialog list asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DialogQuery {
    pub filter: DialogFilter,
    pub unread_only: bool,
    pub campaign_id: Option<i64>,
    pub list_id: Option<i64>,
    /// Searches the subscriber's address, the subject and the campaign's name.
    pub search: Option<String>,
    pub offset: u32,
    pub limit: u32,
}

/// One row of the dialog list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DialogRow {
    pub id: i64,
    pub subscriber: String,
    pub subject: String,
    pub campaign_id: i64,
    pub campaign_name: Option<String>,
    pub list_id: i64,
    pub member_id: i64,
    pub state: DialogState,
    /// The start of the latest message, up to 250 characters.
    pub preview: Option<String>,
    pub last_message_at: Option<String>,
    pub unread: i64,
    pub has_attachments: bool,
    /// What the latest message reads as: the inbox puts people first.
    pub kind: ReplyKind,
    /// What gave the kind away.
    pub sign: Sign,
}

impl From<Dialog> for DialogRow {
    fn from(d: Dialog) -> Self {
        let text = d.last_message_preview.as_deref().unwrap_or_default();
        let read = triage(&Reply { subject: &d.subject, from: &d.subscriber_email, text, ..Default::default() });
        DialogRow::new(d, read)
    }
}

impl DialogRow {
    fn new(d: Dialog, read: triage::Triage) -> Self {
        DialogRow {
            kind: read.kind,
            sign: read.sign,
            id: *d.id,
            subscriber: d.subscriber_email.0,
            subject: d.subject.0,
            campaign_id: *d.campaign_id,
            campaign_name: d.campaign_name.0,
            list_id: *d.list_id,
            member_id: *d.member_id,
            state: d.status.into(),
            preview: d.last_message_preview.0,
            last_message_at: service_time(d.last_message_at.as_deref()),
            unread: *d.unread_count,
            has_attachments: *d.has_attachments,
        }
    }
}

/// A page of the dialog list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DialogPage {
    pub rows: Vec<DialogRow>,
    pub offset: u32,
    /// Whether more dialogs follow this page.
    pub has_more: bool,
}

/// A dialog's page of rows; one more than asked is read to know whether
/// more follow.
pub async fn dialogs(session: &Session, query: &DialogQuery) -> Result<DialogPage> {
    let limit = query.limit.clamp(1, PAGE_MAX - 1);
    let search = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(String::from);
    let wire_query = wire::DialogQuery {
        status: Some(query.filter.wire().to_string()),
        unread_only: query.unread_only,
        campaign_id: query.campaign_id,
        list_id: query.list_id,
        search,
        limit: Some(limit + 1),
        offset: Some(query.offset),
    };
    let mut rows = wire::list(session.client(), &wire_query).await.map_err(failed(Action::LoadDialogs))?;
    let has_more = rows.len() > limit as usize;
    rows.truncate(limit as usize);
    let rows = rows.into_iter().map(|d| marked_row(session, d)).collect();
    Ok(DialogPage { rows, offset: query.offset, has_more })
}

/// A dialog's row, filed as the marketer filed its sender when they did.
fn marked_row(session: &Session, dialog: Dialog) -> DialogRow {
    match session.reply_marks.of(&dialog.subscriber_email) {
        Some(mark) => DialogRow::new(dialog, mark),
        None => DialogRow::from(dialog),
    }
}

/// Files every reply from `sender` as `kind` from now on, ahead of the
/// classifier; `None` gives them back to it.
pub fn mark_sender(session: &Session, sender: &str, kind: Option<ReplyKind>) -> Result<()> {
    session.reply_marks.mark(sender, kind)
}

/// A file attached to a message.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    pub id: i64,
    /// The sender's file name made safe (see `names`): what the thread
    /// shows is what the save dialog offers.
    pub filename: String,
    pub content_type: String,
    pub size_bytes: i64,
    /// An image small enough to preview inline.
    pub previewable: bool,
}

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

/// A dialog with everything said in it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ThreadView {
    pub dialog: DialogRow,
    pub entries: Vec<ThreadEntry>,
}

fn entry(message: DialogMessage, images: RemoteImages, marks: &marks::Marks) -> ThreadEntry {
    let at = service_time(Some(&message.created_at));
    if *message.kind == "event" {
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
        attachments: message
            .attachments
            .into_iter()
            .map(|a| AttachmentView {
                id: *a.id,
                previewable: previewable(&a.file),
                filename: crate::names::safe_file_name(&a.file.filename),
                content_type: a.file.content_type.0,
                size_bytes: *a.file.size_bytes,
            })
            .collect(),
    })
}

/// A dialog's thread, its HTML cleaned, remote images held back. Reading
/// it changes nothing (so the next thread can be read ahead); showing it
/// marks it read with [`mark_read`].
pub async fn thread(session: &Session, dialog_id: i64) -> Result<ThreadView> {
    let client = session.client();
    let (dialog, messages) = tokio::try_join!(
        async { wire::get(client, dialog_id).await.map_err(failed(Action::LoadThread)) },
        walk::all_messages(session, dialog_id, Action::LoadThread, walk::MOST_ENTRIES)
    )?;
    let entries: Vec<ThreadEntry> =
        messages.into_iter().map(|m| entry(m, RemoteImages::Held, &session.reply_marks)).collect();
    // The dialog reads as its latest reply, every part of it weighed.
    let latest = entries.iter().rev().find_map(|e| match e {
        ThreadEntry::Message(MessageView { triage: Some(read), .. }) => Some(*read),
        _ => None,
    });
    let dialog = match latest {
        Some(read) => DialogRow::new(dialog, read),
        None => marked_row(session, dialog),
    };
    Ok(ThreadView { dialog, entries })
}

/// Marks every message of the dialog read: the user has seen the thread.
pub async fn mark_read(session: &Session, dialog_id: i64) -> Result<()> {
    wire::mark_read(session.client(), dialog_id, None).await.map_err(failed(Action::MarkRead))
}

/// One message with its remote images, for when the user asks to see them.
pub async fn message_with_images(session: &Session, dialog_id: i64, message_id: i64) -> Result<Option<MessageView>> {
    let messages = walk::all_messages(session, dialog_id, Action::LoadThread, walk::MOST_ENTRIES).await?;
    Ok(messages.into_iter().filter(|m| *m.id == message_id).find_map(|m| {
        match entry(m, RemoteImages::Shown, &session.reply_marks) {
            ThreadEntry::Message(view) => Some(view),
            ThreadEntry::Event { .. } => None,
        }
    }))
}

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

/// Sends a reply and answers its message id. Never repeated on its own: a
/// reply sent twice arrives twice. When the answer is lost after sending,
/// the thread is read again: an outgoing message with this text that was not
/// there before is the reply; otherwise the error says it may have gone.
pub async fn reply(session: &Session, dialog_id: i64, draft: &ReplyDraft) -> Result<i64> {
    let text = crate::form::text(&draft.text, FormField::Reply)?;
    let html = if draft.html.trim().is_empty() { plain_html(&text) } else { draft.html.clone() };
    let client = session.client();
    let before = sent_with_text(session, dialog_id, &text).await?;
    match wire::reply(client, dialog_id, &html, &text, draft.quote).await.map_err(failed(Action::SendReply)) {
        Err(err) if err.outcome_unknown() => {
            let after = sent_with_text(session, dialog_id, &text).await.map_err(|_| err.clone())?;
            after.into_iter().find(|id| !before.contains(id)).ok_or(err)
        }
        other => other,
    }
}

async fn sent_with_text(session: &Session, dialog_id: i64, text: &str) -> Result<Vec<i64>> {
    let messages = walk::all_messages(session, dialog_id, Action::SendReply, walk::MOST_ENTRIES).await?;
    Ok(messages
        .iter()
        .filter(|m| m.direction == Direction::Out && *m.kind != "event" && m.body_text_clean.trim() == text)
        .map(|m| *m.id)
        .collect())
}

/// A plain-text reply as HTML: escaped, paragraphs and line breaks kept.
pub fn plain_html(text: &str) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    text.split("\n\n").map(|para| format!("<p>{}</p>", escape(para.trim_matches('\n')).replace('\n', "<br>"))).collect()
}

/// Closes a dialog: it leaves the open list.
pub async fn close(session: &Session, dialog_id: i64) -> Result<()> {
    wire::close(session.client(), dialog_id).await.map_err(failed(Action::CloseDialog))
}

/// Opens a closed dialog again.
pub async fn reopen(session: &Session, dialog_id: i64) -> Result<()> {
    wire::reopen(session.client(), dialog_id).await.map_err(failed(Action::ReopenDialog))
}

/// Marks the dialog's latest reply unread again.
pub async fn mark_unread(session: &Session, dialog_id: i64) -> Result<()> {
    wire::mark_unread(session.client(), dialog_id).await.map_err(failed(Action::MarkUnread))
}

/// What a subscriber did, or what happened to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ActivityAction {
    Sent,
    Opened,
    Clicked,
    Unsubscribed,
    Bounced,
    Complained,
    Other,
}

impl ActivityAction {
    fn from_wire(action: &str) -> Self {
        match action {
            "campaign-sent" => ActivityAction::Sent,
            "campaign-opened" => ActivityAction::Opened,
            "campaign-clicked" => ActivityAction::Clicked,
            "unsubscribe" => ActivityAction::Unsubscribed,
            "bounced" => ActivityAction::Bounced,
            "abuse-report" => ActivityAction::Complained,
            _ => ActivityAction::Other,
        }
    }
}

/// One entry of a subscriber's history.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ActivityView {
    pub at: Option<String>,
    pub action: ActivityAction,
    pub campaign_name: Option<String>,
    pub detail: Option<String>,
}

/// The campaign a reply answers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CampaignRef {
    pub id: i64,
    pub name: Option<String>,
    pub subject: Option<String>,
    pub list_ids: Vec<i64>,
    pub sent: i64,
}

/// Who wrote a reply, beside the thread: their record, what they did
/// lately, and the campaign they answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplierView {
    pub email: String,
    /// The subscriber's record in the campaign's list; `None` when it is gone.
    pub state: Option<crate::views::SubscriberState>,
    pub subscribed_at: Option<String>,
    pub activity: Vec<ActivityView>,
    pub campaign: Option<CampaignRef>,
    /// The record's additional fields with their template variables
    /// (`NAME` of `%NAME%`), for canned replies.
    pub fields: Vec<ReplierField>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplierField {
    pub title: String,
    pub tag: String,
    pub value: String,
}

/// What replies can be narrowed to: the campaigns that went out and the lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReplySources {
    pub campaigns: Vec<SourceOption>,
    pub lists: Vec<SourceOption>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SourceOption {
    pub id: i64,
    pub name: String,
}

/// The campaigns that were sent (newest first) and the lists, for the
/// inbox's filters.
pub async fn sources(session: &Session) -> Result<ReplySources> {
    let client = session.client();
    let (campaigns, lists) = tokio::join!(crate::reports::sent_campaigns(client), api::lists::list(client, None));
    let campaigns = campaigns.map_err(failed(Action::LoadDialogs))?;
    let lists = lists.map_err(failed(Action::LoadDialogs))?;
    Ok(ReplySources {
        campaigns: campaigns
            .iter()
            .map(|c| SourceOption { id: *c.id, name: crate::reports::display_name(c) })
            .collect(),
        lists: lists.into_iter().map(|l| SourceOption { id: *l.id, name: l.name.0 }).collect(),
    })
}

/// How much of a subscriber's history the panel shows.
const ACTIVITY_SHOWN: usize = 8;

/// The replier's record, recent activity and campaign, read side by side.
/// What the service no longer has (a deleted record or campaign) is left out.
pub async fn replier(session: &Session, dialog_id: i64) -> Result<ReplierView> {
    let client = session.client();
    let dialog = wire::get(client, dialog_id).await.map_err(failed(Action::LoadSubscriber))?;
    let (list_id, email) = (*dialog.list_id, dialog.subscriber_email.0.clone());
    let (member, activity, campaign, list) = tokio::join!(
        api::members::get(client, list_id, &email),
        api::members::activity(client, list_id, &email),
        api::campaigns::get(client, *dialog.campaign_id),
        api::lists::get(client, list_id),
    );
    let member = member.ok();
    let fields = match (&member, list) {
        (Some(member), Ok(list)) => list
            .fields()
            .into_iter()
            .map(|field| ReplierField {
                value: member.merges.get(field.merge_id).unwrap_or_default().to_string(),
                tag: field.def.var.to_uppercase(),
                title: field.def.title,
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(ReplierView {
        email,
        state: member.as_ref().map(|m| m.state.into()),
        subscribed_at: member.as_ref().and_then(|m| service_time(m.optin_time.as_deref())),
        activity: activity
            .unwrap_or_default()
            .into_iter()
            .take(ACTIVITY_SHOWN)
            .map(|a| ActivityView {
                at: service_time(Some(&a.action_time)),
                action: ActivityAction::from_wire(&a.action),
                campaign_name: a.campaign_name.0,
                detail: a.action_text.0,
            })
            .collect(),
        campaign: campaign.ok().map(|c| CampaignRef {
            id: *c.id,
            name: c.name.0,
            subject: c.subject.0,
            list_ids: c.list_id.0,
            sent: *c.emails_sent,
        }),
        fields,
    })
}

/// Unsubscribes the replier from every list of the campaign they answered
/// (what an unsubscribe request asks for); answers how many records changed.
/// A lost answer is settled by reading the subscriber in that list:
/// unsubscribed is done, anything else was not.
pub async fn unsubscribe_replier(session: &Session, dialog_id: i64) -> Result<u64> {
    let client = session.client();
    let dialog = wire::get(client, dialog_id).await.map_err(failed(Action::Unsubscribe))?;
    let campaign = api::campaigns::get(client, *dialog.campaign_id).await.map_err(failed(Action::Unsubscribe))?;
    let mut lists = campaign.list_id.0.clone();
    if lists.is_empty() {
        lists.push(*dialog.list_id);
    }
    let mut changed = 0;
    for list in lists {
        changed += match api::members::unsubscribe(client, list, &dialog.subscriber_email)
            .await
            .map_err(failed(Action::Unsubscribe))
        {
            Err(lost) if lost.outcome_unknown() => {
                unsubscribed_in(session, list, &dialog.subscriber_email, lost).await?
            }
            changed => changed?,
        };
    }
    Ok(changed)
}

/// The subscriber's state in the list, read after an unsubscribe whose
/// answer was lost: one record changed when unsubscribed now.
async fn unsubscribed_in(session: &Session, list_id: i64, email: &str, lost: DeskError) -> Result<u64> {
    match api::members::get(session.client(), list_id, email).await {
        Ok(member) if member.state == api::members::MemberState::Unsubscribed => Ok(1),
        Ok(_) => Err(DeskError::NotDone { action: Action::Unsubscribe, state: None, delivery_time: None }),
        Err(_) => Err(lost),
    }
}

/// Images small enough to preview inline, in formats that carry no script.
const PREVIEWED: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const PREVIEW_MAX_BYTES: i64 = 5 * 1024 * 1024;

fn previewable(file: &wire::FileInfo) -> bool {
    PREVIEWED.contains(&file.content_type.to_ascii_lowercase().as_str()) && *file.size_bytes <= PREVIEW_MAX_BYTES
}

/// An image attachment as a `data:` address for an inline preview; `None`
/// for other files and for images too large to preview. The download link
/// is asked for each time: a link lives 15 minutes and is never kept.
pub async fn preview_attachment(session: &Session, attachment_id: i64) -> Result<Option<String>> {
    use base64::Engine;
    let client = session.client();
    let link = wire::attachment_link(client, attachment_id).await.map_err(failed(Action::LoadAttachment))?;
    if !previewable(&link.file) {
        return Ok(None);
    }
    let bytes = client.fetch_link(&link.url).await.map_err(failed(Action::LoadAttachment))?;
    let kind = link.file.content_type.to_ascii_lowercase();
    Ok(Some(format!("data:{kind};base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))))
}

/// Saves an attachment, through a fresh download link, into the file the
/// user picked, whole or not at all; answers the bytes written.
pub async fn save_attachment(session: &Session, attachment_id: i64, path: &std::path::Path) -> Result<u64> {
    let client = session.client();
    let link = wire::attachment_link(client, attachment_id).await.map_err(failed(Action::SaveAttachment))?;
    let bytes = client.fetch_link(&link.url).await.map_err(failed(Action::SaveAttachment))?;
    crate::files::save(path, bytes, Action::SaveAttachment).await
}

impl crate::Desk {
    /// Asks the user where to save an attachment (suggesting its name) and
    /// saves it there; `None` when they cancel.
    pub async fn save_attachment(&self, attachment_id: i64, filename: &str) -> Result<Option<u64>> {
        let session = self.session().await?;
        let Some(path) = self.pick_save_path(filename).await else { return Ok(None) };
        save_attachment(&session, attachment_id, &path).await.map(Some)
    }
}

/// Unread messages, in open and in closed dialogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UnreadCounts {
    pub total: i64,
    pub open: i64,
    pub closed: i64,
}

pub async fn unread(session: &Session) -> Result<UnreadCounts> {
    let counts = wire::unread_count(session.client()).await.map_err(failed(Action::CountUnread))?;
    Ok(UnreadCounts { total: *counts.total, open: *counts.by_status.open, closed: *counts.by_status.closed })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_reply_becomes_escaped_paragraphs() {
        assert_eq!(plain_html("Hello <Ann>,\nthanks!\n\n— Team"), "<p>Hello &lt;Ann&gt;,<br>thanks!</p><p>— Team</p>");
    }
}
