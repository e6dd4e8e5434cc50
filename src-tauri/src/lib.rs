//! Tauri wiring only: state, commands, the window. The logic is in `desk`.

mod arrivals;
#[cfg(test)]
mod bindings;
pub mod cli;
mod commands;
mod diagnostics;
mod host;
mod launch;
mod menu;
mod security;
mod updates;
mod window_place;

use desk::secrets::Secrets;
use desk::Desk;
use std::path::Path;
use tauri::Manager;

/// A second launch brings the running window forward instead of opening
/// another copy working on the same files; a link it was given opens there.
fn second_launch(app: &tauri::AppHandle, args: Vec<String>) {
    focus_main_window(app);
    arrivals::links_in_arguments(app, &args);
}

fn focus_main_window(app: &tauri::AppHandle) {
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}

/// The system's languages, in its order of preference, for the page to
/// choose from before its first render. Read from the OS (the locale
/// environment on Linux, the user's settings on macOS and Windows), which a
/// webview's `navigator.languages` does not always follow.
fn system_languages() -> tauri::plugin::TauriPlugin<tauri::Wry> {
    let languages: Vec<String> = sys_locale::get_locales().collect();
    let script = format!("window.__SYSTEM_LANGUAGES__ = {};", serde_json::Value::from(languages));
    tauri::plugin::Builder::new("system-languages").js_init_script(script).build()
}

/// The main window, as configured (where the user left it, see
/// `window_place`), except that it opens no window of its
/// own: a link clicked in a message asks for one, and goes to the page to
/// be shown and, if the user agrees, opened in the system browser.
fn main_window(app: &tauri::App, data_dir: &Path) -> tauri::Result<()> {
    let config = app.config().app.windows.iter().find(|w| w.label == "main").cloned().unwrap_or_default();
    let links = app.handle().clone();
    let mut builder =
        tauri::WebviewWindowBuilder::from_config(app.handle(), &config)?.on_new_window(move |url, _features| {
            if let Some(desk) = links.try_state::<Desk>() {
                desk::links::link_clicked(&desk, url.as_str());
            }
            tauri::webview::NewWindowResponse::Deny
        });
    // Where the user left it, if a screen still shows that place.
    let min = (config.min_width.unwrap_or(0.0), config.min_height.unwrap_or(0.0));
    let kept = window_place::kept(app.handle(), data_dir, min);
    if let Some(place) = kept {
        builder = builder.inner_size(place.width, place.height).position(place.x, place.y).maximized(place.maximized);
    }
    // The page's own context menu offers Paste: WebKitGTK and WebView2 let a
    // page read the clipboard only with this. The page runs only the app's
    // own scripts (the CSP allows no other); letters and replies are shown
    // in frames that run none.
    builder = builder.enable_clipboard_access();
    let window = security::hold(builder).build()?;
    security::no_browser_parts(&window);
    let keeper = window_place::Keeper::new(data_dir, kept);
    window.on_window_event(window_events(app.handle().clone(), window.clone(), keeper));
    Ok(())
}

/// Closing the window while sends wait in their undo window (or are on
/// their way) asks the page first, which asks the user; see `desk::closing`.
fn hold_close_while_sending(app: &tauri::AppHandle, event: &tauri::WindowEvent) {
    if let tauri::WindowEvent::CloseRequested { api, .. } = event {
        if app.try_state::<Desk>().is_some_and(|desk| !desk::closing::close_requested(&desk)) {
            api.prevent_close();
        }
    }
}

/// What the main window's events do: its place is kept, a close may wait, a dropped file goes to the import.
fn window_events(
    app: tauri::AppHandle,
    window: tauri::WebviewWindow,
    keeper: window_place::Keeper,
) -> impl Fn(&tauri::WindowEvent) + Send + 'static {
    move |event| {
        keeper.on_event(&window, event);
        hold_close_while_sending(&app, event);
        arrivals::file_dropped(&app, event);
    }
}

/// Quitting the app (the app menu's Quit, Cmd+Q on macOS) ends it without
/// closing the window first, so it asks the same question; see `desk::closing`.
fn hold_exit_while_sending(app: &tauri::AppHandle, event: &tauri::RunEvent) {
    if let tauri::RunEvent::ExitRequested { api, .. } = event {
        if app.try_state::<Desk>().is_some_and(|desk| !desk::closing::exit_requested(&desk)) {
            api.prevent_exit();
        }
    }
}

/// WebKitGTK (2.46 and later) paints pages with Skia on the GPU; where the
/// only OpenGL is a software one (a virtual machine, a remote desktop, a
/// machine without its GPU driver) that costs memory and time: 33 MiB and
/// about 30 ms at start on the demo's lists (`scripts/bench-start`, under
/// Xvfb). The app's pages are text, tables and SVG, which Skia paints on
/// the CPU in its own threads; compositing stays on. Set before any thread
/// starts, as WebKit's processes read it from the environment; whoever has
/// set it (`0` for the GPU) keeps their choice.
fn paint_on_the_cpu() {
    #[cfg(target_os = "linux")]
    if std::env::var_os("WEBKIT_SKIA_ENABLE_CPU_RENDERING").is_none() {
        std::env::set_var("WEBKIT_SKIA_ENABLE_CPU_RENDERING", "1");
    }
}

pub fn run() {
    paint_on_the_cpu();
    tauri::Builder::default()
        .plugin(diagnostics::log_plugin())
        .plugin(tauri_plugin_single_instance::init(|app, args, _cwd| second_launch(app, args)))
        .plugin(system_languages())
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_opener::init())
        .plugin(tauri_plugin_notification::init())
        .plugin(tauri_plugin_clipboard_manager::init())
        .plugin(tauri_plugin_updater::Builder::new().build())
        .menu(|app| menu::build(app, desk::host::Language::of(&sys_locale::get_locales().collect::<Vec<_>>())))
        .on_menu_event(menu::on_event)
        .setup(|app| {
            menu::manage(app.handle());
            let data_dir = match launch::data_dir() {
                Some(dir) => dir,
                None => app.path().app_data_dir()?,
            };
            main_window(app, &data_dir)?;
            let desk = Desk::new(data_dir, Secrets::default());
            diagnostics::set_up(app, &desk)?;
            desk.set_host(std::sync::Arc::new(host::TauriHost::new(app.handle().clone())));
            // The languages the page is given (`system_languages`): a new
            // demo speaks the one the page starts in.
            desk.set_system_languages(&sys_locale::get_locales().collect::<Vec<_>>());
            if launch::demo() {
                desk.reopen_at_start(desk::accounts::DEMO_ID)?;
            }
            // Open the account used last (starting, and on first run seeding,
            // the demo) while the window loads.
            let opening = desk.begin_reopening();
            app.manage(desk);
            // A link that started the app waits for the page.
            arrivals::links_in_arguments(app.handle(), &std::env::args().collect::<Vec<_>>());
            if let Some(opening) = opening {
                let handle = app.handle().clone();
                tauri::async_runtime::spawn(async move { handle.state::<Desk>().finish_reopening(opening).await });
            }
            Ok(())
        })
        .invoke_handler(commands::handler())
        .build(tauri::generate_context!())
        .unwrap_or_else(|err| {
            eprintln!("Campaign Desk could not start: {err}");
            std::process::exit(1);
        })
        .run(|app, event| {
            #[cfg(any(target_os = "macos", target_os = "ios"))]
            arrivals::links_opened(app, &event);
            hold_exit_while_sending(app, &event);
            diagnostics::on_exit(app, &event);
        });
}
