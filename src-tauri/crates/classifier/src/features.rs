//! Features: bucket indices with their values.

/// Features are hashed into this many buckets (a power of two).
pub const BUCKETS: usize = 1 << 14;

/// An example as the model sees it: bucket indices and their values.
pub type Features = Vec<(u32, f32)>;

/// The bucket of `gram` in the feature space `space`.
pub fn hash(space: u8, gram: &str) -> u32 {
    // FNV-1a: the same buckets on every platform and in every build.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ u64::from(space);
    for b in gram.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h % BUCKETS as u64) as u32
}

/// The features of one text in `space`: the character n-grams of each of
/// its words for every length in `char_grams`, and, with `words`, its words
/// and word pairs (in spaces `space + 100` and `space + 200`). However long
/// the text, its features weigh the same together (their values' squares
/// sum to one); an empty text has a feature of its own.
pub fn text(out: &mut Features, space: u8, text: &str, char_grams: &[usize], words: bool) {
    let mut grams: Vec<u32> = Vec::new();
    let mut gram = String::new();
    for word in text.split_whitespace() {
        let padded: Vec<char> = format!(" {word} ").chars().collect();
        for &n in char_grams {
            for window in padded.windows(n) {
                gram.clear();
                gram.extend(window);
                grams.push(hash(space, &gram));
            }
        }
    }
    if words {
        let tokens: Vec<&str> =
            text.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|t| !t.is_empty()).collect();
        for t in &tokens {
            grams.push(hash(space + 100, t));
        }
        for pair in tokens.windows(2) {
            grams.push(hash(space + 200, &format!("{} {}", pair[0], pair[1])));
        }
    }
    grams.sort_unstable();
    grams.dedup();
    if grams.is_empty() {
        grams.push(hash(space, "(empty)"));
    }
    let value = 1.0 / (grams.len() as f32).sqrt();
    out.extend(grams.into_iter().map(|g| (g, value)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_weighs_the_same_however_long() {
        for words in ["ok", "thank you for the letter, we will read it on Monday"] {
            let mut out = Features::new();
            text(&mut out, 1, words, &[3, 4], true);
            let sum: f32 = out.iter().map(|(_, v)| v * v).sum();
            assert!((sum - 1.0).abs() < 1e-4, "{words}: {sum}");
        }
    }

    #[test]
    fn the_same_gram_in_another_space_is_another_feature() {
        assert_eq!(hash(1, "abc"), hash(1, "abc"));
        assert_ne!(hash(1, "abc"), hash(2, "abc"));
        assert!(hash(7, "любой") < BUCKETS as u32);
    }

    #[test]
    fn an_empty_text_has_a_feature_of_its_own() {
        let mut out = Features::new();
        text(&mut out, 3, "  ", &[3], true);
        assert_eq!(out, vec![(hash(3, "(empty)"), 1.0)]);
    }
}
