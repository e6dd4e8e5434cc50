//! An old Excel workbook (`.xls`, BIFF8) is read in a child process, never
//! in the app's own: the reader (calamine's) reserves what a file declares,
//! may end the process on a malformed record and may loop on a cyclic
//! chain of sectors. The child is the app's own program started as
//! `read-xls` (see `xls_child`); it is given the workbook on its input,
//! held to an address space (on Unix) and a deadline, and what it writes is
//! capped and counted into a `Grid` within the bounds of `limits`. A child
//! that dies, overstays or writes what is not its protocol leaves the file
//! refused as damaged; the app stays up.

use super::limits::SHEET_TEXT_BYTES;
use super::sheet::{Grid, Sheet};
use super::Unreadable;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

/// The subcommand the app's program reads a workbook under.
pub const SUBCOMMAND: &str = "read-xls";
/// How long a workbook may take to read.
pub const DEADLINE: Duration = Duration::from_secs(60);
/// What the child may write: the sheet's text, with room for the protocol.
const OUTPUT_BYTES: u64 = SHEET_TEXT_BYTES * 2;

/// The program that reads workbooks, and how long it is given.
#[derive(Debug, Clone)]
pub struct XlsReader {
    pub program: PathBuf,
    pub deadline: Duration,
}

static READER: OnceLock<XlsReader> = OnceLock::new();

/// Names the program that reads `.xls` workbooks (the app's own, at its
/// start); the first one named stays.
pub fn set_reader(reader: XlsReader) {
    let _ = READER.set(reader);
}

/// One line the child writes: the sheets first, then the cells, then the
/// end, or why it could not read.
#[derive(Debug, Serialize, Deserialize)]
pub enum Line {
    Sheets { names: Vec<String>, name: String },
    Cell(u32, u32, String),
    End,
    NoSuchSheet,
    Empty,
    Damaged(String),
}

/// Reads the sheet asked for (or the first) of an `.xls` workbook's bytes.
pub fn read(bytes: Vec<u8>, asked: Option<&str>) -> Result<Sheet, Unreadable> {
    let reader = READER.get().ok_or_else(|| damaged("no reader of .xls workbooks is set"))?;
    read_with(reader, bytes, asked)
}

/// Reads the workbook with the reader given.
pub fn read_with(reader: &XlsReader, bytes: Vec<u8>, asked: Option<&str>) -> Result<Sheet, Unreadable> {
    let mut command = Command::new(&reader.program);
    command.arg(SUBCOMMAND);
    if let Some(asked) = asked {
        command.args(["--sheet", asked]);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| damaged(&format!("the reader did not start: {e}")))?;
    let (Some(mut input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(damaged("the reader's pipes did not open"));
    };
    // A child that stops reading its input ends the writing with an error.
    std::thread::spawn(move || input.write_all(&bytes));
    let owned = asked.map(str::to_string);
    let (sent, answer) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sent.send(lines(output, owned.as_deref()));
    });
    let started = Instant::now();
    let read = answer.recv_timeout(reader.deadline);
    // A reader that wrote its end leaves by itself; any other is ended.
    while read.as_ref().is_ok_and(Result::is_ok) && started.elapsed() < reader.deadline {
        match child.try_wait() {
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            _ => break,
        }
    }
    let _ = child.kill();
    let status = child.wait();
    match read {
        Ok(Ok(sheet)) if status.is_ok_and(|s| s.success()) => Ok(sheet),
        Ok(Ok(_)) => Err(damaged("the reader ended in failure")),
        Ok(Err(refused)) => Err(refused),
        Err(_) => Err(damaged(&format!("the reader took longer than {} s", reader.deadline.as_secs()))),
    }
}

/// The child's lines counted into a sheet, up to the end line.
fn lines(output: impl Read, asked: Option<&str>) -> Result<Sheet, Unreadable> {
    let mut output = std::io::BufReader::new(output.take(OUTPUT_BYTES));
    let mut line = String::new();
    let mut next = || -> Result<Line, Unreadable> {
        line.clear();
        match output.read_line(&mut line) {
            Ok(0) => Err(damaged("the reader stopped before the end")),
            Ok(_) => serde_json::from_str(&line).map_err(|_| damaged("the reader wrote what is not its protocol")),
            Err(e) => Err(damaged(&e.to_string())),
        }
    };
    let (names, name) = match next()? {
        Line::Sheets { names, name } => (names, name),
        other => return Err(refusal(other)),
    };
    if asked.is_some_and(|asked| asked != name) || !names.contains(&name) {
        return Err(damaged("the reader read another sheet"));
    }
    let mut grid = Grid::default();
    loop {
        match next()? {
            Line::Cell(row, column, text) => grid.put(u64::from(row), u64::from(column), text)?,
            Line::End => return Ok(Sheet { names, name, rows: grid.into_rows() }),
            other => return Err(refusal(other)),
        }
    }
}

fn refusal(line: Line) -> Unreadable {
    match line {
        Line::NoSuchSheet => Unreadable::NoSuchSheet,
        Line::Empty => Unreadable::Empty,
        Line::Damaged(detail) => Unreadable::Damaged(detail),
        _ => damaged("the reader wrote its lines out of order"),
    }
}

fn damaged(detail: &str) -> Unreadable {
    Unreadable::Damaged(detail.to_string())
}
