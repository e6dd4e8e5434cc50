//! What imports keep for the open account: the files the marketer picked
//! (the page names them by id, never by path), the journals' folder, the
//! columns chosen per list, the imports running now, and the account's
//! excluded addresses as read last (the review, the start and the errors
//! file follow one another within a minute or two; each read is dozens of
//! requests on a large account).
//!
//! An import is run by one run at a time: a start, a resume or the cancel
//! of a stopped import claims it before anything else ([`Imports::claim`]),
//! so a second resume finds it running, and a pause or a cancel that comes
//! while it starts reaches it. The journals and the columns are the
//! user's alone, and journals of imports that ended a month ago go.

use super::plan::{ColumnUse, Excluded};
use super::upload_state::Control;
use super::views::ImportProgress;
use crate::session::{AccountDir, AreaState, Session};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the excluded addresses read are used again.
const EXCLUDED_FRESH_FOR: Duration = Duration::from_secs(120);

/// An import running now: how to stop it, and how far it is.
#[derive(Clone)]
pub(crate) struct Running {
    pub control: Control,
    pub progress: Arc<Mutex<ImportProgress>>,
}

/// An import claimed by one run, and its place among those running until
/// the claim drops, however the run ends (done, failed, its task dropped).
pub(crate) struct Claim {
    imports: Arc<Imports>,
    id: String,
    pub running: Running,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.imports.running.lock().unwrap_or_else(|p| p.into_inner()).remove(&self.id);
    }
}

/// The account's imports.
pub struct Imports {
    journals: Option<PathBuf>,
    columns_file: Option<PathBuf>,
    picked: crate::files::Picked,
    running: Mutex<HashMap<String, Running>>,
    excluded: Mutex<Option<(Instant, Arc<Excluded>)>>,
}

impl AreaState for Imports {
    fn open(dir: Option<&AccountDir>) -> Self {
        Imports::kept_in(dir.map(|d| d.dir("imports")), dir.map(|d| d.file("import-columns", "json")))
    }
}

/// The columns chosen per list, by the column's plain name.
type Remembered = HashMap<String, HashMap<String, ColumnUse>>;

impl Imports {
    /// Imports whose journals are in `journals` (tests: a folder of theirs);
    /// the journals of imports that ended a month ago are removed.
    pub fn kept_in(journals: Option<PathBuf>, columns_file: Option<PathBuf>) -> Self {
        if let Some(folder) = &journals {
            super::journal::prune(folder, chrono::Utc::now());
        }
        Imports {
            journals,
            columns_file,
            picked: Default::default(),
            running: Default::default(),
            excluded: Default::default(),
        }
    }

    /// The excluded addresses read within the last two minutes.
    pub(crate) fn fresh_excluded(&self) -> Option<Arc<Excluded>> {
        let kept = self.excluded.lock().unwrap_or_else(|p| p.into_inner());
        kept.as_ref().filter(|(at, _)| at.elapsed() < EXCLUDED_FRESH_FOR).map(|(_, e)| e.clone())
    }

    pub(crate) fn keep_excluded(&self, excluded: Arc<Excluded>) {
        *self.excluded.lock().unwrap_or_else(|p| p.into_inner()) = Some((Instant::now(), excluded));
    }

    /// The folder of the account's journals; `None` keeps none, and then no
    /// file can be imported (it could not be resumed).
    pub(crate) fn journals(&self) -> Option<&Path> {
        self.journals.as_deref()
    }

    /// Gives a picked file an id for the page.
    pub fn grant(&self, path: PathBuf) -> String {
        self.picked.grant(path)
    }

    /// The folder of the file picked last, to open the next pick in.
    pub(crate) fn last_folder(&self) -> Option<PathBuf> {
        self.picked.last_folder()
    }

    pub(crate) fn picked(&self, file_id: &str) -> Option<PathBuf> {
        self.picked.path(file_id)
    }

    /// Claims the import `id` for a run, at once (before anything is
    /// awaited); `None` when a run has it already.
    pub(crate) fn claim(self: &Arc<Self>, id: &str) -> Option<Claim> {
        self.claim_or(id, |_| {})
    }

    /// Claims the import `id`, or, when a run has it, tells that run
    /// through `running` (in one step: no run can start or end between).
    pub(crate) fn claim_or(self: &Arc<Self>, id: &str, running: impl FnOnce(&Control)) -> Option<Claim> {
        let mut all = self.running.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(run) = all.get(id) {
            running(&run.control);
            return None;
        }
        let run = Running { control: Control::default(), progress: Default::default() };
        all.insert(id.to_string(), run.clone());
        Some(Claim { imports: self.clone(), id: id.to_string(), running: run })
    }

    pub(crate) fn running(&self, id: &str) -> Option<Running> {
        self.running.lock().unwrap_or_else(|p| p.into_inner()).get(id).cloned()
    }

    /// The columns chosen before for this list, by plain name.
    pub(crate) fn remembered(&self, list_id: i64) -> HashMap<String, ColumnUse> {
        self.read_remembered().remove(&list_id.to_string()).unwrap_or_default()
    }

    fn read_remembered(&self) -> Remembered {
        let Some(file) = &self.columns_file else { return Remembered::new() };
        std::fs::read(file).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok()).unwrap_or_default()
    }

    /// Keeps the columns chosen for a list; a failure to keep them costs
    /// only the next suggestion.
    pub(crate) fn remember(&self, list_id: i64, names: &[String], uses: &[ColumnUse]) {
        let Some(file) = &self.columns_file else { return };
        let mut all = self.read_remembered();
        let list = all.entry(list_id.to_string()).or_default();
        for (name, use_) in names.iter().zip(uses) {
            let key = super::columns::plain_name(name);
            if !key.is_empty() && *use_ != ColumnUse::Address {
                list.insert(key, use_.clone());
            }
        }
        if let (Some(folder), Ok(bytes)) = (file.parent(), serde_json::to_vec(&all)) {
            let _ = crate::private::create_dir_all(folder);
            if let Err(err) = crate::files::write_whole(file, &bytes) {
                log::warn!("the import's columns were not kept: {err}");
            }
        }
    }
}

impl Session {
    /// The same session keeping its imports' journals in `folder` (tests,
    /// tools: a session of one's own keeps none, so imports none).
    pub fn keeping_imports_in(self, folder: PathBuf) -> Self {
        let columns = folder.join("columns.json");
        self.with(Imports::kept_in(Some(folder), Some(columns)))
    }

    /// The account's imports, shared by every copy of the session.
    pub fn imports(&self) -> Arc<Imports> {
        self.state()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_import_is_claimed_by_one_run_and_a_word_for_it_reaches_that_run() {
        let imports = Arc::new(Imports::kept_in(None, None));
        let claim = imports.claim("i1").expect("no run has it");
        assert!(imports.claim("i1").is_none(), "a second resume finds it running");
        assert!(imports.claim_or("i1", Control::cancel).is_none(), "a cancel finds it running");
        assert!(claim.running.control.cancelled(), "and reaches it");
        assert!(imports.running("i1").is_some());
        drop(claim);
        assert!(imports.running("i1").is_none(), "a run that ends, however, lets go");
        assert!(imports.claim("i1").is_some());
    }

    #[cfg(unix)]
    #[test]
    fn journals_and_columns_are_the_user_s_alone_and_what_an_earlier_version_left_open_is_closed() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let set = |p: &Path, mode: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
        let data = tempfile::tempdir().unwrap();
        let (journals, columns) = (data.path().join("imports/acct-1"), data.path().join("import-columns/acct-1.json"));
        Imports::kept_in(Some(journals.clone()), Some(columns.clone())).remember(
            3,
            &["Город".to_string()],
            &[ColumnUse::Skip],
        );
        assert_eq!((mode(columns.parent().unwrap()), mode(&columns)), (0o700, 0o600));

        std::fs::create_dir_all(&journals).unwrap();
        let journal = journals.join("20261126-090000-0001.jsonl");
        std::fs::write(&journal, "{}\n").unwrap();
        for folder in [data.path().join("imports"), journals.clone(), data.path().join("import-columns")] {
            set(&folder, 0o755);
        }
        set(&journal, 0o644);
        set(&columns, 0o644);
        crate::private::keep_private(data.path(), crate::private::DATA_ENTRIES);
        assert_eq!((mode(&data.path().join("imports")), mode(&journals), mode(&journal)), (0o700, 0o700, 0o600));
        assert_eq!((mode(columns.parent().unwrap()), mode(&columns)), (0o700, 0o600));
    }
}
