//! The Transactional area: single messages to one recipient (an order's
//! receipt, a password's reset), sent from a confirmed sender on a
//! verified domain; their log, one message's outcome, and the counts of a
//! period. The service refuses all of it until the sender's domain is
//! verified (code 34): the page then says so and opens the domain.

pub(crate) mod attachments;
mod commands;
mod failures;
mod period;

pub use attachments::{grant as grant_attachment, AttachedFile, MAX_BYTES as ATTACHMENTS_MAX_BYTES};
pub use commands::AREA;
pub use failures::MessageFailure;
pub use period::{period, MessagePeriod, PeriodWords};

use crate::address::{Judge, Verdict};
use crate::error::{failed, DeskError, Result};
use crate::session::Session;
use crate::settle::settled;
use api::transactional::{Delivery, Message};
use serde::{Deserialize, Serialize};

crate::codes! {
    /// What the user was doing in transactional mail, when something failed.
    pub enum Action: Action { SendMessage, LoadMessageLog, LoadMessage, LoadMessageStats }
    /// A field of the message's form, named when its value is refused.
    pub enum Field: FormField { MessageTo, MessageFrom, MessageBody }
}

/// A message as the form writes it.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MessageForm {
    pub to: String,
    pub from_email: String,
    pub from_name: String,
    pub subject: String,
    pub html: String,
    pub text: String,
    /// The user's own id for the message (an order number); one is made when empty.
    pub message_id: String,
    /// Files picked to go with it ([`AttachedFile::file_id`]), in order.
    #[serde(default)]
    pub attachments: Vec<String>,
}

/// A message sent: the service's id and the message's own.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SentMessage {
    pub transaction_id: String,
    pub message_id: String,
}

/// What became of a message, as the service last knew.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum MessageOutcome {
    Sent,
    Delivered,
    Opened,
    Clicked,
    Bounced,
    Complained,
    Unsubscribed,
    Dropped,
    Unknown,
}

impl MessageOutcome {
    /// The service's status code (`5` sent, `3` delivered…), or its name when the code is not one of them.
    fn of(code: i64, name: &str) -> Self {
        match code {
            5 => Self::Sent,
            3 => Self::Delivered,
            7 => Self::Opened,
            6 => Self::Clicked,
            4 => Self::Bounced,
            9 => Self::Complained,
            8 => Self::Unsubscribed,
            _ if name.eq_ignore_ascii_case("dropped") => Self::Dropped,
            _ => Self::Unknown,
        }
    }

    /// The name the service's log is filtered by; `None` for an outcome it has no name for.
    fn service_name(self) -> Option<&'static str> {
        Some(match self {
            Self::Sent => "Sent",
            Self::Delivered => "Delivered",
            Self::Opened => "Opened",
            Self::Clicked => "Clicked",
            Self::Bounced => "Bounced",
            Self::Complained => "Complained",
            Self::Unsubscribed => "Unsubscribed",
            Self::Dropped => "Dropped",
            Self::Unknown => return None,
        })
    }
}

/// One message of the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MessageRow {
    pub transaction_id: String,
    pub message_id: String,
    pub to: String,
    pub from_email: String,
    pub subject: String,
    pub outcome: MessageOutcome,
    /// Why it was not delivered, as the service said; empty otherwise.
    pub error: String,
    /// When it was sent (the service's time, ISO); `None` when not said.
    pub sent_at: Option<String>,
    /// The names of the files it carried, where the service says.
    pub files: Vec<String>,
}

impl From<Delivery> for MessageRow {
    fn from(d: Delivery) -> Self {
        MessageRow {
            outcome: MessageOutcome::of(*d.status, &d.statusname),
            transaction_id: d.transaction_id.0,
            message_id: d.message_id.0,
            to: d.to.0,
            from_email: d.from_email.or_empty(),
            subject: d.subject.or_empty(),
            error: printable::printable(&d.errormessage.or_empty()),
            sent_at: crate::views::service_time(d.created.0.as_deref()),
            files: d.attachments.into_iter().map(|f| printable::printable(&f.name)).collect(),
        }
    }
}

/// A page of the log, newest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MessageLog {
    pub rows: Vec<MessageRow>,
    /// More are older than these.
    pub more: bool,
}

/// Messages per outcome in a period.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MessageStats {
    pub sent: i64,
    pub delivered: i64,
    pub opened: i64,
    pub clicked: i64,
    pub bounced: i64,
    pub complained: i64,
    pub unsubscribed: i64,
}

/// The form's message as sent, its own id made when the user gave none
/// (so that a lost answer can be found in the log by it).
fn message(form: &MessageForm) -> Result<Message> {
    let to = form.to.trim();
    if to.is_empty() {
        return Err(DeskError::Required { field: Field::MessageTo.into() });
    }
    if matches!(Judge::default().judge(to), Verdict::Invalid) {
        return Err(DeskError::NotAnAddress { field: Field::MessageTo.into() });
    }
    let from = form.from_email.trim();
    if from.is_empty() {
        return Err(DeskError::Required { field: Field::MessageFrom.into() });
    }
    if matches!(Judge::default().judge(from), Verdict::Invalid) {
        return Err(DeskError::NotAnAddress { field: Field::MessageFrom.into() });
    }
    let html = if form.html.trim().is_empty() { plain_html(&form.text) } else { form.html.clone() };
    if html.trim().is_empty() {
        return Err(DeskError::Required { field: Field::MessageBody.into() });
    }
    let given = |value: &str| Some(value.trim().to_string()).filter(|v| !v.is_empty());
    let message_id = given(&form.message_id)
        .unwrap_or_else(|| format!("desk-{}", (0..16).map(|_| fastrand::alphanumeric()).collect::<String>()));
    Ok(Message {
        to: to.to_string(),
        from_email: from.to_string(),
        from_name: given(&form.from_name),
        subject: given(&form.subject),
        html,
        plain_text: given(&form.text),
        message_id: Some(message_id),
        attachments: Vec::new(),
    })
}

/// A text-only message as the HTML the service requires: its lines, escaped.
fn plain_html(text: &str) -> String {
    if text.trim().is_empty() {
        return String::new();
    }
    let escaped = crate::clean::escape(text);
    format!("<p>{}</p>", escaped.replace("\r\n", "\n").replace('\n', "<br>"))
}

/// Sends the message now. The service offers no undo: the page asks first.
/// A lost answer is settled by the message's own id in the recipient's log.
pub async fn send(session: &Session, form: &MessageForm) -> Result<SentMessage> {
    let mut message = message(form)?;
    message.attachments = attachments::read(session, &form.attachments).await?;
    let message_id = message.message_id.clone().unwrap_or_default();
    let sent = api::transactional::send(session.client(), &message).await.map_err(failed(Action::SendMessage));
    let found = async {
        let log = api::transactional::log(session.client(), &[message.to.as_str()], None).collect_all().await.ok()?;
        log.into_iter().find(|d| d.message_id == message_id.as_str()).map(|d| d.transaction_id.0)
    };
    let transaction_id = settled(sent, found).await?;
    Ok(SentMessage { transaction_id, message_id })
}

/// How many messages a page of the log holds.
const PAGE: u64 = 50;

/// A page of the log, newest first, from `start`; `recipient` narrows it
/// to one address, `outcome` to the messages it became of.
pub async fn log(
    session: &Session,
    recipient: Option<&str>,
    outcome: Option<MessageOutcome>,
    start: u64,
) -> Result<MessageLog> {
    let recipient = recipient.map(str::trim).filter(|r| !r.is_empty());
    let emails: Vec<&str> = recipient.into_iter().collect();
    let status = outcome.and_then(MessageOutcome::service_name);
    let mut pager = api::transactional::log(session.client(), &emails, status).starting_at(start).page_size(PAGE);
    let page = pager.next_page().await.map_err(failed(Action::LoadMessageLog))?;
    Ok(match page {
        Some(page) => MessageLog { more: page.has_more, rows: page.items.into_iter().map(MessageRow::from).collect() },
        None => MessageLog { rows: Vec::new(), more: false },
    })
}

/// One message as the service knows it now.
pub async fn message_now(session: &Session, transaction_id: &str) -> Result<MessageRow> {
    let delivery =
        api::transactional::status(session.client(), transaction_id).await.map_err(failed(Action::LoadMessage))?;
    Ok(delivery.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> MessageForm {
        MessageForm {
            to: " anna@example.com ".into(),
            from_email: "orders@shop.example".into(),
            html: "<p>Заказ №42 принят</p>".into(),
            ..MessageForm::default()
        }
    }

    #[test]
    fn a_message_gets_an_id_of_its_own_unless_the_user_gave_one() {
        let made = message(&form()).unwrap();
        assert_eq!(made.to, "anna@example.com");
        assert!(made.message_id.as_deref().is_some_and(|id| id.starts_with("desk-") && id.len() == 21));
        let given = message(&MessageForm { message_id: " order-42 ".into(), ..form() }).unwrap();
        assert_eq!(given.message_id.as_deref(), Some("order-42"));
    }

    #[test]
    fn a_text_only_message_goes_as_its_escaped_lines() {
        let made = message(&MessageForm { html: " ".into(), text: "Заказ <42>\nпринят".into(), ..form() }).unwrap();
        assert_eq!(made.html, "<p>Заказ &lt;42&gt;<br>принят</p>");
        assert_eq!(made.plain_text.as_deref(), Some("Заказ <42>\nпринят"));
    }

    #[test]
    fn a_message_needs_a_recipient_a_sender_and_a_body() {
        let refused = |f: MessageForm| message(&f).unwrap_err();
        assert_eq!(
            refused(MessageForm { to: "".into(), ..form() }),
            DeskError::Required { field: Field::MessageTo.into() }
        );
        assert_eq!(
            refused(MessageForm { to: "anna@".into(), ..form() }),
            DeskError::NotAnAddress { field: Field::MessageTo.into() }
        );
        assert_eq!(
            refused(MessageForm { from_email: "".into(), ..form() }),
            DeskError::Required { field: Field::MessageFrom.into() }
        );
        assert_eq!(
            refused(MessageForm { html: "".into(), ..form() }),
            DeskError::Required { field: Field::MessageBody.into() }
        );
    }

    #[test]
    fn an_outcome_is_read_from_the_services_code() {
        assert_eq!(MessageOutcome::of(3, "delivered"), MessageOutcome::Delivered);
        assert_eq!(MessageOutcome::of(4, ""), MessageOutcome::Bounced);
        assert_eq!(MessageOutcome::of(0, "Dropped"), MessageOutcome::Dropped);
        assert_eq!(MessageOutcome::of(42, "?"), MessageOutcome::Unknown);
    }
}
