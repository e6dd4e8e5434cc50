use serde_json::Value;

/// Which of the service's two interfaces answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interface {
    V2,
    Legacy,
}

/// A refusal by the service: its HTTP status, its numeric code, its message
/// and whatever details it sent. Both interfaces decode into this shape; the
/// legacy one always answers HTTP 200, so `status` is 200 there.
#[derive(Debug, Clone, PartialEq)]
pub struct ServiceError {
    pub interface: Interface,
    pub status: u16,
    pub code: i64,
    pub message: String,
    pub details: Value,
}

impl ServiceError {
    /// Seconds the service asked us to wait before trying again (429), at
    /// most [`LONGEST_RETRY_AFTER`].
    pub fn retry_after(&self) -> Option<u64> {
        let seconds = match self.details.get("retry_after")? {
            Value::Number(n) => n.as_u64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        seconds.map(plausible_wait)
    }

    /// Whether the service asked to slow down: HTTP 429 on v2, code 58 on
    /// either interface (the legacy one answers it with HTTP 200).
    pub fn is_throttled(&self) -> bool {
        self.status == 429 || self.code == THROTTLED
    }

    /// For a throttled request, the seconds to wait: what the service said,
    /// else the minute its public clients show.
    pub fn throttled_for(&self) -> Option<u64> {
        self.is_throttled().then(|| self.retry_after().unwrap_or(DEFAULT_RETRY_AFTER))
    }
}

/// The service's code for "too many requests".
pub const THROTTLED: i64 = 58;

/// The wait a throttled answer that names none is taken to ask for: the
/// minute the service's public clients show.
pub const DEFAULT_RETRY_AFTER: u64 = 60;

/// The longest wait a service's answer is taken to ask for: a service that
/// asks for more (up to `u64::MAX` seconds, more than any clock can add) is
/// read as asking for a day, which is what the user is told.
pub const LONGEST_RETRY_AFTER: u64 = 24 * 60 * 60;

/// A wait the service asked for, in seconds, within [`LONGEST_RETRY_AFTER`].
pub(crate) fn plausible_wait(seconds: u64) -> u64 {
    seconds.min(LONGEST_RETRY_AFTER)
}

/// Why an address is not one the client will talk to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressProblem {
    /// Not a web address at all.
    NotAnAddress,
    /// Plain `http:` to a host other than this computer.
    PlainHttp,
    /// Another scheme than `https:`.
    NotHttps,
    NoHost,
    /// `user:password@` in the address: credentials travel only as the key.
    UserInfo,
    /// `?…`: the service's address has no query.
    Query,
    /// `#…`.
    Fragment,
}

impl std::fmt::Display for AddressProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AddressProblem::NotAnAddress => "not a web address",
            AddressProblem::PlainHttp => "plain http outside this computer",
            AddressProblem::NotHttps => "not an https address",
            AddressProblem::NoHost => "no host",
            AddressProblem::UserInfo => "a user name or password in the address",
            AddressProblem::Query => "a query in the address",
            AddressProblem::Fragment => "a fragment in the address",
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("the service refused the request: {} (code {}, HTTP {})", .0.message, .0.code, .0.status)]
    Service(ServiceError),
    #[error("the service could not be reached: {0}")]
    Unreachable(String),
    #[error("the service did not answer in time")]
    Timeout,
    #[error("the service's answer could not be read: {0}")]
    Decode(String),
    /// A write was sent and the connection failed before its answer came:
    /// the service may have carried it out. Re-read before trying again.
    #[error("the connection failed after the change was sent, so it may have been applied: {0}")]
    OutcomeUnknown(String),
    #[error("the address is refused: {0}")]
    InvalidAddress(AddressProblem),
    #[error("{0}")]
    InvalidRequest(String),
    /// The service kept saying more records follow past the most a walk
    /// reads ([`crate::Pager::at_most`]), or answered the same page again:
    /// reading stopped after `read` records, short of the whole collection.
    #[error("the service kept offering more after {read} records; reading stopped")]
    EndlessPaging { read: u64 },
}

impl Error {
    /// The service's numeric code, when the service itself refused.
    pub fn code(&self) -> Option<i64> {
        match self {
            Error::Service(e) => Some(e.code),
            _ => None,
        }
    }

    /// When the service asked to slow down, the seconds it asked for (a
    /// minute when it did not say); a write comes back with this, never
    /// sent again by itself.
    pub fn throttled(&self) -> Option<u64> {
        match self {
            Error::Service(e) => e.throttled_for(),
            _ => None,
        }
    }

    /// The HTTP status, when the service answered with one.
    pub fn status(&self) -> Option<u16> {
        match self {
            Error::Service(e) => Some(e.status),
            _ => None,
        }
    }

    /// Worth another try for a request that changes nothing on the server:
    /// through either interface (the legacy one answers its own refusals
    /// with HTTP 200, so a 5xx there is the way to it failing, as on v2).
    pub(crate) fn is_transient(&self) -> bool {
        match self {
            Error::Unreachable(_) | Error::Timeout => true,
            Error::Service(e) => e.status >= 500,
            _ => false,
        }
    }

    /// For a write: a failure after the request left (anything but a refused
    /// connection) leaves its outcome unknown.
    pub(crate) fn after_write(self, sent: bool) -> Self {
        match self {
            Error::Unreachable(detail) if sent => Error::OutcomeUnknown(detail),
            Error::Timeout if sent => Error::OutcomeUnknown("the service did not answer in time".into()),
            other => other,
        }
    }

    pub(crate) fn from_transport(err: reqwest::Error) -> Self {
        // The address may carry personal data (an email in the path): drop it.
        let err = err.without_url();
        if err.is_timeout() {
            Error::Timeout
        } else if err.is_decode() {
            Error::Decode(err.to_string())
        } else {
            // Connection refused or reset, or cut before the whole answer came.
            let mut text = err.to_string();
            let mut source = std::error::Error::source(&err);
            while let Some(inner) = source {
                text = format!("{text}: {inner}");
                source = inner.source();
            }
            Error::Unreachable(text)
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;
