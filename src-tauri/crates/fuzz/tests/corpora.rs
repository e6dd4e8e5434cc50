//! Every file of every corpus (the seeds, and what fuzzing found and was
//! kept, minimised) through every target: a decoder that panics on one of
//! them, or on another target's input, fails here, with no fuzzer needed.
//! Each runs as the app runs a command: on a thread of tokio's size, so
//! input nested deep enough to overflow the stack aborts the run here too.

use std::path::{Path, PathBuf};

/// The stack of a tokio worker thread, where the app's commands run.
const TOKIO_STACK: usize = 2 << 20;

fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn files_in(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_target_has_a_seed_corpus_and_every_corpus_a_target() {
    for (name, _) in fuzz::TARGETS {
        let folder = corpus_root().join(name);
        assert!(folder.is_dir() && !files_in(&folder).is_empty(), "no seeds for {name} in {}", folder.display());
    }
    for folder in std::fs::read_dir(corpus_root()).expect("the corpus folder").map(|e| e.expect("an entry").path()) {
        let name = folder.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        assert!(fuzz::target(&name).is_some(), "a corpus with no target: {}", folder.display());
    }
}

#[test]
fn every_corpus_file_goes_through_every_target() {
    let mut replayed = 0;
    for folder in std::fs::read_dir(corpus_root()).expect("the corpus folder").map(|e| e.expect("an entry").path()) {
        for file in files_in(&folder) {
            let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            for (name, target) in fuzz::TARGETS {
                let bytes = bytes.clone();
                let outcome = std::thread::Builder::new().stack_size(TOKIO_STACK).spawn(move || target(&bytes));
                assert!(outcome.expect("a thread").join().is_ok(), "{name} panicked on {}", file.display());
                replayed += 1;
            }
        }
    }
    assert!(replayed > 0);
}
