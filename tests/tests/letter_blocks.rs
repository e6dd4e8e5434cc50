//! A letter made of blocks in the real window: started from a starter,
//! its text changed with a tag chip, an image, a button's link and two
//! columns added, blocks and a row moved from the keyboard and a block
//! dragged with the pointer, the footer kept, the
//! letter seen at both widths, the best hour to send suggested, launched,
//! and opened again as blocks; a template of blocks saved as MJML and
//! used for a campaign, and an MJML file opened as HTML.

use e2e::App;

const ROW: &str = "[data-testid=campaign-row]";
const CARD: &str = "[data-testid=blocks-canvas] [data-testid=block]";

/// The kinds of the letter's top-level blocks, from the top, joined by commas.
const KINDS: &str =
    "return [...document.querySelectorAll('[data-testid=blocks-canvas] > div > div > div > [data-testid=block]')]\
                     .map(b => b.dataset.kind).join(',')";

async fn kinds(app: &App) -> String {
    app.script(KINDS).await.as_str().unwrap_or_default().to_string()
}

/// A new campaign to `list`, made of a starter's blocks (`kinds`, from the top).
async fn new_block_campaign(app: &App, name: &str, list: &str, starter: &str, starter_kinds: &str) {
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.click_to_show("[data-testid=new-campaign]", "[data-testid=new-campaign-name]").await;
    app.type_into("[data-testid=new-campaign-name]", name).await;
    app.choose("[data-testid=new-campaign-list]", list).await;
    app.click_to_show("[data-testid=new-campaign-submit]", "[data-testid=campaign-editor]").await;
    app.click_to_show(&format!("[data-testid=blocks-start][data-starter={starter}]"), "[data-testid=block-editor]")
        .await;
    app.wait_script(KINDS, "the starter's blocks", |v| v == starter_kinds).await;
}

/// In English and dark.
#[tokio::test]
async fn a_letter_is_made_of_blocks_moved_from_the_keyboard_launched_and_opened_again_as_blocks() {
    let mut app = App::launch_with_env("letter-blocks", &[("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    new_block_campaign(&app, "Blocks of spring", "Newsletter", "welcome", "heading,text,button").await;
    app.type_into("[data-testid=campaign-subject]", "Spring lots are in").await;
    app.type_into("[data-testid=campaign-from-name]", "Northwind Coffee").await;
    app.type_into("[data-testid=campaign-from-email]", "news@northwind.example").await;
    app.screenshot("starter").await;

    // The text typed over, and the subscriber's name added as a chip.
    app.click(&format!("{CARD}[data-kind=text]")).await;
    app.type_into("[data-testid=block-text-text]", "Fresh roast every week, ").await;
    app.choose_value("[data-testid=block-text-text-tag]", "NAME").await;
    app.wait_text(&format!("{CARD}[data-kind=text]"), "the words and the chip on the canvas", |t| {
        t.contains("Fresh roast every week, %NAME%")
    })
    .await;

    // An image after the text, with its address and words.
    app.click_to_show("[data-testid=block-add][data-place='2']", "[data-testid=block-add-image]").await;
    app.click("[data-testid=block-add-image]").await;
    app.wait(&format!("{CARD}[data-kind=image][data-chosen]")).await;
    app.type_into("[data-testid=block-image-src]", "https://northwind.example/beans.png").await;
    app.type_into("[data-testid=block-image-alt]", "Spring beans").await;

    // The button's link, and two columns at the end.
    app.click(&format!("{CARD}[data-kind=button]")).await;
    app.type_into("[data-testid=block-button-link]", "https://northwind.example/spring").await;
    app.click_to_show("[data-testid=block-add][data-place='4']", "[data-testid=block-add-columns]").await;
    app.click("[data-testid=block-add-columns]").await;
    app.wait_count("[data-testid=block-column]", "two columns", |n| n == 2).await;
    assert_eq!(kinds(&app).await, "heading,text,image,button,columns");

    // The image moved up above the text with Alt+↑, from the keyboard.
    app.click(&format!("{CARD}[data-kind=image]")).await;
    app.press(&["\u{E00A}", "\u{E013}"]).await;
    app.wait_script(KINDS, "the image above the text", |v| v == "heading,image,text,button,columns").await;
    app.wait(&format!("{CARD}[data-kind=image][data-chosen]")).await;
    // A row of columns is moved by its handle: it is a group, its blocks chosen each on its own.
    app.click("[data-testid=block-row-handle]").await;
    app.press(&["\u{E00A}", "\u{E013}"]).await;
    app.wait_script(KINDS, "the columns above the button", |v| v == "heading,image,text,columns,button").await;
    let focused = "return document.activeElement && document.activeElement.dataset.testid";
    app.wait_script(focused, "the row's handle keeps the keyboard", |v| v == "block-row-handle").await;
    // The button dragged with the pointer up onto the image: it lands above it, and is chosen there.
    app.drag(&format!("{CARD}[data-kind=button]"), &format!("{CARD}[data-kind=image]"), true).await;
    app.wait_script(KINDS, "the button dragged above the image", |v| v == "heading,button,image,text,columns").await;
    app.wait(&format!("{CARD}[data-kind=button][data-chosen]")).await;
    app.screenshot("dragged").await;

    // The footer cannot be deleted.
    app.click("[data-testid=block-footer]").await;
    let delete = "return document.querySelector('[data-testid=block-inspector] [data-testid=block-delete]').disabled";
    assert_eq!(app.script(delete).await, true, "the footer's delete is off");
    app.wait_text("[data-testid=block-inspector]", "why", |t| t.contains("cannot be removed")).await;

    // The letter as it goes, at a desktop's width and a phone's.
    app.wait("[data-testid=check-item][data-rule=unsubscribeLink][data-state=pass]").await;
    app.screenshot("made").await;
    app.click("[data-testid=preview-mobile]").await;
    let width =
        "return Math.round(document.querySelector('[data-testid=campaign-preview]').getBoundingClientRect().width)";
    app.wait_script(width, "the phone's width", |v| v == 375).await;
    app.screenshot("phone").await;
    // A desktop client's pane is laid out at its own width and scaled down to
    // the column: the columns stay side by side, as on a desktop.
    app.click("[data-testid=preview-desktop]").await;
    let desktop = "const frame = document.querySelector('[data-testid=campaign-preview]'); \
        return [frame.offsetWidth, Math.round(frame.getBoundingClientRect().width) <= frame.parentElement.clientWidth]";
    app.wait_script(desktop, "laid out at a desktop's width, shown in the column", |v| {
        v == &serde_json::json!([700, true])
    })
    .await;

    // The hour the Newsletter's readers opened most: the demo sends in the
    // morning, so its opens come in the morning, not at midnight.
    let hour = app
        .wait_script(
            "return document.querySelector('[data-testid=best-hour]')?.dataset.hour ?? ''",
            "the best hour",
            |v| v != "",
        )
        .await;
    let hour: u32 = hour.as_str().unwrap().parse().unwrap();
    assert!((9..=13).contains(&hour), "the demo's readers open in the morning: {hour}");
    app.wait_text("[data-testid=best-hour]", "its figures", |t| t.contains("opens") && t.contains("campaigns")).await;
    app.click("[data-testid=best-hour-use]").await;
    let at = "return document.querySelector('[data-testid=launch-at]').dataset.value";
    app.wait_script(at, "the launch time at that hour", |v| {
        v.as_str().is_some_and(|v| v.ends_with(&format!("T{hour:02}:00")))
    })
    .await;

    // Launched: the service finds the footer's unsubscribe link.
    app.wait_count("[data-testid=launch-reason]", "nothing stops the launch", |n| n == 0).await;
    app.click("[data-testid=launch-send]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("subscribers")).await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the confirmation", |t| t.contains("is on its way")).await;
    app.wait(&format!("{ROW}[data-campaign-name='Blocks of spring']:not([data-state=draft])")).await;

    // Opened again: the same blocks.
    app.click(&format!("{ROW}[data-campaign-name='Blocks of spring'] [data-testid=open-campaign]")).await;
    app.wait("[data-testid=block-editor]").await;
    assert_eq!(kinds(&app).await, "heading,button,image,text,columns");
    app.wait_text(&format!("{CARD}[data-kind=text]"), "the text as typed", |t| {
        t.contains("Fresh roast every week, %NAME%")
    })
    .await;
    app.screenshot("opened-again").await;
    app.close().await;
}

#[tokio::test]
async fn in_russian_and_dark_the_block_editor_speaks_russian_and_a_deleted_block_comes_back() {
    let mut app =
        App::launch_with_env("letter-blocks-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    new_block_campaign(&app, "Весенние блоки", "Новости и акции", "newsletter", "heading,text,divider,columns").await;
    app.wait_text("[data-testid=blocks-canvas]", "the starter in Russian", |t| {
        t.contains("Здравствуйте") && t.contains("Новости месяца") && t.contains("Отписаться")
    })
    .await;
    // The newsletter starter renders and passes the check as it is.
    app.wait("[data-testid=check-item][data-rule=unsubscribeLink][data-state=pass]").await;
    let cards = app.wait_count(CARD, "the starter's cards", |n| n > 0).await.len();
    app.click(&format!("{CARD}[data-kind=button]")).await;
    app.wait_text("[data-testid=block-inspector]", "the inspector in Russian", |t| t.contains("Текст кнопки")).await;
    app.screenshot("editor-ru-dark").await;
    app.click("[data-testid=block-inspector] [data-testid=block-delete]").await;
    app.wait_count(CARD, "the button gone", |n| n == cards - 1).await;
    app.wait_toast("the undo offer", |t| t.contains("Блок удалён")).await;
    app.click("[data-testid=toast-action]").await;
    app.wait_count(CARD, "the button back", |n| n == cards).await;
    app.click_to_show("[data-testid=block-look]", "[data-testid=block-look-width]").await;
    app.screenshot("look-ru-dark").await;
    app.close().await;
}

/// In Russian and light: a template made of blocks from a starter, saved to a file as MJML, a
/// campaign made from it opening as the same blocks, and an MJML file
/// opened in that campaign's place as an HTML letter after a question.
#[tokio::test]
async fn a_template_of_blocks_goes_to_an_mjml_file_and_into_a_campaign_and_an_mjml_file_opens_as_html() {
    let mut app = App::launch_with_env("letter-blocks-files", &[("LANG", "ru_RU.UTF-8")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-templates]", "[data-testid=template-card]").await;
    app.click_to_show("[data-testid=new-template]", "[data-testid=new-template-name]").await;
    app.type_into("[data-testid=new-template-name]", "Spring welcome").await;
    app.choose("[data-testid=template-starter]", "Приветствие").await;
    app.click("[data-testid=new-template-submit]").await;
    let card = "[data-testid=template-card][data-template-name='Spring welcome']";
    app.click_to_show(&format!("{card} [data-testid=open-template]"), "[data-testid=block-editor]").await;
    app.wait_script(KINDS, "the template's blocks", |v| v == "heading,text,button").await;
    app.wait_text("[data-testid=template-save-state]", "nothing to save", |t| t == "Все изменения сохранены").await;
    app.screenshot("template-blocks").await;

    // Saved as MJML through the OS's save dialog, and read back.
    let folder = app.data_dir().join("letters");
    std::fs::create_dir_all(&folder).unwrap();
    let saved = folder.join("spring-welcome.mjml");
    app.click_to_show("[data-testid=letter-file]", "[data-testid=letter-file-save-mjml]").await;
    app.click("[data-testid=letter-file-save-mjml]").await;
    e2e::native_dialog::save_as(&saved).await;
    app.wait_toast("the file saved", |t| t.starts_with("Сохранено")).await;
    let mjml = std::fs::read_to_string(&saved).expect("the MJML where it was saved");
    assert!(mjml.starts_with("<mjml") && mjml.contains(r#"id="unsub_link""#) && mjml.contains("%NAME%"), "{mjml}");

    // A campaign from the template opens as the same blocks.
    app.click_to_show("[data-testid=back-to-templates]", card).await;
    app.click_to_show(&format!("{card} [data-testid=template-menu]"), "[data-testid=campaign-from-template]").await;
    app.click("[data-testid=campaign-from-template]").await;
    app.click_to_show("[data-testid=new-campaign-submit]", "[data-testid=campaign-editor]").await;
    app.wait_script(KINDS, "the campaign's blocks", |v| v == "heading,text,button").await;

    // An MJML file made elsewhere opens in its place as HTML, once the question is answered.
    let file = folder.join("autumn.mjml");
    let autumn = r#"<mjml><mj-body><mj-section><mj-column>
        <mj-text>Autumn roasts are in, %NAME%</mj-text>
        <mj-text><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a></mj-text>
      </mj-column></mj-section></mj-body></mjml>"#;
    std::fs::write(&file, autumn).unwrap();
    app.click_to_show("[data-testid=letter-file]", "[data-testid=letter-file-open]").await;
    app.click("[data-testid=letter-file-open]").await;
    e2e::native_dialog::open(&file).await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("autumn.mjml")).await;
    app.click("[data-testid=letter-file-replace]").await;
    app.wait_text("[data-testid=campaign-html] .cm-content", "the rendered MJML as code", |t| {
        t.starts_with("<!doctype html>")
    })
    .await;
    // Its words, read out of that code by the text version's button.
    app.click("[data-testid=text-from-html]").await;
    app.wait_text("[data-testid=campaign-text] .cm-content", "the words of the MJML", |t| {
        t.contains("Autumn roasts are in, %NAME%")
    })
    .await;
    app.wait("[data-testid=check-item][data-rule=unsubscribeLink][data-state=pass]").await;
    app.screenshot("mjml-opened").await;
    app.close().await;
}
