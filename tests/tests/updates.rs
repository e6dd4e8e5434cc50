//! Updates in the real window. A build without an update feed (this test
//! build, as the Linux packages) says that new versions come with the
//! package manager. Pointed at a feed (a local server here, the way a debug
//! build takes one from its environment), the app offers the newer version
//! with its notes, downloads it on the user's word, and refuses a package
//! signed with any key but the one it trusts, saying that nothing was
//! installed; the offer stays for another try. The trusted key's signature
//! is not enough either: it must name the version the feed offers (the
//! feed's answer is not signed, so an old signed package could be offered
//! as new), and a package larger than an update can be is refused as its
//! size is announced. (A package signed with the trusted key for the
//! version offered is never served here: on Linux the updater would put it
//! in place of the test's own binary.)

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

/// `data`'s signature as a feed carries it: the `.sig` file, in base64. The
/// trusted comment is the one `tauri signer sign` writes, with the version
/// when one is given (`--app-version`; older CLIs wrote none).
fn signature(key: &minisign::KeyPair, data: &[u8], version: Option<&str>) -> String {
    let mut comment = "timestamp:1795000000\tfile:campaign-desk.tar.gz".to_string();
    if let Some(version) = version {
        comment += &format!("\tversion:{version}");
    }
    let signed = minisign::sign(Some(&key.pk), &key.sk, std::io::Cursor::new(data), Some(&comment), None).unwrap();
    base64(signed.into_string())
}

/// What the feed offers as 99.0.0: a signature, and the package at the
/// feed's own address or at `url`.
struct Offer {
    signature: String,
    url: Option<String>,
}

impl Offer {
    fn ours(signature: String) -> Offer {
        Offer { signature, url: None }
    }
}

/// A feed offering 99.0.0 for this machine; counts the package's downloads.
struct Feed {
    url: String,
    downloads: Arc<AtomicUsize>,
}

/// A feed whose offer after `n` downloads is `offers[n]` (the last one
/// stays); `downloads` counts the packages asked for, here or elsewhere.
async fn serve_feed(offers: Vec<Offer>, downloads: Arc<AtomicUsize>) -> Feed {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let package = format!("{base}/campaign-desk_99.0.0_amd64.tar.gz");
    let (offers, offered, counted) = (Arc::new(offers), downloads.clone(), downloads.clone());
    let manifest = move || {
        let offer = &offers[offered.load(Ordering::SeqCst).min(offers.len() - 1)];
        let url = offer.url.clone().unwrap_or_else(|| package.clone());
        Json(json!({
            "version": "99.0.0",
            "notes": NOTES,
            "pub_date": "2026-11-20T10:00:00Z",
            "platforms": { format!("linux-{}", std::env::consts::ARCH): { "signature": offer.signature, "url": url } },
        }))
    };
    let feed = Router::new().route("/latest.json", get(move || std::future::ready(manifest()))).route(
        "/campaign-desk_99.0.0_amd64.tar.gz",
        get(move || async move {
            counted.fetch_add(1, Ordering::SeqCst);
            PACKAGE
        }),
    );
    tokio::spawn(async move { axum::serve(listener, feed).await.unwrap() });
    Feed { url: format!("{base}/latest.json"), downloads }
}

/// A package's address whose server announces a terabyte and then sends
/// nothing, holding each connection open; counted in `downloads`.
async fn serve_endless_package(downloads: Arc<AtomicUsize>) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/campaign-desk_99.0.0_amd64.tar.gz", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            downloads.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(async move {
                let mut request = [0u8; 4096];
                let _ = stream.read(&mut request).await;
                let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1099511627776\r\n\r\n").await;
                // Held until the app lets go.
                let _ = stream.read(&mut request).await;
            });
        }
    });
    url
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
    let offer = Offer::ours(signature(&stranger, PACKAGE, Some("99.0.0")));
    let feed = serve_feed(vec![offer], Arc::default()).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_package_not_signed_for_the_version_offered_or_too_large_is_refused_in_russian() {
    let publisher = key_pair();
    let downloads = Arc::new(AtomicUsize::new(0));
    let endless = serve_endless_package(downloads.clone()).await;
    let offers = vec![
        // The publisher's key, without the version (as the CLI signed before `--app-version`).
        Offer::ours(signature(&publisher, PACKAGE, None)),
        // The publisher's key, for another version: an older package offered as 99.0.0.
        Offer::ours(signature(&publisher, PACKAGE, Some("98.0.0"))),
        // A terabyte announced (its signature would not match either).
        Offer { signature: signature(&publisher, b"another package", Some("99.0.0")), url: Some(endless) },
    ];
    let feed = serve_feed(offers, downloads).await;
    let mut app = App::launch_with_env(
        "updates-refused",
        &[
            ("LANG", "ru_RU.UTF-8"),
            ("CAMPAIGN_DESK_UPDATE_FEED", &feed.url),
            ("CAMPAIGN_DESK_UPDATE_PUBKEY", &public_key(&publisher)),
        ],
    )
    .await;
    app.open_demo().await;

    let refusals = [
        ("unsigned-version", "Обновление отклонено: подпись не издателя", "Ничего не установлено"),
        ("another-version", "Обновление отклонено: подпись не издателя", "Ничего не установлено"),
        ("too-large", "Обновление отклонено: слишком большой пакет", "больше 256 МБ"),
    ];
    for (downloaded, (name, title, said)) in refusals.into_iter().enumerate() {
        app.click_to_show("[data-testid=diagnostics-menu]", "[data-testid=check-for-updates]").await;
        app.click("[data-testid=check-for-updates]").await;
        app.wait_text("[role=dialog]", "the offer", |t| t.contains("Доступна версия Campaign Desk 99.0.0")).await;
        assert_eq!(feed.downloads.load(Ordering::SeqCst), downloaded, "{name}: one download per try");
        app.click("[data-testid=updates-install]").await;
        let refused = app.wait_text("[role=dialog]", name, |t| t.contains(title)).await;
        assert!(refused.contains(said), "{name}: {refused}");
        app.screenshot(name).await;
        app.click("[data-testid=dialog-cancel]").await;
        app.wait_script("return document.querySelector('[role=dialog]') === null", "the dialog closed", |v| {
            v == &json!(true)
        })
        .await;
    }
    assert_eq!(feed.downloads.load(Ordering::SeqCst), 3);
}
