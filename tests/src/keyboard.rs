//! The X keyboard of a test's display set to another layout, and keys
//! pressed as a person presses them: through the X server's input (XTEST),
//! by the physical key, into the focused window. WebDriver's key actions
//! synthesise characters and never go through a layout.

use std::process::{Command, Stdio};

/// A display's keyboard layout while the guard lives; the one it had comes
/// back when it drops, even when the test fails.
pub struct KeyboardLayout {
    display: String,
    before: String,
}

fn run(display: &str, program: &str, args: &[&str]) -> Result<String, String> {
    let out = Command::new(program)
        .env("DISPLAY", display)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{program}: {e} (scripts/setup installs it)"))?;
    if !out.status.success() {
        return Err(format!("{program} {args:?}: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

impl KeyboardLayout {
    /// Switches `display`'s keyboard to `layout` (an XKB name: `ru`, `us`).
    pub fn set(display: &str, layout: &str) -> KeyboardLayout {
        let query = run(display, "setxkbmap", &["-query"]).unwrap_or_else(|e| panic!("{e}"));
        let before = query
            .lines()
            .find_map(|line| line.strip_prefix("layout:"))
            .map(|l| l.trim().to_string())
            .unwrap_or_else(|| "us".into());
        let guard = KeyboardLayout { display: display.to_string(), before };
        run(display, "setxkbmap", &["-layout", layout]).unwrap_or_else(|e| panic!("{e}"));
        guard
    }

    /// Presses and releases each key in turn, named by the keysym the
    /// layout in force puts on it (`Cyrillic_o` is the key marked J on
    /// the Russian layout), into the window that has the focus.
    pub fn press(&self, keysyms: &[&str]) {
        for keysym in keysyms {
            run(&self.display, "xdotool", &["key", "--clearmodifiers", keysym]).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

impl Drop for KeyboardLayout {
    fn drop(&mut self) {
        let _ = run(&self.display, "setxkbmap", &["-layout", &self.before]);
    }
}
