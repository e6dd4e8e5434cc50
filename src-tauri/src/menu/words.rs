//! The menus' words, in the languages the app speaks. The page's words are
//! in its own files; these are the shell's, shown before any page is.

use desk::host::Language;

pub struct Words {
    pub file: &'static str,
    pub quit: &'static str,
    pub edit: &'static str,
    pub undo: &'static str,
    pub redo: &'static str,
    pub cut: &'static str,
    pub copy: &'static str,
    pub paste: &'static str,
    pub select_all: &'static str,
    pub view: &'static str,
    pub zoom_in: &'static str,
    pub zoom_out: &'static str,
    pub actual_size: &'static str,
    pub full_screen: &'static str,
    pub window: &'static str,
    pub minimize: &'static str,
    pub maximize: &'static str,
    pub help: &'static str,
    pub log_folder: &'static str,
    pub diagnostics: &'static str,
    pub check_for_updates: &'static str,
    pub about: &'static str,
    pub services: &'static str,
    pub hide: &'static str,
    pub hide_others: &'static str,
    pub show_all: &'static str,
}

const EN: Words = Words {
    file: "&File",
    quit: "&Quit",
    edit: "&Edit",
    undo: "&Undo",
    redo: "&Redo",
    cut: "Cu&t",
    copy: "&Copy",
    paste: "&Paste",
    select_all: "Select &All",
    view: "&View",
    zoom_in: "Zoom &In",
    zoom_out: "Zoom &Out",
    actual_size: "&Actual Size",
    full_screen: "&Full Screen",
    window: "&Window",
    minimize: "&Minimize",
    maximize: "Ma&ximize",
    help: "&Help",
    log_folder: "Open &Log Folder",
    diagnostics: "Copy &Diagnostics",
    check_for_updates: "Check for &Updates…",
    about: "&About Campaign Desk",
    services: "Services",
    hide: "Hide Campaign Desk",
    hide_others: "Hide Others",
    show_all: "Show All",
};

const RU: Words = Words {
    file: "&Файл",
    quit: "&Выйти",
    edit: "&Правка",
    undo: "&Отменить",
    redo: "&Повторить",
    cut: "&Вырезать",
    copy: "&Копировать",
    paste: "В&ставить",
    select_all: "Выделить &всё",
    view: "&Вид",
    zoom_in: "&Увеличить",
    zoom_out: "У&меньшить",
    actual_size: "&Обычный размер",
    full_screen: "&Во весь экран",
    window: "&Окно",
    minimize: "&Свернуть",
    maximize: "&Развернуть",
    help: "&Справка",
    log_folder: "Открыть папку &журналов",
    diagnostics: "Скопировать &диагностику",
    check_for_updates: "Проверить о&бновления…",
    about: "&О программе Campaign Desk",
    services: "Службы",
    hide: "Скрыть Campaign Desk",
    hide_others: "Скрыть остальные",
    show_all: "Показать все",
};

pub fn of(language: Language) -> &'static Words {
    match language {
        Language::Ru => &RU,
        Language::En => &EN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(w: &Words) -> [&'static str; 26] {
        [
            w.file,
            w.quit,
            w.edit,
            w.undo,
            w.redo,
            w.cut,
            w.copy,
            w.paste,
            w.select_all,
            w.view,
            w.zoom_in,
            w.zoom_out,
            w.actual_size,
            w.full_screen,
            w.window,
            w.minimize,
            w.maximize,
            w.help,
            w.log_folder,
            w.diagnostics,
            w.check_for_updates,
            w.about,
            w.services,
            w.hide,
            w.hide_others,
            w.show_all,
        ]
    }

    #[test]
    fn every_word_is_said_in_both_languages_and_russian_is_russian() {
        for (en, ru) in all(of(Language::En)).iter().zip(all(of(Language::Ru))) {
            assert!(!en.is_empty() && !ru.is_empty());
            assert_ne!(*en, ru, "“{en}” is not translated");
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))), "{ru}");
        }
    }

    /// One mnemonic (`&x`) per item at most, so Alt+letter picks one thing.
    #[test]
    fn no_item_has_two_mnemonics() {
        for language in [Language::En, Language::Ru] {
            for word in all(of(language)) {
                assert!(word.matches('&').count() <= 1, "{word}");
            }
        }
    }
}
