//! The main window opens where the user left it: its size, its place and
//! whether it was maximised, kept in `window.json` in the data folder (a
//! run with `--data-dir` keeps its own). Written a moment after the window
//! stops moving or resizing, and at once when it closes; read as the window
//! is made. A place no screen shows any more (a monitor unplugged) is not
//! used: the window opens as configured.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
use tauri::{WebviewWindow, WindowEvent};

const FILE_NAME: &str = "window.json";

/// How long the window is still before its place is written: a drag is
/// dozens of moves a second.
const SETTLE: Duration = Duration::from_millis(400);

/// How much of the window a screen must show for the place to be used:
/// enough of its title bar to take hold of.
const SHOWN_WIDTH: f64 = 120.0;
const SHOWN_HEIGHT: f64 = 40.0;

/// The window as last seen unmaximised, in logical pixels (the desktop's
/// scale applied), and whether it was maximised over that.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Place {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub maximized: bool,
}

/// A screen's usable area, in logical pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Place {
    /// The place, when one of `screens` shows enough of its top to take hold
    /// of; its size no smaller than `min` (width, height).
    pub fn fitted(self, screens: &[Area], min: (f64, f64)) -> Option<Place> {
        let sane = [self.x, self.y, self.width, self.height].iter().all(|n| n.is_finite())
            && self.width > 0.0
            && self.height > 0.0;
        if !sane {
            return None;
        }
        let width = self.width.max(min.0);
        let height = self.height.max(min.1);
        let shown = screens.iter().any(|s| {
            let across = (self.x + width).min(s.x + s.width) - self.x.max(s.x);
            let down = (self.y + SHOWN_HEIGHT).min(s.y + s.height) - self.y.max(s.y);
            across >= SHOWN_WIDTH.min(width) && down >= SHOWN_HEIGHT.min(height) && self.y >= s.y
        });
        shown.then_some(Place { width, height, ..self })
    }
}

fn read(path: &Path) -> Option<Place> {
    serde_json::from_slice(&std::fs::read(path).ok()?).ok()
}

fn write(path: &Path, place: &Place) {
    if let Ok(json) = serde_json::to_vec(place) {
        if let Err(err) = std::fs::write(path, json) {
            log::warn!("the window's place was not kept: {err}");
        }
    }
}

/// The screens' usable areas, in logical pixels.
fn screens(app: &tauri::AppHandle) -> Vec<Area> {
    app.available_monitors()
        .unwrap_or_default()
        .iter()
        .map(|m| {
            let (area, scale) = (m.work_area(), m.scale_factor());
            Area {
                x: f64::from(area.position.x) / scale,
                y: f64::from(area.position.y) / scale,
                width: f64::from(area.size.width) / scale,
                height: f64::from(area.size.height) / scale,
            }
        })
        .collect()
}

/// The place kept, if the window can open there.
pub fn kept(app: &tauri::AppHandle, data_dir: &Path, min: (f64, f64)) -> Option<Place> {
    read(&data_dir.join(FILE_NAME))?.fitted(&screens(app), min)
}

/// Keeps the window's place as it changes.
#[derive(Clone)]
pub struct Keeper {
    file: PathBuf,
    last: Arc<Mutex<Option<Place>>>,
    /// To the thread that writes once the window is still.
    writer: mpsc::Sender<Place>,
}

impl Keeper {
    pub fn new(data_dir: &Path, start: Option<Place>) -> Self {
        let file = data_dir.join(FILE_NAME);
        let (writer, changes) = mpsc::channel();
        let into = file.clone();
        std::thread::spawn(move || write_when_still(&into, &changes));
        Keeper { file, last: Arc::new(Mutex::new(start)), writer }
    }

    /// Follows the window's moves, resizes and close.
    pub fn on_event(&self, window: &WebviewWindow, event: &WindowEvent) {
        match event {
            WindowEvent::Moved(_) | WindowEvent::Resized(_) => {
                if let Some(place) = self.note(window) {
                    let _ = self.writer.send(place);
                }
            }
            WindowEvent::CloseRequested { .. } => {
                self.note(window);
                if let Some(place) = *self.last.lock().unwrap_or_else(|p| p.into_inner()) {
                    write(&self.file, &place);
                }
            }
            _ => {}
        }
    }

    /// Notes the window's place, answering it when it changed. A maximised
    /// window keeps the size and place it had before, for when it is
    /// unmaximised; a minimised one is left as it was.
    fn note(&self, window: &WebviewWindow) -> Option<Place> {
        if window.is_minimized().unwrap_or(false) {
            return None;
        }
        let maximized = window.is_maximized().unwrap_or(false);
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        let place = if maximized {
            Place { maximized, ..(*last)? }
        } else {
            let (position, size, scale) =
                (window.outer_position().ok()?, window.inner_size().ok()?, window.scale_factor().ok()?);
            Place {
                x: f64::from(position.x) / scale,
                y: f64::from(position.y) / scale,
                width: f64::from(size.width) / scale,
                height: f64::from(size.height) / scale,
                maximized,
            }
        };
        if *last == Some(place) {
            return None;
        }
        *last = Some(place);
        Some(place)
    }
}

/// Writes the latest place once none has come for a moment.
fn write_when_still(file: &Path, changes: &mpsc::Receiver<Place>) {
    let mut waiting: Option<Place> = None;
    loop {
        let next = match waiting {
            Some(_) => changes.recv_timeout(SETTLE),
            None => changes.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        match next {
            Ok(place) => waiting = Some(place),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(place) = waiting.take() {
                    write(file, &place);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: Area = Area { x: 0.0, y: 0.0, width: 1920.0, height: 1080.0 };
    const MIN: (f64, f64) = (960.0, 600.0);

    fn place(x: f64, y: f64, width: f64, height: f64) -> Place {
        Place { x, y, width, height, maximized: false }
    }

    #[test]
    fn a_place_on_a_screen_is_used_as_kept() {
        let kept = Place { maximized: true, ..place(100.0, 50.0, 1200.0, 700.0) };
        assert_eq!(kept.fitted(&[SCREEN], MIN), Some(kept));
        let second = Area { x: 1920.0, y: 0.0, width: 1280.0, height: 1024.0 };
        assert_eq!(
            place(2000.0, 10.0, 1000.0, 700.0).fitted(&[SCREEN, second], MIN),
            Some(place(2000.0, 10.0, 1000.0, 700.0))
        );
    }

    #[test]
    fn a_place_no_screen_shows_is_not_used() {
        let second = Area { x: 1920.0, y: 0.0, width: 1280.0, height: 1024.0 };
        assert_eq!(place(2000.0, 10.0, 1000.0, 700.0).fitted(&[SCREEN], MIN), None, "its monitor unplugged");
        assert_eq!(place(1900.0, 10.0, 1000.0, 700.0).fitted(&[SCREEN], MIN), None, "only 20 pixels shown");
        assert_eq!(
            place(100.0, -200.0, 1000.0, 700.0).fitted(&[SCREEN, second], MIN),
            None,
            "its title above the screen"
        );
        assert_eq!(place(100.0, 1070.0, 1000.0, 700.0).fitted(&[SCREEN], MIN), None, "its title below the screen");
        assert_eq!(place(100.0, 50.0, 1000.0, 700.0).fitted(&[], MIN), None, "no screen known");
        assert_eq!(place(f64::NAN, 50.0, 1000.0, 700.0).fitted(&[SCREEN], MIN), None);
        assert_eq!(place(100.0, 50.0, 0.0, 700.0).fitted(&[SCREEN], MIN), None);
    }

    #[test]
    fn a_size_below_the_smallest_is_grown() {
        assert_eq!(place(10.0, 10.0, 300.0, 200.0).fitted(&[SCREEN], MIN), Some(place(10.0, 10.0, 960.0, 600.0)));
    }

    #[test]
    fn the_place_is_read_back_as_written_and_a_damaged_file_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(FILE_NAME);
        let kept = Place { maximized: true, ..place(12.5, 40.0, 1100.0, 720.0) };
        write(&file, &kept);
        assert_eq!(read(&file), Some(kept));
        std::fs::write(&file, "{not json").unwrap();
        assert_eq!(read(&file), None);
        assert_eq!(read(&dir.path().join("missing.json")), None);
    }
}
