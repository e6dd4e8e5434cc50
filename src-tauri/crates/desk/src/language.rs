//! The language the page speaks, told to the shell, whose own words (the
//! native menus) follow it: the page chooses it (the system's, or the one
//! the user picked in the app) and says so at start and on every change.

mod commands;

pub use commands::AREA;

use crate::command::Cx;
use crate::host::Language;

/// The page speaks `language` now: the shell's words follow, and so
/// does a demo workspace made from now on (see `Desk::set_system_languages`).
pub fn set_language(cx: &Cx<'_>, language: Language) {
    #[cfg(feature = "demo")]
    cx.demo_host().set_language(language);
    cx.host().set_language(language);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_system_language_the_app_speaks_is_chosen() {
        assert_eq!(Language::of(&["ru_RU.UTF-8"]), Language::Ru);
        assert_eq!(Language::of(&["de-DE", "ru"]), Language::Ru);
        assert_eq!(Language::of(&["en-GB", "ru"]), Language::En);
        assert_eq!(Language::of(&["fr"]), Language::En);
        assert_eq!(Language::of::<&str>(&[]), Language::En);
    }
}
