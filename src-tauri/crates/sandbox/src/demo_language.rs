//! The language the demo business writes in: the app starts its demo in the
//! language it speaks, so that a Russian user meets a Russian roaster and an
//! English one the same roaster in English.

use crate::store::setting;
use rusqlite::Connection;

/// The demo's language. English is the default: the tests and the
/// benchmarks name the English lists.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Language {
    #[default]
    En,
    Ru,
}

/// A text of the demo in each language, English first.
pub(crate) type Said = [&'static str; 2];

/// Where the seed leaves the language, for what the service writes later
/// (the replies that come to campaigns sent after the seed).
const SETTING: &str = "demo_language";

impl Language {
    /// `en` or `ru` (a tag such as `ru-RU` reads as its language).
    pub fn parse(text: &str) -> Option<Language> {
        match text.trim().to_lowercase().split(['-', '_']).next() {
            Some("en") => Some(Language::En),
            Some("ru") => Some(Language::Ru),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ru => "ru",
        }
    }

    /// The text in this language.
    pub(crate) fn say(self, said: Said) -> &'static str {
        said[self as usize]
    }

    /// The language the store's demo was seeded in; English for a store
    /// that is no demo.
    pub(crate) fn of_store(conn: &Connection) -> Language {
        setting(conn, SETTING).ok().flatten().and_then(|code| Language::parse(&code)).unwrap_or_default()
    }

    pub(crate) fn keep_in(self, conn: &Connection) -> rusqlite::Result<()> {
        crate::store::set_setting(conn, SETTING, self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_read_from_its_code_or_a_tag_and_nothing_else() {
        assert_eq!(Language::parse("ru"), Some(Language::Ru));
        assert_eq!(Language::parse("ru_RU"), Some(Language::Ru));
        assert_eq!(Language::parse("EN-gb"), Some(Language::En));
        assert_eq!(Language::parse("de"), None);
        assert_eq!(Language::Ru.say(["Newsletter", "Новости"]), "Новости");
    }
}
