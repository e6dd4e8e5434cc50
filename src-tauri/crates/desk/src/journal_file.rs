//! A journal's file: JSON lines appended one at a time, the user's alone
//! (0600), each line made durable when its writer asks. A line the computer
//! stopped in the middle of is cut off when the file is opened again, so it
//! never swallows the next line written after it. The journals of imports
//! and of changes of many both keep theirs so.

use serde::Serialize;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

/// An open journal's file, written at its end.
pub(crate) struct JournalFile {
    file: File,
}

impl JournalFile {
    /// A new journal at `path`; never one started over another.
    pub(crate) fn create_new(path: &Path) -> std::io::Result<JournalFile> {
        let file = crate::private::open_options().create_new(true).append(true).open(path)?;
        Ok(JournalFile { file })
    }

    /// Goes on with a journal, after cutting off a last line the computer
    /// stopped in the middle of.
    pub(crate) fn reopen(path: &Path) -> std::io::Result<JournalFile> {
        let mut file = crate::private::open_options().read(true).append(true).open(path)?;
        cut_torn_end(&mut file)?;
        Ok(JournalFile { file })
    }

    /// Writes `value` as one line; `durable` waits for it to reach the disk.
    pub(crate) fn append<T: Serialize>(&mut self, value: &T, durable: bool) -> std::io::Result<()> {
        let mut bytes = serde_json::to_vec(value).map_err(std::io::Error::other)?;
        bytes.push(b'\n');
        self.file.write_all(&bytes)?;
        if durable {
            self.sync()?;
        }
        Ok(())
    }

    /// Makes what was written durable.
    pub(crate) fn sync(&self) -> std::io::Result<()> {
        self.file.sync_data()
    }
}

/// The file of the journal `id` (an id the page hands back) in `folder`;
/// `None` for an id that is not one the app makes, so it never names a
/// file elsewhere (`../`).
pub(crate) fn path_of(folder: &Path, id: &str) -> Option<std::path::PathBuf> {
    let safe = id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    safe.then(|| folder.join(format!("{id}.jsonl")))
}

/// How many of `bytes` are whole lines: up to and with the last newline.
pub fn whole_lines(bytes: &[u8]) -> usize {
    bytes.iter().rposition(|b| *b == b'\n').map_or(0, |at| at + 1)
}

/// Cuts the file after its last newline, read from the end a piece at a
/// time (a journal of a million rows has thousands of lines). A file with
/// no newline at all is no journal (its first line is cut): left as it is.
fn cut_torn_end(file: &mut File) -> std::io::Result<()> {
    const PIECE: u64 = 8 * 1024;
    let length = file.metadata()?.len();
    let mut end = length;
    let mut piece = Vec::new();
    while end > 0 {
        let start = end.saturating_sub(PIECE);
        piece.resize((end - start) as usize, 0);
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut piece)?;
        let whole = whole_lines(&piece) as u64;
        if whole > 0 {
            if start + whole < length {
                file.set_len(start + whole)?;
                file.sync_data()?;
            }
            return Ok(());
        }
        end = start;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_of_the_whole_lines_is_found_however_the_journal_ends() {
        assert_eq!(whole_lines(b""), 0);
        assert_eq!(whole_lines(b"{}"), 0);
        assert_eq!(whole_lines(b"{}\n"), 3);
        assert_eq!(whole_lines(b"{}\n{\"li"), 3);
        assert_eq!(whole_lines(b"{}\n{}\n"), 6);
    }

    #[test]
    fn a_torn_last_line_is_cut_and_a_whole_journal_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.jsonl");
        std::fs::write(&path, b"{\"a\":1}\n{\"b\":").unwrap();
        JournalFile::reopen(&path).unwrap().append(&serde_json::json!({"c": 3}), true).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"a\":1}\n{\"c\":3}\n");
        JournalFile::reopen(&path).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"a\":1}\n{\"c\":3}\n");
    }
}
