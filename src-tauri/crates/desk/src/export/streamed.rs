//! A table too long to hold, saved into a file the user picks: read a page
//! at a time and written as it comes (CSV row by row, XLSX in the writer's
//! constant memory mode), with progress and cancel. The file appears only
//! when every row is in it; a cancelled or failed export leaves nothing
//! behind. Each area brings its rows ([`RowPages`]); the saving is this one.

use super::{xlsx_cell, xlsx_header, CsvWriter, TableFormat};
use crate::command::Cx;
use crate::error::{Action, DeskError, Result};
use crate::work::{Kind, LongWork, Progress, Tasks};
use std::future::Future;
use std::path::Path;

/// Where an export's rows come from, a page at a time.
pub(crate) trait RowPages: Send {
    /// The next page of rows as cells, and whether more follow.
    fn next_page(&mut self) -> impl Future<Output = Result<(Vec<Vec<String>>, bool)>> + Send;
}

/// What an export knows once its source is open: the columns' names, the
/// rows to come, and how many there will be when that is known.
pub(crate) struct Opened<P> {
    pub header: Vec<String>,
    pub pages: P,
    pub total: Option<u64>,
}

/// Where the rows go as they come.
enum Sink {
    Csv(Box<CsvWriter<std::io::BufWriter<std::fs::File>>>),
    Xlsx { book: Box<rust_xlsxwriter::Workbook>, next_row: u32 },
}

impl Sink {
    fn create(partial: &Path, format: TableFormat, header: &[String], action: Action) -> Result<Sink> {
        let fail = |detail: String| DeskError::storage(action, partial, detail);
        match format {
            TableFormat::Csv(separator) => {
                let file = std::io::BufWriter::new(std::fs::File::create(partial).map_err(|e| fail(e.to_string()))?);
                let mut file = CsvWriter::start(file, separator).map_err(|e| fail(e.to_string()))?;
                file.row(header).map_err(|e| fail(e.to_string()))?;
                Ok(Sink::Csv(Box::new(file)))
            }
            TableFormat::Xlsx => {
                let mut book = Box::new(rust_xlsxwriter::Workbook::new());
                let sheet = book.add_worksheet_with_constant_memory().map_err(|e| fail(e.to_string()))?;
                xlsx_header(sheet, header).map_err(fail)?;
                Ok(Sink::Xlsx { book, next_row: 1 })
            }
        }
    }

    fn write(&mut self, rows: Vec<Vec<String>>, partial: &Path, action: Action) -> Result<()> {
        let fail = |detail: String| DeskError::storage(action, partial, detail);
        match self {
            Sink::Csv(file) => {
                for row in rows {
                    file.row(&row).map_err(|e| fail(e.to_string()))?;
                }
            }
            Sink::Xlsx { book, next_row } => {
                let sheet = book.worksheet_from_index(0).map_err(|e| fail(e.to_string()))?;
                for row in rows {
                    for (c, value) in row.iter().enumerate() {
                        // Every column of a streamed export is text: addresses,
                        // times, codes, the subscribers' own fields.
                        xlsx_cell(sheet, *next_row, c as u16, value, false).map_err(fail)?;
                    }
                    *next_row += 1;
                }
            }
        }
        Ok(())
    }

    fn finish(self, partial: &Path, action: Action) -> Result<()> {
        let fail = |detail: String| DeskError::storage(action, partial, detail);
        match self {
            Sink::Csv(file) => {
                let file = (*file).finish().map_err(|e| fail(e.to_string()))?;
                let file = file.into_inner().map_err(|e| fail(e.to_string()))?;
                file.sync_all().map_err(|e| fail(e.to_string()))
            }
            Sink::Xlsx { mut book, .. } => book.save(partial).map_err(|e| fail(e.to_string())),
        }
    }
}

/// Saves the rows `open` brings where the user picks (`suggested`
/// plus the format's extension), reporting rows written and stopping
/// when task `task_id` is cancelled; `None` when they cancel the
/// dialog. Nothing is read before the user has picked a place. Answers
/// the file's size. A failure names `action`.
pub(crate) async fn save_streamed<P: RowPages>(
    cx: &Cx<'_>,
    suggested: &str,
    format: TableFormat,
    action: impl Into<Action>,
    task_id: &str,
    progress: impl Fn(Progress),
    open: impl Future<Output = Result<Opened<P>>>,
) -> Result<Option<u64>> {
    let action = action.into();
    let Some(path) = cx.pick_save_path(&format!("{suggested}.{}", format.extension())).await else {
        return Ok(None);
    };
    // A close, a quit and an update wait while the file is written.
    let _under_way = cx.part::<LongWork>().begin(Kind::Export);
    let tasks = cx.part::<Tasks>();
    let running = tasks.start(task_id);
    let partial = crate::files::Partial::beside(&path, crate::files::Readers::AsUsual)
        .map_err(|e| DeskError::storage(action, &path, e))?;
    let written = async {
        let partial_path = partial.path();
        let Opened { header, mut pages, total } = open.await?;
        let mut sink = Sink::create(partial_path, format, &header, action)?;
        let mut done = 0;
        progress(Progress { done, total });
        loop {
            running.cancel.check()?;
            let (rows, more) = pages.next_page().await?;
            done += rows.len() as u64;
            sink.write(rows, partial_path, action)?;
            progress(Progress { done, total: total.map(|t| t.max(done)) });
            if !more {
                break;
            }
        }
        running.cancel.check()?;
        sink.finish(partial_path, action)
    }
    .await;
    // Dropped unfinished, the partial file goes with the failure.
    written?;
    partial.finish().map_err(|e| DeskError::storage(action, &path, e))?;
    std::fs::metadata(&path).map(|m| Some(m.len())).map_err(|e| DeskError::storage(action, &path, e))
}
