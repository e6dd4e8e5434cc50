//! The marketer's word on a sender's replies: "this one is a person",
//! "this address only ever sends auto-replies". Given once, with one key,
//! and used for every reply from that address afterwards, ahead of the
//! classifier. Kept per account in a file (`marks/<account>.json`), the
//! addresses in lower case; a session without one keeps them in memory.

use super::triage::{ReplyKind, Sign, Triage};
use crate::error::{DeskError, Result};
use crate::inbox::Action;
use crate::session::{AccountDir, AreaState};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Debug, Default)]
pub(crate) struct Marks {
    marked: Mutex<BTreeMap<String, ReplyKind>>,
    file: Option<PathBuf>,
}

fn key(sender: &str) -> String {
    sender.trim().to_lowercase()
}

impl AreaState for Marks {
    fn open(dir: Option<&AccountDir>) -> Self {
        Marks::kept_in(dir.map(|dir| dir.file("marks", "json")))
    }
}

impl Marks {
    /// The marks kept in `file`, which keeps them from now on. A file that
    /// cannot be read is reported in the log and read as none: the
    /// classifier answers until the marketer marks again.
    pub(crate) fn kept_in(file: Option<PathBuf>) -> Self {
        let marked = file
            .as_ref()
            .and_then(|f| match std::fs::read(f) {
                Ok(bytes) => serde_json::from_slice(&bytes)
                    .map_err(|e| log::warn!("the reply marks in {} could not be read: {e}", f.display()))
                    .ok(),
                Err(_) => None,
            })
            .unwrap_or_default();
        Marks { marked: Mutex::new(marked), file }
    }

    /// Files the sender's replies as `kind` from now on; `None` gives them
    /// back to the classifier. Kept on disk before it is answered.
    pub(crate) fn mark(&self, sender: &str, kind: Option<ReplyKind>) -> Result<()> {
        let mut marked = self.marked.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = marked.clone();
        match kind {
            Some(kind) => next.insert(key(sender), kind),
            None => next.remove(&key(sender)),
        };
        if let Some(file) = &self.file {
            let bytes =
                serde_json::to_vec_pretty(&next).map_err(|e| DeskError::storage(Action::MarkSender, file, e))?;
            file.parent()
                .map(crate::private::create_dir_all)
                .transpose()
                .and_then(|_| crate::files::write_whole(file, &bytes))
                .map_err(|e| DeskError::storage(Action::MarkSender, file, e))?;
        }
        *marked = next;
        Ok(())
    }

    /// The sender's mark, as a triage.
    pub(crate) fn of(&self, sender: &str) -> Option<Triage> {
        let marked = self.marked.lock().unwrap_or_else(|e| e.into_inner());
        marked.get(&key(sender)).map(|&kind| Triage { kind, sign: Sign::Marked })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_is_kept_for_the_sender_in_any_case_and_read_back_by_the_next_session() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("marks").join("acc.json");
        let marks = Marks::kept_in(Some(file.clone()));
        marks.mark("Ann@Shop.example", Some(ReplyKind::Human)).unwrap();
        marks.mark("robot@shop.example", Some(ReplyKind::AutoReply)).unwrap();
        let again = Marks::kept_in(Some(file.clone()));
        assert_eq!(again.of("ann@shop.example"), Some(Triage { kind: ReplyKind::Human, sign: Sign::Marked }));
        assert_eq!(again.of(" ROBOT@shop.example").map(|t| t.kind), Some(ReplyKind::AutoReply));
        again.mark("robot@shop.example", None).unwrap();
        assert_eq!(Marks::kept_in(Some(file)).of("robot@shop.example"), None);
    }

    #[test]
    fn a_mark_that_cannot_be_kept_is_refused_and_not_used() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the folder should be: nothing can be written under it.
        std::fs::write(dir.path().join("marks"), b"").unwrap();
        let marks = Marks::kept_in(Some(dir.path().join("marks").join("acc.json")));
        let refused = marks.mark("ann@shop.example", Some(ReplyKind::Human)).unwrap_err();
        assert!(
            matches!(refused, DeskError::StorageFailed { action, .. } if action == Action::MarkSender.into()),
            "{refused:?}"
        );
        assert_eq!(marks.of("ann@shop.example"), None);
    }
}
