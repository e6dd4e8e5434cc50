//! One test binary for the sandbox's conformance tests: each file
//! below is a module, linked once. A test binary apart is one that changes
//! the process's environment (listed in Cargo.toml).

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
