//! Fuzz targets: one per decoder of what comes from outside the app (a
//! file, a service's answer, a subscriber's message, a link). Each is a
//! plain `fn(&[u8])` that feeds the bytes to the decoder's public entry
//! point and panics only when the decoder does, or when what it decoded
//! breaks a promise the rest of the app relies on.
//!
//! The workspace's test run replays every file of `corpus/` through every
//! target (`tests/corpora.rs`); `afl/` runs one target under AFL++
//! (`scripts/fuzz <target> [minutes]`). See `README.md` beside this file.

mod answer;
mod import;
mod input;
mod journal;
mod links;
mod php;
mod reply;

/// A fuzz target: bytes in, a panic only on a bug.
pub type Target = fn(&[u8]);

/// Every target, by the name its corpus folder and `scripts/fuzz` use.
pub const TARGETS: &[(&str, Target)] = &[
    ("answer", answer::answer),
    ("import", import::import),
    ("journal", journal::journal),
    ("links", links::links),
    ("php", php::php),
    ("reply_html", reply::reply_html),
    ("reply_text", reply::reply_text),
];

/// The target called `name`.
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
