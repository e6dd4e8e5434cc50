//! Clicking, choosing and scrolling as a person does.

use super::{App, PATIENCE};
use crate::webdriver::{wait_for, wait_for_every, Element, Session};
use std::time::Duration;

/// What WebDriver says of an element drawn anew since it was found.
const STALE: &str = "stale element reference";

/// How often a target is looked at before it is pressed.
const STILL_EVERY: Duration = Duration::from_millis(50);

/// Whether the element (the first argument), brought into view first as a
/// person scrolls to what they mean to press, is laid out in the same place,
/// at the same size, two animation frames apart: whatever moves it (a
/// panel filling in, an animation, a dialog growing, the page settling after
/// the scroll) has had a frame to do so. A hidden page paints no frames: it
/// looks again after half a second instead. A page in view whose frames are
/// late (a busy machine) is not seen standing still until they come: what
/// moves it moves only in frames, so with none it only seems to stand.
/// (Left to WebDriver, the scroll came with the press, after the element was
/// seen standing still, and a press then landed where it had been.)
/// A disabled control is not free to press either: a person waits for it
/// (a Save that waits for a check to finish) rather than pressing nothing.
const STANDS_STILL: &str = "
    const [element, answer] = [arguments[0], arguments[arguments.length - 1]];
    element.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const place = () => { const r = element.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].join(); };
    const before = place();
    let answered = false;
    const once = (framed) => {
        if (answered) return;
        answered = true;
        const seen = framed || document.visibilityState === 'hidden';
        answer(seen && element.isConnected && !element.matches(':disabled') && place() === before);
    };
    requestAnimationFrame(() => requestAnimationFrame(() => once(true)));
    setTimeout(() => once(false), 500);";

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

    /// Presses `css` with `press` (a click of either button) once it has
    /// stopped moving and nothing covers it: "not interactable" and an
    /// element drawn anew (found again) are tried again, an element under a
    /// bar at the window's edge is scrolled to the middle, anything else
    /// fails.
    ///
    /// A press goes where the element was when WebDriver looked: on
    /// something still moving (a panel filling in above it, a dialog
    /// growing), it lands on whatever has come to that spot. So, as a
    /// person's eye does, it waits until the element is seen in the same
    /// place two frames apart ([`STANDS_STILL`]).
    async fn press_when_free<F, Fut>(&self, css: &str, how: &str, press: F)
    where
        F: Fn(Session, Element) -> Fut,
        Fut: std::future::Future<Output = Result<(), String>>,
    {
        let what = format!("{css} to be there and stand still, free to {how} (it is missing, moves, is disabled, is not interactable, or is covered)");
        let to_middle = format!("document.querySelector({css:?})?.scrollIntoView({{block: 'center'}})");
        let pressed = wait_for_every(STILL_EVERY, PATIENCE, &what, || async {
            // Found again at each look, as an eye finds the button again: a
            // list read afresh draws the same row anew.
            let element = match self.session.find_first(css).await {
                Ok(found) => found?,
                Err(e) => return Some(Err(e)),
            };
            match self.stands_still(&element).await {
                Ok(false) => return None,
                Ok(true) => {}
                Err(e) if e.contains(STALE) => return None,
                Err(e) => return Some(Err(e)),
            }
            match press(self.session.clone(), element).await {
                Err(e) if e.contains("not interactable") || e.contains(STALE) => None,
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

    /// Whether `element` stays in one place across two frames (see [`STANDS_STILL`]).
    async fn stands_still(&self, element: &Element) -> Result<bool, String> {
        Ok(self.session.execute_async_on(STANDS_STILL, element).await? == serde_json::Value::Bool(true))
    }

    /// Waits until `element` stands still (see [`App::click`]).
    async fn until_still(&self, element: &Element, what: &str) -> Result<(), String> {
        let what = format!("{what} to stand still");
        wait_for_every(STILL_EVERY, PATIENCE, &what, || async {
            match self.stands_still(element).await {
                Ok(false) => None,
                Ok(true) => Some(Ok(())),
                Err(e) => Some(Err(e)),
            }
        })
        .await
        .and_then(|still| still)
    }

    /// Drags `from` with the pointer onto the upper or lower quarter of
    /// `onto` (`above` says which) and lets go, as a person does: with what
    /// they drag scrolled to the middle of the window, both standing still
    /// and neither under anything (a bar at the window's edge).
    pub async fn drag(&self, from: &str, onto: &str, above: bool) {
        let (dragged, target) = (self.wait(from).await, self.wait(onto).await);
        self.script(&format!("document.querySelector({from:?}).scrollIntoView({{block: 'center'}}); return null"))
            .await;
        for (element, css) in [(&dragged, from), (&target, onto)] {
            if let Err(e) = self.until_still(element, css).await {
                self.fail(&format!("drag {from} onto {onto}: {e}")).await;
            }
        }
        let in_sight = "return [arguments[0], arguments[1]].map(css => { const e = document.querySelector(css); \
            const r = e.getBoundingClientRect(); return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })";
        let seen = self.session.execute_with(in_sight, &[from, onto]).await.unwrap_or_default();
        if seen != serde_json::json!([true, true]) {
            self.fail(&format!("drag {from} onto {onto}: one is covered or out of the window ({seen})")).await;
        }
        let height =
            self.script(&format!("return document.querySelector({onto:?}).getBoundingClientRect().height")).await;
        let quarter = (height.as_f64().unwrap_or(0.0) / 4.0).round() as i64;
        if let Err(e) = self.session.drag(&dragged, &target, if above { -quarter } else { quarter }).await {
            self.fail(&format!("drag {from} onto {onto}: {e}")).await;
        }
    }

    /// Clicks `css`, a button that closes the window, once it stands still:
    /// the click's answer can be lost with the window, so only what follows
    /// tells whether it worked.
    pub async fn click_closing_the_window(&self, css: &str) {
        let element = self.wait(css).await;
        if let Err(e) = self.until_still(&element, css).await {
            self.fail(&format!("click {css}: {e}")).await;
        }
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
                async move { session.find_first(css).await.ok().flatten() }
            })
            .await;
            let clicked = match found {
                Ok(element) => match self.until_still(&element, css).await {
                    Ok(()) => self.session.click(&element).await,
                    Err(e) => Err(e),
                },
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
                async move { session.find_first(expected).await.ok().flatten() }
            })
            .await;
            if shown.is_ok() {
                return;
            }
        }
        self.fail(&format!("clicking {css} never showed {expected}")).await;
    }

    /// Chooses the option a person reads as `text` in a drop-down (WebKit's
    /// own pop-up list is outside the page, out of WebDriver's reach), once
    /// the drop-down has it: a person waits for a list still being filled.
    pub async fn choose(&self, css: &str, text: &str) {
        self.choose_where(css, &format!("o.text.trim() === {text:?}"), &format!("the option {text:?} in {css}")).await;
    }

    /// Chooses the option whose value is `value`, once the drop-down has it.
    pub async fn choose_value(&self, css: &str, value: &str) {
        self.choose_where(css, &format!("o.value === {value:?}"), &format!("the option valued {value:?} in {css}"))
            .await;
    }

    async fn choose_where(&self, css: &str, matches: &str, what: &str) {
        let script = format!(
            "const s = document.querySelector({css:?}); const o = s && [...s.options].find(o => {matches}); \
             if (!o) return false; s.value = o.value; s.dispatchEvent(new Event('change', {{ bubbles: true }})); return true"
        );
        self.wait_script(&script, what, |chosen| *chosen == true).await;
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
