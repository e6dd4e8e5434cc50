//! Typing into fields and code editors, and pressing keys.

use super::App;
use crate::webdriver::Element;

impl App {
    pub async fn type_into(&self, css: &str, text: &str) {
        let element = self.wait(css).await;
        // WebDriver's clear empties the field without the page hearing of
        // it: a render that comes before the typing (a list arriving) puts
        // the old text back. So the text is also selected and typed over,
        // as a person does, which the page hears key by key. The person's
        // click comes first: it waits until the field can be used (a dialog
        // that has just replaced another may not take input for a frame),
        // where WebDriver's clear would fail at once.
        self.click(css).await;
        let typed = async {
            self.session.clear(&element).await?;
            self.type_over(css, &element, text).await
        };
        if let Err(e) = typed.await {
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
