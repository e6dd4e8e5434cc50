//! What keeps a block letter from being rendered, found before it is
//! written: each problem names the block it is in (its place from the top,
//! and within its columns).

use super::document::{Block, BlockLetter, Color, Inline, Paragraph};
use serde::Serialize;
use std::fmt;

/// Blocks in one letter, columns' blocks counted.
pub const MOST_BLOCKS: usize = 200;
/// Characters in one block's text or markup.
pub const MOST_TEXT: usize = 50_000;

/// Why a block letter cannot be rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum BlockProblem {
    TooManyBlocks,
    /// Columns inside columns, or a row of other than two or three, or not
    /// as many as its ratio shares.
    Columns,
    /// A width, size, level, height or thickness out of its range.
    OutOfRange,
    /// A colour that is not `#rrggbb`.
    Color,
    /// An image without words for where images are off.
    ImageAlt,
    /// An image's address that is not `https://` or `http://`, or a link
    /// that is none of those, `mailto:`, `tel:` or a service tag.
    Address,
    /// A tag name with other than letters, digits and `_`.
    TagName,
    /// A button without words.
    ButtonLabel,
    TextTooLong,
    /// An HTML block with its own unsubscribe link: the footer has the one.
    SecondUnsubscribe,
    /// An HTML block the renderer cannot read.
    Markup,
    /// A `.mjml` file the renderer cannot read or render.
    Mjml,
    /// A `.letter.json` file that is no block letter.
    Document,
}

/// A problem and where it is: the block's place from the top (from 1), and
/// its place within its column when it is in one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Unrenderable {
    pub problem: BlockProblem,
    pub block: Option<usize>,
    pub inner: Option<(usize, usize)>,
    /// The renderer's words, for a file it cannot read.
    pub detail: Option<String>,
}

impl Unrenderable {
    pub fn of(problem: BlockProblem) -> Self {
        Unrenderable { problem, block: None, inner: None, detail: None }
    }

    pub fn at(mut self, block: usize) -> Self {
        self.block.get_or_insert(block + 1);
        self
    }

    fn within(mut self, column: usize, block: usize) -> Self {
        self.inner = Some((column + 1, block + 1));
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }
}

/// One line, for the command line and the log.
impl fmt::Display for Unrenderable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.problem)?;
        if let Some(block) = self.block {
            write!(f, " in block {block}")?;
        }
        if let Some((column, block)) = self.inner {
            write!(f, ", column {column}, block {block}")?;
        }
        if let Some(detail) = &self.detail {
            write!(f, ": {detail}")?;
        }
        Ok(())
    }
}

/// The first problem of a letter, if it has one.
pub fn first_problem(letter: &BlockLetter) -> Result<(), Unrenderable> {
    use BlockProblem as P;
    let look = &letter.look;
    if !(480..=800).contains(&look.width) {
        return Err(Unrenderable::of(P::OutOfRange));
    }
    for color in [&look.page_color, &look.content_color, &look.text_color, &look.link_color] {
        color_ok(color)?;
    }
    text_ok(&look.preheader)?;
    let footer = &letter.footer;
    for text in [&footer.company, &footer.address, &footer.note, &footer.unsubscribe] {
        text_ok(text)?;
    }
    if letter.blocks.iter().flat_map(Block::and_inner).count() > MOST_BLOCKS {
        return Err(Unrenderable::of(P::TooManyBlocks));
    }
    for (at, block) in letter.blocks.iter().enumerate() {
        block_ok(block).map_err(|e| e.at(at))?;
        if let Block::Columns { ratio, columns } = block {
            if columns.len() != ratio.shares().len() {
                return Err(Unrenderable::of(P::Columns).at(at));
            }
            for (column, blocks) in columns.iter().enumerate() {
                for (inner, block) in blocks.iter().enumerate() {
                    if matches!(block, Block::Columns { .. }) {
                        return Err(Unrenderable::of(P::Columns).at(at).within(column, inner));
                    }
                    block_ok(block).map_err(|e| e.at(at).within(column, inner))?;
                }
            }
        }
    }
    Ok(())
}

fn block_ok(block: &Block) -> Result<(), Unrenderable> {
    use BlockProblem as P;
    let range = |ok: bool| if ok { Ok(()) } else { Err(Unrenderable::of(P::OutOfRange)) };
    match block {
        Block::Heading { level, text, .. } => {
            range((1..=3).contains(level))?;
            paragraph_ok(text)
        }
        Block::Text { paragraphs, size, .. } => {
            range((12..=24).contains(size))?;
            paragraphs.iter().try_for_each(paragraph_ok)?;
            let length: usize = paragraphs.iter().flatten().map(inline_length).sum();
            if length > MOST_TEXT {
                return Err(Unrenderable::of(P::TextTooLong));
            }
            Ok(())
        }
        Block::Image { src, alt, link, width, .. } => {
            if !web_address(src) {
                return Err(Unrenderable::of(P::Address));
            }
            if alt.trim().is_empty() {
                return Err(Unrenderable::of(P::ImageAlt));
            }
            text_ok(alt)?;
            link.as_deref().map_or(Ok(()), link_ok)?;
            range(width.is_none_or(|w| (16..=800).contains(&w)))
        }
        Block::Button { label, link, color, text_color, .. } => {
            if label.trim().is_empty() {
                return Err(Unrenderable::of(P::ButtonLabel));
            }
            text_ok(label)?;
            link_ok(link)?;
            color_ok(color)?;
            color_ok(text_color)
        }
        Block::Columns { .. } => Ok(()),
        Block::Divider { color, thickness } => {
            color_ok(color)?;
            range((1..=8).contains(thickness))
        }
        Block::Spacer { height } => range((4..=120).contains(height)),
        Block::Html { html } => text_ok(html),
    }
}

fn paragraph_ok(paragraph: &Paragraph) -> Result<(), Unrenderable> {
    paragraph.iter().try_for_each(|inline| match inline {
        Inline::Text { text, link, .. } => {
            text_ok(text)?;
            link.as_deref().map_or(Ok(()), link_ok)
        }
        Inline::Break => Ok(()),
        Inline::Tag { name } if tag_name(name) => Ok(()),
        Inline::Tag { .. } => Err(Unrenderable::of(BlockProblem::TagName)),
    })
}

fn inline_length(inline: &Inline) -> usize {
    match inline {
        Inline::Text { text, .. } => text.chars().count(),
        Inline::Break => 1,
        Inline::Tag { name } => name.chars().count() + 2,
    }
}

fn text_ok(text: &str) -> Result<(), Unrenderable> {
    if text.chars().count() > MOST_TEXT {
        return Err(Unrenderable::of(BlockProblem::TextTooLong));
    }
    Ok(())
}

fn color_ok(color: &Color) -> Result<(), Unrenderable> {
    if color.is_valid() {
        Ok(())
    } else {
        Err(Unrenderable::of(BlockProblem::Color))
    }
}

/// A service tag's name: letters of any script, digits and `_`.
pub fn tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().count() <= 40 && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}

fn web_address(address: &str) -> bool {
    let lower = address.trim().to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://"))
        && address.len() <= 2048
        && !address.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>')
}

/// A link: a web address, `mailto:`, `tel:`, or one service tag
/// (`%WEBVERSION%`).
fn link_ok(link: &str) -> Result<(), Unrenderable> {
    let lower = link.to_ascii_lowercase();
    let tag = link.strip_prefix('%').and_then(|l| l.strip_suffix('%')).is_some_and(tag_name);
    let other = (lower.starts_with("mailto:") || lower.starts_with("tel:"))
        && !link.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>');
    if web_address(link) || tag || other {
        Ok(())
    } else {
        Err(Unrenderable::of(BlockProblem::Address))
    }
}
