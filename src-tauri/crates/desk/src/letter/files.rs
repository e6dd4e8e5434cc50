//! A letter to and from a file, in the editor: an MJML file opened as an
//! HTML letter (rendered here, as `campaign-desk render` renders it), an
//! HTML file as it is (as blocks when it is a block letter this app saved
//! and nobody changed since), a block letter saved as `.letter.json`; and
//! a letter saved as the HTML it is sent as or, when it is made of blocks,
//! as the MJML it is written in.

use super::blocks::{self, BlockLetter, BlockProblem, Unrenderable};
use super::failures::unrenderable;
use crate::command::Cx;
use crate::error::Result;
use crate::host::OpenKind;
use crate::DeskError;
use serde::{Deserialize, Serialize};

crate::codes! {
    /// What the user was doing with a letter's file, when something failed.
    pub enum Action: Action { OpenLetterFile, SaveLetterFile }
}

/// The most a letter's file may hold: far past any letter, short of what
/// would fill the memory.
const MOST_BYTES: u64 = 5 << 20;

/// A letter read from a file: its HTML code, or its blocks.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LetterFromFile {
    /// The file's name, to say what was opened.
    pub name: String,
    /// Empty when it is made of blocks.
    pub html: String,
    pub blocks: Option<BlockLetter>,
}

/// How a letter is saved to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum LetterFormat {
    /// The HTML it is sent as (a block letter's blocks sealed into it: it
    /// opens as blocks again here).
    Html,
    /// The MJML a block letter is written in.
    Mjml,
}

impl LetterFormat {
    fn extension(self) -> &'static str {
        match self {
            LetterFormat::Html => "html",
            LetterFormat::Mjml => "mjml",
        }
    }
}

/// A file's letter, by its name's ending.
pub fn letter_of_file(name: &str, source: &str) -> std::result::Result<LetterFromFile, Unrenderable> {
    let lower = name.to_lowercase();
    let (html, blocks) = if lower.ends_with(".mjml") {
        (blocks::render_mjml(source)?, None)
    } else if lower.ends_with(".json") {
        // `.letter.json` as the app names them; any JSON is read as one, never as HTML.
        let letter: BlockLetter =
            serde_json::from_str(source).map_err(|e| Unrenderable::of(BlockProblem::Document).detail(e.to_string()))?;
        blocks::first_problem(&letter)?;
        (String::new(), Some(letter))
    } else {
        let opened = blocks::opened(source.to_string());
        (opened.html, opened.blocks)
    };
    Ok(LetterFromFile { name: name.to_string(), html, blocks })
}

/// What a letter's file holds in `format`.
pub fn file_of_letter(html: &str, blocks: Option<&BlockLetter>, format: LetterFormat) -> Result<String> {
    match (format, blocks) {
        (LetterFormat::Mjml, Some(letter)) => {
            blocks::first_problem(letter).map_err(unrenderable)?;
            Ok(blocks::mjml_of(letter))
        }
        // Only a block letter is written in MJML; the page offers it for those alone.
        (LetterFormat::Mjml, None) => Err(unrenderable(Unrenderable::of(BlockProblem::Mjml))),
        (LetterFormat::Html, _) => Ok(blocks::html_for(html, blocks)?.into_owned()),
    }
}

/// A letter file's text: by its byte-order mark; as UTF-8 when it is that;
/// else as the encoding its bytes look like (an older Russian page's
/// Windows-1251, KOI8-R), never with characters replaced unsaid.
fn text_of_file(bytes: &[u8]) -> String {
    if let Some((encoding, _)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding.decode_with_bom_removal(bytes).0.into_owned();
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_string();
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    detector.guess(Some(b"ru"), true).decode_without_bom_handling(bytes).0.into_owned()
}

/// Asks the user for a letter's file and reads it; `None` when they cancel.
pub async fn open(cx: &Cx<'_>) -> Result<Option<LetterFromFile>> {
    let Some(path) = cx.pick_open_path(None, OpenKind::Letter).await else { return Ok(None) };
    let unreadable = |e: &dyn std::fmt::Display| DeskError::storage(Action::OpenLetterFile, &path, e);
    let size = tokio::fs::metadata(&path).await.map_err(|e| unreadable(&e))?.len();
    if size > MOST_BYTES {
        return Err(unreadable(&format!("{size} bytes; a letter's file holds at most {MOST_BYTES}")));
    }
    let bytes = tokio::fs::read(&path).await.map_err(|e| unreadable(&e))?;
    let source = text_of_file(&bytes);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    letter_of_file(&name, &source).map(Some).map_err(unrenderable)
}

/// Saves a letter where the user picks, named after it; the bytes written,
/// or `None` when they cancel.
pub async fn save(
    cx: &Cx<'_>,
    name: &str,
    html: &str,
    blocks: Option<&BlockLetter>,
    format: LetterFormat,
) -> Result<Option<u64>> {
    let contents = file_of_letter(html, blocks, format)?;
    let name = if name.trim().is_empty() { "letter" } else { name.trim() };
    let Some(path) = cx.pick_save_path(&format!("{name}.{}", format.extension())).await else { return Ok(None) };
    crate::files::save(&path, contents.into_bytes(), Action::SaveLetterFile).await.map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mjml_file_opens_as_html_and_a_saved_block_letter_as_its_blocks() {
        let mjml = r#"<mjml><mj-body><mj-section><mj-column><mj-text>Привет, %NAME%</mj-text></mj-column></mj-section></mj-body></mjml>"#;
        let opened = letter_of_file("Весна.MJML", mjml).unwrap();
        assert!(opened.html.contains("Привет, %NAME%") && opened.html.contains("<table"), "{}", opened.html);
        assert_eq!(opened.blocks, None);

        let letter = blocks::BlockLetter {
            look: blocks::Look::default(),
            blocks: vec![blocks::Block::Spacer { height: 8 }],
            footer: blocks::Footer {
                company: "Northwind".into(),
                address: "Москва".into(),
                note: String::new(),
                unsubscribe: "Отписаться".into(),
            },
        };
        let html = file_of_letter("", Some(&letter), LetterFormat::Html).unwrap();
        assert_eq!(letter_of_file("saved.html", &html).unwrap().blocks, Some(letter.clone()), "opens as blocks");
        let json = serde_json::to_string(&letter).unwrap();
        assert_eq!(letter_of_file("saved.letter.json", &json).unwrap().blocks, Some(letter.clone()));
        let written = file_of_letter("", Some(&letter), LetterFormat::Mjml).unwrap();
        assert!(
            written.starts_with("<mjml") && letter_of_file("back.mjml", &written).unwrap().html.contains("unsub_link")
        );

        assert_eq!(letter_of_file("page.htm", "<p>Код</p>").unwrap().html, "<p>Код</p>");
        let page = "<p>Осенняя обжарка уже в продаже</p>";
        let cp1251 = encoding_rs::WINDOWS_1251.encode(page).0;
        assert_eq!(text_of_file(&cp1251), page, "an older Russian page's Windows-1251");
        let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(page.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        assert_eq!(text_of_file(&utf16), page, "UTF-16 by its byte-order mark");
        assert_eq!(letter_of_file("broken.mjml", "<mjml><mj-body>").unwrap_err().problem, BlockProblem::Mjml);
        assert_eq!(letter_of_file("x.letter.json", "{}").unwrap_err().problem, BlockProblem::Document);
        assert_eq!(letter_of_file("x.json", "[1]").unwrap_err().problem, BlockProblem::Document, "JSON is never HTML");
        assert!(file_of_letter("<p>Код</p>", None, LetterFormat::Mjml).is_err(), "code is not MJML");
        assert_eq!(file_of_letter("<p>Код</p>", None, LetterFormat::Html).unwrap(), "<p>Код</p>");
    }
}
