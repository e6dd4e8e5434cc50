//! A block letter written as MJML, by hand and on purpose: every word the
//! marketer typed is escaped here, every attribute quoted, and the one
//! unsubscribe link is the footer's.

use super::document::{Block, BlockLetter, Footer, Inline, Look, Paragraph};
use super::markup::cleaned;
use crate::letter::{UNSUBSCRIBE_ID, UNSUBSCRIBE_TAG};
use std::fmt::Write;

/// The letter as MJML. The letter is taken as checked
/// ([`super::problems::first_problem`]).
pub fn mjml_of(letter: &BlockLetter) -> String {
    let look = &letter.look;
    let mut out = String::with_capacity(4096);
    out.push_str("<mjml>\n  <mj-head>\n");
    if !look.preheader.trim().is_empty() {
        let _ = writeln!(out, "    <mj-preview>{}</mj-preview>", text(&look.preheader));
    }
    let _ = write!(
        out,
        "    <mj-attributes>\n      <mj-all font-family=\"{font}\" />\n      \
         <mj-text color=\"{color}\" font-size=\"16px\" line-height=\"1.5\" padding=\"8px 24px\" />\n      \
         <mj-image padding=\"8px 24px\" />\n      <mj-button padding=\"12px 24px\" />\n      \
         <mj-divider padding=\"12px 24px\" />\n    </mj-attributes>\n  </mj-head>\n",
        font = attr(look.font.stack()),
        color = attr(&look.text_color.0),
    );
    let _ = writeln!(out, "  <mj-body width=\"{}px\" background-color=\"{}\">", look.width, attr(&look.page_color.0));
    let _ = writeln!(out, "    <mj-wrapper background-color=\"{}\" padding=\"16px 0\">", attr(&look.content_color.0));
    let mut run: Vec<&Block> = Vec::new();
    for block in &letter.blocks {
        if let Block::Columns { ratio, columns } = block {
            section(&mut out, look, &run);
            run.clear();
            out.push_str("      <mj-section padding=\"0\">\n");
            for (share, blocks) in ratio.shares().iter().zip(columns) {
                let _ = writeln!(out, "        <mj-column width=\"{share}%\">");
                blocks.iter().for_each(|b| write_block(&mut out, look, b));
                out.push_str("        </mj-column>\n");
            }
            out.push_str("      </mj-section>\n");
        } else {
            run.push(block);
        }
    }
    section(&mut out, look, &run);
    out.push_str("    </mj-wrapper>\n");
    footer(&mut out, look, &letter.footer);
    out.push_str("  </mj-body>\n</mjml>\n");
    out
}

/// Blocks one under another, in one column across the content.
fn section(out: &mut String, look: &Look, blocks: &[&Block]) {
    if blocks.is_empty() {
        return;
    }
    out.push_str("      <mj-section padding=\"0\">\n        <mj-column>\n");
    blocks.iter().for_each(|b| write_block(out, look, b));
    out.push_str("        </mj-column>\n      </mj-section>\n");
}

fn write_block(out: &mut String, look: &Look, block: &Block) {
    const AT: &str = "          ";
    match block {
        Block::Heading { level, text: line, align } => {
            let size = match level {
                1 => 28,
                2 => 22,
                _ => 18,
            };
            let _ = writeln!(
                out,
                "{AT}<mj-text align=\"{align}\" font-size=\"{size}px\" line-height=\"1.25\" font-weight=\"700\">\
                 <h{level} style=\"margin:0;font-size:{size}px;line-height:1.25;font-weight:700\">{inner}</h{level}>\
                 </mj-text>",
                align = align.css(),
                inner = paragraph(line, look),
            );
        }
        Block::Text { paragraphs, align, size } => {
            let _ = write!(out, "{AT}<mj-text align=\"{}\" font-size=\"{size}px\">", align.css());
            let last = paragraphs.len().saturating_sub(1);
            for (at, line) in paragraphs.iter().enumerate() {
                let margin = if at == last { "0" } else { "0 0 12px 0" };
                let inner = paragraph(line, look);
                let inner = if inner.is_empty() { "&nbsp;".to_string() } else { inner };
                let _ = write!(out, "<p style=\"margin:{margin}\">{inner}</p>");
            }
            out.push_str("</mj-text>\n");
        }
        Block::Image { src, alt, link, width, align } => {
            let _ = write!(out, "{AT}<mj-image src=\"{}\" alt=\"{}\" align=\"{}\"", attr(src), attr(alt), align.css());
            if let Some(link) = link {
                let _ = write!(out, " href=\"{}\"", attr(link));
            }
            if let Some(width) = width {
                let _ = write!(out, " width=\"{width}px\"");
            }
            out.push_str("></mj-image>\n");
        }
        Block::Button { label, link, color, text_color, align } => {
            let _ = writeln!(
                out,
                "{AT}<mj-button href=\"{}\" background-color=\"{}\" color=\"{}\" align=\"{}\" font-size=\"16px\" \
                 font-weight=\"600\" border-radius=\"6px\" inner-padding=\"12px 24px\">{}</mj-button>",
                attr(link),
                attr(&color.0),
                attr(&text_color.0),
                align.css(),
                text(label),
            );
        }
        // Columns are never inside columns (checked before).
        Block::Columns { .. } => {}
        Block::Divider { color, thickness } => {
            let _ = writeln!(
                out,
                "{AT}<mj-divider border-color=\"{}\" border-width=\"{thickness}px\"></mj-divider>",
                attr(&color.0)
            );
        }
        Block::Spacer { height } => {
            let _ = writeln!(out, "{AT}<mj-spacer height=\"{height}px\"></mj-spacer>");
        }
        Block::Html { html } => {
            let _ = writeln!(out, "{AT}<mj-text>{}</mj-text>", cleaned(html));
        }
    }
}

/// The footer, on the page's colour under the content, with the letter's
/// one unsubscribe link.
fn footer(out: &mut String, look: &Look, footer: &Footer) {
    let mut lines: Vec<String> = [&footer.company, &footer.address, &footer.note]
        .into_iter()
        .filter(|line| !line.trim().is_empty())
        .map(|line| text(line))
        .collect();
    lines.push(format!(
        "<a id=\"{UNSUBSCRIBE_ID}\" href=\"{UNSUBSCRIBE_TAG}\" style=\"color:{};text-decoration:underline\">{}</a>",
        attr(&look.text_color.0),
        text(&footer.unsubscribe),
    ));
    let _ = writeln!(
        out,
        "    <mj-section padding=\"16px 0\">\n      <mj-column>\n        \
         <mj-text align=\"center\" font-size=\"12px\" line-height=\"1.6\">{}</mj-text>\n      \
         </mj-column>\n    </mj-section>",
        lines.join("<br />")
    );
}

/// A paragraph's pieces as HTML: words escaped, tags as the service writes
/// them, links in the letter's link colour.
fn paragraph(line: &Paragraph, look: &Look) -> String {
    let mut out = String::new();
    for inline in line {
        match inline {
            Inline::Text { text: words, bold, italic, link } => {
                let mut piece = text(words).replace('\n', "<br />");
                if *italic {
                    piece = format!("<em>{piece}</em>");
                }
                if *bold {
                    piece = format!("<strong>{piece}</strong>");
                }
                if let Some(link) = link {
                    piece =
                        format!("<a href=\"{}\" style=\"color:{}\">{piece}</a>", attr(link), attr(&look.link_color.0));
                }
                out.push_str(&piece);
            }
            Inline::Break => out.push_str("<br />"),
            Inline::Tag { name } => {
                let _ = write!(out, "%{}%", text(name));
            }
        }
    }
    out
}

/// Words as HTML text.
pub fn text(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    for c in words.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c if c.is_control() && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

/// A value for an attribute between double quotes.
fn attr(value: &str) -> String {
    text(&value.replace('\n', " ")).replace('"', "&quot;")
}
