//! A picked file shown before anything is sent: how it is written, its
//! columns with their first values and where each would go, and every
//! row's first problem, found on this computer and against the account's
//! unsubscribed and complained addresses.

use super::check::Reason;
use super::failures::ImportFailure;
use super::file::{open_file_with, Reading};
use super::plan::{suggested_uses, Choices, ColumnUse, Decider, Excluded, Fate, ImportPlan};
use super::views::{ColumnView, ImportPreview, ProblemCounts, ProblemRow};
use super::Action;
use crate::command::Cx;
use crate::error::{failed, DeskError, FileProblem, Result};
use crate::files::{file_name, PickedFile};
use crate::session::Session;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Rows shown in the preview.
const SAMPLE_ROWS: usize = 5;
/// Rows with a problem listed in the preview.
const LISTED_PROBLEMS: usize = 200;
/// Addresses read per page of the account's unsubscribed and complaints.
const EXCLUDED_PAGE: u64 = 500;
/// Pages read at most of each: 500,000 addresses.
const EXCLUDED_PAGES: u64 = 1000;

/// The picked file's path.
pub(crate) fn picked_path(session: &Session, file_id: &str) -> Result<PathBuf> {
    session.imports().picked(file_id).ok_or_else(|| {
        DeskError::in_area(ImportFailure::FileRefused {
            problem: FileProblem::NotRead,
            detail: "the file is no longer picked: pick it again".into(),
        })
    })
}

/// The account's addresses an import must not subscribe again, as read
/// within the last two minutes or read now.
pub(crate) async fn excluded(session: &Session) -> Result<Arc<Excluded>> {
    if let Some(kept) = session.imports().fresh_excluded() {
        return Ok(kept);
    }
    let excluded = Arc::new(read_excluded(session).await?);
    session.imports().keep_excluded(excluded.clone());
    Ok(excluded)
}

async fn read_excluded(session: &Session) -> Result<Excluded> {
    let mut excluded = Excluded::default();
    for (who, reason) in [
        (api::members::Everywhere::Complained, Reason::Complained),
        (api::members::Everywhere::Unsubscribed, Reason::Unsubscribed),
    ] {
        for page in 0..EXCLUDED_PAGES {
            let rows = api::members::everywhere(session.client(), who, page * EXCLUDED_PAGE, EXCLUDED_PAGE)
                .await
                .map_err(failed(Action::CheckImport))?;
            for row in &rows {
                excluded.add(&row.email, reason);
            }
            if (rows.len() as u64) < EXCLUDED_PAGE {
                break;
            }
        }
    }
    Ok(excluded)
}

/// Checks a picked file for a list.
pub async fn inspect(session: &Session, list_id: i64, file_id: &str) -> Result<ImportPreview> {
    inspect_as(session, list_id, file_id, &Reading::default()).await
}

/// Checks a picked file for a list, read as the marketer said it is written.
pub async fn inspect_as(session: &Session, list_id: i64, file_id: &str, reading: &Reading) -> Result<ImportPreview> {
    let path = picked_path(session, file_id)?;
    let list = api::lists::get(session.client(), list_id).await.map_err(failed(Action::CheckImport))?;
    let fields: Vec<(u8, String, String)> =
        list.fields().into_iter().map(|f| (f.merge_id, f.def.title, f.def.var)).collect();
    let remembered = session.imports().remembered(list_id);
    let excluded = excluded(session).await?;
    let file = PickedFile { file_id: file_id.to_string(), name: file_name(&path) };
    let reading = reading.clone();
    crate::blocking::blocking(move || look(&path, &reading, file, &fields, &remembered, &excluded)).await?
}

fn look(
    path: &Path,
    reading: &Reading,
    picked: PickedFile,
    fields: &[(u8, String, String)],
    remembered: &std::collections::HashMap<String, ColumnUse>,
    excluded: &Excluded,
) -> Result<ImportPreview> {
    let file = open_file_with(path, reading).map_err(super::unreadable)?;
    let width = file.width();
    let email_column = file.layout.email_column;
    let names: Vec<String> =
        (0..width).map(|c| file.header().and_then(|h| h.get(c)).cloned().unwrap_or_default()).collect();
    let uses = suggested_uses(&names, email_column, fields, remembered);
    let sample: Vec<Vec<String>> = file.sample(SAMPLE_ROWS).to_vec();
    let columns = (0..width)
        .map(|c| ColumnView {
            name: file.header().map(|_| names[c].clone()),
            samples: sample.iter().map(|row| row.get(c).cloned().unwrap_or_default()).collect(),
            suggested: uses[c].clone(),
            slashes: None,
        })
        .collect();
    let mut preview = ImportPreview {
        file: picked,
        encoding: serde_json::to_value(file.encoding)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default(),
        delimiter: file.delimiter.map(|d| if d == '\t' { "tab".to_string() } else { d.to_string() }),
        header: file.layout.header,
        rows: 0,
        columns,
        sample,
        counts: ProblemCounts::default(),
        problems: Vec::new(),
        excluded_in_account: excluded.len() as u64,
        sheets: file.sheets.clone(),
        sheet: file.sheet.clone(),
        reading: reading.clone(),
    };
    let mut only_address = vec![ColumnUse::Skip; width.max(email_column + 1)];
    only_address[email_column] = ColumnUse::Address;
    let plan = ImportPlan {
        list_id: 0,
        file_id: String::new(),
        header: file.layout.header,
        columns: only_address,
        choices: Choices { fix_typos: false, keep_roles: false, update_existing: false },
        reading: reading.clone(),
    };
    let mut decider = Decider::new(&plan, excluded).ok_or_else(|| {
        DeskError::in_area(ImportFailure::FileRefused { problem: FileProblem::NoAddressColumn, detail: String::new() })
    })?;
    let mut slashes = vec![super::dates::SlashDates::default(); width];
    file.for_each_row(|row, cells| {
        preview.rows += 1;
        for (column, dates) in slashes.iter_mut().enumerate() {
            dates.note(cells.cell(column));
        }
        if let Fate::Skip(reason, suggestion) = decider.decide(cells) {
            preview.counts.add(reason, 1);
            if preview.problems.len() < LISTED_PROBLEMS {
                let address = cells.cell(email_column).trim().to_string();
                preview.problems.push(ProblemRow { row, reason, address, suggestion });
            }
        }
        true
    })
    .map_err(super::unreadable)?;
    for (column, dates) in preview.columns.iter_mut().zip(slashes) {
        column.slashes = dates.order();
    }
    Ok(preview)
}

/// Asks the marketer for a file to import; `None` when they cancel.
pub async fn pick(cx: &Cx<'_>, session: &crate::session::Session) -> Option<crate::files::PickedFile> {
    let start_in = session.imports().last_folder();
    let path = cx.pick_open_path(start_in, crate::host::OpenKind::Subscribers).await?;
    let name = file_name(&path);
    Some(crate::files::PickedFile { file_id: session.imports().grant(path), name })
}
