//! Updates in the real window. A build without an update feed (this test
//! build, as the Linux packages) says that new versions come with the
//! package manager. Pointed at a feed (a local server here, the way a debug
//! build takes one from its environment), the app offers the newer version
//! with its notes, downloads it on the user's word, and refuses a package
//! signed with any key but the one it trusts, saying that nothing was
//! installed; the offer stays for another try. (A package signed with the
//! trusted key is never served here: on Linux the updater would put it in
//! place of the test's own binary.)

use axum::routing::get;
use axum::{Json, Router};
use base64::Engine;
use e2e::{menu_bar, App};
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const NOTES: &str = "Imports keep the columns of Russian Excel files.\nReplies are sorted faster.";
const PACKAGE: &[u8] = b"Campaign Desk 99.0.0, as an update package would carry it";

fn base64(text: String) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// A minisign key pair, as `tauri signer generate` makes one.
fn key_pair() -> minisign::KeyPair {
    minisign::KeyPair::generate_unencrypted_keypair().unwrap()
}

/// The public key as the app is given it: the key file, in base64.
fn public_key(key: &minisign::KeyPair) -> String {
    base64(key.pk.to_box().unwrap().into_string())
}

/// `data`'s signature as a feed carries it: the `.sig` file, in base64.
fn signature(key: &minisign::KeyPair, data: &[u8]) -> String {
    let signed =
        minisign::sign(Some(&key.pk), &key.sk, std::io::Cursor::new(data), Some("file:campaign-desk.tar.gz"), None)
            .unwrap();
    base64(signed.into_string())
}

/// A feed offering 99.0.0 for this machine, its package signed as `signature`
/// says; counts the package's downloads.
struct Feed {
    url: String,
    downloads: Arc<AtomicUsize>,
}

async fn serve_feed(signature: String) -> Feed {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let package = format!("{base}/campaign-desk_99.0.0_amd64.tar.gz");
    let manifest = json!({
        "version": "99.0.0",
        "notes": NOTES,
        "pub_date": "2026-11-20T10:00:00Z",
        "platforms": { format!("linux-{}", std::env::consts::ARCH): { "signature": signature, "url": package } },
    });
    let downloads = Arc::new(AtomicUsize::new(0));
    let counted = downloads.clone();
    let feed = Router::new().route("/latest.json", get(move || async move { Json(manifest) })).route(
        "/campaign-desk_99.0.0_amd64.tar.gz",
        get(move || async move {
            counted.fetch_add(1, Ordering::SeqCst);
            PACKAGE
        }),
    );
    tokio::spawn(async move { axum::serve(listener, feed).await.unwrap() });
    Feed { url: format!("{base}/latest.json"), downloads }
}

#[tokio::test]
async fn without_a_feed_the_help_menu_says_in_russian_that_the_package_manager_brings_new_versions() {
    let mut app =
        App::launch_with_env("updates-package-manager", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")])
            .await;
    app.open_demo().await;
    // Help is the fifth menu: the log folder, diagnostics, then updates.
    menu_bar::pick(4, 3);
    let said =
        app.wait_text("[data-testid=updates-package-manager]", "the package manager's job", |t| !t.is_empty()).await;
    assert!(said.contains("менеджер пакетов"), "{said}");
    assert!(said.contains(env!("CARGO_PKG_VERSION")), "{said}");
    app.screenshot("package-manager").await;
    app.click("[data-testid=dialog-cancel]").await;
    app.wait_script("return document.querySelector('[role=dialog]') === null", "the dialog closed", |v| {
        v == &json!(true)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_version_is_offered_with_its_notes_and_a_package_signed_by_another_key_is_refused() {
    let (publisher, stranger) = (key_pair(), key_pair());
    let feed = serve_feed(signature(&stranger, PACKAGE)).await;
    let mut app = App::launch_with_env(
        "updates-offered",
        &[("CAMPAIGN_DESK_UPDATE_FEED", &feed.url), ("CAMPAIGN_DESK_UPDATE_PUBKEY", &public_key(&publisher))],
    )
    .await;
    app.open_demo().await;
    app.click_to_show("[data-testid=diagnostics-menu]", "[data-testid=check-for-updates]").await;
    app.click("[data-testid=check-for-updates]").await;

    let offered = app.wait_text("[role=dialog]", "the offer", |t| t.contains("99.0.0")).await;
    assert!(offered.contains("Campaign Desk 99.0.0 is available"), "{offered}");
    assert!(offered.contains(&format!("You have {}", env!("CARGO_PKG_VERSION"))), "{offered}");
    let notes = app.wait_text("[data-testid=updates-notes]", "the notes", |t| !t.is_empty()).await;
    assert!(notes.contains("Russian Excel files") && notes.contains("sorted faster"), "{notes}");
    app.screenshot("offered").await;
    assert_eq!(feed.downloads.load(Ordering::SeqCst), 0, "nothing is downloaded before the user says");

    app.click("[data-testid=updates-install]").await;
    let refused =
        app.wait_text("[role=dialog]", "the refusal", |t| t.contains("signature is not the publisher's")).await;
    assert!(refused.contains("Nothing was installed"), "{refused}");
    app.screenshot("refused").await;
    assert_eq!(feed.downloads.load(Ordering::SeqCst), 1, "the package was downloaded, then its signature checked");
    // The offer stays, to try again.
    let again = app.wait_text("[data-testid=updates-install]", "the button to try again", |t| !t.is_empty()).await;
    assert_eq!(again, "Try again");
}
