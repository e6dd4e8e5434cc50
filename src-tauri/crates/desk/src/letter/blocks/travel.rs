//! The block document travels inside the letter it made: one comment at
//! the end of the HTML carries it, compressed, with a hash of the HTML
//! above it. Read back from the service on any machine, after a copy or
//! through a template, the letter opens as blocks; HTML changed since (in
//! the service's web editor, in code) no longer matches its hash and opens
//! as HTML, never silently rebuilt from blocks that no longer say it.

use super::document::BlockLetter;
use super::problems::first_problem;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use sha2::{Digest, Sha256};
use std::io::{Read, Write};

const MARK: &str = "<!--campaign-desk:letter:1:";
const END: &str = "-->";
/// The most a sealed document may unpack to.
const MOST_UNPACKED: u64 = 4 << 20;

/// How a letter's HTML opens in the editor.
#[derive(Debug, Clone, PartialEq)]
pub enum Opening {
    /// Made from blocks here and unchanged since: its blocks.
    Blocks { letter: Box<BlockLetter> },
    /// Made from blocks, then changed elsewhere: as HTML, with a note.
    Edited,
    /// HTML from anywhere else.
    Html,
}

/// The rendered HTML with the document sealed at its end.
pub fn seal(html: String, letter: &BlockLetter) -> String {
    let json = serde_json::to_vec(letter).expect("a block letter is JSON");
    let mut packer = DeflateEncoder::new(Vec::new(), Compression::best());
    packer.write_all(&json).expect("compressing into memory");
    let packed = STANDARD.encode(packer.finish().expect("compressing into memory"));
    let hash = hash_of(&html);
    format!("{html}\n{MARK}{hash}:{packed}{END}")
}

/// The HTML above the sealed document (all of it when there is none).
pub fn unsealed(html: &str) -> &str {
    html.rfind(MARK).map_or(html, |at| html[..at].trim_end())
}

/// How the letter's HTML opens.
pub fn opening(html: &str) -> Opening {
    let html = html.trim_end();
    let Some(at) = html.rfind(MARK) else { return Opening::Html };
    let Some(sealed) = html[at + MARK.len()..].strip_suffix(END) else { return Opening::Html };
    let Some((hash, packed)) = sealed.split_once(':') else { return Opening::Html };
    let Some(letter) = unpacked(packed).map(Box::new) else { return Opening::Html };
    if hash_of(&html[..at]) == hash {
        Opening::Blocks { letter }
    } else {
        Opening::Edited
    }
}

/// A letter's HTML as an editor holds it: its blocks (and no HTML, which is
/// rendered from them where it goes), or its HTML.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Opened {
    pub html: String,
    pub blocks: Option<BlockLetter>,
    /// Made of blocks here, then changed elsewhere: it opens as HTML, and
    /// the page says why.
    pub edited_elsewhere: bool,
}

/// The letter an editor opens from the HTML the service has.
pub fn opened(html: String) -> Opened {
    match opening(&html) {
        Opening::Blocks { letter } => Opened { html: String::new(), blocks: Some(*letter), edited_elsewhere: false },
        Opening::Edited => Opened { html, blocks: None, edited_elsewhere: true },
        Opening::Html => Opened { html, blocks: None, edited_elsewhere: false },
    }
}

fn unpacked(packed: &str) -> Option<BlockLetter> {
    let packed = STANDARD.decode(packed.trim()).ok()?;
    let mut json = Vec::new();
    DeflateDecoder::new(packed.as_slice()).take(MOST_UNPACKED + 1).read_to_end(&mut json).ok()?;
    if json.len() as u64 > MOST_UNPACKED {
        return None;
    }
    let letter: BlockLetter = serde_json::from_slice(&json).ok()?;
    first_problem(&letter).ok().map(|()| letter)
}

/// The HTML's hash, its line endings and trailing space as a mail service
/// may have changed them set aside.
fn hash_of(html: &str) -> String {
    let normal = html.trim_end().replace("\r\n", "\n");
    format!("{:x}", Sha256::digest(normal.as_bytes()))
}
