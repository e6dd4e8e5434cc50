//! The demo workspace made once for a run and copied into each new app's
//! data directory, where the app would otherwise seed it at its first
//! start: some 4 s of a debug build's time at each of the run's starts. The
//! built sandbox makes it with the very code and seed the app's demo uses
//! (`sandbox --make-store`), in the language the app will start in.
//!
//! A made demo is kept in `target/e2e-demo/` for the sandbox binary that made
//! it and for [`FRESH_FOR`]: the demo places its business around the time
//! it was made (a campaign sent yesterday, one planned in four days), so an
//! old one would no longer be the one a start makes. Test binaries running
//! side by side take turns under a lock, and the first makes it.

use crate::processes::{built_binary, target_dir};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// How long a made demo stands for a new one: a run's tests, no more. In
/// that time the demo's clock brings a handful of opens and clicks, as it
/// does while any test runs.
const FRESH_FOR: Duration = Duration::from_secs(20 * 60);

/// Where the app keeps its demo inside its data directory.
const IN_DATA_DIR: &str = "demo/workspace.sqlite";

/// Puts a made demo into `data_dir`, in the language the app will start in
/// with `env`, unless the app has a demo there already.
pub fn place(data_dir: &Path, env: &[(&str, &str)]) {
    let store = data_dir.join(IN_DATA_DIR);
    if store.exists() {
        return;
    }
    let folder = store.parent().expect("the demo's folder");
    std::fs::create_dir_all(folder).unwrap();
    private(folder, 0o700);
    // Copied under the lock: another test binary may be replacing it.
    let made = Made::locked();
    let path = made.fresh(language(env));
    std::fs::copy(&path, &store).unwrap_or_else(|e| panic!("cannot copy the made demo {}: {e}", path.display()));
    private(&store, 0o600);
}

/// The language the app takes from `env` for a new demo, as it reads the
/// system's (`LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`); the harness
/// starts the app in English unless a test says otherwise.
fn language(env: &[(&str, &str)]) -> &'static str {
    let said = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|name| env.iter().find(|(key, value)| key == name && !value.is_empty()).map(|(_, value)| *value));
    match said {
        Some(value) if value.starts_with("ru") => "ru",
        _ => "en",
    }
}

/// The made demos' folder, held by this process while it is in hand.
struct Made {
    folder: PathBuf,
    _lock: File,
}

impl Made {
    fn locked() -> Made {
        let folder = target_dir().join("e2e-demo");
        std::fs::create_dir_all(&folder).unwrap();
        let lock = File::create(folder.join("lock")).unwrap();
        lock.lock().expect("the made demos' lock");
        Made { folder, _lock: lock }
    }

    /// The made demo in `language`, made now if there is none fresh from the
    /// sandbox as built.
    fn fresh(&self, language: &str) -> PathBuf {
        let sandbox = built_binary("sandbox");
        let built = std::fs::metadata(&sandbox).and_then(|m| m.modified()).expect("the sandbox's build time");
        let stamp = built.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let path = self.folder.join(format!("{language}-{stamp}.sqlite"));
        let fresh = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .is_ok_and(|made| made.elapsed().is_ok_and(|age| age < FRESH_FOR));
        if fresh {
            return path;
        }
        // Older demos, and those of an earlier build, go first.
        for old in std::fs::read_dir(&self.folder).unwrap().flatten() {
            if old.file_name().to_string_lossy().starts_with(&format!("{language}-")) {
                let _ = std::fs::remove_file(old.path());
            }
        }
        let status = Command::new(&sandbox)
            .args(["--make-store", "--demo", "--demo-language", language, "--db"])
            .arg(&path)
            .status()
            .expect("the sandbox starts");
        assert!(status.success(), "the sandbox could not make the demo: {status}");
        path
    }
}

/// Closes `path` to group and others, as the app makes its own files.
fn private(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(test)]
mod tests {
    use super::language;

    #[test]
    fn the_demo_speaks_the_language_the_app_reads_from_the_environment() {
        assert_eq!(language(&[]), "en");
        assert_eq!(language(&[("LANG", "ru_RU.UTF-8")]), "ru");
        assert_eq!(language(&[("LANG", "ru_RU.UTF-8"), ("LANGUAGE", "en_GB")]), "en");
        assert_eq!(language(&[("LC_ALL", "ru_RU.UTF-8"), ("LANG", "en_US.UTF-8")]), "ru");
        assert_eq!(language(&[("LANGUAGE", ""), ("LANG", "ru_RU.UTF-8")]), "ru");
    }
}
