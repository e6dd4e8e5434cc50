//! The letter as the preview frame shows it, and its text version made from
//! the HTML one.

use super::rules::has_unsubscribe_element;
use super::tags::UNSUBSCRIBE_TAG;
use crate::clean::{clean_letter, RemoteImages};
use serde::Serialize;

/// A version of the message made safe for the sandboxed frame.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PreviewView {
    pub html: String,
    /// Remote images left out until the user asks for them.
    pub held_images: usize,
}

/// The HTML version as the preview frame shows it.
pub fn preview(html: &str, show_images: bool) -> PreviewView {
    let cleaned = clean_letter(html, if show_images { RemoteImages::Shown } else { RemoteImages::Held });
    PreviewView { html: cleaned.html, held_images: cleaned.held_images }
}

/// Columns of the text version made from the HTML: what mail programs
/// that show no HTML wrap comfortably.
const TEXT_WIDTH: usize = 78;

/// The text version made from the HTML one: paragraphs and lists as text,
/// layout tables read cell after cell, links with their addresses. The unsubscribe element's link becomes
/// `%ОТПИСАТЬСЯ%` when the HTML does not say it already.
pub fn text_from_html(html: &str) -> String {
    let text = crate::clean::layout_text_of(html, TEXT_WIDTH);
    if has_unsubscribe_element(html) && !text.contains(UNSUBSCRIBE_TAG) {
        format!("{}\n\n{}\n", text.trim_end(), UNSUBSCRIBE_TAG)
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_version_keeps_the_words_and_the_links_and_gets_the_unsubscribe_tag() {
        let html = r#"<h1>Весна</h1><p>Скидки до <b>50%</b> в <a href="https://shop.example/sale">магазине</a>.</p>
            <ul><li>Кофе</li><li>Чай</li></ul><a id="unsub_link" href="https://x.example/u">Отписаться</a>"#;
        let text = text_from_html(html);
        for part in ["Весна", "Скидки до", "50%", "https://shop.example/sale", "Кофе", "Чай", "%ОТПИСАТЬСЯ%"]
        {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert!(!text.contains('<'), "{text}");
        assert!(!text_from_html("<p>Привет</p>").contains("%ОТПИСАТЬСЯ%"), "no element, no tag");
    }

    #[test]
    fn a_letter_laid_out_in_tables_reads_as_its_words_without_borders() {
        let html = r#"<table><tr><td><table><tr><td><p>Осенняя обжарка, %NAME%</p></td></tr></table></td>
            <td><p>Вторая колонка</p></td></tr></table><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#;
        let text = text_from_html(html);
        assert!(text.contains("Осенняя обжарка, %NAME%") && text.contains("Вторая колонка"), "{text}");
        assert!(!text.contains(['─', '│', '┼', '┬']), "no table borders: {text}");
    }

    #[test]
    fn the_preview_holds_remote_images_and_drops_scripts() {
        let html = r#"<img src="https://cdn.example/a.png" alt="a"><script>alert(1)</script><p>Привет</p>"#;
        let held = preview(html, false);
        assert_eq!(held.held_images, 1);
        assert!(!held.html.contains("cdn.example") && !held.html.contains("script") && held.html.contains("Привет"));
        assert!(preview(html, true).html.contains("https://cdn.example/a.png"));
    }
}
