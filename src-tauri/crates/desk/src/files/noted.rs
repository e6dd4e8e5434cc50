//! The folders files were written into, noted in the app's data folder
//! before the first write into each: a crash can leave a file of ours in a
//! folder the user never saves into again (an export to Downloads), where
//! the sweep at the next write would never come. The next start sweeps
//! every folder noted, then starts a fresh list.
//!
//! A folder, not each file: one line per folder per run instead of a write
//! before every draft keep, and the sweep removes only names that carry
//! the app's mark, so sweeping a whole folder is safe.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The list's name in the data folder.
const FILE: &str = "writing-folders.txt";

/// The list of the data folder the app runs with.
static NOTED: Mutex<Option<Noted>> = Mutex::new(None);

/// How a folder is swept of what crashed writes left (the files' own way).
pub(super) type Sweep = fn(&Path, &HashSet<PathBuf>);

pub(super) struct Noted {
    file: PathBuf,
    /// Folders on the list already, this run.
    folders: HashSet<PathBuf>,
}

impl Noted {
    /// Sweeps the folders on the list in `data_dir` with `sweep` (leaving
    /// what `writing` holds), then starts it afresh.
    pub(super) fn sweep_and_start(data_dir: &Path, writing: &HashSet<PathBuf>, sweep: Sweep) -> Noted {
        let file = data_dir.join(FILE);
        let listed = std::fs::read_to_string(&file).unwrap_or_default();
        for folder in listed.lines().filter(|line| !line.is_empty()) {
            sweep(Path::new(folder), writing);
        }
        let _ = std::fs::remove_file(&file);
        Noted { file, folders: HashSet::new() }
    }

    /// Puts `dir` on the list, durably, unless it is there already. A
    /// folder whose name cannot be one line is left off (the sweep at the
    /// next write into it still comes).
    pub(super) fn note(&mut self, dir: &Path) {
        let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        if self.folders.contains(&dir) {
            return;
        }
        let Some(line) = dir.to_str().filter(|name| !name.contains(['\n', '\r'])) else { return };
        let appended =
            crate::private::open_options().create(true).append(true).open(&self.file).and_then(|mut file| {
                file.write_all(format!("{line}\n").as_bytes())?;
                file.sync_data()
            });
        if appended.is_ok() {
            self.folders.insert(dir);
        }
    }
}

/// Notes `dir` on the list of the data folder the app runs with, if any.
pub(super) fn note(dir: &Path) {
    if let Some(noted) = NOTED.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).as_mut() {
        noted.note(dir);
    }
}

/// Sweeps what the last run left in the folders it noted, and notes this
/// run's in `data_dir`.
pub(super) fn keep_in(data_dir: &Path, writing: &HashSet<PathBuf>, sweep: Sweep) {
    let noted = Noted::sweep_and_start(data_dir, writing, sweep);
    *NOTED.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(noted);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::tests::names;

    #[test]
    fn a_folder_written_into_is_swept_at_the_next_start_though_never_written_into_again() {
        let (data, downloads) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut noted = Noted::sweep_and_start(data.path(), &HashSet::new(), crate::files::sweep);
        noted.note(downloads.path());
        noted.note(downloads.path());
        assert_eq!(std::fs::read_to_string(data.path().join(FILE)).unwrap().lines().count(), 1, "noted once");
        // A crash mid-export leaves ours beside what the browser is writing.
        let (ours, writing) = (
            downloads.path().join(".campaign-desk.report.csv.k3V9x2Qa.tmp"),
            downloads.path().join(".campaign-desk.rows.csv.Zx81Kq0p.tmp"),
        );
        for name in [&ours, &writing, &downloads.path().join("report.csv.part")] {
            std::fs::write(name, "half").unwrap();
        }

        let _restarted = Noted::sweep_and_start(data.path(), &HashSet::from([writing.clone()]), crate::files::sweep);
        assert_eq!(names(downloads.path()), [".campaign-desk.rows.csv.Zx81Kq0p.tmp", "report.csv.part"]);
        assert!(!data.path().join(FILE).exists(), "a fresh list");
    }
}
