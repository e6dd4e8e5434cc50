/// The update feed's address and its public key (see `src/updates.rs`),
/// checked by the rules the app's tests test: both or neither, an https
/// feed, a minisign public key.
#[path = "src/updates/settings.rs"]
mod update_settings;

fn main() {
    use update_settings::{FEED, PUBKEY};
    for name in [FEED, PUBKEY] {
        println!("cargo:rerun-if-env-changed={name}");
    }
    let (feed, pubkey) = (std::env::var(FEED).ok(), std::env::var(PUBKEY).ok());
    if let Some(problem) = update_settings::problem(feed.as_deref(), pubkey.as_deref()) {
        panic!("{problem}");
    }
    tauri_build::build()
}
