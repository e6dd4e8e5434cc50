//! One address of a file to import, judged on this computer: whether it is
//! an address at all (the syntax by `email_address`, the domain through
//! IDNA, so `ivan@пример.рф` is one), whether its domain looks like a typo
//! of a big mailbox provider's (with the fix), and whether it names a role
//! rather than a person.

use email_address::{EmailAddress, Options};
use std::collections::HashMap;

/// What an address is, as far as this computer can tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Missing,
    Invalid,
    /// Valid, but the domain looks like a slip of the fingers: the address
    /// with the domain meant.
    Typo(String),
    /// A mailbox of a role (`info@`, `noreply@`): may reach nobody, or many.
    Role,
    Fine,
}

/// The big mailbox providers a typo is measured against, as they are spelt.
const PROVIDERS: &[&str] = &[
    "gmail.com",
    "mail.ru",
    "yandex.ru",
    "rambler.ru",
    "list.ru",
    "inbox.ru",
    "outlook.com",
    "hotmail.com",
    "yahoo.com",
    "icloud.com",
    "yandex.com",
];

/// Real domains that sit a letter from a provider's: never typos.
const REAL: &[&str] = &[
    "mail.com",
    "gmail.com",
    "googlemail.com",
    "mail.ru",
    "bk.ru",
    "inbox.ru",
    "list.ru",
    "internet.ru",
    "ya.ru",
    "yandex.ru",
    "yandex.com",
    "yandex.by",
    "yandex.kz",
    "yandex.ua",
    "rambler.ru",
    "ro.ru",
    "live.ru",
    "live.com",
    "outlook.com",
    "outlook.de",
    "hotmail.com",
    "hotmail.de",
    "hotmail.fr",
    "yahoo.com",
    "yahoo.de",
    "yahoo.fr",
    "icloud.com",
    "me.com",
    "mac.com",
    "mail.ee",
    "mail.kz",
    "mail.ua",
    "email.com",
    "gmx.com",
    "gmx.de",
    "gmx.net",
    "aol.com",
    "msn.com",
    "ukr.net",
    "tut.by",
];

/// Local parts that name a role, not a person (before any `+tag`).
const ROLES: &[&str] = &[
    "abuse",
    "admin",
    "administrator",
    "billing",
    "contact",
    "contacts",
    "help",
    "hostmaster",
    "info",
    "mail",
    "marketing",
    "no-reply",
    "no_reply",
    "noreply",
    "do-not-reply",
    "donotreply",
    "office",
    "postmaster",
    "root",
    "sales",
    "security",
    "support",
    "webmaster",
];

/// Judges addresses, remembering each domain's verdict: a file names few
/// domains many times.
#[derive(Default)]
pub struct Judge {
    domains: HashMap<String, DomainVerdict>,
}

#[derive(Clone)]
enum DomainVerdict {
    Invalid,
    Typo(&'static str),
    Fine,
}

impl Judge {
    pub fn judge(&mut self, address: &str) -> Verdict {
        let address = address.trim();
        if address.is_empty() {
            return Verdict::Missing;
        }
        let Some((local, domain)) = address.rsplit_once('@') else { return Verdict::Invalid };
        let options = Options::default().without_display_text().without_domain_literal();
        if EmailAddress::parse_with_options(address, options).is_err() {
            return Verdict::Invalid;
        }
        let verdict = match self.domains.get(domain) {
            Some(verdict) => verdict.clone(),
            None => {
                let verdict = domain_verdict(domain);
                self.domains.insert(domain.to_string(), verdict.clone());
                verdict
            }
        };
        match verdict {
            DomainVerdict::Invalid => Verdict::Invalid,
            DomainVerdict::Typo(meant) => Verdict::Typo(format!("{local}@{meant}")),
            DomainVerdict::Fine if is_role(local) => Verdict::Role,
            DomainVerdict::Fine => Verdict::Fine,
        }
    }
}

/// Whether a domain can receive mail as written: through IDNA to ASCII,
/// dotted, each label of letters, digits and inner hyphens, ending in a
/// top-level domain of letters (or an IDNA one).
fn deliverable(domain: &str) -> bool {
    let Ok(ascii) = idna::domain_to_ascii_strict(domain) else { return false };
    let labels: Vec<&str> = ascii.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    let tld = labels.last().copied().unwrap_or_default();
    labels.len() >= 2
        && labels.iter().all(label_ok)
        && (tld.starts_with("xn--") || (tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic())))
}

fn domain_verdict(domain: &str) -> DomainVerdict {
    if !deliverable(domain) {
        return DomainVerdict::Invalid;
    }
    match meant(&domain.to_lowercase()) {
        Some(meant) => DomainVerdict::Typo(meant),
        None => DomainVerdict::Fine,
    }
}

/// The provider's domain a domain was likely meant to be: one letter
/// added, dropped, changed or two swapped (`gmial.com`, `mail.ry`,
/// `yandex.ri`), or Gmail under another top-level domain (`gmail.ru`);
/// never a real domain (`mail.com`, `ya.ru`, `live.ru`).
fn meant(domain: &str) -> Option<&'static str> {
    if REAL.contains(&domain) {
        return None;
    }
    if domain.strip_prefix("gmail.").is_some_and(|tld| !tld.contains('.')) {
        return Some("gmail.com");
    }
    PROVIDERS.iter().copied().find(|provider| strsim::damerau_levenshtein(domain, provider) == 1)
}

fn is_role(local: &str) -> bool {
    let name = local.split('+').next().unwrap_or(local).to_lowercase();
    ROLES.contains(&name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(address: &str) -> Verdict {
        Judge::default().judge(address)
    }

    #[test]
    fn addresses_with_idna_domains_and_tags_are_addresses() {
        for address in ["ivan@пример.рф", "a+b@x.ru", "Anna.Petrova@Mail.RU", " ivan@example.com ", "o'neil@example.ie"]
        {
            assert_eq!(judge(address), Verdict::Fine, "{address}");
        }
    }

    #[test]
    fn what_cannot_receive_mail_is_invalid() {
        for address in [
            "ivan",
            "ivan@",
            "@example.com",
            "ivan@localhost",
            "ivan@example",
            "ivan@@example.com",
            "ivan@exa mple.com",
        ] {
            assert_eq!(judge(address), Verdict::Invalid, "{address}");
        }
        assert_eq!(judge("  "), Verdict::Missing);
        assert_eq!(judge("ivan@-example.com"), Verdict::Invalid);
        assert_eq!(judge("ivan@example.c0m"), Verdict::Invalid, "a top-level domain is letters");
    }

    #[test]
    fn typos_of_big_providers_are_found_with_the_domain_meant() {
        let typo = |a: &str, meant: &str| assert_eq!(judge(a), Verdict::Typo(meant.into()), "{a}");
        typo("ivan@gmial.com", "ivan@gmail.com");
        typo("ivan@mail.ry", "ivan@mail.ru");
        typo("ivan@yandex.ri", "ivan@yandex.ru");
        typo("ivan@gmail.ru", "ivan@gmail.com");
        typo("ivan@yandx.ru", "ivan@yandex.ru");
        typo("ivan@hotmial.com", "ivan@hotmail.com");
    }

    #[test]
    fn real_domains_beside_a_provider_s_are_not_typos() {
        for address in ["ivan@mail.com", "ivan@ya.ru", "ivan@live.ru", "ivan@bk.ru", "ivan@yandex.com", "ivan@gmx.de"] {
            assert_eq!(judge(address), Verdict::Fine, "{address}");
        }
    }

    #[test]
    fn role_mailboxes_are_warned_of_whatever_their_tag() {
        for address in ["info@coffee.ru", "NoReply@coffee.ru", "no-reply@coffee.ru", "support+shop@coffee.ru"] {
            assert_eq!(judge(address), Verdict::Role, "{address}");
        }
        assert_eq!(judge("information@coffee.ru"), Verdict::Fine);
    }
}
