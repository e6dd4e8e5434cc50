//! Every hostile reply of the corpus (`tests/fixtures/hostile-replies.json`,
//! shared with the end-to-end test that shows them in the real window),
//! cleaned: the harmless formatting stays, everything that could run, load
//! or reach outside the message is gone.

use desk::clean::{clean, RemoteImages};
use serde_json::Value;

const CORPUS: &str = include_str!("../../../../tests/fixtures/hostile-replies.json");

/// What must never survive cleaning, in any letter case.
const FORBIDDEN: [&str; 23] = [
    "<script",
    "javascript:",
    "vbscript:",
    "data:text",
    "data:image/svg",
    "<iframe",
    "<frame",
    "<object",
    "<embed",
    "<meta",
    "<base",
    "<link",
    "<style",
    "style=",
    "<form",
    "<input",
    "<button",
    "<svg",
    "<math",
    "srcdoc",
    "formaction",
    "<template",
    "<noscript",
];

fn has_handler(html: &str) -> bool {
    // An `on…=` attribute anywhere in a tag.
    let lower = html.to_ascii_lowercase();
    lower.split('<').skip(1).any(|tag| {
        let tag = tag.split('>').next().unwrap_or_default();
        tag.split(|c: char| c.is_whitespace() || c == '/')
            .skip(1)
            .any(|attr| attr.starts_with("on") && attr.contains('='))
    })
}

#[test]
fn every_hostile_reply_keeps_its_text_and_loses_its_teeth() {
    let corpus: Value = serde_json::from_str(CORPUS).unwrap();
    let keep = corpus["keep"].as_str().unwrap();
    let replies = corpus["replies"].as_array().unwrap();
    assert!(replies.len() >= 50, "the corpus has {} replies", replies.len());
    for reply in replies {
        let (name, html) = (reply["name"].as_str().unwrap(), reply["html"].as_str().unwrap());
        let cleaned = clean(html, RemoteImages::Held).html;
        let lower = cleaned.to_ascii_lowercase();
        assert!(cleaned.contains(keep), "{name}: the harmless part was lost: {cleaned}");
        for bad in FORBIDDEN {
            assert!(!lower.contains(bad), "{name}: {bad} survived: {cleaned}");
        }
        assert!(!has_handler(&cleaned), "{name}: an event handler survived: {cleaned}");
    }
}

#[test]
fn a_one_megabyte_message_is_cleaned_whole() {
    let html =
        format!("<p>{}</p><img src=x onerror=alert(1)>", "A long message with <b>bold</b> words. ".repeat(26_000));
    assert!(html.len() > 1_000_000);
    let started = std::time::Instant::now();
    let cleaned = clean(&html, RemoteImages::Held).html;
    println!("cleaning {} bytes took {:?}", html.len(), started.elapsed());
    assert!(!cleaned.contains("onerror"));
    assert_eq!(cleaned.matches("<b>bold</b>").count(), 26_000);
}
