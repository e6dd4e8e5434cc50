// No console window beside the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `campaign-desk check …` runs the pre-launch check in the terminal: no window.
    // `campaign-desk check-import FILE` checks a file of subscribers the same way.
    // `campaign-desk render FILE` renders a letter in MJML or blocks to HTML.
    // `campaign-desk read-xls` reads an old Excel workbook for the app in a
    // process of its own, so a hostile file cannot take the app down.
    if let Ok(program) = std::env::current_exe() {
        desk::import::set_xls_reader(desk::import::XlsReader { program, deadline: desk::import::XLS_DEADLINE });
    }
    match args.first().map(String::as_str) {
        Some(desk::import::XLS_SUBCOMMAND) => std::process::exit(desk::import::read_xls_main(&args[1..])),
        Some("check") => std::process::exit(campaign_desk::cli::check(&args[1..])),
        Some("render") => std::process::exit(campaign_desk::cli::render(&args[1..])),
        Some("check-import") => std::process::exit(campaign_desk::cli::check_import(&args[1..])),
        _ => {}
    }
    campaign_desk::run();
}
