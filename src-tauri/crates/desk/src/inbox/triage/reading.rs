//! A reply read the way triage looks at it: the subject with its reply and
//! forward prefixes told apart, the sender's address and name, and only
//! the words the sender wrote (an HTML-only message turned into text, the
//! quoted history under it split off by the inbox's own splitter), all in
//! lower case with `ё` read as `е` and runs of spaces as one.

use crate::inbox::quoted::split_text;

/// A subscriber's message as the service gives it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reply<'a> {
    pub subject: &'a str,
    /// The sender's address.
    pub from: &'a str,
    /// The sender's display name; "" when the service has none.
    pub from_name: &'a str,
    /// The plain text; "" for an HTML-only message.
    pub text: &'a str,
    /// The HTML body; "" when there is none.
    pub html: &'a str,
}

/// What triage reads of a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Read {
    /// The whole subject, normalised.
    pub subject: String,
    /// The subject without the prefixes mail clients add to replies and forwards.
    pub bare_subject: String,
    /// Whether the subject starts as a reply's or a forward's does ("Re:", "Ответ:", "AW:").
    pub reply_prefix: bool,
    pub from: String,
    pub from_name: String,
    /// The sender's own words, without the history they quoted.
    pub own: String,
    /// What those words talk about (see `cues`), read once for the signs,
    /// the model and the decision.
    pub own_cues: Vec<&'static str>,
    /// The message came as HTML only.
    pub html_only: bool,
    /// The sender quoted earlier mail under their words.
    pub quoted: bool,
}

impl Read {
    /// Whether the sender's own words show a cue of `cues.txt`.
    pub(crate) fn shows(&self, cue: &str) -> bool {
        self.own_cues.contains(&cue)
    }

    /// The sender tells of an automatic answer they got, or of no answer
    /// at all ("your auto-reply said…, then silence"): a person wrote it,
    /// whatever words of a machine's it quotes.
    pub(crate) fn tells_of_an_answer(&self) -> bool {
        self.shows("got an automatic answer") || self.shows("no answer since")
    }

    /// The sender asks the business for something, reports a problem or
    /// tells of an answer: auto-replies answer no one in particular.
    pub(crate) fn engaged(&self) -> bool {
        self.shows("asks the sender") || self.shows("reports a problem") || self.tells_of_an_answer()
    }
}

/// Prefixes of replies and forwards in the languages mail clients speak.
const PREFIXES: [&str; 22] = [
    "re",
    "fw",
    "fwd",
    "ответ",
    "отв",
    "пересл",
    "aw",
    "wg",
    "sv",
    "vs",
    "vb",
    "r",
    "rif",
    "tr",
    "réf",
    "ref",
    "rv",
    "res",
    "enc",
    "antw",
    "odp",
    "відповідь",
];

/// Longest text read of a message: auto-replies and requests are short, a
/// long message is a person's, and its first part says so.
const LONGEST: usize = 3000;

pub(crate) fn normalise(s: &str) -> String {
    let lower = s.to_lowercase().replace('ё', "е");
    lower.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The subject without its leading reply and forward prefixes ("Re[2]:",
/// "RE: FW:", "Ответ: Re:"), and whether it had any.
fn strip_prefixes(subject: &str) -> (String, bool) {
    let mut rest = subject.trim();
    let mut had = false;
    while let Some(colon) = rest.find(':') {
        let head = rest[..colon].trim();
        // "Re[2]" and "Re(3)" count replies.
        let word = head.split(['[', '(']).next().unwrap_or(head).trim().trim_end_matches('.');
        if !PREFIXES.contains(&word) {
            break;
        }
        had = true;
        rest = rest[colon + 1..].trim_start();
    }
    (rest.to_string(), had)
}

/// The text of an HTML body, quotes marked with `>` as mail clients do.
fn html_text(html: &str) -> String {
    crate::clean::text_of(html, 200)
}

pub(crate) fn read(reply: &Reply) -> Read {
    let html_only = reply.text.trim().is_empty() && !reply.html.trim().is_empty();
    let text = if html_only { html_text(reply.html) } else { reply.text.to_string() };
    let (own, quote) = split_text(&text);
    // Only the reply's own words: quoted lines between them are the campaign's.
    let own: String = own.lines().filter(|l| !l.trim_start().starts_with('>')).collect::<Vec<_>>().join("\n");
    let mut own = normalise(&own);
    if own.len() > LONGEST {
        let cut = (0..=LONGEST).rev().find(|&i| own.is_char_boundary(i)).unwrap_or(0);
        own.truncate(cut);
    }
    let subject = normalise(reply.subject);
    let (bare_subject, reply_prefix) = strip_prefixes(&subject);
    Read {
        own_cues: super::cues::cues(&own),
        bare_subject,
        reply_prefix,
        subject,
        from: normalise(reply.from),
        from_name: normalise(reply.from_name),
        own,
        html_only,
        quoted: quote.is_some() || text.lines().any(|l| l.trim_start().starts_with('>')),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_of_every_language_and_count_are_taken_off() {
        for (subject, bare) in [
            ("Re: Spring sale", "spring sale"),
            ("RE: FW: Spring sale", "spring sale"),
            ("Re[2]: Весенняя распродажа", "весенняя распродажа"),
            ("Ответ: Re: Скидки", "скидки"),
            ("AW: Frühling", "frühling"),
            ("Automatic reply: Spring sale", "automatic reply: spring sale"),
        ] {
            assert_eq!(strip_prefixes(&normalise(subject)).0, bare, "{subject}");
        }
        assert!(!strip_prefixes("spring sale").1);
    }

    #[test]
    fn only_the_senders_own_words_are_read() {
        let reply = Reply {
            subject: "Re: Новости",
            text: "Спасибо, всё пришло!\n\nпн, 3 мар. 2026 г. в 10:00, Магазин <news@shop.example> написал(а):\n> Отписаться от рассылки",
            ..Default::default()
        };
        let read = read(&reply);
        assert_eq!(read.own, "спасибо, все пришло!");
        assert!(read.quoted && read.reply_prefix);
    }

    #[test]
    fn an_html_only_message_is_read_as_text_without_its_quote() {
        let reply = Reply {
            html: "<div dir=\"ltr\">Do you ship to Kazan?</div><div>On Mon, Shop wrote:</div><blockquote>Unsubscribe here</blockquote>",
            ..Default::default()
        };
        let read = read(&reply);
        assert!(read.html_only);
        assert!(read.own.contains("do you ship to kazan?"), "{}", read.own);
        assert!(!read.own.contains("unsubscribe"), "{}", read.own);
    }
}
