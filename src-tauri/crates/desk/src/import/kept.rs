//! The last workbook read, kept: an import reads its file for the preview,
//! then counts it and sends it, each on its own, and a workbook (unlike a
//! text, read as it goes) is read whole. Kept by its path, size, time of
//! change and sheet, so a changed file is read again; one at a time, and
//! dropped when it has not been asked for in half an hour.

use super::decode::{Content, Encoding};
use super::limits::Unreadable;
use super::sheet::Sheet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

/// How long a workbook nobody asks for stays in memory.
const IDLE: Duration = Duration::from_secs(30 * 60);

#[derive(Clone, PartialEq, Eq)]
struct Key {
    path: PathBuf,
    size: u64,
    modified: Option<SystemTime>,
    sheet: Option<String>,
}

struct Entry {
    key: Key,
    encoding: Encoding,
    sheet: Arc<Sheet>,
    asked: Instant,
}

/// Held while a file opens: two readers of one workbook at once (the
/// count beside the upload) wait for one reading instead of making two.
static KEPT: Mutex<Option<Entry>> = Mutex::new(None);

/// The file's content: a workbook kept from before, or `open`'s answer
/// (kept when it is a workbook).
pub fn open(
    path: &Path,
    sheet: Option<&str>,
    open: impl FnOnce() -> Result<(Encoding, Content), Unreadable>,
) -> Result<(Encoding, Content), Unreadable> {
    let meta = std::fs::metadata(path).map_err(|e| Unreadable::File(e.to_string()))?;
    let key = Key {
        path: path.to_path_buf(),
        size: meta.len(),
        modified: meta.modified().ok(),
        sheet: sheet.map(str::to_string),
    };
    let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
    if kept.as_ref().is_some_and(|e| e.asked.elapsed() > IDLE) {
        *kept = None;
    }
    if let Some(entry) = kept.as_mut().filter(|e| e.key == key) {
        entry.asked = Instant::now();
        return Ok((entry.encoding, Content::Sheet(entry.sheet.clone())));
    }
    let content = open()?;
    if let (encoding, Content::Sheet(sheet)) = &content {
        #[cfg(test)]
        tests::count_reading(path);
        *kept = Some(Entry { key, encoding: *encoding, sheet: sheet.clone(), asked: Instant::now() });
    }
    Ok(content)
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::HashMap;
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;

    static READINGS: Mutex<Option<HashMap<PathBuf, u64>>> = Mutex::new(None);

    pub fn count_reading(path: &Path) {
        *READINGS.lock().unwrap().get_or_insert_with(HashMap::new).entry(path.to_path_buf()).or_default() += 1;
    }

    /// How many times the workbook at `path` was read whole.
    pub fn readings(path: &Path) -> u64 {
        READINGS.lock().unwrap().as_ref().and_then(|r| r.get(path).copied()).unwrap_or(0)
    }

    #[test]
    fn a_workbook_is_read_once_for_its_preview_count_and_upload_until_it_changes() {
        use crate::import::file::{open_file, open_file_with, Reading};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("subscribers.xlsx");
        std::fs::write(&path, crate::import::hostile::plain_xlsx()).unwrap();
        let preview = open_file_with(&path, &Reading { header: Some(true), ..Reading::default() }).unwrap();
        assert_eq!(preview.sheet.as_deref(), Some("Sheet1"));
        // The import's start (the header's names), its count and its upload.
        for _ in 0..3 {
            assert_eq!(open_file(&path).unwrap().first, preview.first);
        }
        assert_eq!(readings(&path), 1);
        let mut book = rust_xlsxwriter::Workbook::new();
        book.add_worksheet().write_string(0, 0, "changed@example.ru").unwrap();
        std::fs::write(&path, book.save_to_buffer().unwrap()).unwrap();
        assert_eq!(open_file(&path).unwrap().first, vec![vec!["changed@example.ru".to_string()]]);
        assert_eq!(readings(&path), 2, "a changed file is read again");
    }
}
