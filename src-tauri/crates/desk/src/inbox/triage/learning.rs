//! How the committed model is made and measured: the labelled corpus read
//! from its files, a model trained on any part of it, and the figures a
//! classifier earns on replies it was not trained on (k-fold
//! cross-validation), and on a part held apart. Used by the corpus test,
//! the inbox benchmark and the `train-triage` example that writes
//! `weights.bin`.

use super::model::{self, Model};
use super::reading::{read, Read, Reply};
use super::{decide, ReplyKind, Triage};
use classifier::Features;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// A labelled reply as the corpus files keep it.
#[derive(Debug, Clone, Deserialize)]
pub struct Labelled {
    pub subject: String,
    pub from: String,
    #[serde(default)]
    pub from_name: String,
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub html: String,
    pub kind: ReplyKind,
    #[serde(default)]
    pub lang: String,
    #[serde(default)]
    pub shape: String,
}

impl Labelled {
    pub fn reply(&self) -> Reply<'_> {
        Reply {
            subject: &self.subject,
            from: &self.from,
            from_name: &self.from_name,
            text: &self.text,
            html: &self.html,
        }
    }
}

#[derive(Deserialize)]
struct File {
    replies: Vec<Labelled>,
}

/// The project's corpus: `tests/fixtures/triage/` from the workspace's root.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../tests/fixtures/triage")
}

/// Replies written apart from the corpus and never trained on nor used to
/// choose a rule: `held-apart/` in the corpus's folder, which [`corpus`]
/// does not read with it.
pub fn held_apart_dir() -> PathBuf {
    corpus_dir().join("held-apart")
}

/// Every reply of the corpus files (`*.json`) at `path`, a folder (not its
/// subfolders) or one file, in the order of the files' names.
pub fn corpus(path: &Path) -> Result<Vec<Labelled>, String> {
    let mut files = if path.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
        entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    files.sort();
    let mut replies = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let parsed: File = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        replies.extend(parsed.replies);
    }
    Ok(replies)
}

/// A trained model, ready to triage.
#[derive(Debug, Clone, PartialEq)]
pub struct Trained(Model);

impl Trained {
    /// The model the app ships.
    pub fn committed() -> Trained {
        Trained(model::committed().clone())
    }

    pub fn triage(&self, reply: &Reply) -> Triage {
        decide(&read(reply), &self.0)
    }

    /// The weights as `weights.bin` keeps them.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes()
    }
}

fn example(labelled: &Labelled) -> (Features, usize) {
    let read: Read = read(&labelled.reply());
    (model::features(&read), model::class(labelled.kind))
}

/// A model trained on these replies.
pub fn train(replies: &[Labelled]) -> Trained {
    let examples: Vec<_> = replies.iter().map(example).collect();
    Trained(model::train(&examples))
}

/// How each reply was read: (labelled kind, triage).
pub type Outcomes = Vec<(ReplyKind, Triage)>;

/// Each reply triaged by a model trained on the other folds only: the
/// corpus split in `folds` by position (every `folds`-th reply), so each
/// fold holds every file's share.
pub fn cross_validate(replies: &[Labelled], folds: usize) -> Outcomes {
    // Each reply is read once, not once for every fold it trains in.
    let examples: Vec<_> = replies.iter().map(example).collect();
    let mut outcomes = vec![None; replies.len()];
    for fold in 0..folds {
        let training: Vec<_> =
            examples.iter().enumerate().filter(|(i, _)| i % folds != fold).map(|(_, e)| e.clone()).collect();
        let trained = Trained(model::train(&training));
        for (i, reply) in replies.iter().enumerate().filter(|(i, _)| i % folds == fold) {
            outcomes[i] = Some((reply.kind, trained.triage(&reply.reply())));
        }
    }
    outcomes.into_iter().map(|o| o.expect("every reply falls in a fold")).collect()
}

/// Each reply triaged by one model.
pub fn evaluate(replies: &[Labelled], trained: &Trained) -> Outcomes {
    replies.iter().map(|r| (r.kind, trained.triage(&r.reply()))).collect()
}

/// Precision and recall of one question ("is it folded?", "is it a complaint?").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figures {
    pub precision: f64,
    pub recall: f64,
    /// Replies that are of the kind.
    pub of: usize,
    /// Replies found as the kind.
    pub found: usize,
}

/// The figures of a question over outcomes: `is` tells a kind that answers yes.
pub fn figures(outcomes: &Outcomes, is: impl Fn(ReplyKind) -> bool) -> Figures {
    let truly = outcomes.iter().filter(|(want, _)| is(*want)).count();
    let said = outcomes.iter().filter(|(_, got)| is(got.kind)).count();
    let right = outcomes.iter().filter(|(want, got)| is(*want) && is(got.kind)).count();
    let ratio = |a: usize, b: usize| if b == 0 { 1.0 } else { a as f64 / b as f64 };
    Figures { precision: ratio(right, said), recall: ratio(right, truly), of: truly, found: right }
}

/// The figures the issue sets targets for, one line each.
pub fn report(outcomes: &Outcomes) -> String {
    let line = |name: &str, f: Figures| {
        format!("{name:<22} precision {:.3}  recall {:.3}  ({} of {})\n", f.precision, f.recall, f.found, f.of)
    };
    let people_folded = outcomes.iter().filter(|(want, got)| *want == ReplyKind::Human && got.kind.folds()).count();
    let unsure = outcomes.iter().filter(|(_, got)| got.sign == super::Sign::Unsure).count();
    let mut out = String::new();
    out += &line("folded (auto+failure)", figures(outcomes, ReplyKind::folds));
    for (name, kind) in [
        ("auto-replies", ReplyKind::AutoReply),
        ("failure notices", ReplyKind::Failure),
        ("unsubscribe requests", ReplyKind::Unsubscribe),
        ("complaints", ReplyKind::Complaint),
        ("people", ReplyKind::Human),
    ] {
        out += &line(name, figures(outcomes, |k| k == kind));
    }
    out += &format!("people folded away     {people_folded}\nkept with people, unsure {unsure}\n");
    out
}
