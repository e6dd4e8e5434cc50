//! The window manager's close button, as the app hears it: the X server
//! hands the window a `WM_DELETE_WINDOW` message, which is what a window
//! manager sends when the user clicks × or presses Alt+F4. The tests'
//! display runs no window manager, so the test sends that message itself;
//! the app then goes through its own close request (GTK's delete event),
//! exactly as on a desktop.

use crate::webdriver::wait_for;
use std::ffi::CString;
use std::process::Command;
use x11_dl::xlib;

/// The visible top-level window titled exactly `title` on `display`.
async fn window_titled(display: &str, title: &str) -> xlib::Window {
    let pattern = format!("^{title}$");
    wait_for(crate::app::PATIENCE, "the app's window", || {
        let out = Command::new("xdotool")
            .env("DISPLAY", display)
            .args(["search", "--onlyvisible", "--name", &pattern])
            .output()
            .expect("xdotool (scripts/setup installs it)");
        let found = String::from_utf8_lossy(&out.stdout).lines().next().and_then(|id| id.trim().parse().ok());
        async move { found }
    })
    .await
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Asks the window titled `title` to close, as the user does with its × button.
pub async fn ask_to_close(title: &str) {
    let display = std::env::var("DISPLAY").expect("a DISPLAY (scripts/desktop-session sets one)");
    let window = window_titled(&display, title).await;
    let xlib = xlib::Xlib::open().expect("libX11");
    let name = CString::new(display.clone()).expect("a display name");
    // SAFETY: one connection, opened and closed here; the event is a plain
    // C struct, zeroed and then filled as a ClientMessage before it is sent.
    unsafe {
        let connection = (xlib.XOpenDisplay)(name.as_ptr());
        assert!(!connection.is_null(), "cannot open the display {display}");
        let protocols = (xlib.XInternAtom)(connection, c"WM_PROTOCOLS".as_ptr(), xlib::False);
        let delete = (xlib.XInternAtom)(connection, c"WM_DELETE_WINDOW".as_ptr(), xlib::False);
        let mut event: xlib::XEvent = std::mem::zeroed();
        event.client_message.type_ = xlib::ClientMessage;
        event.client_message.window = window;
        event.client_message.message_type = protocols;
        event.client_message.format = 32;
        event.client_message.data.set_long(0, delete as std::os::raw::c_long);
        event.client_message.data.set_long(1, xlib::CurrentTime as std::os::raw::c_long);
        let sent = (xlib.XSendEvent)(connection, window, xlib::False, xlib::NoEventMask, &mut event);
        (xlib.XFlush)(connection);
        (xlib.XCloseDisplay)(connection);
        assert_ne!(sent, 0, "the X server took the close message");
    }
}

/// Waits until no visible window is titled exactly `title`: the app closed it.
pub async fn window_gone(title: &str) {
    let display = std::env::var("DISPLAY").expect("a DISPLAY (scripts/desktop-session sets one)");
    let pattern = format!("^{title}$");
    wait_for(crate::app::PATIENCE, "the app's window to close", || {
        let out = Command::new("xdotool")
            .env("DISPLAY", &display)
            .args(["search", "--onlyvisible", "--name", &pattern])
            .output()
            .expect("xdotool (scripts/setup installs it)");
        let gone = String::from_utf8_lossy(&out.stdout).trim().is_empty();
        async move { gone.then_some(()) }
    })
    .await
    .unwrap_or_else(|e| panic!("{e}"));
}
