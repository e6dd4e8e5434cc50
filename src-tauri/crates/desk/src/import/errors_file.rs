//! The row error file: every row of a file that is not sent (or that the
//! service refused), its row number, its reason in the marketer's words,
//! the fix offered for a typo or the service's words, then the row's own
//! cells, so the rows can be mended and imported again. CSV in the user's
//! Excel dialect, written as the file is read.

use super::check::Reason;
use super::plan::{open_planned, Fate, ImportPlan};
use super::preview::{excluded, picked_path};
use super::Action;
use crate::command::Cx;
use crate::error::{DeskError, Result};
use crate::export::{CsvSeparator, CsvWriter};
use crate::session::Session;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Whose rows the file lists.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "of", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ErrorsOf {
    /// A file not sent yet, as planned.
    Plan { plan: ImportPlan },
    /// An import, with the rows the service refused.
    Import { import_id: String },
}

/// The file's words, in the marketer's language.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ErrorFileWords {
    /// The suggested file name, without its extension.
    pub name: String,
    pub row: String,
    pub reason: String,
    pub detail: String,
    pub reasons: HashMap<Reason, String>,
}

/// Writes the error file where the marketer picks; `None` when they
/// cancel, else the rows written.
pub async fn save(
    cx: &Cx<'_>,
    session: &Session,
    of: &ErrorsOf,
    words: &ErrorFileWords,
    separator: CsvSeparator,
) -> Result<Option<u64>> {
    let (path, plan, refused) = match of {
        ErrorsOf::Plan { plan } => (picked_path(session, &plan.file_id)?, plan.clone(), HashMap::new()),
        ErrorsOf::Import { import_id } => {
            let journal = super::run::find(session, import_id)?;
            let refused = journal.refused.iter().map(|(row, _, message)| (*row, message.clone())).collect();
            (PathBuf::from(&journal.header.path), journal.header.plan, refused)
        }
    };
    let excluded = excluded(session).await?;
    let Some(target) = cx.pick_save_path(&format!("{}.csv", words.name)).await else { return Ok(None) };
    let words = words.clone();
    crate::blocking::blocking(move || write(&path, &plan, &excluded, &refused, &words, separator, &target))
        .await?
        .map(Some)
}

fn write(
    source: &Path,
    plan: &ImportPlan,
    excluded: &super::plan::Excluded,
    refused: &HashMap<u64, String>,
    words: &ErrorFileWords,
    separator: CsvSeparator,
    target: &Path,
) -> Result<u64> {
    let (file, decider) = open_planned(source, plan, excluded)?;
    // A row sent again in place of a refused one went: it is no error.
    let mut decider = decider.knowing_refused(refused.keys().copied().collect());
    let failed = |e: std::io::Error| DeskError::storage(Action::SaveImportErrors, target, e);
    let mut partial = crate::files::Partial::beside(target, crate::files::Readers::AsUsual).map_err(failed)?;
    let mut out = CsvWriter::start(std::io::BufWriter::new(partial.file()), separator).map_err(failed)?;
    let mut head = vec![words.row.clone(), words.reason.clone(), words.detail.clone()];
    head.extend(file.header().map(<[String]>::to_vec).unwrap_or_default());
    out.row(&head).map_err(failed)?;
    let word = |reason: Reason| words.reasons.get(&reason).cloned().unwrap_or_else(|| format!("{reason:?}"));
    let mut written = 0u64;
    let mut trouble = None;
    file.for_each_row(|row, cells| {
        let fate = decider.decide_at(row, cells);
        let (reason, detail) = match (fate, refused.get(&row)) {
            (_, Some(message)) => (Reason::Refused, message.clone()),
            (Fate::Skip(reason, suggestion), None) => (reason, suggestion.unwrap_or_default()),
            (Fate::Send(_) | Fate::SendAgain(_), None) => return true,
        };
        let mut line = vec![row.to_string(), word(reason), detail];
        line.extend(cells.to_vec());
        if let Err(e) = out.row(&line) {
            trouble = Some(e);
            return false;
        }
        written += 1;
        true
    })
    .map_err(super::unreadable)?;
    if let Some(e) = trouble {
        return Err(failed(e));
    }
    out.finish().and_then(|mut w| std::io::Write::flush(&mut w)).map_err(failed)?;
    partial.finish().map_err(failed)?;
    Ok(written)
}
