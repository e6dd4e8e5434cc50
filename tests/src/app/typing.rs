//! Typing into fields and code editors, and pressing keys.

use super::App;
use crate::webdriver::Element;

impl App {
    pub async fn type_into(&self, css: &str, text: &str) {
        let element = self.wait(css).await;
        // The text is selected and typed over, as a person does, which the
        // page hears key by key. Never WebDriver's clear: it empties the
        // field behind the page's back, and the page's next render puts its
        // own value back at a moment of its choosing, before the typing or
        // in the middle of it ("1000" kept in front of the "250" typed).
        // The person's click comes first (in `type_over`): it waits until
        // the field can be used (a dialog that has just replaced another
        // may not take input for a frame).
        if let Err(e) = self.type_over(css, &element, text).await {
            self.fail(&format!("type into {css}: {e}")).await;
        }
    }

    /// Types `text` after what is in the field already, as a person adding
    /// words does (WebDriver puts the caret at the end).
    pub async fn type_more(&self, css: &str, text: &str) {
        let element = self.wait(css).await;
        if let Err(e) = self.session.type_text(&element, text).await {
            self.fail(&format!("type into {css}: {e}")).await;
        }
    }

    /// Replaces what a code editor (CodeMirror's `.cm-content`) holds with
    /// `text`, typed as a person would after selecting everything:
    /// WebDriver's clear would empty the editor's own elements under it.
    pub async fn type_into_code(&self, css: &str, text: &str) {
        let element = self.wait(css).await;
        if let Err(e) = self.type_over(css, &element, text).await {
            self.fail(&format!("type into the code editor {css}: {e}")).await;
        }
    }

    /// Selects everything `element` (found by `css`) holds and types `text`
    /// over it; the click that focuses it is a person's (see `click`), which
    /// scrolls a field under a bar at the window's edge into the middle.
    async fn type_over(&self, css: &str, element: &Element, text: &str) -> Result<(), String> {
        self.click(css).await;
        self.session.press(&["\u{E009}", "a"]).await?;
        self.session.type_text(element, text).await
    }

    /// Presses keys together into whatever has the focus (see `Session::press`).
    pub async fn press(&self, keys: &[&str]) {
        if let Err(e) = self.session.press(keys).await {
            self.fail(&format!("press {keys:?}: {e}")).await;
        }
    }
}
