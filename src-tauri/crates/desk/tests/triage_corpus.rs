//! Reply triage measured on the labelled corpus (`tests/fixtures/triage/`,
//! see its README): each reply is triaged by a model trained on the other
//! four fifths only (5-fold cross-validation), so the figures are those of
//! replies the model never saw. Then the committed model reads the part
//! held apart (`held-apart/`: written apart, never trained on nor used to
//! choose a rule). The figures are printed and the targets asserted.
//! `TRIAGE_HELD_OUT=<file or folder>` measures the committed model on
//! replies written elsewhere, against the same targets.

use desk::inbox::triage::learning::{
    corpus, corpus_dir, cross_validate, evaluate, figures, held_apart_dir, report, train, Labelled, Outcomes, Trained,
};
use desk::inbox::triage::ReplyKind;
use std::collections::BTreeMap;

fn assert_targets(name: &str, replies: &[Labelled], outcomes: &Outcomes) {
    println!("{name}, {} replies:\n{}", outcomes.len(), report(outcomes));
    for (reply, (want, got)) in replies.iter().zip(outcomes) {
        if *want != got.kind {
            let body = if reply.text.trim().is_empty() { &reply.html } else { &reply.text };
            let start: String = body.chars().take(100).collect();
            println!(
                "  {want:?} read as {:?} ({:?}): {} | {}",
                got.kind,
                got.sign,
                reply.subject,
                start.replace('\n', " ")
            );
        }
    }
    let folded = figures(outcomes, ReplyKind::folds);
    assert!(folded.precision >= 0.98, "{name}: folding precision {:.3}", folded.precision);
    assert!(folded.recall >= 0.95, "{name}: folding recall {:.3}", folded.recall);
    let people_folded = outcomes.iter().filter(|(want, got)| *want == ReplyKind::Human && got.kind.folds()).count();
    assert_eq!(people_folded, 0, "{name}: people's replies folded away");
    for kind in [ReplyKind::Unsubscribe, ReplyKind::Complaint] {
        let f = figures(outcomes, |k| k == kind);
        assert!(
            f.precision >= 0.9 && f.recall >= 0.9,
            "{name}: {kind:?} precision {:.3} recall {:.3}",
            f.precision,
            f.recall
        );
    }
}

#[test]
fn replies_the_model_never_saw_are_triaged_to_the_targets() {
    let replies = corpus(&corpus_dir()).expect("the corpus");
    assert_targets("5-fold cross-validation on the project's corpus", &replies, &cross_validate(&replies, 5));
    let held_apart = corpus(&held_apart_dir()).expect("the part held apart");
    assert!(held_apart.len() >= 100, "{} replies held apart", held_apart.len());
    let outcomes = evaluate(&held_apart, &Trained::committed());
    assert_targets("the committed model on the part held apart", &held_apart, &outcomes);
    if let Some(path) = std::env::var_os("TRIAGE_HELD_OUT") {
        let held_out = corpus(path.as_ref()).expect("the held-out replies");
        let outcomes = evaluate(&held_out, &Trained::committed());
        assert_targets("the committed model on the held-out replies", &held_out, &outcomes);
    }
}

#[test]
fn the_corpus_holds_every_kind_in_every_language_and_shape() {
    let replies = corpus(&corpus_dir()).expect("the corpus");
    assert!(replies.len() >= 600, "the corpus has {} replies", replies.len());
    let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_lang: BTreeMap<String, usize> = BTreeMap::new();
    for r in &replies {
        *by_kind.entry(format!("{:?}", r.kind)).or_default() += 1;
        *by_lang.entry(if r.lang.is_empty() { "unlabelled".into() } else { r.lang.clone() }).or_default() += 1;
    }
    println!("{} replies; by kind {by_kind:?}; by language {by_lang:?}", replies.len());
    for kind in ["Human", "AutoReply", "Failure", "Unsubscribe", "Complaint"] {
        assert!(by_kind.get(kind).copied().unwrap_or(0) >= 60, "{kind}: {:?}", by_kind.get(kind));
    }
    for lang in ["ru", "en", "mixed", "other"] {
        assert!(by_lang.get(lang).copied().unwrap_or(0) >= 20, "{lang}: {:?}", by_lang.get(lang));
    }
    let html_only = replies.iter().filter(|r| r.text.trim().is_empty() && !r.html.trim().is_empty()).count();
    assert!(html_only >= 50, "{html_only} HTML-only replies");
    let people_quoting_footers = replies
        .iter()
        .filter(|r| {
            r.kind == ReplyKind::Human && ["отпис", "unsubscribe"].iter().any(|w| r.text.to_lowercase().contains(w))
        })
        .count();
    assert!(
        people_quoting_footers >= 30,
        "{people_quoting_footers} people's replies carry an unsubscribe footer or word"
    );
}

#[test]
fn the_committed_weights_are_those_the_corpus_trains() {
    let replies = corpus(&corpus_dir()).expect("the corpus");
    assert!(
        train(&replies) == Trained::committed(),
        "weights.bin is not trained from tests/fixtures/triage: run `cargo run -p desk --release --example train-triage`"
    );
}
