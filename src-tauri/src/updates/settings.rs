//! The update feed's two build settings, checked: `build.rs` includes this
//! file (a build script's own tests never run), and the app's tests test it.
//! A release build takes both or neither; the feed only over https (its
//! answer names the version and the package, and only the package is
//! signed); the key as `tauri signer generate` prints it.

use base64::Engine;

/// The feed's address.
pub const FEED: &str = "CAMPAIGN_DESK_UPDATE_FEED";
/// The base64 of the minisign public key file.
pub const PUBKEY: &str = "CAMPAIGN_DESK_UPDATE_PUBKEY";

/// What is wrong with the settings, if anything: both or neither set, an
/// https feed, a public key.
pub fn problem(feed: Option<&str>, pubkey: Option<&str>) -> Option<String> {
    match (given(feed), given(pubkey)) {
        (None, None) => None,
        (Some(feed), Some(pubkey)) => feed_problem(feed).or_else(|| pubkey_problem(pubkey)),
        _ => Some(format!(
            "set both {FEED} and {PUBKEY}, or neither (a build without them leaves updates to the package manager)"
        )),
    }
}

/// A setting set to something but spaces, trimmed.
fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// The feed's address must be https, with a host, and nothing that could
/// make it read as another address (spaces, control characters, a user).
fn feed_problem(feed: &str) -> Option<String> {
    let refuse = |why: &str| Some(format!("{FEED} ({feed:?}) {why}"));
    let Some(rest) = feed.get(..8).filter(|s| s.eq_ignore_ascii_case("https://")).map(|_| &feed[8..]) else {
        return refuse("is not an https address: the feed's answer is not signed, only the package is");
    };
    if feed.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return refuse("has spaces or control characters");
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        return refuse("carries a user or password");
    }
    if authority.is_empty() || authority.starts_with(':') {
        return refuse("has no host");
    }
    None
}

/// The key as `tauri signer generate` prints it: the base64 of a minisign
/// public key file, whose second line is the base64 of "Ed", an 8-byte key
/// id and the 32-byte Ed25519 key.
fn pubkey_problem(pubkey: &str) -> Option<String> {
    const KEY_LENGTH: usize = 2 + 8 + 32;
    let refuse = |why: &str| Some(format!("{PUBKEY} is not the public key `tauri signer generate` prints: {why}"));
    let base64 = base64::engine::general_purpose::STANDARD;
    let Ok(file) = base64.decode(pubkey) else { return refuse("not base64") };
    let Ok(file) = String::from_utf8(file) else { return refuse("its file is not text") };
    let mut lines = file.lines();
    let comment = lines.next().unwrap_or_default();
    if comment.contains("secret key") {
        return refuse("this is the private key; it belongs in the signing step's secret, never in the app");
    }
    if !comment.starts_with("untrusted comment:") {
        return refuse("its file does not start with minisign's comment line");
    }
    match lines.next().map(|line| base64.decode(line.trim())) {
        Some(Ok(key)) if key.len() == KEY_LENGTH && key.starts_with(b"Ed") => None,
        _ => refuse("its key line is not an Ed25519 minisign key"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A public key `tauri signer generate` printed (for the tests only).
    const KEY: &str = "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXk6IEE1QzE5MkI0NTcyNThBMjQKUldRa2lpVlh0SkxCcFk5dCtKd0VmenhNVzMwanVPSnRDTHZTRnNHR1ZaOWhhVytLalh0bmkxeksK";
    const FEED_URL: &str = "https://updates.example/{{target}}/{{arch}}/latest.json";

    fn base64(text: &str) -> String {
        base64::engine::general_purpose::STANDARD.encode(text)
    }

    #[test]
    fn the_publishers_committed_key_is_one() {
        let committed = include_str!("../../packaging/updater-key.pub");
        assert_eq!(problem(Some(FEED_URL), Some(committed)), None);
    }

    #[test]
    fn both_or_neither_is_set() {
        assert_eq!(problem(None, None), None);
        assert_eq!(problem(Some(" "), Some("")), None);
        assert_eq!(problem(Some(FEED_URL), Some(KEY)), None);
        assert_eq!(problem(Some(&format!(" {FEED_URL}\n")), Some(&format!("{KEY}\n"))), None);
        assert!(problem(Some(FEED_URL), None).unwrap().contains("set both"));
        assert!(problem(None, Some(KEY)).unwrap().contains("set both"));
    }

    #[test]
    fn the_feed_is_https_with_a_host_and_nothing_else() {
        for feed in ["HTTPS://updates.example/latest.json", "https://updates.example:8443/latest.json?v=1"] {
            assert_eq!(problem(Some(feed), Some(KEY)), None, "{feed}");
        }
        let refused = [
            ("http://updates.example/latest.json", "not an https address"),
            ("ftp://updates.example/latest.json", "not an https address"),
            ("updates.example/latest.json", "not an https address"),
            ("https:/updates.example/latest.json", "not an https address"),
            ("https://", "no host"),
            ("https:///latest.json", "no host"),
            ("https://:443/latest.json", "no host"),
            ("https://user:secret@updates.example/latest.json", "a user or password"),
            ("https://updates.example/late st.json", "spaces"),
            ("https://updates.example/\u{0}latest.json", "control characters"),
        ];
        for (feed, why) in refused {
            let said = problem(Some(feed), Some(KEY)).unwrap_or_default();
            assert!(said.starts_with(FEED) && said.contains(why), "{feed}: {said}");
        }
    }

    #[test]
    fn the_key_is_a_minisign_public_key_in_base64() {
        let line = "RWQkiiVXtJLBpY9t+JwEfzxMW30juOJtCLvSFsGGVZ9haW+KjXtni1zK";
        let refused = [
            ("not base64 at all!".to_string(), "not base64"),
            // The key line alone, not the file.
            (line.to_string(), "not text"),
            (base64(&format!("minisign public key\n{line}\n")), "comment line"),
            (base64("untrusted comment: minisign public key\n"), "not an Ed25519"),
            (base64("untrusted comment: minisign public key\nRWQkiiVXtJLBpY9t\n"), "not an Ed25519"),
            (base64(&format!("untrusted comment: minisign public key\n{}\n", &line[1..])), "not an Ed25519"),
            (base64("untrusted comment: rsign encrypted secret key\nRWRTY0Iy\n"), "private key"),
        ];
        for (key, why) in refused {
            let said = problem(Some(FEED_URL), Some(&key)).unwrap_or_default();
            assert!(said.starts_with(PUBKEY) && said.contains(why), "{key}: {said}");
        }
    }
}
