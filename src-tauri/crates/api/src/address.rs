//! Which service addresses the client will talk to.

use crate::error::{Error, Result};
use std::net::IpAddr;
use url::Url;

/// The v2 base address and the legacy address beside it.
#[derive(Debug, Clone)]
pub struct ServiceAddress {
    pub v2: Url,
    pub legacy: Url,
}

impl ServiceAddress {
    /// Parses a v2 base address such as `https://api.example.com/v2`. A
    /// missing `/v2` is added. HTTPS is required, except on loopback, where the
    /// local sandbox listens.
    pub fn parse(base_url: &str) -> Result<Self> {
        let trimmed = base_url.trim().trim_end_matches('/');
        let mut v2 = Url::parse(trimmed)
            .map_err(|e| Error::InvalidAddress(format!("\"{trimmed}\" is not a web address ({e})")))?;
        match v2.scheme() {
            "https" => {}
            "http" if is_loopback(&v2) => {}
            "http" => {
                return Err(Error::InvalidAddress(format!(
                    "\"{trimmed}\" uses plain http; the service must be reached over https"
                )))
            }
            other => return Err(Error::InvalidAddress(format!("\"{trimmed}\" uses {other}:, not https:"))),
        }
        if v2.host_str().is_none() {
            return Err(Error::InvalidAddress(format!("\"{trimmed}\" has no host")));
        }
        if !v2.path().ends_with("/v2") {
            let path = format!("{}/v2", v2.path().trim_end_matches('/'));
            v2.set_path(&path);
        }
        let mut legacy = v2.clone();
        let root = v2.path().trim_end_matches("/v2").to_string();
        legacy.set_path(if root.is_empty() { "/" } else { &root });
        Ok(ServiceAddress { v2, legacy })
    }

    /// The v2 address of a path made of segments; each segment is
    /// percent-encoded whole, so `a+b@x` travels as `a%2Bb%40x`.
    pub fn v2_url<S: AsRef<str>>(&self, segments: &[S]) -> Url {
        let mut url = self.v2.clone();
        let mut path = url.path().trim_end_matches('/').to_string();
        for segment in segments {
            path.push('/');
            path.extend(percent_encoding::utf8_percent_encode(segment.as_ref(), SEGMENT));
        }
        url.set_path(&path);
        url
    }
}

const SEGMENT: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_is_required_except_on_loopback() {
        assert!(ServiceAddress::parse("https://api.example.com/v2").is_ok());
        assert!(ServiceAddress::parse("http://127.0.0.1:8080/v2").is_ok());
        assert!(ServiceAddress::parse("http://[::1]:8080").is_ok());
        assert!(ServiceAddress::parse("http://localhost:1/v2").is_ok());
        let err = ServiceAddress::parse("http://api.example.com/v2").unwrap_err();
        assert!(err.to_string().contains("https"), "{err}");
        assert!(ServiceAddress::parse("ftp://api.example.com").is_err());
        assert!(ServiceAddress::parse("not a url").is_err());
    }

    #[test]
    fn v2_is_added_and_legacy_sits_beside_it() {
        let a = ServiceAddress::parse("https://api.example.com/").unwrap();
        assert_eq!(a.v2.as_str(), "https://api.example.com/v2");
        assert_eq!(a.legacy.as_str(), "https://api.example.com/");
        let b = ServiceAddress::parse("https://h.example/mail/v2/").unwrap();
        assert_eq!(b.v2.as_str(), "https://h.example/mail/v2");
        assert_eq!(b.legacy.as_str(), "https://h.example/mail");
    }

    #[test]
    fn path_segments_are_encoded_whole() {
        let a = ServiceAddress::parse("https://api.example.com/v2").unwrap();
        let url = a.v2_url(&["lists", "3", "members", "a+b@x.com"]);
        assert_eq!(url.as_str(), "https://api.example.com/v2/lists/3/members/a%2Bb%40x.com");
    }
}
