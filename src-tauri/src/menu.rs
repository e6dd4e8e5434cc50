//! The app's native menus, in the language the page speaks: File, Edit,
//! View, Window and Help, and on macOS the application menu. Nothing here
//! reloads the page (which would lose what is on it).
//!
//! Edit's items are the system's own where the system runs them (macOS,
//! Windows). GTK runs none of undo and redo, and cut, copy and paste only
//! by faking keystrokes; there they are the app's items, which ask WebKit
//! to edit, with no shortcut of their own: a menu shortcut would take
//! Ctrl+Z from the page's editors, which keep their own undo.

mod words;

use desk::arrivals::Arrival;
use desk::host::Language;
use desk::Desk;
use tauri::menu::{AboutMetadata, IsMenuItem, Menu, MenuItem, MenuItemKind, PredefinedMenuItem, Submenu};
use tauri::{AppHandle, Manager, Runtime, WebviewWindow};

/// What an item of the app's own does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Quit,
    Undo,
    Redo,
    Cut,
    Copy,
    Paste,
    SelectAll,
    ZoomIn,
    ZoomOut,
    ActualSize,
    FullScreen,
    Minimize,
    Maximize,
    LogFolder,
    Diagnostics,
    CheckForUpdates,
}

const ACTIONS: [Action; 16] = [
    Action::Quit,
    Action::Undo,
    Action::Redo,
    Action::Cut,
    Action::Copy,
    Action::Paste,
    Action::SelectAll,
    Action::ZoomIn,
    Action::ZoomOut,
    Action::ActualSize,
    Action::FullScreen,
    Action::Minimize,
    Action::Maximize,
    Action::LogFolder,
    Action::Diagnostics,
    Action::CheckForUpdates,
];

impl Action {
    fn id(self) -> &'static str {
        match self {
            Action::Quit => "quit",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Cut => "cut",
            Action::Copy => "copy",
            Action::Paste => "paste",
            Action::SelectAll => "select-all",
            Action::ZoomIn => "zoom-in",
            Action::ZoomOut => "zoom-out",
            Action::ActualSize => "actual-size",
            Action::FullScreen => "full-screen",
            Action::Minimize => "minimize",
            Action::Maximize => "maximize",
            Action::LogFolder => "log-folder",
            Action::Diagnostics => "diagnostics",
            Action::CheckForUpdates => "check-for-updates",
        }
    }

    fn of(id: &str) -> Option<Action> {
        ACTIONS.into_iter().find(|a| a.id() == id)
    }

    /// WebKit's name of the editing command an Edit item runs (GTK).
    #[cfg(target_os = "linux")]
    fn editing_command(self) -> Option<&'static str> {
        Some(match self {
            Action::Undo => "Undo",
            Action::Redo => "Redo",
            Action::Cut => "Cut",
            Action::Copy => "Copy",
            Action::Paste => "Paste",
            Action::SelectAll => "SelectAll",
            _ => return None,
        })
    }
}

/// The page's zoom steps, as browsers have them.
const ZOOMS: [f64; 9] = [0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0];

/// The zoom now, by its step in [`ZOOMS`].
#[derive(Default)]
struct Zoom(std::sync::Mutex<Option<usize>>);

fn item<R: Runtime>(app: &AppHandle<R>, action: Action, text: &str, keys: Option<&str>) -> tauri::Result<MenuItem<R>> {
    MenuItem::with_id(app, action.id(), text, true, keys)
}

/// Edit's items: the system's, or on GTK the app's (see the module's note).
fn edit_items<R: Runtime>(app: &AppHandle<R>, w: &words::Words) -> tauri::Result<Vec<MenuItemKind<R>>> {
    let separator = PredefinedMenuItem::separator(app)?.kind();
    if cfg!(target_os = "linux") {
        let own = |action, text| item(app, action, text, None).map(|i| i.kind());
        return Ok(vec![
            own(Action::Undo, w.undo)?,
            own(Action::Redo, w.redo)?,
            separator,
            own(Action::Cut, w.cut)?,
            own(Action::Copy, w.copy)?,
            own(Action::Paste, w.paste)?,
            own(Action::SelectAll, w.select_all)?,
        ]);
    }
    Ok(vec![
        PredefinedMenuItem::undo(app, Some(w.undo))?.kind(),
        PredefinedMenuItem::redo(app, Some(w.redo))?.kind(),
        separator,
        PredefinedMenuItem::cut(app, Some(w.cut))?.kind(),
        PredefinedMenuItem::copy(app, Some(w.copy))?.kind(),
        PredefinedMenuItem::paste(app, Some(w.paste))?.kind(),
        PredefinedMenuItem::select_all(app, Some(w.select_all))?.kind(),
    ])
}

fn submenu<R: Runtime>(app: &AppHandle<R>, text: &str, items: Vec<MenuItemKind<R>>) -> tauri::Result<Submenu<R>> {
    let refs: Vec<&dyn IsMenuItem<R>> = items.iter().map(|i| i as &dyn IsMenuItem<R>).collect();
    Submenu::with_items(app, text, true, &refs)
}

/// The whole menu bar in `language`.
pub fn build<R: Runtime>(app: &AppHandle<R>, language: Language) -> tauri::Result<Menu<R>> {
    let w = words::of(language);
    let separator = || PredefinedMenuItem::separator(app).map(|s| s.kind());
    let about = PredefinedMenuItem::about(
        app,
        Some(w.about),
        Some(AboutMetadata {
            name: Some(app.package_info().name.clone()),
            version: Some(app.package_info().version.to_string()),
            copyright: app.config().bundle.copyright.clone(),
            website: app.config().bundle.homepage.clone(),
            ..Default::default()
        }),
    )?;
    let quit = item(app, Action::Quit, w.quit, Some("CmdOrCtrl+Q"))?.kind();
    let updates = item(app, Action::CheckForUpdates, w.check_for_updates, None)?.kind();
    let mut menus = Vec::new();
    if cfg!(target_os = "macos") {
        menus.push(submenu(
            app,
            &app.package_info().name,
            vec![
                about.clone().kind(),
                updates.clone(),
                separator()?,
                PredefinedMenuItem::services(app, Some(w.services))?.kind(),
                separator()?,
                PredefinedMenuItem::hide(app, Some(w.hide))?.kind(),
                PredefinedMenuItem::hide_others(app, Some(w.hide_others))?.kind(),
                PredefinedMenuItem::show_all(app, Some(w.show_all))?.kind(),
                separator()?,
                quit.clone(),
            ],
        )?);
    } else {
        menus.push(submenu(app, w.file, vec![quit])?);
    }
    menus.push(submenu(app, w.edit, edit_items(app, w)?)?);
    menus.push(submenu(
        app,
        w.view,
        vec![
            item(app, Action::ZoomIn, w.zoom_in, Some("CmdOrCtrl+="))?.kind(),
            item(app, Action::ZoomOut, w.zoom_out, Some("CmdOrCtrl+-"))?.kind(),
            item(app, Action::ActualSize, w.actual_size, Some("CmdOrCtrl+0"))?.kind(),
            separator()?,
            item(app, Action::FullScreen, w.full_screen, Some("F11"))?.kind(),
        ],
    )?);
    menus.push(submenu(
        app,
        w.window,
        vec![
            item(app, Action::Minimize, w.minimize, None)?.kind(),
            item(app, Action::Maximize, w.maximize, None)?.kind(),
        ],
    )?);
    let mut help = vec![
        item(app, Action::LogFolder, w.log_folder, None)?.kind(),
        item(app, Action::Diagnostics, w.diagnostics, None)?.kind(),
    ];
    if !cfg!(target_os = "macos") {
        help.extend([separator()?, updates, about.kind()]);
    }
    menus.push(submenu(app, w.help, help)?);
    let refs: Vec<&dyn IsMenuItem<R>> = menus.iter().map(|m| m as &dyn IsMenuItem<R>).collect();
    Menu::with_items(app, &refs)
}

/// Puts up the menu bar in `language`, in place of the one shown.
pub fn show(app: &AppHandle, language: Language) {
    match build(app, language) {
        Ok(menu) => match app.set_menu(menu) {
            Ok(_) => log::info!("the menus speak {language:?}"),
            Err(err) => log::warn!("the menu was not shown: {err}"),
        },
        Err(err) => log::warn!("the menu was not made: {err}"),
    }
}

/// Runs an item of the app's own.
pub fn on_event(app: &AppHandle, event: tauri::menu::MenuEvent) {
    let Some(action) = Action::of(event.id().as_ref()) else { return };
    let Some(window) = app.get_webview_window("main") else { return };
    match action {
        // Closing the window asks first while sends wait (see `hold_close_while_sending`),
        // and the app ends with its last window.
        Action::Quit => {
            let _ = window.close();
        }
        Action::Undo | Action::Redo | Action::Cut | Action::Copy | Action::Paste | Action::SelectAll => {
            edit(&window, action)
        }
        Action::ZoomIn | Action::ZoomOut | Action::ActualSize => zoom(app, &window, action),
        Action::FullScreen => {
            let on = window.is_fullscreen().unwrap_or(false);
            let _ = window.set_fullscreen(!on);
        }
        Action::Minimize => {
            let _ = window.minimize();
        }
        Action::Maximize => {
            let _ = if window.is_maximized().unwrap_or(false) { window.unmaximize() } else { window.maximize() };
        }
        // The page says what came of them, as its own Help menu does.
        Action::LogFolder => {
            let desk = app.state::<Desk>();
            if let Err(error) = desk::diagnostics::open_log_folder(&desk) {
                desk::arrivals::arrived(&desk, Arrival::Failed { error });
            }
        }
        Action::Diagnostics => {
            let desk = app.state::<Desk>();
            let said = match desk::diagnostics::copy_diagnostics(&desk) {
                Ok(()) => Arrival::DiagnosticsCopied,
                Err(error) => Arrival::Failed { error },
            };
            desk::arrivals::arrived(&desk, said);
        }
        Action::CheckForUpdates => desk::arrivals::arrived(&app.state::<Desk>(), Arrival::CheckForUpdates),
    }
}

/// An Edit item of the app's own: WebKit's editing command (GTK only; elsewhere the system's items run).
fn edit(window: &WebviewWindow, action: Action) {
    #[cfg(target_os = "linux")]
    if let Some(command) = action.editing_command() {
        let _ = window.with_webview(move |webview| {
            use webkit2gtk::WebViewExt;
            webview.inner().execute_editing_command(command);
        });
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (window, action);
}

fn zoom(app: &AppHandle, window: &WebviewWindow, action: Action) {
    let state = app.state::<Zoom>();
    let mut step = state.0.lock().unwrap_or_else(|p| p.into_inner());
    let normal = ZOOMS.iter().position(|z| *z == 1.0).unwrap_or_default();
    let now = step.unwrap_or(normal);
    let next = match action {
        Action::ZoomIn => (now + 1).min(ZOOMS.len() - 1),
        Action::ZoomOut => now.saturating_sub(1),
        _ => normal,
    };
    *step = Some(next);
    let _ = window.set_zoom(ZOOMS[next]);
}

/// The zoom's state, managed beside the menu.
pub fn manage(app: &AppHandle) {
    app.manage(Zoom::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_found_by_its_id_and_no_two_share_one() {
        for action in ACTIONS {
            assert_eq!(Action::of(action.id()), Some(action));
        }
        let ids: std::collections::BTreeSet<_> = ACTIONS.iter().map(|a| a.id()).collect();
        assert_eq!(ids.len(), ACTIONS.len());
        assert_eq!(Action::of("reload"), None, "nothing reloads the page");
    }

    #[test]
    fn the_zoom_steps_rise_and_include_the_actual_size() {
        assert!(ZOOMS.windows(2).all(|w| w[0] < w[1]));
        assert!(ZOOMS.contains(&1.0));
    }
}
