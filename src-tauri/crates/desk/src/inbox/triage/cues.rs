//! What a reply talks about, in the languages the service's customers and
//! their mail systems write: being away and until when, who to write to
//! instead, a message received and when it will be answered, an address no
//! longer read, a check before delivery, a wish to leave the list, spam and
//! the law. None decides (people write all of them too); each is a feature
//! the model weighs beside the n-grams, so a phrasing the corpus never
//! held still counts for the idea it shares with one it did.

/// The cues, as `cues.txt` names them: (name, stems).
fn table() -> &'static [(&'static str, Vec<&'static str>)] {
    static TABLE: std::sync::OnceLock<Vec<(&'static str, Vec<&'static str>)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        include_str!("cues.txt")
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .filter_map(|line| line.split_once(": "))
            .map(|(name, stems)| (name, stems.split(" | ").collect()))
            .collect()
    })
}

/// Digits read as one: dates, ticket numbers and codes differ in every message.
pub(crate) fn shape(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_digit() { '0' } else { c }).collect()
}

/// The cues a text shows.
pub(crate) fn cues(text: &str) -> Vec<&'static str> {
    let text = shape(text);
    table().iter().filter(|(_, stems)| stems.iter().any(|s| text.contains(s))).map(|(name, _)| *name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_of_the_file_is_read_with_its_stems() {
        let names: Vec<&str> = table().iter().map(|(name, _)| *name).collect();
        assert_eq!(names.len(), 23, "{names:?}");
        assert!(table()
            .iter()
            .all(|(_, stems)| stems.len() >= 3 && stems.iter().all(|s| !s.is_empty() && *s == s.to_lowercase())));
        assert_eq!(cues("Я в отпуске до 14 марта, по срочным вопросам пишите Анне"), ["away", "until", "instead"]);
        assert!(cues("Please take me off your list").contains(&"leave the list"));
    }
}
