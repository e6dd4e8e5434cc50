//! `campaign-desk check [FILE.html|FILE.mjml|FILE.letter.json] [--text
//! FILE.txt] [--amp FILE.html] [--json]`: the pre-launch check's content
//! rules for layouts kept in files (MJML and block letters rendered first), in a terminal, with no window and no display. Each rule is printed
//! with pass, fail or warning in the OS language (the app's own
//! catalogues), or as JSON; the exit code is 1 when a rule the service
//! enforces fails, 2 when the command cannot run, 0 otherwise.

use super::layout::{html_of, LayoutProblem};
use super::{attach_parent_console, Words};
use desk::letter::{blocks_launch, check_content, CheckItem, Letter, Outcome, Rule, Version};

struct Request {
    html: Option<String>,
    text: Option<String>,
    amp: Option<String>,
    json: bool,
}

enum Problem {
    Usage,
    Layout(LayoutProblem),
}

fn read(file: &str) -> Result<String, Problem> {
    std::fs::read_to_string(file)
        .map_err(|e| Problem::Layout(LayoutProblem::Unreadable { file: file.to_string(), reason: e.to_string() }))
}

fn parse(args: &[String]) -> Result<Request, Problem> {
    let mut request = Request { html: None, text: None, amp: None, json: false };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => request.json = true,
            "--text" => request.text = Some(read(args.next().ok_or(Problem::Usage)?)?),
            "--amp" => request.amp = Some(read(args.next().ok_or(Problem::Usage)?)?),
            flag if flag.starts_with("--") => return Err(Problem::Usage),
            file if request.html.is_none() => request.html = Some(html_of(file).map_err(Problem::Layout)?),
            _ => return Err(Problem::Usage),
        }
    }
    if request.html.is_none() && request.text.is_none() && request.amp.is_none() {
        return Err(Problem::Usage);
    }
    Ok(request)
}

fn line(item: &CheckItem, words: &Words) -> String {
    let state = match item.outcome {
        Outcome::Pass => words.say("check.state.pass", &[]),
        Outcome::Fail => words.say("check.state.fail", &[]),
        Outcome::Warn => words.say("check.state.warn", &[]),
    };
    let version = match item.version {
        Some(Version::Html) => words.say("check.version.html", &[]),
        Some(Version::Text) => words.say("check.version.text", &[]),
        Some(Version::Amp) => words.say("check.version.amp", &[]),
        None => String::new(),
    };
    let size = item.found.first().cloned().unwrap_or_default();
    let what = match (item.rule, item.version) {
        (Rule::Version, _) => words.say("check.rule.version", &[]),
        (Rule::UnsubscribeLink, Some(Version::Text)) => {
            words.say("check.rule.unsubscribeText", &[("version", &version)])
        }
        (Rule::UnsubscribeLink, _) => words.say("check.rule.unsubscribeMarkup", &[("version", &version)]),
        (Rule::Links, _) => words.say("check.rule.links", &[("version", &version)]),
        (Rule::ImageAlt, _) => words.say("check.rule.imageAlt", &[("version", &version)]),
        (Rule::Size, _) => words.say("check.rule.size", &[("version", &version), ("size", &size)]),
        // Rules of a campaign, not of its files: the command line never checks them.
        (
            Rule::Lists
            | Rule::Subject
            | Rule::SenderName
            | Rule::SenderAddress
            | Rule::SenderConfirmed
            | Rule::DomainVerified
            | Rule::Tags,
            _,
        ) => String::new(),
    };
    let found = if item.rule != Rule::Size && !item.found.is_empty() {
        let shown: Vec<String> =
            item.found.iter().map(|f| if f.is_empty() { "\"\"".into() } else { f.clone() }).collect();
        format!(": {}", shown.join(", "))
    } else {
        String::new()
    };
    format!("{state:<10} {what}{found}")
}

/// Runs the command; answers the process's exit code.
pub fn check(args: &[String]) -> i32 {
    attach_parent_console();
    let words = Words::of_the_system();
    let request = match parse(args) {
        Ok(request) => request,
        Err(Problem::Usage) => {
            eprintln!("{}", words.say("check.usage", &[]));
            return 2;
        }
        Err(Problem::Layout(problem)) => {
            eprintln!("{}", problem.say(&words));
            return 2;
        }
    };
    let letter = Letter {
        html: request.html.as_deref().unwrap_or_default(),
        text: request.text.as_deref().unwrap_or_default(),
        amp: request.amp.as_deref().unwrap_or_default(),
        ..Letter::default()
    };
    let items = check_content(&letter);
    if request.json {
        println!("{}", serde_json::to_string_pretty(&items).unwrap_or_default());
    } else {
        for item in &items {
            println!("{}", line(item, &words));
        }
        let verdict = if blocks_launch(&items) { "check.verdict.refused" } else { "check.verdict.ready" };
        println!("\n{}", words.say(verdict, &[]));
    }
    i32::from(blocks_launch(&items))
}
