//! Names from outside (an attachment's file name, a campaign's name in an
//! export's file name) made safe to show and to offer in a save dialog: the
//! one door such a name passes before it reaches a file system.

/// Longest name offered, in UTF-8 bytes: under the 255 bytes most file
/// systems allow, with room for a suffix the OS adds ("name (2).pdf").
const MAX_BYTES: usize = 200;
/// An extension longer than this is no extension kept whole when cutting.
const MAX_EXTENSION_BYTES: usize = 16;
/// What a name that cleans to nothing is called.
const FALLBACK: &str = "file";
/// Characters Windows refuses in a name; `/` and `\` are also separators.
const REFUSED: [char; 9] = ['<', '>', ':', '"', '/', '\\', '|', '?', '*'];
/// Names Windows keeps for devices, whatever extension follows them.
const RESERVED: [&str; 4] = ["CON", "PRN", "AUX", "NUL"];

/// `name` as a file name that is safe on every desktop system: its last
/// path part only, without control or reordering characters (so
/// `evil\u{202E}fdp.exe` cannot read as `evilexe.pdf`), without characters
/// Windows refuses, not a device name, not hidden (a leading dot), without trailing dots or
/// spaces, at most [`MAX_BYTES`] long with its extension kept, never empty.
pub fn safe_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let printable = printable::printable(last);
    let replaced: String = printable.chars().map(|c| if REFUSED.contains(&c) { '_' } else { c }).collect();
    // Windows drops trailing dots and spaces; a leading dot hides a file on
    // Unix, so such a name is an extension and gets a name before it.
    let trimmed = replaced.trim().trim_end_matches(['.', ' ']);
    let named = match trimmed.trim_start_matches('.') {
        "" => FALLBACK.to_string(),
        rest if rest.len() < trimmed.len() => format!("{FALLBACK}.{rest}"),
        _ => trimmed.to_string(),
    };
    let capped = capped(&named);
    if reserved_on_windows(&capped) {
        format!("_{capped}")
    } else {
        capped
    }
}

/// `CON`, `con.txt`, `LPT1 .log`: a device on Windows, not a file.
fn reserved_on_windows(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or_default().trim_end().to_ascii_uppercase();
    let numbered = |prefix: &str| {
        stem.strip_prefix(prefix)
            .is_some_and(|n| matches!(n, "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "¹" | "²" | "³"))
    };
    RESERVED.contains(&stem.as_str()) || numbered("COM") || numbered("LPT")
}

/// At most [`MAX_BYTES`], cut on a character boundary, keeping a short
/// extension whole so the file still opens with the right program.
fn capped(name: &str) -> String {
    if name.len() <= MAX_BYTES {
        return name.to_string();
    }
    let extension = name.rsplit_once('.').map(|(_, e)| e).filter(|e| e.len() <= MAX_EXTENSION_BYTES);
    let room = MAX_BYTES - extension.map_or(0, |e| e.len() + 1);
    let mut cut = room;
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    let stem = name[..cut].trim_end_matches(['.', ' ']);
    match extension {
        Some(extension) => format!("{stem}.{extension}"),
        None => stem.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_part_of_a_path_is_kept() {
        assert_eq!(safe_file_name("../../etc/passwd"), "passwd");
        assert_eq!(safe_file_name("..\\..\\Windows\\system.ini"), "system.ini");
        assert_eq!(safe_file_name("C:\\Users\\a\\report.pdf"), "report.pdf");
        assert_eq!(safe_file_name("dir/"), FALLBACK);
    }

    #[test]
    fn control_and_reordering_characters_are_dropped() {
        assert_eq!(safe_file_name("..\\..\\evil\u{202E}fdp.exe"), "evilfdp.exe");
        assert_eq!(safe_file_name("in\u{0}voice\u{7}\n.pdf"), "invoice.pdf");
        for mark in ['\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{2066}', '\u{2069}'] {
            assert_eq!(safe_file_name(&format!("a{mark}b.txt")), "ab.txt", "{:?}", mark);
        }
    }

    #[test]
    fn characters_windows_refuses_are_replaced() {
        assert_eq!(safe_file_name("Q1: sales <final>?*|\".csv"), "Q1_ sales _final_____.csv");
    }

    #[test]
    fn device_names_are_not_offered_with_any_extension() {
        for name in ["CON", "con.txt", "Prn.csv", "aux", "NUL.tar.gz", "COM1.pdf", "lpt9", "COM¹.txt", "LPT1 .log"] {
            assert_eq!(safe_file_name(name), format!("_{name}"), "{name}");
        }
        for name in ["CONSOLE.txt", "COM10.pdf", "LPT0", "nullable.csv", "auxiliary"] {
            assert_eq!(safe_file_name(name), name, "{name}");
        }
    }

    #[test]
    fn trailing_dots_and_spaces_go_and_nothing_is_hidden() {
        assert_eq!(safe_file_name("report.pdf. . "), "report.pdf");
        assert_eq!(safe_file_name("  notes.txt  "), "notes.txt");
        assert_eq!(safe_file_name(".bashrc"), "file.bashrc");
        assert_eq!(safe_file_name("..profile"), "file.profile");
        assert_eq!(safe_file_name("..."), FALLBACK);
    }

    #[test]
    fn a_name_is_never_empty() {
        for name in ["", "   ", "..", "\u{202E}", "/", "\\\\", "\u{0}\u{1}"] {
            assert_eq!(safe_file_name(name), FALLBACK, "{name:?}");
        }
        assert_eq!(safe_file_name(" .csv"), "file.csv", "an export of a nameless campaign keeps its extension");
    }

    #[test]
    fn long_names_are_cut_on_a_character_and_keep_their_extension() {
        let long = format!("{}.xlsx", "Весенняя распродажа ".repeat(30));
        let safe = safe_file_name(&long);
        assert!(safe.len() <= MAX_BYTES, "{}", safe.len());
        assert!(safe.ends_with(".xlsx") && safe.starts_with("Весенняя"), "{safe}");
        assert!(!safe.trim_end_matches(".xlsx").ends_with(' '));
        let no_extension = "ж".repeat(300);
        assert_eq!(safe_file_name(&no_extension), "ж".repeat(MAX_BYTES / 2));
    }

    #[test]
    fn ordinary_names_pass_as_they_are() {
        for name in ["Весенняя распродажа.csv", "photo 2024-05-01.jpeg", "Отчёт (итог).xlsx", "a.b.c"]
        {
            assert_eq!(safe_file_name(name), name);
        }
    }
}
