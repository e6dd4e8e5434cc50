//! The command palette: Ctrl+K anywhere, a few letters of a name, Enter.
//! It finds a demo list and opens its page; it runs the action of the
//! screen in view, in Russian, typed with the wrong layout on; and its key
//! and letters work through the X server on the Russian layout, as a
//! person presses them. Light theme in the first, dark in the second.

use e2e::desktop::Desktop;
use e2e::keyboard::KeyboardLayout;
use e2e::App;

const CONTROL: &str = "\u{E009}";
const ENTER: &str = "\u{E007}";
const ESCAPE: &str = "\u{E00C}";
const INPUT: &str = "[data-testid=palette-input]";
const CHOSEN: &str = "[data-testid=palette] [role=option][aria-selected=true]";

/// Waits until the palette's field has the keyboard, as it has the moment the palette opens.
async fn palette_open(app: &App) {
    app.wait_script("return document.activeElement?.dataset.testid ?? ''", "the cursor in the palette", |v| {
        v == "palette-input"
    })
    .await;
}

/// Types `text` into the palette and waits until the field shows it all.
async fn type_in_palette(app: &App, text: &str) {
    app.type_more(INPUT, text).await;
    let value = format!("return document.querySelector('{INPUT}')?.value ?? ''");
    app.wait_script(&value, "what was typed, in the palette's field", |v| v == text).await;
}

/// The names of the demo lists, as the lists screen shows them.
async fn list_names(app: &App) -> Vec<String> {
    app.wait_count("[data-testid=list-row]", "the demo lists", |n| n > 1).await;
    let names = app
        .script("return [...document.querySelectorAll('[data-testid=list-row]')].map(r => r.dataset.listName)")
        .await;
    serde_json::from_value(names).unwrap()
}

#[tokio::test]
async fn ctrl_k_finds_a_list_by_part_of_its_name_and_enter_opens_it() {
    let mut app = App::launch_with_env("palette-list", &[("GTK_THEME", "Adwaita")]).await;
    app.open_demo().await;
    let names = list_names(&app).await;
    // Not the first list, nor its whole name: what a person remembers of it.
    let name = names[1].clone();
    let part: String = name.chars().take(6).collect::<String>().to_lowercase();

    app.press(&[CONTROL, "k"]).await;
    palette_open(&app).await;
    app.screenshot("palette-opened").await;
    type_in_palette(&app, &part).await;
    app.wait_text(CHOSEN, "the list chosen", |t| t == name).await;
    app.screenshot("palette-list-found").await;
    app.press(&[ENTER]).await;
    app.wait_text("[data-testid=list-title]", "the list's page", |t| t == name).await;
    app.wait_count("[data-testid=palette]", "the palette gone", |n| n == 0).await;
    assert!(app.route().await.starts_with("/w/lists/"), "{}", app.route().await);
    app.screenshot("list-opened").await;

    // Escape closes it with nothing done: the same page.
    let before = app.route().await;
    app.press(&[CONTROL, "k"]).await;
    palette_open(&app).await;
    app.press(&[ESCAPE]).await;
    app.wait_count("[data-testid=palette]", "the palette gone", |n| n == 0).await;
    assert_eq!(app.route().await, before);
    app.close().await;
}

#[tokio::test]
async fn ctrl_k_runs_the_action_of_the_screen_in_view_typed_on_the_wrong_layout() {
    let mut app =
        App::launch_with_env("palette-action-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-campaigns]", "[data-testid=campaign-row]").await;

    app.press(&[CONTROL, "k"]).await;
    palette_open(&app).await;
    app.screenshot("palette-dark-ru").await;
    // «новая рас» typed with the English layout on.
    type_in_palette(&app, "yjdfz hfc").await;
    app.wait(&format!("{CHOSEN}[data-testid=palette-action-new-campaign]")).await;
    let said = app.wait_text(CHOSEN, "the action, in Russian", |t| !t.is_empty()).await;
    assert_eq!(said, "Новая рассылка");
    app.screenshot("palette-action-found").await;
    app.press(&[ENTER]).await;
    app.wait("[data-testid=new-campaign-name]").await;
    app.wait_script(
        "return document.activeElement?.dataset.testid ?? ''",
        "the cursor in the new campaign's name",
        |v| v == "new-campaign-name",
    )
    .await;
    app.screenshot("new-campaign-dialog").await;
    app.close().await;
}

/// The keysym the Russian layout puts on the key marked with each Latin letter.
fn russian_key(letter: char) -> &'static str {
    const KEYS: [(char, &str); 26] = [
        ('q', "Cyrillic_shorti"),
        ('w', "Cyrillic_tse"),
        ('e', "Cyrillic_u"),
        ('r', "Cyrillic_ka"),
        ('t', "Cyrillic_ie"),
        ('y', "Cyrillic_en"),
        ('u', "Cyrillic_ghe"),
        ('i', "Cyrillic_sha"),
        ('o', "Cyrillic_shcha"),
        ('p', "Cyrillic_ze"),
        ('a', "Cyrillic_ef"),
        ('s', "Cyrillic_yeru"),
        ('d', "Cyrillic_ve"),
        ('f', "Cyrillic_a"),
        ('g', "Cyrillic_pe"),
        ('h', "Cyrillic_er"),
        ('j', "Cyrillic_o"),
        ('k', "Cyrillic_el"),
        ('l', "Cyrillic_de"),
        ('z', "Cyrillic_ya"),
        ('x', "Cyrillic_che"),
        ('c', "Cyrillic_es"),
        ('v', "Cyrillic_em"),
        ('b', "Cyrillic_i"),
        ('n', "Cyrillic_te"),
        ('m', "Cyrillic_softsign"),
    ];
    KEYS.iter().find(|(l, _)| *l == letter).map(|(_, key)| *key).unwrap_or_else(|| panic!("no key for {letter:?}"))
}

#[tokio::test]
async fn on_the_russian_layout_ctrl_k_opens_it_and_an_english_name_typed_there_is_found() {
    let mut desktop = Desktop::start().await;
    let mut app = App::launch_with_env("palette-ru-layout", &[("DISPLAY", desktop.display())]).await;
    app.open_demo().await;
    let names = list_names(&app).await;
    let name = names
        .iter()
        .find(|n| n.chars().take(4).all(|c| c.is_ascii_alphabetic()))
        .expect("a demo list whose name starts with four Latin letters")
        .clone();
    let keys: Vec<&str> = name.to_lowercase().chars().take(4).map(russian_key).collect();

    let keyboard = KeyboardLayout::set(desktop.display(), "ru");
    desktop.focus_window("Campaign Desk").await;
    // The key marked K, which types «л» here.
    keyboard.press(&["ctrl+Cyrillic_el"]);
    palette_open(&app).await;
    keyboard.press(&keys);
    let value = format!("return document.querySelector('{INPUT}')?.value ?? ''");
    let typed =
        app.wait_script(&value, "four letters typed", |v| v.as_str().is_some_and(|t| t.chars().count() == 4)).await;
    assert!(typed.as_str().unwrap_or_default().chars().all(|c| !c.is_ascii_alphabetic()), "Cyrillic typed: {typed}");
    app.wait_text(CHOSEN, "the list found by keys typed on the Russian layout", |t| t == name).await;
    app.screenshot("found-on-the-russian-layout").await;
    keyboard.press(&["Return"]);
    app.wait_text("[data-testid=list-title]", "the list's page", |t| t == name).await;
    drop(keyboard);
    app.close().await;
}
