//! The inbox in the real window, on the demo workspace: read a thread,
//! answer it, see the answer in the thread, close the dialog and see it
//! leave the open list, all from the keyboard; the same inbox in Russian and
//! dark; an unsubscribe request granted; a canned reply filled in for each
//! subscriber; replies narrowed to one campaign.

use e2e::App;

const ENTER: &str = "\u{E007}";
const CONTROL: &str = "\u{E009}";

/// Whether the dialogs' list shows rows where it is scrolled to: a row
/// covers its top edge.
const ROWS_IN_VIEW: &str = "const s = document.querySelector('[data-testid=dialog-list]'); \
    const top = s.getBoundingClientRect().top; \
    return [...s.querySelectorAll('[role=row]')].some(e => { const b = e.getBoundingClientRect(); \
    return b.top <= top + 1 && b.bottom > top; })";

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
    // until every page is in and the folded rows (after them all) are there.
    let all_in = "return document.querySelector('[data-testid=dialog-list]').dataset.more === 'false' \
        && document.querySelectorAll('[data-testid=folded-row]').length > 0";
    e2e::webdriver::wait_for(e2e::app::PATIENCE, "every page and the folded rows", || async {
        app.scroll_to("[data-testid=dialog-list]", "1e9").await;
        (app.script(all_in).await == true).then_some(())
    })
    .await
    .unwrap();
    app.screenshot("folded").await;
    app.scroll_to("[data-testid=dialog-list]", "0").await;

    // j highlights the first dialog, Enter opens it; showing it marks it read.
    let first = app.attribute("[data-testid=dialog-row]", "data-dialog-id").await;
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
    assert_eq!(app.attribute(last, "data-direction").await, "out", "the reply closes the thread");
    let shown = app.attribute(&format!("{last} [data-testid=message-frame]"), "srcdoc").await;
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
        app.wait_script(ROWS_IN_VIEW, "the rows scrolled to", |v| *v == true).await;
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
    let first = app.attribute("[data-testid=thread]", "data-dialog-id").await;
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
