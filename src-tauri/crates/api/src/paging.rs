//! Paging: the one walk every paged read goes through, over v2's
//! `start`/`limit` (the service answers `meta.has_more` and no total) and the
//! legacy interface's `offset`/`limit` (a full page means more may follow).
//!
//! What the service says is not trusted to end a walk: a service that
//! ignores where a page starts, or says more follow forever, would keep a
//! caller reading until it runs out of memory. So a walk ends on an empty
//! page, and fails with [`Error::EndlessPaging`] on a page that repeats the
//! one before it and at a ceiling: either way what was read is not the
//! whole collection, and a caller must not take it for one.
//!
//! Requests cost a round trip to a service that may be far away, and count
//! against its per-minute limit, so a walk asks for nothing it can know is
//! not there: a page with fewer records than its limit is the last one
//! (whatever `has_more` says), and pages are read ahead side by side only
//! as full pages show there is more: one page first, then two, then four,
//! up to what the caller allows.

use crate::error::{Error, Result};
use crate::transport::Client;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::collections::VecDeque;
use std::hash::Hasher;
use std::marker::PhantomData;

pub const DEFAULT_PAGE_SIZE: u64 = 100;

/// Records one walk reads at most. The service's largest lists hold a few
/// million subscribers and a campaign has a few events per recipient, so an
/// honest collection ends well before this; a service still saying "more"
/// here is not believed, and the walk fails rather than read on for ever.
pub const MOST_RECORDS: u64 = 10_000_000;

/// One page of records and where it sits.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub start: u64,
    pub limit: u64,
    pub has_more: bool,
}

/// Where the pages come from.
#[derive(Debug, Clone)]
enum Source {
    V2 {
        path: Vec<String>,
        query: Vec<(&'static str, String)>,
    },
    /// A legacy method paged by `offset` and `limit`, read only.
    Legacy {
        method: &'static str,
        params: Map<String, Value>,
    },
}

/// A page as it came, before its records are decoded.
struct Raw {
    start: u64,
    /// The most records it could hold: the limit asked for, or less when
    /// the service says it applied less (v2's `meta.limit`).
    limit: u64,
    items: Value,
    has_more: bool,
}

impl std::fmt::Debug for Raw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "page at {}", self.start)
    }
}

/// Walks a collection page by page.
#[derive(Debug)]
pub struct Pager<T> {
    client: Client,
    source: Source,
    start: u64,
    limit: u64,
    ahead: u64,
    /// Pages the next read asks for: one at first, twice as many after each read.
    batch: u64,
    most: u64,
    /// Positions walked past since the first page.
    walked: u64,
    /// Pages read ahead and not yet taken, and the failure that stopped the reading ahead.
    fetched: VecDeque<Raw>,
    failed: Option<Error>,
    /// The last page's fingerprint, to know a page that comes again.
    last: Option<u64>,
    finished: bool,
    record: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Pager<T> {
    pub(crate) fn new(client: &Client, path: Vec<String>, query: Vec<(&'static str, String)>) -> Self {
        Self::over(client, Source::V2 { path, query })
    }

    /// A read-only legacy method answering an array, paged by `offset`.
    pub(crate) fn legacy(client: &Client, method: &'static str, params: Map<String, Value>) -> Self {
        Self::over(client, Source::Legacy { method, params })
    }

    fn over(client: &Client, source: Source) -> Self {
        Pager {
            client: client.clone(),
            source,
            start: 0,
            limit: DEFAULT_PAGE_SIZE,
            ahead: 1,
            batch: 1,
            most: MOST_RECORDS,
            walked: 0,
            fetched: VecDeque::new(),
            failed: None,
            last: None,
            finished: false,
            record: PhantomData,
        }
    }

    pub fn starting_at(mut self, start: u64) -> Self {
        self.start = start;
        self
    }

    pub fn page_size(mut self, limit: u64) -> Self {
        self.limit = limit.max(1);
        self
    }

    /// Asks for up to `pages` pages side by side (a long read goes faster
    /// when the service is far away): one first, and twice as many at each
    /// read after, so a short collection costs no page past its end. They
    /// are still taken, and checked, in order.
    pub fn reading_ahead(mut self, pages: u64) -> Self {
        self.ahead = pages.max(1);
        self
    }

    /// A lower ceiling than [`MOST_RECORDS`], for a walk known to be short.
    pub fn at_most(mut self, records: u64) -> Self {
        self.most = records.min(MOST_RECORDS);
        self
    }

    /// The next page, or `None` once the walk is over: the service said
    /// there is no more. An empty page, and one with fewer records than its
    /// limit, is the last one whatever the service said. On a page that
    /// came again (the service ignored where it starts) and past the
    /// ceiling, the walk fails with [`Error::EndlessPaging`].
    pub async fn next_page(&mut self) -> Result<Option<Page<T>>> {
        if self.finished {
            return Ok(None);
        }
        if self.fetched.is_empty() {
            if let Some(err) = self.failed.take() {
                return Err(err);
            }
            if self.walked >= self.most {
                self.finished = true;
                return Err(Error::EndlessPaging { read: self.walked });
            }
            self.read_ahead().await;
        }
        let Some(raw) = self.fetched.pop_front() else {
            self.finished = true;
            return Err(self.failed.take().unwrap_or(Error::EndlessPaging { read: self.walked }));
        };
        let rows = match &raw.items {
            Value::Null => 0,
            Value::Array(rows) => rows.len() as u64,
            // Not a list: decoding it below says so.
            _ => raw.limit,
        };
        if rows == 0 {
            return Ok(Some(self.last_page(raw.start, Vec::new())));
        }
        let print = fingerprint(&raw.items);
        if self.last == Some(print) {
            self.finish();
            return Err(Error::EndlessPaging { read: self.walked });
        }
        self.last = Some(print);
        if raw.limit < self.limit {
            self.fit_to(raw.limit, raw.start + rows);
        }
        self.walked += self.limit;
        let items: Vec<T> = serde_json::from_value(raw.items).map_err(|e| Error::Decode(e.to_string()))?;
        if !raw.has_more || rows < raw.limit {
            return Ok(Some(self.last_page(raw.start, items)));
        }
        Ok(Some(Page { items, start: raw.start, limit: self.limit, has_more: true }))
    }

    /// The service pages by `limit`, less than asked for: the pages read
    /// ahead started where pages of the asked size would have, so they are
    /// dropped and the walk goes on from `next` in pages of its size.
    fn fit_to(&mut self, limit: u64, next: u64) {
        self.limit = limit.max(1);
        self.start = next;
        self.fetched.clear();
        self.failed = None;
    }

    fn last_page(&mut self, start: u64, items: Vec<T>) -> Page<T> {
        self.finish();
        Page { items, start, limit: self.limit, has_more: false }
    }

    fn finish(&mut self) {
        self.finished = true;
        self.fetched.clear();
        self.failed = None;
    }

    /// Reads the next pages side by side, up to the ceiling; keeps those
    /// before the first failure, and the failure for after them. The first
    /// read asks for one page: most collections fit in it.
    async fn read_ahead(&mut self) {
        let left = (self.most - self.walked).div_ceil(self.limit);
        let ahead = self.batch.min(self.ahead);
        self.batch = self.batch.saturating_mul(2);
        let starts: Vec<u64> = (0..ahead.min(left).max(1)).map(|n| self.start + n * self.limit).collect();
        self.start += starts.len() as u64 * self.limit;
        let pages = futures_util::future::join_all(starts.iter().map(|start| self.fetch(*start))).await;
        for page in pages {
            match page {
                Ok(raw) => self.fetched.push_back(raw),
                Err(err) => {
                    self.failed = Some(err);
                    break;
                }
            }
        }
    }

    async fn fetch(&self, start: u64) -> Result<Raw> {
        match &self.source {
            Source::V2 { path, query } => {
                let mut query = query.clone();
                query.push(("start", start.to_string()));
                query.push(("limit", self.limit.to_string()));
                let reply = self.client.get(path, &query).await?;
                // A service that applied a smaller limit than asked says so;
                // one that claims a larger one still sent at most ours.
                let limit = reply.meta.limit.filter(|applied| *applied > 0).map_or(self.limit, |l| l.min(self.limit));
                Ok(Raw { start, limit, has_more: reply.meta.has_more, items: reply.data })
            }
            Source::Legacy { method, params } => {
                let mut params = params.clone();
                params.insert("offset".into(), start.into());
                params.insert("limit".into(), self.limit.into());
                let items = self.client.legacy(method, params, true).await?;
                let has_more = items.as_array().is_some_and(|rows| rows.len() as u64 >= self.limit);
                Ok(Raw { start, limit: self.limit, has_more, items })
            }
        }
    }

    /// Every remaining record; for collections known to be small.
    pub async fn collect_all(mut self) -> Result<Vec<T>> {
        let mut all = Vec::new();
        while let Some(page) = self.next_page().await? {
            all.extend(page.items);
        }
        Ok(all)
    }
}

/// A page's records reduced to a number: the same records, the same number.
fn fingerprint(items: &Value) -> u64 {
    struct Fingerprint(std::collections::hash_map::DefaultHasher);
    impl std::io::Write for Fingerprint {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.write(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut print = Fingerprint(Default::default());
    let _ = serde_json::to_writer(&mut print, items);
    print.0.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::ApiKey;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// How the fake service pages a collection of `records` numbers.
    #[derive(Clone, Copy)]
    struct Paging {
        records: u64,
        /// The most it answers per page, whatever is asked.
        most: u64,
        /// Says more follow on every page.
        more_forever: bool,
    }

    /// A service on loopback answering `GET /v2/numbers` page by page, and
    /// the number of requests it has answered.
    async fn service(paging: Paging) -> (Client, Arc<AtomicUsize>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let served = Arc::new(AtomicUsize::new(0));
        let counter = served.clone();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let counter = counter.clone();
                tokio::spawn(async move {
                    let mut head = Vec::new();
                    let mut byte = [0u8; 1];
                    while !head.ends_with(b"\r\n\r\n") && socket.read(&mut byte).await.unwrap_or(0) == 1 {
                        head.push(byte[0]);
                    }
                    counter.fetch_add(1, Ordering::SeqCst);
                    let line = String::from_utf8_lossy(&head).lines().next().unwrap_or_default().to_string();
                    let query = |key: &str| -> u64 {
                        line.split(['?', '&', ' '])
                            .find_map(|pair| pair.strip_prefix(&format!("{key}=")))
                            .and_then(|n| n.parse().ok())
                            .unwrap_or(0)
                    };
                    let (start, limit) = (query("start"), query("limit").min(paging.most));
                    let end = (start + limit).min(paging.records);
                    let rows: Vec<u64> = (start.min(end)..end).collect();
                    let body = serde_json::json!({
                        "response": {"msg": {"err_code": 0, "text": "OK", "type": "message"}, "data": rows},
                        "meta": {"has_more": paging.more_forever || end < paging.records, "limit": limit},
                    })
                    .to_string();
                    let answer = format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = socket.write_all(answer.as_bytes()).await;
                });
            }
        });
        (Client::new(&base, ApiKey::new("paging-key")).unwrap(), served)
    }

    /// Every number of the collection read in pages of `size`, `ahead` at
    /// a time, and the requests that took.
    async fn walk(paging: Paging, size: u64, ahead: u64) -> (Vec<u64>, usize) {
        let (client, served) = service(paging).await;
        let pager: Pager<u64> =
            Pager::new(&client, vec!["numbers".into()], vec![]).page_size(size).reading_ahead(ahead);
        let read = pager.collect_all().await.unwrap();
        (read, served.load(Ordering::SeqCst))
    }

    const HONEST: Paging = Paging { records: 0, most: 1000, more_forever: false };

    #[tokio::test]
    async fn a_collection_that_fits_one_page_costs_one_request_even_read_ahead() {
        let (read, requests) = walk(Paging { records: 30, ..HONEST }, 1000, 4).await;
        assert_eq!(read.len(), 30);
        assert_eq!(requests, 1, "no pages asked for beside the first before it showed there is more");
        let (read, requests) = walk(Paging { records: 100, ..HONEST }, 100, 4).await;
        assert_eq!((read.len(), requests), (100, 1), "a full page the service says is the last");
    }

    #[tokio::test]
    async fn a_short_page_ends_the_walk_whatever_the_service_says() {
        let (read, requests) = walk(Paging { records: 23, more_forever: true, ..HONEST }, 10, 1).await;
        assert_eq!(read, (0..23).collect::<Vec<_>>());
        assert_eq!(requests, 3, "10, 10, then 3 of 10: the empty page after it is not asked for");
    }

    #[tokio::test]
    async fn pages_are_read_ahead_more_at_a_time_as_they_come_full() {
        let (read, requests) = walk(Paging { records: 250, ..HONEST }, 100, 4).await;
        assert_eq!(read, (0..250).collect::<Vec<_>>());
        assert_eq!(requests, 1 + 2, "the first page, then two side by side");
        let (read, requests) = walk(Paging { records: 1000, ..HONEST }, 100, 4).await;
        assert_eq!(read.len(), 1000);
        assert_eq!(requests, 1 + 2 + 4 + 4, "then four, and no more than four at once");
    }

    #[tokio::test]
    async fn a_service_that_pages_by_less_than_asked_is_read_in_its_pages_and_none_skipped() {
        let (read, requests) = walk(Paging { records: 120, most: 50, ..HONEST }, 100, 1).await;
        assert_eq!(read, (0..120).collect::<Vec<_>>(), "every record, in order");
        assert_eq!(requests, 3, "50, 50, then 20 of 50");
    }
}
