//! The reply classifier measured on a labelled corpus of Russian and English
//! replies (`tests/fixtures/replies-labelled.json`): the figures are printed,
//! and the floors are asserted.

use desk::inbox::triage::{classify, ReplyKind};
use serde_json::Value;

const CORPUS: &str = include_str!("../../../../tests/fixtures/replies-labelled.json");

fn kind(label: &str) -> ReplyKind {
    serde_json::from_value(Value::String(label.into())).unwrap_or_else(|_| panic!("unknown label {label}"))
}

#[test]
fn auto_replies_are_found_and_no_person_is_hidden() {
    let corpus: Value = serde_json::from_str(CORPUS).unwrap();
    let replies = corpus["replies"].as_array().unwrap();
    assert!(replies.len() >= 300, "the corpus has {} replies", replies.len());
    let mut pairs = Vec::new();
    for r in replies {
        let field = |k: &str| r[k].as_str().unwrap_or_default();
        let got = classify(field("subject"), field("from"), field("text"));
        let want = kind(field("kind"));
        if got != want {
            println!("{want:?} read as {got:?}: {} | {}", field("subject"), field("text").replace('\n', " "));
        }
        pairs.push((want, got));
    }
    let count = |f: &dyn Fn(&(ReplyKind, ReplyKind)) -> bool| pairs.iter().filter(|p| f(p)).count() as f64;
    let auto = ReplyKind::AutoReply;
    let found = count(&|(w, g)| *w == auto && *g == auto);
    let precision = found / count(&|(_, g)| *g == auto);
    let recall = found / count(&|(w, _)| *w == auto);
    let humans = count(&|(w, _)| *w == ReplyKind::Human);
    let humans_shown = count(&|(w, g)| *w == ReplyKind::Human && !g.folds()) / humans;
    let humans_exact = count(&|(w, g)| *w == ReplyKind::Human && *g == ReplyKind::Human) / humans;
    let accuracy = count(&|(w, g)| w == g) / pairs.len() as f64;
    println!(
        "triage on {} replies: auto-replies precision {precision:.3}, recall {recall:.3}; \
         human replies never hidden {humans_shown:.3} (read as human {humans_exact:.3}); all kinds right {accuracy:.3}",
        pairs.len()
    );
    assert!(precision >= 0.98, "auto-reply precision {precision:.3}");
    assert!(recall >= 0.95, "auto-reply recall {recall:.3}");
    assert!(humans_shown >= 0.99, "human replies shown {humans_shown:.3}");
}
