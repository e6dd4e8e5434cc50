//! The inbox in the real window, from the keyboard: read a demo thread,
//! answer it, see the answer in the thread, close the dialog and see it
//! leave the open list.

use e2e::App;

const ENTER: &str = "\u{E007}";
const CONTROL: &str = "\u{E009}";

async fn attribute(app: &App, css: &str, name: &str) -> String {
    let script = format!(
        "const e = document.querySelector({}); return e ? e.getAttribute({}) : null",
        serde_json::to_string(css).unwrap(),
        serde_json::to_string(name).unwrap()
    );
    app.script(&script).await.as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn a_reply_is_read_answered_and_closed_from_the_keyboard() {
    let mut app = App::launch("inbox").await;
    app.open_demo().await;
    let badge = app.wait_text("[data-testid=inbox-badge]", "unread replies in the sidebar", |t| !t.is_empty()).await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    app.screenshot("inbox").await;
    // People first: the top of the list holds no auto-reply and no failure notice;
    // they wait at the end, folded into a row per campaign.
    let kinds =
        app.script("return [...document.querySelectorAll('[data-testid=dialog-row]')].map(e => e.dataset.kind)").await;
    let kinds: Vec<&str> = kinds.as_array().unwrap().iter().filter_map(|k| k.as_str()).collect();
    assert!(!kinds.is_empty() && kinds.iter().all(|k| !["auto_reply", "failure"].contains(k)), "{kinds:?}");
    // Scroll to the end as a person does, again as pages of people come in,
    // until the folded rows (after every page of people) are there.
    e2e::webdriver::wait_for(e2e::app::PATIENCE, "the folded rows", || async {
        app.scroll_to("[data-testid=dialog-list]", "1e9").await;
        let folded = app.script("return document.querySelectorAll('[data-testid=folded-row]').length").await;
        (folded.as_u64().unwrap_or(0) > 0).then_some(())
    })
    .await
    .unwrap();
    // The folded rows follow every loaded page of people: load them all, then look.
    for _ in 0..6 {
        app.scroll_to("[data-testid=dialog-list]", "1e9").await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    }
    app.screenshot("folded").await;
    app.scroll_to("[data-testid=dialog-list]", "0").await;

    // j highlights the first dialog, Enter opens it; showing it marks it read.
    let first = attribute(&app, "[data-testid=dialog-row]", "data-dialog-id").await;
    app.press(&["j"]).await;
    app.press(&[ENTER]).await;
    app.wait(&format!("[data-testid=thread][data-dialog-id='{first}']")).await;
    assert!(app.route().await.contains(&format!("dialog={first}")), "the open dialog is in the address");
    app.wait_count("[data-testid=message]", "the thread's messages", |n| n >= 1).await;
    app.wait_text("[data-testid=inbox-badge], [data-testid=nav-inbox]", "the badge after reading", |t| {
        !t.contains(&badge) || badge.is_empty()
    })
    .await;
    app.screenshot("thread").await;

    // r writes a reply; Ctrl+Enter sends it; it appears in the thread.
    let before = app.wait_count("[data-testid=message]", "messages", |n| n >= 1).await.len();
    app.press(&["r"]).await;
    let focused = app.script("return document.activeElement?.dataset.testid ?? ''").await;
    assert_eq!(focused.as_str(), Some("reply-text"), "r puts the cursor in the reply");
    app.type_into("[data-testid=reply-text]", "Thank you! We ship to Kazan every Tuesday.").await;
    app.screenshot("reply-typed").await;
    app.press(&[CONTROL, ENTER]).await;
    app.wait_count("[data-testid=message]", "the thread with the reply", |n| n == before + 1).await;
    let last = "[data-testid=message]:last-child";
    assert_eq!(attribute(&app, last, "data-direction").await, "out", "the reply closes the thread");
    let shown = attribute(&app, &format!("{last} [data-testid=message-frame]"), "srcdoc").await;
    assert!(shown.contains("We ship to Kazan every Tuesday."), "the reply's text in its frame: {shown}");
    app.wait_text("[data-testid=reply-text]", "an empty reply box", str::is_empty).await;
    app.screenshot("replied").await;

    // Escape leaves the reply box; e closes the dialog, which leaves the open list.
    app.press(&["\u{E00C}"]).await;
    app.press(&["e"]).await;
    app.wait_count(&format!("[data-testid=dialog-row][data-dialog-id='{first}']"), "the closed dialog gone", |n| {
        n == 0
    })
    .await;
    app.click_to_show("[data-testid=tab-closed]", &format!("[data-testid=dialog-row][data-dialog-id='{first}']")).await;
    app.screenshot("closed").await;

    // ? shows every key.
    app.press(&["?"]).await;
    app.wait_text("[data-testid=shortcut-sheet]", "the shortcut sheet", |t| t.contains("Ctrl") || t.contains("Enter"))
        .await;
    app.screenshot("shortcuts").await;
    app.close().await;
}

#[tokio::test]
async fn in_russian_and_dark_the_inbox_reads_as_russian() {
    let mut app = App::launch_with_env("inbox-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    app.wait_text("h1", "the Russian heading", |t| t == "Диалоги").await;
    app.press(&["j"]).await;
    app.press(&[ENTER]).await;
    app.wait("[data-testid=thread]").await;
    // The reply box comes with the kept draft, just after the thread: read the page once it shows.
    app.wait("[data-testid=reply-send]").await;
    let text = app.script("return document.body.innerText").await;
    let text = text.as_str().unwrap_or_default();
    for english in ["Inbox", "Open", "Closed", "Mark unread", "Close dialog", "Send reply", "Quote", "Unread only"] {
        assert!(!text.contains(english), "English “{english}” on the Russian inbox:\n{text}");
    }
    assert!(text.contains("Отправить ответ") && text.contains("Закрыть диалог"), "{text}");
    app.screenshot("ru-dark-thread").await;
    // The reply bar with its canned replies, in Russian, fits its row.
    app.type_into("[data-testid=reply-text]", "Здравствуйте, %NAME%!").await;
    app.wait_text("[data-testid=canned-menu]", "the canned replies in Russian", |t| t.contains("Шаблоны ответов"))
        .await;
    app.screenshot("ru-dark-reply-bar").await;
    app.press(&["\u{E00C}"]).await; // Escape: out of the reply
    app.press(&["?"]).await;
    app.wait_text("[data-testid=shortcut-sheet]", "the Russian shortcut sheet", |t| t.contains("Написать ответ")).await;
    app.screenshot("ru-dark-shortcuts").await;
    app.close().await;
}

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
    assert!(!attribute(&app, &frame, "srcdoc").await.contains("images.example.net"), "held until asked");
    app.click("[data-testid=show-images]").await;
    app.wait_every(std::time::Duration::from_millis(100), &format!("{frame}[srcdoc*='images.example.net']")).await;
    app.wait("[data-testid=attachment-preview]").await;
    let preview = attribute(&app, "[data-testid=attachment-preview]", "src").await;
    assert!(preview.starts_with("data:image/png;base64,iVBOR"), "{preview}");
    let names = app.wait_count("[data-testid=attachment]", "both attachments", |n| n == 2).await;
    let shown = &names[1];
    assert!(shown.contains("evilfdp.exe") && !shown.contains(['\u{202E}', '\\']), "cleaned as saved: {names:?}");
    app.screenshot("images-and-attachment").await;
    // The frames had time to load; nothing ran in any of them either.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let pwned = app.script("return window.__pwned ?? null").await;
    assert_eq!(pwned, serde_json::Value::Null, "a hostile reply ran script: {pwned}");
    close_and_forget_key(app).await;
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
    let shown = attribute(&app, &frame, "srcdoc").await;
    let folded = shown.find(r#"<details class="quoted">"#).expect("the quote folded");
    assert!(shown.find("Spring sale starts today").unwrap() > folded, "{shown}");
    app.screenshot("quote-folded").await;
    close_and_forget_key(app).await;
}

#[tokio::test]
async fn an_unsubscribe_request_is_granted_with_one_key_after_asking() {
    let mut app = App::launch("inbox-unsubscribe").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    let request = "[data-testid=dialog-row][data-kind=unsubscribe]";
    let mut top = 0;
    while app.script(&format!("return document.querySelector('{request}') !== null")).await != true {
        top += 600;
        assert!(top < 60_000, "an unsubscribe request in the demo's inbox");
        app.scroll_to("[data-testid=dialog-list]", &top.to_string()).await;
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    }
    app.click(request).await;
    app.wait_text("[data-testid=replier]", "the replier's record", |t| t.contains("Active")).await;
    app.click("[data-testid=replier-activity]").await;
    app.wait_text("[data-testid=replier]", "what the replier did", |t| t.contains("Sent a campaign")).await;
    app.screenshot("request").await;
    let panels = app.script("return document.querySelectorAll('[data-testid=replier]').length").await;
    assert_eq!(panels, 1, "one panel about the replier");
    app.press(&["U"]).await;
    app.wait("[data-testid=confirm]").await;
    app.screenshot("asked").await;
    app.click("[data-testid=confirm]").await;
    app.wait_text("[data-testid=replier]", "the replier unsubscribed", |t| t.contains("Unsubscribed")).await;
    app.screenshot("unsubscribed").await;
    app.close().await;
}

#[tokio::test]
async fn a_canned_reply_is_kept_and_comes_back_filled_in_for_the_subscriber() {
    let mut app = App::launch("inbox-canned").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row][data-kind=human]").await;
    app.click("[data-testid=dialog-row][data-kind=human]").await;
    // The replier's record (any state) has loaded: their fields fill the variables.
    app.wait_text("[data-testid=replier]", "the replier's record", |t| t.contains("subscribed")).await;
    app.type_into("[data-testid=reply-text]", "Hello %NAME%, thank you for writing about %CAMPAIGN%! %UNKNOWN%").await;
    // Typed by hand, %NAME% and %CAMPAIGN% have values for this subscriber; %UNKNOWN% has none.
    app.wait_text("[data-testid=variables-left]", "the variable without a value", |t| {
        t.contains("%UNKNOWN%") && !t.contains("%NAME%") && !t.contains("%CAMPAIGN%")
    })
    .await;
    app.click("[data-testid=canned-menu]").await;
    app.click("[data-testid=canned-save]").await;
    app.type_into("[data-testid=canned-title]", "Thanks").await;
    app.click("[data-testid=canned-save-submit]").await;
    app.wait_count("[data-testid=canned-save-submit]", "the dialog to close", |n| n == 0).await;

    // Another subscriber's dialog: the canned reply comes back with their name and campaign.
    let first = attribute(&app, "[data-testid=thread]", "data-dialog-id").await;
    let next = app
        .script(&format!(
            "const row = [...document.querySelectorAll('[data-testid=dialog-row][data-kind=human]')].find(r => r.dataset.dialogId !== '{first}'); row.click(); return row.dataset.dialogId"
        ))
        .await;
    let next = next.as_str().unwrap().to_string();
    app.wait(&format!("[data-testid=thread][data-dialog-id='{next}']")).await;
    app.wait_text("[data-testid=replier]", "the next replier's record", |t| t.contains("answers")).await;
    app.click("[data-testid=canned-menu]").await;
    app.click("[data-testid=canned-reply]").await;
    let reply = "return document.querySelector('[data-testid=reply-text]').value";
    let text =
        app.wait_script(reply, "the canned reply in the editor", |v| v.as_str().is_some_and(|t| !t.is_empty())).await;
    let text = text.as_str().unwrap_or_default().to_string();
    assert!(text.starts_with("Hello ") && !text.contains("%NAME%") && !text.contains("%CAMPAIGN%"), "{text}");
    assert!(text.ends_with("%UNKNOWN%"), "what has no value stays as written: {text}");
    app.wait_text("[data-testid=variables-left]", "the one left", |t| t.contains("%UNKNOWN%") && !t.contains("%NAME%"))
        .await;
    app.screenshot("filled").await;
    app.close().await;
}

#[tokio::test]
async fn replies_narrow_to_one_campaign_and_the_choice_is_kept_in_the_address() {
    let mut app = App::launch("inbox-campaign").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    let campaigns = "return [...new Set([...document.querySelectorAll('[data-testid=dialog-row]')].map(r => r.dataset.campaignId))]";
    let before = app.script(campaigns).await;
    assert!(before.as_array().unwrap().len() > 1, "the demo's replies answer several campaigns: {before}");
    let chosen = before[0].as_str().unwrap().to_string();
    app.click("[data-testid=inbox-campaign]").await;
    app.click(&format!("[data-testid=inbox-campaign] option[value='{chosen}']")).await;
    let shown = e2e::webdriver::wait_for(e2e::app::PATIENCE, "only the chosen campaign's replies", || async {
        let now = app.script(campaigns).await;
        (now.as_array().map(Vec::len) == Some(1) && now[0] == chosen.as_str()).then_some(now)
    })
    .await;
    assert!(shown.is_ok(), "{shown:?}");
    assert!(app.route().await.contains(&format!("campaign={chosen}")), "kept in the address");
    let choice = app.script("return document.querySelector('[data-testid=inbox-campaign]').value").await;
    assert_eq!(choice, chosen.as_str(), "the choice shows");
    app.screenshot("one-campaign").await;
    app.close().await;
}
