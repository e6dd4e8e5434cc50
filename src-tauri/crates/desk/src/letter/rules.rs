//! The rules a letter is checked by: every condition the service sets for
//! sending it (a campaign's launch, an automation's save), and what else
//! would spoil it, as a list of rules that pass, fail (the service would
//! refuse it: Schedule and Send stay off) or warn. One function serves the
//! editors' live check and the command line.
//!
//! The unsubscribe rule reads the markup as a browser does (an HTML
//! parser): an element counts only if it is in the document, so mentions in
//! text, comments, scripts, attributes or a `<template>` do not.

use super::tags::UNSUBSCRIBE_TAG;
use super::Letter;
use crate::clean::depth::shallow;
use scraper::{ElementRef, Html, Selector};
use serde::Serialize;

/// The id the service looks for in HTML and AMP versions.
pub const UNSUBSCRIBE_ID: &str = "unsub_link";
/// Common mail clients clip messages larger than this (in bytes).
pub const CLIPPED_OVER: usize = 100 * 1024;

/// A version of the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Version {
    Html,
    Text,
    Amp,
}

/// What a rule checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Rule {
    /// At least one list to send to.
    Lists,
    Subject,
    SenderName,
    SenderAddress,
    /// The sender address is one the account has confirmed.
    SenderConfirmed,
    /// The sender address's domain is a sending domain the service has verified.
    DomainVerified,
    /// An HTML or a text version.
    Version,
    /// The unsubscribe link of one version.
    UnsubscribeLink,
    /// Links with no address or one that is not an address.
    Links,
    /// Images without `alt` text.
    ImageAlt,
    /// Over the size common mail clients clip.
    Size,
    /// Personalisation tags the chosen lists do not define.
    Tags,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    Pass,
    Fail,
    Warn,
}

/// One rule's result, with what it found (never a sentence: the page and
/// the command line say it in the reader's language).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CheckItem {
    pub rule: Rule,
    pub outcome: Outcome,
    /// The version the rule is about, when it is about one.
    pub version: Option<Version>,
    /// What was found: the offending links, images' sources, the size in bytes.
    pub found: Vec<String>,
}

impl CheckItem {
    pub(crate) fn new(rule: Rule, outcome: Outcome, version: Option<Version>) -> Self {
        CheckItem { rule, outcome, version, found: Vec::new() }
    }
}

/// A part of the letter, when it holds more than blanks.
fn filled(value: &str) -> Option<&str> {
    Some(value).filter(|v| !v.trim().is_empty())
}

/// Whether an element sits inside a `<template>` (whose content is not part
/// of the document).
fn in_template(element: &ElementRef) -> bool {
    element.ancestors().filter_map(ElementRef::wrap).any(|a| a.value().name() == "template")
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|_| unreachable!("a fixed selector"))
}

/// How many elements of a parsed document have the `id` `unsub_link`.
fn unsubscribe_in(document: &Html) -> usize {
    document.select(&selector(&format!(r#"[id="{UNSUBSCRIBE_ID}"]"#))).filter(|e| !in_template(e)).count()
}

/// True when the markup holds an element, in the document, whose `id` is
/// `unsub_link`.
pub fn has_unsubscribe_element(markup: &str) -> bool {
    unsubscribe_elements(markup) > 0
}

/// How many elements of the markup's document have the `id` `unsub_link`.
pub fn unsubscribe_elements(markup: &str) -> usize {
    unsubscribe_in(&Html::parse_document(&shallow(markup)))
}

fn is_address(href: &str) -> bool {
    let href = href.trim();
    if href.starts_with('%') && href.ends_with('%') && href.len() > 2 {
        return true; // a substitution the service fills in (%ОТПИСАТЬСЯ%, %WEBVERSION%)
    }
    match url::Url::parse(href) {
        Ok(url) => match url.scheme() {
            "http" | "https" => url.host_str().is_some_and(|h| h.contains('.')),
            "mailto" | "tel" => url.path().len() > 1,
            _ => false,
        },
        Err(_) => href.starts_with('#') && href.len() > 1,
    }
}

/// The checks of one markup version: its unsubscribe link, links and images.
fn markup_items(markup: &str, version: Version, out: &mut Vec<CheckItem>) {
    let document = Html::parse_document(&shallow(markup));
    let in_document = |e: &ElementRef| !in_template(e);
    let outcome = if unsubscribe_in(&document) > 0 { Outcome::Pass } else { Outcome::Fail };
    out.push(CheckItem::new(Rule::UnsubscribeLink, outcome, Some(version)));
    let bad_links: Vec<String> = document
        .select(&selector("a"))
        .filter(in_document)
        .filter(|a| a.value().id() != Some(UNSUBSCRIBE_ID))
        .filter_map(|a| match a.value().attr("href") {
            None => Some(String::new()),
            Some(href) if !is_address(href) => Some(href.trim().to_string()),
            Some(_) => None,
        })
        .collect();
    let mut links =
        CheckItem::new(Rule::Links, if bad_links.is_empty() { Outcome::Pass } else { Outcome::Warn }, Some(version));
    links.found = bad_links;
    out.push(links);
    let no_alt: Vec<String> = document
        .select(&selector("img"))
        .filter(in_document)
        .filter(|img| img.value().attr("alt").is_none())
        .map(|img| img.value().attr("src").unwrap_or_default().to_string())
        .collect();
    let mut images =
        CheckItem::new(Rule::ImageAlt, if no_alt.is_empty() { Outcome::Pass } else { Outcome::Warn }, Some(version));
    images.found = no_alt;
    out.push(images);
    let mut size = CheckItem::new(
        Rule::Size,
        if markup.len() > CLIPPED_OVER { Outcome::Warn } else { Outcome::Pass },
        Some(version),
    );
    size.found = vec![markup.len().to_string()];
    out.push(size);
}

/// The rules of the content alone: the versions given, the unsubscribe link
/// in each, links, images and size (what the command line checks).
pub fn check_content(letter: &Letter) -> Vec<CheckItem> {
    let (html, text, amp) = (filled(letter.html), filled(letter.text), filled(letter.amp));
    let mut out = Vec::new();
    let version = if html.is_some() || text.is_some() { Outcome::Pass } else { Outcome::Fail };
    out.push(CheckItem::new(Rule::Version, version, None));
    if let Some(html) = html {
        markup_items(html, Version::Html, &mut out);
    }
    if let Some(text) = text {
        let outcome = if text.contains(UNSUBSCRIBE_TAG) { Outcome::Pass } else { Outcome::Fail };
        out.push(CheckItem::new(Rule::UnsubscribeLink, outcome, Some(Version::Text)));
    }
    if let Some(amp) = amp {
        markup_items(amp, Version::Amp, &mut out);
    }
    out
}

/// Every rule the letter alone decides: the sender and subject, then the
/// content's (the lists and tags need the account: see [`super::check`]).
pub fn check_message(letter: &Letter) -> Vec<CheckItem> {
    let present = |value: &str| if filled(value).is_some() { Outcome::Pass } else { Outcome::Fail };
    let address_ok = filled(letter.from_email).is_some_and(|e| {
        let e = e.trim();
        e.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !e.contains(' '))
    });
    let mut out = vec![
        CheckItem::new(Rule::Subject, present(letter.subject), None),
        CheckItem::new(Rule::SenderName, present(letter.from_name), None),
        CheckItem::new(Rule::SenderAddress, if address_ok { Outcome::Pass } else { Outcome::Fail }, None),
    ];
    out.extend(check_content(letter));
    out
}

/// Whether the launch would be refused: some rule fails.
pub fn blocks_launch(items: &[CheckItem]) -> bool {
    items.iter().any(|i| i.outcome == Outcome::Fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html(markup: &str) -> Vec<CheckItem> {
        check_content(&Letter { html: markup, ..Letter::default() })
    }

    fn item(items: &[CheckItem], rule: Rule) -> &CheckItem {
        items.iter().find(|i| i.rule == rule).unwrap()
    }

    #[test]
    fn a_complete_campaign_passes_and_each_missing_piece_fails_on_its_own_rule() {
        let full = Letter {
            subject: "Весна",
            from_name: "Northwind",
            from_email: "news@northwind.example",
            html: r#"<p>Hi</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#,
            text: "Hi. Отписаться: %ОТПИСАТЬСЯ%",
            ..Letter::default()
        };
        assert!(!blocks_launch(&check_message(&full)), "{:?}", check_message(&full));
        let no_subject = Letter { subject: "  ", ..full };
        assert_eq!(item(&check_message(&no_subject), Rule::Subject).outcome, Outcome::Fail);
        let bad_sender = Letter { from_email: "news at northwind", ..full };
        assert_eq!(item(&check_message(&bad_sender), Rule::SenderAddress).outcome, Outcome::Fail);
        let no_text_link = Letter { text: "Hi", ..full };
        let failed: Vec<_> = check_message(&no_text_link).into_iter().filter(|i| i.outcome == Outcome::Fail).collect();
        assert_eq!(
            failed,
            vec![CheckItem::new(Rule::UnsubscribeLink, Outcome::Fail, Some(Version::Text))],
            "names the version"
        );
        let nothing = Letter { html: "", text: "", ..full };
        assert_eq!(item(&check_message(&nothing), Rule::Version).outcome, Outcome::Fail);
    }

    #[test]
    fn only_a_real_element_counts_as_the_unsubscribe_link() {
        for (markup, counts) in [
            (r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%">x</a>"#, true),
            (r#"<span id=unsub_link>x</span>"#, true),
            (r##"<A ID='unsub_link' HREF="#">x</A>"##, true),
            (r#"<!-- <a id="unsub_link">x</a> -->"#, false),
            (r#"<script>document.write('<a id="unsub_link">')</script>"#, false),
            (r#"<template><a id="unsub_link">x</a></template>"#, false),
            (r#"<p>id="unsub_link"</p>"#, false),
            (r#"<a id="unsub_link_2">x</a>"#, false),
            (r#"<a data-id="unsub_link">x</a>"#, false),
            (r#"<a id="UNSUB_LINK">x</a>"#, false),
            (r#"<textarea><a id="unsub_link">x</a></textarea>"#, false),
        ] {
            assert_eq!(has_unsubscribe_element(markup), counts, "{markup}");
            assert_eq!(item(&html(markup), Rule::UnsubscribeLink).outcome == Outcome::Pass, counts, "{markup}");
        }
    }

    #[test]
    fn empty_and_malformed_links_images_without_alt_and_size_are_warnings() {
        let markup = format!(
            r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%">u</a><a>none</a><a href="">empty</a><a href="htp:/x">bad</a>
            <a href="https://shop.example/a">ok</a><a href="mailto:info@shop.example">mail</a>
            <img src="https://cdn.example/a.png"><img src="b.png" alt=""><!-- {} -->"#,
            "x".repeat(CLIPPED_OVER)
        );
        let items = html(&markup);
        assert!(!blocks_launch(&items), "warnings do not block");
        assert_eq!(item(&items, Rule::Links).found, vec!["", "", "htp:/x"]);
        assert_eq!(
            item(&items, Rule::ImageAlt).found,
            vec!["https://cdn.example/a.png"],
            "alt=\"\" is a choice, not a lack"
        );
        assert_eq!(item(&items, Rule::Size).outcome, Outcome::Warn);
    }
}
