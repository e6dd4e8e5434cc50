//! A host name as a person reads it, and whether it could pass for another,
//! by Unicode's rules for identifiers (UTS #39) rather than a list of
//! letters: a label that mixes scripts beyond what one writing system does
//! (Cyrillic among Latin: `раураl.com`), uses characters no identifier
//! should, or is written wholly in another script yet reads as a Latin name
//! (`аррӏе.com`). A name written in one script (`пример.рф`, `почта.рус`)
//! is shown in its own letters; a lookalike in its `xn--` form, which
//! shows what it is.

use unicode_security::{skeleton, MixedScript, RestrictionLevel, RestrictionLevelDetection};

pub(super) struct Domain {
    /// The name to show: in Unicode, or as `xn--` when it is a lookalike.
    pub shown: String,
    pub lookalike: bool,
}

/// Reads a host given as the address has it (`xn--` or Unicode).
pub(super) fn read(host: &str) -> Domain {
    let Ok(ascii) = idna::domain_to_ascii(host) else {
        return Domain { shown: host.to_string(), lookalike: !host.is_ascii() };
    };
    let (unicode, decoded) = idna::domain_to_unicode(&ascii);
    if decoded.is_err() {
        let lookalike = ascii.split('.').any(|label| label.starts_with("xn--"));
        return Domain { shown: ascii, lookalike };
    }
    // A name may end in the root's dot (`аррӏе.com.`): the top-level domain is the label before it.
    let name = unicode.trim_end_matches('.');
    let top = name.rsplit('.').next().unwrap_or_default();
    if name.split('.').any(|label| passes_for_another(label, top)) {
        Domain { shown: ascii, lookalike: true }
    } else {
        Domain { shown: unicode, lookalike: false }
    }
}

fn passes_for_another(label: &str, top: &str) -> bool {
    if label.is_ascii() {
        return false;
    }
    // Hyphens join words in any script; UTS #39's identifier profile leaves them out.
    let letters: String = label.chars().filter(|c| *c != '-').collect();
    // The level browsers hold domain names to: Latin with one other script, not Cyrillic or Greek.
    if letters.as_str().detect_restriction_level() > RestrictionLevel::ModeratelyRestrictive {
        return true;
    }
    // Wholly another script, yet its skeleton is a Latin name: `аррӏе` is `apple`.
    // Under a top-level domain of that same script (`.рф`) it is read as written.
    let reads_as_latin = skeleton(label).all(|c| c.is_ascii_alphanumeric() || c == '-');
    reads_as_latin && !same_script(label, top)
}

/// Whether `label` is written in the script of the top-level domain `top`.
/// Digits and signs belong to every script (an empty name too), so a
/// top-level domain of nothing else has no script for a label to share.
fn same_script(label: &str, top: &str) -> bool {
    let top = top.resolve_script_set();
    if top.is_all() {
        return false;
    }
    let mut scripts = label.resolve_script_set();
    scripts.intersect_with(top);
    !scripts.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(host: &str) -> (String, bool) {
        let domain = read(host);
        (domain.shown, domain.lookalike)
    }

    #[test]
    fn a_name_in_one_script_is_shown_in_its_letters() {
        assert_eq!(shown("xn--e1afmkfd.xn--p1ai"), ("пример.рф".into(), false));
        assert_eq!(shown("xn--80a1acny.xn--p1acf"), ("почта.рус".into(), false));
        assert_eq!(shown("пример.рф"), ("пример.рф".into(), false));
        assert_eq!(shown("магазин-цветов.рф"), ("магазин-цветов.рф".into(), false));
        assert_eq!(shown("xn--80ak6aa92e.xn--p1ai"), ("аррӏе.рф".into(), false), "a Russian name under .рф");
        assert_eq!(shown("bücher.de"), ("bücher.de".into(), false));
        assert_eq!(shown("東京.jp"), ("東京.jp".into(), false));
        assert_eq!(shown("shop.example"), ("shop.example".into(), false));
        assert_eq!(shown("пример.рф."), ("пример.рф.".into(), false), "the root's dot changes nothing");
    }

    #[test]
    fn mixed_scripts_and_latin_lookalikes_are_flagged_in_their_ascii_form() {
        for host in [
            "раураl.com",
            "аррӏе.com",
            "аpple.com",
            "gооgle.com",
            "xn--80ak6aa92e.com",
            "аррӏе.com.",
            "раураl.com.",
            "аррӏе.123",
        ] {
            let (name, lookalike) = shown(host);
            assert!(lookalike, "{host} is a lookalike");
            assert!(name.is_ascii() && name.contains("xn--"), "{host} shown as {name}");
        }
    }
}
