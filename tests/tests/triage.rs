//! The inbox says why a reply was sorted as it was, and the marketer files a
//! sender's replies with one key: 2 sends a person's dialog to its campaign's
//! folded auto-replies, 1 brings it back, 0 gives the sender back to the
//! automatic sorting, and the toast's Undo takes the last change back.

use e2e::App;

const ESCAPE: &str = "\u{E00C}";
const BACKSPACE: &str = "\u{E003}";

/// The words each language shows along the way.
struct Words {
    filed_auto: &'static str,
    filed_people: &'static str,
    automatic_again: &'static str,
    marked: &'static str,
    menu: &'static str,
}

const ENGLISH: Words = Words {
    filed_auto: "are filed as auto-replies",
    filed_people: "are filed as people's replies",
    automatic_again: "are sorted automatically again",
    marked: "you filed this sender",
    menu: "File as…",
};

const RUSSIAN: Words = Words {
    filed_auto: "теперь в автоответах",
    filed_people: "теперь среди ответов людей",
    automatic_again: "снова сортируются автоматически",
    marked: "вы так отметили отправителя",
    menu: "Отнести к…",
};

fn row(id: &str) -> String {
    format!("[data-testid=dialog-row][data-dialog-id='{id}']")
}

async fn refile_a_sender(name: &str, env: &[(&str, &str)], words: Words) {
    let mut app = App::launch_with_env(name, env).await;
    app.open_demo().await;
    let person = "[data-testid=dialog-row][data-kind=human][data-sign=nothing]";
    app.click_to_show("[data-testid=nav-inbox]", person).await;
    let found = app
        .script(&format!(
            "const r = document.querySelector('{person}'); return [r.dataset.dialogId, r.dataset.campaignId, r.dataset.subscriber]"
        ))
        .await;
    let [id, campaign, sender] = [0, 1, 2].map(|i| found[i].as_str().unwrap().to_string());
    app.click(&row(&id)).await;
    app.wait(&format!("[data-testid=thread][data-dialog-id='{id}']")).await;
    app.wait_text("[data-testid=thread-why]", "the header's File as… menu", |t| t.contains(words.menu)).await;
    // The replier's panel arrives after the thread and moves the reply box
    // down: a person clicks into the box once the page has settled.
    app.wait("[data-testid=replier]").await;
    app.wait("[data-testid=reply-send]").await;

    // A digit typed into the reply is text, not a key that files the sender.
    app.click("[data-testid=reply-text]").await;
    app.press(&["2"]).await;
    let typed = app.script("return document.querySelector('[data-testid=reply-text]').value").await;
    assert_eq!(typed, "2", "the digit went into the reply");
    assert_eq!(app.script(&format!("return document.querySelector(\"{}\")?.dataset.kind", row(&id))).await, "human");
    app.press(&[BACKSPACE]).await;
    app.press(&[ESCAPE]).await;

    // 2: the sender's replies are auto-replies; the row leaves the people and
    // folds into its campaign's group at the end of the list.
    app.press(&["2"]).await;
    let toast = app.wait_toast("the toast saying where the replies go", |t| t.contains(words.filed_auto)).await;
    assert!(toast.contains(&sender), "{toast}");
    app.screenshot("filed-as-auto-reply").await;
    // The sender found as a person finds one in a long list: by their address.
    app.type_into("[data-testid=inbox-search]", &sender).await;
    let others = format!("[data-testid=dialog-row]:not([data-subscriber='{sender}'])");
    app.wait_count(&others, "the list narrowed to the sender", |n| n == 0).await;
    app.wait_count(&format!("{}[data-kind=human]", row(&id)), "the row gone from the people", |n| n == 0).await;
    let group = format!("[data-testid=folded-row][data-campaign-id='{campaign}']");
    app.click(&group).await;
    let moved = format!("{}[data-kind=auto_reply][data-sign=marked]", row(&id));
    app.wait(&moved).await;
    // The thread stays open through the search; open it from its group too.
    app.click(&moved).await;
    app.wait(&format!("[data-testid=thread][data-dialog-id='{id}']")).await;
    let tag =
        app.wait_text(&format!("{moved} [data-testid=kind-tag]"), "why, in the folded row", |t| !t.is_empty()).await;
    assert!(tag.contains(words.marked), "the folded row says why: {tag}");
    app.wait_text("[data-testid=thread-why]", "the header saying why", |t| t.contains(words.marked)).await;
    app.screenshot("folded-with-reasons").await;

    // The same choice by mouse: the menu lists the kinds with their keys, and Automatic once marked.
    app.click("[data-testid=file-as]").await;
    app.wait("[data-testid=file-as-automatic]").await;
    app.screenshot("file-as-menu").await;
    app.press(&[ESCAPE]).await;
    app.wait_count("[data-testid=file-as-automatic]", "the menu closed", |n| n == 0).await;

    // Open it from the group and press 1: back with the people, marked.
    app.click(&moved).await;
    app.wait(&format!("[data-testid=thread][data-dialog-id='{id}']")).await;
    app.press(&["1"]).await;
    app.wait_toast("the toast for people's replies", |t| t.contains(words.filed_people)).await;
    app.wait(&format!("{}[data-kind=human][data-sign=marked]", row(&id))).await;
    app.screenshot("back-with-people").await;

    // 0 gives the sender back to the automatic sorting; Undo puts the mark back.
    app.wait_text("[data-testid=thread-why] [data-testid=kind-tag]", "the header's tag, marked", |t| !t.is_empty())
        .await;
    app.press(&["0"]).await;
    app.wait_toast("the toast for automatic sorting", |t| t.contains(words.automatic_again)).await;
    app.wait_count(&format!("{}[data-sign=nothing]", row(&id)), "the row sorted automatically", |n| n == 1).await;
    // Earlier toasts may still be up: Undo in the one that said this.
    let undo = format!(
        "const t = [...document.querySelectorAll('[data-testid=toast]')].find(t => t.innerText.includes({:?})); t.querySelector('[data-testid=toast-action]').click(); return true",
        words.automatic_again
    );
    app.script(&undo).await;
    app.wait_count(&format!("{}[data-kind=human][data-sign=marked]", row(&id)), "the mark back after Undo", |n| n == 1)
        .await;
    app.close().await;
}

#[tokio::test]
async fn a_sender_is_refiled_with_one_key_and_comes_back() {
    refile_a_sender("triage", &[], ENGLISH).await;
}

#[tokio::test]
async fn in_russian_and_dark_the_inbox_says_why_and_refiles() {
    refile_a_sender("triage-ru-dark", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")], RUSSIAN).await;
}

#[tokio::test]
async fn in_english_and_dark_the_inbox_says_why_and_refiles() {
    refile_a_sender("triage-en-dark", &[("GTK_THEME", "Adwaita:dark")], ENGLISH).await;
}

#[tokio::test]
async fn in_russian_and_light_the_inbox_says_why_and_refiles() {
    refile_a_sender("triage-ru", &[("LANG", "ru_RU.UTF-8")], RUSSIAN).await;
}
