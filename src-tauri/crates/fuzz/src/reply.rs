//! A subscriber's reply, as the inbox reads it: its own words split from
//! the history it quotes, its HTML cleaned, folded and turned into text,
//! and its kind told by triage.

use desk::clean::{clean, RemoteImages};
use desk::inbox::quoted::{fold_html, split_text};
use desk::inbox::triage::{triage, Reply};
use desk::letter::text_from_html;

/// A plain-text reply: the first line its subject, the second its
/// sender, the rest its text.
pub fn reply_text(data: &[u8]) {
    let input = crate::input::text(data);
    let mut parts = input.splitn(3, '\n');
    let (subject, from) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let text = parts.next().unwrap_or_default();
    let (own, quoted) = split_text(text);
    if let Some(quoted) = quoted {
        assert!(!own.trim().is_empty(), "a quote split off with nothing before it: {text:?}");
        assert!(text.len() >= quoted.len(), "the quote is longer than the text: {text:?}");
    } else {
        assert_eq!(own, text, "a text with no quote is kept whole");
    }
    triage(&Reply { subject, from, text, ..Default::default() });
}

/// An HTML reply (and a letter's HTML, made into its text version).
pub fn reply_html(data: &[u8]) {
    let html = crate::input::text(data);
    let cleaned = clean(&html, RemoteImages::Held);
    let folded = fold_html(&cleaned.html);
    assert!(folded.len() >= cleaned.html.len(), "folding lost part of the message: {html:?}");
    triage(&Reply { html: &html, ..Default::default() });
    text_from_html(&html);
}
