//! What the web view may do, each setting with its reason. The page is the
//! app's own and nothing else: its scripts come only from the app (the
//! content security policy, checked in `tests`), it may call only the
//! app's commands (the capabilities), and the web view's browser parts are
//! off: it goes nowhere but the app's pages, downloads nothing, and shows
//! no menu or shortcut of a browser's (Reload among them, which would drop
//! sends waiting in their undo window without a word).

use tauri::webview::DownloadEvent;
use tauri::Url;

/// The app's own pages: `tauri://localhost` (Linux, macOS), or
/// `http://tauri.localhost` / `https://tauri.localhost` (Windows, where
/// WebView2 serves custom schemes under http), with no user, password or
/// port that could make it another place.
pub fn is_app_origin(url: &Url) -> bool {
    let exact = url.username().is_empty() && url.password().is_none() && url.port().is_none();
    let host = url.host_str();
    exact
        && match url.scheme() {
            "tauri" => host == Some("localhost"),
            "http" | "https" => host == Some("tauri.localhost"),
            _ => false,
        }
}

/// Where the web view may go: the app's pages, and the documents of its
/// frames (`about:srcdoc`, the sandboxed frame a letter or a reply is
/// shown in; `about:blank` before it), which hold only what the app put
/// there. A link in a message asks for a new window instead, which the
/// app turns into "open in the browser?".
pub fn may_navigate(url: &Url) -> bool {
    is_app_origin(url) || matches!(url.as_str(), "about:srcdoc" | "about:blank")
}

/// Whether a download may go on: never. The app saves files itself, through
/// the save dialog; a page (or a letter) that starts one is refused.
pub fn may_download(event: &DownloadEvent<'_>) -> bool {
    !matches!(event, DownloadEvent::Requested { .. })
}

/// The main window's builder with its web view held to the app's pages and
/// refused downloads.
pub fn hold<'a, M: tauri::Manager<tauri::Wry>>(
    builder: tauri::WebviewWindowBuilder<'a, tauri::Wry, M>,
) -> tauri::WebviewWindowBuilder<'a, tauri::Wry, M> {
    builder
        .on_navigation(|url| {
            let allowed = may_navigate(url);
            if !allowed {
                // The scheme only: where a refused page meant to go may carry anything.
                log::warn!("the web view was kept from leaving the app (to a {} address)", url.scheme());
            }
            allowed
        })
        .on_download(|_, event| {
            let allowed = may_download(&event);
            if !allowed {
                log::warn!("the web view was refused a download");
            }
            allowed
        })
}

/// The web view's own context menu and browser keys, off where the
/// platform has them: the page shows the app's context menu where one
/// helps, and a letter's frame, which the page cannot reach, shows none.
pub fn no_browser_parts(window: &tauri::WebviewWindow) {
    // WebKitGTK: its menu offers Reload, Back and Inspect. It has no
    // browser keys of its own (F5 and Ctrl+R do nothing; the end-to-end
    // test `web_view` presses them).
    #[cfg(target_os = "linux")]
    let _ = window.with_webview(|webview| {
        use webkit2gtk::WebViewExt;
        webview.inner().connect_context_menu(|_, _, _, _| true);
    });
    // WebView2: its menu offers Save as, Print and Reload; its keys reload
    // (F5, Ctrl+R), print, find, zoom past the View menu and open its
    // developer tools.
    #[cfg(windows)]
    let _ = window.with_webview(|webview| unsafe {
        use webview2_com::Microsoft::Web::WebView2::Win32::ICoreWebView2Settings3;
        use windows_core::Interface;
        let Ok(settings) = webview.controller().CoreWebView2().and_then(|core| core.Settings()) else {
            log::warn!("the web view's settings could not be read");
            return;
        };
        let menus = settings.SetAreDefaultContextMenusEnabled(false);
        let keys = settings.cast::<ICoreWebView2Settings3>().and_then(|s| s.SetAreBrowserAcceleratorKeysEnabled(false));
        if menus.is_err() || keys.is_err() {
            log::warn!("the web view's own menu or keys could not be turned off");
        }
    });
    // WKWebView has no setting for its menu (Reload, Open link, Download
    // linked file): the web view's class is taught to empty it as it opens.
    // It has no browser keys: Cmd+R reloads only from a menu item, which
    // the app's menus do not have.
    #[cfg(target_os = "macos")]
    let _ = window.with_webview(|webview| unsafe { mac::empty_menus_of(webview.inner()) });
    #[cfg(not(any(target_os = "linux", windows, target_os = "macos")))]
    let _ = window;
}

/// WKWebView's context menu, emptied through the Objective-C runtime: an
/// empty menu is not shown.
#[cfg(target_os = "macos")]
mod mac {
    use std::ffi::{c_char, c_void};

    type Id = *mut c_void;

    #[link(name = "objc")]
    extern "C" {
        fn object_getClass(object: Id) -> Id;
        fn sel_registerName(name: *const c_char) -> Id;
        fn class_addMethod(class: Id, selector: Id, imp: *const c_void, types: *const c_char) -> u8;
        fn objc_msgSend();
    }

    /// `-[WKWebView willOpenMenu:withEvent:]`, as the web view's class has
    /// it from now on: the menu about to open loses its items.
    extern "C" fn will_open_menu(_view: Id, _selector: Id, menu: Id, _event: Id) {
        unsafe {
            // objc_msgSend called as the method it sends: -[NSMenu removeAllItems].
            let send: extern "C" fn(Id, Id) = std::mem::transmute(objc_msgSend as unsafe extern "C" fn());
            send(menu, sel_registerName(c"removeAllItems".as_ptr()));
        }
    }

    /// Teaches the class of `view` (wry's WKWebView subclass) to empty its
    /// menus; the class's own method, so other web views are untouched.
    pub unsafe fn empty_menus_of(view: *mut c_void) {
        if view.is_null() {
            return;
        }
        let class = object_getClass(view);
        let selector = sel_registerName(c"willOpenMenu:withEvent:".as_ptr());
        let imp = will_open_menu as extern "C" fn(Id, Id, Id, Id) as *const c_void;
        // Refused (0) when the class has one already: the app's window is made once.
        class_addMethod(class, selector, imp, c"v@:@@".as_ptr());
    }
}

#[cfg(test)]
mod tests;
