//! The web view's settings: the predicates that hold it to the app, and
//! snapshots of the content security policy and the main window's
//! capabilities. A change to either snapshot fails here first, so it is
//! made on purpose and reviewed.

use super::{is_app_origin, may_download, may_navigate};
use serde_json::{json, Value};
use std::path::PathBuf;
use tauri::webview::DownloadEvent;
use tauri::Url;

fn url(text: &str) -> Url {
    Url::parse(text).unwrap()
}

#[test]
fn the_apps_own_pages_are_its_origin_on_every_platform() {
    for own in [
        "tauri://localhost",
        "tauri://localhost/",
        "tauri://localhost/index.html#/w/lists/3",
        "http://tauri.localhost/",
        "https://tauri.localhost/assets/index.js",
    ] {
        assert!(is_app_origin(&url(own)), "{own}");
    }
}

#[test]
fn any_other_place_is_not_the_apps() {
    for other in [
        "https://example.com/",
        "http://localhost:1420/",
        "tauri://localhost.evil.example/",
        "tauri://evil.example/",
        "tauri://user@localhost/",
        "tauri://localhost:8080/",
        "http://tauri.localhost:8080/",
        "https://tauri.localhost.evil.example/",
        "https://evil.example/tauri.localhost",
        "http://ipc.localhost/",
        "file:///etc/passwd",
        "data:text/html,<p>hi",
        "javascript:alert(1)",
        "about:blank",
        "asset://localhost/x",
    ] {
        assert!(!is_app_origin(&url(other)), "{other}");
    }
}

#[test]
fn the_web_view_goes_only_to_the_apps_pages_and_its_frames() {
    assert!(may_navigate(&url("tauri://localhost/")));
    assert!(may_navigate(&url("about:srcdoc")), "a letter's sandboxed frame");
    assert!(may_navigate(&url("about:blank")));
    for away in
        ["https://example.com/", "about:config", "data:text/html,x", "blob:https://example.com/1", "file:///tmp/x"]
    {
        assert!(!may_navigate(&url(away)), "{away}");
    }
}

#[test]
fn a_download_is_refused() {
    let mut destination = PathBuf::from("/tmp/x");
    let requested =
        DownloadEvent::Requested { url: url("https://example.com/invoice.pdf"), destination: &mut destination };
    assert!(!may_download(&requested));
    let data = DownloadEvent::Requested { url: url("data:text/plain,hi"), destination: &mut PathBuf::new() };
    assert!(!may_download(&data), "from a data address too");
    let finished = DownloadEvent::Finished { url: url("https://example.com/x"), path: None, success: false };
    assert!(may_download(&finished), "nothing to stop once it is over");
}

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
