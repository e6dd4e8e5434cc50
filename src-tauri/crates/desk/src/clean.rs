//! HTML from outside made safe to display, a subscriber's reply or a
//! letter's preview alike: scripts, event handlers, forms, frames, styles
//! that reach outside, `javascript:` and `data:` links are removed by an
//! allowlist (ammonia, built on html5ever, the parser browsers
//! follow). Remote images are held back until the user asks for them: a
//! remote image tells the sender the message was opened, and from where.

pub mod depth;

use ammonia::Builder;
use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The text of HTML from outside, wrapped at `width` columns: paragraphs,
/// lists and tables as text, quotes marked with `>`. Nesting deeper than
/// [`depth::LIMIT`] is cut first; a line indented past `width` (quotes
/// inside quotes) runs long rather than losing its words.
pub fn text_of(html: &str, width: usize) -> String {
    html2text::config::plain()
        .allow_width_overflow()
        .string_from_read(depth::shallow(html).as_bytes(), width)
        .unwrap_or_default()
}

/// The text of a letter's HTML, whose tables lay it out (as email HTML's
/// do, and every block letter's): their cells read one after another, with
/// no borders drawn around them.
pub fn layout_text_of(html: &str, width: usize) -> String {
    html2text::config::plain()
        .raw_mode(true)
        .allow_width_overflow()
        .string_from_read(depth::shallow(html).as_bytes(), width)
        .unwrap_or_default()
}

/// Remote images in a message: shown only when the user chose to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemoteImages {
    Held,
    Shown,
}

/// A cleaned message: its HTML, and how many remote images were held back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cleaned {
    pub html: String,
    pub held_images: usize,
}

fn is_remote(url: &str) -> bool {
    let url = url.trim_start().to_ascii_lowercase();
    url.starts_with("http:") || url.starts_with("https:") || url.starts_with("//")
}

/// Cleans a message's HTML for the sandboxed frame.
pub fn clean(html: &str, images: RemoteImages) -> Cleaned {
    cleaned(html, images, Styles::Dropped)
}

/// Cleans a letter's HTML for its preview: as [`clean`], with the letter's
/// own styles kept (inline and in `<style>`: a letter's look and its phone
/// layout are made of them), save any that would fetch something while
/// remote images are held (`url(…)`, `@import`).
pub fn clean_letter(html: &str, images: RemoteImages) -> Cleaned {
    cleaned(html, images, Styles::Kept)
}

#[derive(Clone, Copy, PartialEq)]
enum Styles {
    Dropped,
    Kept,
}

/// Whether CSS would fetch something from elsewhere.
fn fetches(css: &str) -> bool {
    let css = css.to_ascii_lowercase();
    css.contains("url(") || css.contains("@import") || css.contains("image-set(")
}

fn cleaned(html: &str, images: RemoteImages, styles: Styles) -> Cleaned {
    let held = Arc::new(AtomicUsize::new(0));
    let counter = held.clone();
    let mut builder = Builder::default();
    builder
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel", "cid"]))
        .link_rel(Some("noopener noreferrer nofollow"))
        // A click asks for a new window, which the app turns into "open in
        // the browser?": a link never navigates the frame or the app.
        .set_tag_attribute_value("a", "target", "_blank")
        .add_tags(["font", "center"])
        .add_tag_attributes("font", ["color", "face", "size"])
        .add_generic_attributes(["align", "bgcolor", "width", "height", "valign"])
        .attribute_filter(move |element, attribute, value| {
            if element == "img" && attribute == "src" && is_remote(value) && images == RemoteImages::Held {
                counter.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            if attribute == "style" && images == RemoteImages::Held && fetches(value) {
                return None;
            }
            Some(Cow::Borrowed(value))
        });
    let mut source = depth::shallow(html).into_owned();
    if styles == Styles::Kept {
        builder.add_generic_attributes(["style"]).add_tags(["style"]).rm_clean_content_tags(["style"]);
        if images == RemoteImages::Held {
            source = without_fetching_style_elements(&source);
        }
    }
    let html = builder.clean(&source).to_string();
    Cleaned { html, held_images: held.load(Ordering::Relaxed) }
}

/// The HTML without its `<style>` elements whose CSS fetches something.
fn without_fetching_style_elements(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut at = 0;
    while let Some(start) = lower[at..].find("<style").map(|i| at + i) {
        let end = lower[start..].find("</style").map_or(html.len(), |i| start + i);
        let close = lower[end..].find('>').map_or(html.len(), |i| end + i + 1);
        out.push_str(&html[at..start]);
        if !fetches(&html[start..end]) {
            out.push_str(&html[start..close]);
        }
        at = close;
    }
    out.push_str(&html[at..]);
    out
}

/// Text from outside as HTML text: the five characters markup gives meaning to, escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(html: &str) -> String {
        clean(html, RemoteImages::Held).html
    }

    #[test]
    fn harmless_formatting_stays() {
        let html = held(r#"<p>Hi <b>there</b>, <a href="https://shop.example/x">look</a></p><ul><li>one</li></ul>"#);
        assert!(html.contains("<b>there</b>") && html.contains("<li>one</li>"), "{html}");
        assert!(html.contains(r#"href="https://shop.example/x""#), "{html}");
        assert!(html.contains("noopener"), "{html}");
        assert!(html.contains(r#"target="_blank""#), "links ask for a new window: {html}");
    }

    #[test]
    fn scripts_handlers_and_dangerous_urls_go() {
        let html = held(
            r#"<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>
               <iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form>
               <a href="data:text/html,<script>alert(4)</script>">y</a><svg><script>alert(5)</script></svg>"#,
        );
        for bad in ["<script", "onerror", "javascript:", "<iframe", "<form", "<input", "data:text", "alert(5)"] {
            assert!(!html.contains(bad), "{bad} survived in {html}");
        }
    }

    #[test]
    fn remote_images_wait_for_the_user() {
        let message = r#"<p>Hello</p><img src="https://track.example/pixel.gif" alt="logo"><img src="cid:part1">"#;
        let held = clean(message, RemoteImages::Held);
        assert_eq!(held.held_images, 1);
        assert!(!held.html.contains("track.example"), "{}", held.html);
        assert!(held.html.contains("cid:part1"), "embedded images stay: {}", held.html);
        let shown = clean(message, RemoteImages::Shown);
        assert_eq!(shown.held_images, 0);
        assert!(shown.html.contains("https://track.example/pixel.gif"));
    }

    #[test]
    fn a_letter_keeps_its_styles_save_those_that_fetch_while_images_are_held() {
        let letter = r#"<style>@media (min-width:480px){.col{width:50%!important}}</style><style>@import url(https://fonts.example/a.css);</style>
            <table><tr><td style="background:#4338ca;padding:12px">Купить</td></tr></table><div style="background:url(https://track.example/p.gif)">x</div>"#;
        let held = clean_letter(letter, RemoteImages::Held).html;
        assert!(
            held.contains("@media (min-width:480px)") && held.contains("background:#4338ca;padding:12px"),
            "{held}"
        );
        assert!(!held.contains("fonts.example") && !held.contains("track.example"), "{held}");
        let shown = clean_letter(letter, RemoteImages::Shown).html;
        assert!(shown.contains("track.example"), "{shown}");
        assert!(!clean(letter, RemoteImages::Held).html.contains("padding:12px"), "a reply's styles still go");
    }
}
