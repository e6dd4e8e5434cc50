//! Signatures of the webhook requests inbound routes send:
//! `X-Signature: sha256=<hex HMAC-SHA256 of the body with the route's key>`.

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const HEADER: &str = "X-Signature";

pub fn sign(key: &str, body: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(body.as_bytes());
    let digest = mac.finalize().into_bytes();
    format!("sha256={}", digest.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_rfc_4231_vector() {
        let key = "\u{0b}".repeat(20);
        assert_eq!(sign(&key, "Hi There"), "sha256=b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    }
}
