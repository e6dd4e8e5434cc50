//! The one list of characters a reader never sees but that change what they
//! see, for everything that shows or stores text from outside: a chart's
//! labels, a link's address, a file's name, a notification. Control
//! characters (which also make an SVG invalid XML, so it cannot be saved as
//! PNG), the marks that reorder text (with which `https://gpj.exe` can be
//! made to read as something else, or `evil\u{202E}fdp.exe` as
//! `evilexe.pdf`), and the invisible ones that join, split or hide text
//! (zero-width spaces, the soft hyphen, the byte-order mark).

/// Whether a reader never sees `c` though it changes what they see.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            // The soft hyphen, the Arabic letter mark, the Mongolian vowel separator.
            '\u{AD}' | '\u{61C}' | '\u{180E}'
            // Zero-width space, non-joiner and joiner; left-to-right and right-to-left marks.
            | '\u{200B}'..='\u{200F}'
            // The line and paragraph separators, then embeddings and overrides.
            | '\u{2028}'..='\u{202E}'
            // Word joiner, invisible operators, isolates, deprecated format characters.
            | '\u{2060}'..='\u{206F}'
            // The byte-order mark as a zero-width no-break space.
            | '\u{FEFF}')
}

/// `text` without the characters [`is_hidden`] names, as it is shown.
pub fn printable(text: &str) -> String {
    text.chars().filter(|c| !is_hidden(*c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_reorders_joins_or_hides_text_is_hidden() {
        let hidden = [
            '\u{0}', '\u{7}', '\t', '\n', '\u{7F}', '\u{85}', '\u{AD}', '\u{61C}', '\u{180E}', '\u{200B}', '\u{200D}',
            '\u{200E}', '\u{200F}', '\u{2028}', '\u{2029}', '\u{202A}', '\u{202E}', '\u{2060}', '\u{2066}', '\u{2069}',
            '\u{FEFF}',
        ];
        for c in hidden {
            assert!(is_hidden(c), "U+{:04X} is shown", c as u32);
        }
    }

    #[test]
    fn letters_spaces_and_signs_of_every_script_are_shown() {
        for c in "Aa zЯё%ОТПИСАТЬСЯ% €№«»—…\u{A0}\u{2009}😀日本".chars() {
            assert!(!is_hidden(c), "U+{:04X} is hidden", c as u32);
        }
        assert_eq!(printable("Re: Sale\u{202E}gnp.exe\u{7}"), "Re: Salegnp.exe");
        assert_eq!(printable("Ска\u{AD}чать\u{200B}"), "Скачать");
    }
}
