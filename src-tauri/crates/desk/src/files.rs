//! Files the app writes on the user's disk, whole or not at all: written
//! beside their place, fsynced, then renamed over it, so a crash leaves the
//! old file or the new one, never half of either.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where a file is written before it is moved into place: `<name>.part`.
pub(crate) fn partial_path(path: &Path) -> PathBuf {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".part");
    PathBuf::from(partial)
}

/// Writes `bytes` to `path` whole or not at all.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let partial = partial_path(path);
    let written = (|| {
        let mut file = File::create(&partial)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        move_into_place(&partial, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// Moves a finished (and synced) partial file over its place, durably.
pub(crate) fn move_into_place(partial: &Path, path: &Path) -> std::io::Result<()> {
    std::fs::rename(partial, path)?;
    sync_dir(path.parent().unwrap_or(Path::new(".")));
    Ok(())
}

/// Writes a file the user asked for (a saved attachment, an export) whole,
/// off the async runtime; answers its size. A failure names the action.
pub(crate) async fn save(path: &Path, bytes: Vec<u8>, action: crate::error::Action) -> crate::Result<u64> {
    use crate::DeskError;
    let size = bytes.len() as u64;
    let target = path.to_path_buf();
    tokio::task::spawn_blocking(move || write_whole(&target, &bytes))
        .await
        .map_err(|e| DeskError::Internal { detail: e.to_string() })?
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
