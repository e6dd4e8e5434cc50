//! One test binary for the client's contract tests against the sandbox over loopback: each file
//! below is a module, linked once. A test apart, in a binary of its own, is
//! one that changes what the whole process shares: its environment, its
//! logger, its panic hook (listed in Cargo.toml).

mod common;

mod account_contract;
mod automations_contract;
mod campaigns_contract;
mod dialogs_contract;
mod faults_contract;
mod imports_contract;
mod legacy_contract;
mod lists_contract;
mod members_contract;
mod reports_contract;
mod request_log;
mod retry_contract;
mod router_contract;
mod segments_contract;
mod templates_contract;
mod throttle_contract;
mod transport_contract;
