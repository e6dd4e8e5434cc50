//! Personalisation tags (`%NAME%`) in a letter, and which of them the chosen
//! lists do not define.

use super::context::ListChoice;

/// The substitution the service replaces with the unsubscribe address.
pub const UNSUBSCRIBE_TAG: &str = "%ОТПИСАТЬСЯ%";

/// Tags every message may use: the recipient's address and the unsubscribe link.
pub const BUILT_IN_TAGS: [&str; 2] = ["%EMAIL%", UNSUBSCRIBE_TAG];

/// The `%TAG%`s of the texts that are neither built in nor defined by every
/// chosen list (a subscriber of a list without the field gets an empty
/// value), in the order they first appear.
pub(super) fn unknown_tags(texts: &[&str], lists: &[&ListChoice]) -> Vec<String> {
    let defined = |tag: &str| {
        BUILT_IN_TAGS.iter().any(|b| b.eq_ignore_ascii_case(tag))
            || (!lists.is_empty()
                && lists.iter().all(|l| l.tags.iter().any(|t| t.tag.to_uppercase() == tag.to_uppercase())))
    };
    let mut unknown: Vec<String> = Vec::new();
    for text in texts {
        for tag in tags_in(text) {
            if !defined(tag) && !unknown.iter().any(|u| u == tag) {
                unknown.push(tag.to_string());
            }
        }
    }
    unknown
}

/// Every `%WORD%` of a text: letters, digits and `_` between two `%`.
fn tags_in(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || loop {
        let start = rest.find('%')?;
        let after = &rest[start + 1..];
        let end = after.find('%')?;
        let word = &after[..end];
        if !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_') {
            let tag = &rest[start..start + end + 2];
            rest = &after[end + 1..];
            return Some(tag);
        }
        rest = after;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_words_between_percent_signs_and_a_discount_is_not_one() {
        let found: Vec<&str> = tags_in("Скидка 50% для вас, %NAME%! До 20% на %ГОРОД_1%; %%, % x %").collect();
        assert_eq!(found, ["%NAME%", "%ГОРОД_1%"]);
    }
}
