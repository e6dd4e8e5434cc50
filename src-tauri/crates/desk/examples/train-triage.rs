//! Trains the reply triage model on the labelled corpus
//! (`tests/fixtures/triage/`) and writes the weights the app ships
//! (`desk/src/inbox/triage/weights.bin`); prints the cross-validated figures.
//!
//! Run: `cargo run -p desk --release --example train-triage`

use desk::inbox::triage::learning::{corpus, corpus_dir, cross_validate, report, train};
use std::path::Path;

fn main() {
    let replies = corpus(&corpus_dir()).unwrap_or_else(|e| panic!("the corpus: {e}"));
    println!("{} labelled replies; 5-fold cross-validation:\n{}", replies.len(), report(&cross_validate(&replies, 5)));
    let weights = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/inbox/triage/weights.bin");
    std::fs::write(&weights, train(&replies).to_bytes()).expect("writing the weights");
    println!("written: {}", weights.display());
}
