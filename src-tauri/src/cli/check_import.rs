//! `campaign-desk check-import FILE [--json]`: a file of subscribers
//! checked as the lists' import checks it before anything is sent (its
//! encoding, delimiter, header and address column, and each row's first
//! problem), with no window and no network. Printed in the system's
//! language, or as one JSON object; the exit code is 0 when every row can
//! be imported as it is, 1 when a row has a problem, 2 when the file
//! cannot be read.

use super::{attach_parent_console, Words};
use desk::import::{check_file, FileCheck, Reason, RowProblem, Unreadable};
use std::path::Path;

/// Runs the command; answers the process's exit code.
pub fn check_import(args: &[String]) -> i32 {
    attach_parent_console();
    let words = Words::of_the_system();
    let Some((file, json)) = parse(args) else {
        eprintln!("{}", words.say("checkImport.usage", &[]));
        return 2;
    };
    let check = match check_file(Path::new(&file)) {
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

/// The file and whether JSON is wanted; `None` for anything else.
fn parse(args: &[String]) -> Option<(String, bool)> {
    let (mut file, mut json) = (None, false);
    for arg in args {
        match arg.as_str() {
            "--json" => json = true,
            flag if flag.starts_with("--") => return None,
            path if file.is_none() => file = Some(path.to_string()),
            _ => return None,
        }
    }
    file.map(|file| (file, json))
}

fn unreadable_text(unreadable: &Unreadable, file: &str, words: &Words) -> String {
    match unreadable {
        Unreadable::File(reason) => words.say("checkImport.unreadable.file", &[("file", file), ("reason", reason)]),
        Unreadable::Empty => words.say("checkImport.unreadable.empty", &[("file", file)]),
        Unreadable::OtherWorkbook => words.say("checkImport.unreadable.otherWorkbook", &[("file", file)]),
        Unreadable::Damaged(reason) => {
            words.say("checkImport.unreadable.damaged", &[("file", file), ("reason", reason)])
        }
    }
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
