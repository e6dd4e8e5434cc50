//! The app's commands in a terminal, with no window and no display:
//! `campaign-desk check` (a layout's pre-launch check), `campaign-desk
//! render` (a letter in MJML or blocks rendered to HTML) and `campaign-desk
//! check-import` (a file of subscribers checked before an import). They
//! speak the system's language from the app's own catalogues.

mod check;
mod check_import;
mod layout;
mod render;

pub use check::check;
pub use check_import::check_import;
pub use render::render;

use std::collections::HashMap;

const EN: [&str; 2] =
    [include_str!("../../../ui/src/i18n/en.json"), include_str!("../../../ui/src/letter/words.en.json")];
const RU: [&str; 2] =
    [include_str!("../../../ui/src/i18n/ru.json"), include_str!("../../../ui/src/letter/words.ru.json")];

/// The catalogue of the OS language (Russian or English).
pub(crate) struct Words(HashMap<String, String>);

impl Words {
    /// The catalogue of the language the system speaks.
    pub(crate) fn of_the_system() -> Words {
        Words::for_locale(&sys_locale::get_locale().unwrap_or_default())
    }

    fn for_locale(locale: &str) -> Words {
        let sources = if locale.to_lowercase().starts_with("ru") { RU } else { EN };
        let words = sources.iter().flat_map(|s| serde_json::from_str::<HashMap<String, String>>(s).unwrap_or_default());
        Words(words.collect())
    }

    /// A message with its `{name}` placeholders filled.
    pub(crate) fn say(&self, key: &str, values: &[(&str, &str)]) -> String {
        let mut text = self.0.get(key).cloned().unwrap_or_else(|| key.to_string());
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }
}

/// The release build on Windows is a windowed program with no console of
/// its own, so what it prints would go nowhere: the command joins the
/// console of the terminal that started it. Started from Explorer there is
/// none, and a debug build already has its own; either way the call fails
/// harmlessly and nothing changes.
pub(crate) fn attach_parent_console() {
    #[cfg(windows)]
    // SAFETY: AttachConsole takes a process id (here the parent's marker)
    // and touches no memory of ours.
    unsafe {
        use windows_sys::Win32::System::Console::{AttachConsole, ATTACH_PARENT_PROCESS};
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}
