//! Which service addresses the client will talk to.

use crate::error::{AddressProblem, Error, Result};
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
    /// local sandbox listens. Addresses carrying a user name, a password, a
    /// query or a fragment are refused: the key is the only credential, and it
    /// must not ride along in a URL.
    pub fn parse(base_url: &str) -> Result<Self> {
        let refuse = |problem| Err(Error::InvalidAddress(problem));
        let trimmed = base_url.trim().trim_end_matches('/');
        let Ok(mut v2) = Url::parse(trimmed) else {
            return refuse(AddressProblem::NotAnAddress);
        };
        match v2.scheme() {
            "https" => {}
            "http" if is_loopback(&v2) => {}
            "http" => return refuse(AddressProblem::PlainHttp),
            _ => return refuse(AddressProblem::NotHttps),
        }
        if v2.host_str().is_none_or(str::is_empty) {
            return refuse(AddressProblem::NoHost);
        }
        if !v2.username().is_empty() || v2.password().is_some() {
            return refuse(AddressProblem::UserInfo);
        }
        if v2.query().is_some() {
            return refuse(AddressProblem::Query);
        }
        if v2.fragment().is_some() {
            return refuse(AddressProblem::Fragment);
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

    /// The host (and port) the key belongs to: a key given for one host is
    /// never sent to another.
    pub fn origin(&self) -> String {
        self.v2.origin().ascii_serialization()
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

    /// The service is on this computer (the sandbox).
    pub fn is_loopback(&self) -> bool {
        is_loopback(&self.v2)
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

    fn problem(url: &str) -> Option<AddressProblem> {
        match ServiceAddress::parse(url) {
            Err(Error::InvalidAddress(p)) => Some(p),
            _ => None,
        }
    }

    #[test]
    fn https_is_required_except_on_loopback() {
        assert!(ServiceAddress::parse("https://api.example.com/v2").is_ok());
        assert!(ServiceAddress::parse("http://127.0.0.1:8080/v2").is_ok());
        assert!(ServiceAddress::parse("http://[::1]:8080").is_ok());
        assert!(ServiceAddress::parse("http://localhost:1/v2").is_ok());
        assert_eq!(problem("http://api.example.com/v2"), Some(AddressProblem::PlainHttp));
        assert_eq!(problem("ftp://api.example.com"), Some(AddressProblem::NotHttps));
        assert_eq!(problem("not a url"), Some(AddressProblem::NotAnAddress));
    }

    #[test]
    fn credentials_queries_and_fragments_are_refused() {
        assert_eq!(problem("https://user:pw@api.example.com/v2"), Some(AddressProblem::UserInfo));
        assert_eq!(problem("https://user@api.example.com/v2"), Some(AddressProblem::UserInfo));
        assert_eq!(problem("https://api.example.com/v2?key=1"), Some(AddressProblem::Query));
        assert_eq!(problem("https://api.example.com/v2#top"), Some(AddressProblem::Fragment));
    }

    #[test]
    fn the_origin_names_scheme_host_and_port() {
        assert_eq!(ServiceAddress::parse("https://api.example.com/v2").unwrap().origin(), "https://api.example.com");
        assert_eq!(ServiceAddress::parse("http://127.0.0.1:4010").unwrap().origin(), "http://127.0.0.1:4010");
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
