//! Outside HTML kept shallow enough to parse: html5ever takes time growing
//! with the square of the nesting, and html2text renders nesting by
//! recursion, so 20,000 nested blockquotes (240 KB) take seconds and
//! overflow a 2 MB thread's stack. One linear pass over the tags estimates
//! the nesting; past [`LIMIT`] levels, the tags deeper than it are left out
//! (their words stay), before any parser sees the HTML.

use std::borrow::Cow;
use std::collections::HashMap;

/// Deeper than any letter or reply a person writes or quotes.
pub const LIMIT: usize = 512;

/// Elements with no end tag, or whose end tag may be left out: they do
/// not nest (a `<p>` closes the open one).
const NOT_NESTING: &[&str] = &[
    "br", "img", "hr", "meta", "link", "input", "wbr", "col", "area", "base", "source", "track", "embed", "param", "p",
    "li", "td", "th", "tr", "dt", "dd", "option", "thead", "tbody", "tfoot", "colgroup", "rt", "rp", "optgroup",
];

/// Elements whose content is text to the parser, not tags.
const RAW_TEXT: &[&str] = &["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"];

/// The HTML as it is when it nests no deeper than [`LIMIT`]; otherwise
/// without the tags deeper than it.
pub fn shallow(html: &str) -> Cow<'_, str> {
    if deepest(html) <= LIMIT {
        return Cow::Borrowed(html);
    }
    let mut depth = Depth::default();
    let mut out = String::with_capacity(html.len());
    let mut raw_kept = true;
    for (token, source) in Tokens::new(html) {
        let keep = match token {
            Token::Start(name) => {
                let kept = depth.start(&name).is_none_or(|now| now <= LIMIT);
                raw_kept = kept;
                kept
            }
            Token::End(name) => depth.end(&name).is_none_or(|before| before <= LIMIT),
            Token::Raw => raw_kept,
            Token::Text => true,
        };
        if keep {
            out.push_str(source);
        }
    }
    Cow::Owned(out)
}

/// The nesting the HTML reaches, estimated from its tags.
pub fn deepest(html: &str) -> usize {
    let mut depth = Depth::default();
    let mut deepest = 0;
    for (token, _) in Tokens::new(html) {
        match token {
            Token::Start(name) => deepest = deepest.max(depth.start(&name).unwrap_or(0)),
            Token::End(name) => {
                depth.end(&name);
            }
            Token::Raw | Token::Text => {}
        }
    }
    deepest
}

/// Elements open now, by name: an end tag closes only one that is open.
#[derive(Default)]
struct Depth {
    open: HashMap<String, usize>,
    now: usize,
}

impl Depth {
    /// The depth after a start tag, when the element nests.
    fn start(&mut self, name: &str) -> Option<usize> {
        if NOT_NESTING.contains(&name) {
            return None;
        }
        *self.open.entry(name.to_string()).or_default() += 1;
        self.now += 1;
        Some(self.now)
    }

    /// The depth before an end tag that closes an open element.
    fn end(&mut self, name: &str) -> Option<usize> {
        let open = self.open.get_mut(name).filter(|n| **n > 0)?;
        *open -= 1;
        let before = self.now;
        self.now -= 1;
        Some(before)
    }
}

enum Token {
    /// A start tag, its name in lower case (self-closing ones are `Text`).
    Start(String),
    End(String),
    /// The content of a raw-text element (a script, a style).
    Raw,
    /// Text, a comment, a doctype, a self-closing tag.
    Text,
}

/// The HTML's tags and what lies between them, each with its source, read
/// once from start to end.
struct Tokens<'a> {
    html: &'a str,
    lower: String,
    at: usize,
    /// The raw-text element just opened, whose content comes next.
    raw: Option<String>,
}

impl<'a> Tokens<'a> {
    fn new(html: &'a str) -> Self {
        Tokens { html, lower: html.to_ascii_lowercase(), at: 0, raw: None }
    }

    /// Where `needle` next occurs from `from`, or the end.
    fn next_of(&self, from: usize, needle: &str) -> usize {
        self.lower[from..].find(needle).map_or(self.html.len(), |i| from + i)
    }

    /// The end (after `>`) of the tag whose name ends at `from`, quoted
    /// attribute values read past, and whether it closes itself.
    fn tag_end(&self, from: usize) -> (usize, bool) {
        let bytes = self.html.as_bytes();
        let mut quote = None;
        for (i, &b) in bytes.iter().enumerate().skip(from) {
            match (quote, b) {
                (Some(q), _) if b == q => quote = None,
                (Some(_), _) => {}
                (None, b'"' | b'\'') => quote = Some(b),
                (None, b'>') => return (i + 1, i > from && bytes[i - 1] == b'/'),
                (None, _) => {}
            }
        }
        (bytes.len(), false)
    }

    fn name_end(&self, from: usize) -> usize {
        let bytes = self.html.as_bytes();
        (from..bytes.len())
            .find(|&i| bytes[i].is_ascii_whitespace() || matches!(bytes[i], b'/' | b'>'))
            .unwrap_or(bytes.len())
    }

    fn next_token(&mut self) -> Token {
        let start = self.at;
        let bytes = self.html.as_bytes();
        if let Some(name) = self.raw.take() {
            self.at = self.next_of(start, &format!("</{name}"));
            return Token::Raw;
        }
        if bytes[start] != b'<' {
            self.at = self.next_of(start, "<");
            return Token::Text;
        }
        match bytes.get(start + 1) {
            Some(b) if b.is_ascii_alphabetic() => {
                let name_end = self.name_end(start + 1);
                let name = self.lower[start + 1..name_end].to_string();
                let (end, closed) = self.tag_end(name_end);
                self.at = end;
                if RAW_TEXT.contains(&name.as_str()) {
                    self.raw = Some(name.clone());
                } else if closed {
                    return Token::Text;
                }
                Token::Start(name)
            }
            Some(b'/') if bytes.get(start + 2).is_some_and(u8::is_ascii_alphabetic) => {
                let name_end = self.name_end(start + 2);
                let name = self.lower[start + 2..name_end].to_string();
                self.at = self.tag_end(name_end).0;
                Token::End(name)
            }
            Some(b'!') if self.lower[start..].starts_with("<!--") => {
                self.at = (self.next_of(start + 4, "-->") + 3).min(bytes.len());
                Token::Text
            }
            Some(b'!' | b'?' | b'/') => {
                self.at = (self.next_of(start, ">") + 1).min(bytes.len());
                Token::Text
            }
            _ => {
                self.at = self.next_of(start + 1, "<");
                Token::Text
            }
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (Token, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        if self.at >= self.html.len() {
            return None;
        }
        let start = self.at;
        let token = self.next_token();
        Some((token, &self.html[start..self.at]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FINDING: &str = include_str!("../../../fuzz/corpus/reply_html/blockquotes-20000");
    const HOSTILE: &str = include_str!("../../../../../tests/fixtures/hostile-replies.json");

    fn nested(tag: &str, levels: usize) -> String {
        format!("<p>Hi</p>{}Deep words{}", format!("<{tag}>").repeat(levels), format!("</{tag}>").repeat(levels))
    }

    /// What the app does with outside HTML, on a thread the size of
    /// tokio's: cleaned, and made into text twice.
    fn handled_on_a_small_thread(html: String, deep_words: &str) {
        let run = std::thread::Builder::new().stack_size(2 << 20).spawn(move || {
            let cleaned = crate::clean::clean(&html, crate::clean::RemoteImages::Held).html;
            let text = crate::letter::text_from_html(&html);
            crate::inbox::triage::triage(&crate::inbox::triage::Reply { html: &html, ..Default::default() });
            (cleaned, text)
        });
        let (cleaned, text) = run.expect("a thread").join().expect("no overflow, no panic");
        assert!(cleaned.contains("Hi") && cleaned.contains(deep_words), "the words stay: {}", &cleaned[..200]);
        assert!(text.contains("Hi") && text.contains(deep_words), "the text version keeps them too");
    }

    #[test]
    fn the_fuzzing_finding_is_cut_to_the_limit_and_handled_on_a_small_thread() {
        assert!(deepest(FINDING) > 20_000 - 10);
        let cut = shallow(FINDING);
        assert_eq!(deepest(&cut), LIMIT);
        assert!(cut.contains("<blockquote>") && cut.contains("Hi"));
        handled_on_a_small_thread(FINDING.to_string(), "x");
    }

    #[test]
    fn a_hundred_thousand_levels_are_handled_on_a_small_thread() {
        let html = nested("div", 100_000);
        let cut = shallow(&html);
        assert_eq!(deepest(&cut), LIMIT);
        assert!(cut.contains("Deep words"));
        handled_on_a_small_thread(html, "Deep words");
    }

    #[test]
    fn end_tags_that_close_nothing_do_not_hide_nesting() {
        let html = "<div></span>".repeat(2 * LIMIT);
        assert_eq!(deepest(&html), 2 * LIMIT);
        assert!(deepest(&shallow(&html)) <= LIMIT);
    }

    #[test]
    fn tags_in_scripts_comments_and_attributes_are_not_nesting() {
        let many = "<div>".repeat(2 * LIMIT);
        for html in [
            format!("<script>{many}</script>"),
            format!("<!--{many}-->"),
            format!("<a title='{many}'>x</a>"),
            "<br><p><li><td><img src=x>".repeat(2 * LIMIT),
            "<div/>".repeat(2 * LIMIT),
        ] {
            assert!(deepest(&html) <= 1, "{}", &html[..40]);
            assert_eq!(shallow(&html), html.as_str());
        }
    }

    #[test]
    fn a_script_deeper_than_the_limit_goes_with_its_content() {
        let html = format!("{}<script><b>x</b></script>{}", "<div>".repeat(LIMIT), "</div>".repeat(LIMIT));
        let cut = shallow(&html);
        assert!(!cut.contains("<script>") && !cut.contains("<b>x</b>"), "{}", &cut[cut.len() - 60..]);
    }

    #[test]
    fn ordinary_letters_and_replies_are_unchanged() {
        let replies: serde_json::Value = serde_json::from_str(HOSTILE).expect("the hostile replies");
        let replies = replies["replies"].as_array().expect("replies");
        assert!(!replies.is_empty());
        let mut unchanged = 0;
        for reply in replies {
            let html = reply["html"].as_str().expect("html");
            match shallow(html) {
                Cow::Borrowed(_) => unchanged += 1,
                // A reply nested deep on purpose keeps its words.
                Cow::Owned(cut) => assert!(deepest(html) > LIMIT && cut.contains("<b>from a subscriber</b>")),
            }
        }
        assert!(unchanged >= replies.len() - 1, "{unchanged} of {}", replies.len());
        let letter = r#"<!doctype html><html><head><style>p{color:red}</style></head><body><table><tr><td>
            <h1>Весна</h1><p>Скидки <b>50%</b><br><a id="unsub_link" href="https://x.example/u">Отписаться</a>
            </table><blockquote><blockquote>old</blockquote></blockquote></body></html>"#;
        assert_eq!(shallow(letter), letter);
        assert!(deepest(letter) < 10);
    }
}
