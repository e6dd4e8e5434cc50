//! The app's files at rest (accounts, drafts, what it learnt and counted,
//! caches, the log) are the user's alone: on Unix folders are made `0700`
//! and files `0600` as they are created, and what an earlier version left
//! more open is closed to group and others when the app starts. Only what
//! the app itself makes is touched: the data folder may be one the user
//! chose (`--data-dir`) with files of their own in it, and a file's other
//! bits (executable, read-only) are the user's choice. (Windows gives a
//! user's profile folders to that user already.)

use std::path::Path;

#[cfg(unix)]
const FOLDER_MODE: u32 = 0o700;
#[cfg(unix)]
const FILE_MODE: u32 = 0o600;

/// Makes `dir` and any missing parent, each created readable by the user only.
pub(crate) fn create_dir_all(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, FOLDER_MODE);
    builder.create(dir)
}

/// Options that create a file readable by the user only.
pub(crate) fn open_options() -> std::fs::OpenOptions {
    let mut options = std::fs::OpenOptions::new();
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, FILE_MODE);
    options
}

/// What the app makes in its data folder; anything else there is not its own.
pub const DATA_ENTRIES: &[&str] = &[
    "accounts.json",
    "accounts.lock",
    "canned-replies.json",
    "writing-folders.txt",
    "drafts",
    "moderation",
    "counted",
    "demo",
    "logs",
    "imports",
    "import-columns",
    "changes",
];

/// Closes what the app made in `root` (the `entries` named, and everything
/// under those that are folders) to group and others. Links are not followed
/// (one could point anywhere); what cannot be changed is left as it is, the
/// app still starts.
pub fn keep_private(root: &Path, entries: &[&str]) {
    #[cfg(unix)]
    for entry in entries {
        tighten(&root.join(entry));
    }
    #[cfg(not(unix))]
    let _ = (root, entries);
}

/// Closes a folder that is the app's alone (its log folder), and all in it,
/// to group and others.
pub fn keep_folder_private(folder: &Path) {
    #[cfg(unix)]
    tighten(folder);
    #[cfg(not(unix))]
    let _ = folder;
}

#[cfg(unix)]
fn tighten(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let Ok(meta) = std::fs::symlink_metadata(path) else { return };
    if !meta.is_dir() && !meta.is_file() {
        return;
    }
    let mode = meta.permissions().mode();
    if mode & 0o077 != 0 {
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & !0o077));
    }
    if meta.is_dir() {
        for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
            tighten(&entry.path());
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn folders_and_files_are_created_for_the_user_only() {
        let temp = tempfile::tempdir().unwrap();
        let deep = temp.path().join("drafts").join("acct-1");
        create_dir_all(&deep).unwrap();
        assert_eq!((mode(&temp.path().join("drafts")), mode(&deep)), (0o700, 0o700));
        open_options().create(true).truncate(false).write(true).open(deep.join("a.lock")).unwrap();
        assert_eq!(mode(&deep.join("a.lock")), 0o600);
    }

    #[test]
    fn what_an_earlier_version_left_open_is_closed_and_links_are_not_followed() {
        let temp = tempfile::tempdir().unwrap();
        let (root, outside) = (temp.path().join("data"), temp.path().join("outside.txt"));
        std::fs::create_dir_all(root.join("counted/acct-1")).unwrap();
        std::fs::write(root.join("accounts.json"), "{}").unwrap();
        std::fs::write(root.join("counted/acct-1/7.json"), "{}").unwrap();
        std::fs::write(&outside, "the user's").unwrap();
        std::os::unix::fs::symlink(&outside, root.join("counted/link")).unwrap();
        for path in [&root, &root.join("counted"), &root.join("counted/acct-1")] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        for path in [&root.join("accounts.json"), &root.join("counted/acct-1/7.json"), &outside] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).unwrap();
        }
        keep_private(&root, DATA_ENTRIES);
        assert_eq!(mode(&root.join("counted/acct-1")), 0o700);
        assert_eq!(mode(&root.join("accounts.json")), 0o600);
        assert_eq!(mode(&root.join("counted/acct-1/7.json")), 0o600);
        assert_eq!(mode(&outside), 0o644, "a link's target is not the app's to change");
    }

    #[test]
    fn the_users_own_files_in_the_data_folder_keep_their_modes() {
        let temp = tempfile::tempdir().unwrap();
        let root = temp.path();
        std::fs::create_dir_all(root.join("drafts/acct-1")).unwrap();
        std::fs::create_dir_all(root.join("photos")).unwrap();
        let (tool, notes, photo) = (root.join("tool.sh"), root.join("notes.txt"), root.join("photos/a.jpg"));
        let (draft, script) = (root.join("drafts/acct-1/7.json"), root.join("drafts/acct-1/run.sh"));
        for file in [&tool, &notes, &photo, &draft, &script] {
            std::fs::write(file, "x").unwrap();
        }
        let set =
            |path: &Path, mode: u32| std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        set(root, 0o755);
        set(&root.join("photos"), 0o755);
        set(&tool, 0o755);
        set(&notes, 0o444);
        set(&photo, 0o644);
        set(&draft, 0o444);
        set(&script, 0o755);

        keep_private(root, DATA_ENTRIES);
        assert_eq!(mode(root), 0o755, "the folder the user chose is theirs");
        assert_eq!((mode(&tool), mode(&notes)), (0o755, 0o444), "not the app's: untouched");
        assert_eq!((mode(&root.join("photos")), mode(&photo)), (0o755, 0o644));
        assert_eq!(mode(&draft), 0o400, "the app's own lose group and others only, stay read-only");
        assert_eq!(mode(&script), 0o700, "and keep their execute bit");
    }
}
