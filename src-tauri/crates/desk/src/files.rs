//! Files the app writes on the user's disk, whole or not at all: written
//! beside their place, fsynced, then renamed over it, so a crash leaves the
//! old file or the new one, never half of either.
//!
//! The file being written has a name of its own: hidden, unique, marked as
//! the app's, next to its place (`.campaign-desk.report.csv.k3V9x2Qa.tmp`).
//! Marked, because the folder is often one where other programs keep their
//! own half-written files (a browser's `report.csv.part` in Downloads): the
//! sweep below removes only names that carry the mark. Unique, because two
//! writes of the same file (two draft saves, two exports over one name)
//! must never share one and rename each other's half. Next to its place, because only
//! a rename within one file system replaces a file in one step: the app's
//! own folder may sit on another disk than the folder the user chose, and
//! a copy across is not whole-or-nothing. An unnamed file (Linux's
//! `O_TMPFILE`) would leave nothing behind after a crash, but it can only
//! be linked to a name that does not exist yet, so replacing a file still
//! needs a named step, and it exists on Linux alone.
//!
//! What a crash leaves instead, a marked file of ours, is swept at the next
//! write into that folder, and at the next start in every folder written
//! into before ([`noted`]): every name of that shape that no write of this
//! process holds is gone (the app runs once per user, so no other process
//! is writing one).

use serde::Serialize;
use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A file the user picked (for an import), by the id the app gave it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PickedFile {
    pub file_id: String,
    /// The file's name, without its folder.
    pub name: String,
}

mod noted;

/// A file's name, without its folder.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Files the user picked in the system's open dialog, each by the id the
/// page knows it by: the page never learns a path.
#[derive(Debug, Default)]
pub(crate) struct Picked {
    paths: Mutex<std::collections::HashMap<String, PathBuf>>,
    last: Mutex<Option<PathBuf>>,
}

impl Picked {
    /// Gives a picked file an id for the page.
    pub(crate) fn grant(&self, path: PathBuf) -> String {
        let id = format!("file-{}", fastrand::u64(..));
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(path.clone());
        self.paths.lock().unwrap_or_else(|p| p.into_inner()).insert(id.clone(), path);
        id
    }

    /// The file picked as `id`.
    pub(crate) fn path(&self, id: &str) -> Option<PathBuf> {
        self.paths.lock().unwrap_or_else(|p| p.into_inner()).get(id).cloned()
    }

    /// The folder of the file picked last, to open the next pick in.
    pub(crate) fn last_folder(&self) -> Option<PathBuf> {
        self.last.lock().unwrap_or_else(|p| p.into_inner()).as_ref().and_then(|p| p.parent().map(Path::to_path_buf))
    }
}

/// The random part of a file being written: long enough to be unique.
const RANDOM_LEN: usize = 8;
/// What every file being written starts with: hidden, and the app's by name.
const MARK: &str = ".campaign-desk.";
const SUFFIX: &str = ".tmp";

/// Files being written by this process: the sweep leaves them alone.
static WRITING: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);

fn writing() -> std::sync::MutexGuard<'static, Option<HashSet<PathBuf>>> {
    WRITING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Who may read the finished file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Readers {
    /// The app's own files: the user alone.
    User,
    /// A file the user asked for (an export, a saved attachment): as any
    /// file they make there (the system's default, after their umask).
    AsUsual,
}

/// A file being written beside its place, under a hidden unique name; gone
/// when dropped unless [`Partial::finish`] moved it into place.
pub(crate) struct Partial {
    file: tempfile::NamedTempFile,
    target: PathBuf,
    _writing: Writing,
}

/// A file being written, in [`WRITING`] while this lives.
struct Writing(PathBuf);

impl Drop for Writing {
    fn drop(&mut self) {
        if let Some(writing) = writing().as_mut() {
            writing.remove(&self.0);
        }
    }
}

impl Partial {
    /// Starts writing `target`, after sweeping what crashed writes left in its folder.
    pub(crate) fn beside(target: &Path, readers: Readers) -> std::io::Result<Partial> {
        let dir = folder_of(target);
        let name = target.file_name().ok_or_else(|| std::io::Error::other("no file name"))?;
        let mut prefix = std::ffi::OsString::from(MARK);
        prefix.push(name);
        prefix.push(".");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(SUFFIX).rand_bytes(RANDOM_LEN);
        #[cfg(unix)]
        if readers == Readers::AsUsual {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        #[cfg(not(unix))]
        let _ = readers;
        // One lock over sweep, creation and registration: a sweep elsewhere
        // never sees this file unregistered.
        let mut writing = writing();
        let writing = writing.get_or_insert_with(HashSet::new);
        sweep(dir, writing);
        noted::note(dir);
        let file = builder.tempfile_in(dir)?;
        writing.insert(file.path().to_path_buf());
        let registered = Writing(file.path().to_path_buf());
        Ok(Partial { file, target: target.to_path_buf(), _writing: registered })
    }

    /// Where it is written now (for writers that open the path themselves).
    pub(crate) fn path(&self) -> &Path {
        self.file.path()
    }

    pub(crate) fn file(&mut self) -> &mut File {
        self.file.as_file_mut()
    }

    /// Syncs it and renames it over its place, durably.
    pub(crate) fn finish(self) -> std::io::Result<()> {
        self.file.as_file().sync_all()?;
        self.file.persist(&self.target).map_err(|e| e.error)?;
        sync_dir(folder_of(&self.target));
        Ok(())
    }
}

/// Sweeps what writes of the last run left in the folders they noted in
/// `data_dir`, and notes this run's writes there.
pub(crate) fn sweep_what_crashes_left(data_dir: &Path) {
    let mut writing = writing();
    noted::keep_in(data_dir, writing.get_or_insert_with(HashSet::new), sweep);
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Whether `name` is one this module gives a file being written.
fn is_ours(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(MARK).and_then(|n| n.strip_suffix(SUFFIX)) else { return false };
    let Some((stem, random)) = rest.rsplit_once('.') else { return false };
    !stem.is_empty() && random.len() == RANDOM_LEN && random.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Removes what crashed writes left in `dir`; a file that cannot be listed
/// or removed stays (the write itself still goes on).
fn sweep(dir: &Path, writing: &HashSet<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if entry.file_name().to_str().is_some_and(is_ours) && !writing.contains(&path) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Writes `bytes` to `path` (a file of the app's own) whole or not at all.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_for(path, bytes, Readers::User)
}

fn write_for(path: &Path, bytes: &[u8], readers: Readers) -> std::io::Result<()> {
    let mut partial = Partial::beside(path, readers)?;
    partial.file().write_all(bytes)?;
    partial.finish()
}

/// Writes a file the user asked for (a saved attachment, an export) whole,
/// off the async runtime; answers its size. A failure names the action.
pub(crate) async fn save(path: &Path, bytes: Vec<u8>, action: impl Into<crate::error::Action>) -> crate::Result<u64> {
    use crate::DeskError;
    let size = bytes.len() as u64;
    let target = path.to_path_buf();
    crate::blocking::blocking(move || write_for(&target, &bytes, Readers::AsUsual))
        .await?
        .map_err(|e| DeskError::storage(action, path, e))?;
    Ok(size)
}

/// Makes the rename itself durable where the platform allows it.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in `dir`, sorted.
    pub(super) fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn concurrent_writes_of_one_file_each_land_whole_and_leave_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("report.csv");
        let texts: Vec<Vec<u8>> = (0..8).map(|i| vec![b'a' + i; 64 * 1024]).collect();
        std::thread::scope(|scope| {
            for text in &texts {
                let target = &target;
                scope.spawn(move || {
                    for _ in 0..20 {
                        write_whole(target, text).unwrap();
                    }
                });
            }
        });
        let written = std::fs::read(&target).unwrap();
        assert!(texts.contains(&written), "one write, whole");
        assert_eq!(names(dir.path()), ["report.csv"]);
    }

    #[test]
    fn what_a_crashed_write_left_is_swept_at_the_next_write_into_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let crashed = Partial::beside(&dir.path().join("export.xlsx"), Readers::AsUsual).unwrap();
        let left = crashed.path().to_path_buf();
        assert!(left.file_name().unwrap().to_str().unwrap().starts_with(".campaign-desk.export.xlsx."), "{left:?}");
        // A crash: the process ends without removing it.
        std::mem::forget(crashed);
        if let Some(writing) = writing().as_mut() {
            writing.remove(&left);
        }
        // What other programs are writing in a user's folder, in their own names.
        let others = ["report.csv.part", ".backup.20240101.part", ".report.csv.k3V9x2Qa.tmp", "holiday.part"];
        for name in others {
            std::fs::write(dir.path().join(name), "the user's own").unwrap();
        }

        write_whole(&dir.path().join("report.csv"), b"new").unwrap();
        assert!(!left.exists(), "swept");
        let mut expected: Vec<&str> = others.into_iter().chain(["report.csv"]).collect();
        expected.sort();
        assert_eq!(names(dir.path()), expected, "only what is ours is swept");
    }

    #[test]
    fn a_write_in_progress_is_not_swept_by_another() {
        let dir = tempfile::tempdir().unwrap();
        let mut long = Partial::beside(&dir.path().join("rows.csv"), Readers::AsUsual).unwrap();
        long.file().write_all(b"a,b\n").unwrap();
        write_whole(&dir.path().join("other.csv"), b"x").unwrap();
        long.finish().unwrap();
        assert_eq!(std::fs::read(dir.path().join("rows.csv")).unwrap(), b"a,b\n");
        assert_eq!(names(dir.path()), ["other.csv", "rows.csv"]);
    }

    #[test]
    fn a_write_given_up_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut partial = Partial::beside(&dir.path().join("a.csv"), Readers::AsUsual).unwrap();
        partial.file().write_all(b"half").unwrap();
        drop(partial);
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn only_names_of_our_shape_are_ours() {
        assert!(is_ours(".campaign-desk.report.csv.k3V9x2Qa.tmp"));
        assert!(!is_ours("report.csv.part"));
        assert!(!is_ours(".backup.20240101.part"));
        assert!(!is_ours(".report.csv.k3V9x2Qa.tmp"));
        assert!(!is_ours(".campaign-desk.report.csv.tmp"));
        assert!(!is_ours(".campaign-desk.report.k3V9x2Q.tmp"));
        assert!(!is_ours(".campaign-desk..k3V9x2Qa.tmp"));
    }
}
