//! A letter made of blocks: what the marketer arranges in the editor,
//! kept with the letter, and written as MJML by [`super::mjml`]. Text is
//! data here, never markup: the writer escapes it.

use serde::{Deserialize, Serialize};

/// A block letter: its look, its blocks from the top, and its footer, which
/// is always last and cannot be removed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BlockLetter {
    pub look: Look,
    pub blocks: Vec<Block>,
    pub footer: Footer,
}

/// How the whole letter looks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Look {
    /// The content's width in pixels, 480 to 800 (600 is the usual).
    pub width: u16,
    /// Around the content.
    pub page_color: Color,
    /// Behind the content.
    pub content_color: Color,
    pub text_color: Color,
    pub link_color: Color,
    pub font: Font,
    /// The line a mail program shows after the subject; empty for none.
    pub preheader: String,
}

impl Default for Look {
    fn default() -> Self {
        Look {
            width: 600,
            page_color: Color::new("#f3f4f6"),
            content_color: Color::new("#ffffff"),
            text_color: Color::new("#1f2937"),
            link_color: Color::new("#4338ca"),
            font: Font::Sans,
            preheader: String::new(),
        }
    }
}

/// A colour as `#rrggbb`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Color(pub String);

impl Color {
    pub fn new(hex: &str) -> Self {
        Color(hex.to_string())
    }

    pub fn is_valid(&self) -> bool {
        let hex = self.0.as_bytes();
        hex.len() == 7 && hex[0] == b'#' && hex[1..].iter().all(u8::is_ascii_hexdigit)
    }
}

/// The system's own fonts, of one kind: no web font is ever fetched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Font {
    Sans,
    Serif,
    Mono,
}

impl Font {
    /// The CSS font stack: fonts every mail program's system has.
    pub fn stack(self) -> &'static str {
        match self {
            Font::Sans => "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif",
            Font::Serif => "Georgia, 'Times New Roman', Times, serif",
            Font::Mono => "Menlo, Consolas, 'Courier New', monospace",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Align {
    #[default]
    Left,
    Center,
    Right,
}

impl Align {
    pub fn css(self) -> &'static str {
        match self {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        }
    }
}

/// A piece of a line of text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Inline {
    /// Words, written as they are (escaped), in bold or italic, or a link.
    Text {
        text: String,
        #[serde(default)]
        bold: bool,
        #[serde(default)]
        italic: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        link: Option<String>,
    },
    /// A line break within the paragraph.
    Break,
    /// One of the service's tags (`%NAME%`), by its name: filled in for
    /// each subscriber when the letter goes.
    Tag { name: String },
}

/// A paragraph: pieces of text on its lines.
pub type Paragraph = Vec<Inline>;

/// How the columns of a row share its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Ratio {
    /// Two columns, half and half.
    Halves,
    /// Two columns, a third and two thirds.
    ThirdTwoThirds,
    /// Two columns, two thirds and a third.
    TwoThirdsThird,
    /// Three columns, a third each.
    Thirds,
}

impl Ratio {
    /// Each column's share of the row, in per cent.
    pub fn shares(self) -> &'static [f32] {
        match self {
            Ratio::Halves => &[50.0, 50.0],
            Ratio::ThirdTwoThirds => &[33.33, 66.67],
            Ratio::TwoThirdsThird => &[66.67, 33.33],
            Ratio::Thirds => &[33.33, 33.33, 33.34],
        }
    }
}

/// One block of the letter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Block {
    #[serde(rename_all = "camelCase")]
    Heading {
        /// 1 the largest, to 3.
        level: u8,
        text: Paragraph,
        #[serde(default)]
        align: Align,
    },
    #[serde(rename_all = "camelCase")]
    Text {
        paragraphs: Vec<Paragraph>,
        #[serde(default)]
        align: Align,
        /// In pixels, 12 to 24.
        size: u8,
    },
    #[serde(rename_all = "camelCase")]
    Image {
        /// A web address (`https://`).
        src: String,
        /// Said in place of the image where images are off; required.
        alt: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        link: Option<String>,
        /// In pixels; `None`: the content's width.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        width: Option<u16>,
        #[serde(default)]
        align: Align,
    },
    #[serde(rename_all = "camelCase")]
    Button {
        label: String,
        link: String,
        color: Color,
        text_color: Color,
        #[serde(default)]
        align: Align,
    },
    /// Two or three columns side by side that stack on a phone; each holds
    /// blocks, but no columns.
    #[serde(rename_all = "camelCase")]
    Columns { ratio: Ratio, columns: Vec<Vec<Block>> },
    #[serde(rename_all = "camelCase")]
    Divider { color: Color, thickness: u8 },
    #[serde(rename_all = "camelCase")]
    Spacer { height: u16 },
    /// Markup for what blocks cannot say, cleaned of scripts and the like.
    #[serde(rename_all = "camelCase")]
    Html { html: String },
}

impl Block {
    /// The block, then the blocks of its columns when it is a row of them.
    pub fn and_inner(&self) -> impl Iterator<Item = &Block> {
        let inner = match self {
            Block::Columns { columns, .. } => columns.as_slice(),
            _ => &[],
        };
        std::iter::once(self).chain(inner.iter().flatten())
    }
}

/// The letter's end: the sender's details, why the subscriber gets it, and
/// the unsubscribe link the service needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    /// The list's company details: name, address.
    pub company: String,
    pub address: String,
    /// Why the subscriber gets the letter; empty for none.
    pub note: String,
    /// The unsubscribe link's words.
    pub unsubscribe: String,
}
