//! One log record per request: method, where it went, the answer's status
//! (and the service's code when it refused), and how long it took. Only the
//! address's path is written: the query (where the legacy interface may
//! carry `api_key`, and a search its words) and the headers (the bearer
//! key) never are, and a path segment holding a subscriber's address is
//! written as `{email}`.

use crate::error::{Error, Result};
use std::future::Future;
use std::time::Instant;

/// The path of `url` as a log may show it.
pub fn shown_path(url: &url::Url) -> String {
    let shown: Vec<&str> =
        url.path()
            .split('/')
            .map(|segment| {
                if segment.contains('@') || segment.to_ascii_lowercase().contains("%40") {
                    "{email}"
                } else {
                    segment
                }
            })
            .collect();
    shown.join("/")
}

/// What a failure was, in words that carry nothing of the request: the
/// transport's own text can hold the whole address, query and all.
fn kind(err: &Error) -> &'static str {
    match err {
        Error::Service(_) => "refused",
        Error::Unreachable(_) => "unreachable",
        Error::Timeout => "timed out",
        Error::Decode(_) => "unreadable answer",
        Error::OutcomeUnknown(_) => "answer lost after sending",
        Error::InvalidAddress(_) => "address refused",
        Error::InvalidRequest(_) => "invalid request",
        Error::EndlessPaging { .. } => "endless paging",
    }
}

/// Runs one attempt of a request and logs how it ended. `what` is the
/// method and the shown path (for the legacy interface, its method name).
pub(crate) async fn logged<T>(
    what: &str,
    status: impl FnOnce(&T) -> u16,
    attempt: impl Future<Output = Result<T>>,
) -> Result<T> {
    let started = Instant::now();
    let result = attempt.await;
    let ms = started.elapsed().as_millis();
    match &result {
        Ok(answer) => log::info!(target: "api", "{what} {} in {ms} ms", status(answer)),
        Err(Error::Service(e)) => {
            log::warn!(target: "api", "{what} {} code {} in {ms} ms", e.status, e.code)
        }
        Err(e) => log::warn!(target: "api", "{what} {} after {ms} ms", kind(e)),
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_path_is_shown_and_addresses_in_it_are_hidden() {
        let url = url::Url::parse(
            "https://api.example/v2/lists/7/members/ann%40shop.example?api_key=canary-1&email=bob@shop.example",
        )
        .unwrap();
        assert_eq!(shown_path(&url), "/v2/lists/7/members/{email}");
        let raw = url::Url::parse("https://api.example/v2/lists/7/members/ann@shop.example/move").unwrap();
        assert_eq!(shown_path(&raw), "/v2/lists/7/members/{email}/move");
        let legacy = url::Url::parse("https://api.example/?method=lists.get&api_key=canary-2").unwrap();
        assert_eq!(shown_path(&legacy), "/");
    }
}
