//! `campaign-desk render FILE [--out FILE.html]`: a letter kept in a file,
//! in MJML or as a block letter (`.letter.json`), rendered to the HTML it is
//! sent as, on standard output or into a file. Exit code 0 when rendered; 2
//! with one line naming the problem, and no file written, when it cannot be.

use super::layout::html_of;
use super::{attach_parent_console, Words};
use std::io::Write;
use std::path::Path;

/// Runs the command; answers the process's exit code.
pub fn render(args: &[String]) -> i32 {
    attach_parent_console();
    let words = Words::of_the_system();
    let (file, out) = match args {
        [file] if !file.starts_with("--") => (file, None),
        [file, flag, out] | [flag, out, file] if flag == "--out" && !file.starts_with("--") => (file, Some(out)),
        _ => {
            eprintln!("{}", words.say("render.usage", &[]));
            return 2;
        }
    };
    let html = match html_of(file) {
        Ok(html) => html,
        Err(problem) => {
            eprintln!("{}", problem.say(&words));
            return 2;
        }
    };
    let Some(out) = out else {
        let _ = std::io::stdout().write_all(html.as_bytes());
        return 0;
    };
    match write_whole(Path::new(out), &html) {
        Ok(()) => {
            eprintln!("{}", words.say("render.written", &[("file", out)]));
            0
        }
        Err(e) => {
            eprintln!("{}", words.say("check.unreadable", &[("file", out), ("reason", &e.to_string())]));
            2
        }
    }
}

/// Written beside the target and moved over it: a file is whole or absent.
fn write_whole(path: &Path, html: &str) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(html.as_bytes())?;
    temp.persist(path).map(|_| ()).map_err(|e| e.error)
}
