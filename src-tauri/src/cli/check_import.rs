//! `campaign-desk check-import FILE [--json] [--encoding E] [--delimiter D]
//! [--sheet NAME] [--no-header]`: a file of subscribers checked as the
//! lists' import checks it before anything is sent (its encoding,
//! delimiter, header and address column, and each row's first problem),
//! with no window and no network; what the flags say overrides what is
//! found. Printed in the system's language, or as one JSON object; the
//! exit code is 0 when every row can be imported as it is, 1 when a row has
//! a problem, 2 when the file cannot be read (or a flag is not understood).

use super::{attach_parent_console, Words};
use desk::error::FileLimit;
use desk::import::{check_file_with, Encoding, FileCheck, Past, Reading, Reason, RowProblem, Unreadable};
use std::path::Path;

/// Runs the command; answers the process's exit code.
pub fn check_import(args: &[String]) -> i32 {
    attach_parent_console();
    let words = Words::of_the_system();
    let Some((file, json, reading)) = parse(args) else {
        eprintln!("{}", words.say("checkImport.usage", &[]));
        return 2;
    };
    let check = match check_file_with(Path::new(&file), &reading) {
        Ok(check) => check,
        Err(unreadable) => {
            eprintln!("{}", unreadable_text(&unreadable, &file, &words));
            return 2;
        }
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&check).unwrap_or_default());
    } else {
        print!("{}", report(&check, &words));
    }
    i32::from(!check.clean())
}

/// The file, whether JSON is wanted, and what the flags say of the file;
/// `None` for anything else.
fn parse(args: &[String]) -> Option<(String, bool, Reading)> {
    let (mut file, mut json, mut reading) = (None, false, Reading::default());
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--no-header" => reading.header = Some(false),
            "--encoding" => reading.encoding = Some(encoding(args.next()?)?),
            "--delimiter" => reading.delimiter = Some(delimiter(args.next()?)?),
            "--sheet" => reading.sheet = Some(args.next()?.clone()),
            flag if flag.starts_with("--") => return None,
            path if file.is_none() => file = Some(path.to_string()),
            _ => return None,
        }
    }
    file.map(|file| (file, json, reading))
}

/// A text encoding by the name the JSON gives it (`windows-1251`).
fn encoding(name: &str) -> Option<Encoding> {
    let encoding = serde_json::from_value(serde_json::Value::String(name.to_lowercase())).ok()?;
    (!matches!(encoding, Encoding::Xlsx | Encoding::Ods | Encoding::Xls)).then_some(encoding)
}

/// One ASCII character, or `tab`.
fn delimiter(given: &str) -> Option<char> {
    match given {
        "tab" | "\\t" => Some('\t'),
        one if one.len() == 1 && one.is_ascii() && one != "\"" && one != "\n" => one.chars().next(),
        _ => None,
    }
}

fn unreadable_text(unreadable: &Unreadable, file: &str, words: &Words) -> String {
    match unreadable {
        Unreadable::File(reason) => words.say("checkImport.unreadable.file", &[("file", file), ("reason", reason)]),
        Unreadable::Empty => words.say("checkImport.unreadable.empty", &[("file", file)]),
        Unreadable::OtherWorkbook => words.say("checkImport.unreadable.otherWorkbook", &[("file", file)]),
        Unreadable::Damaged(reason) => {
            words.say("checkImport.unreadable.damaged", &[("file", file), ("reason", reason)])
        }
        Unreadable::NoSuchSheet => words.say("checkImport.unreadable.noSuchSheet", &[("file", file)]),
        Unreadable::Limit(past) => limit_text(past, file, words),
    }
}

/// A bound the file went past, with the row for a field or a record.
fn limit_text(past: &Past, file: &str, words: &Words) -> String {
    let key = match past.limit {
        FileLimit::FileSize => "checkImport.limit.fileSize",
        FileLimit::Parts => "checkImport.limit.parts",
        FileLimit::Unpacked => "checkImport.limit.unpacked",
        FileLimit::Packing => "checkImport.limit.packing",
        FileLimit::Declared => "checkImport.limit.declared",
        FileLimit::Rows => "checkImport.limit.rows",
        FileLimit::Columns => "checkImport.limit.columns",
        FileLimit::Cells => "checkImport.limit.cells",
        FileLimit::Field => "checkImport.limit.field",
        FileLimit::Record => "checkImport.limit.record",
    };
    let max = match past.limit {
        FileLimit::FileSize | FileLimit::Unpacked => format!("{}", past.max >> 20),
        _ => past.max.to_string(),
    };
    let row = past.row.map(|r| r.to_string()).unwrap_or_default();
    words.say(key, &[("file", file), ("max", &max), ("row", &row)])
}

/// The check as a person reads it: how the file is written, then each row
/// with a problem, then the verdict.
fn report(check: &FileCheck, words: &Words) -> String {
    let encoding = serde_json::to_value(check.encoding).ok().and_then(|v| v.as_str().map(str::to_string));
    let mut out = words.say("checkImport.encoding", &[("encoding", &encoding.unwrap_or_default())]) + "\n";
    if let Some(delimiter) = check.delimiter {
        let shown = if delimiter == '\t' { words.say("checkImport.tab", &[]) } else { format!("«{delimiter}»") };
        out += &(words.say("checkImport.delimiter", &[("delimiter", &shown)]) + "\n");
    }
    if let Some(sheet) = &check.sheet {
        out += &(words.say("checkImport.sheet", &[("sheet", sheet)]) + "\n");
    }
    let header = if check.header { "checkImport.header.yes" } else { "checkImport.header.no" };
    out += &(words.say(header, &[]) + "\n");
    out += &(words.say("checkImport.column", &[("column", &(check.email_column + 1).to_string())]) + "\n");
    let (rows, problems) = (check.rows.to_string(), check.problems.len().to_string());
    out += &(words.say("checkImport.rows", &[("rows", &rows), ("problems", &problems)]) + "\n\n");
    for problem in &check.problems {
        out += &(problem_line(problem, words) + "\n");
    }
    let verdict = if check.clean() { "checkImport.verdict.clean" } else { "checkImport.verdict.problems" };
    out + &words.say(verdict, &[]) + "\n"
}

fn problem_line(problem: &RowProblem, words: &Words) -> String {
    let row = problem.row.to_string();
    let key = match problem.reason {
        Reason::MissingAddress => "checkImport.reason.missingAddress",
        Reason::InvalidAddress => "checkImport.reason.invalidAddress",
        Reason::Duplicate => "checkImport.reason.duplicate",
        Reason::TypoDomain => "checkImport.reason.typoDomain",
        Reason::RoleAddress => "checkImport.reason.roleAddress",
        // Found against an account or by the service, never by this check.
        Reason::Unsubscribed => "checkImport.reason.unsubscribed",
        Reason::Complained => "checkImport.reason.complained",
        Reason::Refused => "checkImport.reason.refused",
    };
    words.say(key, &[("row", &row), ("suggestion", problem.suggestion.as_deref().unwrap_or_default())])
}
