//! One test binary for the sandbox's conformance tests: each file
//! below is a module, linked once. A test apart, in a binary of its own, is
//! one that changes what the whole process shares: its environment, its
//! logger, its panic hook (listed in Cargo.toml).

mod common {
    pub mod service;
}

mod conformance_dialogs;
mod conformance_envelope;
mod conformance_lists;
mod conformance_sending;
mod demo_seed;
mod rate_limit;
mod refusals;
