//! The content rules a campaign or automation must meet to send: subject,
//! sender name and address, a message version, and an unsubscribe link in
//! every version (HTML and AMP: a real element whose `id` is `unsub_link`;
//! text: the substitution `%ОТПИСАТЬСЯ%`). Transactional mail needs none.

use crate::fault::{Fault, Result};
use scraper::{ElementRef, Html, Selector};

pub const UNSUBSCRIBE_TAG: &str = "%ОТПИСАТЬСЯ%";

/// What the rules look at.
#[derive(Debug, Default, Clone, Copy)]
pub struct Content<'a> {
    pub subject: Option<&'a str>,
    pub from_name: Option<&'a str>,
    pub from_email: Option<&'a str>,
    pub html: Option<&'a str>,
    pub plain_text: Option<&'a str>,
    pub amp_html: Option<&'a str>,
}

fn filled(value: Option<&str>) -> bool {
    value.is_some_and(|v| !v.trim().is_empty())
}

/// True when the markup holds an element whose `id` is `unsub_link`, as an
/// HTML parser reads it: text, comments, scripts and other attributes that
/// merely mention it do not count, nor does an element inside a
/// `<template>` (whose content is not part of the document).
pub fn has_unsubscribe_element(markup: &str) -> bool {
    let Ok(selector) = Selector::parse(r#"[id="unsub_link"]"#) else { return false };
    let in_template =
        |e: &ElementRef| e.ancestors().filter_map(ElementRef::wrap).any(|a| a.value().name() == "template");
    let found = Html::parse_document(markup).select(&selector).any(|e| !in_template(&e));
    found
}

pub fn check(content: &Content) -> Result<()> {
    if !filled(content.subject) {
        return Err(Fault::new(500, 14, "The subject is empty"));
    }
    if !filled(content.from_name) {
        return Err(Fault::new(422, 15, "The sender name is empty"));
    }
    match content.from_email {
        Some(email) if super::validate::is_email(email.trim()) => {}
        _ => return Err(Fault::new(422, 13, "The sender address is empty or not valid")),
    }
    let (html, text, amp) = (filled(content.html), filled(content.plain_text), filled(content.amp_html));
    if !html && !text {
        return Err(Fault::new(500, 17, "The message has neither an HTML nor a text version"));
    }
    if html && !has_unsubscribe_element(content.html.unwrap_or_default()) {
        return Err(Fault::new(500, 18, "The HTML version has no unsubscribe link (an element with id unsub_link)"));
    }
    if amp && !has_unsubscribe_element(content.amp_html.unwrap_or_default()) {
        return Err(Fault::new(500, 18, "The AMP version has no unsubscribe link (an element with id unsub_link)"));
    }
    if text && !content.plain_text.unwrap_or_default().contains(UNSUBSCRIBE_TAG) {
        return Err(Fault::new(500, 19, format!("The text version has no unsubscribe link ({UNSUBSCRIBE_TAG})")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsubscribe_element_counts_only_as_a_real_element() {
        assert!(has_unsubscribe_element(r#"<p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a></p>"#));
        assert!(has_unsubscribe_element(r#"<div id=unsub_link>x</div>"#));
        assert!(!has_unsubscribe_element(r#"<!-- <a id="unsub_link">x</a> -->"#));
        assert!(!has_unsubscribe_element(r#"<script>var a = '<a id="unsub_link">';</script>"#));
        assert!(!has_unsubscribe_element(r#"<p>id="unsub_link"</p>"#));
        assert!(!has_unsubscribe_element(r#"<template><a id="unsub_link">x</a></template>"#));
        assert!(!has_unsubscribe_element(r#"<a data-id="unsub_link" title='id="unsub_link"'>x</a>"#));
        assert!(!has_unsubscribe_element(r#"<a id="unsub_link2">x</a>"#));
        assert!(!has_unsubscribe_element(r#"<textarea><a id="unsub_link"></a></textarea>"#));
    }

    fn ready() -> Content<'static> {
        Content {
            subject: Some("Hello"),
            from_name: Some("Shop"),
            from_email: Some("news@shop.example"),
            html: Some(r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a>"#),
            plain_text: None,
            amp_html: None,
        }
    }

    #[test]
    fn each_rule_has_its_code() {
        assert!(check(&ready()).is_ok());
        let code = |c: Content| check(&c).unwrap_err().code;
        assert_eq!(code(Content { subject: Some(" "), ..ready() }), 14);
        assert_eq!(code(Content { from_name: None, ..ready() }), 15);
        assert_eq!(code(Content { from_email: Some("nope"), ..ready() }), 13);
        assert_eq!(code(Content { html: None, ..ready() }), 17);
        assert_eq!(code(Content { html: Some("<p>Hi</p>"), ..ready() }), 18);
        assert_eq!(code(Content { amp_html: Some("<p>amp</p>"), ..ready() }), 18);
        assert_eq!(code(Content { plain_text: Some("Hi"), ..ready() }), 19);
        assert!(check(&Content { html: None, plain_text: Some("Bye: %ОТПИСАТЬСЯ%"), ..ready() }).is_ok());
    }
}
