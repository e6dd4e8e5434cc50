/// The update feed's address and its public key (see `src/updates.rs`):
/// both or neither, as one without the other would check nothing.
const UPDATE_SETTINGS: [&str; 2] = ["CAMPAIGN_DESK_UPDATE_FEED", "CAMPAIGN_DESK_UPDATE_PUBKEY"];

fn main() {
    for name in UPDATE_SETTINGS {
        println!("cargo:rerun-if-env-changed={name}");
    }
    let set = UPDATE_SETTINGS.map(|name| std::env::var(name).is_ok_and(|v| !v.trim().is_empty()));
    if set[0] != set[1] {
        panic!(
            "set both {} and {}, or neither (a build without them leaves updates to the package manager)",
            UPDATE_SETTINGS[0], UPDATE_SETTINGS[1]
        );
    }
    tauri_build::build()
}
