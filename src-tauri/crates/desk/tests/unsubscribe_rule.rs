//! The unsubscribe-link rule, in the app's pre-launch check and in the
//! sandbox's launch rule alike: a table of hand-picked cases, and generated
//! markup on which the two must agree.

use desk::letter::{check_content, has_unsubscribe_element, Letter, Outcome, Rule, Version};
use proptest::prelude::*;
use sandbox::ops::content;

/// The sandbox's verdict for a campaign whose only question is its HTML.
fn sandbox_accepts(html: &str) -> bool {
    let campaign = content::Content {
        subject: Some("Весна"),
        from_name: Some("Northwind"),
        from_email: Some("news@northwind.example"),
        html: Some(html),
        ..Default::default()
    };
    match content::check(&campaign) {
        Ok(()) => true,
        // 18: no unsubscribe link; 17: no version at all (blank markup).
        Err(fault) if fault.code == 18 || fault.code == 17 => false,
        Err(fault) => panic!("refused for another reason: {fault:?}"),
    }
}

/// The app's verdict: the HTML version's unsubscribe rule passes (blank
/// markup is no HTML version, and nothing passes).
fn app_accepts(html: &str) -> bool {
    let items = check_content(&Letter { html, ..Letter::default() });
    let rule = items.iter().find(|i| i.rule == Rule::UnsubscribeLink && i.version == Some(Version::Html));
    rule.is_some_and(|rule| rule.outcome == Outcome::Pass)
}

const CASES: [(&str, bool); 42] = [
    (r#"<a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#, true),
    (r#"<a id='unsub_link' href='%ОТПИСАТЬСЯ%'>x</a>"#, true),
    (r#"<a id=unsub_link href=%ОТПИСАТЬСЯ%>x</a>"#, true),
    (r#"<A ID="unsub_link" HREF="%ОТПИСАТЬСЯ%">x</A>"#, true),
    (r#"<a href="%ОТПИСАТЬСЯ%" id="unsub_link">x</a>"#, true),
    (r#"<a class="u" id="unsub_link">x</a>"#, true),
    (r#"<span id="unsub_link">x</span>"#, true),
    (r#"<div id="unsub_link"></div>"#, true),
    // A cell outside a table is dropped by the parser, as browsers drop it.
    (r#"<td id="unsub_link">x</td>"#, false),
    (r#"<table><tr><td><a id="unsub_link">x</a></td></tr></table>"#, true),
    (r#"<p>text <b><a id="unsub_link">x</a></b></p>"#, true),
    (r#"<a id="unsub_link">x"#, true),
    (r#"<a id="unsub_link"/>"#, true),
    (r#"<html><body><a id="unsub_link">x</a></body></html>"#, true),
    (r#"<head><title>t</title></head><a id="unsub_link">x</a>"#, true),
    (r#"<p>Broken <b>markup<a id="unsub_link">x</p></b>"#, true),
    (r#"<a id="unsub_link">x</a><!-- the link above -->"#, true),
    (r#"<svg><a id="unsub_link">x</a></svg>"#, true),
    // Read as a browser reads it (scripting on): text, not elements.
    (r#"<noscript><a id="unsub_link">x</a></noscript>"#, false),
    (r#"<a  id = "unsub_link" >x</a>"#, true),
    (r#"<a id="unsub_link" id="other">x</a>"#, true),
    (r#""#, false),
    (r#"<p>Hello</p>"#, false),
    (r#"<a href="%ОТПИСАТЬСЯ%">Отписаться</a>"#, false),
    (r#"<!-- <a id="unsub_link">x</a> -->"#, false),
    (r#"<script>document.write('<a id="unsub_link">x</a>')</script>"#, false),
    (r#"<style>#unsub_link { color: red }</style>"#, false),
    (r#"<template><a id="unsub_link">x</a></template>"#, false),
    (r#"<template><div><span id="unsub_link">x</span></div></template>"#, false),
    (r#"<p>id="unsub_link"</p>"#, false),
    (r#"<p>unsub_link</p>"#, false),
    (r#"<a id="unsub_link_2">x</a>"#, false),
    (r#"<a id="my_unsub_link">x</a>"#, false),
    (r#"<a id="UNSUB_LINK">x</a>"#, false),
    (r#"<a id=" unsub_link">x</a>"#, false),
    (r#"<a data-id="unsub_link">x</a>"#, false),
    (r#"<a class="unsub_link">x</a>"#, false),
    (r#"<a name="unsub_link">x</a>"#, false),
    (r#"<textarea><a id="unsub_link">x</a></textarea>"#, false),
    (r#"<title><a id="unsub_link">x</a></title>"#, false),
    (r#"<![CDATA[<a id="unsub_link">x</a>]]>"#, false),
    (r#"<a id="unsub_link" href="x"#, false),
];

#[test]
fn every_case_gets_the_same_verdict_from_the_app_and_the_sandbox() {
    let wrong: Vec<String> = CASES
        .iter()
        .filter(|(markup, counts)| {
            has_unsubscribe_element(markup) != *counts
                || app_accepts(markup) != *counts
                || sandbox_accepts(markup) != *counts
        })
        .map(|(markup, counts)| {
            format!(
                "{markup} (expected {counts}: element {}, check {}, sandbox {})",
                has_unsubscribe_element(markup),
                app_accepts(markup),
                sandbox_accepts(markup)
            )
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Pieces of markup that make the rule's hard cases when strung together.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "<p>",
        "</p>",
        "text",
        "unsub_link",
        r#"<a id="unsub_link">"#,
        "<a id=unsub_link>",
        r#"<a id="UNSUB_LINK">"#,
        r#"<a data-id="unsub_link">"#,
        "</a>",
        "<!--",
        "-->",
        "<template>",
        "</template>",
        "<script>",
        "</script>",
        "<textarea>",
        "</textarea>",
        "<![CDATA[",
        "]]>",
        "<svg>",
        "</svg>",
        "<table><tr><td>",
        "</td></tr></table>",
        "\"",
        "'",
        "<",
        ">",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_app_and_the_sandbox_agree_on_generated_markup(pieces in prop::collection::vec(piece(), 0..14)) {
        let markup = pieces.concat();
        prop_assert_eq!(app_accepts(&markup), sandbox_accepts(&markup), "{}", markup);
    }
}
