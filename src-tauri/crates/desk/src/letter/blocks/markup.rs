//! An HTML block's markup, the marketer's own, made safe to send and to
//! render: what mail programs run or fetch by themselves goes (scripts,
//! event handlers, forms, frames, `javascript:` links, styles sheets), what
//! a letter is made of stays (tables, inline styles, images, links).

use crate::clean::depth;
use ammonia::Builder;
use std::collections::HashSet;

/// The markup cleaned, written so that MJML's reader takes it (empty
/// elements closed).
pub fn cleaned(html: &str) -> String {
    let mut builder = Builder::default();
    builder
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
        .link_rel(None)
        .add_tags(["font", "center"])
        .add_tag_attributes("font", ["color", "face", "size"])
        .add_generic_attributes(["style", "align", "bgcolor", "width", "height", "valign"])
        .add_tag_attributes("table", ["cellpadding", "cellspacing", "border", "role"]);
    let html = builder.clean(&depth::shallow(html)).to_string();
    // html5ever writes empty elements as `<br>`; MJML reads XML-like markup.
    ["br", "hr", "img", "wbr"].iter().fold(html, |html, tag| close_empty(&html, tag))
}

fn close_empty(html: &str, tag: &str) -> String {
    let open = format!("<{tag}");
    let mut out = String::with_capacity(html.len() + 16);
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        // Only the element itself: `<br>` or `<br ...>`, not `<brand>`.
        if !after.starts_with(['>', ' ']) {
            out.push_str(&rest[..at + open.len()]);
            rest = after;
            continue;
        }
        let Some(end) = after.find('>') else { break };
        out.push_str(&rest[..at + open.len()]);
        let inside = &after[..end];
        out.push_str(inside.strip_suffix('/').unwrap_or(inside));
        out.push_str(" />");
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_runs_goes_and_what_a_letter_is_made_of_stays() {
        let html = cleaned(
            "<table style=\"width:100%\" cellpadding=\"4\"><tr><td bgcolor=\"#eee\" onclick=\"x()\">Цена<br>\
             <img src=\"https://shop.example/a.png\" alt=\"a\"></td></tr></table><script>alert(1)</script>\
             <a href=\"javascript:alert(1)\">x</a><a href=\"https://shop.example\">магазин</a><hr>",
        );
        assert!(!html.contains("script") && !html.contains("onclick") && !html.contains("javascript"), "{html}");
        assert!(html.contains("cellpadding=\"4\"") && html.contains("bgcolor=\"#eee\""), "{html}");
        assert!(html.contains("<br />") && html.contains("<hr />"), "{html}");
        assert!(html.contains("<img src=\"https://shop.example/a.png\" alt=\"a\" />"), "{html}");
        assert!(html.contains("<a href=\"https://shop.example\">магазин</a>"), "{html}");
    }
}
