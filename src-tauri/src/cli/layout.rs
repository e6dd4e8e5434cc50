//! A letter's layout from a file, as the HTML it is sent as: an HTML file as
//! it is; an `.mjml` file, or a block letter saved as `.letter.json`,
//! rendered as the editor renders it.

use super::Words;
use desk::letter::blocks::{render, Unrenderable};
use desk::letter::files::letter_of_file;

pub(crate) enum LayoutProblem {
    Unreadable { file: String, reason: String },
    Unrenderable { file: String, problem: Unrenderable },
}

impl LayoutProblem {
    /// One line naming the problem, in the system's language.
    pub(crate) fn say(&self, words: &Words) -> String {
        match self {
            LayoutProblem::Unreadable { file, reason } => {
                words.say("check.unreadable", &[("file", file), ("reason", reason)])
            }
            LayoutProblem::Unrenderable { file, problem } => {
                let code = serde_json::to_value(problem.problem).ok().and_then(|v| v.as_str().map(str::to_string));
                let mut said = words.say(&format!("blocks.problem.{}", code.unwrap_or_default()), &[]);
                if let Some(detail) = &problem.detail {
                    said = format!("{said} ({})", detail.lines().next().unwrap_or_default());
                }
                let place = |n: usize| n.to_string();
                let at = match (problem.block, problem.inner) {
                    (Some(block), Some((column, inner))) => words.say(
                        "blocks.where.inner",
                        &[("block", &place(block)), ("column", &place(column)), ("inner", &place(inner))],
                    ),
                    (Some(block), None) => words.say("blocks.where.block", &[("block", &place(block))]),
                    _ => String::new(),
                };
                words.say("render.unrenderable", &[("file", file), ("problem", &said), ("where", &at)])
            }
        }
    }
}

/// The file's letter as HTML: an HTML file as it is, MJML and a block
/// letter rendered as the editor renders a file it opens.
pub(crate) fn html_of(file: &str) -> Result<String, LayoutProblem> {
    let source = std::fs::read_to_string(file)
        .map_err(|e| LayoutProblem::Unreadable { file: file.to_string(), reason: e.to_string() })?;
    let lower = file.to_lowercase();
    if !lower.ends_with(".mjml") && !lower.ends_with(".json") {
        return Ok(source);
    }
    let unrenderable = |problem| LayoutProblem::Unrenderable { file: file.to_string(), problem };
    let letter = letter_of_file(file, &source).map_err(unrenderable)?;
    match letter.blocks {
        Some(blocks) => render(&blocks).map_err(unrenderable),
        None => Ok(letter.html),
    }
}
