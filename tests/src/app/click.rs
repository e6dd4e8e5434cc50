//! Clicking, choosing and scrolling as a person does.

use super::{App, PATIENCE};
use crate::webdriver::{wait_for, wait_for_every, Element, Session};
use std::time::Duration;

impl App {
    /// Clicks `css` once it can be clicked, as a person would: an element
    /// still covered for a frame (a closing dialog's overlay) is tried again
    /// until it is free, within [`PATIENCE`]; any other failure fails at once.
    pub async fn click(&self, css: &str) {
        self.press_when_free(css, "click", |session, element| async move { session.click(&element).await }).await;
    }

    /// Right-clicks the middle of `css` once it can be clicked, as a person
    /// asks for a context menu; waits for it to be free as [`App::click`] does.
    pub async fn right_click(&self, css: &str) {
        self.press_when_free(css, "right-click", |session, element| async move { session.right_click(&element).await })
            .await;
    }

    /// Presses `css` with `press` (a click of either button) once nothing
    /// covers it: "not interactable" is tried again, an element under a bar
    /// at the window's edge is scrolled to the middle, anything else fails.
    async fn press_when_free<F, Fut>(&self, css: &str, how: &str, press: F)
    where
        F: Fn(Session, Element) -> Fut,
        Fut: std::future::Future<Output = Result<(), String>>,
    {
        let element = self.wait(css).await;
        let what = format!("{css} to be free to {how} (it is not interactable, or covered)");
        let to_middle = format!("document.querySelector({css:?})?.scrollIntoView({{block: 'center'}})");
        let pressed = wait_for_every(Duration::from_millis(50), PATIENCE, &what, || async {
            match press(self.session.clone(), element.clone()).await {
                Err(e) if e.contains("not interactable") => None,
                // Under a bar that stays at the window's edge: a person scrolls it to the middle.
                Err(e) if e.contains("intercepted") => {
                    self.session.execute(&to_middle).await.ok();
                    None
                }
                done => Some(done),
            }
        })
        .await
        .and_then(|done| done);
        if let Err(e) = pressed {
            self.fail(&format!("{how} {css}: {e}")).await;
        }
    }

    /// Clicks `css`, a button that closes the window: the click's answer
    /// can be lost with the window, so only what follows tells whether it worked.
    pub async fn click_closing_the_window(&self, css: &str) {
        let element = self.wait(css).await;
        let _ = self.session.click(&element).await;
    }

    /// Clicks `css` inside the frame `frame` (a message's sandboxed frame),
    /// as a person would, then looks at the app's page again.
    pub async fn click_in_frame(&self, frame: &str, css: &str) {
        let frame_element = self.wait(frame).await;
        let clicked = async {
            self.session.enter_frame(&frame_element).await?;
            let session = self.session.clone();
            let found = wait_for(PATIENCE, css, || {
                let session = session.clone();
                async move { session.find_all(css).await.ok().and_then(|found| found.into_iter().next()) }
            })
            .await;
            let clicked = match found {
                Ok(element) => self.session.click(&element).await,
                Err(e) => Err(e),
            };
            self.session.leave_frame().await?;
            clicked
        };
        if let Err(e) = clicked.await {
            self.fail(&format!("click {css} in {frame}: {e}")).await;
        }
    }

    /// Clicks something that only opens or shows a view, until `expected`
    /// appears: a window that has only just been mapped can miss a first
    /// click. Never for anything that sends or changes data.
    pub async fn click_to_show(&self, css: &str, expected: &str) {
        for _ in 0..3 {
            self.click(css).await;
            let session = self.session.clone();
            let shown = wait_for(Duration::from_secs(5), expected, || {
                let session = session.clone();
                async move { session.find_all(expected).await.ok().filter(|found| !found.is_empty()) }
            })
            .await;
            if shown.is_ok() {
                return;
            }
        }
        self.fail(&format!("clicking {css} never showed {expected}")).await;
    }

    /// Chooses the option a person reads as `text` in a drop-down (WebKit's
    /// own pop-up list is outside the page, out of WebDriver's reach).
    pub async fn choose(&self, css: &str, text: &str) {
        let script = format!(
            "const s = document.querySelector({css:?}); const o = s && [...s.options].find(o => o.text.trim() === {text:?}); \
             if (!o) return false; s.value = o.value; s.dispatchEvent(new Event('change', {{ bubbles: true }})); return true"
        );
        if self.script(&script).await != true {
            self.fail(&format!("no option {text:?} in {css}")).await;
        }
    }

    /// Scrolls the first element matching `css` to `top` pixels.
    pub async fn scroll_to(&self, css: &str, top: &str) {
        self.wait(css).await;
        self.script(&format!(
            "const e = document.querySelector({}); e.scrollTop = {top}; e.dispatchEvent(new Event('scroll')); return e.scrollTop",
            serde_json::to_string(css).unwrap()
        ))
        .await;
    }
}
