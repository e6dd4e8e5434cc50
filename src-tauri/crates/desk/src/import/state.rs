//! What imports keep for the open account: the files the marketer picked
//! (the page names them by id, never by path), the journals' folder, the
//! columns chosen per list, the imports running now, and the account's
//! excluded addresses as read last (the review, the start and the errors
//! file follow one another within a minute or two; each read is dozens of
//! requests on a large account).

use super::plan::{ColumnUse, Excluded};
use super::upload::Control;
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

/// The account's imports.
pub struct Imports {
    journals: Option<PathBuf>,
    columns_file: Option<PathBuf>,
    picked: Mutex<HashMap<String, PathBuf>>,
    /// The file picked last, by id.
    last: Mutex<Option<String>>,
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
    /// Imports whose journals are in `journals` (tests: a folder of theirs).
    pub fn kept_in(journals: Option<PathBuf>, columns_file: Option<PathBuf>) -> Self {
        Imports {
            journals,
            columns_file,
            picked: Default::default(),
            last: Default::default(),
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
        let id = format!("file-{}", fastrand::u64(..));
        self.picked.lock().unwrap_or_else(|p| p.into_inner()).insert(id.clone(), path);
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(id.clone());
        id
    }

    /// The folder of the file picked last, to open the next pick in.
    pub(crate) fn last_folder(&self) -> Option<PathBuf> {
        let picked = self.picked.lock().unwrap_or_else(|p| p.into_inner());
        self.last
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .and_then(|id| picked.get(id))
            .and_then(|p| p.parent().map(Path::to_path_buf))
    }

    pub(crate) fn picked(&self, file_id: &str) -> Option<PathBuf> {
        self.picked.lock().unwrap_or_else(|p| p.into_inner()).get(file_id).cloned()
    }

    pub(crate) fn start_running(&self, id: &str) -> Running {
        let running = Running { control: Control::default(), progress: Default::default() };
        self.running.lock().unwrap_or_else(|p| p.into_inner()).insert(id.to_string(), running.clone());
        running
    }

    pub(crate) fn stop_running(&self, id: &str) {
        self.running.lock().unwrap_or_else(|p| p.into_inner()).remove(id);
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
            let _ = std::fs::create_dir_all(folder);
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
