//! Subscribers who answer a campaign: the reply opens a dialog, sometimes
//! with HTML (a quote of the campaign, a remote image), sometimes with an
//! attachment, sometimes with a follow-up later on.

use super::reply_words::Words;
use super::sent::Sent;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::store::{now, stamp};
use chrono::{Duration, NaiveDateTime};
use rusqlite::OptionalExtension;
use rusqlite::{params, Connection};
use serde_json::json;

/// A one-pixel PNG, so that an image attachment is a real image.
const PIXEL_PNG: [u8; 70] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x38, 0xD0, 0x65, 0xF0, 0x1F, 0x00, 0x06, 0x02, 0x02, 0x7A, 0xC7, 0x3C, 0x08,
    0x18, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

struct Inbound<'a> {
    /// Another sender than the subscriber (a mail server's failure notice).
    from: Option<&'a str>,
    /// The subject's prefix before the campaign's subject ("Re: " when absent).
    prefix: Option<&'a str>,
    text: &'a str,
    html: bool,
    quote: bool,
    remote_image: bool,
}

fn add_message(
    conn: &Connection,
    dialog: i64,
    message: &Sent,
    name: &str,
    inbound: &Inbound,
    at: NaiveDateTime,
    words: &Words,
) -> Result<i64> {
    let subject = match (inbound.prefix, inbound.from) {
        (_, Some(_)) => "Undelivered Mail Returned to Sender".to_string(),
        (Some(prefix), None) => format!("{prefix}{}", message.subject),
        (None, None) => format!("Re: {}", message.subject),
    };
    let (from_email, name) = match inbound.from {
        Some(server) => (server, "Mail Delivery System"),
        None => (message.email, name),
    };
    let quote_text = format!("\n\n{}\n> {}", (words.wrote)(&stamp(at)), message.subject);
    let clean_html = if inbound.html {
        let image = if inbound.remote_image {
            r#"<p><img src="https://images.example.net/signature.png" alt="signature"></p>"#
        } else {
            ""
        };
        format!("<div><p>{}</p>{image}<p>— {}</p></div>", escape(inbound.text), escape(name))
    } else {
        String::new()
    };
    let full_html = if inbound.html && inbound.quote {
        format!("{clean_html}<blockquote>{}</blockquote>", escape(message.subject))
    } else {
        clean_html.clone()
    };
    let clean_text = format!("{}\n\n— {name}", inbound.text);
    let full_text = if inbound.quote { format!("{clean_text}{quote_text}") } else { clean_text.clone() };
    conn.execute(
        "INSERT INTO dialog_messages (dialog_id, direction, from_email, from_name, subject, body_text, body_html,
            body_text_clean, body_html_clean, created_at)
         VALUES (?1, 'in', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![dialog, from_email, name, subject, full_text, full_html, clean_text, clean_html, stamp(at)],
    )?;
    Ok(conn.last_insert_rowid())
}

/// What a reply answers: the delivery (a mail server or an auto-reply
/// answers every message) or the reading (a person answers).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    Delivered,
    Read,
}

/// The subscriber's reply, and the dialog it opens.
pub fn reply(
    conn: &Connection,
    message: &Sent,
    at: NaiveDateTime,
    cause: Cause,
    rng: &mut fastrand::Rng,
    speed: f64,
) -> Result<()> {
    let name: String = conn
        .query_row(
            "SELECT trim(coalesce(merge_1, '') || ' ' || coalesce(merge_2, '')) FROM members WHERE id = ?1",
            [message.member_id],
            |r| r.get(0),
        )
        .unwrap_or_default();
    let name = if name.is_empty() { message.email.split('@').next().unwrap_or_default().to_string() } else { name };
    conn.execute(
        "INSERT INTO dialogs (campaign_id, list_id, member_id, subscriber_email, subject, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            message.campaign_id,
            message.list_id,
            message.member_id,
            message.email,
            format!("Re: {}", message.subject),
            stamp(at)
        ],
    )?;
    let dialog = conn.last_insert_rowid();
    let words = Words::of(crate::demo_language::Language::of_store(conn));
    // A realistic mix: on delivery, auto-replies and some failure notices;
    // after reading, the replies people wrote, some requests to unsubscribe
    // and a few complaints.
    let failure = format!(
        "This is the mail system at host mx.example.net.\n\nYour message could not be delivered to one or more \
         recipients.\n\n<{}>: 550 5.1.1 User unknown",
        message.email
    );
    let roll = rng.u8(..100);
    let (answer, prefix, from, human): (&str, Option<&str>, Option<&str>, bool) = match (cause, roll) {
        (Cause::Delivered, 0..=84) => {
            let (prefix, text) = words.auto_replies[rng.usize(..words.auto_replies.len())];
            (text, Some(prefix), None, false)
        }
        (Cause::Delivered, _) => (failure.as_str(), None, Some("MAILER-DAEMON@mx.example.net"), false),
        (Cause::Read, 0..=14) => {
            (words.unsubscribe_requests[rng.usize(..words.unsubscribe_requests.len())], None, None, false)
        }
        (Cause::Read, 15..=21) => (words.complaints[rng.usize(..words.complaints.len())], None, None, false),
        (Cause::Read, _) => (words.answers[rng.usize(..words.answers.len())], None, None, true),
    };
    let html = human && rng.bool();
    let inbound = Inbound {
        from,
        prefix,
        text: answer,
        html,
        quote: human && rng.u8(..3) > 0,
        remote_image: html && rng.u8(..3) == 0,
    };
    let first = add_message(conn, dialog, message, &name, &inbound, at, words)?;
    if human && (answer.contains(words.attached) || rng.u8(..3) == 0) {
        let (filename, content_type, content): (&str, &str, Vec<u8>) = if rng.bool() {
            ("photo.png", "image/png", PIXEL_PNG.to_vec())
        } else {
            ("order.csv", "text/csv", words.order_csv.as_bytes().to_vec())
        };
        conn.execute(
            "INSERT INTO dialog_attachments (message_id, filename, content_type, content) VALUES (?1, ?2, ?3, ?4)",
            params![first, filename, content_type, content],
        )?;
    }
    if human && rng.u8(..4) == 0 {
        let later = at + Duration::milliseconds((rng.f64() * 2.0 * 86_400_000.0 / speed) as i64);
        let follow = Inbound {
            from: None,
            prefix: None,
            text: words.follow_ups[rng.usize(..words.follow_ups.len())],
            html: false,
            quote: false,
            remote_image: false,
        };
        add_message(conn, dialog, message, &name, &follow, later, words)?;
    }
    Ok(())
}

/// The dialog an injected reply goes to: the one named, or the subscriber's
/// open dialog about the campaign, or a new one.
fn dialog_for(conn: &Connection, call: &Call, subject: &str) -> Result<i64> {
    let p = &call.params;
    if let Some(id) = p.int("dialog_id")? {
        let known: Option<i64> =
            conn.query_row("SELECT id FROM dialogs WHERE id = ?1", [id], |r| r.get(0)).optional()?;
        return known.ok_or_else(|| Fault::new(404, 4, format!("There is no dialog {id}")));
    }
    let campaign = p.required_int("campaign_id")?;
    let email = p.required_text("email")?.trim().to_lowercase();
    let open: Option<i64> = conn
        .query_row(
            "SELECT id FROM dialogs WHERE campaign_id = ?1 AND subscriber_email = ?2 AND status = 'open'
             ORDER BY id DESC LIMIT 1",
            params![campaign, email],
            |r| r.get(0),
        )
        .optional()?;
    if let Some(id) = open {
        return Ok(id);
    }
    let list_ids: Option<String> =
        conn.query_row("SELECT list_ids FROM campaigns WHERE id = ?1", [campaign], |r| r.get(0)).optional()?;
    let list_ids = list_ids.ok_or_else(|| Fault::new(404, 4, format!("There is no campaign {campaign}")))?;
    let lists: Vec<i64> = serde_json::from_str(&list_ids).unwrap_or_default();
    let member: Option<(i64, i64)> = lists.iter().find_map(|list| {
        conn.query_row("SELECT id, list_id FROM members WHERE list_id = ?1 AND email = ?2", params![list, email], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .ok()
    });
    let (member_id, list_id) = member.unwrap_or((0, lists.first().copied().unwrap_or(0)));
    conn.execute(
        "INSERT INTO dialogs (campaign_id, list_id, member_id, subscriber_email, subject, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![campaign, list_id, member_id, email, subject, now()],
    )?;
    Ok(conn.last_insert_rowid())
}

/// `POST /v2/sandbox/replies` (sandbox only): puts an inbound message into
/// a dialog, so that tests and anyone trying the app can show it any reply.
/// The HTML is stored exactly as sent: cleaning it is the app's job.
pub fn inject(conn: &Connection, call: &Call) -> Result<Outcome> {
    use base64::Engine;
    let p = &call.params;
    let subject = p.text("subject").unwrap_or_default();
    let html = p.text("html").unwrap_or_default();
    let text = p.text("text").unwrap_or_default();
    if html.is_empty() && text.is_empty() {
        return Err(Fault::invalid("A reply needs html or text"));
    }
    let mut files = Vec::new();
    for file in p.raw("attachments").and_then(|a| a.as_array()).into_iter().flatten() {
        let field = |key: &str| file.get(key).and_then(|v| v.as_str()).unwrap_or_default().to_string();
        let content = base64::engine::general_purpose::STANDARD
            .decode(field("content_base64"))
            .map_err(|_| Fault::invalid("An attachment's content_base64 is not base64"))?;
        files.push((field("filename"), field("content_type"), content));
    }
    let dialog = dialog_for(conn, call, &subject)?;
    let email: String = conn.query_row("SELECT subscriber_email FROM dialogs WHERE id = ?1", [dialog], |r| r.get(0))?;
    conn.execute(
        "INSERT INTO dialog_messages (dialog_id, direction, from_email, from_name, subject, body_text, body_html,
            body_text_clean, body_html_clean, created_at)
         VALUES (?1, 'in', ?2, '', ?3, ?4, ?5, ?4, ?5, ?6)",
        params![dialog, email, subject, text, html, now()],
    )?;
    let message = conn.last_insert_rowid();
    for (filename, content_type, content) in files {
        conn.execute(
            "INSERT INTO dialog_attachments (message_id, filename, content_type, content) VALUES (?1, ?2, ?3, ?4)",
            params![message, filename, content_type, content],
        )?;
    }
    Ok(Outcome::data(json!({"dialog_id": dialog, "message_id": message})))
}
