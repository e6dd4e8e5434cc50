//! The running service's state: the store, the keys it accepts, and what it
//! may reach outside itself. Both interfaces and the background jobs share it.

use crate::fault::{Fault, Result};
use crate::ops;
use rusqlite::Connection;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// What the service may read or call beyond its own store.
#[derive(Debug, Clone, Default)]
pub enum Outbound {
    /// Any `file://` and `http(s)://` import address (tests and the
    /// stand-alone sandbox, where whoever starts it names the files).
    #[default]
    Open,
    /// The demo workspace inside the app: only files the user picked (see
    /// [`FileGrants`]) and loopback addresses.
    Confined(FileGrants),
}

/// Files the user picked in the app, the only ones a confined sandbox reads.
#[derive(Debug, Clone, Default)]
pub struct FileGrants(Arc<Mutex<HashSet<PathBuf>>>);

impl FileGrants {
    pub fn grant(&self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.0.lock().unwrap_or_else(|p| p.into_inner()).insert(path);
    }

    pub fn allows(&self, path: &Path) -> bool {
        let Ok(path) = path.canonicalize() else { return false };
        self.0.lock().unwrap_or_else(|p| p.into_inner()).contains(&path)
    }
}

pub struct App {
    pub conn: Mutex<Connection>,
    pub api_key: String,
    /// Sub-account keys and their inbound-processing rights.
    pub subaccounts: Vec<(String, ops::RouterAccess)>,
    pub outbound: Outbound,
    /// The per-account request limit, when one is set.
    pub limit: Option<crate::limit::RateLimit>,
    /// What the service answered, for tests to count.
    pub requests: crate::requests::RequestLog,
}

pub type Shared = Arc<App>;

impl App {
    /// Works on the store on a blocking thread, SQLite being synchronous.
    pub async fn with_conn<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Connection) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let app = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let conn = app.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            work(&conn)
        })
        .await
        .map_err(|e| Fault::new(500, 1, format!("internal error: {e}")))?
    }

    /// What the presented key may do, or `None` for an unknown key.
    /// Every known key is compared, each in constant time, so how long the
    /// answer takes says nothing of which key, or how much of one, matched.
    pub fn access(&self, presented: Option<&str>) -> Option<ops::RouterAccess> {
        let key = presented.filter(|k| !k.is_empty())?;
        let known = std::iter::once((self.api_key.as_str(), ops::RouterAccess::Full))
            .chain(self.subaccounts.iter().map(|(k, access)| (k.as_str(), *access)));
        known.fold(None, |found, (candidate, access)| found.or(same_key(key, candidate).then_some(access)))
    }
}

/// Compares the keys' digests rather than the keys, in constant time: the
/// time taken depends on neither the keys' contents nor their lengths.
pub fn same_key(presented: &str, known: &str) -> bool {
    use sha2::{Digest, Sha256};
    use subtle::ConstantTimeEq;
    Sha256::digest(presented.as_bytes()).ct_eq(&Sha256::digest(known.as_bytes())).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_match_only_when_equal() {
        assert!(same_key("secret-key", "secret-key"));
        for other in ["secret-kez", "secret-ke", "secret-key-", "", "Secret-key"] {
            assert!(!same_key(other, "secret-key"), "{other}");
        }
    }

    #[test]
    fn the_first_known_key_that_matches_gives_its_rights() {
        let app = App {
            conn: Mutex::new(Connection::open_in_memory().unwrap()),
            api_key: "main".into(),
            subaccounts: vec![
                ("reader".into(), ops::RouterAccess::ReadOnly),
                ("main".into(), ops::RouterAccess::ReadOnly),
            ],
            outbound: Outbound::Open,
            limit: None,
            requests: Default::default(),
        };
        assert_eq!(app.access(Some("main")), Some(ops::RouterAccess::Full));
        assert_eq!(app.access(Some("reader")), Some(ops::RouterAccess::ReadOnly));
        assert_eq!(app.access(Some("mai")), None);
        assert_eq!(app.access(Some("")), None);
        assert_eq!(app.access(None), None);
    }
}
