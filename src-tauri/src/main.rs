// No console window beside the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `campaign-desk check …` runs the pre-launch check in the terminal: no window.
    // `campaign-desk check-import FILE` checks a file of subscribers the same way.
    match args.first().map(String::as_str) {
        Some("check") => std::process::exit(campaign_desk::cli::check(&args[1..])),
        Some("check-import") => std::process::exit(campaign_desk::cli::check_import(&args[1..])),
        _ => {}
    }
    campaign_desk::run();
}
