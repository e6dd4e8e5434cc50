//! Snapshots of what the webview may do: the content security policy and
//! the main window's capabilities. A change to either fails here first, so
//! it is made on purpose and reviewed.

use serde_json::{json, Value};

fn read(path: &str) -> Value {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_content_security_policy_is_as_reviewed() {
    let security = &read("tauri.conf.json")["app"]["security"];
    assert_eq!(
        security["csp"],
        json!({
            "default-src": "'self'",
            "script-src": "'self'",
            // Inline styles only: mail is styled inline, and SafeHtmlFrame's
            // srcdoc inherits this policy. Scripts stay 'self' only.
            "style-src": "'self' 'unsafe-inline'",
            // Remote images appear only in a message's frame, and only when the
            // user asked to see them: cleaning in Rust leaves them out otherwise.
            "img-src": "'self' data: blob: https:",
            "font-src": "'self'",
            "connect-src": "ipc: http://ipc.localhost",
            "frame-src": "'self'",
            "object-src": "'none'",
            "base-uri": "'none'",
            "form-action": "'none'"
        })
    );
    assert_eq!(security["dangerousDisableAssetCspModification"], json!(["style-src"]));
    assert_eq!(security["freezePrototype"], json!(true));
    assert_eq!(read("tauri.conf.json")["app"]["withGlobalTauri"], json!(false));
}

#[test]
fn the_main_window_may_call_only_the_apps_own_commands() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("capabilities");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(files, vec![std::ffi::OsString::from("main.json")], "one capability file");
    let main = read("capabilities/main.json");
    assert_eq!(main["windows"], json!(["main"]));
    assert_eq!(main["permissions"], json!([]), "no system permission; progress comes over command channels");
}

#[test]
fn the_shipped_app_links_no_typescript_generator() {
    // ts-rs writes the UI's bindings in a test; the app itself has no use for it.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let tree = std::process::Command::new(cargo)
        .args(["tree", "-p", "campaign-desk", "-e", "normal", "--prefix", "none", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(tree.status.success(), "{}", String::from_utf8_lossy(&tree.stderr));
    let crates = String::from_utf8_lossy(&tree.stdout);
    assert!(crates.lines().any(|line| line.starts_with("desk ")), "the tree is the app's: {crates}");
    assert!(!crates.lines().any(|line| line.starts_with("ts-rs ")), "ts-rs is linked into the app");
}
