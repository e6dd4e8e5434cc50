//! A linear classifier over hashed features: text is read as character
//! n-grams, words and word pairs, each hashed into a fixed number of
//! buckets ([`text`]); a model gives each of `N` classes a weight per
//! bucket and is fitted by multinomial logistic regression ([`train`]). Its
//! weights are kept a byte each ([`Model::to_bytes`]).
//!
//! A crate of its own so that it is optimised in every build: fitting and
//! cross-validating on a corpus of thousands of examples is arithmetic in
//! tight loops, some ten times slower unoptimised (the workspace's dev
//! profile). It knows nothing of mail: the app's reply triage chooses what
//! to read of a reply and what the classes are.

mod features;
mod model;

pub use features::{hash, text, Features};
pub use model::{train, Model, Training};
