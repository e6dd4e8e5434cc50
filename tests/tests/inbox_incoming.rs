//! Replies put into a sandbox of the test's own as subscribers send them,
//! read in the real window: nothing in a hostile reply runs, remote images
//! wait for the user and attachments are cleaned, a link opens in the
//! browser only after showing where it leads, and a reply that comes in
//! while the app is behind raises a notification that leads back to it.

use e2e::App;

const HOSTILE: &str = include_str!("../fixtures/hostile-replies.json");
const KEY: &str = "e2e-inbox-key-Vd83";
/// A one-pixel PNG, base64.
const PIXEL_PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/// Puts a reply into the sandbox as a subscriber would send it; answers the dialog's id.
async fn inject(client: &api::Client, campaign_id: i64, email: &str, html: &str) -> i64 {
    let reply = api::sandbox::Reply {
        campaign_id: Some(campaign_id),
        email: Some(email.into()),
        subject: "Re: Spring news".into(),
        html: html.into(),
        text: "Hello from a subscriber".into(),
        ..Default::default()
    };
    api::sandbox::put_reply(client, &reply).await.unwrap()
}

/// A sandbox of the test's own with a list and a campaign to reply to.
async fn sandbox_with_a_campaign() -> (e2e::SandboxProcess, api::Client, i64) {
    let sandbox = e2e::SandboxProcess::start(KEY);
    let client = api::Client::new(&sandbox.base_url, api::ApiKey::new(KEY)).unwrap();
    let list = api::lists::create(&client, &api::lists::NewList { name: "Spring".into(), ..Default::default() })
        .await
        .unwrap();
    let campaign = api::campaigns::create(
        &client,
        &api::campaigns::CampaignContent {
            list_ids: Some(vec![list]),
            name: Some("Spring news".into()),
            subject: Some("Spring news".into()),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    (sandbox, client, campaign)
}

/// Adds the sandbox as an account and opens its inbox.
async fn add_account(app: &App, sandbox: &e2e::SandboxProcess) {
    app.add_account("Replies", &sandbox.base_url, KEY).await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
}

/// Closes the app and takes the account's key out of the keyring.
async fn close_and_forget_key(app: App) {
    let stored = std::fs::read_to_string(app.data_dir().join("accounts.json")).unwrap();
    let stored: serde_json::Value = serde_json::from_str(&stored).unwrap();
    let account = stored["accounts"][0]["id"].as_str().unwrap().to_string();
    app.close().await;
    let _ = keyring::Entry::new("campaign-desk", &account).unwrap().delete_credential();
}

#[tokio::test]
async fn no_hostile_reply_runs_anything_in_the_window() {
    let (sandbox, client, campaign) = sandbox_with_a_campaign().await;
    let corpus: serde_json::Value = serde_json::from_str(HOSTILE).unwrap();
    let mut dialogs = Vec::new();
    for reply in corpus["replies"].as_array().unwrap() {
        let name = reply["name"].as_str().unwrap();
        let id = inject(&client, campaign, &format!("{name}@hostile.example"), reply["html"].as_str().unwrap()).await;
        dialogs.push((name.to_string(), id));
    }

    let tracked = inject(
        &client,
        campaign,
        "pictures@shop.example",
        r#"<p>Our logo:</p><img src="https://images.example.net/logo.png" alt="logo">"#,
    )
    .await;
    // A photo attached to the same dialog, previewed inline, and a program
    // whose name hides a path and reads backwards from its middle on.
    let file = |filename: &str, content_type: &str| api::sandbox::ReplyFile {
        filename: filename.into(),
        content_type: content_type.into(),
        content_base64: PIXEL_PNG.into(),
    };
    let photo = api::sandbox::Reply {
        dialog_id: Some(tracked),
        subject: "Re: Spring news".into(),
        text: "And a photo".into(),
        attachments: vec![
            file("photo.png", "image/png"),
            file("..\\..\\evil\u{202E}fdp.exe", "application/x-msdownload"),
        ],
        ..Default::default()
    };
    api::sandbox::put_reply(&client, &photo).await.unwrap();

    let mut app = App::launch("inbox-hostile").await;
    add_account(&app, &sandbox).await;
    for (name, id) in &dialogs {
        app.script(&format!("location.hash = '/w/inbox?dialog={id}'; return true")).await;
        app.wait(&format!("[data-testid=thread][data-dialog-id='{id}'] [data-testid=message]")).await;
        let pwned = app.script("return [window.__pwned ?? null, document.title, location.protocol]").await;
        assert_eq!(pwned[0], serde_json::Value::Null, "{name} ran script in the app: {pwned}");
        assert_eq!(pwned[1], "Campaign Desk", "{name} changed the window");
        if name == "css-overlay" || name == "form" {
            app.screenshot(name).await;
        }
    }
    // A remote image waits for the user, then shows in its frame.
    app.script(&format!("location.hash = '/w/inbox?dialog={tracked}'; return true")).await;
    let frame = format!("[data-testid=thread][data-dialog-id='{tracked}'] [data-testid=message-frame]");
    app.wait(&frame).await;
    assert!(!app.attribute(&frame, "srcdoc").await.contains("images.example.net"), "held until asked");
    app.click("[data-testid=show-images]").await;
    app.wait_every(std::time::Duration::from_millis(100), &format!("{frame}[srcdoc*='images.example.net']")).await;
    app.wait("[data-testid=attachment-preview]").await;
    let preview = app.attribute("[data-testid=attachment-preview]", "src").await;
    assert!(preview.starts_with("data:image/png;base64,iVBOR"), "{preview}");
    let names = app.wait_count("[data-testid=attachment]", "both attachments", |n| n == 2).await;
    let shown = &names[1];
    assert!(shown.contains("evilfdp.exe") && !shown.contains(['\u{202E}', '\\']), "cleaned as saved: {names:?}");
    app.screenshot("images-and-attachment").await;
    // Once every frame has loaded: nothing ran in any of them either.
    let loaded = "const frames = [...document.querySelectorAll('iframe')]; \
        return frames.length > 0 && frames.every(f => f.dataset.loaded === 'true')";
    app.wait_script(loaded, "the letters loaded in their frames", |v| *v == true).await;
    let pwned = app.script("return window.__pwned ?? null").await;
    assert_eq!(pwned, serde_json::Value::Null, "a hostile reply ran script: {pwned}");
    close_and_forget_key(app).await;
}

#[tokio::test]
async fn a_reply_that_comes_in_while_the_app_is_behind_raises_a_notification_that_leads_back_to_it() {
    let mut desktop = e2e::desktop::Desktop::start().await;
    let (sandbox, client, campaign) = sandbox_with_a_campaign().await;
    inject(&client, campaign, "first@shop.example", "<p>Thanks for the newsletter.</p>").await;
    let mut app = App::launch_with_env("inbox-notification", &[("DISPLAY", desktop.display())]).await;
    add_account(&app, &sandbox).await;
    // The first look at the unread count only notes where things stand.
    app.wait_text("[data-testid=inbox-badge]", "the unread badge", |t| t == "1").await;

    desktop.focus_elsewhere().await;
    let focused = app.script("return document.hasFocus()").await;
    assert_eq!(focused, serde_json::Value::Bool(false), "the app is behind another window");
    let dialog = inject(&client, campaign, "late.reader@shop.example", "<p>Is the Geisha back in stock?</p>").await;
    // The unread count is asked for every minute.
    let minute_and_a_half = std::time::Duration::from_secs(90);
    let every_second = std::time::Duration::from_secs(1);
    let shown = e2e::webdriver::wait_for_every(every_second, minute_and_a_half, "a notification", || {
        std::future::ready(Some(desktop.notifications()).filter(|shown| !shown.is_empty()))
    })
    .await
    .unwrap_or_default();
    assert_eq!(shown.len(), 1, "one notification, for the new reply only: {shown:?}");
    assert_eq!(shown[0].summary, "New reply from late.reader@shop.example");
    assert!(shown[0].body.starts_with("Re: Spring news"), "the subject under the title: {shown:?}");

    // Coming back to the app opens the reply it was told about.
    desktop.focus_window("Campaign Desk").await;
    app.wait(&format!("[data-testid=thread][data-dialog-id='{dialog}']")).await;
    assert!(app.route().await.contains(&format!("dialog={dialog}")), "the dialog is in the address");
    app.screenshot("opened-from-notification").await;
    close_and_forget_key(app).await;
}

#[tokio::test]
async fn a_link_in_a_reply_opens_in_the_browser_only_after_showing_where_it_leads() {
    let (sandbox, client, campaign) = sandbox_with_a_campaign().await;
    let link = "https://shop.example/orders/7?from=mail";
    let html = format!(
        r#"<p>See <a href="{link}">my order</a>.</p><div>On Mon, Spring news wrote:</div><blockquote><p>Spring sale starts today</p></blockquote>"#
    );
    let dialog = inject(&client, campaign, "links@shop.example", &html).await;
    // The system's opener, as the app finds it on PATH: it notes what it was asked to open.
    let bin_dir = tempfile::Builder::new().prefix("campaign-desk-e2e-opener-").tempdir().unwrap();
    let bin = bin_dir.path();
    let opened = bin.join("opened.txt");
    let opener = bin.join("xdg-open");
    std::fs::write(&opener, format!("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{}'\n", opened.display())).unwrap();
    std::fs::set_permissions(&opener, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());

    let mut app = App::launch_with_env("inbox-links", &[("PATH", &path)]).await;
    add_account(&app, &sandbox).await;
    app.script(&format!("location.hash = '/w/inbox?dialog={dialog}'; return true")).await;
    let frame = format!("[data-testid=thread][data-dialog-id='{dialog}'] [data-testid=message-frame]");
    app.click_in_frame(&frame, "a").await;
    app.wait_text("[data-testid=link-target]", "where the link leads", |t| t == "shop.example").await;
    assert_eq!(app.wait_text("[data-testid=link-url]", "the full address", |t| !t.is_empty()).await, link);
    app.screenshot("where-it-leads").await;
    assert!(!opened.exists(), "nothing opens before the user agrees");
    assert!(app.route().await.contains("/w/inbox"), "the app stays where it was");
    app.click("[data-testid=open-link]").await;
    let asked = e2e::webdriver::wait_for(e2e::app::PATIENCE, "the browser to be asked", || {
        let opened = opened.clone();
        async move { std::fs::read_to_string(opened).ok().filter(|t| !t.is_empty()) }
    })
    .await
    .unwrap();
    assert_eq!(asked.trim(), link);
    app.wait_count("[data-testid=open-link]", "the question to close", |n| n == 0).await;
    // The quoted history is folded behind •••.
    let shown = app.attribute(&frame, "srcdoc").await;
    let folded = shown.find(r#"<details class="quoted">"#).expect("the quote folded");
    assert!(shown.find("Spring sale starts today").unwrap() > folded, "{shown}");
    app.screenshot("quote-folded").await;
    close_and_forget_key(app).await;
}
