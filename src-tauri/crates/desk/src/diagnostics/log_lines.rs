//! The app's own log as a report carries it: its last lines, with what looks
//! like a mail address hidden.

use std::path::Path;

/// How many of the log's last lines a summary carries.
pub const LOG_LINES: usize = 200;

/// The log file's name, before its extension (`.log`) and, once set aside
/// by rotation, the time it was.
pub const LOG_FILE_NAME: &str = "campaign-desk";

/// The last `count` lines of the newest log file in `dir`.
pub(crate) fn last_log_lines(dir: &Path, count: usize) -> Vec<String> {
    let newest = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(LOG_FILE_NAME))
        .filter(|e| e.path().extension().is_some_and(|x| x == "log"))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max();
    let Some((_, path)) = newest else { return Vec::new() };
    let text = std::fs::read(&path).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..].iter().map(|l| l.to_string()).collect()
}

/// The line with every word that looks like a mail address written
/// `{email}`: a line from a library the app does not control could hold
/// a subscriber's.
pub(crate) fn hide_addresses(line: &str) -> String {
    line.split(' ')
        .map(|word| match word.split_once('@') {
            Some((user, domain)) if !user.is_empty() && domain.contains('.') => "{email}",
            _ => word,
        })
        .collect::<Vec<_>>()
        .join(" ")
}
