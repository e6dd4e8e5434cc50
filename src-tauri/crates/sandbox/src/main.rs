//! `sandbox --port N --api-key KEY [--db PATH] [--demo] [--seed N] [--rate-limit N] ...`
//! (see `campaign_desk_sandbox::cli::USAGE`)

fn main() -> std::process::ExitCode {
    campaign_desk_sandbox::cli::main()
}
