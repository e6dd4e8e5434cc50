//! The harness presses what a person would: a button still moving (a panel
//! filling in above it) is pressed only once it has come to rest, so a
//! click never lands on whatever passed under the pointer.

use e2e::App;

/// A button that glides down the page for a second and a half, then stops;
/// it notes whether a click or a right-click reached it, and whether it had
/// stopped by then.
const MOVING_BUTTON: &str = "
    const b = document.createElement('button');
    b.id = 'moving-target'; b.textContent = 'Target';
    b.style.cssText = 'position:fixed;left:200px;top:100px;width:160px;height:40px;z-index:99999';
    const pressed = window.__pressed = [];
    let still = false;
    b.addEventListener('click', (e) => { if (e.button === 0) pressed.push({ how: 'click', still }); });
    b.addEventListener('contextmenu', (e) => { e.preventDefault(); pressed.push({ how: 'right-click', still }); });
    document.body.appendChild(b);
    const start = performance.now();
    const step = (now) => {
        const t = now - start;
        if (t < 1500) { b.style.top = (100 + t / 5) + 'px'; requestAnimationFrame(step); }
        else { b.style.top = '400px'; still = true; }
    };
    requestAnimationFrame(step);
    return true";

#[tokio::test]
async fn a_click_and_a_right_click_wait_for_their_target_to_stop_moving() {
    let app = App::launch("harness-moving-target").await;
    app.wait("body").await;
    for how in ["click", "right-click"] {
        app.script(MOVING_BUTTON).await;
        match how {
            "click" => app.click("#moving-target").await,
            _ => app.right_click("#moving-target").await,
        }
        let what = format!("the {how} to reach the button");
        let pressed = app
            .wait_script("return window.__pressed", &what, |p| {
                p.as_array().is_some_and(|p| p.iter().any(|press| press["how"] == how))
            })
            .await;
        // (WebKit follows a right-click with a click of its own: each is counted.)
        let presses = pressed.as_array().cloned().unwrap_or_default();
        assert!(presses.iter().all(|press| press["still"] == true), "{how}: pressed while it moved: {pressed}");
        app.script("document.getElementById('moving-target').remove(); return true").await;
    }
    app.close().await;
}
